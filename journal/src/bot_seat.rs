//! A bot in a player's seat: the decisions the local player owes in a game (commands,
//! choices, sealed choices), made by a [`Bot`] on the player's own copy (its view, with what
//! it staged), each staged, sealed or signed exactly as `grognard do` would. Shared by
//! `grognard bot run` (a bot answering by mail) and the self-play harness, so that a bot's
//! moves reach a journal by one path only.

use crate::game::{Game, GameError};
use crate::ids::GameId;
use crate::keys::SecretKey;
use crate::local::{self, DoOutcome};
use crate::replay::Owed;
use grognard_engine::{Bot, PlayerId, RuleError};
use sha2::{Digest, Sha256};

/// The most decisions a bot makes in one go before it lets the packets move: a bound on
/// work (a whole FNC player turn takes well under a hundred).
pub const MAX_DECISIONS: usize = 400;

/// Does the local player owe a decision the journal waits for (not a dice reveal or an
/// opening, which need none)?
pub fn owes_decision(game: &Game, me: PlayerId) -> bool {
    game.replay.owed().iter().any(|(p, o)| *p == me && matches!(o, Owed::Decide(_) | Owed::Seal { .. }))
}

/// The seed of the `k`-th decision a bot makes in `game` when the journal holds `entries`
/// entries: SHA-256 of a fixed tag, the game id, `entries` and `k` (big-endian), its first 8
/// bytes. The same game at the same place always gives the same seed, so a bot's answer
/// can be reproduced from the journal.
pub fn decision_seed(game: &GameId, entries: usize, k: usize) -> u64 {
    let mut h = Sha256::new();
    h.update(b"grognard/bot-decision/v1\0");
    h.update(game.0);
    h.update((entries as u64).to_be_bytes());
    h.update((k as u64).to_be_bytes());
    let d = h.finalize();
    u64::from_be_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

/// Make every decision `me` owes now with `bot`, the `k`-th with `seed(k)`; returns the
/// commands made, as the ruleset writes them. Stops when the player owes nothing more and
/// has nothing staged to go on with, or after a sealed choice (it waits for the others).
/// `after` is called after each command with the game and the command's text (a harness
/// checks its invariants there; an error stops the bot).
pub fn decide(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    bot: &dyn Bot,
    seed: &dyn Fn(usize) -> u64,
    after: &mut dyn FnMut(&Game, &str) -> Result<(), String>,
) -> Result<Vec<String>, GameError> {
    let ruleset = game.replay.ruleset;
    let mut made = Vec::new();
    for k in 0..MAX_DECISIONS {
        let staged = local::staged(game)?;
        let (state, _) = local::preview(game, me, &staged)?;
        // The journal may wait for something else first (a witness's dice, an opening): the
        // player decides only when it owes a decision, or goes on with what it staged.
        if !owes_decision(game, me) && staged.commands.is_empty() {
            return Ok(made);
        }
        let Some(command) = bot.choose(ruleset, &state, me, seed(k)) else { return Ok(made) };
        let text = ruleset.format_command(&command);
        let outcome = local::do_command(game, me, key, &text);
        if outcome.is_ok() {
            after(game, &text).map_err(GameError::Refused)?;
        }
        match outcome {
            Ok(DoOutcome::Sealed { .. }) => {
                made.push(text);
                return Ok(made);
            }
            Ok(_) => made.push(text),
            Err(e) => {
                return Err(GameError::Rule(RuleError::new(
                    "bot",
                    format!("the bot `{}` gave `{text}`, which was refused (a bug of the bot): {e}", bot.name()),
                )))
            }
        }
    }
    Err(GameError::Refused(format!("the bot `{}` made {MAX_DECISIONS} decisions in a row", bot.name())))
}
