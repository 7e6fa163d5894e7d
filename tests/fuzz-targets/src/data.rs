//! The data file formats (maps, charts, leaders, rule values, irregulars, counters): built into the
//! program, but a player who corrects a reconstructed value edits one, so no text may make a
//! reader panic. The first byte picks the reader.

/// The target.
pub fn check(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match which % 7 {
        0 => drop(grognard_board::Map::parse(text)),
        1 => drop(grognard_board::area::AreaMap::parse(text)),
        2 => drop(grognard_eia::data::leaders::Leaders::parse(text)),
        3 => drop(grognard_eia::data::rules::RuleValues::parse(text)),
        4 => drop(grognard_eia::data::tables::Charts::parse(text)),
        5 => {
            if let Ok(map) = grognard_eia::map::europe() {
                drop(grognard_eia::data::irregulars::Irregulars::parse(text, &map));
            }
        }
        _ => drop(grognard_fnc::data::Counters::parse(text)),
    }
}
