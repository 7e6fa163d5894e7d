//! Splits an area map file into its sections of meaningful lines (comments and blank lines
//! gone).

use crate::MapError;

/// The section names an area map file may use, in the order the format describes them.
pub(crate) const SECTION_NAMES: [&str; 11] =
    ["map", "nations", "provinces", "areas", "cities", "seas", "coasts", "ports", "land", "sea-links", "outlines"];

/// The sections every area map file must have.
const REQUIRED: [&str; 6] = ["map", "nations", "provinces", "areas", "cities", "land"];

pub(crate) use crate::parse::sections::{Line, Section, Sections};

/// Splits `text` into sections (the hex format's splitter with this format's names), refusing
/// as well a missing required section.
pub(crate) fn split(text: &str) -> Result<Sections<'_>, MapError> {
    let sections = crate::parse::sections::split_named(text, &SECTION_NAMES)?;
    if let Some(missing) = REQUIRED.iter().find(|name| sections.get(name).is_none()) {
        return Err(MapError::new(sections.last_line, format!("the [{missing}] section is missing")));
    }
    Ok(sections)
}
