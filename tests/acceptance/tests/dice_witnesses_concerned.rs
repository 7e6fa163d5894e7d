//! Dice witnessed by the players a roll concerns (docs/PROTOCOL.md sections 5.3 and 5.9),
//! played as the players would, cheaters included, in Duel's seven-player `brawl` and
//! three-player `melee`:
//!
//! - a fire waits only for its target's player; the five others are never asked, and the
//!   roll is made without them (with `opponents` the same roll waits for six players);
//! - a roll that concerns nobody else (Duel's initiative, rule 9.2) has exactly one
//!   witness: the next player;
//! - the roller cannot witness its own roll, nor name another witness; a player who is not a
//!   witness cannot reveal for a roll;
//! - a witness who grinds dice chains gets no control over the roll it witnesses alone;
//! - a clash is witnessed by the players of its sealed step, and a fire after an opening by
//!   its target's player;
//! - a version-1 genesis cannot choose these witnesses.

use grognard_acceptance::{dice, rulesets, Table};
use grognard_engine::{DiceSource, Pending, PlayerId, Setup, StreamDice};
use grognard_journal::canonical;
use grognard_journal::chain;
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{
    entry_id, signing_message, Ack, Body, ChainCommit, DiceConfig, DiceMode, Entry, PlayerInfo, SignedEntry, Witnesses,
    PROTOCOL_V1, PROTOCOL_V2,
};
use grognard_journal::game::{sign_after, Game};
use grognard_journal::ids::{EntryId, Hash32};
use grognard_journal::keys::SecretKey;
use grognard_journal::packet::Packet;
use grognard_journal::replay::{Owed, Phase};
use grognard_journal::{local, nonce, rolls};
use serde_json::{json, Value};

fn concerned() -> DiceConfig {
    DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Concerned, faces: Vec::new() }
}

fn p(i: usize) -> PlayerId {
    PlayerId(i as u8)
}

/// Player `i` does `command` (signed at once if it rolls, staged otherwise), sends what it
/// owes, and every other player imports the packet.
fn play(table: &Table, i: usize, command: &str) {
    let mut g = table.open(i);
    local::do_command(&mut g, p(i), &table.seats[i].key, command).unwrap_or_else(|e| panic!("{command}: {e}"));
    drop(g);
    table.exchange(i);
}

/// The open request and its witnesses, in player `i`'s copy.
fn open_request(table: &Table, i: usize) -> Option<(EntryId, PlayerId, Vec<PlayerId>)> {
    match &table.open(i).replay.phase {
        Phase::AwaitingDice { request, roller, witnesses, .. } => Some((*request, *roller, witnesses.clone())),
        _ => None,
    }
}

/// Who owes a reveal, in player `i`'s copy.
fn owing_reveals(table: &Table, i: usize) -> Vec<PlayerId> {
    table.open(i).replay.owed().into_iter().filter(|(_, o)| matches!(o, Owed::Reveal { .. })).map(|(p, _)| p).collect()
}

/// Every player seals `stance`, then every player opens it (all packets cross).
fn stances(table: &Table, stance: &str) {
    let n = table.seats.len();
    let living: Vec<usize> = (0..n).filter(|&i| owes_seal(table, i)).collect();
    for &i in &living {
        let mut g = table.open(i);
        local::do_command(&mut g, p(i), &table.seats[i].key, stance).expect("a sealed stance");
    }
    for _ in 0..2 {
        let packets: Vec<Packet> = (0..n).map(|i| table.send(i)).collect();
        for (i, packet) in packets.iter().enumerate() {
            for j in (0..n).filter(|&j| j != i && !packet.entries.is_empty()) {
                table.deliver(packet, j).expect("honest seals and openings");
            }
        }
    }
}

fn owes_seal(table: &Table, i: usize) -> bool {
    table.open(i).replay.owed().iter().any(|(q, o)| *q == p(i) && matches!(o, Owed::Seal { .. }))
}

