//! Splits an area map file into its sections of meaningful lines (comments and blank lines
//! gone).

use crate::MapError;
use std::collections::BTreeMap;

/// The section names an area map file may use, in the order the format describes them.
pub(crate) const SECTION_NAMES: [&str; 11] =
    ["map", "nations", "provinces", "areas", "cities", "seas", "coasts", "ports", "land", "sea-links", "outlines"];

/// The sections every area map file must have.
const REQUIRED: [&str; 6] = ["map", "nations", "provinces", "areas", "cities", "land"];

/// One meaningful line: its 1-based number and its text without comment or outer spaces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
}

impl Line<'_> {
    /// An error at this line.
    pub fn error(&self, message: impl Into<String>) -> MapError {
        MapError::new(self.number, message)
    }
}

/// A section: the line of its `[name]` header and its lines.
#[derive(Clone, Debug)]
pub(crate) struct Section<'a> {
    pub header: usize,
    pub lines: Vec<Line<'a>>,
}

/// The sections of a file by name, and the number of the file's last line.
pub(crate) struct Sections<'a> {
    by_name: BTreeMap<&'a str, Section<'a>>,
    pub last_line: usize,
}

impl<'a> Sections<'a> {
    /// The section `name`, if the file has it.
    pub fn section(&self, name: &str) -> Option<&Section<'a>> {
        self.by_name.get(name)
    }

    /// The lines of section `name` (none if the file lacks it).
    pub fn lines(&self, name: &str) -> &[Line<'a>] {
        self.by_name.get(name).map(|s| s.lines.as_slice()).unwrap_or(&[])
    }
}

/// Splits `text` into sections, refusing unknown or repeated sections, text outside a section
/// and a missing required section. A leading byte-order mark is ignored.
pub(crate) fn split(text: &str) -> Result<Sections<'_>, MapError> {
    let mut by_name: BTreeMap<&str, Section> = BTreeMap::new();
    let mut current: Option<&str> = None;
    let mut last_line = 1;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let line = Line { number, text: content };
        if let Some(rest) = content.strip_prefix('[') {
            let name = rest
                .strip_suffix(']')
                .map(str::trim)
                .ok_or_else(|| line.error(format!("`{content}` is not a section header [name]")))?;
            let Some(name) = SECTION_NAMES.iter().find(|n| **n == name) else {
                return Err(line.error(format!("unknown section [{name}] (sections: {})", SECTION_NAMES.join(" "))));
            };
            if let Some(first) = by_name.get(name) {
                return Err(line.error(format!("section [{name}] appears twice (first at line {})", first.header)));
            }
            by_name.insert(name, Section { header: number, lines: Vec::new() });
            current = Some(name);
            continue;
        }
        match current.and_then(|name| by_name.get_mut(name)) {
            Some(section) => section.lines.push(line),
            None => return Err(line.error("text before the first [section]")),
        }
    }
    if let Some(missing) = REQUIRED.iter().find(|name| !by_name.contains_key(*name)) {
        return Err(MapError::new(last_line, format!("the [{missing}] section is missing")));
    }
    Ok(Sections { by_name, last_line })
}
