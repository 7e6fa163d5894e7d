//! What the local player does to a game: stage commands, seal choices, and sign what the
//! protocol asks of them (openings of sealed choices, dice reveals, fresh dice chains).
//!
//! Commands that roll no dice are *staged* (kept in the side file `staged.json`, unsigned)
//! so a player can `undo` them until they are sent. A command that needs dice is signed at
//! once, with everything staged before it: its roll depends on its signed content, so it can
//! never be taken back and replayed for a better roll.

use crate::chain;
use crate::entry::Body;
use crate::game::{Game, GameError};
use crate::hidden::{self, Kept, Opening};
use crate::ids::EntryId;
use crate::ids::Hash32;
use crate::keys::SecretKey;
use crate::nonce;
use crate::packet::Packet;
use crate::replay::{Owed, Phase};
use crate::sealed;
use grognard_engine::{ApplyError, Concealed, Event, GameState, NoDice, Pending, PlayerId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

const STAGED: &str = "staged.json";
const SEALED: &str = "sealed.json";

/// Commands staged on top of a given journal head.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Staged {
    /// The id of the last journal entry when the commands were staged.
    pub head: Option<EntryId>,
    /// The player who staged them.
    pub player: u8,
    pub commands: Vec<Value>,
}

/// What `do` did.
#[derive(Clone, Debug)]
pub enum DoOutcome {
    /// Staged, not signed: `undo` can take it back.
    Staged { events: Vec<Event> },
    /// Signed into the journal (with the staged commands before it).
    Signed { ids: Vec<EntryId> },
    /// A sealed choice was committed.
    Sealed { step: String, id: EntryId },
}

/// A command entry's body, with a fresh nonce in a version-2 game.
fn command_body(game: &Game, command: Value) -> Body {
    Body::Command { command, nonce: nonce::for_version(game.replay.version) }
}

/// A command of the local player applied as the journal will apply it.
struct Own {
    state: GameState,
    events: Vec<Event>,
    /// Its public projection, when a rule conceals it.
    public: Option<Value>,
}

/// Apply a command of the local player to `state` as the journal will: concealed, as the
/// `hidden` entry numbered `*next_hidden` among theirs, when a rule conceals it (the count
/// then goes up); whole otherwise.
fn apply_own(
    game: &Game,
    state: &GameState,
    me: PlayerId,
    command: &Value,
    next_hidden: &mut u32,
) -> Result<Own, ApplyError> {
    let ruleset = game.replay.ruleset;
    match ruleset.conceal(state, me, command)? {
        None => {
            ruleset.apply(state, me, command, &mut NoDice).map(|(state, events)| Own { state, events, public: None })
        }
        Some(public) => {
            let concealed = Concealed { index: *next_hidden, public, full: Some(command.clone()), opened: false };
            let (state, events) = ruleset.apply_concealed(state, me, &concealed, &mut NoDice)?;
            *next_hidden += 1;
            Ok(Own { state, events, public: Some(concealed.public) })
        }
    }
}

/// The position the staged `commands` of `me` lead to from the journal's state: the state,
/// their events, and the index `me`'s next concealed command would have.
struct Position {
    state: GameState,
    events: Vec<Event>,
    next_hidden: u32,
}

fn position_after(game: &Game, me: PlayerId, commands: &[Value]) -> Result<Position, GameError> {
    let mut position =
        Position { state: game.replay.state.clone(), events: Vec::new(), next_hidden: hidden_count(game, me) };
    for c in commands {
        let own = apply_own(game, &position.state, me, c, &mut position.next_hidden).map_err(|e| {
            GameError::Refused(format!("a staged command no longer applies ({e}); run `grognard undo --all`"))
        })?;
        position.state = own.state;
        position.events.extend(own.events);
    }
    Ok(position)
}

/// The number of `me`'s concealed commands in the journal: the index of their next one.
fn hidden_count(game: &Game, me: PlayerId) -> u32 {
    game.replay.hidden.get(me.index()).map_or(0, |h| h.len() as u32)
}

