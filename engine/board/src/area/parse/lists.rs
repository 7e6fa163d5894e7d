//! Sections of `label: item item ...` lines ([coasts], [land], [sea-links], [outlines]).

use super::sections::Line;
use super::words::labelled;
use crate::MapError;
use std::collections::BTreeMap;

/// One `label: items` line.
pub(crate) struct ListLine<'a> {
    pub line: Line<'a>,
    pub label: &'a str,
    pub items: Vec<&'a str>,
}

/// Reads `label: items` lines, refusing a label given on two lines. `what` names the label
/// ("area", "sea zone") in errors. Items may be empty.
pub(crate) fn read<'a>(lines: &[Line<'a>], what: &str) -> Result<Vec<ListLine<'a>>, MapError> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    let mut read = Vec::with_capacity(lines.len());
    for line in lines {
        let (label, rest) = labelled(line, what)?;
        if let Some(first) = seen.insert(label, line.number) {
            return Err(line.error(format!("{what} {label} has a second line in this section (first at line {first})")));
        }
        read.push(ListLine { line: *line, label, items: rest.split_whitespace().collect() });
    }
    Ok(read)
}
