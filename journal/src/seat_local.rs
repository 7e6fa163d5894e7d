//! What the local player signs to leave a seat or to replace another seat's holder
//! (docs/PROTOCOL.md section 13): a resignation, a hand-over to a new key, a vote. The new
//! holder's `take` is signed when they join the game (`create::join`).

use crate::entry::Body;
use crate::game::{Game, GameError};
use crate::ids::EntryId;
use crate::keys::{check_identity, PublicKey, SecretKey};
use crate::local;
use crate::seat_change::Round;
use grognard_engine::PlayerId;

/// Who is to hold a seat next: a key with the name and address the others will see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewHolder {
    pub key: PublicKey,
    pub name: String,
    pub email: String,
}

impl NewHolder {
    pub fn new(key: PublicKey, name: &str, email: &str) -> Result<NewHolder, GameError> {
        check_identity(name, email).map_err(GameError::Refused)?;
        Ok(NewHolder { key, name: name.to_string(), email: email.to_string() })
    }
}

/// Refuse to give up a seat with staged commands: they would never be signed.
fn nothing_staged(game: &Game) -> Result<(), GameError> {
    let staged = local::staged(game)?;
    if !staged.commands.is_empty() {
        return Err(GameError::Refused(format!(
            "you have {} staged command(s): send or undo them first",
            staged.commands.len()
        )));
    }
    Ok(())
}

/// Resign the seat `me` holds. What the protocol asks that needs no decision (reveals,
/// openings) is signed first, so that the game does not wait on a resigned player for it.
pub fn resign(game: &mut Game, me: PlayerId, key: &SecretKey) -> Result<Vec<EntryId>, GameError> {
    nothing_staged(game)?;
    if game.replay.resigned[me.index()].is_some() {
        return Err(GameError::Refused("13.1: you have resigned already".into()));
    }
    let mut ids = local::settle(game, me, key)?;
    ids.extend(game.append_own(me, key, vec![Body::Resign {}])?);
    Ok(ids)
}

/// Hand the seat `me` holds over to `to`, after signing what needs no decision.
pub fn hand_over(game: &mut Game, me: PlayerId, key: &SecretKey, to: &NewHolder) -> Result<Vec<EntryId>, GameError> {
    nothing_staged(game)?;
    let mut ids = local::settle(game, me, key)?;
    let body = Body::Handover { key: to.key.to_hex(), name: to.name.clone(), email: to.email.clone() };
    ids.extend(game.append_own(me, key, vec![body])?);
    Ok(ids)
}

/// Vote to replace the holder of `seat` by `to`, in the first round `me` may vote in.
pub fn vote(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    seat: PlayerId,
    to: &NewHolder,
) -> Result<(Vec<EntryId>, u32), GameError> {
    if seat == me {
        return Err(GameError::Refused(
            "13.3: the other players vote to replace a seat's holder; resign or hand your seat over instead".into(),
        ));
    }
    if game.replay.awaits_take(seat) {
        return Err(GameError::Refused(format!(
            "13.3: seat {} already has a new holder ({}), who has not taken it yet",
            seat.0,
            game.replay.name(seat)
        )));
    }
    let round = game.replay.next_round(me, seat).ok_or_else(|| {
        GameError::Refused(format!(
            "13.3: you have voted in the current round on seat {}; you vote again only once that round fails \
             (another player votes otherwise)",
            seat.0
        ))
    })?;
    let body =
        Body::Replace { seat: seat.0, round, key: to.key.to_hex(), name: to.name.clone(), email: to.email.clone() };
    let ids = game.append_own(me, key, vec![body])?;
    Ok((ids, round))
}

/// The votes on `seat`'s current holder, for display: (voter, round, cut, new holder, state
/// of the round).
pub fn votes(game: &Game, seat: PlayerId) -> Vec<(PlayerId, u32, u64, NewHolder, Round)> {
    game.replay
        .votes_on(seat)
        .into_iter()
        .map(|v| {
            let holder = NewHolder { key: v.key, name: v.name.clone(), email: v.email.clone() };
            (v.voter, v.round, v.cut, holder, game.replay.round_state(seat, v.round))
        })
        .collect()
}

/// Agree that `to` is the second of `seat` (docs/PROTOCOL.md section 13.7), after `hours`
/// hours of holding the game by each client's clock. Every player, the seat's holder
/// included, signs the same for the agreement to stand.
pub fn agree_second(
    game: &mut Game,
    me: PlayerId,
    key: &SecretKey,
    seat: PlayerId,
    to: &NewHolder,
    hours: u32,
) -> Result<Vec<EntryId>, GameError> {
    let body =
        Body::Second { seat: seat.0, key: to.key.to_hex(), name: to.name.clone(), email: to.email.clone(), hours };
    game.append_own(me, key, vec![body])
}
