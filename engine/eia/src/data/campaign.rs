//! `data/campaign-*.txt`: the campaign games (14.0, reconstructed R14): a scenario's opening
//! played with every campaign rule to the end of the game. A campaign file names the scenario
//! whose opening it takes (`base`) and its months; the reader makes a [`Scenario`] of it with
//! `campaign` set, without the scenario's monthly arrivals and money (campaign games buy
//! forces and collect money in the economic phase) and without its victory cities (victory
//! is by victory points, 8.1.3).

use crate::data::scenario::{key_values, Month, Scenario};
use grognard_board::text::split_named;
use grognard_board::MapError;

/// The built-in campaign game from 1805 (the grand campaign, 14.7).
pub const CAMPAIGN_1805_TEXT: &str = include_str!("../../data/campaign-1805.txt");

/// The built-in campaign games (14.4-14.7): file name and text, in the order they are listed.
pub const BUILTIN_CAMPAIGNS: [(&str, &str); 4] = [
    ("campaign-1805.txt", CAMPAIGN_1805_TEXT),
    ("campaign-1805-1807.txt", include_str!("../../data/campaign-1805-1807.txt")),
    ("campaign-1812-1815.txt", include_str!("../../data/campaign-1812-1815.txt")),
    ("campaign-1813-1815.txt", include_str!("../../data/campaign-1813-1815.txt")),
];

/// Reads a campaign file against the scenarios it may take its opening from.
pub fn parse(text: &str, scenarios: &[Scenario]) -> Result<Scenario, MapError> {
    let sections = split_named(text, &["campaign"])?;
    let section = sections.required("campaign")?;
    let keys = key_values(section, &["id", "name", "base", "first", "last"])?;
    let (id_line, id) = keys["id"];
    if id.len() > 40 || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
        return Err(id_line.error(format!("campaign id `{id}` must be lower-case letters, digits or '-'")));
    }
    let (_, name) = keys["name"];
    let (base_line, base) = keys["base"];
    let opening = scenarios
        .iter()
        .find(|s| s.id == base)
        .ok_or_else(|| base_line.error(format!("no scenario `{base}` to take the opening from")))?;
    let (first_line, first) = keys["first"];
    let first = Month::parse(first).map_err(|m| first_line.error(m))?;
    if first != opening.first {
        return Err(first_line
            .error(format!("the opening of `{base}` is of {}: a campaign from it begins then", opening.first)));
    }
    let (last_line, last) = keys["last"];
    let last = Month::parse(last).map_err(|m| last_line.error(m))?;
    if last < first {
        return Err(last_line.error(format!("the last month ({last}) comes before the first ({first})")));
    }
    let mut s = opening.clone();
    s.id = id.to_string();
    s.name = name.to_string();
    s.first = first;
    s.last = last;
    s.campaign = true;
    s.reinforcements.clear();
    for money in s.money.values_mut() {
        money.monthly = 0;
    }
    s.victory.objectives.clear();
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Vec<Scenario> {
        vec![Scenario::builtin_1805().unwrap()]
    }

    #[test]
    fn r14_the_campaign_from_1805_takes_the_scenario_s_opening_to_1815() {
        let c = parse(CAMPAIGN_1805_TEXT, &base()).unwrap();
        let s = &base()[0];
        assert!(c.campaign && !s.campaign);
        assert_eq!(c.id, "campaign-1805");
        assert_eq!((c.first, c.last.id()), (s.first, "1815-12".to_string()));
        assert_eq!(c.corps, s.corps);
        assert_eq!(c.wars, s.wars);
        assert!(c.reinforcements.is_empty() && c.money.values().all(|m| m.monthly == 0));
    }

    #[test]
    fn r14_a_campaign_file_is_refused_naming_the_line() {
        let head = "[campaign]\nid = c\nname = C\n";
        for (text, line) in [
            (format!("{head}base = 1806\nfirst = 1805-09\nlast = 1815-12\n"), 4),
            (format!("{head}base = 1805\nfirst = 1805-10\nlast = 1815-12\n"), 5),
            (format!("{head}base = 1805\nfirst = 1805-09\nlast = 1805-01\n"), 6),
            (format!("{head}base = 1805\nfirst = 1805-09\nlast = 1815-12\nwhen = now\n"), 7),
        ] {
            let e = parse(&text, &base()).unwrap_err().to_string();
            assert!(e.contains(&format!("line {line}")), "{e}");
        }
    }
}
