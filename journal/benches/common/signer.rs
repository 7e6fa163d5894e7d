//! A signer for the benchmarks' generated journals (shared by `verify.rs` and `hidden.rs`).

use grognard_engine::PlayerId;
use grognard_journal::entry::{Ack, Body, Entry, SignedEntry, ENTRY_VERSION};
use grognard_journal::ids::{EntryId, GameId};
use grognard_journal::keys::SecretKey;

/// Signs entries the way `game::sign_after` does, in O(1) per entry: it remembers the
/// latest entry of every feed instead of scanning the journal.
pub struct Signer {
    game: GameId,
    genesis: EntryId,
    latest: Vec<Option<Ack>>,
}

impl Signer {
    pub fn new(genesis: &SignedEntry, players: usize) -> Signer {
        let mut latest = vec![None; players];
        latest[usize::from(genesis.entry.author)] =
            Some(Ack { author: genesis.entry.author, seq: genesis.entry.seq, id: genesis.id });
        Signer { game: genesis.entry.game, genesis: genesis.id, latest }
    }

    pub fn sign(&mut self, author: PlayerId, key: &SecretKey, body: Body) -> SignedEntry {
        let (seq, prev) = match self.latest[author.index()] {
            Some(mine) => (mine.seq + 1, Some(mine.id)),
            None => (0, Some(self.genesis)),
        };
        let acks = self.latest.iter().flatten().filter(|k| k.author != author.0).copied().collect();
        let entry = Entry { v: ENTRY_VERSION, game: self.game, author: author.0, seq, prev, acks, body };
        let signed = SignedEntry::sign(entry, key);
        self.latest[author.index()] = Some(Ack { author: author.0, seq, id: signed.id });
        signed
    }
}
