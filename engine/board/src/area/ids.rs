//! Ids of nations, provinces, areas and sea zones: short stable tokens.

/// Whether `text` is a valid id: lower-case ASCII letters, digits and `-`, starting with a
/// letter, at most 40 characters.
pub(crate) fn is_id(text: &str) -> bool {
    text.len() <= 40
        && text.starts_with(|c: char| c.is_ascii_lowercase())
        && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Why `text` is not a valid id, for an error message about `what`.
pub(crate) fn id_problem(text: &str, what: &str) -> Option<String> {
    (!is_id(text)).then(|| {
        format!("{what} id `{text}` must be lower-case letters, digits or '-', start with a letter, at most 40 long")
    })
}

#[cfg(test)]
mod tests {
    use super::is_id;

    #[test]
    fn ids_are_lower_case_tokens() {
        assert!(is_id("paris"));
        assert!(is_id("st-petersburg"));
        assert!(is_id("a1"));
        assert!(!is_id(""));
        assert!(!is_id("1a"));
        assert!(!is_id("Paris"));
        assert!(!is_id("saint petersburg"));
        assert!(!is_id("-x"));
        assert!(!is_id(&"a".repeat(41)));
    }
}
