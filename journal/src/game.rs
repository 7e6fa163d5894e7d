//! A game on disk: its directory, its verified journal, and the only ways to change it.
//! Every change is checked completely in memory first; the file is touched only when the
//! whole change is valid, so a refused packet or command leaves the journal byte-identical.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use crate::entry::{Ack, Body, Entry, SignedEntry};
use crate::error::Problem;
use crate::hidden::{Private, PRIVATE_FILE};
use crate::ids::EntryId;
use crate::keys::SecretKey;
use crate::packet::{Packet, PacketError};
use crate::replay::Replay;
use crate::store::{Store, StoreError, TornTail};
use crate::verify::{check, check_knowing, SigCheck};
use grognard_engine::{AnyRuleset, PlayerId};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The most entries a game's journal may hold (docs/PROTOCOL.md, section 10): an import or
/// an append that would make it longer is refused. Opening a longer journal still works.
pub const MAX_GAME_ENTRIES: usize = 100_000;

/// The local player's concealed commands kept in the game directory, if any.
fn read_private(store: &Store) -> Result<Option<Private>, GameError> {
    let Some(bytes) = store.read_side(PRIVATE_FILE)? else { return Ok(None) };
    serde_json::from_slice(&bytes).map(Some).map_err(|e| {
        GameError::Refused(format!(
            "{PRIVATE_FILE} is damaged ({e}): it holds your concealed commands, which you must open later"
        ))
    })
}

/// Refuse a journal that would hold `total` entries, past [`MAX_GAME_ENTRIES`].
pub fn check_game_entries(total: usize) -> Result<(), GameError> {
    if total > MAX_GAME_ENTRIES {
        return Err(GameError::TooLong { total });
    }
    Ok(())
}

#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Problem(#[from] Problem),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Packet(#[from] PacketError),
    #[error("the packet belongs to game {packet}, not to this game ({local})")]
    OtherGame { packet: String, local: String },
    #[error("{0}")]
    Refused(String),
    /// A rule of the game refused a command (or its text could not be read: rule `input`).
    #[error("{0}")]
    Rule(grognard_engine::RuleError),
    /// It is not this player's decision now.
    #[error("{0}")]
    OutOfTurn(String),
    #[error(
        "the journal would hold {total} entries; a game holds at most {MAX_GAME_ENTRIES} \
         (a flood of entries is refused whole; nothing was written)"
    )]
    TooLong { total: usize },
}

impl GameError {
    /// A short stable name for scripts.
    /// The rule of the game behind the refusal, if a rule refused: "9.1", or "input" for
    /// text that is not a command at all.
    pub fn rule(&self) -> Option<&str> {
        match self {
            GameError::Rule(e) => Some(e.rule.as_str()),
            GameError::Problem(p) => p.rule(),
            _ => None,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            GameError::Problem(p) => p.code(),
            GameError::Store(_) => "storage",
            GameError::Packet(_) => "packet",
            GameError::OtherGame { .. } => "other-game",
            GameError::Refused(_) => "refused",
            GameError::Rule(e) if e.rule == "input" => "parse",
            GameError::Rule(_) => "illegal",
            GameError::OutOfTurn(_) => "out-of-turn",
            GameError::TooLong { .. } => "too-long",
        }
    }
}

/// What an import did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportReport {
    /// Entries new to this journal, in canonical order.
    pub added: Vec<EntryId>,
    /// Entries this journal already had.
    pub known: usize,
}

pub struct Game<'r> {
    store: Store,
    rulesets: Vec<&'r dyn AnyRuleset>,
    pub entries: Vec<SignedEntry>,
    pub replay: Replay<'r>,
    /// Bytes of an append that never completed (reported, cut by the next append).
    pub torn_tail: Option<TornTail>,
    /// The high-water mark of the local player's own feed, when the caller keeps one.
    mark: Option<crate::mark::FeedMark>,
    /// The local player, when the caller plays a seat (set with the mark).
    me: Option<PlayerId>,
}

