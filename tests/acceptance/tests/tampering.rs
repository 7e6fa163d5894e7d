//! Tampering: every way of altering a packet or a journal is refused with its own error,
//! and the receiving player's journal file stays byte for byte what it was.
//!
//! Each test plays a real two-player game with fair dice (commands, seals, openings, dice
//! reveals and fresh dice chains; in the `powder` scenario also concealed commands and their
//! openings, docs/PROTOCOL.md section 12), lets player 1 forge or damage what they send, and
//! delivers it to player 0. At the end player 0 still accepts player 1's honest packet and
//! the game goes on.

use grognard_acceptance::{dice, rulesets, Lcg, Table};
use grognard_engine::{Pending, PlayerId};
use grognard_journal::canonical::{self, CanonicalError};
use grognard_journal::entry::{signing_message, Body, DiceMode, Entry, RecordError, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::game::{Game, GameError};
use grognard_journal::hidden::{self, Opening};
use grognard_journal::ids::EntryId;
use grognard_journal::keys::SecretKey;
use grognard_journal::packet::{Packet, PacketError};
use grognard_journal::replay::Owed;
use grognard_journal::{chain, local, nonce, verify};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

/// A game between player 0 (the victim) and player 1 (the forger).
struct Fixture {
    table: Table,
    rng: Lcg,
}

impl Fixture {
    /// A fair-dice game of the duel's `standard` scenario (6 rounds), played until both
    /// journals hold several commands, seals, openings and dice reveals.
    fn new() -> Fixture {
        Fixture::of("standard")
    }

    fn of(scenario: &str) -> Fixture {
        let mut f = Fixture { table: Table::new(scenario, 2, dice(DiceMode::Fair, vec![])), rng: Lcg(21) };
        f.rounds_until("commands, seals, openings and reveals in the journal", |f| {
            let g = f.table.open(0);
            ["command", "seal", "unseal", "reveal"]
                .iter()
                .all(|kind| g.entries.iter().filter(|e| e.entry.body.kind() == *kind).count() >= 3)
        });
        f
    }

    fn key(&self, i: usize) -> &SecretKey {
        &self.table.seats[i].key
    }

    /// Player `i` makes every decision they have (as `Table::play_to_end` does).
    fn act(&mut self, i: usize) {
        let me = self.table.seats[i].me;
        for _ in 0..8 {
            let rng = &mut self.rng;
            // Guarding keeps the duellists alive long enough for every case (the dice
            // differ from run to run: the game id is random). Charges are primed only where
            // a case wants one (the `powder` scenario), never at random.
            let mut pick = |legal: &[String]| match legal.iter().position(|c| c == "stance guard") {
                Some(guard) => guard,
                None => {
                    let plain: Vec<usize> = (0..legal.len()).filter(|&c| !legal[c].starts_with("prime")).collect();
                    plain[rng.below(plain.len())]
                }
            };
            if !self.table.decide(i, &mut pick) {
                break;
            }
            let g = self.table.open(i);
            let staged = local::staged(&g).expect("staged");
            if staged.commands.is_empty() {
                break;
            }
            let (state, _) = local::preview(&g, me, &staged).expect("preview");
            if !g.replay.ruleset.pending(&state).players().contains(&me) {
                break;
            }
        }
    }

    /// Both players decide, then both send and each imports the other's packet.
    fn round(&mut self) {
        assert!(!self.table.over(), "the game ended before the test could tamper with it");
        self.act(0);
        self.act(1);
        let packets = [self.table.send(0), self.table.send(1)];
        for (i, p) in packets.iter().enumerate() {
            if !p.entries.is_empty() {
                self.table.deliver(p, 1 - i).expect("an honest packet is accepted");
            }
        }
    }

    fn rounds_until(&mut self, what: &str, done: impl Fn(&Fixture) -> bool) {
        for _ in 0..80 {
            if done(self) {
                return;
            }
            self.round();
        }
        panic!("the game never reached this state: {what}");
    }

    /// The entries of `entries` that player 0's journal lacks, as a packet.
    fn fresh_for_p0(&self, entries: &[SignedEntry]) -> Packet {
        let g0 = self.table.open(0);
        let known: HashSet<EntryId> = g0.entries.iter().map(|e| e.id).collect();
        Packet {
            game: g0.replay.game,
            entries: entries.iter().filter(|e| !known.contains(&e.id)).cloned().collect(),
            letters: Vec::new(),
        }
    }

    /// Player 1 signs `body` as its next entry (properly, with its own key) and sends it with
    /// everything player 0 lacks: player 0 must refuse it as a rejected entry, unchanged.
    fn forged_by_p1_is_rejected(&self, g1: &Game, body: Body) -> GameError {
        let mut packet = self.fresh_for_p0(&g1.entries);
        packet.entries.push(g1.sign_next(P1, self.key(1), body));
        let err = refused(&self.table, &packet);
        assert_eq!(err.code(), "rejected", "{err}");
        err
    }

    /// An honest packet from player 1 holding at least `least` consecutive entries of
    /// player 1's feed that player 0 has not seen (player 1 plays on while player 0 waits:
    /// a reveal then a seal at the start of every round; three entries need a bonus
    /// before an action, or a fresh dice chain after a reveal).
    fn withheld(&mut self, least: usize) -> Packet {
        for _ in 0..300 {
            self.act(1);
            self.table.send(1);
            self.act(1);
            let p = self.table.send(1);
            let fresh = self.fresh_for_p0(&p.entries);
            if fresh.entries.len() >= least {
                assert!(fresh.entries.iter().all(|e| e.entry.author == 1));
                assert!(fresh.entries.windows(2).all(|w| w[1].entry.prev == Some(w[0].id)));
                return fresh;
            }
            if !p.entries.is_empty() {
                self.table.deliver(&p, 0).expect("an honest packet is accepted");
            }
            assert!(!self.table.over(), "the game ended before player 1 had {least} unsent entries");
            self.act(0);
            self.table.exchange(0);
        }
        panic!("player 1 never had {least} unsent entries");
    }

    /// Play on until player `i` must act in the action step (a bonus due taken first, and
    /// staged): the other player decides as in `round`, player `i` makes only its other
    /// decisions (initiative and stances), and each round both players send and import.
    fn until_action(&mut self, i: usize) {
        let me = self.table.seats[i].me;
        let key = SecretKey::from_seed(self.key(i).seed());
        for _ in 0..40 {
            assert!(!self.table.over(), "the game ended before player {i} could act");
            let mut g = self.table.open(i);
            local::settle(&mut g, me, &key).expect("settle");
            if owes(&g, me, |o| matches!(o, Owed::Decide(Pending::Choice { .. }))) {
                local::do_command(&mut g, me, &key, "bonus bandage").expect("the bonus (rule 6.1)");
            }
            let staged = local::staged(&g).expect("staged");
            let (state, _) = local::preview(&g, me, &staged).expect("preview");
            if matches!(g.replay.ruleset.pending(&state), Pending::Command { player, .. } if player == me) {
                return;
            }
            if owes(&g, me, |o| matches!(o, Owed::Seal { .. } | Owed::Decide(Pending::Dice { .. }))) {
                self.act(i);
            }
            self.act(1 - i);
            let packets = [self.table.send(0), self.table.send(1)];
            for (j, p) in packets.iter().enumerate() {
                if !p.entries.is_empty() {
                    self.table.deliver(p, 1 - j).expect("an honest packet is accepted");
                }
            }
        }
        panic!("player {i} never came to act");
    }

    /// Player `i` gives `text` (staged or signed as the program does it).
    fn command(&self, i: usize, text: &str) {
        let mut g = self.table.open(i);
        local::do_command(&mut g, self.table.seats[i].me, self.key(i), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }

    /// Player 0 accepts player 1's honest packet, and two more rounds are played.
    fn goes_on(&mut self) {
        let honest = self.table.send(1);
        self.table.deliver(&honest, 0).expect("the honest packet is accepted after the tampered ones");
        let (g0, g1) = (self.table.open(0), self.table.open(1));
        let ids = |g: &Game| g.entries.iter().map(|e| e.id).collect::<HashSet<_>>();
        assert!(ids(&g1).is_subset(&ids(&g0)), "player 0 now holds everything player 1 signed");
        for _ in 0..2 {
            if !self.table.over() {
                self.round();
            }
        }
    }
}

/// Deliver `packet` to player 0: it must be refused and player 0's journal file unchanged.
fn refused(table: &Table, packet: &Packet) -> GameError {
    let before = table.journal_bytes(0);
    let err = table.deliver(packet, 0).expect_err("a tampered packet is refused");
    assert_eq!(table.journal_bytes(0), before, "a refused packet left the journal unchanged ({err})");
    err
}

/// Decode a packet's text and import it into player 0's journal: it must be refused (a
/// decoding error counts) and player 0's journal file unchanged.
fn refused_text(table: &Table, victim: &mut Game, text: &[u8]) -> GameError {
    let before = table.journal_bytes(0);
    let result = Packet::decode(text).map_err(GameError::from).and_then(|p| victim.import(&p));
    let err = match result {
        Ok(report) => panic!("a tampered packet was accepted: {report:?}\n{}", String::from_utf8_lossy(text)),
        Err(err) => err,
    };
    assert_eq!(table.journal_bytes(0), before, "a refused packet left the journal unchanged ({err})");
    err
}

fn owes(g: &Game, player: PlayerId, what: impl Fn(&Owed) -> bool) -> bool {
    g.replay.owed().iter().any(|(p, o)| *p == player && what(o))
}

fn reason(err: &GameError) -> String {
    match err {
        GameError::Problem(Problem::Rejected { reason, .. } | Problem::Link { reason, .. }) => reason.clone(),
        other => panic!("expected a rejected or link problem, got {other:?}"),
    }
}

/// A name for the error a tampered packet met, for tallies.
fn describe(err: &GameError) -> String {
    match err {
        GameError::Packet(PacketError::Record { error, .. }) => match error {
            RecordError::Shape => "packet: record shape".into(),
            RecordError::TooLarge(_) => "packet: too large".into(),
            RecordError::Canonical(CanonicalError::Syntax(_)) => "packet: not JSON".into(),
            RecordError::Canonical(CanonicalError::Float) => "packet: float".into(),
            RecordError::Canonical(CanonicalError::NotCanonical) => "packet: not canonical".into(),
            RecordError::Canonical(CanonicalError::TooDeep(_)) => "packet: nested too deep".into(),
            RecordError::Fields(_) => "packet: entry fields".into(),
        },
        GameError::Packet(other) => format!("packet: {other}"),
        other => other.code().into(),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 (FIPS 180-4), to recompute a tampered packet's checksum without trusting the
/// code under test to do it.
fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
        0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
        0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
        0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
        0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
        0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] =
        [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&(data.len() as u64 * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
        }
        let mut v = h;
        for i in 0..64 {
            let s1 = v[4].rotate_right(6) ^ v[4].rotate_right(11) ^ v[4].rotate_right(25);
            let ch = (v[4] & v[5]) ^ (!v[4] & v[6]);
            let t1 = v[7].wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
            let s0 = v[0].rotate_right(2) ^ v[0].rotate_right(13) ^ v[0].rotate_right(22);
            let maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            let t2 = s0.wrapping_add(maj);
            v = [t1.wrapping_add(t2), v[0], v[1], v[2], v[3].wrapping_add(t1), v[4], v[5], v[6]];
        }
        for (x, y) in h.iter_mut().zip(v) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// Replace a packet text's `end sha256=` line with the checksum of the bytes before it.
fn reseal(text: &[u8]) -> Vec<u8> {
    let body_end = text[..text.len() - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    assert!(text[body_end..].starts_with(b"end sha256="), "a packet ends with its checksum line");
    let mut out = text[..body_end].to_vec();
    out.extend_from_slice(format!("end sha256={}\n", hex(&sha256(&out))).as_bytes());
    out
}

/// A packet's text with its entries given as record lines (and a correct checksum).
fn packet_text(game: &Packet, lines: &[Vec<u8>]) -> Vec<u8> {
    let mut text = format!("grognard-packet v1 game={} entries={}\n", game.game, lines.len()).into_bytes();
    for line in lines {
        text.extend_from_slice(line);
        text.push(b'\n');
    }
    text.extend_from_slice(b"end sha256=\n");
    reseal(&text)
}

/// Where each entry's record line starts in a packet's text.
fn record_offsets(packet: &Packet) -> Vec<usize> {
    let text = packet.encode();
    let mut offset = text.iter().position(|&b| b == b'\n').expect("a header line") + 1;
    packet
        .entries
        .iter()
        .map(|e| {
            let here = offset;
            assert_eq!(&text[here..here + e.record().len()], &e.record()[..]);
            offset += e.record().len() + 1;
            here
        })
        .collect()
}

/// Sign `entry` with `key` as a record line.
fn signed_line(entry_bytes: &[u8], key: &SecretKey) -> Vec<u8> {
    let signature = key.sign(&signing_message(entry_bytes));
    assert!(key.public().verify_strict(&signing_message(entry_bytes), &signature));
    let mut line = hex(&signature.to_bytes()).into_bytes();
    line.push(b' ');
    line.extend_from_slice(entry_bytes);
    line
}

// ---------------------------------------------------------------------------------------
// The cases. Each leaves the game where the honest players can go on.

/// (a) Every single-bit flip of every byte of every entry of a packet, with the packet's
/// checksum recomputed so that the entry checks themselves must catch it.
fn case_flipped_bytes(f: &mut Fixture) -> BTreeMap<String, usize> {
    let honest = f.withheld(2);
    let text = honest.encode();
    assert_eq!(reseal(&text), text, "the test's SHA-256 agrees with the packet checksum");
    assert_eq!(hex(&sha256(b"abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    let mut victim = f.table.open(0);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for (entry, start) in honest.entries.iter().zip(record_offsets(&honest)) {
        let len = entry.record().len();
        for pos in 0..len {
            let mut tampered = text.clone();
            tampered[start + pos] ^= 0x01;
            let tampered = reseal(&tampered);
            let err = refused_text(&f.table, &mut victim, &tampered);
            let what = describe(&err);
            let allowed: &[&str] = if pos < 128 {
                // The signature: not hex any more, or a signature that does not verify.
                &["packet: record shape", "bad-signature"]
            } else if pos == 128 {
                &["packet: record shape"]
            } else {
                // The entry: not JSON, not canonical, not an entry, another game's id, or
                // an entry its signature does not sign.
                &["packet: not JSON", "packet: not canonical", "packet: entry fields", "other-game", "bad-signature"]
            };
            assert!(allowed.contains(&what.as_str()), "byte {pos} of {}: {what}: {err}", entry.entry.body.kind());
            if what == "bad-signature" {
                // (A flip of the author field makes the entry claim player 0.)
                assert!(matches!(&err, GameError::Problem(Problem::BadSignature { .. })), "byte {pos}: {err:?}");
            }
            *tally.entry(what).or_default() += 1;
        }
    }
    let total: usize = honest.entries.iter().map(|e| e.record().len()).sum();
    assert_eq!(tally.values().sum::<usize>(), total);
    assert!(tally.get("bad-signature").copied().unwrap_or(0) > 100, "{tally:?}");
    tally
}

/// (a) A flipped byte without a recomputed checksum: the checksum catches it.
fn case_checksum(f: &mut Fixture) {
    let honest = f.withheld(2);
    let text = honest.encode();
    let start = record_offsets(&honest)[0];
    // A signature digit that stays a hex digit, so that the record still parses.
    let pos = (0..128).find(|&i| matches!(text[start + i], b'0'..=b'9' | b'b'..=b'e')).expect("a digit");
    let mut tampered = text.clone();
    tampered[start + pos] ^= 0x01;
    let mut victim = f.table.open(0);
    let err = refused_text(&f.table, &mut victim, &tampered);
    eprintln!("(a) checksum not recomputed: {err}");
    assert!(matches!(err, GameError::Packet(PacketError::Checksum)), "{err:?}");
    assert_eq!(err.code(), "packet");
    // With the checksum recomputed the same flip reaches the signature check.
    let err = refused_text(&f.table, &mut victim, &reseal(&tampered));
    assert!(matches!(err, GameError::Problem(Problem::BadSignature { .. })), "{err:?}");
}

/// (b) Two adjacent records swapped in a journal file: refused as out of order, for every
/// adjacent pair, both by `check_records` and by opening a game directory.
fn case_reordered_journal(f: &mut Fixture) {
    let journal = f.table.journal_bytes(0);
    let records: Vec<Vec<u8>> = journal[..journal.len() - 1].split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    verify::check_records(&rulesets(), &records).expect("the journal verifies as it is");
    assert!(records.len() > 15, "{} records", records.len());
    for i in 0..records.len() - 1 {
        let mut swapped = records.clone();
        swapped.swap(i, i + 1);
        let Err(problem) = verify::check_records(&rulesets(), &swapped) else {
            panic!("records {} and {} swapped: accepted", i + 1, i + 2)
        };
        match &problem {
            Problem::Order { line, .. } => assert_eq!(*line, i + 1, "{problem}"),
            other => panic!("records {} and {} swapped: {other:?}", i + 1, i + 2),
        }
    }
    // The same through a game directory.
    let dir = f.table.tmp.path().join("reordered");
    std::fs::create_dir_all(&dir).expect("dir");
    let mut swapped = records.clone();
    swapped.swap(5, 6);
    let bytes: Vec<u8> = swapped.iter().flat_map(|r| r.iter().copied().chain([b'\n'])).collect();
    std::fs::write(dir.join("journal"), &bytes).expect("write");
    let Err(err) = Game::open(&dir, &rulesets()) else { panic!("a re-ordered journal opened") };
    eprintln!("(b) records 6 and 7 of a journal file swapped: {err}");
    assert_eq!(err.code(), "order", "{err}");
    assert_eq!(std::fs::read(dir.join("journal")).expect("read"), bytes, "opening changes nothing");
    assert_eq!(f.table.journal_bytes(0), journal);
}

/// (b) In a packet, an entry placed before the entry it follows.
fn case_reordered_packet(f: &mut Fixture) {
    let honest = f.withheld(2);
    let mut packet = honest.clone();
    packet.entries.swap(0, 1);
    let err = refused(&f.table, &packet);
    eprintln!("(b) entries 1 and 2 of a packet swapped: {err}");
    assert_eq!(err.code(), "link");
    assert!(reason(&err).contains("the packet puts it before"), "{err}");
    let GameError::Problem(Problem::Link { entry, .. }) = &err else { unreachable!() };
    assert_eq!(entry.id, honest.entries[1].id);
}

/// (c) An entry dropped from a packet (the one before the last): a gap.
fn case_dropped(f: &mut Fixture, least: usize) {
    let honest = f.withheld(least);
    let mut packet = honest.clone();
    let at = packet.entries.len() - 2;
    let dropped = packet.entries.remove(at);
    let err = refused(&f.table, &packet);
    eprintln!("(c) entry {} of {} dropped: {err}", at + 1, honest.entries.len());
    assert_eq!(err.code(), "gap", "{err}");
    let GameError::Problem(Problem::Gap { entry, missing }) = &err else { unreachable!() };
    assert_eq!(entry.id, honest.entries[at + 1].id);
    assert!(missing.contains(&format!("entry #{} of player 1", dropped.entry.seq)), "{missing}");
}

/// (d) An entry listed twice in a packet; the same honest packet imported twice.
fn case_duplicated(f: &mut Fixture) {
    let honest = f.withheld(2);
    for at in [0, 1, honest.entries.len()] {
        let mut packet = honest.clone();
        packet.entries.insert(at, honest.entries[at.min(1)].clone());
        let err = refused(&f.table, &packet);
        eprintln!("(d) an entry twice in a packet: {err}");
        assert_eq!(err.code(), "duplicate", "{err}");
    }
    let first = f.table.deliver(&honest, 0).expect("the honest packet is accepted");
    assert_eq!(first.added.len(), honest.entries.len());
    let after = f.table.journal_bytes(0);
    let again = f.table.deliver(&honest, 0).expect("a packet imported twice is accepted");
    assert!(again.added.is_empty(), "{again:?}");
    assert_eq!(again.known, honest.entries.len());
    assert_eq!(f.table.journal_bytes(0), after, "importing a packet twice changes nothing");
    let full = f.table.send(1);
    let before = f.table.journal_bytes(0);
    let report = f.table.deliver(&full, 0).expect("accepted");
    assert!(report.added.is_empty());
    assert_eq!(f.table.journal_bytes(0), before);
}

/// (e) An entry re-encoded (keys re-ordered, or a space added) and re-signed with the
/// right key: the signature is valid over the new bytes, but the bytes are not canonical.
fn case_re_encoded(f: &mut Fixture) {
    let honest = f.withheld(2);
    let original = &honest.entries[0];
    let Value::Object(fields) = canonical::decode(&original.bytes).expect("canonical") else { unreachable!() };
    let reordered: Vec<u8> = {
        let parts: Vec<String> = fields
            .iter()
            .rev()
            .map(|(k, v)| format!("{}:{}", json!(k), String::from_utf8(canonical::encode(v)).expect("utf-8")))
            .collect();
        format!("{{{}}}", parts.join(",")).into_bytes()
    };
    let spaced: Vec<u8> = {
        let colon = original.bytes.iter().position(|&b| b == b':').expect("a key");
        [&original.bytes[..=colon], b" ", &original.bytes[colon + 1..]].concat()
    };
    let trailing: Vec<u8> = [&original.bytes[..], b" "].concat();
    let mut victim = f.table.open(0);
    for variant in [reordered, spaced, trailing] {
        assert_ne!(variant, original.bytes);
        let same: Value = serde_json::from_slice(&variant).expect("still JSON");
        assert_eq!(same, Value::Object(fields.clone()), "the same content");
        let line = signed_line(&variant, f.key(1));
        let mut lines: Vec<Vec<u8>> = honest.entries.iter().map(SignedEntry::record).collect();
        lines[0] = line.clone();
        let err = refused_text(&f.table, &mut victim, &packet_text(&honest, &lines));
        eprintln!("(e) re-encoded and re-signed: {err}");
        assert!(
            matches!(
                err,
                GameError::Packet(PacketError::Record {
                    index: 0,
                    error: RecordError::Canonical(CanonicalError::NotCanonical)
                })
            ),
            "{err:?}"
        );
        // The same record in a journal file.
        let mut records: Vec<Vec<u8>> = f.table.open(0).entries.iter().map(SignedEntry::record).collect();
        let at = records.len();
        records.push(line);
        records.extend(honest.entries[1..].iter().map(SignedEntry::record));
        let Err(problem) = verify::check_records(&rulesets(), &records) else { panic!("accepted") };
        assert!(matches!(&problem, Problem::Record { line, .. } if *line == at + 1), "{problem:?}");
        assert!(problem.to_string().contains("not canonical"), "{problem}");
    }
}

/// (f) An entry of another game in a packet; a packet of another game.
fn case_other_game(f: &mut Fixture) {
    let honest = f.withheld(2);
    let other = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    let foreign_game = other.open(0);
    let foreign = foreign_game.entries.iter().find(|e| e.entry.author == 1).expect("player 1's join").clone();
    assert_ne!(foreign_game.replay.game, honest.game);
    for at in [0, honest.entries.len()] {
        let mut packet = honest.clone();
        packet.entries.insert(at, foreign.clone());
        let err = refused(&f.table, &packet);
        eprintln!("(f) another game's entry: {err}");
        assert_eq!(err.code(), "other-game", "{err}");
        let GameError::Problem(Problem::OtherGame { entry, game }) = &err else { panic!("{err:?}") };
        assert_eq!(entry.id, foreign.id);
        assert_eq!(*game, foreign_game.replay.game.to_hex());
    }
    let packet = Packet { game: foreign_game.replay.game, entries: honest.entries.clone(), letters: Vec::new() };
    let err = refused(&f.table, &packet);
    eprintln!("(f) another game's packet header: {err}");
    assert!(matches!(err, GameError::OtherGame { .. }), "{err:?}");
    assert_eq!(err.code(), "other-game");
}

/// (g) The witness reveals a wrong dice chain value (a properly signed entry).
fn case_altered_reveal(f: &mut Fixture) {
    f.rounds_until("player 1 owes a dice reveal", |f| owes(&f.table.open(1), P1, |o| matches!(o, Owed::Reveal { .. })));
    let g1 = f.table.open(1);
    let request = g1
        .replay
        .owed()
        .into_iter()
        .find_map(|(p, o)| match o {
            Owed::Reveal { request, .. } if p == P1 => Some(request),
            _ => None,
        })
        .expect("a reveal");
    let state = g1.replay.chain(P1).cloned().expect("a dice chain");
    let index = state.used + 1;
    let origin = g1.replay.chain_origin(P1, state.commit.generation, state.commit.nonce);
    let good = chain::reveal_value(f.key(1), &origin, &state.commit, index).expect("in range");
    let mut bad = good;
    bad.0[31] ^= 0x01;
    let generation = state.commit.generation;
    let err = f.forged_by_p1_is_rejected(&g1, Body::Reveal { request, generation, index, value: bad });
    eprintln!("(g) a wrong reveal value: {err}");
    assert!(reason(&err).contains("does not hash to the chain's previous value"), "{err}");
    // A genuine value at the wrong index is refused too.
    let early = chain::reveal_value(f.key(1), &origin, &state.commit, index + 1).expect("in range");
    let err = f.forged_by_p1_is_rejected(&g1, Body::Reveal { request, generation, index: index + 1, value: early });
    eprintln!("(g) a reveal at the wrong index: {err}");
    assert!(reason(&err).contains("the next index is"), "{err}");
}

/// (h) An entry that claims player 1 as its author, signed with player 0's key.
fn case_wrong_key(f: &mut Fixture) {
    let honest = f.withheld(2);
    let mut packet = honest.clone();
    let target = packet.entries[1].clone();
    packet.entries[1] = SignedEntry::sign(target.entry.clone(), f.key(0));
    assert_eq!(packet.entries[1].id, target.id, "the id is the hash of the content, not of the signature");
    let err = refused(&f.table, &packet);
    eprintln!("(h) signed with player 0's key: {err}");
    assert_eq!(err.code(), "wrong-key", "{err}");
    let GameError::Problem(Problem::WrongKey { entry, claimed, signer }) = &err else { panic!("{err:?}") };
    assert_eq!((*claimed, *signer, entry.id), (1, 0, target.id));
}

/// (i) A properly signed command that breaks a rule, on player 1's turn.
fn case_illegal_command(f: &mut Fixture) {
    let key1 = SecretKey::from_seed(f.key(1).seed());
    f.rounds_until("player 1 acts in the action step", |f| {
        let mut g1 = f.table.open(1);
        local::settle(&mut g1, P1, &key1).expect("settle");
        owes(&g1, P1, |o| matches!(o, Owed::Decide(Pending::Command { .. } | Pending::Choice { .. })))
    });
    let g1 = f.table.open(1);
    let ruleset = g1.replay.ruleset;
    // With a bonus due, resting first breaks 6.1; otherwise firing at oneself breaks 5.3.
    let (text, rule) = match ruleset.pending(&g1.replay.state) {
        Pending::Choice { .. } => ("rest", "6.1"),
        _ => ("fire 1", "5.3"),
    };
    let command = ruleset.parse_command(text).expect("a command");
    let err = f.forged_by_p1_is_rejected(&g1, Body::Command { command, nonce: Some(nonce::fresh()) });
    eprintln!("(i) `{text}` by player 1: {err}");
    assert!(reason(&err).starts_with(&format!("illegal: {rule}: ")), "{err}");
    assert_eq!(err.rule(), Some(rule), "the rule number travels with the refusal: {err}");
    // Player 1's own program would not have signed it.
    let mut g1 = f.table.open(1);
    let before = std::fs::read(f.table.journal_path(1)).expect("journal");
    let refused_locally = local::do_command(&mut g1, P1, f.key(1), text).expect_err("refused");
    assert!(refused_locally.to_string().contains(rule), "{refused_locally}");
    assert_eq!(std::fs::read(f.table.journal_path(1)).expect("journal"), before);
}

/// (j) A valid-looking command from player 1 while player 0 must act.
fn case_out_of_turn(f: &mut Fixture) {
    f.rounds_until("player 0 must decide and player 1 owes nothing", |f| {
        let g1 = f.table.open(1);
        let owed = g1.replay.owed();
        !owed.is_empty() && owed.iter().all(|(p, o)| *p == P0 && matches!(o, Owed::Decide(_)))
    });
    let g1 = f.table.open(1);
    let ruleset = g1.replay.ruleset;
    let text = match ruleset.pending(&g1.replay.state) {
        Pending::Dice { .. } => "initiative",
        _ => "rest",
    };
    let command = ruleset.parse_command(text).expect("a command");
    let err = f.forged_by_p1_is_rejected(&g1, Body::Command { command, nonce: Some(nonce::fresh()) });
    eprintln!("(j) `{text}` by player 1 on player 0's turn: {err}");
    assert!(reason(&err).starts_with("out of turn: Player0 must act"), "{err}");
}

/// (k) Two different entries signed by player 1 for one place of their feed: one already
/// imported, the other in a later packet.
fn case_equivocation(f: &mut Fixture) {
    let g0 = f.table.open(0);
    let first = g0.entries.iter().rev().find(|e| e.entry.author == 1 && e.entry.seq > 0).expect("an entry").clone();
    let body = match &first.entry.body {
        Body::Command { command, .. } if *command == json!("rest") => {
            Body::Command { command: json!("initiative"), nonce: Some(nonce::fresh()) }
        }
        _ => Body::Command { command: json!("rest"), nonce: Some(nonce::fresh()) },
    };
    let second = SignedEntry::sign(Entry { body, ..first.entry.clone() }, f.key(1));
    assert_ne!(second.id, first.id);
    assert!(second.verify(&f.key(1).public()), "validly signed");
    let packet = Packet { game: g0.replay.game, entries: vec![second.clone()], letters: Vec::new() };
    let err = refused(&f.table, &packet);
    eprintln!("(k) a second entry for one feed place: {err}");
    assert_eq!(err.code(), "equivocation", "{err}");
    let GameError::Problem(Problem::Equivocation { author, seq, first: a, second: b }) = &err else {
        panic!("{err:?}")
    };
    assert_eq!((*author, *seq), (1, first.entry.seq));
    assert_ne!(a.id, b.id);
    let ids: HashSet<EntryId> = [a.id, b.id].into();
    assert_eq!(ids, [first.id, second.id].into(), "the error holds both entries");
    assert!(a.verify(&f.key(1).public()) && b.verify(&f.key(1).public()), "both signed by player 1: proof");
}

/// The record line of `e` with `from` replaced by `to` (once), its signature unchanged.
fn altered_line(e: &SignedEntry, from: &str, to: &str) -> Vec<u8> {
    let line = String::from_utf8(e.record()).expect("UTF-8");
    assert_eq!(line.matches(from).count(), 1, "`{from}` in {line}");
    line.replacen(from, to, 1).into_bytes()
}

/// `value` (hex) with its first digit changed.
fn other_hex(value: &str) -> String {
    let first = if value.starts_with('0') { '1' } else { '0' };
    format!("{first}{}", &value[1..])
}

/// `e` with another body, re-signed by `key`: same author, place, links and acks.
fn re_signed(e: &SignedEntry, body: Body, key: &SecretKey) -> SignedEntry {
    SignedEntry::sign(Entry { body, ..e.entry.clone() }, key)
}

/// `honest` with each record line of `altered` in place of entry `at` (signature unchanged):
/// each must be refused as a bad signature of player 1, with player 0's journal unchanged.
fn bad_signatures(f: &Fixture, case: &str, honest: &Packet, at: usize, altered: &[(&str, Vec<u8>)]) {
    let mut victim = f.table.open(0);
    for (what, line) in altered {
        let mut lines: Vec<Vec<u8>> = honest.entries.iter().map(SignedEntry::record).collect();
        lines[at] = line.clone();
        let err = refused_text(&f.table, &mut victim, &packet_text(honest, &lines));
        eprintln!("({case}) {what}, not re-signed: {err}");
        assert!(matches!(err, GameError::Problem(Problem::BadSignature { author: 1, .. })), "{what}: {err:?}");
    }
}

/// (l) Player 1's concealed command (an honest `prime 2`, a `hidden` entry) altered: its
/// projection, its commitment, its nonce; and an opening of it that no rule asks for.
fn case_altered_hidden(f: &mut Fixture) {
    f.until_action(1);
    f.command(1, "prime 2");
    let packet = f.table.send(1);
    let mut honest = f.fresh_for_p0(&packet.entries);
    let at = honest.entries.iter().position(|e| e.entry.body.kind() == "hidden").expect("a hidden entry");
    honest.entries.truncate(at + 1);
    let original = honest.entries[at].clone();
    let Body::Hidden { public, commitment, nonce } = original.entry.body.clone() else { unreachable!() };
    assert_eq!(public, json!("primed"));
    assert!(!String::from_utf8_lossy(&honest.encode()).contains("grains"), "the packet never shows the grains");
    let (c, n) = (commitment.to_hex(), nonce.to_hex());
    bad_signatures(
        f,
        "l",
        &honest,
        at,
        &[
            ("the projection", altered_line(&original, r#""public":"primed""#, r#""public":"rest""#)),
            ("the commitment", altered_line(&original, &c, &other_hex(&c))),
            ("the nonce", altered_line(&original, &n, &other_hex(&n))),
        ],
    );
    // Re-signed by player 1: a projection that is not a prime's, or the secret itself given
    // as the projection, is refused at once by the rule that conceals primes.
    for public in [json!("rest"), json!({"prime": {"grains": 2}})] {
        let mut packet = honest.clone();
        packet.entries[at] = re_signed(&original, Body::Hidden { public: public.clone(), commitment, nonce }, f.key(1));
        let err = refused(&f.table, &packet);
        eprintln!("(l) the projection {public}, re-signed: {err}");
        assert_eq!((err.code(), err.rule()), ("rejected", Some("8.2")), "{err}");
    }
    // Re-signed with another commitment or nonce, it is the forger's own new commitment:
    // nothing can tell it from an honest one until it is opened (where a mismatch is the
    // forfeit of case (m)); a nonce protects only its author's salt.
    let earlier: Vec<SignedEntry> = f.table.open(0).entries.clone();
    let mut other = commitment;
    other.0[0] ^= 1;
    let mut fresh = nonce;
    fresh.0[0] ^= 1;
    for body in [
        Body::Hidden { public: public.clone(), commitment: other, nonce },
        Body::Hidden { public, commitment, nonce: fresh },
    ] {
        let mut entries = earlier.clone();
        entries.extend(honest.entries[..at].iter().cloned());
        entries.push(re_signed(&original, body, f.key(1)));
        verify::check(&rulesets(), entries, verify::SigCheck::All).expect("a commitment is checked only when opened");
    }
    // An opening nobody asked for, even a true one, is refused: the rules open a prime when
    // its charge is fired (rule 8.4) or at the end.
    let g1 = f.table.open(1);
    let salt = hidden::salt(f.key(1), &g1.replay.game, &g1.replay.genesis_id, &nonce);
    let opening = Opening { entry: original.id, salt, command: json!({"prime": {"grains": 2}}) };
    let open = g1.sign_next(P1, f.key(1), Body::Open { openings: vec![opening], nonce: nonce::fresh() });
    let mut packet = f.fresh_for_p0(&g1.entries);
    packet.entries.push(open);
    let err = refused(&f.table, &packet);
    eprintln!("(l) an opening no rule asks for: {err}");
    assert!(reason(&err).starts_with("no rule asks for an opening now"), "{err}");
    let full = f.fresh_for_p0(&g1.entries);
    f.table.deliver(&full, 0).expect("the honest concealed command is accepted");
}

/// (m) Player 1 fires its charge: the rules ask for its opening (rule 8.4), which travels
/// with the fire as its dice request; the opening altered: the command, the salt, the
/// entry it opens, the list of openings.
fn case_altered_opening(f: &mut Fixture) {
    let hidden_entry = f
        .table
        .open(0)
        .entries
        .iter()
        .rev()
        .find(|e| e.entry.author == 1 && e.entry.body.kind() == "hidden")
        .expect("player 1's concealed command")
        .clone();
    f.until_action(1);
    f.command(1, "fire 0");
    let packet = f.table.send(1);
    let honest = f.fresh_for_p0(&packet.entries);
    let kinds: Vec<&str> = honest.entries.iter().map(|e| e.entry.body.kind()).collect();
    assert!(kinds.ends_with(&["command", "open"]), "the fire and its opening travel together: {kinds:?}");
    let at = honest.entries.len() - 1;
    let original = honest.entries[at].clone();
    let fire = honest.entries[at - 1].clone();
    let Body::Open { openings, nonce } = original.entry.body.clone() else { unreachable!() };
    let opening = openings[0].clone();
    assert_eq!((opening.entry, &opening.command), (hidden_entry.id, &json!({"prime": {"grains": 2}})));
    let (salt, entry) = (opening.salt.to_hex(), opening.entry.to_hex());
    bad_signatures(
        f,
        "m",
        &honest,
        at,
        &[
            ("the opened command", altered_line(&original, r#"{"prime":{"grains":2}}"#, r#"{"prime":{"grains":3}}"#)),
            ("the salt", altered_line(&original, &salt, &other_hex(&salt))),
            ("the entry opened", altered_line(&original, &entry, &other_hex(&entry))),
        ],
    );
    let forged = |openings: Vec<Opening>| {
        let mut packet = honest.clone();
        let e = re_signed(&original, Body::Open { openings, nonce }, f.key(1));
        packet.entries[at] = e.clone();
        (packet, e)
    };
    // Re-signed with another command or salt: it does not match the commitment player 1
    // signed, and player 1 forfeits; the concealed command and the opening, both signed by
    // player 1, are the proof.
    let mut salt = opening.salt;
    salt.0[31] ^= 1;
    for (what, changed) in [
        ("another command", Opening { command: json!({"prime": {"grains": 3}}), ..opening.clone() }),
        ("another salt", Opening { salt, ..opening.clone() }),
    ] {
        let (packet, e) = forged(vec![changed]);
        let err = refused(&f.table, &packet);
        eprintln!("(m) {what}, re-signed: {err}");
        assert_eq!(err.code(), "forfeit", "{err}");
        let GameError::Problem(Problem::Forfeit { player, hidden, opening: by, reason }) = &err else { unreachable!() };
        assert_eq!((*player, hidden.id, by.id), (1, hidden_entry.id, e.id));
        assert!(reason.contains("do not match its commitment"), "{reason}");
        assert!(hidden.verify(&f.key(1).public()) && by.verify(&f.key(1).public()), "both signed by player 1: proof");
    }
    // Re-signed to open something else than what the rules ask: an entry that is not one of
    // player 1's concealed commands (an unknown id, the fire itself), nothing, or twice the same.
    let cases = [
        (
            "an unknown entry",
            vec![Opening { entry: EntryId([7; 32]), ..opening.clone() }],
            "which is not one of their concealed commands",
        ),
        (
            "the fire",
            vec![Opening { entry: fire.id, ..opening.clone() }],
            "which is not one of their concealed commands",
        ),
        ("nothing", Vec::new(), "and this entry opens none"),
        ("the charge twice", vec![opening.clone(), opening.clone()], "and this entry opens #0, #0"),
    ];
    for (what, openings, why) in cases {
        let (packet, _) = forged(openings);
        let err = refused(&f.table, &packet);
        eprintln!("(m) an opening of {what}, re-signed: {err}");
        assert!(reason(&err).contains(why), "{err}");
    }
    f.table.deliver(&honest, 0).expect("the honest opening is accepted");
}

/// (n) Player 0 primes a charge; player 1 signs an opening of it (with a salt and a command
/// of its own making: it cannot know the real ones). Returns the refusal and the opening.
fn case_opening_of_anothers_command(f: &mut Fixture) -> (GameError, SignedEntry) {
    f.until_action(0);
    f.command(0, "prime 1");
    f.table.exchange(0);
    let g1 = f.table.open(1);
    let victims = g1.entries.iter().rev().find(|e| e.entry.author == 0 && e.entry.body.kind() == "hidden");
    let victims = victims.expect("player 0's concealed command").clone();
    let opening = Opening { entry: victims.id, salt: nonce::fresh(), command: json!({"prime": {"grains": 3}}) };
    let open = g1.sign_next(P1, f.key(1), Body::Open { openings: vec![opening], nonce: nonce::fresh() });
    let mut packet = f.fresh_for_p0(&g1.entries);
    packet.entries.push(open.clone());
    let err = refused(&f.table, &packet);
    eprintln!("(n) player 1 opens player 0's concealed command: {err}");
    (err, open)
}

// ---------------------------------------------------------------------------------------

#[test]
fn a_flipped_bit_in_any_byte_of_a_signed_entry_is_refused() {
    let mut f = Fixture::new();
    let tally = case_flipped_bytes(&mut f);
    eprintln!("errors of single-bit flips: {tally:?}");
    f.goes_on();
}

#[test]
fn a_damaged_packet_without_a_recomputed_checksum_fails_its_checksum() {
    let mut f = Fixture::new();
    case_checksum(&mut f);
    f.goes_on();
}

#[test]
fn reordered_records_in_a_journal_file_are_refused() {
    let mut f = Fixture::new();
    case_reordered_journal(&mut f);
    f.goes_on();
}

#[test]
fn an_entry_before_the_entry_it_follows_in_a_packet_is_refused() {
    let mut f = Fixture::new();
    case_reordered_packet(&mut f);
    f.goes_on();
}

#[test]
fn a_dropped_entry_is_a_gap() {
    // A long game, so that player 1 comes to have three unsent entries and the middle
    // one can be dropped.
    let mut f = Fixture::of("marathon");
    case_dropped(&mut f, 3);
    f.goes_on();
}

#[test]
fn a_duplicated_entry_is_refused_but_a_repeated_packet_is_a_no_op() {
    let mut f = Fixture::new();
    case_duplicated(&mut f);
    f.goes_on();
}

#[test]
fn a_re_encoded_entry_with_a_valid_signature_is_not_canonical() {
    let mut f = Fixture::new();
    case_re_encoded(&mut f);
    f.goes_on();
}

#[test]
fn an_entry_from_another_game_is_refused() {
    let mut f = Fixture::new();
    case_other_game(&mut f);
    f.goes_on();
}

#[test]
fn an_altered_reveal_is_refused() {
    let mut f = Fixture::new();
    case_altered_reveal(&mut f);
    f.goes_on();
}

#[test]
fn a_signature_with_another_players_key_is_refused() {
    let mut f = Fixture::new();
    case_wrong_key(&mut f);
    f.goes_on();
}

#[test]
fn an_illegal_command_is_refused_with_its_rule() {
    let mut f = Fixture::new();
    case_illegal_command(&mut f);
    f.goes_on();
}

#[test]
fn an_out_of_turn_command_is_refused() {
    let mut f = Fixture::new();
    case_out_of_turn(&mut f);
    f.goes_on();
}

#[test]
fn a_forked_history_is_equivocation_holding_both_entries() {
    let mut f = Fixture::new();
    case_equivocation(&mut f);
    f.goes_on();
}

#[test]
fn an_altered_concealed_command_or_opening_is_refused() {
    let mut f = Fixture::of("powder");
    case_altered_hidden(&mut f);
    case_altered_opening(&mut f);
    f.goes_on();
}

/// Player 1 cannot open player 0's concealed command: the opening is refused and player 0's
/// journal is unchanged (and the refusal blames the forger: the test below).
#[test]
fn an_opening_of_another_players_concealed_command_is_refused() {
    let mut f = Fixture::of("powder");
    case_opening_of_anothers_command(&mut f);
    f.goes_on();
}

/// Only the author of a concealed command can open it: an opening signed by another player
/// proves nothing against the author, and the forger's own entry is the one refused.
#[test]
fn an_opening_signed_by_another_player_is_never_the_authors_forfeit() {
    let mut f = Fixture::of("powder");
    let (err, open) = case_opening_of_anothers_command(&mut f);
    assert!(!matches!(err, GameError::Problem(Problem::Forfeit { player: 0, .. })), "player 0 is blamed: {err}");
    let GameError::Problem(Problem::Rejected { entry, .. }) = &err else { panic!("not a rejection: {err}") };
    assert_eq!(entry.id, open.id, "the forger's entry is the one refused");
}

#[test]
fn after_every_kind_of_tampering_the_honest_game_goes_on_to_its_end() {
    let mut f = Fixture::new();
    case_checksum(&mut f);
    case_reordered_journal(&mut f);
    case_reordered_packet(&mut f);
    case_dropped(&mut f, 2);
    case_re_encoded(&mut f);
    case_other_game(&mut f);
    case_wrong_key(&mut f);
    case_equivocation(&mut f);
    case_duplicated(&mut f);
    case_altered_reveal(&mut f);
    f.goes_on();
    case_illegal_command(&mut f);
    f.goes_on();
    case_out_of_turn(&mut f);
    case_equivocation(&mut f);
    f.goes_on();
    let rounds = f.table.play_to_end(&mut f.rng, 400);
    assert!(f.table.over());
    // One last exchange so that both journals hold the same entries.
    for i in 0..2 {
        let p = f.table.send(i);
        f.table.deliver(&p, 1 - i).expect("accepted");
    }
    assert_eq!(f.table.journal_bytes(0), f.table.journal_bytes(1), "after {rounds} more rounds");
}

#[test]
fn after_tampering_with_concealed_commands_the_powder_game_goes_on_to_its_end() {
    let mut f = Fixture::of("powder");
    case_altered_hidden(&mut f);
    case_altered_opening(&mut f);
    case_opening_of_anothers_command(&mut f);
    f.goes_on();
    let rounds = f.table.play_to_end(&mut f.rng, 400);
    // One last exchange: the concealed commands still closed are opened (everything is open
    // at the end of a game), and both journals hold the same entries.
    for i in 0..2 {
        let p = f.table.send(i);
        f.table.deliver(&p, 1 - i).expect("accepted");
    }
    assert!(f.table.open(0).replay.unopened().is_empty(), "everything is open at the end");
    assert_eq!(f.table.journal_bytes(0), f.table.journal_bytes(1), "after {rounds} more rounds");
}
