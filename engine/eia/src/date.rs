//! The game date: one turn is one month (3.0), a [`Month`] of the time record (2.4.3.1).
//! Winter months change movement, foraging and supply (6.2.1.4, 7.4.1.2.4, 7.4.2.1.3); rule
//! 9.1, which names them, is not in the text: they are a reconstruction (`R9.1`) read from
//! `data/rules.txt`.

pub use crate::data::scenario::Month;

/// Months from `a` to `b` (0 for the same month or an earlier `b`).
pub fn months_between(a: Month, b: Month) -> u32 {
    let index = |m: Month| u32::from(m.year()) * 12 + u32::from(m.month());
    index(b).saturating_sub(index(a))
}

/// The three letters of a month's name and its year, `Sep 1805`, for the turn track.
pub fn short(m: Month) -> String {
    let long = m.to_string();
    let (name, year) = long.split_once(' ').unwrap_or((&long, ""));
    format!("{} {year}", name.chars().take(3).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_0_a_turn_is_a_month_and_december_is_followed_by_january() {
        let d = Month::new(1805, 12).unwrap_or_else(|| panic!("a month"));
        assert_eq!(d.next(), Month::new(1806, 1));
        assert_eq!(d.to_string(), "December 1805");
        assert_eq!(short(d), "Dec 1805");
        let sep = Month::new(1805, 9).unwrap_or_else(|| panic!("a month"));
        assert_eq!(months_between(sep, d), 3);
        assert_eq!(months_between(d, sep), 0);
    }
}
