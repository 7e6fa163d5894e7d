//! The test vectors of docs/PROTOCOL.md, computed by the real code.

use grognard_engine::PlayerId;
use grognard_engine::{sample_face, AnyRuleset, DiceSource, StreamDice};
use grognard_journal::canonical;
use grognard_journal::chain;
use grognard_journal::entry::{
    Body, ChainCommit, DiceConfig, DiceMode, Entry, Genesis, PlayerInfo, SignedEntry, Witnesses, ENTRY_VERSION,
};
use grognard_journal::game::sign_after;
use grognard_journal::ids::{EntryId, GameId, Hash32};
use grognard_journal::keys::{PublicLine, SecretKey};
use grognard_journal::packet::Packet;
use grognard_journal::replay::scenario_hash;
use grognard_journal::{rolls, sealed};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

const GAME: GameId = GameId([3; 16]);
const CHAIN_LENGTH: u32 = 5;

fn lannes() -> SecretKey {
    SecretKey::from_seed(&[1; 32])
}

fn ney() -> SecretKey {
    SecretKey::from_seed(&[9; 32])
}

fn hex32(h: &[u8]) -> String {
    hex::encode(h)
}

/// The sample value of the canonical-encoding vector.
fn canonical_sample() -> Value {
    json!({
        "zulu": [1, -1, 0, 18446744073709551615u64, -9223372036854775808i64],
        "alpha": {"b": true, "a": false, "": null},
        "Bravo": "quote \" backslash \\ slash / tab \t newline \n cr \r bs \u{8} ff \u{c} nul \u{0} us \u{1f}",
        "\u{e9}t\u{e9}": "caf\u{e9} \u{2028} \u{1f600}",
        "\u{ff61}": 1,
        "\u{1f600}": 2,
        "a": [],
        "aa": {},
    })
}

/// The entries of the sample game, in canonical order.
fn sample_entries() -> Vec<SignedEntry> {
    let (k0, k1) = (lannes(), ney());
    let genesis = Entry {
        v: ENTRY_VERSION,
        game: GAME,
        author: 0,
        seq: 0,
        prev: None,
        acks: Vec::new(),
        body: Body::Genesis(Genesis {
            ruleset: "duel".into(),
            ruleset_version: "1".into(),
            scenario: "standard".into(),
            scenario_hash: Hash32(hex_array(SCENARIO_HASH)),
            players: vec![
                PlayerInfo {
                    name: "Jean Lannes".into(),
                    email: "lannes@example.org".into(),
                    key: k0.public().to_hex(),
                    powers: vec!["red".into()],
                },
                PlayerInfo {
                    name: "Michel Ney".into(),
                    email: "ney@example.org".into(),
                    key: k1.public().to_hex(),
                    powers: vec!["blue".into()],
                },
            ],
            dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() },
            chain: Some(chain::commit(&k0, &GAME, 0, CHAIN_LENGTH)),
        }),
    };
    let mut entries = vec![SignedEntry::sign(genesis, &k0)];
    let mut add = |author: u8, key: &SecretKey, body: Body| {
        let e = sign_after(&entries, 2, PlayerId(author), key, body);
        entries.push(e);
        entries.last().expect("just pushed").id
    };
    add(1, &k1, Body::Join { chain: Some(chain::commit(&k1, &GAME, 0, CHAIN_LENGTH)) });
    let request = add(0, &k0, Body::Command { command: json!("initiative") });
    let c1 = chain::commit(&k1, &GAME, 0, CHAIN_LENGTH);
    let value = chain::reveal_value(&k1, &GAME, &c1, 1).expect("in range");
    add(1, &k1, Body::Reveal { request, generation: 0, index: 1, value });
    add(1, &k1, Body::Chain { chain: chain::commit(&k1, &GAME, 1, CHAIN_LENGTH) });
    let step = "round-1";
    let guard = json!({"stance": "guard"});
    let lunge = json!({"stance": "lunge"});
    let s0 = sealed::salt(&k0, &GAME, step);
    let s1 = sealed::salt(&k1, &GAME, step);
    add(0, &k0, Body::Seal { step: step.into(), commitment: sealed::commitment(&GAME, step, 0, &s0, &guard) });
    add(1, &k1, Body::Seal { step: step.into(), commitment: sealed::commitment(&GAME, step, 1, &s1, &lunge) });
    add(0, &k0, Body::Unseal { step: step.into(), choice: guard, salt: s0 });
    add(1, &k1, Body::Unseal { step: step.into(), choice: lunge, salt: s1 });
    entries
}

