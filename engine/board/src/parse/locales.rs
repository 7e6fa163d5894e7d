//! The `[locales]` section: towns, cities, ports, fortresses and ruins with their VP.

use super::hexes::HexReader;
use super::sections::Line;
use crate::{HexId, Locale, MapError};
use std::collections::BTreeMap;

/// Reads `hex kinds VP name` lines: a land hex, comma-separated kinds, a VP value 0-99, a name.
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<BTreeMap<HexId, Locale>, MapError> {
    let mut locales: BTreeMap<HexId, Locale> = BTreeMap::new();
    for line in lines {
        let mut rest = line.text;
        let mut next = |what: &str| -> Result<&str, MapError> {
            let trimmed = rest.trim_start();
            let end = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
            let (field, after) = trimmed.split_at(end);
            rest = after;
            if field.is_empty() {
                return Err(line.error(format!("expected `hex kinds VP name`: the {what} is missing")));
            }
            Ok(field)
        };
        let hex_text = next("hex")?;
        let kinds = next("kinds")?;
        let vp_text = next("VP")?;
        let name = rest.trim();
        if name.is_empty() {
            return Err(line.error("expected `hex kinds VP name`: the name is missing"));
        }
        let hex = hexes.land(line, hex_text, &format!("locale {name}"))?;
        if let Some(previous) = locales.get(&hex) {
            return Err(line.error(format!("hex {hex} already has locale {}", previous.name)));
        }
        let vp = match vp_text.parse::<u8>() {
            Ok(v) if v <= 99 && vp_text.bytes().all(|b| b.is_ascii_digit()) => v,
            _ => return Err(line.error(format!("locale {name}: VP `{vp_text}` is not a number 0-99"))),
        };
        let mut locale = Locale {
            hex,
            name: name.to_string(),
            vp,
            town: false,
            city: false,
            port: false,
            fortress: false,
            ruins: false,
        };
        for kind in kinds.split(',') {
            let flag = match kind {
                "town" => &mut locale.town,
                "city" => &mut locale.city,
                "port" => &mut locale.port,
                "fortress" => &mut locale.fortress,
                "ruins" => &mut locale.ruins,
                other => {
                    return Err(line.error(format!(
                        "locale {name}: unknown kind `{other}` (kinds: town city port fortress ruins)"
                    )))
                }
            };
            if *flag {
                return Err(line.error(format!("locale {name}: kind `{kind}` is given twice")));
            }
            *flag = true;
        }
        locales.insert(hex, locale);
    }
    Ok(locales)
}