/// The player who must act in the action step, having taken any bonus due (staged).
fn actor(table: &Table) -> usize {
    let g = table.open(0);
    match g.replay.ruleset.pending(&g.replay.state) {
        Pending::Choice { player, .. } => {
            let i = player.index();
            drop(g);
            let mut g = table.open(i);
            local::do_command(&mut g, player, &table.seats[i].key, "bonus bandage").expect("a bonus");
            i
        }
        Pending::Command { player, .. } => player.index(),
        other => panic!("no duellist acts: {other:?}"),
    }
}

/// The entries player `i` has signed.
fn feed_len(table: &Table, i: usize) -> usize {
    table.open(0).entries.iter().filter(|e| e.entry.author == i as u8).count()
}

/// A genuine reveal by `who` (from its current chain, the next value) for `request`, signed
/// after what `who`'s copy holds.
fn genuine_reveal(table: &Table, who: usize, request: EntryId) -> SignedEntry {
    let g = table.open(who);
    let state = g.replay.chain(p(who)).expect("a chain").clone();
    let origin = g.replay.chain_origin(p(who), state.commit.generation, state.commit.nonce);
    let index = state.used + 1;
    let value = chain::reveal_value(&table.seats[who].key, &origin, &state.commit, index).expect("in range");
    let body = Body::Reveal { request, generation: state.commit.generation, index, value };
    sign_after(&g.entries, table.seats.len(), p(who), &table.seats[who].key, body)
}

#[test]
fn in_a_seven_player_brawl_a_fire_waits_only_for_its_target() {
    let table = Table::new("brawl", 7, concerned());
    // Initiative concerns nobody in particular (Duel 9.2): one witness, the next player.
    play(&table, 0, "initiative");
    let (_, roller, witnesses) = open_request(&table, 3).expect("the initiative waits for its dice");
    assert_eq!((roller, witnesses), (p(0), vec![p(1)]));
    for i in 0..7 {
        assert_eq!(owing_reveals(&table, i), vec![p(1)], "copy {i}: only player 1 is asked");
    }
    table.exchange(1);
    assert!(matches!(table.open(5).replay.phase, Phase::Playing), "the roll is made with one reveal");
    stances(&table, "stance guard");

    // The first duellist to act fires at another: the roll concerns the two of them.
    let shooter = actor(&table);
    let target = (0..7).find(|&t| t != shooter).expect("a target");
    let bystanders: Vec<usize> = (0..7).filter(|&i| i != shooter && i != target).collect();
    let before: Vec<usize> = bystanders.iter().map(|&i| feed_len(&table, i)).collect();
    play(&table, shooter, &format!("fire {target}"));
    for i in 0..7 {
        let (_, roller, witnesses) = open_request(&table, i).expect("the fire waits for its dice");
        assert_eq!((roller, witnesses), (p(shooter), vec![p(target)]), "copy {i}");
        assert_eq!(owing_reveals(&table, i), vec![p(target)], "copy {i}");
        assert!(!local::owes_mechanical(&table.open(i), p(i)) || i == target, "copy {i} owes nothing");
    }
    let waiting = local::waiting_sentence(&table.open(shooter));
    assert!(waiting.starts_with(&format!("Player{target} must reveal dice")), "{waiting}");
    assert!(!waiting.contains(';'), "one player holds the roll: {waiting}");

    // The target's reveal alone makes the roll; the five bystanders sign nothing.
    let (request, _, _) = open_request(&table, 0).expect("the request");
    table.exchange(target);
    for i in 0..7 {
        let g = table.open(i);
        assert!(matches!(g.replay.phase, Phase::Playing), "copy {i}: the fire is rolled");
        let item = g.replay.log.iter().find(|l| l.entry.id == request).expect("the fire's story");
        assert_eq!(item.rolls.len(), 1, "one die");
        assert_eq!(item.dice.as_deref(), Some(format!("fair dice, witnessed by Player{target}").as_str()));
    }
    let after: Vec<usize> = bystanders.iter().map(|&i| feed_len(&table, i)).collect();
    assert_eq!(before, after, "no bystander signed anything for the fire");
    let reveals = table
        .open(0)
        .entries
        .iter()
        .filter(|e| matches!(&e.entry.body, Body::Reveal { request: r, .. } if *r == request))
        .count();
    assert_eq!(reveals, 1);
    for i in 1..7 {
        assert_eq!(table.journal_bytes(i), table.journal_bytes(0), "every copy holds the same journal");
    }
}