const SCENARIO_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn hex_array<const N: usize>(text: &str) -> [u8; N] {
    let mut out = [0u8; N];
    hex::decode_to_slice(text, &mut out).expect("hex of the right length");
    out
}

fn computed() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = Vec::new();
    let mut put = |name: &str, value: String| v.push((name.to_string(), value));
    put("canonical-sample", String::from_utf8(canonical::encode(&canonical_sample())).unwrap());
    put("canonical-sample-hex", hex::encode(canonical::encode(&canonical_sample())));
    let k0 = lannes();
    put("key-seed", hex32(k0.seed()));
    put("key-public", k0.public().to_hex());
    put("key-fingerprint", k0.public().fingerprint());
    put(
        "key-line",
        PublicLine { key: k0.public(), name: "Jean Lannes".into(), email: "lannes@example.org".into() }.to_line(),
    );
    put("duel-scenario-hash", scenario_hash(&DUEL.scenario_data("standard").unwrap()).to_hex());
    put("scenario-hash-abc", scenario_hash(b"abc").to_hex());
    let entries = sample_entries();
    for (i, e) in entries.iter().enumerate() {
        put(&format!("entry-{i}-canonical"), String::from_utf8(e.bytes.clone()).unwrap());
        put(&format!("entry-{i}-id"), e.id.to_hex());
        put(&format!("entry-{i}-signature"), hex::encode(e.signature.to_bytes()));
    }
    let k1 = ney();
    put("chain-seed", chain::value_at(&k1, &GAME, 0, 0).to_hex());
    let c = chain::commit(&k1, &GAME, 0, CHAIN_LENGTH);
    put("chain-head", c.head.to_hex());
    put("chain-reveal-1", chain::reveal_value(&k1, &GAME, &c, 1).unwrap().to_hex());
    put("chain-reveal-2", chain::reveal_value(&k1, &GAME, &c, 2).unwrap().to_hex());
    let request = entries[2].id;
    let r1 = chain::reveal_value(&k1, &GAME, &c, 1).unwrap();
    let fair = rolls::fair_seed(&GAME, &request, &[(1, r1)]);
    put("fair-roll-seed", hex32(&fair));
    put("casual-roll-seed", hex32(&rolls::casual_seed(&GAME, &request)));
    let mut d = StreamDice::from_seed(fair);
    let faces: Vec<String> = (0..10).map(|_| d.roll(6).unwrap().to_string()).collect();
    put("fair-roll-d6", faces.join(" "));
    put("fair-roll-keystream", hex::encode(StreamDice::keystream(fair, 64)));
    put("keystream-zero-key", hex::encode(StreamDice::keystream([0; 32], 64)));
    let salt = sealed::salt(&k0, &GAME, "round-1");
    put("seal-salt", salt.to_hex());
    put("seal-commitment", sealed::commitment(&GAME, "round-1", 0, &salt, &json!({"stance": "guard"})).to_hex());
    v
}

#[test]
fn print() {
    for (k, v) in computed() {
        println!("vector {k} = {v}");
    }
    let _ = (
        Sha256::new(),
        sample_face,
        Packet { game: GAME, entries: vec![] },
        EntryId([0; 32]),
        ChainCommit { generation: 0, head: Hash32([0; 32]), length: 1 },
    );
}
