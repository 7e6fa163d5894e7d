//! A seeded random-play driver: from a scenario's initial state it asks the ruleset what is
//! pending, picks one of the pending player's legal commands with a ChaCha generator,
//! rolls its dice from a seeded keystream and applies it, checking after every command
//! the invariants of [`super::invariants`], the contract between `legal_commands` and
//! `apply`, the text and JSON forms of commands, determinism, and that every phase ends.
//! A failure carries the seed and the whole command sequence, shrunk when it can be.

use super::candidates::candidates;
use super::choice::pick;
pub use super::choice::Policy;
use super::invariants::{check_state, check_step, serde_round_trip, Violation};
use super::scenarios::start;
use super::shrink;
use grognard_engine::{DiceSource, Pending, PlayerId, Ruleset, StreamDice, Viewer};
use grognard_fnc::happened::Happened;
use grognard_fnc::{Command, Ctx, Fnc, Phase, Side, State};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// How many commands one phase may take before the game is deemed stuck. Every unit moves
/// and attacks at most once a phase and movement points run out, so a phase ends well
/// before this even when the driver never chooses `end` on its own.
pub const PHASE_COMMAND_BOUND: usize = 1500;

/// Lists of legal commands up to this long are checked against `apply` in full each step.
pub const SHORT_LIST: usize = 12;

/// One command of a game as played: who gave it, what it was and the faces it rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub player: PlayerId,
    pub command: Command,
    pub faces: Vec<u32>,
}

/// One game to play.
#[derive(Clone, Copy, Debug)]
pub struct Game {
    pub scenario: &'static str,
    pub seed: u64,
    /// One player runs both sides.
    pub solitaire: bool,
    /// Stop once this game turn is over (or the game ends).
    pub last_turn: u8,
    /// A hard cap on commands (a game stopped by it is not a failure).
    pub max_steps: usize,
    pub policy: Policy,
    /// How many legal commands of a long list, besides the chosen one, are tried against
    /// `apply` each step (a list of at most [`SHORT_LIST`] is tried in full).
    pub contract_samples: usize,
    /// How many extra candidate commands ([`super::candidates`]) are tried each step; those
    /// `apply` accepts join the legal ones to choose from.
    pub candidates: usize,
    /// A legal command other than `end` that changes nothing is a failure (otherwise it is
    /// only counted, and not chosen again in that phase).
    pub noops_fail: bool,
}

/// What a finished game looked like.
#[derive(Clone, Debug)]
pub struct Played {
    pub state: State,
    pub history: Vec<Step>,
    /// Phase boundaries crossed.
    pub boundaries: usize,
    /// Commands of each kind chosen (by the verb of their text form).
    pub verbs: std::collections::BTreeMap<String, usize>,
    /// Chosen commands that were not listed by `legal_commands` (accepted candidates).
    pub extra_chosen: usize,
    /// Legal commands other than `end` that left the state unchanged.
    pub noops: Vec<String>,
    /// Commands found to change nothing in the current phase: not chosen again there.
    skip: Vec<Command>,
}

/// A property that failed, with everything needed to replay it.
#[derive(Clone, Debug)]
pub struct Failure {
    pub game: Game,
    pub violation: Violation,
    pub position: String,
    pub history: Vec<Step>,
}

impl Failure {
    /// The report printed when a test fails: the property, the seed, where it happened and
    /// the commands that lead there (shrunk when the failure replays).
    pub fn report(&self) -> String {
        let mut out = String::new();
        let g = &self.game;
        let _ = writeln!(out, "property violated: {}", self.violation);
        let _ = writeln!(
            out,
            "scenario `{}`, seed {}, solitaire {}, policy {:?}, after {} commands",
            g.scenario,
            g.seed,
            g.solitaire,
            g.policy,
            self.history.len()
        );
        let _ = writeln!(out, "at: {}", self.position);
        match shrink::shrink(g.scenario, g.solitaire, &self.history, self.violation.property) {
            Some(short) => {
                let _ = writeln!(out, "shrunk to {} commands that still break it:", short.len());
                out.push_str(&listing(&short));
            }
            None => {
                let _ = writeln!(out, "full command sequence (it does not replay as a shorter one):");
                out.push_str(&listing(&self.history));
            }
        }
        out
    }
}

