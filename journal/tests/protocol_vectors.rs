//! The test vectors of docs/PROTOCOL.md, recomputed by the real code.
//!
//! Every vector is hard-coded here (`EXPECTED`) and in the document (lines
//! `vector <name> = <value>` inside fenced blocks tagged `vectors`). The tests check the code
//! against `EXPECTED` and the document against `EXPECTED`, so neither can drift. Other tests
//! check, by experiment, the statements of the document that are easy to get wrong in another
//! language: the JSON string escapes, the refused encodings, the ChaCha20 keystream, the face
//! sampling, the canonical order, the packet format and the dice chain rules.

use grognard_engine::{sample_face, AnyRuleset, DiceSource, Pending, PlayerId, StreamDice};
use grognard_journal::canonical::{self, CanonicalError};
use grognard_journal::chain;
use grognard_journal::dag;
use grognard_journal::entry::{
    Body, DiceConfig, DiceMode, Entry, Genesis, PlayerInfo, RecordError, SignedEntry, Witnesses, MAX_ENTRY_BYTES,
    PROTOCOL_V1, PROTOCOL_V2,
};
use grognard_journal::game::sign_after;
use grognard_journal::hidden::{self, Kept, Opening, Private};
use grognard_journal::ids::{EntryId, GameId, Hash32};
use grognard_journal::keys::{PublicKey, PublicLine, SecretKey};
use grognard_journal::packet::{Packet, PacketError};
use grognard_journal::replay::{scenario_hash, Owed, Phase};
use grognard_journal::verify::{self, check, SigCheck};
use grognard_journal::{rolls, sealed};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const DOC: &str = include_str!("../../docs/PROTOCOL.md");

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

/// The sample game's id.
const GAME: GameId = GameId([3; 16]);
/// Length of the sample game's dice chains: the shortest accepted.
const CHAIN_LENGTH: u32 = 16;
/// SHA-256 of the Duel ruleset's `standard` scenario data, as the sample genesis fixes it.
const SCENARIO_HASH: &str = "95b76ec4a3ded86b9744957c6660d56446ab9d81a9cf03bd57adcde2fb125688";
/// The sealed step of the sample game.
const STEP: &str = "round-1";

/// Player 0 of the sample game.
fn lannes() -> SecretKey {
    SecretKey::from_seed(&[1; 32])
}

/// Player 1 of the sample game.
fn ney() -> SecretKey {
    SecretKey::from_seed(&[9; 32])
}

fn hex_array<const N: usize>(text: &str) -> [u8; N] {
    let mut out = [0u8; N];
    hex::decode_to_slice(text, &mut out).expect("hex of the right length");
    out
}

/// The value of the canonical-encoding vector.
fn canonical_sample() -> Value {
    json!({
        "zulu": [1, -1, 0, 18446744073709551615u64, -9223372036854775808i64],
        "alpha": {"b": true, "a": false, "": null},
        "Bravo": "quote \" backslash \\ slash / tab \t newline \n cr \r bs \u{8} ff \u{c} nul \u{0} us \u{1f}",
        "\u{e9}t\u{e9}": "caf\u{e9} \u{1f600}",
        "\u{ff61}": 1,
        "\u{1f600}": 2,
        "a": [],
        "aa": {},
    })
}

/// The public nonces of the version-2 sample game (fixed here; a client draws them at random).
const NONCE_GENESIS_CHAIN: Hash32 = Hash32([0x21; 32]);
const NONCE_JOIN_CHAIN: Hash32 = Hash32([0x22; 32]);
const NONCE_RENEWAL: Hash32 = Hash32([0x23; 32]);
const NONCE_COMMAND: Hash32 = Hash32([0x11; 32]);
const NONCE_SEAL_0: Hash32 = Hash32([0x31; 32]);
const NONCE_SEAL_1: Hash32 = Hash32([0x32; 32]);

/// `Some(nonce)` in version 2, `None` in version 1.
fn nonce(version: u32, n: Hash32) -> Option<Hash32> {
    (version >= PROTOCOL_V2).then_some(n)
}

fn origin(version: u32, anchor: Hash32, generation: u32, n: Hash32) -> chain::Origin {
    chain::Origin { game: GAME, anchor, generation, nonce: nonce(version, n) }
}

/// The players of the sample games: Jean Lannes (Red) and Michel Ney (Blue).
fn sample_players() -> Vec<PlayerInfo> {
    vec![
        PlayerInfo {
            name: "Jean Lannes".into(),
            email: "lannes@example.org".into(),
            key: lannes().public().to_hex(),
            powers: vec!["red".into()],
        },
        PlayerInfo {
            name: "Michel Ney".into(),
            email: "ney@example.org".into(),
            key: ney().public().to_hex(),
            powers: vec!["blue".into()],
        },
    ]
}

/// The sample game's entries, in canonical order: version 2 (8 entries) or version 1 (9
/// entries: version 1 also renewed player 1's chain after the first reveal, which version 2
/// refuses while a chain is far from spent).
fn sample_entries_of(version: u32) -> Vec<SignedEntry> {
    let (k0, k1) = (lannes(), ney());
    let zero = chain::anchor(&EntryId([0; 32]), true, 0);
    let genesis = Entry {
        v: version,
        game: GAME,
        author: 0,
        seq: 0,
        prev: None,
        acks: Vec::new(),
        body: Body::Genesis(Genesis {
            ruleset: "duel".into(),
            ruleset_version: "1".into(),
            scenario: "standard".into(),
            position: None,
            options: Vec::new(),
            scenario_hash: Hash32(hex_array(SCENARIO_HASH)),
            players: sample_players(),
            dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() },
            // The creator's first chain is committed inside the genesis: anchored to zeros.
            chain: Some(
                chain::commit(&k0, &origin(version, zero, 0, NONCE_GENESIS_CHAIN), CHAIN_LENGTH).expect("a length"),
            ),
        }),
    };
    let mut entries = vec![SignedEntry::sign(genesis, &k0)];
    let genesis_id = entries[0].id;
    // Every other chain is anchored to the genesis id.
    let anchor1 = chain::anchor(&genesis_id, false, 0);
    let mut add = |author: u8, key: &SecretKey, body: Body| {
        let e = sign_after(&entries, 2, PlayerId(author), key, body);
        let id = e.id;
        entries.push(e);
        id
    };
    let o1 = origin(version, anchor1, 0, NONCE_JOIN_CHAIN);
    let c1 = chain::commit(&k1, &o1, CHAIN_LENGTH).expect("a length");
    add(1, &k1, Body::Join { chain: Some(c1) });
    let request = add(0, &k0, Body::Command { command: json!("initiative"), nonce: nonce(version, NONCE_COMMAND) });
    let value = chain::reveal_value(&k1, &o1, &c1, 1).expect("in range");
    add(1, &k1, Body::Reveal { request, generation: 0, index: 1, value });
    if version == PROTOCOL_V1 {
        let anchor1_next = chain::anchor(&genesis_id, false, 1);
        let renewal = chain::commit(&k1, &origin(version, anchor1_next, 1, NONCE_RENEWAL), CHAIN_LENGTH);
        add(1, &k1, Body::Chain { chain: renewal.expect("a length") });
    }
    let (guard, lunge) = (json!({"stance": "guard"}), json!({"stance": "lunge"}));
    let (n0, n1) = (nonce(version, NONCE_SEAL_0), nonce(version, NONCE_SEAL_1));
    let s0 = sealed::salt(&k0, &GAME, &genesis_id, STEP, n0.as_ref());
    let s1 = sealed::salt(&k1, &GAME, &genesis_id, STEP, n1.as_ref());
    let c0 = sealed::commitment(&GAME, STEP, 0, &s0, &guard);
    add(0, &k0, Body::Seal { step: STEP.into(), commitment: c0, nonce: n0 });
    let c1 = sealed::commitment(&GAME, STEP, 1, &s1, &lunge);
    add(1, &k1, Body::Seal { step: STEP.into(), commitment: c1, nonce: n1 });
    add(0, &k0, Body::Unseal { step: STEP.into(), choice: guard, salt: s0 });
    add(1, &k1, Body::Unseal { step: STEP.into(), choice: lunge, salt: s1 });
    entries
}

/// The sample game of the current protocol version.
fn sample_entries() -> Vec<SignedEntry> {
    sample_entries_of(PROTOCOL_V2)
}

/// The new holders of section 8.10: Joachim Murat takes seat 1, Louis Davout seat 0.
fn murat() -> SecretKey {
    SecretKey::from_seed(&[0x0b; 32])
}

fn davout() -> SecretKey {
    SecretKey::from_seed(&[0x0c; 32])
}

const NONCE_TAKE_1: Hash32 = Hash32([0x24; 32]);
const NONCE_TAKE_0: Hash32 = Hash32([0x25; 32]);

/// Section 8.10: the sample game, then player 0 votes to replace player 1's holder by
/// Murat (the only other player's vote completes the round), Murat takes seat 1, Lannes
/// hands seat 0 over to Davout, and Davout takes it.
fn seat_entries() -> Vec<SignedEntry> {
    let mut entries = sample_entries();
    let genesis_id = entries[0].id;
    let anchor = chain::anchor(&genesis_id, false, 1);
    let mut add = |author: u8, key: &SecretKey, body: Body| {
        let e = sign_after(&entries, 2, PlayerId(author), key, body);
        entries.push(e);
    };
    let (m, d) = (murat(), davout());
    add(
        0,
        &lannes(),
        Body::Replace {
            seat: 1,
            round: 0,
            key: m.public().to_hex(),
            name: "Joachim Murat".into(),
            email: "murat@example.org".into(),
        },
    );
    let c = chain::commit(&m, &origin(PROTOCOL_V2, anchor, 1, NONCE_TAKE_1), CHAIN_LENGTH).expect("a length");
    add(1, &m, Body::Take { chain: Some(c) });
    add(
        0,
        &lannes(),
        Body::Handover { key: d.public().to_hex(), name: "Louis Davout".into(), email: "davout@example.org".into() },
    );
    let c = chain::commit(&d, &origin(PROTOCOL_V2, anchor, 1, NONCE_TAKE_0), CHAIN_LENGTH).expect("a length");
    add(0, &d, Body::Take { chain: Some(c) });
    entries
}

/// The nonce of the concealed command of section 8.7 and of the powder game's `hidden` entry.
const NONCE_HIDDEN: Hash32 = Hash32([0x41; 32]);
/// The nonce of the powder game's `open` entry (its fresh contribution to the fire's roll).
const NONCE_OPEN: Hash32 = Hash32([0x42; 32]);

/// The command that is concealed in sections 8.7 and 8.8: a prime of 2 grains (Duel rule
/// 8.2), whose public projection is `"primed"`.
fn prime() -> Value {
    json!({"prime": {"grains": 2}})
}

