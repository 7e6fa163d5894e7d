//! The local player's letters (docs/PROTOCOL.md section 14), in two private side files of the
//! game directory: `letters`, every letter this player can read (written or received), one
//! letter line each; and `letters.queue`, the letters written and not sent yet. The text is
//! opened only when the player reads them, with their key: receiving needs no key.

use crate::game::{Game, GameError};
use crate::ids::Hash32;
use crate::keys::SecretKey;
use crate::letter::{self, LetterError, Randomness, SignedLetter};
use grognard_engine::PlayerId;

const KEPT: &str = "letters";
const QUEUE: &str = "letters.queue";

fn read_lines(game: &Game, name: &str) -> Result<Vec<SignedLetter>, GameError> {
    let Some(bytes) = game.store().read_side(name)? else { return Ok(Vec::new()) };
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| {
            SignedLetter::parse(l).map_err(|e| GameError::Refused(format!("the side file `{name}` is damaged: {e}")))
        })
        .collect()
}

fn write_lines(game: &Game, name: &str, letters: &[SignedLetter]) -> Result<(), GameError> {
    let bytes: Vec<u8> = letters.iter().flat_map(|l| l.line().into_iter().chain([b'\n'])).collect();
    Ok(game.store().write_private(name, &bytes)?)
}

/// Keep `new` letters in `name`, each once (by id).
fn keep(game: &Game, name: &str, new: &[SignedLetter]) -> Result<usize, GameError> {
    let mut all = read_lines(game, name)?;
    let before = all.len();
    for l in new {
        if !all.iter().any(|k| k.id == l.id) {
            all.push(l.clone());
        }
    }
    if all.len() > before {
        write_lines(game, name, &all)?;
    }
    Ok(all.len() - before)
}

/// Write a letter from `me` to the seats `to` and queue it for the next packet sent.
pub fn write(
    game: &Game,
    me: PlayerId,
    key: &SecretKey,
    to: &[PlayerId],
    text: &str,
) -> Result<SignedLetter, GameError> {
    let r = &game.replay;
    if r.holder(me).is_none_or(|h| h.key != key.public()) {
        return Err(GameError::Refused(format!(
            "your key no longer holds seat {}: you write no letters in this game",
            me.0
        )));
    }
    let mut seats: Vec<PlayerId> = to.to_vec();
    seats.sort();
    seats.dedup();
    let mut readers = Vec::with_capacity(seats.len());
    for s in &seats {
        let holder = r.holder(*s).ok_or_else(|| GameError::Refused(format!("the game has no seat {}", s.0)))?;
        readers.push((s.0, holder.key));
    }
    let after = r.placed.get(me.index()).and_then(|n| n.checked_sub(1));
    let letter = letter::write(r.game, me.0, key, &readers, after, text, &Randomness::fresh())
        .map_err(|e| GameError::Refused(e.to_string()))?;
    keep(game, KEPT, std::slice::from_ref(&letter))?;
    keep(game, QUEUE, std::slice::from_ref(&letter))?;
    Ok(letter)
}

/// The letters written and not sent yet.
pub fn queued(game: &Game) -> Result<Vec<SignedLetter>, GameError> {
    read_lines(game, QUEUE)
}

/// The queued letters are on their way: empty the queue.
pub fn sent(game: &Game) -> Result<(), GameError> {
    Ok(game.store().remove_side(QUEUE)?)
}

/// What became of a letter that arrived.
#[derive(Debug)]
pub enum Arrival {
    /// Written to this player, and kept (new) or already held.
    ForYou { from: PlayerId, new: bool },
    /// Written to other players only: this player cannot read it, and it is not kept.
    ForOthers,
    /// Refused: not a letter of this game, or not signed by a holder of its author's seat.
    Refused(LetterError),
}

/// Check the letters of a packet and keep those written to `me` (their text stays sealed
/// until read).
pub fn receive(game: &Game, me: PlayerId, letters: &[SignedLetter]) -> Result<Vec<Arrival>, GameError> {
    let r = &game.replay;
    let mut held: Vec<Hash32> = read_lines(game, KEPT)?.iter().map(|l| l.id).collect();
    let mut out = Vec::with_capacity(letters.len());
    let mut mine = Vec::new();
    for l in letters {
        match l.check(&r.game, r.keys.len(), &seat_keys(game, l.letter.from)) {
            Err(e) => out.push(Arrival::Refused(e)),
            Ok(_) if !l.letter.to.contains(&me.0) => out.push(Arrival::ForOthers),
            Ok(_) => {
                let new = !held.contains(&l.id);
                if new {
                    held.push(l.id);
                    mine.push(l.clone());
                }
                out.push(Arrival::ForYou { from: PlayerId(l.letter.from), new });
            }
        }
    }
    keep(game, KEPT, &mine)?;
    Ok(out)
}

/// The keys that have held `seat`: a letter from it is signed by one of them.
fn seat_keys(game: &Game, seat: u8) -> Vec<crate::keys::PublicKey> {
    game.replay.holders.get(usize::from(seat)).map(|h| h.iter().map(|h| h.key).collect()).unwrap_or_default()
}

/// A letter as its reader reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    pub id: Hash32,
    pub from: PlayerId,
    pub to: Vec<PlayerId>,
    /// The author's feed place when writing.
    pub after: Option<u64>,
    pub text: String,
    /// Which of the seat's holders signed it (its name).
    pub signer: String,
}

/// Every letter this player can read, in the order they came, opened with `key`.
pub fn read_all(game: &Game, me: PlayerId, key: &SecretKey) -> Result<Vec<Read>, GameError> {
    let r = &game.replay;
    let mut out = Vec::new();
    for l in read_lines(game, KEPT)? {
        let holders: Vec<_> = r.holders.get(usize::from(l.letter.from)).cloned().unwrap_or_default();
        let signer = l
            .check(&r.game, r.keys.len(), &seat_keys(game, l.letter.from))
            .map_err(|e| GameError::Refused(e.to_string()))?;
        let text = l.open(me.0, key).map_err(|e| GameError::Refused(e.to_string()))?;
        out.push(Read {
            id: l.id,
            from: PlayerId(l.letter.from),
            to: l.letter.to.iter().map(|s| PlayerId(*s)).collect(),
            after: l.letter.after,
            text,
            signer: holders[signer].name.clone(),
        });
    }
    Ok(out)
}