/// The commands of a history, one a line, as a player types them, with their dice.
pub fn listing(history: &[Step]) -> String {
    let mut out = String::new();
    for (i, s) in history.iter().enumerate() {
        let _ = writeln!(out, "  {i:4} {}: {}  dice {:?}", s.player, Fnc.format_command(&s.command), s.faces);
    }
    out
}

/// The text of a panic payload.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Run `f`, turning a panic into a violation.
pub fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, Violation> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|p| Violation::new("no panic", format!("{what} panicked: {}", panic_text(&*p))))
}

/// Where a game is, for reports.
pub fn describe(state: &State) -> String {
    format!(
        "{} (turn {}, {:?}, phasing {:?}, decision {:?})",
        Fnc.summary(state).replace('\n', "; "),
        state.turn,
        state.phase,
        state.phasing,
        state.decision
    )
}

/// The step of the sequence a state is in: a change of it is a phase boundary.
fn phase_key(state: &State) -> (u8, Phase, Side) {
    (state.turn, state.phase, state.phasing)
}

fn verb(command: &Command) -> String {
    Fnc.format_command(command).split_whitespace().next().unwrap_or("").to_string()
}

fn dice_seed(rng: &mut ChaCha8Rng) -> [u8; 32] {
    let mut seed = [0u8; 32];
    rng.fill_bytes(&mut seed);
    seed
}