/// The powder game (PROTOCOL.md section 8.8): the sample game's players, keys, game id,
/// dice and chain nonces, in Duel's `powder` scenario. Each entry acks everything before
/// it. Every decision is fixed: player 0 asks for the initiative, both players guard, a
/// bonus is bandage; the first duellist to act primes 2 grains (a `hidden` entry with nonce
/// `41`*32), the other rests, and the primer fires at the other at its next turn; the rules
/// then demand the prime's opening (an `open` entry with nonce `42`*32), which is the
/// fire's dice request. The game stops when the fire is rolled. Commands have the nonces
/// `11`*32, `12`*32, ... and seals `31`*32, `32`*32, ..., in the order they are signed.
fn powder_entries() -> Vec<SignedEntry> {
    let keys = [lannes(), ney()];
    let zero = chain::anchor(&EntryId([0; 32]), true, 0);
    let o0 = origin(PROTOCOL_V2, zero, 0, NONCE_GENESIS_CHAIN);
    let c0 = chain::commit(&keys[0], &o0, CHAIN_LENGTH).expect("a length");
    let data = DUEL.scenario_data(&grognard_engine::Setup::scenario("powder")).expect("the powder scenario");
    let genesis = Entry {
        v: PROTOCOL_V2,
        game: GAME,
        author: 0,
        seq: 0,
        prev: None,
        acks: Vec::new(),
        body: Body::Genesis(Genesis {
            ruleset: "duel".into(),
            ruleset_version: "1".into(),
            scenario: "powder".into(),
            position: None,
            options: Vec::new(),
            scenario_hash: scenario_hash(&data),
            players: sample_players(),
            dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() },
            chain: Some(c0),
        }),
    };
    let mut entries = vec![SignedEntry::sign(genesis, &keys[0])];
    let genesis_id = entries[0].id;
    let o1 = origin(PROTOCOL_V2, chain::anchor(&genesis_id, false, 0), 0, NONCE_JOIN_CHAIN);
    let c1 = chain::commit(&keys[1], &o1, CHAIN_LENGTH).expect("a length");
    let chains = [(o0, c0), (o1, c1)];
    let rulesets: Vec<&dyn AnyRuleset> = vec![&DUEL];
    let mut replay = check(&rulesets, entries.clone(), SigCheck::All).expect("the genesis verifies").replay;
    let guard = json!({"stance": "guard"});
    let (mut commands, mut seals) = (0u8, 0u8);
    let mut seal_nonces: [Option<Hash32>; 2] = [None, None];
    let mut hidden_entry: Option<(PlayerId, EntryId)> = None;
    let mut opened = false;
    while !(opened && matches!(replay.phase, Phase::Playing)) {
        let (player, owed) = replay.owed().into_iter().next().expect("something is owed");
        let (p, key) = (player.index(), &keys[player.index()]);
        let body = match owed {
            Owed::Join => Body::Join { chain: Some(c1) },
            Owed::Decide(Pending::Command { .. }) if hidden_entry.is_none() => {
                let salt = hidden::salt(key, &GAME, &genesis_id, &NONCE_HIDDEN);
                let commitment = hidden::commitment(&GAME, player.0, &salt, &prime());
                // The builder's replay is the primer's: it knows its own command whole.
                let kept = Kept { command: prime(), salt };
                let private = Private { player: player.0, commands: [(NONCE_HIDDEN, kept)].into() };
                replay.knowledge.private = Some(private);
                Body::Hidden { public: json!("primed"), commitment, nonce: NONCE_HIDDEN }
            }
            Owed::Decide(pending) => {
                let command = match pending {
                    Pending::Dice { .. } => json!("initiative"),
                    Pending::Choice { .. } => json!({"bonus": "bandage"}),
                    _ if hidden_entry.map(|(by, _)| by) == Some(player) => json!({"fire": {"target": 1 - p}}),
                    _ => json!("rest"),
                };
                commands += 1;
                Body::Command { command, nonce: Some(Hash32([0x10 + commands; 32])) }
            }
            Owed::Seal { step, .. } => {
                seals += 1;
                let nonce = Hash32([0x30 + seals; 32]);
                seal_nonces[p] = Some(nonce);
                let salt = sealed::salt(key, &GAME, &genesis_id, &step, Some(&nonce));
                Body::Seal {
                    commitment: sealed::commitment(&GAME, &step, player.0, &salt, &guard),
                    step,
                    nonce: Some(nonce),
                }
            }
            Owed::Unseal { step } => {
                let salt = sealed::salt(key, &GAME, &genesis_id, &step, seal_nonces[p].as_ref());
                Body::Unseal { step, choice: guard.clone(), salt }
            }
            Owed::Reveal { request, generation, .. } => {
                let index = replay.chains[p][generation as usize].state.used + 1;
                let (o, c) = &chains[p];
                let value = chain::reveal_value(key, o, c, index).expect("in range");
                Body::Reveal { request, generation, index, value }
            }
            Owed::Open { indices, at_end } => {
                assert_eq!((indices, at_end), (vec![0], false), "the rules demand the prime");
                let (by, entry) = hidden_entry.expect("a concealed command");
                assert_eq!(by, player);
                let salt = hidden::salt(key, &GAME, &genesis_id, &NONCE_HIDDEN);
                opened = true;
                Body::Open { openings: vec![Opening { entry, salt, command: prime() }], nonce: NONCE_OPEN }
            }
        };
        let e = sign_after(&entries, 2, player, key, body);
        replay.apply(&e).map_err(|err| err.to_string()).expect("the powder game's entries are valid");
        if matches!(e.entry.body, Body::Hidden { .. }) {
            hidden_entry = Some((player, e.id));
        }
        entries.push(e);
    }
    entries
}

/// The index of the powder game's only entry of `kind`.
fn powder_index(entries: &[SignedEntry], kind: &str) -> usize {
    let mut found = entries.iter().enumerate().filter(|(_, e)| e.entry.body.kind() == kind).map(|(i, _)| i);
    let i = found.next().unwrap_or_else(|| panic!("no {kind} entry"));
    assert!(found.next().is_none(), "one {kind} entry");
    i
}

/// The first `n` little-endian u32 words of the keystream of `seed`.
fn words(seed: [u8; 32], n: usize) -> Vec<u32> {
    StreamDice::keystream(seed, 4 * n).chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn faces(seed: [u8; 32], sides: u32, n: usize) -> String {
    let mut dice = StreamDice::from_seed(seed);
    (0..n).map(|_| dice.roll(sides).expect("a keystream never ends").to_string()).collect::<Vec<_>>().join(" ")
}

/// Every vector, computed by the code.
fn computed() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    let mut put = |name: &str, value: String| v.push((name.to_string(), value));

    let sample = canonical::encode(&canonical_sample());
    put("canonical-sample", String::from_utf8(sample.clone()).expect("UTF-8"));
    put("canonical-sample-hex", hex::encode(&sample));

    let (k0, k1) = (lannes(), ney());
    put("key-seed", hex::encode(k0.seed()));
    put("key-public", k0.public().to_hex());
    put("key-fingerprint", k0.public().fingerprint());
    let line = PublicLine { key: k0.public(), name: "Jean Lannes".into(), email: "lannes@example.org".into() };
    put("key-line", line.to_line());
    put("key-9-public", k1.public().to_hex());
    put("scenario-hash-abc", scenario_hash(b"abc").to_hex());

    for version in [PROTOCOL_V2, PROTOCOL_V1] {
        game_vectors(version, &mut put);
    }
    put("keystream-zero-key", hex::encode(StreamDice::keystream([0; 32], 64)));
    hidden_vectors(&mut put);
    witness_vectors(&mut put);
    seat_vectors(&mut put);
    letter_vectors(&mut put);
    v
}

/// Section 14.5: Lannes writes to Ney in the sample game, with fixed randomness.
fn sample_letter() -> grognard_journal::letter::SignedLetter {
    let random = grognard_journal::letter::Randomness { ephemeral: [0x61; 32], content_key: [0x62; 32] };
    grognard_journal::letter::write(GAME, 0, &lannes(), &[(1, ney().public())], Some(3), LETTER_TEXT, &random)
        .expect("a letter")
}

const LETTER_TEXT: &str = "Marshal, hold the bridge at Aspern until I come.";

fn letter_vectors(put: &mut dyn FnMut(&str, String)) {
    let letter = sample_letter();
    put("letter-line", String::from_utf8(letter.line()).expect("UTF-8"));
    put("letter-id", letter.id.to_hex());
}

/// A seat changes hands (section 8.10).
fn seat_vectors(put: &mut dyn FnMut(&str, String)) {
    let entries = seat_entries();
    for (i, e) in entries.iter().enumerate().skip(8) {
        put(&format!("seat-entry-{i}-canonical"), String::from_utf8(e.bytes.clone()).expect("UTF-8"));
        put(&format!("seat-entry-{i}-id"), e.id.to_hex());
        put(&format!("seat-entry-{i}-signature"), hex::encode(e.signature.to_bytes()));
    }
    let journal: Vec<u8> = entries.iter().flat_map(|e| e.record().into_iter().chain([b'\n'])).collect();
    put("seat-journal-sha256", hex::encode(Sha256::digest(&journal)));
    let request = entries[2].id;
    let seed = rolls::fair_seed_with(&GAME, &request, &[(1, Hash32([0x51; 32]))], Some((0, Hash32([0x52; 32]))));
    put("seat-extra-roll-seed", hex::encode(seed));
}

/// The witnesses `concerned` (section 8.9), by the reference rule (`journal/src/witness.rs`).
fn witness_vectors(put: &mut dyn FnMut(&str, String)) {
    use grognard_journal::witness::Table;
    let players = |v: &[u8]| v.iter().map(|&p| PlayerId(p)).collect::<Vec<_>>();
    let text = |w: Vec<PlayerId>| w.iter().map(|p| p.0.to_string()).collect::<Vec<_>>().join(" ");
    let all = [true; 7];
    let others = |roller: u8| (0..7).filter(|&p| p != roller).map(PlayerId).collect::<Vec<_>>();
    let (o2, o6) = (others(2), others(6));
    let t2 = Table { taking_part: &all, opponents: &o2 };
    put("concerned-named", text(t2.of_command(PlayerId(2), &players(&[5, 2, 0, 5]))));
    put("concerned-none", text(t2.of_command(PlayerId(2), &[])));
    let t6 = Table { taking_part: &all, opponents: &o6 };
    put("concerned-none-last", text(t6.of_command(PlayerId(6), &[])));
    let part = [true, true, true, false, false, true, true];
    let out = Table { taking_part: &part, opponents: &o2 };
    put("concerned-out", text(out.of_command(PlayerId(2), &players(&[3, 4]))));
    let five = [true; 5];
    let enemies = players(&[3, 4]);
    let allies = Table { taking_part: &five, opponents: &enemies };
    put("concerned-allies", text(allies.of_command(PlayerId(0), &[])));
    let o1 = others(1);
    let t1 = Table { taking_part: &all, opponents: &o1 };
    put("concerned-sealed", text(t1.of_sealed(PlayerId(1), &players(&[1]))));
}

/// The vectors of hidden information: a concealed command's salt and commitment (section
/// 8.7) and the powder game (section 8.8).
fn hidden_vectors(put: &mut dyn FnMut(&str, String)) {
    let genesis_id = sample_entries()[0].id;
    let salt = hidden::salt(&lannes(), &GAME, &genesis_id, &NONCE_HIDDEN);
    put("hidden-salt", salt.to_hex());
    put("hidden-commitment", hidden::commitment(&GAME, 0, &salt, &prime()).to_hex());

    let entries = powder_entries();
    let Body::Genesis(g) = &entries[0].entry.body else { unreachable!("a genesis") };
    put("powder-scenario-hash", g.scenario_hash.to_hex());
    for (i, e) in entries.iter().enumerate() {
        put(&format!("powder-entry-{i}-id"), e.id.to_hex());
    }
    for kind in ["hidden", "open"] {
        let i = powder_index(&entries, kind);
        put(&format!("powder-entry-{i}-canonical"), String::from_utf8(entries[i].bytes.clone()).expect("UTF-8"));
        put(&format!("powder-entry-{i}-signature"), hex::encode(entries[i].signature.to_bytes()));
    }
    let salt = hidden::salt(&lannes(), &GAME, &entries[0].id, &NONCE_HIDDEN);
    put("powder-hidden-salt", salt.to_hex());
    let open = &entries[powder_index(&entries, "open")];
    let reveal = entries.last().expect("the fire's reveal");
    let Body::Reveal { request, value, .. } = &reveal.entry.body else { panic!("the game ends with a reveal") };
    assert_eq!(*request, open.id, "the opening is the fire's dice request");
    let seed = rolls::fair_seed(&GAME, &open.id, &[(1, *value)]);
    put("powder-fire-roll-seed", hex::encode(seed));
    put("powder-fire-roll-d6", faces(seed, 6, 1));
    let journal: Vec<u8> = entries.iter().flat_map(|e| e.record().into_iter().chain([b'\n'])).collect();
    put("powder-journal-sha256", hex::encode(Sha256::digest(&journal)));
}

/// Vector names of a version: `name` for the current version, `v1-name` for version 1.
fn named(version: u32, name: &str) -> String {
    if version == PROTOCOL_V1 {
        format!("v1-{name}")
    } else {
        name.to_string()
    }
}

