//! Helpers shared by the Duel tests.
#![allow(dead_code)]

use grognard_duel::{Duel, DuelCommand, DuelState};
use grognard_engine::{ApplyError, Event, NoDice, Pending, PlayerId, RuleError, Ruleset, ScriptedDice, Seats, Setup};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const P2: PlayerId = PlayerId(2);

pub fn cmd(text: &str) -> DuelCommand {
    Duel.parse_command(text).unwrap_or_else(|e| panic!("'{text}' should parse: {e}"))
}

/// Seats for `players` players, powers dealt round robin.
pub fn seats(scenario: &str, players: usize) -> Seats {
    let info = Duel.scenarios().into_iter().find(|s| s.id == scenario).expect("scenario exists");
    Seats::round_robin(&info.powers, players).expect("valid seating")
}

/// Seats from an explicit assignment of power ids to players.
pub fn seats_with(scenario: &str, assignment: &[&[&str]]) -> Seats {
    let info = Duel.scenarios().into_iter().find(|s| s.id == scenario).expect("scenario exists");
    let assignment: Vec<Vec<String>> =
        assignment.iter().map(|list| list.iter().map(|s| s.to_string()).collect()).collect();
    Seats::new(&info.powers, &assignment).expect("valid seating")
}

/// A new game with one player per duellist, in scenario order.
pub fn start(scenario: &str) -> DuelState {
    let n = Duel.scenarios().into_iter().find(|s| s.id == scenario).expect("scenario exists").powers.len();
    Duel.setup(&Setup::scenario(scenario), &seats(scenario, n)).expect("setup")
}

/// Apply `text` for `player` with exactly these dice faces (all must be used).
pub fn play(state: &DuelState, player: PlayerId, text: &str, faces: &[u32]) -> (DuelState, Vec<Event>) {
    let mut dice = ScriptedDice::new(faces);
    let applied = Duel
        .apply(state, player, &cmd(text), &mut dice)
        .unwrap_or_else(|e| panic!("'{text}' by {player} should be accepted: {e}\n{}", Duel.summary(state)));
    assert_eq!(dice.used(), faces.len(), "'{text}' should use exactly the dice {faces:?}");
    (applied.state, applied.events)
}

/// Like [`play`], dropping the events.
pub fn step(state: &DuelState, player: PlayerId, text: &str, faces: &[u32]) -> DuelState {
    play(state, player, text, faces).0
}

/// Resolve a stance step; `stances[i]` is (player, "guard" or "lunge"). `faces` are
/// exactly the dice used: the clash die (rule 4.4) when every living duellist lunges,
/// otherwise none. Without dice the same choices must resolve, or wait only for the die.
pub fn stances(state: &DuelState, stances: &[(PlayerId, &str)], faces: &[u32]) -> (DuelState, Vec<Event>) {
    let choices: Vec<(PlayerId, DuelCommand)> =
        stances.iter().map(|(p, s)| (*p, cmd(&format!("stance {s}")))).collect();
    for (p, c) in &choices {
        Duel.check_sealed(state, *p, c).unwrap_or_else(|e| panic!("{p}'s {c} should be a legal choice: {e}"));
    }
    let without = Duel.apply_sealed(state, &choices, &mut NoDice);
    let mut dice = ScriptedDice::new(faces);
    let applied = Duel
        .apply_sealed(state, &choices, &mut dice)
        .unwrap_or_else(|e| panic!("stances {stances:?} with dice {faces:?} should resolve: {e}"));
    assert_eq!(dice.used(), faces.len(), "stances {stances:?} should use exactly the dice {faces:?}");
    if faces.is_empty() {
        assert_eq!(without.as_ref().map(|a| (&a.state, &a.events)), Ok((&applied.state, &applied.events)), "no dice");
    } else {
        assert_eq!(without.map(|_| ()), Err(ApplyError::NeedDice), "stances {stances:?} wait for the clash die");
    }
    (applied.state, applied.events)
}

/// The rule error of a refused command (checked with no dice at all: a refusal must come
/// before any roll).
pub fn refused(state: &DuelState, player: PlayerId, text: &str) -> RuleError {
    match Duel.apply(state, player, &cmd(text), &mut NoDice) {
        Err(ApplyError::Rule(e)) => e,
        Err(ApplyError::NeedDice) => panic!("'{text}' by {player} should be refused, but waits for dice"),
        Ok(_) => panic!("'{text}' by {player} should be refused, but was accepted"),
    }
}

/// Assert `text` by `player` is refused citing `rule`, and return the message.
pub fn assert_refused(state: &DuelState, player: PlayerId, text: &str, rule: &str) -> String {
    let e = refused(state, player, text);
    assert_eq!(e.rule, rule, "'{text}' by {player}: {e}");
    e.message
}

pub fn texts(events: &[Event]) -> Vec<&str> {
    events.iter().map(|e| e.text.as_str()).collect()
}

pub fn legal_texts(state: &DuelState, player: PlayerId) -> Vec<String> {
    Duel.legal_commands(state, player).iter().map(|c| Duel.format_command(c)).collect()
}

/// Play a standard-scenario round to the start of the action step: initiative rolls,
/// then stances for players 0 and 1 with the dice `clash` (the clash die, rule 4.4, when
/// both lunge; otherwise none).
pub fn to_actions(state: &DuelState, rolls: &[u32], red: &str, blue: &str, clash: &[u32]) -> DuelState {
    let s = step(state, P0, "initiative", rolls);
    stances(&s, &[(P0, red), (P1, blue)], clash).0
}

pub fn pending_player(state: &DuelState) -> PlayerId {
    match Duel.pending(state) {
        Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => player,
        other => panic!("expected a single player to be pending, got {other:?}"),
    }
}
