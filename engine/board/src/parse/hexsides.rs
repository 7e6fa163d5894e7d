//! The `[hexsides]` section: water barriers and borders along hexsides.

use super::hexes::HexReader;
use super::sections::Line;
use crate::map::SideRecord;
use crate::{Barrier, Hexside, MapError};
use std::collections::BTreeMap;

/// Reads `kind [name]: AAAA/BBBB ...` lines. A hexside carries at most one water kind and at
/// most one border; water kinds need land on both sides (shores are implicit).
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<BTreeMap<Hexside, SideRecord>, MapError> {
    let mut sides: BTreeMap<Hexside, SideRecord> = BTreeMap::new();
    let mut first_listed: BTreeMap<(Hexside, bool), usize> = BTreeMap::new();
    for line in lines {
        let (label, list) =
            line.text.split_once(':').ok_or_else(|| line.error("expected `kind [name]: AAAA/BBBB ...` (no colon)"))?;
        let label = label.trim();
        let (kind, name) = label.split_once(char::is_whitespace).unwrap_or((label, ""));
        let name = name.trim();
        let barrier = match kind {
            "border" => None,
            word => Some(Barrier::from_word(word).ok_or_else(|| {
                line.error(format!("unknown hexside kind `{word}` (kinds: river canal lake wadi channel sea border)"))
            })?),
        };
        let list: Vec<&str> = list.split_whitespace().collect();
        if list.is_empty() {
            return Err(line.error(format!("no hexsides listed for `{label}`")));
        }
        for token in list {
            let side = read_side(line, token, hexes, barrier.is_some())?;
            let record = sides.entry(side).or_default();
            if let Some(previous) = first_listed.insert((side, barrier.is_some()), line.number) {
                return Err(line.error(match (record.barrier, barrier) {
                    (Some(old), Some(new)) if old != new => format!(
                        "hexside {side} is already a {} hexside (line {previous}); a hexside has one water kind",
                        old.word()
                    ),
                    (_, Some(new)) => {
                        format!("hexside {side} is listed twice as {} (first at line {previous})", new.word())
                    }
                    (_, None) => format!("hexside {side} is listed twice as a border (first at line {previous})"),
                }));
            }
            match barrier {
                Some(b) => {
                    record.barrier = Some(b);
                    record.name = (!name.is_empty()).then(|| name.to_string());
                }
                None => record.border = Some(name.to_string()),
            }
        }
    }
    Ok(sides)
}

/// `token` as a hexside between two adjacent hexes of the map; both land if `water`.
fn read_side(line: &Line, token: &str, hexes: &HexReader, water: bool) -> Result<Hexside, MapError> {
    let (a, b) = token.split_once('/').ok_or_else(|| line.error(format!("`{token}` is not a hexside AAAA/BBBB")))?;
    let what = format!("hexside {token}");
    let (a, b) = if water {
        (hexes.land(line, a, &what)?, hexes.land(line, b, &what)?)
    } else {
        (hexes.on_map(line, a, &what)?, hexes.on_map(line, b, &what)?)
    };
    Hexside::between(a, b).ok_or_else(|| line.error(format!("hexside {token}: {a} and {b} are not adjacent")))
}