/// The vectors of the sample game of `version`.
fn game_vectors(version: u32, put: &mut dyn FnMut(&str, String)) {
    let (k0, k1) = (lannes(), ney());
    let mut put = |name: &str, value: String| put(&named(version, name), value);
    let entries = sample_entries_of(version);
    for (i, e) in entries.iter().enumerate() {
        put(&format!("entry-{i}-canonical"), String::from_utf8(e.bytes.clone()).expect("UTF-8"));
        put(&format!("entry-{i}-id"), e.id.to_hex());
        put(&format!("entry-{i}-signature"), hex::encode(e.signature.to_bytes()));
    }
    let journal: Vec<u8> = entries.iter().flat_map(|e| e.record().into_iter().chain([b'\n'])).collect();
    put("journal-sha256", hex::encode(Sha256::digest(&journal)));
    let packet = Packet { game: GAME, entries: entries.clone(), letters: Vec::new() }.encode();
    let end = packet.split(|&b| b == b'\n').rev().nth(1).expect("an end line");
    put("packet-end-line", String::from_utf8(end.to_vec()).expect("ASCII"));

    let genesis_id = entries[0].id;
    let o1 = origin(version, chain::anchor(&genesis_id, false, 0), 0, NONCE_JOIN_CHAIN);
    let c = chain::commit(&k1, &o1, CHAIN_LENGTH).expect("a length");
    put("chain-x0", chain::value_at(&k1, &o1, 0).to_hex());
    put("chain-x1", chain::value_at(&k1, &o1, 1).to_hex());
    put("chain-head", c.head.to_hex());
    let r1 = chain::reveal_value(&k1, &o1, &c, 1).expect("in range");
    let r2 = chain::reveal_value(&k1, &o1, &c, 2).expect("in range");
    put("chain-reveal-1", r1.to_hex());
    put("chain-reveal-2", r2.to_hex());
    let o0 = origin(version, chain::anchor(&genesis_id, true, 0), 0, NONCE_GENESIS_CHAIN);
    put("chain-creator-x0", chain::value_at(&k0, &o0, 0).to_hex());
    put("chain-creator-head", chain::commit(&k0, &o0, CHAIN_LENGTH).expect("a length").head.to_hex());
    let next = origin(version, chain::anchor(&genesis_id, false, 1), 1, NONCE_RENEWAL);
    put("chain-gen1-x0", chain::value_at(&k1, &next, 0).to_hex());

    let request = entries[2].id;
    let fair = rolls::fair_seed(&GAME, &request, &[(1, r1)]);
    put("fair-roll-seed", hex::encode(fair));
    let two = rolls::fair_seed(&GAME, &request, &[(1, r1), (2, r2)]);
    put("fair-roll-seed-two-witnesses", hex::encode(two));
    put("casual-roll-seed", hex::encode(rolls::casual_seed(&GAME, &request)));
    put("fair-roll-keystream", hex::encode(StreamDice::keystream(fair, 64)));
    put("fair-roll-words", words(fair, 10).iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
    put("fair-roll-d6", faces(fair, 6, 10));
    put("fair-roll-d20", faces(fair, 20, 10));

    let salt = sealed::salt(&k0, &GAME, &genesis_id, STEP, nonce(version, NONCE_SEAL_0).as_ref());
    put("seal-salt", salt.to_hex());
    put("seal-commitment", sealed::commitment(&GAME, STEP, 0, &salt, &json!({"stance": "guard"})).to_hex());
}

/// Every vector as PROTOCOL.md states it.
const EXPECTED: &[(&str, &str)] = &[
    ("canonical-sample", r#"{"Bravo":"quote \" backslash \\ slash / tab \t newline \n cr \r bs \b ff \f nul \u0000 us \u001f","a":[],"aa":{},"alpha":{"":null,"a":false,"b":true},"zulu":[1,-1,0,18446744073709551615,-9223372036854775808],"été":"café 😀","｡":1,"😀":2}"#),
    ("canonical-sample-hex", "7b22427261766f223a2271756f7465205c22206261636b736c617368205c5c20736c617368202f20746162205c74206e65776c696e65205c6e206372205c72206273205c62206666205c66206e756c205c7530303030207573205c7530303166222c2261223a5b5d2c226161223a7b7d2c22616c706861223a7b22223a6e756c6c2c2261223a66616c73652c2262223a747275657d2c227a756c75223a5b312c2d312c302c31383434363734343037333730393535313631352c2d393232333337323033363835343737353830385d2c22c3a974c3a9223a22636166c3a920f09f9880222c22efbda1223a312c22f09f9880223a327d"),
    ("key-seed", "0101010101010101010101010101010101010101010101010101010101010101"),
    ("key-public", "8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c"),
    ("key-fingerprint", "78a9-d520-b616-a8dc"),
    ("key-line", "grognard-pk1 8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c Jean Lannes <lannes@example.org>"),
    ("key-9-public", "fd1724385aa0c75b64fb78cd602fa1d991fdebf76b13c58ed702eac835e9f618"),
    ("scenario-hash-abc", "461fcd601e7679e61a5026c15bd685c94bab36b92fb3dff5324bc3f2e6558684"),
    ("entry-0-canonical", r#"{"acks":[],"author":0,"body":{"chain":{"generation":0,"head":"163671a9d55a00ae58ad1c6aa6e269e81fc7367d96a4f9b736a392e90ac1a994","length":16,"nonce":"2121212121212121212121212121212121212121212121212121212121212121"},"dice":{"faces":[],"mode":"fair","witnesses":"opponents"},"kind":"genesis","players":[{"email":"lannes@example.org","key":"8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c","name":"Jean Lannes","powers":["red"]},{"email":"ney@example.org","key":"fd1724385aa0c75b64fb78cd602fa1d991fdebf76b13c58ed702eac835e9f618","name":"Michel Ney","powers":["blue"]}],"ruleset":"duel","ruleset_version":"1","scenario":"standard","scenario_hash":"95b76ec4a3ded86b9744957c6660d56446ab9d81a9cf03bd57adcde2fb125688"},"game":"03030303030303030303030303030303","prev":null,"seq":0,"v":2}"#),
    ("entry-0-id", "78cf57d7e4368949e522c5e8c8fc7f5f5f1fb885a92119172ae96605895da95f"),
    ("entry-0-signature", "3fd25049522d5bc28d3383e32d5dc16a9fccb3d39386677fe28495796797d0821328d872f2d9da2c4217207e3814dfa7c34ad7073cd5f43b15c8c32387a36204"),
    ("entry-1-canonical", r#"{"acks":[{"author":0,"id":"78cf57d7e4368949e522c5e8c8fc7f5f5f1fb885a92119172ae96605895da95f","seq":0}],"author":1,"body":{"chain":{"generation":0,"head":"ab077046233d6c1993197cd80c5d121638eff261c7dce210f3f8abc8c6382a39","length":16,"nonce":"2222222222222222222222222222222222222222222222222222222222222222"},"kind":"join"},"game":"03030303030303030303030303030303","prev":"78cf57d7e4368949e522c5e8c8fc7f5f5f1fb885a92119172ae96605895da95f","seq":0,"v":2}"#),
    ("entry-1-id", "dcf0124de1ceb4eec54bdab05dbab636fb3c2f8ca1d15f9be8e4e4441e4396c2"),
    ("entry-1-signature", "e3bb160dda719c77e2da7387fc085dc49ebf961517def3326965839e29b9586a3b56670f906a52c89f2e35c4b0106c48b301a9edf84ab117f6ea09649fa2fe01"),
    ("entry-2-canonical", r#"{"acks":[{"author":1,"id":"dcf0124de1ceb4eec54bdab05dbab636fb3c2f8ca1d15f9be8e4e4441e4396c2","seq":0}],"author":0,"body":{"command":"initiative","kind":"command","nonce":"1111111111111111111111111111111111111111111111111111111111111111"},"game":"03030303030303030303030303030303","prev":"78cf57d7e4368949e522c5e8c8fc7f5f5f1fb885a92119172ae96605895da95f","seq":1,"v":2}"#),
    ("entry-2-id", "8bd5be18d95b76d74afff769196bc3849bb7133117d1b1e0556950bfcb74df08"),
    ("entry-2-signature", "19fe9dbc727c073a1ebf83175cfdc2b0b033d7cb0873263384c98bcbc274b7f1bc6155f2bf8522616ff0f6216564d8eb5da4bbf6537a3bc5546b4954e388050a"),
    ("entry-3-canonical", r#"{"acks":[{"author":0,"id":"8bd5be18d95b76d74afff769196bc3849bb7133117d1b1e0556950bfcb74df08","seq":1}],"author":1,"body":{"generation":0,"index":1,"kind":"reveal","request":"8bd5be18d95b76d74afff769196bc3849bb7133117d1b1e0556950bfcb74df08","value":"76716adabfca972cd6f31c43a692722007fbaf790f1f5d3af4f9fa80f851431e"},"game":"03030303030303030303030303030303","prev":"dcf0124de1ceb4eec54bdab05dbab636fb3c2f8ca1d15f9be8e4e4441e4396c2","seq":1,"v":2}"#),
    ("entry-3-id", "bc0c8a0f83fab8da2dbc2a54f5f6183ef32df8b8b1da109fad64e7249db9eff3"),
    ("entry-3-signature", "a43cf96d63dc9952d6e3482d7a12bbe245ea5ae02b29e565498daf60f732c5e7cad40672d086036dd90c44f940c9e12207092c16aa4dce50805be17981f09e05"),
    ("entry-4-canonical", r#"{"acks":[{"author":1,"id":"bc0c8a0f83fab8da2dbc2a54f5f6183ef32df8b8b1da109fad64e7249db9eff3","seq":1}],"author":0,"body":{"commitment":"8bc42694c81ad682511ded843ece1dd370d88b8f1b7fd5a8c9fe6815835faa4c","kind":"seal","nonce":"3131313131313131313131313131313131313131313131313131313131313131","step":"round-1"},"game":"03030303030303030303030303030303","prev":"8bd5be18d95b76d74afff769196bc3849bb7133117d1b1e0556950bfcb74df08","seq":2,"v":2}"#),
    ("entry-4-id", "276734571f0981b2d988222d90d5acb03244dac40a88b537549eec8755998cae"),
    ("entry-4-signature", "1fda027818be0755c998b4f3b4d7d44f101ddd08f929da7d059232a0256d0ab40678673c9035bd2807a6faa27833493f5da722152315314487a593ea7a72780e"),
    ("entry-5-canonical", r#"{"acks":[{"author":0,"id":"276734571f0981b2d988222d90d5acb03244dac40a88b537549eec8755998cae","seq":2}],"author":1,"body":{"commitment":"a40d9fcc58da2f2794b116569fd1d06b0d5f0f0cec9d4946e3890bf6134d8840","kind":"seal","nonce":"3232323232323232323232323232323232323232323232323232323232323232","step":"round-1"},"game":"03030303030303030303030303030303","prev":"bc0c8a0f83fab8da2dbc2a54f5f6183ef32df8b8b1da109fad64e7249db9eff3","seq":2,"v":2}"#),
    ("entry-5-id", "75ab40ea4d4cf1300f5582bf455e0f791933545269df4611a9a44f14f60c036d"),
    ("entry-5-signature", "9776d22eb19aa94ca4dcd3715302ff4e276432667551219a91e8c39ca64d54387c7b0cf4ecfe8b054f829d9090a7dfb84959719d21459cf7b6dfaa47fc24f003"),
    ("entry-6-canonical", r#"{"acks":[{"author":1,"id":"75ab40ea4d4cf1300f5582bf455e0f791933545269df4611a9a44f14f60c036d","seq":2}],"author":0,"body":{"choice":{"stance":"guard"},"kind":"unseal","salt":"00a047d04aa185b40095db0b16a463becffc12af75402a2a1d7f043ee5dc9928","step":"round-1"},"game":"03030303030303030303030303030303","prev":"276734571f0981b2d988222d90d5acb03244dac40a88b537549eec8755998cae","seq":3,"v":2}"#),
    ("entry-6-id", "31f500d6bd1a3c2be4ecdb353cf9b4ac9048bdd54663ad06794640c8e6e109ee"),
    ("entry-6-signature", "91739491afbd1eb680c979c6ccc3d0491066d8a9d7b9de312680ed44c3da3466a42cc3d8eafd72a4a710e6fb12ca6253afeb39b0b0812fb11104da119bd8c10a"),
    ("entry-7-canonical", r#"{"acks":[{"author":0,"id":"31f500d6bd1a3c2be4ecdb353cf9b4ac9048bdd54663ad06794640c8e6e109ee","seq":3}],"author":1,"body":{"choice":{"stance":"lunge"},"kind":"unseal","salt":"967f855ca3a6c9896a9bb1cdaf3dc5e1af3d2feed808ff64e2f9df3b269dc6c2","step":"round-1"},"game":"03030303030303030303030303030303","prev":"75ab40ea4d4cf1300f5582bf455e0f791933545269df4611a9a44f14f60c036d","seq":3,"v":2}"#),
    ("entry-7-id", "9199dbdf0b961cf6c41c305f7ed0e532b81b475558e1358f4de2273c4ffdf202"),
    ("entry-7-signature", "addd03a5c8ede2587cee9e0fd87a8e430b01ade7572161016a6804bcb94230ff7af73c29d65e5a0e88e0fb5e3ec808b0a4e4a2c71c589e4bc7e231c9a591fe00"),
    ("journal-sha256", "6f4daf4e8c088e49eb990f3beb8f562a459ae9acda2b2903ec7cd8d61e7c5c95"),
    ("packet-end-line", "end sha256=361929f91631aea329870117cb3c9828be83bc4e538c13466f209c040c22da9e"),
    ("chain-x0", "db44337d19895effd9eb29e740cc6105d108be372ef81b1fcc8716320b1d2c98"),
    ("chain-x1", "ac2ca41e9b3a12ed15cd19efbd4f29339925e7bb3fa6271070636923d191fb73"),
    ("chain-head", "ab077046233d6c1993197cd80c5d121638eff261c7dce210f3f8abc8c6382a39"),
    ("chain-reveal-1", "76716adabfca972cd6f31c43a692722007fbaf790f1f5d3af4f9fa80f851431e"),
    ("chain-reveal-2", "3bce13bf654ec8b1af1613f613848c81087569fe53489bc11e96acec980f3c57"),
    ("chain-creator-x0", "2367fa5aa34a5d189847153752f3c9f3d41d3810dcf3574b557519fc702c36e1"),
    ("chain-creator-head", "163671a9d55a00ae58ad1c6aa6e269e81fc7367d96a4f9b736a392e90ac1a994"),
    ("chain-gen1-x0", "5d2e31f46b415a4bd1ca2672db62e2fb504e40132c1318e3650380de8fc0ff05"),
    ("fair-roll-seed", "c9834b819a493fca03baf60d6005fe88f820824bf01490cb6ddaf9be2ae75d42"),
    ("fair-roll-seed-two-witnesses", "ca9f631285fb733b94f524dc3efbb5550272ebddad6cdba12f29b91a46b0f9c6"),
    ("casual-roll-seed", "d9e5479cd13d1dd045aff31444bf5729c0a87e8674c982384b1dde8e97e3b595"),
    ("fair-roll-keystream", "e133332732bf7c77550dc30ec1b3c95924704a32ea8885afe75cceea9b4c6d21dd98c8cfc3155a6d22ab143a5d4f0adf5e60ae7d6c57a275375463ed8edafd72"),
    ("fair-roll-words", "657667041 2004664114 247663957 1506390977 843739172 2944764138 3939392743 560811163 3486030045 1834620355"),
    ("fair-roll-d6", "4 5 2 6 3 1 2 2 4 2"),
    ("fair-roll-d20", "2 15 18 18 13 19 4 4 6 16"),
    ("seal-salt", "00a047d04aa185b40095db0b16a463becffc12af75402a2a1d7f043ee5dc9928"),
    ("seal-commitment", "8bc42694c81ad682511ded843ece1dd370d88b8f1b7fd5a8c9fe6815835faa4c"),
    ("v1-entry-0-canonical", r#"{"acks":[],"author":0,"body":{"chain":{"generation":0,"head":"d1b8f1a6809815301399b05dcf8f74dced8ed9ef062c1459e2788727bae1a37e","length":16},"dice":{"faces":[],"mode":"fair","witnesses":"opponents"},"kind":"genesis","players":[{"email":"lannes@example.org","key":"8a88e3dd7409f195fd52db2d3cba5d72ca6709bf1d94121bf3748801b40f6f5c","name":"Jean Lannes","powers":["red"]},{"email":"ney@example.org","key":"fd1724385aa0c75b64fb78cd602fa1d991fdebf76b13c58ed702eac835e9f618","name":"Michel Ney","powers":["blue"]}],"ruleset":"duel","ruleset_version":"1","scenario":"standard","scenario_hash":"95b76ec4a3ded86b9744957c6660d56446ab9d81a9cf03bd57adcde2fb125688"},"game":"03030303030303030303030303030303","prev":null,"seq":0,"v":1}"#),
    ("v1-entry-0-id", "dd9799b88310ee9cb273d3ef7a2cfdaf420f1e9de0e147450190e201d1903852"),
    ("v1-entry-0-signature", "c60ae6158c57815e27374566998e04efceda2bc95d06c7b0ee57e8a6c94f962c31838a86e6a3ac334b79d640f6bfc4e8fbf84ab28426f9501fc823bc9df0c308"),
    ("v1-entry-1-canonical", r#"{"acks":[{"author":0,"id":"dd9799b88310ee9cb273d3ef7a2cfdaf420f1e9de0e147450190e201d1903852","seq":0}],"author":1,"body":{"chain":{"generation":0,"head":"ccae43ddb4adcbde390c7518bf1d442ce75d52ef9017d2745c4bba1a33011b82","length":16},"kind":"join"},"game":"03030303030303030303030303030303","prev":"dd9799b88310ee9cb273d3ef7a2cfdaf420f1e9de0e147450190e201d1903852","seq":0,"v":1}"#),
    ("v1-entry-1-id", "05a3f62f63187f71205fcc6cfd902f225a7d415f7ebe144d5cf5bfeaa2cfaee7"),
    ("v1-entry-1-signature", "def3b3362e4231b214c4b5e88f59b63e072e9d6cac1cd71fec6027deb37176ffced7faa066d1b8c2b14d0eff089163afc63c9a4e9d81ee2f4918525c45533900"),
    ("v1-entry-2-canonical", r#"{"acks":[{"author":1,"id":"05a3f62f63187f71205fcc6cfd902f225a7d415f7ebe144d5cf5bfeaa2cfaee7","seq":0}],"author":0,"body":{"command":"initiative","kind":"command"},"game":"03030303030303030303030303030303","prev":"dd9799b88310ee9cb273d3ef7a2cfdaf420f1e9de0e147450190e201d1903852","seq":1,"v":1}"#),
    ("v1-entry-2-id", "f7031b6acf47de631b6c3a000f72dfba5ff8f1461b4f9606e9d284760172ceab"),
    ("v1-entry-2-signature", "bf523b98bd0f1e01ee347d58fee1168ebf93665bdb6a94a3e46786207f05c4a8af7a4db4714dca7c3f5d57c073bfe6290a9d6df07e9d0879a0e24d4ef8841302"),
    ("v1-entry-3-canonical", r#"{"acks":[{"author":0,"id":"f7031b6acf47de631b6c3a000f72dfba5ff8f1461b4f9606e9d284760172ceab","seq":1}],"author":1,"body":{"generation":0,"index":1,"kind":"reveal","request":"f7031b6acf47de631b6c3a000f72dfba5ff8f1461b4f9606e9d284760172ceab","value":"bf047e30fe92504a9f89b504d6fbcc949b316b46c82fe0c7fd6def24c0d9228e"},"game":"03030303030303030303030303030303","prev":"05a3f62f63187f71205fcc6cfd902f225a7d415f7ebe144d5cf5bfeaa2cfaee7","seq":1,"v":1}"#),
    ("v1-entry-3-id", "3ef9b260627d6def8139766d92a436897261e9d2aef84da9c50da6e2a4654ef0"),
    ("v1-entry-3-signature", "884ae1c9b0f6a55105a4d9f682832239a1b79fcf3562d3104449f13acb08f89e4beb3713dec52d1e3d81ffc7ebddec666019ceaf6754c4f8ec57494d075ab10b"),
    ("v1-entry-4-canonical", r#"{"acks":[{"author":0,"id":"f7031b6acf47de631b6c3a000f72dfba5ff8f1461b4f9606e9d284760172ceab","seq":1}],"author":1,"body":{"chain":{"generation":1,"head":"968551ccc1b9f82a2b88fe6e3737ae2a4d92a0eb8c51f1c8dedba16ad32d1197","length":16},"kind":"chain"},"game":"03030303030303030303030303030303","prev":"3ef9b260627d6def8139766d92a436897261e9d2aef84da9c50da6e2a4654ef0","seq":2,"v":1}"#),
    ("v1-entry-4-id", "c566956c6a44507629bd9efce259388e1ba7f3b73cca50cc7dd96580079921f6"),
    ("v1-entry-4-signature", "d6143546c5e020f9de9094595eba66b6960f81d1623f949550afd0cdd5c82348eced217a73ac2a4bdb2265fdb793e65da79b916f755cd6ff9259d43efb837609"),
    ("v1-entry-5-canonical", r#"{"acks":[{"author":1,"id":"c566956c6a44507629bd9efce259388e1ba7f3b73cca50cc7dd96580079921f6","seq":2}],"author":0,"body":{"commitment":"2c13301443db1653e2c2b94ffe82117f6a3d28b9cd199803fb2bd2a1600a529f","kind":"seal","step":"round-1"},"game":"03030303030303030303030303030303","prev":"f7031b6acf47de631b6c3a000f72dfba5ff8f1461b4f9606e9d284760172ceab","seq":2,"v":1}"#),
    ("v1-entry-5-id", "f57eda16c3bebd427bb70491fafc1a2160b20557f885354434da3efba970cc20"),
    ("v1-entry-5-signature", "e8df710476779bb548e95f3399076f05359d6350aca6c3c3279d9271e8854b1eec6e5eba0c8a184cfa81f45320bd074feeea3feeef1f6f3af947bf255e31c405"),
    ("v1-entry-6-canonical", r#"{"acks":[{"author":0,"id":"f57eda16c3bebd427bb70491fafc1a2160b20557f885354434da3efba970cc20","seq":2}],"author":1,"body":{"commitment":"3f31c6fbb3c86ea76e151a65e177df5fcac44519ef89259939f152b5b5101758","kind":"seal","step":"round-1"},"game":"03030303030303030303030303030303","prev":"c566956c6a44507629bd9efce259388e1ba7f3b73cca50cc7dd96580079921f6","seq":3,"v":1}"#),
    ("v1-entry-6-id", "b4effb37056930ff37ae796f58560d9522185b2677e9590dccdfa6b014913bf9"),
    ("v1-entry-6-signature", "d05014fd5acab77ed3ef3b03ec22cee72733cfccff3195dc116134eaf5204580e1452e881ac20e7e70ccf12ddd7d02c8e16a5a1c23fd5042a1ca4d1fa8cd2406"),
    ("v1-entry-7-canonical", r#"{"acks":[{"author":1,"id":"b4effb37056930ff37ae796f58560d9522185b2677e9590dccdfa6b014913bf9","seq":3}],"author":0,"body":{"choice":{"stance":"guard"},"kind":"unseal","salt":"ed2944bff5d812acbb3baf9eee994cda9687df72f483383e56e360f5d831454d","step":"round-1"},"game":"03030303030303030303030303030303","prev":"f57eda16c3bebd427bb70491fafc1a2160b20557f885354434da3efba970cc20","seq":3,"v":1}"#),
    ("v1-entry-7-id", "3ba73a5763bd04424ac296421c8f2b32e1645d6a017461bc5562775f044275b6"),
    ("v1-entry-7-signature", "d7b3d5ad51e7377897de8448bb6d8da19687fe82f5385a9803938bac0e53ff394aee76735dd8407748a6fe5dfcc8e9c114e3d3b3b236f901c8c7e16afe657c09"),
    ("v1-entry-8-canonical", r#"{"acks":[{"author":0,"id":"3ba73a5763bd04424ac296421c8f2b32e1645d6a017461bc5562775f044275b6","seq":3}],"author":1,"body":{"choice":{"stance":"lunge"},"kind":"unseal","salt":"f72dbf48847343f19a0dd38dc071561f55c2dbc117aca5aafed87bf2ea614265","step":"round-1"},"game":"03030303030303030303030303030303","prev":"b4effb37056930ff37ae796f58560d9522185b2677e9590dccdfa6b014913bf9","seq":4,"v":1}"#),
    ("v1-entry-8-id", "a344830aa0e718cda88cea9dfca8c1cb52d666018e2ecef36d4c10454d7ad679"),
    ("v1-entry-8-signature", "4aa3f1c9196012d22c75d02a7ebed4774df9568ade4428b3ae049a4edebca3408b9811c14b77690ffb9e0d63b9a4d012f46196c1f1a1a4efddb3d7dd99d63b03"),
    ("v1-journal-sha256", "a60f09a0a926740c0a0bf43abe054ce09c8c3ebd2183c436c0ab5d4a6b3b1ba9"),
    ("v1-packet-end-line", "end sha256=ea935555a3da8f846de500faa74a659571d81b18918aedec26a3e22f42dd92ca"),
    ("v1-chain-x0", "19217dfa81260918b50b7af5f6870d61d0674baa3e646031c94fcc372dca8fed"),
    ("v1-chain-x1", "fc919495af5716f0071df0680085004d1da1daabc2a7843149f908cdb4743c0a"),
    ("v1-chain-head", "ccae43ddb4adcbde390c7518bf1d442ce75d52ef9017d2745c4bba1a33011b82"),
    ("v1-chain-reveal-1", "bf047e30fe92504a9f89b504d6fbcc949b316b46c82fe0c7fd6def24c0d9228e"),
    ("v1-chain-reveal-2", "78a0f4a1e47050e1c8888c5a8aacc43e80d63dff545d755326035b5aa50f88f2"),
    ("v1-chain-creator-x0", "56ffb70e15edae27cdb70b6b52936fe2a5cdbe638f49b6f269b51e3ad2b0aa40"),
    ("v1-chain-creator-head", "d1b8f1a6809815301399b05dcf8f74dced8ed9ef062c1459e2788727bae1a37e"),
    ("v1-chain-gen1-x0", "acbc3a2321798185cb1804b0bb8a00c2e04696ca4b42e581b8613a4ead245e65"),
    ("v1-fair-roll-seed", "c09be72fb04b1e25d6c37c83e92e63e8cac0e6decfb67ce3f98f1e65fb2bb8c8"),
    ("v1-fair-roll-seed-two-witnesses", "ba6a2514da62aafdacdc0756f2ea5166c8551609139970f71f70174a09d5d5ef"),
    ("v1-casual-roll-seed", "861917b07fa8e26096e2959e7d63726db442c730b7e2523b2f02151cdf5d6440"),
    ("v1-fair-roll-keystream", "7b8ad6040a0c8ba5e1bed1e0de2e7a71e2a633dccc519be740657abe9db5a4bb67439805f336a9e223e437f6e2a57ce1e3e5ef69eb2af1df1e963a434f75ad39"),
    ("v1-fair-roll-words", "81169019 2777353226 3771842273 1903832798 3694372578 3885715916 3195692352 3148133789 93864807 3802740467"),
    ("v1-fair-roll-d6", "6 3 6 3 1 3 1 6 4 6"),
    ("v1-fair-roll-d20", "20 7 14 19 19 17 13 10 8 8"),
    ("v1-seal-salt", "ed2944bff5d812acbb3baf9eee994cda9687df72f483383e56e360f5d831454d"),
    ("v1-seal-commitment", "2c13301443db1653e2c2b94ffe82117f6a3d28b9cd199803fb2bd2a1600a529f"),
    ("keystream-zero-key", "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),    ("hidden-salt", "aa8f35c25e089badd158e4f8cf48605e35f02f5a420c804ad516628e66c0dc62"),
    ("hidden-commitment", "2a0e9d195f8677291ea77c415987c45c2fa52313955d8a07c7e671cb2f4fd764"),
    ("powder-scenario-hash", "1a203a2e29f2847962c06eb64400dab5b6745e42a0312c23f4414857a7725ea4"),
    ("powder-entry-0-id", "07cbcb43fd3e29b09308c64185a58951c06a05f7228df82b152f5c1add3b290a"),
    ("powder-entry-1-id", "c346b592dab55c71f2597e338e9d6820477458a35126f414c0e0e4908a8331b9"),
    ("powder-entry-2-id", "5a65185dbfe012ccfaef4790ad08bbc9d08782e9aec0c7d3a9552b53380d0d83"),
    ("powder-entry-3-id", "1112ad0978d4079b0ac59fa8d98309e2e1554e0aaf2813e789ec8afde657158a"),
    ("powder-entry-4-id", "4a75199d04e6bd83cefc406c50aa1ec70e0b97f098020c95875bc997966409a8"),
    ("powder-entry-5-id", "a98bd209184ed23df75e97c968e1dcafbe4318438711b1514a1a6c3a7e8d558b"),
    ("powder-entry-6-id", "376b506bdbdbd0444af4be82f49d213446f59c63704c8218a71975a21820f006"),
    ("powder-entry-7-id", "e81085641c7ea8c08d52030b922144541b2d37b645008679cb1bd214fe28051f"),
    ("powder-entry-8-id", "4f63977e2a7a145e96b1b302f6ba86cc9a8112e39cef35c3bf3412c77eed899b"),
    ("powder-entry-9-id", "1d760f81e2e687f89ecb83077b77270bea27dd214478b666f3d5b6645daa35c7"),
    ("powder-entry-10-id", "bb9b67b3ca62df5ddc7002481ca30396013ea7a229eee435b0e86d954b45219b"),
    ("powder-entry-11-id", "a208e3564741e51bb9e9a930cee45b7dc3332c1a878a82a54b57ab5391735611"),
    ("powder-entry-12-id", "1c75ecfdd0ebd166d4f215a2bf51e31c698bdd7511012485925f213054e116ca"),
    ("powder-entry-13-id", "154a4f6eba1554ee50354b83bc352dc234c0aa97761d904c445aed75933a8823"),
    ("powder-entry-14-id", "a46246124bfd88b902b94d96c1deb6d90bc368c27753d8230d0f34297d886ca1"),
    ("powder-entry-15-id", "d8645e33ae039e7e93dcb8ce67f8ebecfdf697b6328eee78d84069def99ee1b5"),
    ("powder-entry-16-id", "2fcf34731bc4c7b6952fe1da35713532fdce532a2574248ecd3e43ab597159f9"),
    ("powder-entry-17-id", "0ad58d33ff98aa6e5132f65da5b52cadee64d7d9ca61e9e66d6a6281dbe47dc5"),
    ("powder-entry-18-id", "2d90c8077f29daf19f81a52b5d431f3fc92a39e037f285bc5215b6c9587a9bce"),
    ("powder-entry-19-id", "cf065610420a9207ff869625461ecddb254f8ed1825ccfaf32d588a3f4dce0c3"),
    ("powder-entry-8-canonical", r#"{"acks":[{"author":1,"id":"e81085641c7ea8c08d52030b922144541b2d37b645008679cb1bd214fe28051f","seq":3}],"author":0,"body":{"commitment":"788fd75769135fcec9682b5a1d9419a521c9a20ba9c2685d1925448c89b617c1","kind":"hidden","nonce":"4141414141414141414141414141414141414141414141414141414141414141","public":"primed"},"game":"03030303030303030303030303030303","prev":"376b506bdbdbd0444af4be82f49d213446f59c63704c8218a71975a21820f006","seq":4,"v":2}"#),
    ("powder-entry-8-signature", "e17a88594a9fa78ce5a9ba2c8c7c460d0c4648f0e06ba8ad8cac52acb81112194933126fab5657aa679d57c86b78991c34cb578689adfa7d419b4a4d43b21706"),
    ("powder-entry-18-canonical", r#"{"acks":[{"author":1,"id":"d8645e33ae039e7e93dcb8ce67f8ebecfdf697b6328eee78d84069def99ee1b5","seq":7}],"author":0,"body":{"kind":"open","nonce":"4242424242424242424242424242424242424242424242424242424242424242","openings":[{"command":{"prime":{"grains":2}},"entry":"4f63977e2a7a145e96b1b302f6ba86cc9a8112e39cef35c3bf3412c77eed899b","salt":"db5b74dc2803ff2bc75c740c00db0a92dcf8c9e70549c3786d7dcd7d3e58de45"}]},"game":"03030303030303030303030303030303","prev":"0ad58d33ff98aa6e5132f65da5b52cadee64d7d9ca61e9e66d6a6281dbe47dc5","seq":10,"v":2}"#),
    ("powder-entry-18-signature", "b3e4b195c6bc34fdfab99d72e33b74694ad1d10f5d38c01c243256640fe047ecfb23146cf07ad141f319379a559ddaebb2ac279e851d26940d216381eabadd04"),
    ("powder-hidden-salt", "db5b74dc2803ff2bc75c740c00db0a92dcf8c9e70549c3786d7dcd7d3e58de45"),
    ("powder-fire-roll-seed", "f50e4c361c678668b14507cff3817f4dc6720742367e15d46fd57c2b8ab4a282"),
    ("powder-fire-roll-d6", "4"),
    ("powder-journal-sha256", "0784e6faff2bdc43e7b33fa41d9aca6d3120822e1ab5d349b8d86ebb5a6384af"),
    ("concerned-named", "0 5"),
    ("concerned-none", "3"),
    ("concerned-none-last", "0"),
    ("concerned-out", "5"),
    ("concerned-allies", "3"),
    ("concerned-sealed", "1 2"),
    ("seat-entry-8-canonical", r#"{"acks":[{"author":1,"id":"9199dbdf0b961cf6c41c305f7ed0e532b81b475558e1358f4de2273c4ffdf202","seq":3}],"author":0,"body":{"email":"murat@example.org","key":"66be7e332c7a453332bd9d0a7f7db055f5c5ef1a06ada66d98b39fb6810c473a","kind":"replace","name":"Joachim Murat","round":0,"seat":1},"game":"03030303030303030303030303030303","prev":"31f500d6bd1a3c2be4ecdb353cf9b4ac9048bdd54663ad06794640c8e6e109ee","seq":4,"v":2}"#),
    ("seat-entry-8-id", "a60e699bf296636c498c23585c6f48b903ad7fdee984c57489e234e7aef6b443"),
    ("seat-entry-8-signature", "ce4528e68f2118dd550d294b93856df27b7ac8fc86070427568cd3ac72de2c2e1712cac8e3c660b48f9bbee049e10fbe9681f5ea22870863ebe7102a85d6990c"),
    ("seat-entry-9-canonical", r#"{"acks":[{"author":0,"id":"a60e699bf296636c498c23585c6f48b903ad7fdee984c57489e234e7aef6b443","seq":4}],"author":1,"body":{"chain":{"generation":1,"head":"ff2085589648b71bd782e1201960a7bd5b603dbb8476d0e51afad68bbde4da7d","length":16,"nonce":"2424242424242424242424242424242424242424242424242424242424242424"},"kind":"take"},"game":"03030303030303030303030303030303","prev":"9199dbdf0b961cf6c41c305f7ed0e532b81b475558e1358f4de2273c4ffdf202","seq":4,"v":2}"#),
    ("seat-entry-9-id", "bcd0b939ecaff708e2ace157f3842b9a91f47794035665439a68502805768f62"),
    ("seat-entry-9-signature", "7d1d0a206c6cd35d02ff65a569f9f7a1a6b338e9cd6487a9a9e7036e971a448da8beab2cfe8c15b0f18647ba705c30a4daa3497970ee993a3c11dd32d101090c"),
    ("seat-entry-10-canonical", r#"{"acks":[{"author":1,"id":"bcd0b939ecaff708e2ace157f3842b9a91f47794035665439a68502805768f62","seq":4}],"author":0,"body":{"email":"davout@example.org","key":"0b513ad9b4924015ca0902ed079044d3ac5dbec2306f06948c10da8eb6e39f2d","kind":"handover","name":"Louis Davout"},"game":"03030303030303030303030303030303","prev":"a60e699bf296636c498c23585c6f48b903ad7fdee984c57489e234e7aef6b443","seq":5,"v":2}"#),
    ("seat-entry-10-id", "850a6785c12404181d324b75f7705eb6ad226739e5b470143d22d6612efd811f"),
    ("seat-entry-10-signature", "99ba72e2266ce81b82bd700cf1eef3d5ef147e8d26c7af7e0c055db7c252e4084dc0704573f54f0d591aca1e7c57773cf85216b1877fe766a485f26311cec90b"),
    ("seat-entry-11-canonical", r#"{"acks":[{"author":1,"id":"bcd0b939ecaff708e2ace157f3842b9a91f47794035665439a68502805768f62","seq":4}],"author":0,"body":{"chain":{"generation":1,"head":"76efa47a634c0053756164d5683a57983339c084ff7a6ca5dafa2f2b6ad068a5","length":16,"nonce":"2525252525252525252525252525252525252525252525252525252525252525"},"kind":"take"},"game":"03030303030303030303030303030303","prev":"850a6785c12404181d324b75f7705eb6ad226739e5b470143d22d6612efd811f","seq":6,"v":2}"#),
    ("seat-entry-11-id", "976edd6834fbb5e9c2f2ff42922678eaad812afabc5e840a127ed25f99add185"),
    ("seat-entry-11-signature", "48276cb676755c94197caa47bd8aa4a9ce05a3ae320b7b96162f1f69b090a6da3d3e3a1ce411654ef4a7252d46f3cdeac7076f4950325cbb866c852f7596f601"),
    ("seat-journal-sha256", "7e8559214216118eb57db1a4cc592f2776e0b6f1a7ad1faf4c06759604fb88f6"),
    ("seat-extra-roll-seed", "99c6f2f0c62cbe66dc90511dbefc2512e030d10bf34069bb7369488a01b9b359"),
    ("letter-line", r#"72f26f4d532cc1f9e93d666c5fb55988bc3ed5baf783377288e5c2da23d4ecf7c87bfa6287a2c0e832ca9404fab806f0d0ed2509a95ff2ae7bf31b224dd3b608 {"after":3,"body":"1ee7be7979d90b54586c081c72cd322fe4a5805ab5757196bebefaf3de3bb76ffb46272872d7116bd95649bfb5ee3dfb99a1c333910307c4724367638829bfff","eph":"4049502db92ca2342c3f92dac5d6de7c85db5df5407a5b4996ce39f2efb7e827","from":0,"game":"03030303030303030303030303030303","keys":[{"key":"f77d390e2dc538195cdbd6689acf2132c25fe0427b98c9d2aa1e8c1201d9aeebaf5587d39802053a0381f0727287f747","seat":1},{"key":"59bba7173fac9e53228c2acef599b6f2f06f3ae83bdd5c1bca444d0561dd66717d35e3879d9fe0e1038d8c4944e9075e","seat":0}],"to":[1],"v":1}"#),
    ("letter-id", "134e01bd4901a5b5e7b879d35a185ff3d3a919a1a9fc7e641acc86a8d230b141"),
];

fn expected(name: &str) -> &'static str {
    EXPECTED.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap_or_else(|| panic!("no vector `{name}`"))
}

/// SHA-256 of the concatenation of `parts`, written independently of the crate's code.
fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// The lines of fenced blocks whose opening fence is "```<info>".
fn fenced(info: &str) -> Vec<Vec<&'static str>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in DOC.lines() {
        match current.as_mut() {
            None if line.strip_prefix("```") == Some(info) => current = Some(Vec::new()),
            None => {}
            Some(block) if line == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => block.push(line),
        }
    }
    assert!(current.is_none(), "a ```{info} block is not closed");
    blocks
}

/// The vectors stated in PROTOCOL.md: `vector <name> = <value>` lines of ```vectors blocks.
fn documented() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for line in fenced("vectors").into_iter().flatten() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let rest = line.strip_prefix("vector ").unwrap_or_else(|| panic!("not a vector line: {line}"));
        let (name, value) = rest.split_once(" = ").unwrap_or_else(|| panic!("no ` = ` in: {line}"));
        out.push((name, value));
    }
    out
}

#[test]
fn the_code_computes_the_expected_vectors() {
    let computed = computed();
    if let Some(path) = std::env::var_os("GROGNARD_VECTORS_OUT") {
        // After a deliberate protocol change: write the vectors to update EXPECTED and the document.
        let text: String = computed.iter().map(|(n, v)| format!("vector {n} = {v}\n")).collect();
        std::fs::write(&path, text).expect("write the vectors");
        let packet = Packet { game: GAME, entries: sample_entries(), letters: Vec::new() }.encode();
        let mut packet_path = path;
        packet_path.push(".packet");
        std::fs::write(packet_path, packet).expect("write the sample packet");
    }
    let names: Vec<&str> = computed.iter().map(|(n, _)| n.as_str()).collect();
    let listed: Vec<&str> = EXPECTED.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, listed, "EXPECTED lists other vectors than the code computes");
    for (name, value) in &computed {
        assert_eq!(value, expected(name), "vector `{name}`: the code computes another value");
    }
}

#[test]
fn the_seat_game_is_valid_and_each_place_is_signed_by_its_holder() {
    let entries = seat_entries();
    let checked = check(&[&DUEL], entries.clone(), SigCheck::All).expect("the seat game verifies");
    let names: Vec<Vec<&str>> =
        checked.replay.holders.iter().map(|h| h.iter().map(|h| h.name.as_str()).collect()).collect();
    assert_eq!(names, vec![vec!["Jean Lannes", "Louis Davout"], vec!["Michel Ney", "Joachim Murat"]]);
    assert_eq!(checked.replay.holders[1][1].from, 4, "Murat signs seat 1 from #4, after Ney's #3");
    assert_eq!(checked.replay.holders[0][1].from, 6, "Davout signs seat 0 from #6, after the hand-over at #5");
    // Ney signs on after the cut, and Lannes after the hand-over: both refused.
    let upto = |n: usize| entries[..n].to_vec();
    let by_ney = sign_after(&upto(9), 2, PlayerId(1), &ney(), Body::command(json!("rest")));
    let mut set = upto(9);
    set.push(by_ney);
    let err = check(&[&DUEL], set, SigCheck::All).err().expect("a replaced holder's entry");
    assert_eq!(err.code(), "replaced", "{err}");
    let by_lannes = sign_after(&upto(11), 2, PlayerId(0), &lannes(), Body::command(json!("rest")));
    let mut set = upto(11);
    set.push(by_lannes);
    let err = check(&[&DUEL], set, SigCheck::All).err().expect("a retired key's entry");
    assert_eq!(err.code(), "replaced", "{err}");
    // Every arrival order gives the same journal.
    for order in arrival_orders(&entries) {
        let again = check(&[&DUEL], order, SigCheck::All).expect("valid in any order");
        assert_eq!(
            again.entries.iter().map(|e| e.id).collect::<Vec<_>>(),
            checked.entries.iter().map(|e| e.id).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_sample_letter_opens_for_ney_and_lannes_only() {
    let letter = sample_letter();
    let parsed = grognard_journal::letter::SignedLetter::parse(&letter.line()).expect("parses");
    assert_eq!(parsed.check(&GAME, 2, &[lannes().public()]), Ok(0));
    assert_eq!(parsed.open(1, &ney()).as_deref(), Ok(LETTER_TEXT));
    assert_eq!(parsed.open(0, &lannes()).as_deref(), Ok(LETTER_TEXT));
    assert!(parsed.open(1, &murat()).is_err(), "another key cannot open Ney's copy");
    assert!(parsed.check(&GAME, 2, &[ney().public()]).is_err(), "nor is it Ney's signature");
}

#[test]
fn the_document_states_the_expected_vectors() {
    let documented = documented();
    for (name, value) in &documented {
        assert!(EXPECTED.iter().any(|(n, _)| n == name), "PROTOCOL.md states an unknown vector `{name}`");
        assert_eq!(*value, expected(name), "vector `{name}`: PROTOCOL.md states another value");
    }
    for (name, _) in EXPECTED {
        let count = documented.iter().filter(|(n, _)| n == name).count();
        assert_eq!(count, 1, "PROTOCOL.md states vector `{name}` {count} times");
    }
}

#[test]
fn derivations_follow_the_documented_byte_layouts() {
    let k0 = lannes();
    // Public key: RFC 8032 key generation from the seed.
    let expanded: [u8; 64] = sha2::Sha512::digest([1u8; 32]).into();
    let mut scalar: [u8; 32] = expanded[..32].try_into().expect("32 bytes");
    scalar[0] &= 248;
    scalar[31] &= 127;
    scalar[31] |= 64;
    let point = curve25519_dalek::EdwardsPoint::mul_base_clamped(scalar);
    assert_eq!(hex::encode(point.compress().to_bytes()), expected("key-public"));
    // Fingerprint.
    let d = sha(&[b"grognard/fingerprint/v1\0", &k0.public().to_bytes()]);
    let h = hex::encode(&d[..8]);
    assert_eq!(format!("{}-{}-{}-{}", &h[..4], &h[4..8], &h[8..12], &h[12..]), expected("key-fingerprint"));
    // Scenario hash.
    assert_eq!(hex::encode(sha(&[b"grognard/scenario/v1\0", b"abc"])), expected("scenario-hash-abc"));
    for version in [PROTOCOL_V2, PROTOCOL_V1] {
        game_derivations_follow_the_documented_byte_layouts(version);
    }
    hidden_derivations_follow_the_documented_byte_layouts();
}

/// Section 12.3: the salt and the commitment of a concealed command, from their parts; and
/// the powder game's hidden entry, opening and roll seed (section 8.8).
fn hidden_derivations_follow_the_documented_byte_layouts() {
    let (salt_tag, commit_tag): (&[u8], &[u8]) = (b"grognard/hidden-salt/v1\0", b"grognard/hidden/v1\0");
    let command = br#"{"prime":{"grains":2}}"#;
    assert_eq!(canonical::encode(&prime()), command);
    let genesis: [u8; 32] = hex_array(expected("entry-0-id"));
    let salt = sha(&[salt_tag, &[1u8; 32], &[3u8; 16], &genesis, &[0x41u8; 32]]);
    assert_eq!(hex::encode(salt), expected("hidden-salt"));
    let commitment = sha(&[commit_tag, &[3u8; 16], &[0], &salt, command]);
    assert_eq!(hex::encode(commitment), expected("hidden-commitment"));

    // The powder game: the same derivation from its own genesis id.
    let data = DUEL.scenario_data(&grognard_engine::Setup::scenario("powder")).expect("the powder scenario");
    assert_eq!(hex::encode(sha(&[b"grognard/scenario/v1\0", &data])), expected("powder-scenario-hash"));
    let genesis: [u8; 32] = hex_array(expected("powder-entry-0-id"));
    let salt = sha(&[salt_tag, &[1u8; 32], &[3u8; 16], &genesis, &[0x41u8; 32]]);
    assert_eq!(hex::encode(salt), expected("powder-hidden-salt"));
    let record = |i: usize| {
        let line = format!(
            "{} {}",
            expected(&format!("powder-entry-{i}-signature")),
            expected(&format!("powder-entry-{i}-canonical"))
        );
        let e = SignedEntry::parse_record(line.as_bytes()).expect("a valid record");
        assert_eq!(hex::encode(e.id.0), expected(&format!("powder-entry-{i}-id")));
        assert_eq!(e.id.0, sha(&[b"grognard/id/v1\0", &e.bytes]));
        let key = PublicKey::from_hex(expected("key-public")).expect("a valid key");
        assert!(key.verify_strict(&[&b"grognard/entry/v1\0"[..], &e.bytes].concat(), &e.signature));
        e
    };
    // Entry 8 commits to the prime with that salt; entry 18 opens it.
    let Body::Hidden { public, commitment, nonce } = record(8).entry.body else { panic!("entry 8 is hidden") };
    assert_eq!((public, nonce), (json!("primed"), Hash32([0x41; 32])));
    assert_eq!(commitment.0, sha(&[commit_tag, &[3u8; 16], &[0], &salt, command]));
    let Body::Open { openings, nonce } = record(18).entry.body else { panic!("entry 18 is an opening") };
    assert_eq!(nonce, Hash32([0x42; 32]));
    let hidden_id: [u8; 32] = hex_array(expected("powder-entry-8-id"));
    assert_eq!(openings, vec![Opening { entry: EntryId(hidden_id), salt: Hash32(salt), command: prime() }]);
    // The opening is the fire's dice request: player 1 witnesses it with the third value of
    // its chain (anchored to this game's genesis id).
    let o1 = chain::Origin {
        game: GAME,
        anchor: chain::anchor(&EntryId(genesis), false, 0),
        generation: 0,
        nonce: Some(NONCE_JOIN_CHAIN),
    };
    let c1 = chain::commit(&ney(), &o1, CHAIN_LENGTH).expect("a length");
    let value = chain::reveal_value(&ney(), &o1, &c1, 3).expect("in range");
    let open: [u8; 32] = hex_array(expected("powder-entry-18-id"));
    let seed = sha(&[b"grognard/roll/v1\0", &[3u8; 16], &open, &[1], &value.0]);
    assert_eq!(hex::encode(seed), expected("powder-fire-roll-seed"));
}

fn game_derivations_follow_the_documented_byte_layouts(version: u32) {
    let x = |name: &str| expected(&named(version, name));
    let entries = sample_entries_of(version);
    // Entry id and signed message.
    for e in &entries {
        assert_eq!(e.entry.v, version);
        assert_eq!(e.id.0, sha(&[b"grognard/id/v1\0", &e.bytes]));
        let key =
            PublicKey::from_hex(if e.entry.author == 0 { expected("key-public") } else { expected("key-9-public") })
                .expect("a valid key");
        assert!(key.verify_strict(&[&b"grognard/entry/v1\0"[..], &e.bytes].concat(), &e.signature));
        assert_eq!(
            e.record(),
            format!("{} {}", hex::encode(e.signature.to_bytes()), String::from_utf8_lossy(&e.bytes)).into_bytes()
        );
    }
    // Dice chains: player 1's are anchored to the genesis id, the creator's first to zeros;
    // version 2 appends the commitment's nonce and uses the tag chain-seed/v3.
    let (seed_tag, salt_tag): (&[u8], &[u8]) = if version == PROTOCOL_V1 {
        (b"grognard/chain-seed/v2\0", b"grognard/seal-salt/v2\0")
    } else {
        (b"grognard/chain-seed/v3\0", b"grognard/seal-salt/v3\0")
    };
    let n = |h: Hash32| nonce(version, h).map(|h| h.0.to_vec()).unwrap_or_default();
    let genesis: [u8; 32] = hex_array(x("entry-0-id"));
    let x0 = sha(&[seed_tag, &[9u8; 32], &[3u8; 16], &genesis, &0u32.to_be_bytes(), &n(NONCE_JOIN_CHAIN)]);
    assert_eq!(hex::encode(x0), x("chain-x0"));
    let walk = |x0: [u8; 32]| {
        let mut xs = vec![x0];
        for i in 0..CHAIN_LENGTH as usize {
            xs.push(sha(&[b"grognard/chain/v1\0", &xs[i]]));
        }
        xs
    };
    let xs = walk(x0);
    let l = CHAIN_LENGTH as usize;
    assert_eq!(hex::encode(xs[1]), x("chain-x1"));
    assert_eq!(hex::encode(xs[l]), x("chain-head"));
    assert_eq!(hex::encode(xs[l - 1]), x("chain-reveal-1"));
    assert_eq!(hex::encode(xs[l - 2]), x("chain-reveal-2"));
    let creator = sha(&[seed_tag, &[1u8; 32], &[3u8; 16], &[0u8; 32], &0u32.to_be_bytes(), &n(NONCE_GENESIS_CHAIN)]);
    assert_eq!(hex::encode(creator), x("chain-creator-x0"));
    assert_eq!(hex::encode(walk(creator)[l]), x("chain-creator-head"));
    let gen1 = sha(&[seed_tag, &[9u8; 32], &[3u8; 16], &genesis, &1u32.to_be_bytes(), &n(NONCE_RENEWAL)]);
    assert_eq!(hex::encode(gen1), x("chain-gen1-x0"));
    // The heads stand in the genesis (player 0) and the join (player 1), with their nonces.
    let chain_of = |e: &SignedEntry| match &e.entry.body {
        Body::Genesis(g) => g.chain,
        Body::Join { chain } => *chain,
        Body::Chain { chain } => Some(*chain),
        _ => None,
    };
    let genesis_chain = chain_of(&entries[0]).expect("a chain");
    assert_eq!(genesis_chain.head.to_hex(), x("chain-creator-head"));
    assert_eq!(genesis_chain.nonce, nonce(version, NONCE_GENESIS_CHAIN));
    let join_chain = chain_of(&entries[1]).expect("a chain");
    assert_eq!(join_chain.head.to_hex(), x("chain-head"));
    assert_eq!(join_chain.nonce, nonce(version, NONCE_JOIN_CHAIN));
    if version == PROTOCOL_V1 {
        assert_eq!(chain_of(&entries[4]).map(|c| c.head), Some(Hash32(walk(gen1)[l])));
    }
    // Roll seeds: the request (entry 2) carries the roller's nonce in version 2.
    assert!(matches!(&entries[2].entry.body, Body::Command { nonce: n, .. } if *n == nonce(version, NONCE_COMMAND)));
    let request = hex_array::<32>(x("entry-2-id"));
    let fair = sha(&[b"grognard/roll/v1\0", &[3u8; 16], &request, &[1], &xs[l - 1]]);
    assert_eq!(hex::encode(fair), x("fair-roll-seed"));
    let two = sha(&[b"grognard/roll/v1\0", &[3u8; 16], &request, &[1], &xs[l - 1], &[2], &xs[l - 2]]);
    assert_eq!(hex::encode(two), x("fair-roll-seed-two-witnesses"));
    let casual = sha(&[b"grognard/casual-roll/v1\0", &[3u8; 16], &request]);
    assert_eq!(hex::encode(casual), x("casual-roll-seed"));
    // Sealed choice: version 2 appends the seal entry's nonce to the salt.
    let step = [&(STEP.len() as u32).to_be_bytes()[..], STEP.as_bytes()].concat();
    let salt = sha(&[salt_tag, &[1u8; 32], &[3u8; 16], &genesis, &step, &n(NONCE_SEAL_0)]);
    assert_eq!(hex::encode(salt), x("seal-salt"));
    let opening = entries.iter().find(|e| e.entry.author == 0 && matches!(e.entry.body, Body::Unseal { .. }));
    assert!(matches!(opening.map(|e| &e.entry.body), Some(Body::Unseal { salt: opened, .. }) if opened.0 == salt));
    let commitment = sha(&[b"grognard/seal/v1\0", &[3u8; 16], &step, &[0], &salt, br#"{"stance":"guard"}"#]);
    assert_eq!(hex::encode(commitment), x("seal-commitment"));
}

/// How the document says serde_json's compact writer escapes one character.
fn documented_escape(c: char) -> String {
    match c {
        '"' => "\\\"".into(),
        '\\' => "\\\\".into(),
        '\u{8}' => "\\b".into(),
        '\u{c}' => "\\f".into(),
        '\n' => "\\n".into(),
        '\r' => "\\r".into(),
        '\t' => "\\t".into(),
        c if (c as u32) < 0x20 => format!("\\u{:04x}", c as u32),
        c => c.to_string(),
    }
}

#[test]
fn json_string_escapes_are_as_documented() {
    let others = [
        '\u{7f}',
        '\u{80}',
        '\u{9f}',
        '\u{a0}',
        '\u{e9}',
        '\u{2028}',
        '\u{2029}',
        '\u{fffe}',
        '\u{ffff}',
        '\u{1f600}',
        '\u{10ffff}',
    ];
    for c in (0u8..0x80).map(char::from).chain(others) {
        let encoded = String::from_utf8(canonical::encode(&Value::String(c.to_string()))).expect("UTF-8");
        assert_eq!(encoded, format!("\"{}\"", documented_escape(c)), "U+{:04X}", c as u32);
        assert!(canonical::decode(encoded.as_bytes()).is_ok());
    }
    // Any other spelling of a character is refused.
    for bad in [
        r#""\/""#,
        r#""\u0041""#,
        r#""\u000a""#,
        r#""\u001F""#,
        r#""\u00e9""#,
        r#""\u007f""#,
        r#""\ud83d\ude00""#,
        r#""\u2028""#,
    ] {
        assert_eq!(canonical::decode(bad.as_bytes()), Err(CanonicalError::NotCanonical), "{bad}");
    }
    // Raw control characters are not JSON at all.
    assert!(matches!(canonical::decode(b"\"\x01\""), Err(CanonicalError::Syntax(_))));
    assert!(matches!(canonical::decode(b"\"\xff\""), Err(CanonicalError::Syntax(_))));
}

#[test]
fn object_keys_sort_by_utf8_bytes_and_numbers_are_plain_integers() {
    // U+FF61 sorts before U+1F600 by UTF-8 bytes (EF.. < F0..), after it by UTF-16 units.
    assert_eq!(
        canonical::encode(&json!({"\u{1f600}": 0, "\u{ff61}": 0, "B": 0, "a": 0, "": 0})),
        "{\"\":0,\"B\":0,\"a\":0,\"\u{ff61}\":0,\"\u{1f600}\":0}".as_bytes()
    );
    for ok in ["0", "-1", "18446744073709551615", "-9223372036854775808", "[]", "{}", "null", "true", "\"\""] {
        assert_eq!(canonical::decode(ok.as_bytes()).map(|v| canonical::encode(&v)), Ok(ok.as_bytes().to_vec()));
    }
    for float in ["18446744073709551616", "-9223372036854775809", "1.0", "1e2", "1E2", "0.5", "-0.0", "-0"] {
        assert_eq!(canonical::decode(float.as_bytes()), Err(CanonicalError::Float), "{float}");
    }
    for other in ["[1, 2]", "[1,2] ", " [1,2]", "[1,2]\n", "{\"a\":1,\"a\":1}", "{\"b\":1,\"a\":2}"] {
        assert_eq!(canonical::decode(other.as_bytes()), Err(CanonicalError::NotCanonical), "{other}");
    }
    for syntax in ["+1", "01", "1.", ".5", "[1,]", "", "\u{feff}{}", "nul", "[1]x"] {
        assert!(matches!(canonical::decode(syntax.as_bytes()), Err(CanonicalError::Syntax(_))), "{syntax}");
    }
}

#[test]
fn records_are_parsed_strictly() {
    let entries = sample_entries();
    let good = entries[2].record();
    let parsed = SignedEntry::parse_record(&good).expect("a valid record");
    assert_eq!(parsed.id, entries[2].id);
    let json = String::from_utf8(entries[2].bytes.clone()).expect("UTF-8");
    let sig = hex::encode(entries[2].signature.to_bytes());
    let shape = |line: String| SignedEntry::parse_record(line.as_bytes()).err();
    assert_eq!(shape(format!("{} {json}", sig.to_uppercase())), Some(RecordError::Shape));
    assert_eq!(shape(format!("{sig}  {json}")).map(|e| matches!(e, RecordError::Canonical(_))), Some(true));
    assert_eq!(shape(format!("{sig} ")), Some(RecordError::Shape));
    assert_eq!(shape(format!("{}\t{json}", sig)), Some(RecordError::Shape));
    // Missing `prev`, an extra field, uppercase hex, another version: all refused.
    let variants = [
        json.replace(r#""prev":"#, r#""prevx":"#),
        json.replace(r#""seq":1,"#, r#""seq":1,"x":0,"#),
        json.replace(&entries[1].id.to_hex(), &entries[1].id.to_hex().to_uppercase()),
        json.replace(r#""v":2"#, r#""v":3"#),
        // A version-1 entry has no nonce; a version-2 command must have one.
        json.replace(r#""v":2"#, r#""v":1"#),
        json.replace(&format!(r#","nonce":"{}""#, NONCE_COMMAND.to_hex()), ""),
    ];
    for v in variants {
        assert!(SignedEntry::parse_record(format!("{sig} {v}").as_bytes()).is_err(), "{v}");
    }
    let genesis = String::from_utf8(entries[0].bytes.clone()).expect("UTF-8");
    let without_null = genesis.replace(r#""prev":null,"#, "");
    assert!(matches!(
        SignedEntry::parse_record(format!("{sig} {without_null}").as_bytes()),
        Err(RecordError::Fields(_))
    ));
    // The size limit applies to the entry JSON.
    let big = format!(r#"{{"a":"{}"}}"#, "x".repeat(MAX_ENTRY_BYTES));
    assert_eq!(shape(format!("{sig} {big}")), Some(RecordError::TooLarge(MAX_ENTRY_BYTES + 8)));
}

#[test]
fn keystream_is_rfc8439_chacha20_with_a_zero_nonce() {
    // RFC 8439 appendix A.1: test vectors 1 to 4 (key, block counter, keystream block).
    let mut key3 = [0u8; 32];
    key3[31] = 1;
    let mut key4 = [0u8; 32];
    key4[1] = 0xff;
    let cases: [([u8; 32], usize, &str); 4] = [
        ([0; 32], 0, "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),
        ([0; 32], 1, "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"),
        (key3, 1, "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"),
        (key4, 2, "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"),
    ];
    for (key, counter, block) in cases {
        let stream = StreamDice::keystream(key, 64 * (counter + 1));
        assert_eq!(hex::encode(&stream[64 * counter..]), block, "key {key:?}, block {counter}");
    }
    assert_eq!(expected("keystream-zero-key"), cases[0].2);
}

#[test]
fn faces_are_sampled_from_little_endian_words_with_rejection() {
    let fair: [u8; 32] = hex_array(expected("fair-roll-seed"));
    for seed in [fair, [0; 32], [0xab; 32]] {
        for sides in [2, 3, 6, 7, 10, 20, 100, 1000, 65535, 65536] {
            let mut words = words(seed, 4000).into_iter();
            let mut dice = StreamDice::from_seed(seed);
            for _ in 0..1000 {
                let mut documented = None;
                let limit = (1u64 << 32) - (1u64 << 32) % u64::from(sides);
                for w in words.by_ref() {
                    if u64::from(w) < limit {
                        documented = Some((u64::from(w) % u64::from(sides)) as u32 + 1);
                        break;
                    }
                }
                assert_eq!(dice.roll(sides).ok(), documented, "d{sides}");
            }
        }
    }
    // Mixed dice share one stream, in order.
    let mut dice = StreamDice::from_seed(fair);
    let mixed: Vec<u32> = [6, 20, 6, 100].iter().map(|&s| dice.roll(s).expect("a face")).collect();
    let w = words(fair, 4);
    assert_eq!(mixed, vec![w[0] % 6 + 1, w[1] % 20 + 1, w[2] % 6 + 1, w[3] % 100 + 1]);
    // A d6 rejects the four highest words.
    let mut top = [u32::MAX - 3, u32::MAX - 4].into_iter();
    assert_eq!(sample_face(6, &mut top), Some((u32::MAX - 4) % 6 + 1));
    let faces: Vec<u32> = expected("fair-roll-d6").split(' ').map(|f| f.parse().expect("a number")).collect();
    let words: Vec<u32> = expected("fair-roll-words").split(' ').map(|f| f.parse().expect("a number")).collect();
    assert_eq!(faces, words.iter().map(|w| w % 6 + 1).collect::<Vec<_>>());
}

#[test]
fn chain_reveals_hash_back_to_the_head() {
    let head = Hash32(hex_array(expected("chain-head")));
    let r1 = Hash32(hex_array(expected("chain-reveal-1")));
    let r2 = Hash32(hex_array(expected("chain-reveal-2")));
    assert_eq!(chain::step(&r1), head);
    assert_eq!(chain::step(&r2), r1);
    let genesis = EntryId(hex_array(expected("entry-0-id")));
    let anchor = chain::anchor(&genesis, false, 0);
    let o1 = chain::Origin { game: GAME, anchor, generation: 0, nonce: Some(NONCE_JOIN_CHAIN) };
    let mut state = chain::ChainState::new(chain::commit(&ney(), &o1, CHAIN_LENGTH).expect("a length"));
    assert!(state.accept(0, 2, &r2).is_err(), "reveals come in order");
    state.accept(0, 1, &r1).expect("the first reveal");
    state.accept(0, 2, &r2).expect("the second reveal");
    assert_eq!(state.remaining(), CHAIN_LENGTH - 2);
}

#[test]
fn the_sample_game_is_valid_and_ordered_whatever_the_arrival_order() {
    let data = DUEL.scenario_data(&grognard_engine::Setup::scenario("standard")).expect("the standard scenario");
    assert_eq!(
        scenario_hash(&data).to_hex(),
        SCENARIO_HASH,
        "the Duel ruleset's `standard` scenario data changed: the sample game of PROTOCOL.md must be regenerated"
    );
    for version in [PROTOCOL_V2, PROTOCOL_V1] {
        sample_game_is_valid_whatever_the_arrival_order(version);
    }
}

/// The orders of arrival a copy may see `entries` in: as they are, reversed, and every
/// rotation.
fn arrival_orders(entries: &[SignedEntry]) -> Vec<Vec<SignedEntry>> {
    let mut arrivals = vec![entries.to_vec(), entries.iter().rev().cloned().collect::<Vec<_>>()];
    for k in 1..entries.len() {
        let mut rotated = entries.to_vec();
        rotated.rotate_left(k);
        arrivals.push(rotated);
    }
    arrivals
}

fn sample_game_is_valid_whatever_the_arrival_order(version: u32) {
    let entries = sample_entries_of(version);
    let ids: Vec<_> = entries.iter().map(|e| e.id).collect();
    let rulesets: Vec<&dyn AnyRuleset> = vec![&DUEL];
    for arrival in arrival_orders(&entries) {
        let checked = check(&rulesets, arrival, SigCheck::All).map_err(|e| e.to_string()).expect("a valid journal");
        assert_eq!(checked.entries.iter().map(|e| e.id).collect::<Vec<_>>(), ids);
        let rolls: Vec<(u32, u32)> = checked.replay.log.iter().flat_map(|l| l.rolls.clone()).collect();
        let d6: Vec<u32> =
            expected(&named(version, "fair-roll-d6")).split(' ').take(2).map(|f| f.parse().expect("a face")).collect();
        assert_eq!(rolls, vec![(6, d6[0]), (6, d6[1])], "the initiative rolls are the first two d6 faces");
    }
}

#[test]
fn the_worked_ordering_example() {
    // PROTOCOL.md section 1.5: three players, creator 0; G = 0#0, A = 2#0, B = 1#0, C = 0#1, D = 2#1.
    let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32]), SecretKey::from_seed(&[3; 32])];
    let genesis = Body::Genesis(Genesis {
        ruleset: "example".into(),
        ruleset_version: "1".into(),
        scenario: "example".into(),
        position: None,
        options: Vec::new(),
        scenario_hash: Hash32([0; 32]),
        players: Vec::new(),
        dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain: None,
    });
    let make = |author: u8, seq: u64, prev: Option<&SignedEntry>, acks: &[&SignedEntry], body: Body| {
        let acks = acks
            .iter()
            .map(|e| grognard_journal::entry::Ack { author: e.entry.author, seq: e.entry.seq, id: e.id })
            .collect();
        let entry = Entry { v: 1, game: GAME, author, seq, prev: prev.map(|p| p.id), acks, body };
        SignedEntry::sign(entry, &keys[usize::from(author)])
    };
    let note = |text: &str| Body::command(json!(text));
    let g = make(0, 0, None, &[], genesis);
    let a = make(2, 0, Some(&g), &[&g], Body::Join { chain: None });
    let b = make(1, 0, Some(&g), &[&g], Body::Join { chain: None });
    let c = make(0, 1, Some(&g), &[&b, &a], note("C"));
    let d = make(2, 1, Some(&a), &[&g], note("D"));
    let expected = [g.id, b.id, a.id, c.id, d.id];
    let all = [&g, &a, &b, &c, &d];
    for k in 0..all.len() {
        let mut arrival = all.to_vec();
        arrival.rotate_left(k);
        let feeds = dag::feeds(&arrival, 3, 0).map_err(|e| e.to_string()).expect("valid links");
        let order: Vec<_> = feeds.order().expect("no cycle").iter().map(|e| e.id).collect();
        assert_eq!(order, expected);
    }
}

/// A packet body (header and record lines, each with its line feed) followed by its end line.
fn with_end_line(body: &str) -> String {
    format!("{body}end sha256={}\n", hex::encode(Sha256::digest(body.as_bytes())))
}

#[test]
fn the_packet_in_the_document_decodes() {
    let blocks = fenced("packet");
    assert_eq!(blocks.len(), 1, "PROTOCOL.md holds one ```packet block");
    let text: String = blocks[0].iter().map(|l| format!("{l}\n")).collect();
    let sample = Packet { game: GAME, entries: sample_entries(), letters: Vec::new() };
    assert_eq!(text.as_bytes(), sample.encode(), "the packet of PROTOCOL.md is not the sample game's");
    assert_eq!(blocks[0].last().copied(), Some(expected("packet-end-line")));
    let decoded = Packet::decode(text.as_bytes()).expect("a valid packet");
    let ids = |p: &Packet| p.entries.iter().map(|e| e.id).collect::<Vec<_>>();
    assert_eq!(ids(&decoded), ids(&sample));
    // The body is the header and the records; the journal file is the records alone.
    let lines: Vec<&str> = text.lines().collect();
    let n = sample.entries.len();
    let journal: String = lines[1..=n].iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(hex::encode(Sha256::digest(journal.as_bytes())), expected("journal-sha256"));
    assert_eq!(with_end_line(&format!("{}\n{journal}", lines[0])), text);
    // Carriage returns are deleted anywhere; the end line's own line feed is optional.
    for tolerated in [text.replace('\n', "\r\n"), text.replace("\n", "\r\r\n"), text.trim_end().to_string()] {
        assert_eq!(Packet::decode(tolerated.as_bytes()).map(|p| ids(&p)), Ok(ids(&sample)));
    }
    // Nothing may follow the end line; any changed byte is damage, found before parsing.
    for damaged in [
        format!("{text}\n"),
        format!("{text}-- \nsignature\n"),
        format!("{text} "),
        text.replacen(&format!("entries={n}"), &format!("entries=0{n}"), 1),
        text.replacen("\"seq\":1", "\"seq\":2", 1),
    ] {
        assert_eq!(Packet::decode(damaged.as_bytes()).err(), Some(PacketError::Checksum), "{damaged}");
    }
    // The count is read by an unsigned integer parser: a `+` or leading zeros pass.
    for count in [format!("+{n}"), format!("000{n}")] {
        let header = lines[0].replace(&format!("entries={n}"), &format!("entries={count}"));
        assert!(Packet::decode(with_end_line(&format!("{header}\n{journal}")).as_bytes()).is_ok(), "{count}");
    }
    // Under a correct checksum: a missing record, an extra blank line, a bad header, a bad record.
    let short: String = lines[..n].iter().map(|l| format!("{l}\n")).collect();
    let refusals = [
        (with_end_line(&short), "truncated"),
        (with_end_line(&format!("{}\n{journal}\n", lines[0])), "truncated"),
        (with_end_line(&format!("\n{}\n{journal}", lines[0])), "header"),
        (with_end_line(&format!("{} \n{journal}", lines[0])), "header"),
        (with_end_line(&format!("{}\n{}", lines[0].to_uppercase(), journal)), "header"),
        (with_end_line(&format!("{}\n{}", lines[0], journal.replacen(' ', "  ", 1))), "record"),
    ];
    for (packet, what) in refusals {
        let got = match Packet::decode(packet.as_bytes()) {
            Err(PacketError::Truncated(_)) => "truncated",
            Err(PacketError::Header) => "header",
            Err(PacketError::Record { index: 0, .. }) => "record",
            other => panic!("{packet}: {:?}", other.map(|p| p.entries.len())),
        };
        assert_eq!(got, what, "{packet}");
    }
    assert!(matches!(Packet::decode(journal.as_bytes()), Err(PacketError::Truncated(_))));
}

#[test]
fn chain_rules_are_as_documented() {
    assert_eq!((chain::MIN_CHAIN_LENGTH, chain::MAX_CHAIN_LENGTH), (CHAIN_LENGTH, 1_000_000));
    // needs_renewal(L, remaining) = remaining < min(64, L / 2).
    for (length, threshold) in [(16, 8), (17, 8), (100, 50), (128, 64), (10_000, 64)] {
        assert!(chain::needs_renewal(length, threshold - 1), "L = {length}");
        assert!(!chain::needs_renewal(length, threshold), "L = {length}");
    }
    let rulesets: Vec<&dyn AnyRuleset> = vec![&DUEL];
    let (k0, k1) = (lannes(), ney());
    let refusal = |all: Vec<SignedEntry>| match check(&rulesets, all, SigCheck::All) {
        Err(grognard_journal::error::Problem::Rejected { reason, .. }) => reason,
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("accepted"),
    };
    for version in [PROTOCOL_V2, PROTOCOL_V1] {
        let entries = sample_entries_of(version);
        let genesis_id = entries[0].id;
        // The anchors: zeros for the creator's first chain, the genesis id for every other.
        assert_eq!(chain::anchor(&genesis_id, true, 0), Hash32([0; 32]));
        assert_eq!(chain::anchor(&genesis_id, true, 1), Hash32(genesis_id.0));
        assert_eq!(chain::anchor(&genesis_id, false, 0), Hash32(genesis_id.0));
        // A chain of 15 links cannot even be committed to; one written by hand is refused at join.
        let o = origin(version, chain::anchor(&genesis_id, false, 0), 0, NONCE_JOIN_CHAIN);
        assert!(chain::commit(&k1, &o, CHAIN_LENGTH - 1).is_err());
        let mut short = chain::commit(&k1, &o, CHAIN_LENGTH).expect("a length");
        short.length = CHAIN_LENGTH - 1;
        let join = sign_after(&entries[..1], 2, PlayerId(1), &k1, Body::Join { chain: Some(short) });
        assert!(refusal(vec![entries[0].clone(), join]).contains("16 to 1000000 links"), "version {version}");
    }
    // Version 1: while the initiative roll (entry 2) waits for player 1's reveal, player 1 may
    // not commit to a new chain; player 0, who is not its witness, may (any time).
    let entries = sample_entries_of(PROTOCOL_V1);
    let genesis_id = entries[0].id;
    let v1_origin = |player: u8| origin(PROTOCOL_V1, chain::anchor(&genesis_id, player == 0, 1), 1, NONCE_RENEWAL);
    let next = chain::commit(&k1, &v1_origin(1), CHAIN_LENGTH).expect("a length");
    let early = sign_after(&entries[..3], 2, PlayerId(1), &k1, Body::Chain { chain: next });
    assert!(refusal([&entries[..3], &[early]].concat()).contains("while a roll waits for its reveal"));
    let other = chain::commit(&k0, &v1_origin(0), CHAIN_LENGTH).expect("a length");
    let by_roller = sign_after(&entries[..3], 2, PlayerId(0), &k0, Body::Chain { chain: other });
    check(&rulesets, [&entries[..3], &[by_roller]].concat(), SigCheck::All).expect("the roller may re-commit");
    // Version 2: a chain is renewed only when it runs low (needs_renewal), by anyone, in
    // any phase but after the end; a renewal of a fresh chain is refused as a flood.
    let entries = sample_entries();
    let genesis_id = entries[0].id;
    let v2_origin = |player: u8| origin(PROTOCOL_V2, chain::anchor(&genesis_id, player == 0, 1), 1, NONCE_RENEWAL);
    let next = chain::commit(&k1, &v2_origin(1), CHAIN_LENGTH).expect("a length");
    let early = sign_after(&entries[..4], 2, PlayerId(1), &k1, Body::Chain { chain: next });
    assert!(refusal([&entries[..4], &[early]].concat()).contains("a chain is renewed only when fewer than 8 remain"));
}

#[test]
fn the_powder_game_is_valid_and_each_copy_knows_what_its_player_knows() {
    let entries = powder_entries();
    let ids: Vec<_> = entries.iter().map(|e| e.id).collect();
    let kinds: Vec<&str> = entries.iter().map(|e| e.entry.body.kind()).collect();
    assert_eq!(
        kinds,
        [
            "genesis", "join", "command", "reveal", "seal", "seal", "unseal", "unseal", "hidden", "command", "command",
            "reveal", "seal", "seal", "unseal", "unseal", "command", "command", "open", "reveal"
        ],
        "the table of section 8.8"
    );
    let rulesets: Vec<&dyn AnyRuleset> = vec![&DUEL];
    let event = |replay: &grognard_journal::replay::Replay, name: &str| {
        let mut found = replay.log.iter().flat_map(|l| &l.events).filter(|e| e.data["event"] == name);
        found.next().map(|e| e.data.clone()).unwrap_or_else(|| panic!("no {name} event"))
    };
    // Anyone with the whole journal, whatever the order of arrival, knows the prime from
    // where it was made: every opening is known from the start.
    for arrival in arrival_orders(&entries) {
        let checked = check(&rulesets, arrival, SigCheck::All).map_err(|e| e.to_string()).expect("a valid journal");
        assert_eq!(checked.entries.iter().map(|e| e.id).collect::<Vec<_>>(), ids);
        assert_eq!(event(&checked.replay, "prime")["grains"], 2);
        let fire = event(&checked.replay, "fire");
        let d6: u32 = expected("powder-fire-roll-d6").parse().expect("a face");
        assert_eq!((fire["roll"].clone(), fire["charge"].clone()), (json!(d6), json!(2)));
        assert!(checked.replay.unopened().is_empty());
    }
    // Before the opening (entries 0 to 17): a third party applies the prime by its projection,
    // player 0 (its author) whole. Their states differ in the hidden part only.
    let before = entries[..18].to_vec();
    let third = check(&rulesets, before.clone(), SigCheck::All).expect("valid").replay;
    assert_eq!(event(&third, "prime").get("grains"), None, "the grains are not known");
    assert_eq!(third.owed(), vec![(PlayerId(0), Owed::Open { indices: vec![0], at_end: false })]);
    let genesis_id = entries[0].id;
    let salt = hidden::salt(&lannes(), &GAME, &genesis_id, &NONCE_HIDDEN);
    let private = Private { player: 0, commands: [(NONCE_HIDDEN, Kept { command: prime(), salt })].into() };
    let own = verify::check_knowing(&rulesets, before, SigCheck::All, Some(private)).expect("valid").replay;
    assert_eq!(event(&own, "prime")["grains"], 2, "player 0 knows its own prime");
    let json = |r: &grognard_journal::replay::Replay| r.ruleset.state_json(&r.state);
    assert_ne!(json(&third), json(&own), "the copies differ in what is hidden");
    let public = |r: &grognard_journal::replay::Replay| {
        r.ruleset.state_json(&r.ruleset.player_view(&r.state, grognard_engine::Viewer::Everyone))
    };
    assert_eq!(public(&third), public(&own), "and agree on what is public");
    assert_eq!(third.owed(), own.owed());
}

#[test]
fn hidden_and_open_entries_are_checked_as_documented() {
    let entries = powder_entries();
    let rulesets: Vec<&dyn AnyRuleset> = vec![&DUEL];
    let problem = |all: Vec<SignedEntry>| match check(&rulesets, all, SigCheck::All) {
        Err(p) => p,
        Ok(_) => panic!("accepted"),
    };
    let (k0, k1) = (lannes(), ney());
    let genesis_id = entries[0].id;
    let salt = hidden::salt(&k0, &GAME, &genesis_id, &NONCE_HIDDEN);
    // The kinds exist only in version 2, with their nonce (section 2.5).
    let hidden_line = entries[8].record();
    let text = String::from_utf8(hidden_line).expect("UTF-8");
    for bad in
        [text.replace(r#""v":2"#, r#""v":1"#), text.replace(&format!(r#","nonce":"{}""#, NONCE_HIDDEN.to_hex()), "")]
    {
        assert!(matches!(SignedEntry::parse_record(bad.as_bytes()), Err(RecordError::Fields(_))), "{bad}");
    }
    // A command the rules conceal is refused in the clear.
    let clear = Body::Command { command: prime(), nonce: Some(NONCE_HIDDEN) };
    let e = sign_after(&entries[..8], 2, PlayerId(0), &k0, clear);
    assert!(problem([&entries[..8], &[e]].concat()).to_string().contains("conceals this command"));
    // A projection the rules do not accept is an ordinary rejection, at once.
    let commitment = hidden::commitment(&GAME, 0, &salt, &prime());
    let rest = Body::Hidden { public: json!("rest"), commitment, nonce: NONCE_HIDDEN };
    let e = sign_after(&entries[..8], 2, PlayerId(0), &k0, rest);
    let p = problem([&entries[..8], &[e]].concat());
    assert_eq!((p.code(), p.rule()), ("rejected", Some("8.2")), "{p}");
    // A hidden entry out of turn (player 1 while player 0 acts) is refused like a command.
    let e = sign_after(
        &entries[..8],
        2,
        PlayerId(1),
        &k1,
        Body::Hidden { public: json!("primed"), commitment, nonce: NONCE_HIDDEN },
    );
    assert!(problem([&entries[..8], &[e]].concat()).to_string().contains("out of turn"));
    // An opening whose salt does not match the commitment: player 0 forfeits, with entry 8
    // and the opening as proof.
    let mut wrong = salt;
    wrong.0[0] ^= 1;
    let open = Body::Open {
        openings: vec![Opening { entry: entries[8].id, salt: wrong, command: prime() }],
        nonce: NONCE_OPEN,
    };
    let e = sign_after(&entries[..18], 2, PlayerId(0), &k0, open);
    match problem([&entries[..18], std::slice::from_ref(&e)].concat()) {
        grognard_journal::error::Problem::Forfeit { player, hidden, opening, .. } => {
            assert_eq!((player, hidden.id, opening.id), (0, entries[8].id, e.id));
        }
        other => panic!("not a forfeit: {other}"),
    }
    // An opening that opens nothing the rules ask for is refused.
    let none = Body::Open { openings: Vec::new(), nonce: NONCE_OPEN };
    let e = sign_after(&entries[..18], 2, PlayerId(0), &k0, none);
    assert!(problem([&entries[..18], &[e]].concat())
        .to_string()
        .contains("the rules ask Jean Lannes to open concealed commands #0, and this entry opens none"));
}