impl<'r> Game<'r> {
    /// Start a game directory from its genesis entry.
    pub fn create(dir: &Path, rulesets: &[&'r dyn AnyRuleset], genesis: SignedEntry) -> Result<Game<'r>, GameError> {
        let checked = check(rulesets, vec![genesis], SigCheck::All)?;
        let store = Store::create(dir)?;
        let records: Vec<Vec<u8>> = checked.entries.iter().map(SignedEntry::record).collect();
        store.append(&records)?;
        let game = Game {
            store,
            rulesets: rulesets.to_vec(),
            entries: checked.entries,
            replay: checked.replay,
            torn_tail: None,
            mark: None,
            me: None,
        };
        game.note_arrivals(game.entries.iter().map(|e| e.id));
        Ok(game)
    }

    /// Open and verify a game directory completely.
    pub fn open(dir: &Path, rulesets: &[&'r dyn AnyRuleset]) -> Result<Game<'r>, GameError> {
        let store = Store::open(dir)?;
        let loaded = store.load()?;
        let private = read_private(&store)?;
        // Signatures this client checked before, on these very bytes, are not checked again.
        let verified = crate::snapshot::verified_prefix(&store, &loaded.records);
        let checked = crate::verify::check_records_after(rulesets, &loaded.records, private, verified)?;
        Ok(Game {
            store,
            rulesets: rulesets.to_vec(),
            entries: checked.entries,
            replay: checked.replay,
            torn_tail: loaded.torn_tail,
            mark: None,
            me: None,
        })
    }

    /// Keep `command`, which the local player `me` conceals in the entry with `nonce`, before
    /// signing it: in the private side file `hidden.json` (it must be opened later, and only
    /// its salt can be made again) and in this replay's knowledge.
    pub fn keep_concealed(
        &mut self,
        me: PlayerId,
        nonce: crate::ids::Hash32,
        kept: crate::hidden::Kept,
    ) -> Result<(), GameError> {
        let mut private = read_private(&self.store)?.unwrap_or(Private { player: me.0, ..Private::default() });
        if private.player != me.0 {
            return Err(GameError::Refused(format!(
                "{PRIVATE_FILE} holds player {}'s concealed commands, not player {}'s",
                private.player, me.0
            )));
        }
        private.commands.insert(nonce, kept);
        let bytes = serde_json::to_vec_pretty(&private).map_err(|e| GameError::Refused(e.to_string()))?;
        self.store.write_private(PRIVATE_FILE, &bytes)?;
        self.replay.knowledge.private = Some(private);
        Ok(())
    }

    /// Keep the local player's high-water mark at `mark` (see `mark.rs`): `append_own`
    /// then refuses to sign where the player has signed before, and raises the mark.
    /// The seat file: the local player's kept concealed commands (`hidden.json`), which a
    /// holder who hands the seat over gives the new holder (docs/PROTOCOL.md section 13.2).
    pub fn seat_file(&self) -> Result<Option<Vec<u8>>, GameError> {
        Ok(self.store.read_side(PRIVATE_FILE)?)
    }

    /// Keep the seat file a former holder of `me`'s seat handed over.
    pub fn adopt_seat_file(&mut self, me: PlayerId, bytes: &[u8]) -> Result<(), GameError> {
        let private: Private = serde_json::from_slice(bytes)
            .map_err(|e| GameError::Refused(format!("the seat file is not a {PRIVATE_FILE} file: {e}")))?;
        if private.player != me.0 {
            return Err(GameError::Refused(format!(
                "the seat file holds seat {}'s concealed commands, not seat {}'s",
                private.player, me.0
            )));
        }
        let bytes = serde_json::to_vec_pretty(&private).map_err(|e| GameError::Refused(e.to_string()))?;
        self.store.write_private(PRIVATE_FILE, &bytes)?;
        self.replay.knowledge.private = Some(private);
        Ok(())
    }

    pub fn set_mark(&mut self, mark: crate::mark::FeedMark, me: PlayerId) {
        self.me = Some(me);
        self.mark = Some(mark);
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn genesis(&self) -> &SignedEntry {
        &self.entries[0]
    }

    /// Import a packet: accept it whole or change nothing.
    pub fn import(&mut self, packet: &Packet) -> Result<ImportReport, GameError> {
        if packet.game != self.replay.game {
            return Err(GameError::OtherGame { packet: packet.game.to_hex(), local: self.replay.game.to_hex() });
        }
        check_packet_order(packet)?;
        self.import_entries(packet.entries.iter())
    }

    /// Import several packets of this game at once, in one verification of the union of
    /// their fresh entries: the cost is that of their entries, not of their number. Each
    /// packet is checked as [`Game::import`] checks it; all or nothing: on any problem nothing
    /// is written (import them one by one to find the packet at fault). An entry in several
    /// packets counts once among the added, and as known in the others.
    pub fn import_many(&mut self, packets: &[Packet]) -> Result<ImportReport, GameError> {
        for packet in packets {
            if packet.game != self.replay.game {
                return Err(GameError::OtherGame { packet: packet.game.to_hex(), local: self.replay.game.to_hex() });
            }
            check_packet_order(packet)?;
        }
        self.import_entries(packets.iter().flat_map(|p| &p.entries))
    }

    /// The common part of the imports: entries this journal holds keep the lowest valid
    /// signature seen (PROTOCOL.md 7.2), the fresh ones are verified with everything, and
    /// the file changes only if all of it is valid.
    fn import_entries<'a>(
        &mut self,
        incoming: impl Iterator<Item = &'a SignedEntry>,
    ) -> Result<ImportReport, GameError> {
        let mut base = self.entries.clone();
        let position: HashMap<EntryId, usize> = base.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        let mut fresh_ids: HashSet<EntryId> = HashSet::new();
        let mut fresh: Vec<SignedEntry> = Vec::new();
        let mut known_count = 0;
        let mut resigned = false;
        for e in incoming {
            if let Some(&i) = position.get(&e.id) {
                known_count += 1;
                resigned |= keep_lowest_signature(&mut base[i], e, &self.replay)?;
            } else if fresh_ids.insert(e.id) {
                fresh.push(e.clone());
            } else {
                known_count += 1;
            }
        }
        if fresh.is_empty() {
            if resigned {
                let replay = self.replay.clone();
                self.commit(base, replay, true)?;
            }
            return Ok(ImportReport { added: Vec::new(), known: known_count });
        }
        check_game_entries(base.len() + fresh.len())?;
        base.extend(fresh);
        let private = self.replay.knowledge.private.clone();
        let checked = check_knowing(&self.rulesets, base, SigCheck::Only(&fresh_ids), private)?;
        if let Some(me) = self.me {
            held_back(&checked, me)?;
        }
        let added: Vec<EntryId> = checked.entries.iter().map(|e| e.id).filter(|id| fresh_ids.contains(id)).collect();
        self.commit(checked.entries, checked.replay, resigned)?;
        Ok(ImportReport { added, known: known_count })
    }

    /// Write a verified journal that holds at least the old entries: append when the old
    /// order is a prefix of the new one (the usual case), else replace the file atomically
    /// (concurrent entries that sort before some of ours, or `signatures_changed`: an entry
    /// now kept with a lower signature).
    fn commit(
        &mut self,
        entries: Vec<SignedEntry>,
        replay: Replay<'r>,
        signatures_changed: bool,
    ) -> Result<(), GameError> {
        let old = self.entries.len();
        let prefix =
            !signatures_changed && old <= entries.len() && self.entries.iter().zip(&entries).all(|(a, b)| a.id == b.id);
        let arrived: Vec<EntryId> = if prefix {
            let records: Vec<Vec<u8>> = entries[old..].iter().map(SignedEntry::record).collect();
            self.store.append(&records)?;
            entries[old..].iter().map(|e| e.id).collect()
        } else {
            let records: Vec<Vec<u8>> = entries.iter().map(SignedEntry::record).collect();
            self.store.rewrite(&records)?;
            let held: HashSet<EntryId> = self.entries.iter().map(|e| e.id).collect();
            entries.iter().map(|e| e.id).filter(|id| !held.contains(id)).collect()
        };
        self.torn_tail = None;
        self.entries = entries;
        self.replay = replay;
        crate::snapshot::note(&self.store, &self.entries);
        self.note_arrivals(arrived.into_iter());
        Ok(())
    }

    /// Note, by the local clock, when the entries `arrived` entered this copy (side file
    /// `arrivals`: one `<id> <unix seconds>` line each). Information for the player ("waiting
    /// since..."); nothing in the game depends on it, and a failure to write it is ignored.
    fn note_arrivals(&self, arrived: impl Iterator<Item = EntryId>) {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let lines: String = arrived.map(|id| format!("{id} {now}\n")).collect();
        if !lines.is_empty() {
            let _ = self.store.append_side(ARRIVALS, lines.as_bytes());
        }
    }

    /// When `id` entered this copy, by the local clock (unix seconds), if noted.
    pub fn arrival(&self, id: &EntryId) -> Option<u64> {
        noted_arrival(&self.store, id)
    }

    /// Sign `body` as the next entry of `author`'s feed (not yet appended).
    pub fn sign_next(&self, author: PlayerId, key: &SecretKey, body: Body) -> SignedEntry {
        sign_after_capped(&self.entries, &ack_caps(&self.replay, author), author, key, body)
    }

    /// Sign and append entries of the local player, checking each against the rules first.
    pub fn append_own(
        &mut self,
        author: PlayerId,
        key: &SecretKey,
        bodies: Vec<Body>,
    ) -> Result<Vec<EntryId>, GameError> {
        if self.replay.holder(author).is_none_or(|h| h.key != key.public()) {
            return Err(GameError::Refused(format!(
                "this key does not hold seat {} ({} does)",
                author.0,
                self.replay.name(author)
            )));
        }
        self.check_mark(author)?;
        check_game_entries(self.entries.len() + bodies.len())?;
        let mut replay = self.replay.clone();
        let mut entries = self.entries.clone();
        let mut ids = Vec::new();
        for body in bodies {
            let signed = sign_after_capped(&entries, &ack_caps(&replay, author), author, key, body);
            if signed.bytes.len() > crate::entry::MAX_ENTRY_BYTES {
                return Err(GameError::Refused(format!(
                    "the entry would be {} bytes; the limit is {}",
                    signed.bytes.len(),
                    crate::entry::MAX_ENTRY_BYTES
                )));
            }
            replay.apply(&signed)?;
            ids.push(signed.id);
            entries.push(signed);
        }
        self.commit(entries, replay, false)?;
        Ok(ids)
    }

    /// The packet for the other players, once the local player's mark is raised to the last
    /// entry it carries of theirs: what leaves this machine is what the mark guards.
    pub fn packet_to_send(&self, me: PlayerId) -> Result<Packet, GameError> {
        if let (Some(mark), Some(last)) = (&self.mark, self.entries.iter().rev().find(|e| e.entry.author == me.0)) {
            mark.raise(crate::mark::Mark { seq: last.entry.seq, id: last.id })?;
        }
        Ok(self.packet_for_others(me))
    }

    /// Refuse to sign when the mark says this player signed an entry this journal lacks, or
    /// another entry than the journal holds for that place: signing now could put two
    /// entries in one place of the player's feed.
    fn check_mark(&self, author: PlayerId) -> Result<(), GameError> {
        let Some(mark) = &self.mark else { return Ok(()) };
        let Some(m) = mark.read()? else { return Ok(()) };
        let held = self.entries.iter().find(|e| e.entry.author == author.0 && e.entry.seq == m.seq);
        match held {
            Some(e) if e.id == m.id => Ok(()),
            Some(e) => Err(GameError::Refused(format!(
                "this journal holds {} at place #{} of your feed, but you signed {} there (by {}): \
                 the journal is not the one you played; nothing was signed",
                e.id.short(),
                m.seq,
                m.id.short(),
                mark.path().display()
            ))),
            None => Err(GameError::Refused(format!(
                "you have signed entries up to #{} of your feed ({}) that this journal lacks (it was \
                 restored or lost): import them back from an opponent's packet before signing anything, \
                 since signing now would put two entries in one place of your feed",
                m.seq,
                m.id.short()
            ))),
        }
    }

    /// Every entry of the journal: what a seat's new holder, who holds nothing yet, needs
    /// (docs/PROTOCOL.md section 13).
    pub fn packet_all(&self) -> Packet {
        Packet { game: self.replay.game, entries: self.entries.clone(), letters: Vec::new() }
    }

    /// The packet of everything some other player may not have: every entry not in the
    /// causal past of that player's latest entry.
    pub fn packet_for_others(&self, me: PlayerId) -> Packet {
        let players = self.replay.keys.len();
        // seen[r][x] = how many of x's entries player r has provably seen.
        let mut seen = vec![vec![0u64; players]; players];
        for e in &self.entries {
            let r = usize::from(e.entry.author);
            seen[r][r] = e.entry.seq + 1;
            for k in &e.entry.acks {
                seen[r][usize::from(k.author)] = seen[r][usize::from(k.author)].max(k.seq + 1);
            }
        }
        // A seat's new holder who has not taken it holds nothing yet: they need everything
        // (docs/PROTOCOL.md section 13), and a mail to them carries the whole journal.
        for (r, row) in seen.iter_mut().enumerate() {
            if self.replay.awaits_take(PlayerId(r as u8)) {
                row.iter_mut().for_each(|s| *s = 0);
            }
        }
        let entries = self
            .entries
            .iter()
            .filter(|e| (0..players).any(|r| r != me.index() && seen[r][usize::from(e.entry.author)] <= e.entry.seq))
            .cloned()
            .collect();
        Packet { game: self.replay.game, entries, letters: Vec::new() }
    }
}

/// Sign `body` as the entry that follows `entries` in `author`'s feed: the next seq, a
/// link to the author's previous entry (the genesis for a join), and an ack of the latest
/// entry of every other feed.
pub fn sign_after(
    entries: &[SignedEntry],
    players: usize,
    author: PlayerId,
    key: &SecretKey,
    body: Body,
) -> SignedEntry {
    sign_after_capped(entries, &vec![None; players], author, key, body)
}

/// Per seat, how far the local player may ack it ([`Replay::ack_cap`]); `None`: its latest.
fn ack_caps(replay: &Replay, me: PlayerId) -> Vec<Option<u64>> {
    (0..replay.keys.len()).map(|x| replay.ack_cap(me, PlayerId(x as u8))).collect()
}

/// [`sign_after`], acking seat `x` no further than `caps[x]` when it is set (a vote binds
/// its voter's acks, docs/PROTOCOL.md section 13.3).
pub fn sign_after_capped(
    entries: &[SignedEntry],
    caps: &[Option<u64>],
    author: PlayerId,
    key: &SecretKey,
    body: Body,
) -> SignedEntry {
    let mut latest: Vec<Option<Ack>> = vec![None; caps.len()];
    for e in entries {
        let a = usize::from(e.entry.author);
        if caps.get(a).copied().flatten().is_some_and(|cap| e.entry.seq > cap) {
            continue;
        }
        latest[a] = Some(Ack { author: e.entry.author, seq: e.entry.seq, id: e.id });
    }
    let (seq, prev) = match latest[author.index()].take() {
        Some(mine) => (mine.seq + 1, Some(mine.id)),
        None => (0, Some(entries[0].id)),
    };
    // Every entry of a game carries its genesis's protocol version.
    let entry = Entry {
        v: entries[0].entry.v,
        game: entries[0].entry.game,
        author: author.0,
        seq,
        prev,
        acks: latest.into_iter().flatten().collect(),
        body,
    };
    SignedEntry::sign(entry, key)
}

/// The side file noting when entries arrived (information only).
const ARRIVALS: &str = "arrivals";

/// When `id` entered the copy of the game stored in `store`, by the local clock (unix
/// seconds), if noted; for a reader that does not open the game (the archive).
pub fn noted_arrival(store: &Store, id: &EntryId) -> Option<u64> {
    let bytes = store.read_side(ARRIVALS).ok()??;
    let hex = id.to_hex();
    String::from_utf8_lossy(&bytes).lines().find_map(|l| {
        let (i, t) = l.split_once(' ')?;
        (i == hex).then(|| t.parse().ok()).flatten()
    })
}

/// An entry this journal holds arrives again with other signature bytes: ed25519 lets a key
/// holder sign one message in many ways, and the id does not cover the signature. The copy
/// keeps the lowest valid signature (compared as bytes), so copies that have seen the same
/// entries hold the same bytes whatever the order of arrival. An invalid one is refused.
/// Returns whether `held` changed.
fn keep_lowest_signature(held: &mut SignedEntry, incoming: &SignedEntry, replay: &Replay) -> Result<bool, GameError> {
    let (mine, theirs) = (held.signature.to_bytes(), incoming.signature.to_bytes());
    if mine == theirs {
        return Ok(false);
    }
    let author = incoming.entry.author;
    let valid = replay.key_at(PlayerId(author), incoming.entry.seq).is_some_and(|k| incoming.verify(k));
    if !valid {
        return Err(GameError::Problem(Problem::BadSignature { entry: crate::error::Where::of(incoming), author }));
    }
    if theirs < mine {
        held.signature = incoming.signature;
        return Ok(true);
    }
    Ok(false)
}

/// Refuse entries of a seat the local player voted to replace, signed after the vote's cut,
/// while the round has not failed: they would count for nothing if it completes, and the
/// player's own entries may not ack them (docs/PROTOCOL.md section 13.3).
fn held_back(checked: &crate::verify::Checked, me: PlayerId) -> Result<(), GameError> {
    for x in checked.replay.seats.players() {
        let Some(cap) = checked.replay.ack_cap(me, x) else { continue };
        if let Some(e) = checked.entries.iter().find(|e| e.entry.author == x.0 && e.entry.seq > cap) {
            return Err(GameError::Refused(format!(
                "13.3: you voted to replace {} after their entry #{cap}; their entry #{} ({}) is held back: it \
                 counts only if that round of votes fails (another player who saw it votes otherwise), and \
                 nothing was imported",
                checked.replay.name(x),
                e.entry.seq,
                e.id.short()
            )));
        }
    }
    Ok(())
}

/// A packet lists each entry once, after the entries of the packet it links to (its
/// author's previous entry and the entries it acks).
fn check_packet_order(packet: &Packet) -> Result<(), Problem> {
    let mut seen: HashSet<EntryId> = HashSet::new();
    let ids: HashSet<EntryId> = packet.entries.iter().map(|e| e.id).collect();
    for e in &packet.entries {
        if !seen.insert(e.id) {
            return Err(Problem::Duplicate { entry: crate::error::Where::of(e) });
        }
        let links = e.entry.prev.iter().chain(e.entry.acks.iter().map(|k| &k.id));
        if let Some(before) = links.filter(|id| ids.contains(id)).find(|id| !seen.contains(id)) {
            return Err(Problem::Link {
                entry: crate::error::Where::of(e),
                reason: format!("the packet puts it before {}, an entry it follows", before.short()),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn a_game_holds_at_most_max_game_entries() {
        assert!(check_game_entries(MAX_GAME_ENTRIES).is_ok());
        let err = check_game_entries(MAX_GAME_ENTRIES + 1).unwrap_err();
        assert_eq!(err.code(), "too-long");
        assert!(err.to_string().contains("would hold 100001 entries; a game holds at most 100000"), "{err}");
    }
}