/// The bodies that sign `commands` of `me`, given in this order from the journal's state:
/// a `hidden` entry (kept in `hidden.json` first) for each one a rule conceals, a `command`
/// entry for the others.
fn bodies_for(game: &mut Game, me: PlayerId, key: &SecretKey, commands: Vec<Value>) -> Result<Vec<Body>, GameError> {
    let mut state = game.replay.state.clone();
    let mut next = hidden_count(game, me);
    let mut bodies = Vec::with_capacity(commands.len());
    for command in commands {
        let (after, public) = match apply_own(game, &state, me, &command, &mut next) {
            Ok(own) => (own.state, own.public),
            // The last command of a batch may wait for dice: it is signed all the same (a
            // concealed command never rolls, so it is a plain one).
            Err(ApplyError::NeedDice) => (state.clone(), None),
            Err(ApplyError::Rule(e)) => return Err(GameError::Rule(e)),
        };
        state = after;
        bodies.push(match public {
            None => command_body(game, command),
            Some(public) => {
                let nonce = nonce::fresh();
                let salt = hidden::salt(key, &game.replay.game, &game.replay.genesis_id, &nonce);
                let commitment = hidden::commitment(&game.replay.game, me.0, &salt, &command);
                game.keep_concealed(me, nonce, Kept { command, salt })?;
                Body::Hidden { public, commitment, nonce }
            }
        });
    }
    Ok(bodies)
}

fn head(game: &Game) -> Option<EntryId> {
    game.entries.last().map(|e| e.id)
}

/// The staged commands. Other players' entries may have arrived since they were staged
/// (they are checked again by `preview`); but once an entry of the staging player follows
/// the head they were staged on, they were signed (a crash came before this file was
/// cleared) or overtaken, and are dropped rather than applied twice.
pub fn staged(game: &Game) -> Result<Staged, GameError> {
    let Some(bytes) = game.store().read_side(STAGED)? else { return Ok(Staged::default()) };
    let staged: Staged = serde_json::from_slice(&bytes)
        .map_err(|e| GameError::Refused(format!("{STAGED} is damaged ({e}); delete it to drop the staged commands")))?;
    let since = staged.head.and_then(|h| game.entries.iter().position(|e| e.id == h)).map(|p| &game.entries[p + 1..]);
    match since {
        Some(later) if !later.iter().any(|e| e.entry.author == staged.player) => Ok(staged),
        _ => Ok(Staged::default()),
    }
}

fn save_staged(game: &Game, me: PlayerId, commands: Vec<Value>) -> Result<(), GameError> {
    if commands.is_empty() {
        game.store().remove_side(STAGED)?;
        return Ok(());
    }
    let staged = Staged { head: head(game), player: me.0, commands };
    let bytes = serde_json::to_vec_pretty(&staged).map_err(|e| GameError::Refused(e.to_string()))?;
    game.store().write_private(STAGED, &bytes)?;
    Ok(())
}

/// The state with the staged commands applied, and their events.
pub fn preview(game: &Game, me: PlayerId, staged: &Staged) -> Result<(GameState, Vec<Event>), GameError> {
    position_after(game, me, &staged.commands).map(|p| (p.state, p.events))
}

/// Apply a command typed by the local player.
pub fn do_command(game: &mut Game, me: PlayerId, key: &SecretKey, text: &str) -> Result<DoOutcome, GameError> {
    do_completed(game, me, key, text).map(|(_, outcome)| outcome)
}

/// Apply a command of the local player given in its JSON form (as `do_command` after parsing).
pub fn do_value(game: &mut Game, me: PlayerId, key: &SecretKey, command: Value) -> Result<DoOutcome, GameError> {
    do_typed(game, me, key, command).map(|(_, outcome)| outcome)
}

/// Apply a command typed by the local player, and return it as completed by the ruleset
/// (`Ruleset::complete`: a shorthand expanded into the explicit command, which is what is
/// staged, sealed or signed).
pub fn do_completed(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    text: &str,
) -> Result<(Value, DoOutcome), GameError> {
    let typed = game.replay.ruleset.parse_command(text).map_err(GameError::Rule)?;
    do_typed(game, me, key, typed)
}

/// Refuse to play a seat this key does not hold (any more): handed over or replaced
/// (docs/PROTOCOL.md section 13), or resigned.
pub fn check_holder(game: &Game, me: PlayerId, key: &SecretKey) -> Result<(), GameError> {
    if game.replay.holder(me).is_none_or(|h| h.key != key.public()) {
        return Err(GameError::Refused(format!(
            "13: your key no longer holds seat {}: {} does; you can still read the game, and sign nothing in it",
            me.0,
            game.replay.name(me)
        )));
    }
    if let Some(at) = game.replay.resigned[me.index()] {
        return Err(GameError::Refused(format!(
            "13.1: you resigned at entry #{at}; you sign nothing more in this game but votes (`grognard replace`)"
        )));
    }
    Ok(())
}

