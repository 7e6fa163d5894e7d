//! The `[terrain]` section: one line per row, one code per column.

use super::header::Header;
use super::sections::Section;
use crate::{HexId, MapError, Terrain, WaterBody, WaterId};
use std::collections::BTreeMap;

/// Reads every row of the declared range exactly once, with one code per declared column.
pub(crate) fn parse(
    section: &Section,
    header: &Header,
    waters: &[WaterBody],
) -> Result<BTreeMap<HexId, Terrain>, MapError> {
    let (first_col, last_col) = header.cols;
    let (first_row, last_row) = header.rows;
    let width = (last_col - first_col) as usize + 1;
    let mut seen: BTreeMap<u8, usize> = BTreeMap::new();
    let mut terrain = BTreeMap::new();
    for line in &section.lines {
        let (row_text, codes) =
            line.text.split_once(':').ok_or_else(|| line.error("expected `RR: code code ...` (no colon)"))?;
        let row_text = row_text.trim();
        let row = match row_text.parse::<u8>() {
            Ok(r) if row_text.len() <= 2 && row_text.bytes().all(|b| b.is_ascii_digit()) => r,
            _ => return Err(line.error(format!("`{row_text}` is not a row number"))),
        };
        if row < first_row || row > last_row {
            return Err(line.error(format!("row {row:02} is outside rows {first_row:02}-{last_row:02}")));
        }
        if let Some(previous) = seen.insert(row, line.number) {
            return Err(line.error(format!("row {row:02} appears twice (first at line {previous})")));
        }
        let codes: Vec<&str> = codes.split_whitespace().collect();
        if codes.len() != width {
            return Err(line.error(format!(
                "row {row:02} has {} codes; columns {first_col:02}-{last_col:02} need {width}",
                codes.len()
            )));
        }
        for (offset, code) in codes.into_iter().enumerate() {
            let col = first_col + offset as u8;
            let hex = HexId::new(col, row).ok_or_else(|| line.error(format!("column {col} is off the grid")))?;
            if let Some(t) = cell(code, waters).map_err(|m| line.error(format!("hex {hex}: {m}")))? {
                terrain.insert(hex, t);
            }
        }
    }
    if let Some(missing) = (first_row..=last_row).find(|r| !seen.contains_key(r)) {
        return Err(MapError::new(section.header, format!("row {missing:02} is missing from [terrain]")));
    }
    Ok(terrain)
}

/// The terrain a code stands for; `None` for `.` (not on the map).
fn cell(code: &str, waters: &[WaterBody]) -> Result<Option<Terrain>, String> {
    let mut chars = code.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(format!("`{code}` is not a one-character terrain code"));
    };
    if c == '.' {
        return Ok(None);
    }
    if let Some(t) = Terrain::land_from_code(c) {
        return Ok(Some(t));
    }
    match waters.iter().position(|w| w.code == c) {
        Some(index) => Ok(Some(Terrain::Water(WaterId(index as u8)))),
        None => Err(format!("unknown terrain code `{c}` (land: c f s m h d; water codes come from [codes])")),
    }
}
