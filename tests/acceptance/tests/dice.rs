//! Dice: the roller cannot foresee a fair roll, the witness cannot bias it, the faces are
//! uniform, and games with casual or scripted dice say so.

use grognard_acceptance::{dice, Lcg, Table};
use grognard_engine::{DiceSource, GameState, PlayerId, StreamDice};
use grognard_journal::chain::{self, ChainState};
use grognard_journal::entry::{entry_id, Body, DiceMode};
use grognard_journal::error::Problem;
use grognard_journal::game::{sign_after, Game, GameError};
use grognard_journal::ids::{EntryId, GameId, Hash32};
use grognard_journal::packet::Packet;
use grognard_journal::replay::{Held, Owed, Phase};
use grognard_journal::rolls;
use grognard_journal::{local, nonce};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Player 0 rolls initiative in a fresh game; the command needs dice, so it is signed at once.
fn roll_initiative(table: &Table) {
    let played = table
        .decide(0, &mut |legal| legal.iter().position(|c| c == "initiative").expect("round 1 waits for `initiative`"));
    assert!(played, "player 0 rolls initiative");
}

/// The open dice request of a game: its id, the command held for it and the witnesses.
fn open_request(game: &Game) -> (EntryId, usize, Vec<PlayerId>) {
    match &game.replay.phase {
        Phase::AwaitingDice { request, log_index, witnesses, reveals, held, .. } => {
            assert!(reveals.is_empty(), "no witness has revealed yet");
            assert!(matches!(held, Held::Command { player: PlayerId(0), .. }), "the held command is player 0's");
            (*request, *log_index, witnesses.clone())
        }
        other => panic!("expected a dice request waiting for its witnesses, found {other:?}"),
    }
}