#[test]
fn with_the_opponents_every_roll_of_the_brawl_waits_for_six_players() {
    // The old modes are unchanged: this is why `concerned` exists.
    let table = Table::new("brawl", 7, dice(DiceMode::Fair, Vec::new()));
    play(&table, 0, "initiative");
    let (_, _, witnesses) = open_request(&table, 0).expect("the initiative waits");
    assert_eq!(witnesses, (1..7).map(p).collect::<Vec<_>>());
    assert_eq!(owing_reveals(&table, 4), (1..7).map(p).collect::<Vec<_>>());
    let all_others = DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::AllOthers, faces: Vec::new() };
    let table = Table::new("melee", 3, all_others);
    play(&table, 0, "initiative");
    assert_eq!(open_request(&table, 2).expect("waits").2, vec![p(1), p(2)]);
}

#[test]
fn the_roller_cannot_witness_its_own_roll_nor_name_another_witness() {
    let table = Table::new("brawl", 7, concerned());
    play(&table, 0, "initiative");
    table.exchange(1);
    stances(&table, "stance guard");
    let shooter = actor(&table);
    let target = (0..7).find(|&t| t != shooter).expect("a target");
    let friend = (0..7).find(|&t| t != shooter && t != target).expect("a friend");

    // The roller tries to name its friend as the witness: no entry has a place for it. In
    // the command, the rules refuse it; beside it, the entry is not one of the protocol's.
    let g = table.open(shooter);
    let bonus = local::staged(&g).expect("staged").commands;
    let mut bodies: Vec<Body> =
        bonus.into_iter().map(|c| Body::Command { command: c, nonce: Some(nonce::fresh()) }).collect();
    bodies.push(Body::Command {
        command: json!({"fire": {"target": target}, "witnesses": [friend]}),
        nonce: Some(nonce::fresh()),
    });
    let mut signed = Vec::new();
    for body in bodies {
        let mut all = g.entries.clone();
        all.extend(signed.iter().cloned());
        signed.push(sign_after(&all, 7, p(shooter), &table.seats[shooter].key, body));
    }
    let before = table.journal_bytes(target);
    let err = table
        .deliver(&Packet { game: g.replay.game, entries: signed.clone(), letters: Vec::new() }, target)
        .expect_err("refused");
    assert!(err.to_string().contains("not a command of this ruleset"), "{err}");
    assert_eq!(table.journal_bytes(target), before);
    let honest = signed.last().expect("the fire").clone();
    let mut value: Value = serde_json::from_slice(&honest.bytes).expect("JSON");
    value["body"]["command"] = json!({"fire": {"target": target}});
    value["body"]["witnesses"] = json!([friend]);
    let bytes = canonical::encode(&value);
    let signature = table.seats[shooter].key.sign(&signing_message(&bytes));
    let mut record = hex::encode(signature.to_bytes()).into_bytes();
    record.push(b' ');
    record.extend_from_slice(&bytes);
    let err = SignedEntry::parse_record(&record).expect_err("an entry with a field of its own making");
    assert!(err.to_string().contains("witnesses"), "{err}");

    // The honest fire; then the roller reveals for its own roll, from its own chain.
    drop(g);
    play(&table, shooter, &format!("fire {target}"));
    let (request, _, witnesses) = open_request(&table, target).expect("the fire waits");
    assert_eq!(witnesses, vec![p(target)]);
    let own = genuine_reveal(&table, shooter, request);
    let err = table
        .deliver(&Packet { game: own.entry.game, entries: vec![own], letters: Vec::new() }, target)
        .expect_err("refused");
    assert!(err.to_string().contains(&format!("player {shooter} is not a witness of this request")), "{err}");
    assert_eq!(open_request(&table, target).map(|r| r.2), Some(vec![p(target)]), "the roll still waits");
}

