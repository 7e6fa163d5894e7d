//! The lexical rules shared by the data files: `#` comments, blank lines, `[section]` headers.

use super::DataError;

/// One meaningful line: its 1-based number and its text without comment or outer spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based line number in the file.
    pub number: usize,
    /// The text, comment removed and trimmed; never empty.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// The whitespace-separated words of the line.
    pub fn words(&self) -> Vec<&'a str> {
        self.text.split_whitespace().collect()
    }

    /// An error located on this line.
    pub fn error(&self, message: impl Into<String>) -> DataError {
        DataError::at(self.number, message)
    }
}

/// A `[name]` section and its lines, in file order.
#[derive(Clone, Debug)]
pub struct Section<'a> {
    /// The name between the brackets.
    pub name: &'a str,
    /// Line number of the header.
    pub header_line: usize,
    /// The lines after the header, up to the next header.
    pub lines: Vec<Line<'a>>,
}

/// Splits `text` into sections. Refuses content before the first header, malformed headers,
/// unknown section names (when `known` is not empty) and repeated sections. A leading
/// byte-order mark is ignored, as the map loader does.
pub fn sections<'a>(text: &'a str, known: &[&str]) -> Result<Vec<Section<'a>>, DataError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out: Vec<Section<'a>> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let without_comment = raw.split('#').next().unwrap_or("");
        let stripped = without_comment.trim();
        if stripped.is_empty() {
            continue;
        }
        let line = Line { number, text: stripped };
        if let Some(rest) = stripped.strip_prefix('[') {
            let Some(name) = rest.strip_suffix(']') else {
                return Err(line.error(format!("malformed section header `{stripped}`")));
            };
            let name = name.trim();
            if !known.is_empty() && !known.contains(&name) {
                return Err(line.error(format!("unknown section `[{name}]` (expected one of {})", known.join(", "))));
            }
            if out.iter().any(|s| s.name == name) {
                return Err(line.error(format!("section `[{name}]` appears twice")));
            }
            out.push(Section { name, header_line: number, lines: Vec::new() });
            continue;
        }
        match out.last_mut() {
            Some(section) => section.lines.push(line),
            None => return Err(line.error("content before the first `[section]` header")),
        }
    }
    Ok(out)
}

/// The section called `name`, or an error saying it is missing.
pub fn require<'s, 'a>(sections: &'s [Section<'a>], name: &str) -> Result<&'s Section<'a>, DataError> {
    sections.iter().find(|s| s.name == name).ok_or_else(|| DataError::whole(format!("missing section `[{name}]`")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped_and_numbers_kept() {
        let text = "# header\n\n[a]\nx 1   # note\n\n[b]\ny\n";
        let s = sections(text, &["a", "b"]).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].lines, vec![Line { number: 4, text: "x 1" }]);
        assert_eq!(s[1].lines[0].number, 7);
    }

    #[test]
    fn a_byte_order_mark_is_ignored() {
        let s = sections("\u{feff}# header\n[a]\nx\n", &["a"]).unwrap();
        assert_eq!(s[0].lines, vec![Line { number: 3, text: "x" }]);
    }

    #[test]
    fn repeated_unknown_and_orphan_lines_are_refused() {
        assert_eq!(sections("[a]\n[a]\n", &["a"]).unwrap_err().line, 2);
        assert_eq!(sections("\n[z]\n", &["a"]).unwrap_err().line, 2);
        assert_eq!(sections("x\n[a]\n", &["a"]).unwrap_err().line, 1);
        assert_eq!(sections("[a\n", &["a"]).unwrap_err().line, 1);
    }
}