fn do_typed(game: &mut Game, me: PlayerId, key: &SecretKey, typed: Value) -> Result<(Value, DoOutcome), GameError> {
    check_holder(game, me, key)?;
    let ruleset = game.replay.ruleset;
    let staged = staged(game)?;
    match &game.replay.phase {
        Phase::Playing => {}
        Phase::Sealing { step, players, commits, .. } if players.contains(&me) && !commits.contains_key(&me) => {
            let step = step.clone();
            let command = ruleset.complete(&game.replay.state, me, &typed).map_err(GameError::Rule)?;
            ruleset.check_sealed(&game.replay.state, me, &command).map_err(GameError::Rule)?;
            return seal(game, me, key, step, command.clone(), Vec::new()).map(|o| (command, o));
        }
        _ => return Err(GameError::OutOfTurn(format!("not now: {}", waiting_sentence(game)))),
    }
    let position = position_after(game, me, &staged.commands)?;
    let command = ruleset.complete(&position.state, me, &typed).map_err(GameError::Rule)?;
    // A draw of the author's own luck (`Ruleset::private_draw`), from the operating system.
    let command = ruleset.private_draw(&position.state, me, &command, &nonce::fresh().0).map_err(GameError::Rule)?;
    let outcome = play_completed(game, me, key, position, staged, command.clone())?;
    Ok((command, outcome))
}

fn play_completed(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    position: Position,
    staged: Staged,
    command: Value,
) -> Result<DoOutcome, GameError> {
    let ruleset = game.replay.ruleset;
    let state = &position.state;
    match ruleset.pending(state) {
        Pending::Sealed { step, players, .. } if players.contains(&me) => {
            ruleset.check_sealed(state, me, &command).map_err(GameError::Rule)?;
            seal(game, me, key, step, command, staged.commands)
        }
        Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. }
            if player == me =>
        {
            let mut next_hidden = position.next_hidden;
            match apply_own(game, state, me, &command, &mut next_hidden) {
                Ok(Own { events, .. }) => {
                    let mut commands = staged.commands;
                    commands.push(command);
                    save_staged(game, me, commands)?;
                    Ok(DoOutcome::Staged { events })
                }
                Err(ApplyError::NeedDice) => {
                    let mut commands = staged.commands;
                    commands.push(command);
                    let bodies = bodies_for(game, me, key, commands)?;
                    let ids = game.append_own(me, key, bodies)?;
                    save_staged(game, me, Vec::new())?;
                    Ok(DoOutcome::Signed { ids })
                }
                Err(ApplyError::Rule(e)) => Err(GameError::Rule(e)),
            }
        }
        Pending::Over { result, .. } => Err(GameError::Refused(format!("the game is over: {result}"))),
        other => Err(GameError::OutOfTurn(format!(
            "not your turn: {} must act ({})",
            other.players().iter().map(|p| game.replay.name(*p).to_string()).collect::<Vec<_>>().join(", "),
            other.prompt()
        ))),
    }
}

fn seal(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    step: String,
    choice: Value,
    staged: Vec<Value>,
) -> Result<DoOutcome, GameError> {
    let mut choices = sealed_choices(game)?;
    choices.insert(step.clone(), choice.clone());
    let bytes = serde_json::to_vec_pretty(&choices).map_err(|e| GameError::Refused(e.to_string()))?;
    // Keep the choice before committing to it: it must be opened later.
    game.store().write_private(SEALED, &bytes)?;
    let nonce = nonce::for_version(game.replay.version);
    let salt = sealed::salt(key, &game.replay.game, &game.replay.genesis_id, &step, nonce.as_ref());
    let commitment = sealed::commitment(&game.replay.game, &step, me.0, &salt, &choice);
    let mut bodies = bodies_for(game, me, key, staged)?;
    bodies.push(Body::Seal { step: step.clone(), commitment, nonce });
    let ids = game.append_own(me, key, bodies)?;
    save_staged(game, me, Vec::new())?;
    let id = ids.last().copied().ok_or_else(|| GameError::Refused("the seal was not signed".into()))?;
    Ok(DoOutcome::Sealed { step, id })
}

fn sealed_choices(game: &Game) -> Result<BTreeMap<String, Value>, GameError> {
    match game.store().read_side(SEALED)? {
        None => Ok(BTreeMap::new()),
        Some(bytes) => {
            serde_json::from_slice(&bytes).map_err(|e| GameError::Refused(format!("{SEALED} is damaged: {e}")))
        }
    }
}

