//! Creating and joining games.

use crate::chain;
use crate::entry::{Body, DiceConfig, DiceMode, Entry, Genesis, PlayerInfo, SignedEntry, ENTRY_VERSION};
use crate::game::{Game, GameError};
use crate::ids::GameId;
use crate::keys::SecretKey;
use crate::nonce;
use crate::packet::Packet;
use crate::replay::scenario_hash;
use grognard_engine::{AnyRuleset, PlayerId, Setup};
use std::path::Path;

/// Everything a genesis entry fixes, before it is signed.
pub struct NewGame<'a> {
    pub ruleset: &'a dyn AnyRuleset,
    /// What the game starts from: a scenario, or a written position played in one.
    pub setup: Setup,
    pub players: Vec<PlayerInfo>,
    /// Index of the creator in `players`.
    pub creator: usize,
    pub dice: DiceConfig,
    pub chain_length: u32,
}

/// A fresh random game id.
pub fn random_game_id() -> GameId {
    let mut id = [0u8; 16];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut id);
    GameId(id)
}

/// Sign the genesis entry of a new game (of the current protocol version).
pub fn genesis(new: &NewGame, key: &SecretKey, game: GameId) -> Result<SignedEntry, GameError> {
    genesis_of_version(new, key, game, ENTRY_VERSION)
}

/// Sign the genesis entry of a new game of protocol `version` (1 only to test that older
/// games still verify; new games are always of the current version).
pub fn genesis_of_version(
    new: &NewGame,
    key: &SecretKey,
    game: GameId,
    version: u32,
) -> Result<SignedEntry, GameError> {
    let data = new.ruleset.scenario_data(&new.setup).map_err(|e| GameError::Refused(e.to_string()))?;
    let info = new.ruleset.info();
    let origin = chain::Origin {
        game,
        anchor: chain::anchor(&crate::ids::EntryId([0; 32]), true, 0),
        generation: 0,
        nonce: nonce::for_version(version),
    };
    let chain = match new.dice.mode {
        DiceMode::Fair => {
            Some(chain::commit(key, &origin, new.chain_length).map_err(|e| GameError::Refused(e.to_string()))?)
        }
        _ => None,
    };
    let body = Body::Genesis(Genesis {
        ruleset: info.id,
        ruleset_version: info.version,
        scenario: new.setup.scenario.clone(),
        position: new.setup.position.clone(),
        options: new.setup.options.clone(),
        scenario_hash: scenario_hash(&data),
        players: new.players.clone(),
        dice: new.dice.clone(),
        chain,
    });
    let creator = u8::try_from(new.creator).map_err(|_| GameError::Refused("too many players".into()))?;
    let entry = Entry { v: version, game, author: creator, seq: 0, prev: None, acks: Vec::new(), body };
    Ok(SignedEntry::sign(entry, key))
}

/// Create the game directory of a new game; returns the game and its invitation packet.
pub fn create<'r>(
    dir: &Path,
    rulesets: &[&'r dyn AnyRuleset],
    new: &NewGame,
    key: &SecretKey,
) -> Result<(Game<'r>, Packet), GameError> {
    create_of_version(dir, rulesets, new, key, ENTRY_VERSION)
}

/// `create` for protocol `version` (1 only to test that older games still verify).
pub fn create_of_version<'r>(
    dir: &Path,
    rulesets: &[&'r dyn AnyRuleset],
    new: &NewGame,
    key: &SecretKey,
    version: u32,
) -> Result<(Game<'r>, Packet), GameError> {
    let genesis = genesis_of_version(new, key, random_game_id(), version)?;
    let game = Game::create(dir, rulesets, genesis)?;
    let packet = game.packet_for_others(PlayerId(new.creator as u8));
    Ok((game, packet))
}

/// The genesis entry of an invitation packet.
pub fn invitation_genesis(packet: &Packet) -> Result<&SignedEntry, GameError> {
    packet
        .entries
        .iter()
        .find(|e| matches!(e.entry.body, Body::Genesis(_)))
        .ok_or_else(|| GameError::Refused("the packet holds no invitation (no genesis entry)".into()))
}

