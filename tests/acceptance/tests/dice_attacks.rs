//! The five attacks that beat version 1's fair dice (docs/PROTOCOL.md section 11), each
//! played as the cheater would against both protocol versions: version 1 falls to each one,
//! version 2 refuses it or makes it pointless.
//!
//! 1. A witness grinds dice chains against a forced request (an initiative roll).
//! 2. A creator re-sends an invitation so that the victim joins the same genesis twice.
//! 3. A witness vetoes a roll it dislikes with a renewal that does not ack the request.
//! 4. A player knocked out of a melee stays a witness of every later roll.
//! 5. A forged ack blames an innocent third player.

use grognard_acceptance::{dice, rulesets, Table};
use grognard_engine::{DiceSource, PlayerId, StreamDice};
use grognard_journal::chain;
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{
    entry_id, Ack, Body, ChainCommit, DiceMode, Entry, PlayerInfo, SignedEntry, PROTOCOL_V1, PROTOCOL_V2,
};
use grognard_journal::game::{sign_after, Game};
use grognard_journal::ids::{EntryId, Hash32};
use grognard_journal::keys::SecretKey;
use grognard_journal::packet::Packet;
use grognard_journal::replay::{Owed, Phase};
use grognard_journal::{local, nonce, rolls, sealed};
use serde_json::json;
use std::path::Path;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

fn key(i: u8) -> SecretKey {
    SecretKey::from_seed(&[i + 1; 32])
}

/// A two-player fair game of Duel's `scenario`, created by player 0 in `dir` under protocol
/// `version`; returns the creator's game and the invitation.
fn new_game(dir: &Path, scenario: &str, version: u32) -> (Game<'static>, Packet) {
    let powers = ["red", "blue"];
    let players = (0..2u8)
        .map(|i| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: key(i).public().to_hex(),
            powers: vec![powers[usize::from(i)].into()],
        })
        .collect();
    let new = NewGame {
        ruleset: grognard_acceptance::duel(),
        setup: grognard_engine::Setup::scenario(scenario),
        players,
        creator: 0,
        dice: dice(DiceMode::Fair, vec![]),
        chain_length: 16,
    };
    create::create_of_version(dir, &rulesets(), &new, &key(0), version).expect("create the game")
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

