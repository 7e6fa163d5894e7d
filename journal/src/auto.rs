//! What a client answers for its player without asking: dice reveals and sealed openings
//! (the protocol's mechanical duties, `local::settle`), rolls with nothing to decide (a
//! `Pending::Dice` whose only legal command is the roll), and the decisions the player's
//! standing orders answer (`Ruleset::answer_by_orders`), each signed as an ordinary entry.
//!
//! Run after a packet is imported, it turns "the opponent waits for my reveal, my losses
//! and my retreat" into one reply packet, so a player turn by mail costs one mail by hand.
//! It never plays a command no order covers, and it never touches a game where the player
//! has staged commands of their own (signing would drop them, `local::staged`).

use crate::entry::Body;
use crate::game::{Game, GameError};
use crate::keys::SecretKey;
use crate::local::{self, DoOutcome};
use grognard_engine::PlayerId;

/// One thing answered automatically, for the player to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answered {
    /// `reveal`, `unseal`, `open`, `chain` or `order`.
    pub kind: &'static str,
    pub text: String,
}

/// Why nothing was answered although something was owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// The player has staged commands: they send them themselves.
    Staged,
}

/// The most rounds of answers in one run: each round signs at least one entry, and a
/// decision answered by an order leads at most to a few more (a battle's losses, retreat).
const MAX_ROUNDS: usize = 200;

/// Answer everything `me` owes that needs no decision of theirs now: settle the protocol's
/// duties, make the rolls that hold no decision when `rolls` is set, then apply `orders` (the text of the player's standing orders) to the decisions
/// they cover, until nothing more can be answered.
pub fn answer(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    orders: Option<&str>,
    rolls: bool,
) -> Result<(Vec<Answered>, Option<Held>), GameError> {
    if local::check_holder(game, me, key).is_err() {
        // A seat this key no longer holds, or resigned: nothing to answer (section 13).
        return Ok((Vec::new(), None));
    }
    if !local::staged(game)?.commands.is_empty() {
        let owes = local::owes_mechanical(game, me) || decision_answer(game, me, orders)?.is_some();
        return Ok((Vec::new(), owes.then_some(Held::Staged)));
    }
    let mut done = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let before = game.entries.len();
        local::settle(game, me, key)?;
        for e in &game.entries[before..] {
            done.push(describe(game, &e.entry.body));
        }
        if let Some(command) = lone_roll(game, me).filter(|_| rolls) {
            // A roll with nothing to decide (the only legal command of a dice step).
            let text = game.replay.ruleset.format_command(&command);
            local::do_value(game, me, key, command)?;
            local::flush(game, me, key)?;
            done.push(Answered { kind: "roll", text: format!("rolled with `{text}` (nothing to decide)") });
            continue;
        }
        let Some((command, why)) = decision_answer(game, me, orders)? else { break };
        let text = game.replay.ruleset.format_command(&command);
        match local::do_value(game, me, key, command) {
            Ok(DoOutcome::Staged { .. }) => {
                local::flush(game, me, key)?;
            }
            Ok(DoOutcome::Signed { .. } | DoOutcome::Sealed { .. }) => {}
            Err(GameError::Rule(e)) => {
                // An order's answer is picked among the legal ones; should the rules refuse
                // it all the same, the decision waits for the player, as without the order.
                done.push(Answered {
                    kind: "order-refused",
                    text: format!("your standing order `{why}` gave `{text}`, which the rules refuse ({e}); the decision waits for you"),
                });
                break;
            }
            Err(e) => return Err(e),
        }
        done.push(Answered { kind: "order", text: format!("by your standing order `{why}`: {text}") });
    }
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    done.extend(vote_for_seconds(game, me, key, now)?);
    Ok((done, None))
}

/// Does `me` owe a roll with nothing to decide?
pub fn owes_roll(game: &Game, me: PlayerId) -> bool {
    lone_roll(game, me).is_some()
}