/// The seat of `key` in a genesis entry.
pub fn seat_of(genesis: &SignedEntry, key: &SecretKey) -> Option<PlayerId> {
    let Body::Genesis(g) = &genesis.entry.body else { return None };
    let mine = key.public().to_hex();
    g.players.iter().position(|p| p.key == mine).map(|i| PlayerId(i as u8))
}

/// Join a game from its invitation packet: create the local game directory, import the
/// packet and sign the join (with a dice chain when the game uses fair dice).
pub fn join<'r>(
    dir: &Path,
    rulesets: &[&'r dyn AnyRuleset],
    packet: &Packet,
    key: &SecretKey,
) -> Result<(Game<'r>, PlayerId), GameError> {
    join_with_mark(dir, rulesets, packet, key, None)
}

/// `join`, keeping the player's high-water mark at `mark` (see `mark.rs`): a player who has
/// ever signed in this game on this machine is refused, since joining again would sign a
/// second entry for places of their feed. Restarting means a new game.
pub fn join_with_mark<'r>(
    dir: &Path,
    rulesets: &[&'r dyn AnyRuleset],
    packet: &Packet,
    key: &SecretKey,
    mark: Option<crate::mark::FeedMark>,
) -> Result<(Game<'r>, PlayerId), GameError> {
    if let Some(m) = mark.as_ref().map(|m| m.read()).transpose()?.flatten() {
        return Err(GameError::Refused(format!(
            "you have already joined this game and signed up to entry #{} of your feed ({}): joining it \
             again would sign a second history; to restart, the creator must start a new game",
            m.seq,
            m.id.short()
        )));
    }
    let genesis = invitation_genesis(packet)?.clone();
    // Check everything before the directory exists.
    let checked = crate::verify::check(rulesets, packet.entries.clone(), crate::verify::SigCheck::All)?;
    // A genesis player joins; a seat's new holder (docs/PROTOCOL.md section 13) takes it.
    let (me, taking) = match seat_of(&genesis, key) {
        Some(me) => (me, false),
        None => {
            let mine = key.public();
            let seat =
                checked.replay.seats.players().find(|p| checked.replay.holder(*p).is_some_and(|h| h.key == mine));
            let me = seat.ok_or_else(|| {
                GameError::Refused(
                    "your key is not one of this game's players, nor the new holder of one of its seats".into(),
                )
            })?;
            (me, true)
        }
    };
    let Body::Genesis(g) = &genesis.entry.body else { unreachable!("found as a genesis") };
    let already = if taking {
        !checked.replay.awaits_take(me)
    } else {
        checked.entries.iter().any(|e| e.entry.author == me.0 && e.entry.seq == 0)
    };
    let mut game = Game::create(dir, rulesets, genesis.clone())?;
    if let Some(mark) = mark {
        game.set_mark(mark, me);
    }
    game.import(packet)?;
    if !already {
        let body = if taking {
            take_body(&game, me, key)?
        } else {
            let chain = match g.dice.mode {
                DiceMode::Fair => {
                    let length = g.chain.map_or(chain::DEFAULT_CHAIN_LENGTH, |c| c.length);
                    let origin = game.replay.chain_origin(me, 0, nonce::for_version(game.replay.version));
                    Some(chain::commit(key, &origin, length).map_err(|e| GameError::Refused(e.to_string()))?)
                }
                _ => None,
            };
            Body::Join { chain }
        };
        game.append_own(me, key, vec![body])?;
    }
    Ok((game, me))
}

/// The `take` of `me`'s seat by its new holder `key` (docs/PROTOCOL.md section 13.4): with
/// fair dice, a fresh chain of the generation after the seat's latest, as long as the
/// game's first chain, derived from the new holder's own secret.
pub fn take_body(game: &Game, me: PlayerId, key: &SecretKey) -> Result<Body, GameError> {
    let replay = &game.replay;
    let chain = match replay.genesis.dice.mode {
        DiceMode::Fair => {
            let generation = replay.chains[me.index()].last().map_or(0, |c| c.state.commit.generation + 1);
            let length = replay.genesis.chain.map_or(chain::DEFAULT_CHAIN_LENGTH, |c| c.length);
            let origin = replay.chain_origin(me, generation, nonce::for_version(replay.version));
            Some(chain::commit(key, &origin, length).map_err(|e| GameError::Refused(e.to_string()))?)
        }
        _ => None,
    };
    Ok(Body::Take { chain })
}