#[test]
fn a_player_who_is_not_a_witness_cannot_reveal_for_a_roll() {
    let table = Table::new("brawl", 7, concerned());
    play(&table, 0, "initiative");
    // Player 3, not the witness (player 1 is), reveals first: refused in every copy.
    let (request, _, _) = open_request(&table, 3).expect("waits");
    let intruder = genuine_reveal(&table, 3, request);
    for i in [0, 1, 2, 4, 5, 6] {
        let before = table.journal_bytes(i);
        let packet = Packet { game: intruder.entry.game, entries: vec![intruder.clone()], letters: Vec::new() };
        let err = table.deliver(&packet, i).expect_err("refused");
        assert!(err.to_string().contains("player 3 is not a witness of this request"), "{err}");
        assert_eq!(err.code(), "rejected");
        assert_eq!(table.journal_bytes(i), before, "nothing written");
    }
    // The true witness's reveal makes the roll; the intruder's value never enters a seed.
    table.exchange(1);
    let g = table.open(0);
    assert!(matches!(g.replay.phase, Phase::Playing));
    let item = g.replay.log.iter().find(|l| l.entry.id == request).expect("the roll");
    assert_eq!(item.dice.as_deref(), Some("fair dice, witnessed by Player1"));
    assert_eq!(item.rolls.len(), 7, "seven duellists roll initiative");
}

/// `x_0 .. x_16` of a chain whose seed the cheater picked.
fn chosen_chain(seed: u64) -> Vec<Hash32> {
    let mut x = Hash32([0; 32]);
    x.0[..8].copy_from_slice(&seed.to_le_bytes());
    let mut values = vec![x];
    for i in 0..16 {
        values.push(chain::step(&values[i]));
    }
    values
}

fn key(i: u8) -> SecretKey {
    SecretKey::from_seed(&[i + 1; 32])
}

/// A three-player melee with the witnesses `concerned`, the creator's copy, after player 2's
/// honest join; returns it with the invitation.
fn melee(dir: &std::path::Path) -> Game<'static> {
    let powers = ["red", "blue", "green"];
    let players = (0..3u8)
        .map(|i| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: key(i).public().to_hex(),
            powers: vec![powers[usize::from(i)].into()],
        })
        .collect();
    let new = NewGame {
        ruleset: grognard_acceptance::duel(),
        setup: Setup::scenario("melee"),
        players,
        creator: 0,
        dice: concerned(),
        chain_length: 16,
    };
    let (mut g0, invitation) =
        create::create_of_version(&dir.join("p0"), &rulesets(), &new, &key(0), PROTOCOL_V2).expect("create");
    let (g2, _) = create::join(&dir.join("p2"), &rulesets(), &invitation, &key(2)).expect("join");
    g0.import(&g2.packet_for_others(p(2))).expect("player 2's join");
    g0
}

