//! Prompts offer only what the game in play has: The Egyptian Campaign never mentions the
//! Russo-Swedish War's contingency divisions (8.9), a side without fleets is never offered
//! `fleet` (10.2) or fleets in an attack, a side with no amphibious area never `sail`
//! (10.3-10.6), RCLM only where the game allows it (9.14, 9.15). Both historical games are
//! played for three turns (`end`, or the first legal command, each step) and every prompt
//! checked against the legal commands listed with it.

use grognard_engine::{Pending, PlayerId, Ruleset, Seats, Setup, StreamDice};
use grognard_fnc::{Command, Fnc};

fn play(scenario: &str, turns: usize) -> Vec<(String, Vec<Command>)> {
    let fnc = Fnc;
    let powers = fnc.scenarios().into_iter().find(|s| s.id == scenario).expect("scenario").powers;
    let seats = Seats::round_robin(&powers, 2).expect("seats");
    let mut state = fnc.setup(&Setup::scenario(scenario), &seats).expect("setup");
    let mut dice = StreamDice::from_seed([7; 32]);
    let mut seen = Vec::new();
    for _ in 0..turns * 40 {
        let pending = fnc.pending(&state);
        let player: PlayerId = match &pending {
            Pending::Over { .. } => break,
            p => p.players()[0],
        };
        let legal = fnc.legal_commands(&state, player);
        seen.push((pending.prompt().to_string(), legal.clone()));
        let command = legal.iter().find(|c| matches!(c, Command::End)).or(legal.first()).expect("a legal command");
        state = fnc.apply(&state, player, command, &mut dice).expect("legal commands apply").state;
    }
    seen
}

#[test]
fn egyptian_campaign_prompts_never_offer_the_russo_swedish_rules_8_9() {
    for (prompt, legal) in play("ec-historical", 3) {
        assert!(!prompt.contains("commit"), "8.9 is RSW's: {prompt}");
        assert!(!legal.iter().any(|c| matches!(c, Command::Commit { .. })), "{prompt}");
        // The French have no fleet and no amphibious area in EC (10.2, 10.4).
        if prompt.contains("French Movement") {
            assert!(!prompt.contains("`fleet") && !prompt.contains("`sail"), "10.2, 10.4: {prompt}");
        }
        if prompt.contains("French Combat") {
            assert!(!prompt.contains("FLEETS"), "10.2: {prompt}");
        }
        if prompt.contains("Reinforcement Phase") && prompt.contains("enter") {
            assert!(prompt.contains("`enter UNIT HEX|BOX`"), "{prompt}");
        }
    }
}

#[test]
fn russo_swedish_prompts_offer_rclm_only_to_the_swedes_9_15() {
    let seen = play("rsw-historical", 3);
    assert!(seen.iter().any(|(p, _)| p.contains("Movement")), "movement phases were played");
    for (prompt, _) in seen {
        if prompt.contains("Russian Movement") {
            assert!(!prompt.contains("`river"), "9.15: {prompt}");
        }
    }
}
