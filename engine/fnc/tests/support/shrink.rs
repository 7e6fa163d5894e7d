//! Replaying a recorded game and shrinking a failing one: commands are dropped in chunks,
//! then one by one, as long as the rest (commands now refused are skipped) still breaks
//! the same property, so a report shows a short sequence instead of a whole game.

use super::driver::{no_panic, Step};
use super::invariants::{check_state, check_step, Violation};
use super::scenarios::start;
use grognard_engine::{Ruleset, ScriptedDice};
use grognard_fnc::{Fnc, State};

/// The most replays one shrink may take.
const REPLAY_BUDGET: usize = 300;

/// Replay `history` from the scenario's start with the recorded faces, checking the
/// invariants after every command. Refused commands are an error at their index.
pub fn replay(scenario: &str, solitaire: bool, history: &[Step]) -> Result<State, (usize, Violation)> {
    let (ctx, mut state) = start(scenario, solitaire);
    for (i, s) in history.iter().enumerate() {
        let mut dice = ScriptedDice::new(&s.faces);
        let applied = no_panic("apply", || Fnc.apply(&state, s.player, &s.command, &mut dice)).map_err(|v| (i, v))?;
        let next = applied.map_err(|e| (i, Violation::new("replay", format!("step {i} refused on replay: {e}"))))?;
        check_step(ctx, &state, &next.state).and_then(|_| check_state(ctx, &next.state)).map_err(|v| (i, v))?;
        state = next.state;
    }
    Ok(state)
}

/// Replay the steps that are still accepted; `Some` is the first violation of `property`
/// (a step refused because an earlier one was dropped is skipped).
fn breaks(scenario: &str, solitaire: bool, history: &[Step], property: &str) -> Option<Vec<Step>> {
    let (ctx, mut state) = start(scenario, solitaire);
    let mut kept = Vec::new();
    for s in history {
        let mut dice = ScriptedDice::new(&s.faces);
        let next = match no_panic("apply", || Fnc.apply(&state, s.player, &s.command, &mut dice)) {
            Err(v) => {
                kept.push(s.clone());
                return (v.property == property).then_some(kept);
            }
            Ok(Err(_)) => {
                if property.starts_with("contract") && s == history.last()? {
                    // The failing command itself: it still breaks the contract if it is
                    // listed as legal here and refused.
                    let listed = Fnc.legal_commands(&state, s.player).contains(&s.command);
                    kept.push(s.clone());
                    return listed.then_some(kept);
                }
                continue;
            }
            Ok(Ok(a)) => a.state,
        };
        kept.push(s.clone());
        if let Err(v) = check_step(ctx, &state, &next).and_then(|_| check_state(ctx, &next)) {
            return (v.property == property).then_some(kept);
        }
        state = next;
    }
    None
}

/// A shorter history that still breaks `property`, if the failure replays at all.
pub fn shrink(scenario: &str, solitaire: bool, history: &[Step], property: &str) -> Option<Vec<Step>> {
    let mut budget = REPLAY_BUDGET;
    let mut best = breaks(scenario, solitaire, history, property)?;
    let mut chunk = best.len() / 2;
    while chunk >= 1 && budget > 0 {
        let mut start_at = 0;
        let mut shrunk = false;
        while start_at < best.len() && budget > 0 {
            // Never drop the last command: it is the one that shows the failure.
            let end = (start_at + chunk).min(best.len().saturating_sub(1));
            if end <= start_at {
                break;
            }
            let candidate: Vec<Step> = best[..start_at].iter().chain(&best[end..]).cloned().collect();
            budget -= 1;
            match breaks(scenario, solitaire, &candidate, property) {
                Some(shorter) if shorter.len() < best.len() => {
                    best = shorter;
                    shrunk = true;
                }
                _ => start_at += chunk,
            }
        }
        if !shrunk {
            chunk /= 2;
        }
    }
    Some(best)
}
