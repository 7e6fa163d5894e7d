//! The self-play harness: whole games bot against bot through the full path of a game by
//! mail. Each player has a key, a game directory and a journal; every command is given by a
//! bot on its own player's view, staged and signed by the reference client, sent as a packet
//! and imported by every other player; fair dice with the opponents witnessing, openings of
//! concealed commands (fog of war) and dice reveals are answered on the way, as `grognard
//! send` answers them. After every round (every player's decisions, then every packet
//! delivered): no legal command was refused, no honest packet was refused, every journal
//! is byte-identical, and every copy shows everyone the same public state. At the end every
//! concealed command is open and a third party's verification of the journal alone ends in
//! every player's state. A failure names the seed that plays the game again.

use crate::{dice, Seat, Table};
use grognard_engine::{AnyRuleset, Bot, GameState, PlayerId, Setup, Viewer};
use grognard_journal::entry::{DiceMode, ENTRY_VERSION};
use grognard_journal::game::Game;
use grognard_journal::store::Store;
use grognard_journal::verify;
use grognard_journal::{bot_seat, local};
use sha2::{Digest, Sha256};
use std::time::Instant;

/// One game to play.
pub struct Config {
    pub ruleset: &'static dyn AnyRuleset,
    pub setup: Setup,
    /// One bot per player, in seat order.
    pub bots: Vec<&'static dyn Bot>,
    pub seed: u64,
    /// The game is called a failure if it has not ended after this many rounds.
    pub max_rounds: usize,
    /// The ruleset's invariants, checked on the acting player's copy after every command
    /// (the state before and after it), and on every copy after every round.
    pub invariants: Option<Invariants>,
}

/// A ruleset's invariants between two states of a copy (`before` is `None` for a state alone).
pub type Invariants = fn(before: Option<&GameState>, after: &GameState) -> Result<(), String>;

/// What a finished game was.
pub struct Report {
    pub seed: u64,
    pub rounds: usize,
    /// Commands the bots gave.
    pub commands: usize,
    /// Entries of the final journal.
    pub entries: usize,
    /// Concealed commands (fog of war), all opened at the end.
    pub concealed: usize,
    /// The result as the rules state it, and the winners.
    pub result: String,
    pub winners: Vec<PlayerId>,
    pub seconds: f64,
    /// The table, kept so that a caller may copy its journal.
    pub table: Table,
}

fn fail(seed: u64, round: usize, message: impl std::fmt::Display) -> String {
    format!("seed {seed}, round {round}: {message}")
}