/// Drop the last staged command (or all). Returns what was dropped.
pub fn undo(game: &Game, all: bool) -> Result<Vec<Value>, GameError> {
    let Staged { player, commands: mut staged, .. } = staged(game)?;
    let dropped = if all { std::mem::take(&mut staged) } else { staged.pop().into_iter().collect() };
    save_staged(game, PlayerId(player), staged)?;
    Ok(dropped)
}

/// Sign the staged commands.
pub fn flush(game: &mut Game, me: PlayerId, key: &SecretKey) -> Result<Vec<EntryId>, GameError> {
    let staged = staged(game)?;
    if staged.commands.is_empty() {
        return Ok(Vec::new());
    }
    let bodies = bodies_for(game, me, key, staged.commands)?;
    let ids = game.append_own(me, key, bodies)?;
    save_staged(game, me, Vec::new())?;
    Ok(ids)
}

/// The `open` entry's openings of `me`'s concealed commands `indices`, from `hidden.json`
/// (each salt made again from the key and checked against the one kept).
fn openings(game: &Game, me: PlayerId, key: &SecretKey, indices: &[u32]) -> Result<Vec<Opening>, GameError> {
    let records = game.replay.hidden.get(me.index()).map(Vec::as_slice).unwrap_or_default();
    let private = game.replay.knowledge.private.as_ref().filter(|p| p.player == me.0);
    let mut out = Vec::with_capacity(indices.len());
    for &i in indices {
        let record = records
            .get(i as usize)
            .ok_or_else(|| GameError::Refused(format!("you have no concealed command #{i} to open")))?;
        let kept = private.and_then(|p| p.commands.get(&record.nonce)).ok_or_else(|| {
            GameError::Refused(format!(
                "your concealed command #{i} ({}) is not in this game's {}: it cannot be opened, and the game \
                 cannot go on without it",
                record.entry.id.short(),
                hidden::PRIVATE_FILE
            ))
        })?;
        // A command the seat's former holder made (docs/PROTOCOL.md section 13.2) has the salt
        // their key made, kept in the seat file they handed over; the replay checks it.
        let mine = game.replay.holder(me).is_some_and(|h| record.entry.entry.seq >= h.from);
        let salt =
            if mine { hidden::salt(key, &game.replay.game, &game.replay.genesis_id, &record.nonce) } else { kept.salt };
        if salt != kept.salt {
            return Err(GameError::Refused(format!(
                "the salt kept for your concealed command #{i} is not the one your key makes: {} is damaged",
                hidden::PRIVATE_FILE
            )));
        }
        out.push(Opening { entry: record.entry.id, salt, command: kept.command.clone() });
    }
    Ok(out)
}

/// Is anything owed by `me` something the program does without a decision?
pub fn owes_mechanical(game: &Game, me: PlayerId) -> bool {
    game.replay
        .owed()
        .iter()
        .any(|(p, o)| *p == me && matches!(o, Owed::Unseal { .. } | Owed::Reveal { .. } | Owed::Open { .. }))
}

