//! `grognard status`: the date, whose step it is, and each power's forces and treasury.

use crate::ctx::Ctx;
use crate::state::State;
use std::fmt::Write;

/// A few lines about `state`.
pub fn summary(ctx: &Ctx, state: &State) -> String {
    let mut out = String::new();
    let political = matches!(state.sequence.phase, crate::sequence::Phase::Political(_));
    let acting = if political { crate::politics::waiting_power(state) } else { state.sequence.acting() };
    match (&state.over, acting) {
        (Some(o), _) => {
            let _ = writeln!(out, "Game over after {}: {}", state.date, o.result);
        }
        (None, None) if political => {
            let _ = writeln!(out, "{}: {}, every player writes in secret", state.date, state.sequence.phase);
        }
        (None, Some(p)) => {
            let _ = writeln!(out, "{}: {}, {} to act", state.date, state.sequence.phase, p.name());
        }
        (None, None) => {
            let _ = writeln!(out, "{}: {}", state.date, state.sequence.phase);
        }
    }
    if let Some(l) = state.losses.first() {
        let _ = writeln!(
            out,
            "{} owes the choice of {} factor(s) lost by corps {} ({})",
            l.power.name(),
            l.count,
            l.corps,
            l.rule
        );
    }
    for (power, p) in &state.powers {
        let corps: Vec<&crate::state::Corps> =
            state.corps.values().filter(|c| state.controller_of_nation(c.side()) == Some(*power)).collect();
        let factors: u32 = corps.iter().map(|c| u32::from(c.factors.total())).sum();
        // 2.4.2: corps whose strength this viewer may not know.
        let unknown = corps.iter().filter(|c| crate::knowledge::hidden(c)).count();
        let factors = if unknown == 0 {
            format!("{factors} factors")
        } else {
            format!("{factors} factors known, {unknown} of hidden strength")
        };
        let fleets: Vec<&crate::state::Fleet> =
            state.fleets.values().filter(|f| state.controller_of_nation(&f.nation) == Some(*power)).collect();
        let ships: u32 = fleets.iter().map(|f| u32::from(f.ships)).sum();
        let player = state.player_of(*power).map_or(String::from("?"), |p| p.to_string());
        // R10.1: irregular counters are named apart from the corps.
        let irregulars = corps.iter().filter(|c| !c.proper()).count();
        let counters = if irregulars == 0 {
            format!("{} corps", corps.len())
        } else {
            let kinds: std::collections::BTreeSet<&str> =
                corps.iter().filter_map(|c| c.irregular()).map(|k| k.id()).collect();
            let kinds: Vec<&str> = kinds.into_iter().collect();
            format!("{} corps and {irregulars} {}", corps.len() - irregulars, kinds.join("/"))
        };
        let _ = writeln!(
            out,
            "  {:<14} player {player}  ${:<4} {counters} ({factors}), {} fleets ({ships} ships), {} political points, side {}",
            power.name(),
            p.money,
            fleets.len(),
            p.political,
            p.side
        );
    }
    for line in crate::economy::summary(ctx, state) {
        let _ = writeln!(out, "  {line}");
    }
    if crate::politics::played(state) {
        for line in crate::politics::summary(ctx, state) {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