/// The witness of the creator's forced `initiative` (player 1, the single witness) tries up
/// to `tries` chains for its join, each time predicting the request with a guessed nonce, and
/// commits to the first that makes Red roll 1 and Blue 6. The creator then signs the request
/// with a fresh nonce, or (`predictable`) with the guessed one, as a client without fresh
/// nonces would. Returns whether the roll came out as the witness wished.
fn grinding_witness_gets_its_wish(tries: u64, game_number: u64, predictable: bool) -> bool {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut g0 = melee(tmp.path());
    let (game, genesis) = (g0.replay.game, g0.entries[0].id);
    let wish = vec![(6, 1), (6, 6)];
    let guessed = Hash32([0x5a; 32]);
    let join_nonce = Some(nonce::fresh());
    let mut chosen = None;
    for t in 0..tries {
        let values = chosen_chain(game_number << 32 | t);
        let commit = ChainCommit { generation: 0, head: values[16], length: 16, nonce: join_nonce };
        let join = sign_after(&g0.entries, 3, p(1), &key(1), Body::Join { chain: Some(commit) });
        let two = g0.entries.iter().find(|e| e.entry.author == 2).expect("player 2's join");
        let predicted = Entry {
            v: PROTOCOL_V2,
            game,
            author: 0,
            seq: 1,
            prev: Some(genesis),
            acks: vec![Ack { author: 1, seq: 0, id: join.id }, Ack { author: 2, seq: 0, id: two.id }],
            body: Body::Command { command: json!("initiative"), nonce: Some(guessed) },
        };
        let request = entry_id(&predicted.canonical_bytes());
        let mut dice = StreamDice::from_seed(rolls::fair_seed(&game, &request, &[(1, values[15])]));
        let rolled: Vec<(u32, u32)> = (0..2).map(|_| (6, dice.roll(6).expect("a face"))).collect();
        chosen = Some((join, values));
        if rolled == wish {
            break;
        }
    }
    let (join, values) = chosen.expect("at least one try");
    g0.import(&Packet { game, entries: vec![join], letters: Vec::new() }).expect("the join is valid");
    if predictable {
        let body = Body::Command { command: json!("initiative"), nonce: Some(guessed) };
        let request = sign_after(&g0.entries, 3, p(0), &key(0), body);
        g0.import(&Packet { game, entries: vec![request], letters: Vec::new() }).expect("the request");
    } else {
        local::do_command(&mut g0, p(0), &key(0), "initiative").expect("the initiative roll");
    }
    let request = g0.entries.last().expect("the request").id;
    match &g0.replay.phase {
        Phase::AwaitingDice { witnesses, .. } => assert_eq!(witnesses, &vec![p(1)], "one witness"),
        other => panic!("the roll does not wait: {other:?}"),
    }
    let reveal = Body::Reveal { request, generation: 0, index: 1, value: values[15] };
    let reveal = sign_after(&g0.entries, 3, p(1), &key(1), reveal);
    g0.import(&Packet { game, entries: vec![reveal], letters: Vec::new() }).expect("the reveal is valid");
    let item = g0.replay.log.iter().find(|i| i.entry.id == request).expect("the request's story");
    item.rolls[..2] == wish[..]
}

#[test]
fn a_single_witness_who_grinds_chains_gets_no_control() {
    // Against a request it could predict, the grinding witness gets its wish every time:
    // the attack is real, and the test can see it.
    for game in 0..3 {
        assert!(grinding_witness_gets_its_wish(3_000, game, true), "predictable request {game}");
    }
    // Against the request the honest client signs (a fresh nonce): 40 forced requests, 400
    // chains tried against each. The wish has probability 1/36; more than 8 hits in 40
    // would happen by chance about twice in a million runs.
    let games = 40;
    let hits = (0..games).filter(|&g| grinding_witness_gets_its_wish(400, 100 + g, false)).count();
    eprintln!("the grinding single witness got its wish in {hits} of {games} games (chance: {:.1})", 40.0 / 36.0);
    assert!(hits <= 8, "the witness got its wish in {hits} of {games} games");
}

#[test]
fn a_clash_is_witnessed_by_the_players_of_its_step() {
    let table = Table::new("melee", 3, concerned());
    play(&table, 0, "initiative");
    table.exchange(1);
    // Every duellist lunges: the clash is rolled as the last stance is opened (Duel 4.4).
    let n = 3;
    for i in 0..n {
        let mut g = table.open(i);
        local::do_command(&mut g, p(i), &table.seats[i].key, "stance lunge").expect("a sealed stance");
    }
    let seals: Vec<Packet> = (0..n).map(|i| table.send(i)).collect();
    for (i, packet) in seals.iter().enumerate() {
        for j in (0..n).filter(|&j| j != i) {
            table.deliver(packet, j).expect("seals");
        }
    }
    // Players 0 and 1 open; player 2's opening is the request.
    table.exchange(0);
    table.exchange(1);
    table.exchange(2);
    let (request, roller, witnesses) = open_request(&table, 0).expect("the clash waits for its dice");
    assert_eq!(roller, p(2));
    assert_eq!(witnesses, vec![p(0), p(1), p(2)], "every chooser witnesses, the last opener included");
    for i in 0..n {
        table.exchange(i);
    }
    let g = table.open(0);
    let item = g.replay.log.iter().find(|l| l.entry.id == request).expect("the clash");
    assert_eq!(item.rolls.len(), 1);
    assert!(matches!(g.replay.phase, Phase::Playing));
}

