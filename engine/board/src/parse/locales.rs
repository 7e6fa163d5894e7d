//! The `[locales]` section: towns, cities, ports, fortresses and ruins with their VP.

use super::hexes::HexReader;
use super::sections::Line;
use crate::{HexId, Locale, MapError};
use std::collections::BTreeMap;

/// Reads `hex kinds VP name` lines: a land hex holding no other locale, comma-separated kinds,
/// a VP value 0-99 (14.2, 15.2) and a name (the rest of the line).
pub(crate) fn parse(lines: &[Line], hexes: &HexReader) -> Result<BTreeMap<HexId, Locale>, MapError> {
    let mut locales: BTreeMap<HexId, Locale> = BTreeMap::new();
    for line in lines {
        let missing = |what: &str| line.error(format!("expected `hex kinds VP name`: the {what} is missing"));
        let (hex_text, rest) = first_word(line.text).ok_or_else(|| missing("hex"))?;
        let (kinds, rest) = first_word(rest).ok_or_else(|| missing("kinds"))?;
        let (vp_text, rest) = first_word(rest).ok_or_else(|| missing("VP"))?;
        let name = rest.trim();
        if name.is_empty() {
            return Err(missing("name"));
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
        set_kinds(&mut locale, kinds).map_err(|m| line.error(format!("locale {name}: {m}")))?;
        locales.insert(hex, locale);
    }
    Ok(locales)
}

/// The first whitespace-separated word of `text` and what follows it, if there is a word.
fn first_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    (end > 0).then(|| text.split_at(end))
}

/// Sets the kinds listed in `kinds` (comma-separated, each at most once).
fn set_kinds(locale: &mut Locale, kinds: &str) -> Result<(), String> {
    for kind in kinds.split(',') {
        let flag = match kind {
            "town" => &mut locale.town,
            "city" => &mut locale.city,
            "port" => &mut locale.port,
            "fortress" => &mut locale.fortress,
            "ruins" => &mut locale.ruins,
            other => return Err(format!("unknown kind `{other}` (kinds: town city port fortress ruins)")),
        };
        if *flag {
            return Err(format!("kind `{kind}` is given twice"));
        }
        *flag = true;
    }
    Ok(())
}
