//! Test support for the data readers: a built-in file with one line changed, and where a
//! line stands, so that a refusal can be checked against the line it names.

/// The 1-based number of the first line of `text` starting with `prefix`.
pub fn line_of(text: &str, prefix: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(prefix))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line starts with {prefix:?}"))
}

/// `text` with its first line starting with `prefix` replaced by `with` (line numbers kept).
pub fn replaced(text: &str, prefix: &str, with: &str) -> String {
    let at = line_of(text, prefix) - 1;
    text.lines().enumerate().map(|(i, l)| if i == at { with } else { l }).collect::<Vec<_>>().join("\n")
}
