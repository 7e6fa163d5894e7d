//! Importing many small packets against importing their entries as one packet.
//!
//! A casual-dice duel (`marathon`) of 300 entries after the joins is played by a generator
//! that signs what each player owes (commands, sealed choices and their openings). The
//! receiver is a copy of the game as it stood after the joins. Benchmarks:
//!
//! - `import/one_packet_300`: the 300 entries as one packet, `Game::import`;
//! - `import/many_packets_300`: 300 packets of one entry each, `Game::import_many` (what
//!   `grognard receive` does with 300 letters for one game);
//! - `import/one_by_one_300`: the same 300 packets, `Game::import` once per packet (what
//!   `grognard receive` did before).
//!
//! Each iteration copies the receiver's directory and opens it untimed, then imports.
//! Run: `cargo bench -p grognard-journal --bench import`. Figures: `BENCHMARKS.md`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use grognard_engine::{AnyRuleset, PlayerId};
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{Body, DiceConfig, DiceMode, PlayerInfo, Witnesses};
use grognard_journal::game::Game;
use grognard_journal::ids::Hash32;
use grognard_journal::keys::SecretKey;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;
use grognard_journal::{nonce, sealed};
use std::path::{Path, PathBuf};

const PACKETS: usize = 300;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&DUEL]
}

/// The base game (after the joins) and the next `PACKETS` entries, one per packet.
struct Flood {
    _tmp: tempfile::TempDir,
    base: PathBuf,
    packets: Vec<Packet>,
}

/// The nonce of `player`'s seal for `step`: a function of the step, so nothing need be
/// remembered (a real client draws it at random and reads it back from its seal).
fn seal_nonce(step: &str, player: PlayerId) -> Hash32 {
    let mut bytes = [0u8; 32];
    for (b, s) in bytes.iter_mut().zip(step.bytes().take(31)) {
        *b = s;
    }
    bytes[31] = player.0;
    Hash32(bytes)
}

fn sealed_choice(game: &Game, step: &str, player: PlayerId) -> serde_json::Value {
    let legal = game.replay.ruleset.legal_commands(&game.replay.state, player);
    let pick = step.bytes().map(usize::from).sum::<usize>() + usize::from(player.0);
    legal[pick % legal.len()].clone()
}

fn flood() -> Flood {
    let tmp = tempfile::tempdir().expect("temp dir");
    let keys: Vec<SecretKey> = (0..2).map(|i| SecretKey::from_seed(&[i as u8 + 1; 32])).collect();
    let players = keys
        .iter()
        .enumerate()
        .map(|(i, k)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: k.public().to_hex(),
            powers: vec![["red", "blue"][i].to_string()],
        })
        .collect();
    let new = NewGame {
        ruleset: &DUEL,
        setup: grognard_engine::Setup::scenario("marathon"),
        players,
        creator: 0,
        dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: vec![] },
        chain_length: 64,
    };
    let base = tmp.path().join("base");
    let (_, invitation) = create::create(&tmp.path().join("creator"), &rulesets(), &new, &keys[0]).expect("create");
    let (game, _) = create::join(&base, &rulesets(), &invitation, &keys[1]).expect("join");
    drop(game);
    let play = tmp.path().join("play");
    copy_dir(&base, &play);
    let mut game = Game::open(&play, &rulesets()).expect("open");
    let start = game.entries.len();
    while game.entries.len() < start + PACKETS {
        let (player, owed) = game.replay.owed().into_iter().next().expect("the marathon goes on");
        let key = &keys[player.index()];
        let (id, genesis) = (game.replay.game, game.replay.genesis_id);
        let body = match owed {
            Owed::Decide(_) => {
                let legal = game.replay.ruleset.legal_commands(&game.replay.state, player);
                Body::Command {
                    command: legal[(game.entries.len() * 7 + 3) % legal.len()].clone(),
                    nonce: Some(nonce::fresh()),
                }
            }
            Owed::Seal { step, .. } => {
                let nonce = seal_nonce(&step, player);
                let salt = sealed::salt(key, &id, &genesis, &step, Some(&nonce));
                let commitment = sealed::commitment(&id, &step, player.0, &salt, &sealed_choice(&game, &step, player));
                Body::Seal { step, commitment, nonce: Some(nonce) }
            }
            Owed::Unseal { step } => {
                let choice = sealed_choice(&game, &step, player);
                let salt = sealed::salt(key, &id, &genesis, &step, Some(&seal_nonce(&step, player)));
                Body::Unseal { salt, step, choice }
            }
            other => panic!("a casual game owes no {other:?}"),
        };
        game.append_own(player, key, vec![body]).expect("append");
    }
    let packets = game.entries[start..]
        .iter()
        .map(|e| Packet { game: game.replay.game, entries: vec![e.clone()], letters: Vec::new() })
        .collect();
    Flood { _tmp: tmp, base, packets }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read dir") {
        let e = e.expect("entry");
        if e.file_type().expect("type").is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
        }
    }
}

/// A fresh copy of the receiver, opened (untimed).
fn receiver(flood: &Flood) -> (tempfile::TempDir, Game<'static>) {
    let tmp = tempfile::tempdir().expect("temp dir");
    copy_dir(&flood.base, tmp.path());
    let game = Game::open(tmp.path(), &rulesets()).expect("open");
    (tmp, game)
}

fn import(c: &mut Criterion) {
    let flood = flood();
    let all = Packet {
        game: flood.packets[0].game,
        entries: flood.packets.iter().flat_map(|p| p.entries.clone()).collect(),
        letters: Vec::new(),
    };
    let mut group = c.benchmark_group("import");
    group.sample_size(20);
    group.bench_function("one_packet_300", |b| {
        b.iter_batched(
            || receiver(&flood),
            |(tmp, mut game)| {
                assert_eq!(game.import(&all).expect("import").added.len(), PACKETS);
                (tmp, game)
            },
            BatchSize::PerIteration,
        )
    });
    group.bench_function("many_packets_300", |b| {
        b.iter_batched(
            || receiver(&flood),
            |(tmp, mut game)| {
                assert_eq!(game.import_many(&flood.packets).expect("import").added.len(), PACKETS);
                (tmp, game)
            },
            BatchSize::PerIteration,
        )
    });
    group.sample_size(10);
    group.bench_function("one_by_one_300", |b| {
        b.iter_batched(
            || receiver(&flood),
            |(tmp, mut game)| {
                for p in &flood.packets {
                    game.import(p).expect("import");
                }
                (tmp, game)
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
