//! Splits a data file into its sections of meaningful lines (comments and blank lines gone):
//! the lexical layer of the hex and area map formats, public as [`crate::text`] for the other
//! data files of the rulesets (docs/DATA_FORMAT.md).

use crate::MapError;
use std::collections::BTreeMap;

/// The section names a map file may use.
pub(crate) const SECTION_NAMES: [&str; 9] =
    ["map", "terrain", "codes", "hexsides", "roads", "locales", "regions", "boxes", "sources"];

/// One meaningful line: its 1-based number and its text without comment or outer spaces.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
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
pub struct Section<'a> {
    pub header: usize,
    pub lines: Vec<Line<'a>>,
}

/// The sections of a file by name, and the number of the file's last line.
pub struct Sections<'a> {
    pub by_name: BTreeMap<&'a str, Section<'a>>,
    pub last_line: usize,
}

impl<'a> Sections<'a> {
    /// The section `name`, if the file has it.
    pub fn get(&self, name: &str) -> Option<&Section<'a>> {
        self.by_name.get(name)
    }

    /// The section `name`, or an error at the end of the file saying it is missing.
    pub fn required(&self, name: &str) -> Result<&Section<'a>, MapError> {
        self.get(name).ok_or_else(|| MapError::new(self.last_line, format!("the [{name}] section is missing")))
    }

    /// The lines of section `name` (none if the file lacks it).
    pub fn lines(&self, name: &str) -> &[Line<'a>] {
        self.get(name).map(|s| s.lines.as_slice()).unwrap_or(&[])
    }
}

/// Splits a hex map file into its sections ([`split_named`] with this format's names).
pub(crate) fn split(text: &str) -> Result<Sections<'_>, MapError> {
    split_named(text, &SECTION_NAMES)
}

/// Splits `text` into sections, refusing sections not in `names`, repeated sections and text
/// outside one. A leading byte-order mark is ignored. Shared by the hex and the area map
/// formats.
pub fn split_named<'a>(text: &'a str, names: &[&'static str]) -> Result<Sections<'a>, MapError> {
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
            let Some(name) = names.iter().copied().find(|n| *n == name) else {
                return Err(line.error(format!("unknown section [{name}] (sections: {})", names.join(" "))));
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
    Ok(Sections { by_name, last_line })
}

/// Splits `Label: rest` at the first colon, refusing an empty label.
pub fn labelled<'a>(line: &Line<'a>, what: &str) -> Result<(&'a str, &'a str), MapError> {
    let (label, rest) =
        line.text.split_once(':').ok_or_else(|| line.error(format!("expected `{what}: ...` (no colon)")))?;
    let label = label.trim();
    if label.is_empty() {
        return Err(line.error(format!("the {what} before the colon is empty")));
    }
    Ok((label, rest.trim()))
}