/// The faces the held `initiative` command rolls from the state before it when the dice
/// come from `seed`, and the state after it.
fn faces_from(game: &Game, before: &GameState, seed: [u8; 32]) -> (Vec<(u32, u32)>, Value) {
    let ruleset = game.replay.ruleset;
    let mut dice = StreamDice::from_seed(seed);
    let (after, _) = ruleset
        .apply(before, PlayerId(0), &Value::String("initiative".into()), &mut dice)
        .expect("initiative applies once dice are there");
    (dice.rolled().to_vec(), ruleset.state_json(&after))
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("read a game directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `value` neither as raw bytes nor as hex (either case) in `bytes`.
fn holds(bytes: &[u8], value: &Hash32) -> bool {
    let hex = value.to_hex();
    contains(bytes, &value.0) || contains(bytes, hex.as_bytes()) || contains(bytes, hex.to_uppercase().as_bytes())
}

#[test]
fn roller_cannot_compute_a_fair_roll_before_the_witness_replies() {
    let table = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    let g0 = table.open(0);
    assert_eq!(g0.replay.mode(), DiceMode::Fair);
    assert!(g0.replay.log[0].text.ends_with("fair dice"), "{}", g0.replay.log[0].text);
    let before = g0.replay.state.clone();
    drop(g0);

    roll_initiative(&table);
    let g0 = table.open(0);
    let game = g0.replay.game;
    let (request, log_index, witnesses) = open_request(&g0);
    assert_eq!(witnesses, vec![PlayerId(1)]);
    let owed = Owed::Reveal { request, generation: 0, roller: PlayerId(0), request_seq: 1, acked: false };
    assert_eq!(g0.replay.owed(), vec![(PlayerId(1), owed)]);
    assert!(g0.replay.log.iter().all(|item| item.rolls.is_empty()), "no roll is known yet");
    assert_eq!(g0.replay.log[log_index].dice.as_deref(), Some("fair dice: waiting for Player1"));
    // The request is signed into player 0's journal, not merely staged: it cannot be taken back.
    let signed = g0.entries.last().expect("entries");
    assert_eq!(signed.id, request);
    assert_eq!(signed.entry.author, 0);
    assert!(matches!(&signed.entry.body, Body::Command { command, nonce: Some(_) } if command == "initiative"));
    assert!(local::staged(&g0).expect("staged").commands.is_empty());

    // Player 1's next chain value, which only player 1 can compute.
    let key1 = &table.seats[1].key;
    let state1 = g0.replay.chain(PlayerId(1)).cloned().expect("player 1 committed to a dice chain");
    let origin1 = g0.replay.chain_origin(PlayerId(1), state1.commit.generation, state1.commit.nonce);
    let value = chain::reveal_value(key1, &origin1, &state1.commit, state1.used + 1).expect("the chain is not used up");

    // It was fixed before the request: it hashes to the head player 1 committed to when
    // joining, and the request was signed after that join (it acks it).
    assert_eq!(state1.used, 0);
    assert_eq!(chain::step(&value), state1.last);
    assert_eq!(state1.last, state1.commit.head);
    let join = g0
        .entries
        .iter()
        .find(|e| e.entry.author == 1 && matches!(e.entry.body, Body::Join { .. }))
        .expect("player 1's join");
    assert!(matches!(join.entry.body, Body::Join { chain: Some(c) } if c == state1.commit));
    assert!(signed.entry.acks.iter().any(|a| a.author == 1 && a.id == join.id), "the request follows the join");

    // Nothing player 0 holds contains that value: not the journal, not a side file, not the key.
    let journal = table.journal_bytes(0);
    assert!(holds(&journal, &state1.commit.head), "the search finds public chain values in the journal");
    assert!(!holds(&journal, &value), "player 0's journal holds player 1's next chain value");
    let files = files_under(&table.seats[0].dir);
    assert!(files.contains(&table.journal_path(0)));
    for path in &files {
        let bytes = std::fs::read(path).expect("read a file of player 0");
        assert!(!holds(&bytes, &value), "{} holds player 1's next chain value", path.display());
    }
    let key0 = table.seats[0].key.seed();
    assert!(!holds(key0, &value), "player 0's key holds player 1's next chain value");
    assert!(!holds(hex_of(key0).as_bytes(), &value));
    // Neither does the packet player 0 sends with the request.
    let packet = table.send(0);
    assert!(!holds(&packet.encode(), &value));
    drop(g0);

    // The roll depends on the witness's value: other values give other faces.
    let real_seed = rolls::fair_seed(&game, &request, &[(1, value)]);
    let (expected, expected_state) = faces_from(&table.open(0), &before, real_seed);
    assert_eq!(expected.len(), 2, "one d6 per duellist");
    let mut direct = StreamDice::from_seed(real_seed);
    let direct: Vec<(u32, u32)> = (0..2).map(|_| (6, direct.roll(6).expect("stream dice never run out"))).collect();
    assert_eq!(expected, direct);
    let mut hypothetical = value;
    let mut differing = 0;
    for _ in 0..16 {
        hypothetical = chain::step(&hypothetical);
        let seed = rolls::fair_seed(&game, &request, &[(1, hypothetical)]);
        if faces_from(&table.open(0), &before, seed).0 != expected {
            differing += 1;
        }
    }
    assert!(differing >= 1, "the faces do not depend on the witness's value");

    // The witness replies; the roll is the one derived with the real reveal.
    table.deliver(&packet, 1).expect("player 1 imports the request");
    table.exchange(1);
    for i in 0..2 {
        let g = table.open(i);
        assert!(matches!(g.replay.phase, Phase::Playing));
        let item = &g.replay.log[log_index];
        assert_eq!(item.entry.id, request);
        assert_eq!(item.rolls, expected, "player {i}'s log");
        assert_eq!(item.dice.as_deref(), Some("fair dice, witnessed by Player1"));
        assert_eq!(g.replay.ruleset.state_json(&g.replay.state), expected_state);
        let reveal = g
            .entries
            .iter()
            .find(|e| matches!(e.entry.body, Body::Reveal { .. }))
            .expect("player 1's reveal is in the journal");
        assert_eq!(reveal.entry.author, 1);
        assert_eq!(reveal.entry.body, Body::Reveal { request, generation: 0, index: 1, value });
    }
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn witness_cannot_choose_its_value() {
    let table = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    roll_initiative(&table);
    table.exchange(0);
    let key1 = &table.seats[1].key;
    let mut g1 = table.open(1);
    let game = g1.replay.game;
    let (request, log_index, _) = open_request(&g1);
    let state1 = g1.replay.chain(PlayerId(1)).cloned().expect("player 1's chain");
    let commit = state1.commit;
    let origin1 = g1.replay.chain_origin(PlayerId(1), 0, commit.nonce);
    let genuine = chain::reveal_value(key1, &origin1, &commit, 1).expect("index 1");
    let later = chain::reveal_value(key1, &origin1, &commit, 2).expect("index 2");
    let next_origin = g1.replay.chain_origin(PlayerId(1), 1, Some(nonce::fresh()));
    let next_generation = chain::commit(key1, &next_origin, commit.length).expect("a length");
    let other_chain = g1.replay.chain(PlayerId(0)).cloned().expect("player 0's chain").commit;
    let origin0 = g1.replay.chain_origin(PlayerId(0), 0, other_chain.nonce);
    let players_0_value = chain::reveal_value(&table.seats[0].key, &origin0, &other_chain, 1).expect("index 1");
    let mut flipped = genuine;
    flipped.0[31] ^= 1;

    let mut forgeries: Vec<(&str, u32, u32, Hash32)> = vec![
        ("the genuine value with one bit flipped", 0, 1, flipped),
        ("zeros", 0, 1, Hash32([0; 32])),
        ("the head itself", 0, 1, commit.head),
        ("a later value of the chain", 0, 1, later),
        ("a later value of the chain, at its own index", 0, 2, later),
        ("player 0's chain value", 0, 1, players_0_value),
        (
            "a value of an uncommitted next chain",
            1,
            1,
            chain::reveal_value(key1, &next_origin, &next_generation, 1).expect("index 1"),
        ),
        ("the genuine value under another generation", 1, 1, genuine),
        ("the genuine value under another index", 0, 2, genuine),
    ];
    // A witness grinding for a value it likes finds none that is accepted.
    let mut grind = genuine;
    for _ in 0..24 {
        grind = chain::step(&Hash32(entry_id(&grind.0).0));
        forgeries.push(("a ground value", 0, 1, grind));
    }

    let mut g0 = table.open(0);
    let journal0 = table.journal_bytes(0);
    let journal1 = table.journal_bytes(1);
    for (what, generation, index, value) in forgeries {
        let body = Body::Reveal { request, generation, index, value };
        let forged = sign_after(&g1.entries, 2, PlayerId(1), key1, body.clone());
        let packet = Packet { game, entries: vec![forged], letters: Vec::new() };
        match g0.import(&packet) {
            Err(GameError::Problem(Problem::Rejected { entry, reason, .. })) => {
                assert_eq!(entry.author, 1, "{what}: {reason}");
            }
            other => panic!("{what}: expected the reveal to be rejected, got {other:?}"),
        }
        assert!(matches!(g0.replay.phase, Phase::AwaitingDice { .. }), "{what}");
        assert_eq!(table.journal_bytes(0), journal0, "{what}: a refused import changes nothing");
        // Player 1's own program refuses to sign it too.
        assert!(g1.append_own(PlayerId(1), key1, vec![body]).is_err(), "{what}");
        assert_eq!(table.journal_bytes(1), journal1, "{what}");
    }
    drop(g0);
    drop(g1);

    // The genuine value is accepted and rolls.
    table.exchange(1);
    let g0 = table.open(0);
    assert!(matches!(g0.replay.phase, Phase::Playing));
    let seed = rolls::fair_seed(&game, &request, &[(1, genuine)]);
    let mut dice = StreamDice::from_seed(seed);
    let expected: Vec<(u32, u32)> = (0..2).map(|_| (6, dice.roll(6).expect("stream"))).collect();
    assert_eq!(g0.replay.log[log_index].rolls, expected);
}

/// Roll seeds of `n` fair requests of a fixed game, each witnessed by one genuine reveal
/// of a committed chain (revealed from the head down, as a witness does).
fn fair_seeds(n: usize) -> Vec<[u8; 32]> {
    let game = GameId(*b"grognard-dice-ts");
    let key = grognard_journal::keys::SecretKey::from_seed(&[42; 32]);
    let length = u32::try_from(n).expect("a short chain");
    let origin = chain::Origin { game, anchor: Hash32([5; 32]), generation: 0, nonce: Some(Hash32([6; 32])) };
    let commit = chain::commit(&key, &origin, length).expect("a length");
    let mut values = vec![chain::value_at(&key, &origin, 0)];
    for i in 0..n {
        values.push(chain::step(&values[i]));
    }
    assert_eq!(values[n], commit.head);
    let mut state = ChainState::new(commit);
    (1..=n)
        .map(|i| {
            let value = values[n - i];
            state.accept(0, i as u32, &value).expect("a genuine reveal");
            let request = entry_id(format!("dice request {i}").as_bytes());
            rolls::fair_seed(&game, &request, &[(1, value)])
        })
        .collect()
}

/// Faces of a `sides`-sided die: `per_seed` from each seed's stream, in order.
fn faces(seeds: &[[u8; 32]], sides: u32, per_seed: usize) -> Vec<u32> {
    let mut out = Vec::with_capacity(seeds.len() * per_seed);
    for seed in seeds {
        let mut dice = StreamDice::from_seed(*seed);
        for _ in 0..per_seed {
            let face = dice.roll(sides).expect("stream dice never run out");
            assert!((1..=sides).contains(&face));
            out.push(face);
        }
    }
    out
}

/// Counts of each cell; returns the chi-square statistic against a uniform distribution,
/// after checking every count lies within five standard deviations of its expectation.
fn chi_square(counts: &[u64], what: &str) -> f64 {
    let total: u64 = counts.iter().sum();
    let k = counts.len() as f64;
    let expected = total as f64 / k;
    let sd = (expected * (1.0 - 1.0 / k)).sqrt();
    for (cell, &c) in counts.iter().enumerate() {
        assert!((c as f64 - expected).abs() < 5.0 * sd, "{what}: cell {cell} has {c}, expected about {expected:.0}");
    }
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

fn face_counts(faces: &[u32], sides: u32) -> Vec<u64> {
    let mut counts = vec![0u64; sides as usize];
    for &f in faces {
        counts[f as usize - 1] += 1;
    }
    counts
}

const SEEDS: usize = 6_000;
const PER_SEED: usize = 100;

#[test]
fn chi_square_600000_d6_faces() {
    let seeds = fair_seeds(SEEDS);
    let d6 = faces(&seeds, 6, PER_SEED);
    assert_eq!(d6.len(), 600_000);

    // 5 degrees of freedom: 20.515 is the 0.999 quantile, 0.210 the 0.001 quantile (a
    // too-even count is as suspicious as a too-uneven one).
    let stat = chi_square(&face_counts(&d6, 6), "d6");
    assert!(stat < 20.515, "d6 faces: chi-square {stat:.3} with 5 degrees of freedom");
    assert!(stat > 0.210, "d6 faces are too even: chi-square {stat:.3}");

    // The first face of each roll (most rolls use only a few faces of their stream).
    let first: Vec<u32> = d6.chunks(PER_SEED).map(|c| c[0]).collect();
    let stat = chi_square(&face_counts(&first, 6), "first d6 faces");
    assert!(stat < 20.515, "first d6 faces: chi-square {stat:.3} with 5 degrees of freedom");

    // Consecutive faces, as non-overlapping pairs within each stream: 36 cells, 35 degrees
    // of freedom, 0.999 quantile 66.619.
    let mut pairs = vec![0u64; 36];
    for stream in d6.chunks(PER_SEED) {
        for pair in stream.chunks_exact(2) {
            pairs[(pair[0] as usize - 1) * 6 + pair[1] as usize - 1] += 1;
        }
    }
    assert_eq!(pairs.iter().sum::<u64>(), 300_000);
    let stat = chi_square(&pairs, "d6 pairs");
    assert!(stat < 66.619, "consecutive d6 faces: chi-square {stat:.3} with 35 degrees of freedom");
}

#[test]
fn chi_square_other_dice() {
    let seeds = fair_seeds(1_000);
    // (sides, faces per seed, 0.999 quantile for sides - 1 degrees of freedom)
    for (sides, per_seed, critical) in [(2, 50, 10.828), (3, 50, 13.816), (10, 100, 27.877), (20, 100, 43.820)] {
        let f = faces(&seeds, sides, per_seed);
        let stat = chi_square(&face_counts(&f, sides), &format!("d{sides}"));
        assert!(stat < critical, "d{sides}: chi-square {stat:.3} with {} degrees of freedom", sides - 1);
    }
    let f = faces(&seeds, 100, 200);
    let stat = chi_square(&face_counts(&f, 100), "d100");
    assert!(stat < 148.230, "d100: chi-square {stat:.3} with 99 degrees of freedom");
}

#[test]
fn casual_and_scripted_games_say_so() {
    // Casual dice: the genesis says so, and the roll is known as soon as the request is
    // signed, to anyone, before any packet moves.
    let table = Table::new("standard", 2, dice(DiceMode::Casual, vec![]));
    for i in 0..2 {
        let g = table.open(i);
        assert!(matches!(&g.genesis().entry.body, Body::Genesis(gen) if gen.dice.mode == DiceMode::Casual));
        assert_eq!(g.replay.mode(), DiceMode::Casual);
        assert!(g.replay.log[0].text.contains("casual dice (predictable"), "{}", g.replay.log[0].text);
        assert!(g.replay.chains.iter().all(Vec::is_empty), "casual games have no dice chains");
    }
    roll_initiative(&table);
    let g0 = table.open(0);
    assert!(matches!(g0.replay.phase, Phase::Playing), "casual dice wait for nobody");
    let request = g0.entries.last().expect("the request").id;
    let item = g0.replay.log.iter().find(|item| item.entry.id == request).expect("the request's log line");
    let mut stream = StreamDice::from_seed(rolls::casual_seed(&g0.replay.game, &request));
    let expected: Vec<(u32, u32)> = (0..2).map(|_| (6, stream.roll(6).expect("stream"))).collect();
    assert_eq!(item.rolls, expected);
    assert_eq!(item.dice.as_deref(), Some("casual dice (predictable)"));
    drop(g0);
    table.exchange(0);
    let g1 = table.open(1);
    let item = g1.replay.log.iter().find(|item| item.entry.id == request).expect("the request's log line");
    assert_eq!(item.rolls, expected);

    // Scripted dice: the genesis lists the faces, and they are used in order.
    let mut rng = Lcg(17);
    let script: Vec<u32> = (0..2000).map(|_| rng.below(6) as u32 + 1).collect();
    let table = Table::new("standard", 2, dice(DiceMode::Scripted, script.clone()));
    for i in 0..2 {
        let g = table.open(i);
        assert!(matches!(
            &g.genesis().entry.body,
            Body::Genesis(gen) if gen.dice.mode == DiceMode::Scripted && gen.dice.faces == script
        ));
        assert_eq!(g.replay.mode(), DiceMode::Scripted);
        assert!(g.replay.log[0].text.contains("scripted dice (fixed in advance"), "{}", g.replay.log[0].text);
    }
    roll_initiative(&table);
    let g0 = table.open(0);
    let request = g0.entries.last().expect("the request").id;
    let item = g0.replay.log.iter().find(|item| item.entry.id == request).expect("the request's log line");
    assert_eq!(item.rolls, vec![(6, script[0]), (6, script[1])]);
    assert_eq!(item.dice.as_deref(), Some("scripted dice"));
    assert_eq!(g0.replay.script_used, 2);
    drop(g0);
    table.play_to_end(&mut Lcg(23), 400);
    for i in 0..2 {
        let g = table.open(i);
        let rolled: Vec<(u32, u32)> = g.replay.log.iter().flat_map(|item| item.rolls.iter().copied()).collect();
        assert!(rolled.len() > 2, "the game rolled more dice");
        assert_eq!(g.replay.script_used, rolled.len());
        let used: Vec<(u32, u32)> = script[..rolled.len()].iter().map(|&f| (6, f)).collect();
        assert_eq!(rolled, used, "player {i}: the scripted faces, in order");
        for item in g.replay.log.iter().filter(|item| !item.rolls.is_empty()) {
            assert_eq!(item.dice.as_deref(), Some("scripted dice"));
        }
    }
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
}