/// The seed of a bot's `k`-th choice of round `round` for player `i`.
fn choice_seed(seed: u64, round: usize, i: usize, k: usize) -> u64 {
    let mut h = Sha256::new();
    h.update(b"grognard/selfplay\0");
    h.update(seed.to_be_bytes());
    h.update((round as u64).to_be_bytes());
    h.update((i as u64).to_be_bytes());
    h.update((k as u64).to_be_bytes());
    let d = h.finalize();
    u64::from_be_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

/// Player `i` makes every decision it owes now on its open copy `g`, as its bot chooses
/// (`grognard_journal::bot_seat`, the path `grognard bot run` takes); the number made.
pub fn decide_in(g: &mut Game, seat: &Seat, cfg: &Config, i: usize, round: usize) -> Result<usize, String> {
    let seed = |k: usize| choice_seed(cfg.seed, round, i, k);
    let mut before = copy_state(g, seat.me).map_err(|e| fail(cfg.seed, round, e))?;
    let mut check = |g: &Game, command: &str| -> Result<(), String> {
        let Some(invariants) = cfg.invariants else { return Ok(()) };
        let after = copy_state(g, seat.me)?;
        invariants(Some(&before), &after).map_err(|v| format!("after `{command}`: {v}"))?;
        before = after;
        Ok(())
    };
    bot_seat::decide(g, seat.me, &seat.key, cfg.bots[i], &seed, &mut check)
        .map(|made| made.len())
        .map_err(|e| fail(cfg.seed, round, format!("player {i}: {e}")))
}

/// A copy's state with what its player staged.
fn copy_state(g: &Game, me: PlayerId) -> Result<GameState, String> {
    let staged = local::staged(g).map_err(|e| e.to_string())?;
    local::preview(g, me, &staged).map(|(state, _)| state).map_err(|e| e.to_string())
}

/// Every copy's state as everyone may see it, hashed.
pub fn public_hash(t: &Table, i: usize) -> [u8; 32] {
    public_hash_of(&t.open(i))
}

/// An open copy's state as everyone may see it, hashed.
pub fn public_hash_of(g: &Game) -> [u8; 32] {
    let seen = g.replay.ruleset.player_view(&g.replay.state, Viewer::Everyone);
    Sha256::digest(g.replay.ruleset.state_json(&seen).to_string().as_bytes()).into()
}

/// Play one whole game.
pub fn play(cfg: &Config) -> Result<Report, String> {
    run(cfg, None)
}

/// The first `rounds` rounds of a game, with every check of [`play`], then a third party's
/// verification of the journal so far: for tests of long games (a whole game is on demand).
pub fn play_rounds(cfg: &Config, rounds: usize) -> Result<Report, String> {
    run(cfg, Some(rounds))
}

fn run(cfg: &Config, stop_after: Option<usize>) -> Result<Report, String> {
    let started = Instant::now();
    let players = cfg.bots.len();
    let t = Table::of_game(cfg.ruleset, cfg.setup.clone(), players, dice(DiceMode::Fair, vec![]), 64, ENTRY_VERSION);
    let mut commands = 0;
    for round in 0..cfg.max_rounds {
        // Each copy is read from its files and verified once a round, then kept open for the
        // round's decisions, its packet and its imports (a replay of the whole journal each
        // time it opens: reopening for every step made long games quadratic).
        let mut copies: Vec<Game<'static>> = (0..players).map(|i| t.open(i)).collect();
        let over = copies[0].replay.over().is_some();
        if (over && copies[0].replay.unopened().is_empty()) || stop_after == Some(round) {
            return finish(cfg, t, round, commands, started);
        }
        for (i, g) in copies.iter_mut().enumerate() {
            commands += decide_in(g, &t.seats[i], cfg, i, round)?;
        }
        let packets: Vec<_> = copies
            .iter_mut()
            .enumerate()
            .map(|(i, g)| {
                let seat = &t.seats[i];
                local::send(g, seat.me, &seat.key).map_err(|e| fail(cfg.seed, round, format!("player {i}: {e}")))
            })
            .collect::<Result<_, _>>()?;
        for (j, g) in copies.iter_mut().enumerate() {
            // The others' packets of the round, imported together as `grognard receive`
            // imports several; if that fails, one by one to name the packet refused.
            let theirs: Vec<_> = packets.iter().enumerate().filter(|(i, p)| *i != j && !p.entries.is_empty()).collect();
            let together: Vec<_> = theirs.iter().map(|(_, p)| (*p).clone()).collect();
            if g.import_many(&together).is_err() {
                for (i, p) in &theirs {
                    g.import(p)
                        .map_err(|e| fail(cfg.seed, round, format!("player {j} refused player {i}'s packet: {e}")))?;
                }
            }
        }
        if let Some(invariants) = cfg.invariants {
            for (i, g) in copies.iter().enumerate() {
                invariants(None, &g.replay.state)
                    .map_err(|v| fail(cfg.seed, round, format!("player {i}'s copy after the round: {v}")))?;
            }
        }
        // Everyone holds every entry now: the same journal, the same public state.
        let (journal, public) = (t.journal_bytes(0), public_hash_of(&copies[0]));
        for (i, g) in copies.iter().enumerate().skip(1) {
            if t.journal_bytes(i) != journal {
                return Err(fail(cfg.seed, round, format!("the journals of players 0 and {i} differ")));
            }
            if public_hash_of(g) != public {
                return Err(fail(cfg.seed, round, format!("players 0 and {i} show everyone different states")));
            }
        }
    }
    Err(fail(cfg.seed, cfg.max_rounds, "the game did not end"))
}

/// The end of a game of `cfg` played on `t` in `rounds` rounds and `commands` commands since
/// `started`: a third party verifies the journal alone, and every copy must end in its state.
pub fn finish(cfg: &Config, t: Table, rounds: usize, commands: usize, started: Instant) -> Result<Report, String> {
    let store = Store::open(&t.seats[0].dir).map_err(|e| fail(cfg.seed, rounds, e))?;
    let loaded = store.load().map_err(|e| fail(cfg.seed, rounds, e))?;
    let checked = verify::check_records(&t.rulesets, &loaded.records)
        .map_err(|p| fail(cfg.seed, rounds, format!("the finished journal does not verify: {p}")))?;
    // With concealed commands still closed (a game stopped early), each copy knows its own
    // player's: the copies agree with the third party on what everyone may see.
    let closed = !checked.replay.unopened().is_empty();
    let seen = |replay: &grognard_journal::replay::Replay<'_>| {
        if closed {
            let public = replay.ruleset.player_view(&replay.state, Viewer::Everyone);
            replay.ruleset.state_json(&public)
        } else {
            replay.ruleset.state_json(&replay.state)
        }
    };
    let third = seen(&checked.replay);
    for i in 0..t.seats.len() {
        let g = t.open(i);
        if seen(&g.replay) != third {
            return Err(fail(cfg.seed, rounds, format!("player {i}'s copy does not end where the journal does")));
        }
    }
    let (result, winners) = checked.replay.over().unwrap_or_default();
    let concealed = checked.replay.hidden.iter().map(Vec::len).sum();
    Ok(Report {
        seed: cfg.seed,
        rounds,
        commands,
        entries: checked.entries.len(),
        concealed,
        result,
        winners,
        seconds: started.elapsed().as_secs_f64(),
        table: t,
    })
}