#[test]
fn a_fire_after_an_opening_is_witnessed_by_its_target() {
    // Duel's powder: a charged fire is rolled when the charge is opened (section 12.6).
    let table = Table::new("powder", 2, concerned());
    play(&table, 0, "initiative");
    table.exchange(1);
    stances(&table, "stance guard");
    let shooter = actor(&table);
    let target = 1 - shooter;
    play(&table, shooter, "prime 2");
    assert!(open_request(&table, 0).is_none(), "a prime rolls nothing");
    // The other duellist rests; the next round, the shooter fires its charge when it acts.
    for _ in 0..12 {
        let g = table.open(0);
        if g.replay.over().is_some() {
            break;
        }
        let pending = g.replay.ruleset.pending(&g.replay.state);
        drop(g);
        match pending {
            Pending::Dice { player, .. } => {
                play(&table, player.index(), "initiative");
                table.exchange(1 - player.index());
            }
            Pending::Sealed { .. } => stances(&table, "stance guard"),
            Pending::Choice { player, .. } => play(&table, player.index(), "bonus bandage"),
            Pending::Command { player, .. } if player.index() == shooter => {
                play(&table, shooter, &format!("fire {target}"));
                let (request, roller, witnesses) = open_request(&table, target).expect("the fire waits");
                assert_eq!((roller, witnesses), (p(shooter), vec![p(target)]));
                let g = table.open(target);
                let opening = g.entries.iter().find(|e| e.id == request).expect("the request");
                assert!(matches!(opening.entry.body, Body::Open { .. }), "the opening is the request");
                drop(g);
                table.exchange(target);
                assert!(matches!(table.open(shooter).replay.phase, Phase::Playing));
                return;
            }
            Pending::Command { player, .. } => play(&table, player.index(), "rest"),
            other => panic!("unexpected: {other:?}"),
        }
    }
    panic!("the charge was never fired");
}

#[test]
fn a_version_1_genesis_cannot_choose_the_concerned_witnesses() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let players = (0..3u8)
        .map(|i| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: key(i).public().to_hex(),
            powers: vec![["red", "blue", "green"][usize::from(i)].into()],
        })
        .collect();
    let new = NewGame {
        ruleset: grognard_acceptance::duel(),
        setup: Setup::scenario("melee"),
        players,
        creator: 0,
        dice: concerned(),
        chain_length: 16,
    };
    let err = create::create_of_version(&tmp.path().join("v1"), &rulesets(), &new, &key(0), PROTOCOL_V1)
        .err()
        .expect("refused");
    assert_eq!(err.code(), "genesis", "{err}");
    assert!(err.to_string().contains("`concerned` exist from protocol version 2"), "{err}");
    // The same genesis of version 2 is a game.
    create::create_of_version(&tmp.path().join("v2"), &rulesets(), &new, &key(0), PROTOCOL_V2).expect("version 2");
    // The value is written as `concerned`; an unknown value is refused when read.
    let genesis = create::genesis_of_version(&new, &key(0), grognard_journal::ids::GameId([7; 16]), PROTOCOL_V2)
        .expect("a genesis");
    let text = String::from_utf8(genesis.bytes.clone()).expect("UTF-8");
    assert!(text.contains(r#""witnesses":"concerned""#), "{text}");
    let mut value: Value = serde_json::from_slice(&genesis.bytes).expect("JSON");
    value["body"]["dice"]["witnesses"] = json!("friends");
    let bytes = canonical::encode(&value);
    let mut record = hex::encode(key(0).sign(&signing_message(&bytes)).to_bytes()).into_bytes();
    record.push(b' ');
    record.extend_from_slice(&bytes);
    let err = SignedEntry::parse_record(&record).expect_err("an unknown witness mode");
    assert!(err.to_string().contains("friends"), "{err}");
}