/// Sign what the protocol asks of `me` that needs no decision: open sealed choices once
/// all are sealed, open the concealed commands the rules reveal (and all of them once the
/// game is over), reveal dice chain values, and commit to a fresh chain when it runs low.
pub fn settle(game: &mut Game, me: PlayerId, key: &SecretKey) -> Result<Vec<EntryId>, GameError> {
    let mut ids = Vec::new();
    // A seat handed back to this key (docs/PROTOCOL.md section 13.7): take it first.
    if game.replay.awaits_take(me) && game.replay.holder(me).is_some_and(|h| h.key == key.public()) {
        let body = crate::create::take_body(game, me, key)?;
        ids.extend(game.append_own(me, key, vec![body])?);
    }
    // Each round signs at least one entry or stops; a game owes finitely many.
    for _ in 0..1000 {
        let owed: Vec<Owed> = game.replay.owed().into_iter().filter(|(p, _)| *p == me).map(|(_, o)| o).collect();
        let mut bodies = Vec::new();
        for o in owed {
            match o {
                Owed::Unseal { step } => {
                    let choice = sealed_choices(game)?.remove(&step).ok_or_else(|| {
                        GameError::Refused(format!(
                            "your sealed choice for `{step}` is not in {SEALED}: it cannot be opened"
                        ))
                    })?;
                    let nonce = own_seal_nonce(game, me, &step);
                    let salt = sealed::salt(key, &game.replay.game, &game.replay.genesis_id, &step, nonce.as_ref());
                    bodies.push(Body::Unseal { step, choice, salt });
                }
                Owed::Reveal { request, generation, .. } => {
                    let chain = game.replay.chains[me.index()]
                        .get(generation as usize)
                        .map(|c| c.state.clone())
                        .ok_or_else(|| GameError::Refused(format!("you have no dice chain {generation}")))?;
                    let index = chain.used + 1;
                    let origin = game.replay.chain_origin(me, chain.commit.generation, chain.commit.nonce);
                    let value = chain::reveal_value(key, &origin, &chain.commit, index).ok_or_else(|| {
                        GameError::Refused("your dice chain is exhausted while a roll waits on it".into())
                    })?;
                    bodies.push(Body::Reveal { request, generation: chain.commit.generation, index, value });
                }
                Owed::Open { indices, .. } => {
                    bodies.push(Body::Open { openings: openings(game, me, key, &indices)?, nonce: nonce::fresh() });
                }
                _ => {}
            }
        }
        if bodies.is_empty() {
            break;
        }
        ids.extend(game.append_own(me, key, bodies)?);
    }
    // A finished game needs no more dice (and version 2 refuses a renewal after the end).
    if game.replay.over().is_none() {
        if let Some(chain) = game.replay.chain(me).cloned() {
            if chain::needs_renewal(chain.commit.length, chain.remaining()) {
                let body = Body::Chain { chain: new_chain(game, me, key, &chain.commit)? };
                ids.extend(game.append_own(me, key, vec![body])?);
            }
        }
    }
    Ok(ids)
}

/// The nonce of `me`'s seal for `step` (its salt mixes it in; none in version 1).
fn own_seal_nonce(game: &Game, me: PlayerId, step: &str) -> Option<Hash32> {
    game.entries.iter().rev().find_map(|e| match &e.entry.body {
        Body::Seal { step: s, nonce, .. } if e.entry.author == me.0 && s == step => *nonce,
        _ => None,
    })
}

/// The commitment that renews `current`: the next generation, of the same length (PROTOCOL.md
/// 5.2), with a fresh nonce in a version-2 game.
fn new_chain(
    game: &Game,
    me: PlayerId,
    key: &SecretKey,
    current: &crate::entry::ChainCommit,
) -> Result<crate::entry::ChainCommit, GameError> {
    let origin = game.replay.chain_origin(me, current.generation + 1, nonce::for_version(game.replay.version));
    chain::commit(key, &origin, current.length).map_err(|e| GameError::Refused(e.to_string()))
}

/// Sign staged work and everything owed, and make the packet for the other players.
pub fn send(game: &mut Game, me: PlayerId, key: &SecretKey) -> Result<Packet, GameError> {
    // A former holder of the seat, or one who resigned, signs nothing; they may still pass
    // on what they hold (docs/PROTOCOL.md section 13).
    if check_holder(game, me, key).is_ok() {
        flush(game, me, key)?;
        settle(game, me, key)?;
    }
    game.packet_to_send(me)
}

/// Who holds the game and why, in one sentence.
pub fn waiting_sentence(game: &Game) -> String {
    let owed = game.replay.owed();
    if let Some((result, _)) = game.replay.over() {
        if owed.is_empty() {
            return format!("the game is over: {result}");
        }
    }
    let parts: Vec<String> = owed
        .iter()
        .map(|(p, o)| {
            let who = game.replay.name(*p);
            match o {
                Owed::Join => format!("{who} must join"),
                Owed::Decide(pending) => format!("{who}: {}", pending.prompt()),
                Owed::Seal { step, prompt } => format!("{who} must seal a choice for `{step}` ({prompt})"),
                Owed::Unseal { step } => format!("{who} must open the sealed choice for `{step}`"),
                Owed::Open { indices, at_end } => format!(
                    "{who} must open concealed command{} {}{}",
                    if indices.len() == 1 { "" } else { "s" },
                    indices.iter().map(|i| format!("#{i}")).collect::<Vec<_>>().join(", "),
                    if *at_end { " (the game is over: everything concealed is shown)" } else { "" }
                ),
                Owed::Reveal { request, roller, request_seq, acked, .. } => format!(
                    "{who} must reveal dice for request {} ({}'s entry #{request_seq}){}",
                    request.short(),
                    game.replay.name(*roller),
                    if *acked { ", which they have acknowledged receiving" } else { "" }
                ),
            }
        })
        .collect();
    parts.join("; ")
}