/// Pick `k` distinct indices of `0..n` (all of them when `n <= k`).
fn sample(n: usize, k: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    if n <= k {
        return (0..n).collect();
    }
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < k {
        let i = (rng.next_u64() % n as u64) as usize;
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked
}

/// Every event's data names its type in one style (`log --json`): a `type` in snake_case;
/// and it is a [`Happened`] that reads back and writes out as the very same JSON (the typed
/// events cover every payload, and the log's form is theirs).
fn check_events(events: &[grognard_engine::Event]) -> Result<(), Violation> {
    for e in events {
        let ty = e.data.get("type").and_then(|t| t.as_str()).unwrap_or("");
        let snake = ty.starts_with(|c: char| c.is_ascii_lowercase())
            && ty.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !snake {
            return Err(Violation::new(
                "events: one naming style",
                format!("event `{}` has type {:?}, not a snake_case name", e.text, e.data.get("type")),
            ));
        }
        let typed = serde_json::from_value::<Happened>(e.data.clone()).map_err(|err| {
            Violation::new("events: typed", format!("event `{}` does not read as Happened ({err}): {}", e.text, e.data))
        })?;
        let back = serde_json::to_value(&typed)
            .map_err(|err| Violation::new("events: typed", format!("event `{}` does not write back: {err}", e.text)))?;
        if back != e.data {
            return Err(Violation::new(
                "events: typed",
                format!("event `{}` writes back as {back}, not {}", e.text, e.data),
            ));
        }
    }
    Ok(())
}

/// A legal command must be accepted by `apply`, and survive its text and JSON forms.
fn check_legal_command(state: &State, player: PlayerId, command: &Command, seed: [u8; 32]) -> Result<(), Violation> {
    let mut dice = StreamDice::from_seed(seed);
    let result =
        no_panic(&format!("apply `{}`", Fnc.format_command(command)), || Fnc.apply(state, player, command, &mut dice))?;
    if let Err(e) = result {
        return Err(Violation::new(
            "contract: legal commands are accepted",
            format!("`{}` is listed by legal_commands but apply refuses it: {e}", Fnc.format_command(command)),
        ));
    }
    check_forms(command)
}

/// A command reads back from its text form and from its JSON form unchanged.
fn check_forms(command: &Command) -> Result<(), Violation> {
    let text = Fnc.format_command(command);
    match no_panic("parse_command", || Fnc.parse_command(&text))? {
        Ok(back) if &back == command => {}
        Ok(back) => {
            return Err(Violation::new(
                "command text round trip",
                format!("`{text}` reads back as {back:?}, not {command:?}"),
            ))
        }
        Err(e) => return Err(Violation::new("command text round trip", format!("`{text}` does not parse: {e}"))),
    }
    let json = serde_json::to_value(command).map_err(|e| Violation::new("command JSON round trip", e.to_string()))?;
    let back: Result<Command, _> = serde_json::from_value(json.clone());
    if back.as_ref().ok() != Some(command) {
        return Err(Violation::new("command JSON round trip", format!("{json} reads back as {back:?}")));
    }
    Ok(())
}

/// The player who must act, or `None` when the game is over.
fn acting(pending: &Pending) -> Result<Option<PlayerId>, Violation> {
    match pending {
        Pending::Over { .. } => Ok(None),
        Pending::Sealed { .. } => Err(Violation::new("pending", "FNC has no sealed steps but one is pending")),
        p => p.players().first().copied().map(Some).ok_or_else(|| Violation::new("pending", "nobody is to act")),
    }
}

/// Play one game; `Err` names the first property that broke.
pub fn play(game: Game) -> Result<Played, Box<Failure>> {
    let (ctx, initial) = start(game.scenario, game.solitaire);
    let mut played = Played {
        state: initial.clone(),
        history: Vec::new(),
        boundaries: 0,
        verbs: Default::default(),
        extra_chosen: 0,
        noops: Vec::new(),
        skip: Vec::new(),
    };
    let fail = |violation: Violation, state: &State, history: &[Step]| {
        Box::new(Failure { game, violation, position: describe(state), history: history.to_vec() })
    };
    if let Err(v) = check_state(ctx, &initial).and_then(|_| serde_round_trip(&initial)) {
        return Err(fail(v, &initial, &[]));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(game.seed);
    let mut in_phase = 0usize;
    for _ in 0..game.max_steps {
        let state = played.state.clone();
        match step(ctx, game, &state, &mut rng, &mut played) {
            Ok(Some(next)) => {
                if phase_key(&next) != phase_key(&state) {
                    played.boundaries += 1;
                    played.skip.clear();
                    in_phase = 0;
                    if let Err(v) = boundary_checks(ctx, &next) {
                        return Err(fail(v, &next, &played.history));
                    }
                } else {
                    in_phase += 1;
                    if in_phase > PHASE_COMMAND_BOUND {
                        let v = Violation::new(
                            "progress: phases end",
                            format!("{in_phase} commands in one phase without reaching its end"),
                        );
                        return Err(fail(v, &next, &played.history));
                    }
                }
                played.state = next;
                if played.state.turn > game.last_turn {
                    break;
                }
            }
            Ok(None) => break,
            Err(v) => return Err(fail(v, &state, &played.history)),
        }
    }
    // Determinism: the recorded commands and faces replay to the very same state.
    match shrink::replay(game.scenario, game.solitaire, &played.history) {
        Ok(state) if state == played.state => {}
        Ok(_) => {
            let v = Violation::new("determinism", "replaying the commands with the same dice gives another state");
            return Err(fail(v, &played.state, &played.history));
        }
        Err((at, v)) => return Err(fail(v, &played.state, &played.history[..=at.min(played.history.len() - 1)])),
    }
    Ok(played)
}

/// Checks due at a phase boundary besides the per-command ones: the state's JSON round
/// trip and the views of the state (summary, board) not panicking.
fn boundary_checks(ctx: &Ctx, state: &State) -> Result<(), Violation> {
    serde_round_trip(state)?;
    if state.decision.is_none() {
        // A phase boundary with nothing owed: the stacking limits hold outright (7.4).
        super::invariants::stacking_within_limits(ctx, state)?;
    }
    no_panic("summary", || Fnc.summary(state))?;
    no_panic("view", || Fnc.view(state, Viewer::Everyone))?;
    Ok(())
}

/// One command: `Ok(None)` when the game is over.
fn step(
    ctx: &Ctx,
    game: Game,
    state: &State,
    rng: &mut ChaCha8Rng,
    played: &mut Played,
) -> Result<Option<State>, Violation> {
    let pending = no_panic("pending", || Fnc.pending(state))?;
    let Some(player) = acting(&pending)? else { return Ok(None) };
    let legal = no_panic("legal_commands", || Fnc.legal_commands(state, player))?;
    if legal.is_empty() {
        return Err(Violation::new(
            "progress: someone can act",
            format!("{player} must act ({}) but has no legal command", pending.prompt()),
        ));
    }
    // The command table: a row whose prompt does not offer its command lists none of it.
    let side = state.acting_side();
    let hidden = no_panic("table", || grognard_fnc::table::listed_not_offered(ctx, state, side))?;
    if !hidden.is_empty() {
        return Err(Violation::new(
            "the prompt offers what is listed",
            format!("listed but not offered by the prompt ({}): {hidden:?}", pending.prompt()),
        ));
    }
    if matches!(pending, Pending::Dice { .. }) && !legal.contains(&Command::Roll) {
        return Err(Violation::new("pending: dice", format!("a roll is pending but `roll` is not legal: {legal:?}")));
    }
    if !game.solitaire {
        let other = if state.owners[0] == player { state.owners[1] } else { state.owners[0] };
        let theirs = no_panic("legal_commands", || Fnc.legal_commands(state, other))?;
        if !theirs.is_empty() {
            return Err(Violation::new(
                "5.1 one player acts",
                format!("{other} is not to act but may give {theirs:?}"),
            ));
        }
        let mut dice = StreamDice::from_seed(dice_seed(rng));
        let chosen = &legal[(rng.next_u64() % legal.len() as u64) as usize];
        if no_panic("apply", || Fnc.apply(state, other, chosen, &mut dice))?.is_ok() {
            return Err(Violation::new(
                "5.1 one player acts",
                format!("{other} is not to act but `{}` was accepted from them", Fnc.format_command(chosen)),
            ));
        }
    }

    let legal_fresh: Vec<Command> = legal.iter().filter(|c| !played.skip.contains(c)).cloned().collect();
    let mut extra: Vec<Command> = Vec::new();
    let side = if state.owners[0] == player && state.owners[1] == player {
        state.acting_side()
    } else if state.owners[0] == player {
        Side::First
    } else {
        Side::Second
    };
    for c in candidates(ctx, state, side, rng, game.candidates) {
        if legal.contains(&c) || extra.contains(&c) || played.skip.contains(&c) {
            continue;
        }
        let mut dice = StreamDice::from_seed(dice_seed(rng));
        let text = Fnc.format_command(&c);
        if no_panic(&format!("apply candidate `{text}`"), || Fnc.apply(state, player, &c, &mut dice))?.is_ok() {
            extra.push(c);
        }
    }
    let choices = if legal_fresh.is_empty() { &legal } else { &legal_fresh };
    let (command, was_extra) = pick(ctx, state, choices, &extra, game.policy, rng);
    check_forms(&command)?;
    // The contract: every other legal command of a short list (decisions, attacks, rolls),
    // a sample of a long one (set-up places, one-hex moves); the chosen one is applied below.
    let others: Vec<&Command> = legal.iter().filter(|c| **c != command).collect();
    let checked = if others.len() <= SHORT_LIST { others.len() } else { game.contract_samples };
    for i in sample(others.len(), checked, rng) {
        check_legal_command(state, player, others[i], dice_seed(rng))?;
    }
    if was_extra {
        played.extra_chosen += 1;
    }
    let seed = dice_seed(rng);
    let mut dice = StreamDice::from_seed(seed);
    let applied = no_panic(&format!("apply `{}`", Fnc.format_command(&command)), || {
        Fnc.apply(state, player, &command, &mut dice)
    })?;
    let next = match applied {
        Ok(a) => {
            check_events(&a.events)?;
            a.state
        }
        Err(e) => {
            played.history.push(Step { player, command: command.clone(), faces: Vec::new() });
            let text = Fnc.format_command(&command);
            return Err(if was_extra {
                Violation::new(
                    "legality does not hang on dice",
                    format!("`{text}` was accepted with other dice, now refused: {e}"),
                )
            } else {
                Violation::new(
                    "contract: legal commands are accepted",
                    format!("`{text}` is listed by legal_commands but apply refuses it: {e}"),
                )
            });
        }
    };
    let faces: Vec<u32> = dice.rolled().iter().map(|(_, f)| *f).collect();
    *played.verbs.entry(verb(&command)).or_default() += 1;
    played.history.push(Step { player, command: command.clone(), faces: faces.clone() });
    check_step(ctx, state, &next)?;
    check_state(ctx, &next)?;
    if &next == state && command != Command::End {
        let text = format!("`{}` at {}", Fnc.format_command(&command), describe(state));
        if game.noops_fail && !was_extra {
            return Err(Violation::new("progress: legal commands change the state", format!("{text} changed nothing")));
        }
        played.noops.push(text);
        played.skip.push(command);
    }
    Ok(Some(next))
}