/// The roll command `me` owes when the state waits for a roll with no decision in it
/// (`Pending::Dice` whose only legal command is the roll).
fn lone_roll(game: &Game, me: PlayerId) -> Option<serde_json::Value> {
    if !matches!(game.replay.phase, crate::replay::Phase::Playing) || game.replay.over().is_some() {
        return None;
    }
    let state = &game.replay.state;
    match game.replay.ruleset.pending(state) {
        grognard_engine::Pending::Dice { player, .. } if player == me => {
            let mut legal = game.replay.ruleset.legal_commands(state, me);
            (legal.len() == 1).then(|| legal.remove(0))
        }
        _ => None,
    }
}

/// The command the standing orders give for what `me` must decide now, if any.
fn decision_answer(
    game: &Game,
    me: PlayerId,
    orders: Option<&str>,
) -> Result<Option<(serde_json::Value, String)>, GameError> {
    let Some(orders) = orders.filter(|o| !o.trim().is_empty()) else { return Ok(None) };
    if !matches!(game.replay.phase, crate::replay::Phase::Playing) || game.replay.over().is_some() {
        return Ok(None);
    }
    let state = &game.replay.state;
    if !game.replay.ruleset.pending(state).players().contains(&me) {
        return Ok(None);
    }
    game.replay.ruleset.answer_by_orders(state, me, orders).map_err(GameError::Rule)
}

fn describe(game: &Game, body: &Body) -> Answered {
    match body {
        Body::Reveal { request, .. } => {
            Answered { kind: "reveal", text: format!("revealed your dice value for request {}", request.short()) }
        }
        Body::Unseal { step, .. } => {
            Answered { kind: "unseal", text: format!("opened your sealed choice for `{step}`") }
        }
        Body::Chain { chain } => Answered {
            kind: "chain",
            text: format!("committed to dice chain {} ({} values)", chain.generation, chain.length),
        },
        Body::Open { openings, .. } => Answered {
            kind: "open",
            text: format!(
                "opened your concealed command{}: {}",
                if openings.len() == 1 { "" } else { "s" },
                openings.iter().map(|o| game.replay.ruleset.format_command(&o.command)).collect::<Vec<_>>().join("; ")
            ),
        },
        Body::Command { command, .. } => {
            Answered { kind: "command", text: format!("signed `{}`", game.replay.ruleset.format_command(command)) }
        }
        _ => Answered { kind: "entry", text: "signed an entry".into() },
    }
}

/// Vote, as `me` agreed when signing a seat's second (docs/PROTOCOL.md section 13.7), to
/// replace the holder of each seat that has held the game for longer than its second's
/// deadline, judged by this machine's clock at `now` (unix seconds) from the arrival of the
/// journal's last entry. The clock only decides when this client signs its player's vote;
/// the replacement itself takes every other player's vote, as any other.
pub fn vote_for_seconds(game: &mut Game, me: PlayerId, key: &SecretKey, now: u64) -> Result<Vec<Answered>, GameError> {
    let mut done = Vec::new();
    let Some(since) = game.entries.last().and_then(|e| game.arrival(&e.id)) else { return Ok(done) };
    let holding: Vec<PlayerId> = game.replay.owed().into_iter().map(|(p, _)| p).collect();
    for seat in game.replay.seats.players().filter(|s| *s != me && holding.contains(s)) {
        let Some(second) = game.replay.agreed_second(seat).cloned() else { continue };
        let due = since.saturating_add(u64::from(second.hours) * 3600);
        if now < due || game.replay.awaits_take(seat) || game.replay.next_round(me, seat).is_none() {
            continue;
        }
        let held_by = game.replay.name(seat).to_string();
        let to =
            crate::seat_local::NewHolder { key: second.key, name: second.name.clone(), email: second.email.clone() };
        let (_, round) = crate::seat_local::vote(game, me, key, seat, &to)?;
        done.push(Answered {
            kind: "second",
            text: format!(
                "voted (round {round}) for {} to take seat {} over from {held_by}, who has held the game for more than the {} hours agreed",
                second.name, seat.0, second.hours
            ),
        });
    }
    Ok(done)
}
