//! `append_loop <game dir>`: keep appending real entries to a game's journal until killed.
//!
//! The program plays every side of a casual- or scripted-dice game whose keys are the
//! acceptance `Table`'s (player `i` has the seed `[i + 1; 32]`): each entry is signed,
//! checked against the protocol and the rules, and appended by `Game::append_own`, exactly
//! as `grognard` writes a journal. It prints `ready <entries>` once the journal is open and
//! verified, then appends until it is killed or the game ends (`over`, exit status 0).
//! The crash-safety test kills it at arbitrary moments.

use grognard_acceptance::rulesets;
use grognard_engine::PlayerId;
use grognard_journal::entry::{Body, DiceMode};
use grognard_journal::game::Game;
use grognard_journal::ids::Hash32;
use grognard_journal::keys::SecretKey;
use grognard_journal::replay::Owed;
use grognard_journal::{nonce, sealed};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: append_loop <game dir>");
        return ExitCode::from(2);
    };
    match run(PathBuf::from(dir)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("append_loop: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(dir: PathBuf) -> Result<(), String> {
    let rulesets = rulesets();
    let mut game = Game::open(&dir, &rulesets).map_err(|e| format!("cannot open {}: {e}", dir.display()))?;
    if game.replay.mode() == DiceMode::Fair {
        return Err("fair dice need a witness's reveals; use a casual or scripted game".into());
    }
    let keys: Vec<SecretKey> = (0..game.replay.keys.len()).map(|i| SecretKey::from_seed(&[i as u8 + 1; 32])).collect();
    if keys.iter().zip(&game.replay.keys).any(|(k, public)| k.public() != *public) {
        return Err("the game's players are not the acceptance table's".into());
    }
    let ruleset = game.replay.ruleset;
    let mut out = std::io::stdout();
    writeln!(out, "ready {}", game.entries.len()).and_then(|()| out.flush()).map_err(|e| e.to_string())?;
    loop {
        let Some((player, owed)) = game.replay.owed().into_iter().next() else {
            writeln!(out, "over").map_err(|e| e.to_string())?;
            return Ok(());
        };
        let key = &keys[player.index()];
        let game_id = game.replay.game;
        let body = match owed {
            Owed::Decide(_) => {
                let legal = ruleset.legal_commands(&game.replay.state, player);
                if legal.is_empty() {
                    return Err(format!("player {} must decide but has no legal command", player.0));
                }
                // Vary the commands with the journal's length: deterministic, and every
                // kind of command comes up.
                let command = legal[(game.entries.len() * 7 + 3) % legal.len()].clone();
                Body::Command { command, nonce: nonce::for_version(game.replay.version) }
            }
            Owed::Seal { step, .. } => {
                let choice = sealed_choice(&game, &step, player)?;
                let nonce = seal_nonce(&step, player);
                let salt = sealed::salt(key, &game_id, &game.replay.genesis_id, &step, nonce.as_ref());
                let commitment = sealed::commitment(&game_id, &step, player.0, &salt, &choice);
                Body::Seal { step, commitment, nonce }
            }
            Owed::Unseal { step } => {
                // The choice is a function of the step: nothing to remember across a crash.
                let choice = sealed_choice(&game, &step, player)?;
                let nonce = seal_nonce(&step, player);
                let salt = sealed::salt(key, &game_id, &game.replay.genesis_id, &step, nonce.as_ref());
                Body::Unseal { step, choice, salt }
            }
            other => return Err(format!("player {} owes {other:?}, which this program does not do", player.0)),
        };
        game.append_own(player, key, vec![body]).map_err(|e| format!("append: {e}"))?;
    }
}

/// The nonce of `player`'s seal for `step`: a function of the step (nothing to remember
/// across a crash; a real client draws it at random and reads it back from its seal).
fn seal_nonce(step: &str, player: PlayerId) -> Option<Hash32> {
    let mut bytes = [0u8; 32];
    for (b, s) in bytes.iter_mut().zip(step.bytes().take(31)) {
        *b = s;
    }
    bytes[31] = player.0;
    Some(Hash32(bytes))
}

/// The sealed choice of `player` for `step`: one of the legal choices, picked from the
/// step's name (the state does not change while a sealed step is open, so the opening
/// recomputes the same choice).
fn sealed_choice(game: &Game, step: &str, player: PlayerId) -> Result<serde_json::Value, String> {
    let legal = game.replay.ruleset.legal_commands(&game.replay.state, player);
    if legal.is_empty() {
        return Err(format!("player {} has no choice to seal for `{step}`", player.0));
    }
    let pick = step.bytes().map(usize::from).sum::<usize>() + usize::from(player.0);
    Ok(legal[pick % legal.len()].clone())
}