/// Attack 1, once: the witness (player 1) tries up to `tries` chains for its join, each time
/// predicting the creator's forced `initiative` request (its nonce guessed, in version 2),
/// and commits to the first chain that makes Red roll 1 and Blue 6. Returns whether the
/// honest creator's real roll came out so.
fn grinding_witness_gets_its_wish(version: u32, tries: u64, game_number: u64) -> bool {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (mut g0, _) = new_game(&tmp.path().join("p0"), "standard", version);
    let (game, genesis) = (g0.replay.game, g0.entries[0].id);
    let wish = vec![(6, 1), (6, 6)];
    let guessed_nonce = (version >= PROTOCOL_V2).then_some(Hash32([0x5a; 32]));
    let join_nonce = nonce::for_version(version);
    let mut chosen = None;
    for t in 0..tries {
        let values = chosen_chain(game_number << 32 | t);
        let commit = ChainCommit { generation: 0, head: values[16], length: 16, nonce: join_nonce };
        let join = sign_after(&g0.entries, 2, P1, &key(1), Body::Join { chain: Some(commit) });
        // The honest client's next entry, as far as the witness can know it.
        let predicted = Entry {
            v: version,
            game,
            author: 0,
            seq: 1,
            prev: Some(genesis),
            acks: vec![Ack { author: 1, seq: 0, id: join.id }],
            body: Body::Command { command: json!("initiative"), nonce: guessed_nonce },
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
    local::do_command(&mut g0, P0, &key(0), "initiative").expect("the initiative roll");
    let request = g0.entries.last().expect("the request").id;
    let reveal = Body::Reveal { request, generation: 0, index: 1, value: values[15] };
    let reveal = sign_after(&g0.entries, 2, P1, &key(1), reveal);
    g0.import(&Packet { game, entries: vec![reveal], letters: Vec::new() }).expect("the reveal is valid");
    let item = g0.replay.log.iter().find(|i| i.entry.id == request).expect("the request's story");
    item.rolls == wish
}

#[test]
fn attack_1_a_grinding_witness_gets_its_wish_no_more_often_than_chance() {
    // Version 1: the request is predictable, and the witness gets its 6-1 every time.
    for game in 0..4 {
        assert!(grinding_witness_gets_its_wish(PROTOCOL_V1, 5_000, game), "version 1 game {game}");
    }
    // Version 2: 40 forced requests, 400 chains tried against each (16,000 in all). The wish
    // has probability 1/36; more than 8 hits in 40 would happen by chance about twice in a
    // million runs.
    let games = 40;
    let hits = (0..games).filter(|&g| grinding_witness_gets_its_wish(PROTOCOL_V2, 400, g)).count();
    eprintln!("version 2: the grinding witness got its wish in {hits} of {games} games (chance: {:.1})", 40.0 / 36.0);
    assert!(hits <= 8, "the witness got its wish in {hits} of {games} games");
}

/// The victim's secrets as the opening of a game shows them: its join chain's head, the
/// value it reveals for the creator's initiative roll, and the salt of its sealed stance.
fn victims_values(creator: &Path, victim: &Path, invitation: &Packet) -> Vec<Hash32> {
    let rulesets = rulesets();
    let (mut gv, me) = create::join(victim, &rulesets, invitation, &key(1)).expect("join");
    assert_eq!(me, P1);
    let mut gc = Game::open(creator, &rulesets).expect("the creator's game");
    gc.import(&gv.packet_for_others(P1)).expect("the join");
    local::do_command(&mut gc, P0, &key(0), "initiative").expect("initiative");
    gv.import(&gc.packet_for_others(P0)).expect("the request");
    local::settle(&mut gv, P1, &key(1)).expect("the reveal");
    gc.import(&gv.packet_for_others(P1)).expect("the reveal");
    local::do_command(&mut gv, P1, &key(1), "stance guard").expect("a sealed stance");
    local::do_command(&mut gc, P0, &key(0), "stance lunge").expect("a sealed stance");
    gv.import(&gc.packet_for_others(P0)).expect("the creator's seal");
    local::settle(&mut gv, P1, &key(1)).expect("the opening");
    let mut values = Vec::new();
    for e in gv.entries.iter().filter(|e| e.entry.author == 1) {
        match &e.entry.body {
            Body::Join { chain: Some(c) } => values.push(c.head),
            Body::Reveal { value, .. } => values.push(*value),
            Body::Unseal { salt, .. } => values.push(*salt),
            _ => {}
        }
    }
    assert_eq!(values.len(), 3, "a head, a reveal and a salt");
    values
}

#[test]
fn attack_2_a_second_join_of_the_same_invitation_shares_no_value_with_the_first() {
    for version in [PROTOCOL_V1, PROTOCOL_V2] {
        let tmp = tempfile::tempdir().expect("temp dir");
        let (g0, invitation) = new_game(&tmp.path().join("first"), "standard", version);
        // "Let's restart": the creator keeps the same genesis for a second copy.
        Game::create(&tmp.path().join("again"), &rulesets(), g0.entries[0].clone()).expect("the same genesis");
        let first = victims_values(&tmp.path().join("first"), &tmp.path().join("victim-1"), &invitation);
        let second = victims_values(&tmp.path().join("again"), &tmp.path().join("victim-2"), &invitation);
        let shared = first.iter().filter(|v| second.contains(v)).count();
        if version == PROTOCOL_V1 {
            // The creator knew the victim's dice values and salts before the second game began.
            assert_eq!(first, second, "version 1 repeats every value");
        } else {
            assert_eq!(shared, 0, "version 2: the second join shares no value with the first");
            // Nor can the creator walk from any known value to one of the new chain's.
            let mut x = first[1];
            for _ in 0..32 {
                x = chain::step(&x);
                assert!(!second.contains(&x));
            }
        }
    }
}

/// The first legal command that starts with the earliest of `words`, else the first.
fn prefer(words: &'static [&'static str]) -> impl FnMut(&[String]) -> usize {
    move |legal: &[String]| words.iter().find_map(|w| legal.iter().position(|c| c.starts_with(w))).unwrap_or(0)
}

/// Player 0's reveals and openings (its stance is always `stance guard`), signed by hand
/// without the renewal the honest client would add, so that its chain runs low.
fn reveal_without_renewing(table: &Table) {
    let mut g0 = table.open(0);
    let key0 = &table.seats[0].key;
    for (p, owed) in g0.replay.owed() {
        if let (P0, Owed::Unseal { step }) = (p, &owed) {
            let nonce = g0.entries.iter().find_map(|e| match &e.entry.body {
                Body::Seal { step: s, nonce, .. } if e.entry.author == 0 && s == step => *nonce,
                _ => None,
            });
            let salt = sealed::salt(key0, &g0.replay.game, &g0.replay.genesis_id, step, nonce.as_ref());
            let choice = g0.replay.ruleset.parse_command("stance guard").expect("a stance");
            g0.append_own(P0, key0, vec![Body::Unseal { step: step.clone(), choice, salt }]).expect("the opening");
        }
        if let (P0, Owed::Reveal { request, generation, .. }) = (p, owed) {
            let state = g0.replay.chains[0][generation as usize].state.clone();
            let origin = g0.replay.chain_origin(P0, generation, state.commit.nonce);
            let index = state.used + 1;
            let value = chain::reveal_value(&table.seats[0].key, &origin, &state.commit, index).expect("in range");
            let body = Body::Reveal { request, generation, index, value };
            g0.append_own(P0, &table.seats[0].key, vec![body]).expect("a genuine reveal");
        }
    }
    let packet = g0.packet_for_others(P0);
    if !packet.entries.is_empty() {
        table.deliver(&packet, 1).expect("honest reveals");
    }
}

/// The open request, if player 1 rolls and player 0 owes the reveal.
fn player_1s_roll_waiting_on_player_0(g: &Game) -> Option<EntryId> {
    match &g.replay.phase {
        Phase::AwaitingDice { request, roller: P1, witnesses, reveals, .. }
            if witnesses.contains(&P0) && !reveals.contains_key(&P0) =>
        {
            Some(*request)
        }
        _ => None,
    }
}

/// Attack 3's veto, if the moment has come: player 1's roll waits on player 0's reveal and
/// player 0's chain runs low (so a renewal is valid even in version 2). Player 0 then signs a
/// renewal as if it had not seen the request, and sends it. Returns the request and player
/// 1's verdict on the renewal.
fn try_veto(table: &Table, version: u32) -> Option<(EntryId, Result<(), String>)> {
    let g1 = table.open(1);
    let request = player_1s_roll_waiting_on_player_0(&g1)?;
    let remaining = g1.replay.chain(P0).expect("a chain").remaining();
    if !chain::needs_renewal(16, remaining) {
        return None;
    }
    let g0 = table.open(0);
    let before: Vec<SignedEntry> = g1.entries.iter().filter(|e| e.id != request).cloned().collect();
    let origin = g0.replay.chain_origin(P0, 1, nonce::for_version(version));
    let renewal = chain::commit(&table.seats[0].key, &origin, 16).expect("a length");
    let veto = sign_after(&before, 2, P0, &table.seats[0].key, Body::Chain { chain: renewal });
    let packet = Packet { game: g1.replay.game, entries: vec![veto], letters: Vec::new() };
    let verdict = table.deliver(&packet, 1).map(|_| ()).map_err(|e| e.to_string());
    if verdict.is_ok() {
        table.deliver(&packet, 0).expect("player 0 keeps its own entry");
    }
    Some((request, verdict))
}

/// Attack 3: play a marathon duel (player 0 rests and guards, player 1 fires) until the veto
/// can be tried; returns the table, the vetoed request and player 1's verdict.
fn veto(version: u32) -> (Table, EntryId, Result<(), String>) {
    let table = Table::of_version("marathon", 2, dice(DiceMode::Fair, vec![]), 16, version);
    for _ in 0..60 {
        while table.decide(0, &mut prefer(&["initiative", "stance guard", "bonus bandage", "rest"])) {}
        let mut g0 = table.open(0);
        local::flush(&mut g0, P0, &table.seats[0].key).expect("player 0's staged commands");
        let packet = g0.packet_for_others(P0);
        if !packet.entries.is_empty() {
            table.deliver(&packet, 1).expect("honest");
        }
        while table.decide(1, &mut prefer(&["stance guard", "bonus sharpen", "fire 0"])) {}
        table.exchange(1);
        if let Some((request, verdict)) = try_veto(&table, version) {
            return (table, request, verdict);
        }
        reveal_without_renewing(&table);
        table.exchange(1); // player 1's opening or reveal, if player 0's entries asked for one
        reveal_without_renewing(&table);
    }
    let g = table.open(1);
    let story: Vec<String> = g.replay.log.iter().rev().take(30).map(|i| i.text.clone()).collect();
    panic!(
        "player 0's chain never ran low while player 1's roll waited on it: {story:#?} {:?} {}",
        g.replay.chain(P0).map(|c| c.remaining()),
        local::waiting_sentence(&g)
    );
}

#[test]
fn attack_3_a_veto_attempt_leaves_the_command_valid_and_the_game_going() {
    // Version 1: the renewal, ordered before the roll, makes it stale; the game is stuck.
    let (_, _, verdict) = veto(PROTOCOL_V1);
    let refusal = verdict.expect_err("version 1 refuses the roll or the renewal");
    assert!(refusal.contains("stale or concurrent command"), "{refusal}");

    // Version 2: the renewal is accepted and changes nothing: the roll stays valid, still
    // waits on player 0's reveal from the chain the request had seen, and is settled by it.
    let (table, request, verdict) = veto(PROTOCOL_V2);
    verdict.expect("version 2 accepts the renewal without touching the roll");
    let g1 = table.open(1);
    assert_eq!(player_1s_roll_waiting_on_player_0(&g1), Some(request), "the same roll still waits");
    let owed = g1.replay.owed();
    assert!(
        matches!(owed.as_slice(), [(P0, Owed::Reveal { request: r, generation: 0, roller: P1, .. })] if *r == request),
        "{owed:?}"
    );
    drop(g1);
    table.exchange(0); // player 0's honest client reveals (from generation 0) at last
    let g1 = table.open(1);
    let item = g1.replay.log.iter().find(|i| i.entry.id == request).expect("the roll's story");
    assert_eq!(item.rolls.len(), 1, "the fire die was rolled once, never re-rolled");
    assert!(matches!(g1.replay.phase, Phase::Playing), "the game goes on");
    assert_eq!(table.journal_bytes(0), table.journal_bytes(1));
}

/// Attack 4: a melee where players 0 and 1 fire at Green (player 2) until it is out, then
/// fight on. Returns the witnesses of every roll made after Green went out.
fn witnesses_after_green_is_out(version: u32) -> Vec<String> {
    let table = Table::of_version("melee", 3, dice(DiceMode::Fair, vec![]), 64, version);
    let mut after = Vec::new();
    for _ in 0..60 {
        let g = table.open(0);
        let out_at = g.replay.log.iter().position(|i| {
            i.events.iter().any(|e| e.data.get("event") == Some(&json!("out")) && e.data["duellist"] == json!(2))
        });
        if let Some(out_at) = out_at {
            after = g.replay.log[out_at + 1..].iter().filter_map(|i| i.dice.clone()).collect();
            if after.len() >= 6 || g.replay.over().is_some() {
                return after;
            }
        }
        drop(g);
        for i in 0..3 {
            // Green lunges (taking full damage) and rests; Red guards and Blue lunges, so the
            // stances never all lunge (no clash); both fire at Green.
            let mut pick = match i {
                2 => prefer(&["stance lunge", "bonus bandage", "rest"]),
                0 => prefer(&["stance guard", "bonus sharpen", "fire 2", "rest"]),
                _ => prefer(&["stance lunge", "bonus sharpen", "fire 2", "rest"]),
            };
            while table.decide(i, &mut pick) {}
        }
        let packets: Vec<Packet> = (0..3).map(|i| table.send(i)).collect();
        for (i, p) in packets.iter().enumerate() {
            for j in (0..3).filter(|&j| j != i && !p.entries.is_empty()) {
                table.deliver(p, j).expect("honest");
            }
        }
    }
    let g = table.open(0);
    let story: Vec<String> = g.replay.log.iter().map(|i| format!("{} {:?}", i.text, i.dice)).collect();
    assert!(!after.is_empty(), "Green was never put out: {story:#?}\n{}", local::waiting_sentence(&g));
    after
}

#[test]
fn attack_4_an_eliminated_player_is_not_a_witness() {
    let v1 = witnesses_after_green_is_out(PROTOCOL_V1);
    assert!(v1.iter().all(|w| w.contains("Player2")), "version 1 kept the knocked-out player as a witness: {v1:?}");
    let v2 = witnesses_after_green_is_out(PROTOCOL_V2);
    assert!(!v2.is_empty());
    assert!(v2.iter().all(|w| !w.contains("Player2")), "version 2: {v2:?}");
}

#[test]
fn attack_5_a_faked_ack_blames_nobody() {
    let table = Table::new("melee", 3, dice(DiceMode::Fair, vec![]));
    // Player 1, a cheater, signs an entry whose ack of player 0 names an invented entry, or an
    // entry player 0 never signed, and shows it to player 2.
    let g1 = table.open(1);
    let honest = sign_after(&g1.entries, 3, P1, &table.seats[1].key, Body::command(json!("rest")));
    let forge = |ack: Ack| {
        let mut entry = honest.entry.clone();
        entry.body = Body::Command { command: json!("rest"), nonce: Some(nonce::fresh()) };
        for k in entry.acks.iter_mut().filter(|k| k.author == 0) {
            *k = ack;
        }
        SignedEntry::sign(entry, &table.seats[1].key)
    };
    let real = *honest.entry.acks.iter().find(|k| k.author == 0).expect("an ack of player 0");
    let before = table.journal_bytes(2);
    let invented = forge(Ack { id: EntryId([0xee; 32]), ..real });
    let err = table
        .deliver(&Packet { game: g1.replay.game, entries: vec![invented], letters: Vec::new() }, 2)
        .expect_err("refused");
    let text = err.to_string();
    assert_eq!(err.code(), "unbacked-ack", "{text}");
    assert!(text.contains("ask player 1 for entry"), "the missing entry is asked of the acker: {text}");
    assert!(!text.contains("fork") && !text.contains("different histories"), "no accusation: {text}");
    let missing = forge(Ack { seq: real.seq + 5, ..real });
    let err = table
        .deliver(&Packet { game: g1.replay.game, entries: vec![missing], letters: Vec::new() }, 2)
        .expect_err("refused");
    let text = err.to_string();
    assert_eq!(err.code(), "gap", "{text}");
    assert!(text.contains("ask player 1 (who acked it)"), "{text}");
    assert!(!text.contains("fork") && !text.contains("different histories"), "{text}");
    assert_eq!(table.journal_bytes(2), before, "nothing was written");
}

#[test]
fn the_client_never_signs_twice_for_one_place_after_a_rollback_or_a_rejoin() {
    use grognard_journal::mark::FeedMark;
    let tmp = tempfile::tempdir().expect("temp dir");
    let (mut g0, invitation) = new_game(&tmp.path().join("p0"), "standard", PROTOCOL_V2);
    let mark = FeedMark::at(&tmp.path().join("home-1/marks/game"));
    let victim = tmp.path().join("p1");
    let (g1, _) = create::join_with_mark(&victim, &rulesets(), &invitation, &key(1), Some(mark.clone())).expect("join");
    g0.import(&g1.packet_to_send(P1).expect("the join leaves")).expect("the join");
    drop(g1);
    // A re-join of the same invitation, even after deleting the game, is refused.
    std::fs::remove_dir_all(&victim).expect("delete the game");
    let err = create::join_with_mark(&victim, &rulesets(), &invitation, &key(1), Some(mark.clone()))
        .err()
        .expect("a second join is refused");
    assert!(err.to_string().contains("already joined this game"), "{err}");
    // A rolled-back journal: player 0 rolls initiative, keeps a backup from before, and
    // restores it to roll again. Its client refuses to sign a second entry for that place.
    let mark0 = FeedMark::at(&tmp.path().join("home-0/marks/game"));
    let p0 = tmp.path().join("p0");
    let backup = std::fs::read(p0.join("journal")).expect("the journal");
    g0.set_mark(mark0.clone(), P0);
    local::do_command(&mut g0, P0, &key(0), "initiative").expect("the roll");
    let rolled = g0.packet_to_send(P0).expect("the roll leaves");
    drop(g0);
    std::fs::write(p0.join("journal"), &backup).expect("roll back");
    let mut g0 = Game::open(&p0, &rulesets()).expect("the old journal still verifies");
    g0.set_mark(mark0, P0);
    let before = std::fs::read(p0.join("journal")).expect("the journal");
    let err = local::do_command(&mut g0, P0, &key(0), "initiative").expect_err("no second roll");
    assert!(err.to_string().contains("that this journal lacks"), "{err}");
    assert_eq!(std::fs::read(p0.join("journal")).expect("the journal"), before, "nothing signed");
    // Importing the entry back (from an opponent's copy) lets play go on.
    g0.import(&rolled).expect("the lost entry comes back");
    assert!(matches!(g0.replay.phase, Phase::AwaitingDice { .. }));
}
