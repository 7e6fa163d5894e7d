//! Hidden information (docs/PROTOCOL.md section 12), played on Duel's `powder` scenario
//! (tests/duel/RULES.md, rule 8.0): a prime is concealed, opened when its charge is fired
//! (8.4) and at the end of the game (8.5). Each test plays one claim of the protocol, most
//! of them as the cheater.

use grognard_acceptance::{dice, Lcg, Table};
use grognard_engine::{Pending, PlayerId};
use grognard_journal::entry::{Body, DiceMode, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::game::{sign_after, Game, GameError};
use grognard_journal::hidden::{self, Opening};
use grognard_journal::local;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;
use grognard_journal::verify;
use serde_json::json;

fn table() -> Table {
    Table::new("powder", 2, dice(DiceMode::Fair, vec![]))
}

/// Player `i` gives `text`.
fn act(t: &Table, i: usize, text: &str) {
    let mut g = t.open(i);
    local::do_command(&mut g, t.seats[i].me, &t.seats[i].key, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// Play the initiative and the stances (everyone guards), and any bonus (bandage), until a
/// player owes an ordinary command in the action step; that player.
fn to_action(t: &Table) -> usize {
    for _ in 0..20 {
        let g = t.open(0);
        let owed = g.replay.owed();
        let Some((p, o)) = owed.first().cloned() else { panic!("nothing is owed: {:?}", g.replay.over()) };
        let i = p.index();
        match o {
            Owed::Decide(Pending::Dice { .. }) => act(t, i, "initiative"),
            Owed::Decide(Pending::Choice { .. }) => act(t, i, "bonus bandage"),
            Owed::Decide(Pending::Command { .. }) => return i,
            Owed::Seal { .. } => {
                for (p, _) in &owed {
                    act(t, p.index(), "stance guard");
                }
                for (p, _) in &owed {
                    t.exchange(p.index());
                }
                continue;
            }
            Owed::Reveal { .. } | Owed::Unseal { .. } | Owed::Open { .. } => {}
            other => panic!("unexpected {other:?}"),
        }
        t.exchange(i);
    }
    panic!("no action step reached")
}

/// Everyone else rests until player `a` owes an ordinary command in the action step.
fn rest_until_turn_of(t: &Table, a: usize) {
    for _ in 0..20 {
        let i = to_action(t);
        if i == a {
            return;
        }
        act(t, i, "rest");
        t.exchange(i);
    }
    panic!("player {a}'s turn never came")
}

/// Player `a` fires at `b` and signs the fire, without the opening its charge owes.
fn sign_fire(t: &Table, a: usize, b: usize) -> Game<'static> {
    let mut g = t.open(a);
    local::do_command(&mut g, t.seats[a].me, &t.seats[a].key, &format!("fire {b}")).expect("the fire");
    local::flush(&mut g, t.seats[a].me, &t.seats[a].key).expect("signed");
    g
}

fn other(i: usize) -> usize {
    1 - i
}

/// Every hidden entry of a packet, as JSON text.
fn hidden_texts(p: &Packet) -> Vec<String> {
    p.entries
        .iter()
        .filter(|e| matches!(e.entry.body, Body::Hidden { .. }))
        .map(|e| String::from_utf8_lossy(&e.bytes).into_owned())
        .collect()
}

#[test]
fn rule_8_2_a_prime_travels_concealed_and_rule_8_4_its_fire_opens_exactly_it() {
    let t = table();
    let a = to_action(&t);
    let b = other(a);
    act(&t, a, "prime 2");
    let packet = t.send(a);
    let texts = hidden_texts(&packet);
    assert_eq!(texts.len(), 1, "one concealed command");
    assert!(texts[0].contains(r#""public":"primed""#), "{}", texts[0]);
    assert!(!String::from_utf8_lossy(&packet.encode()).contains("grains"), "the packet never shows the grains");
    t.deliver(&packet, b).expect("the projection is accepted at once");

    // What the opponent knows: a charge, not its size; their log says `prime ?`.
    let gb = t.open(b);
    let summary = gb.replay.ruleset.summary(&gb.replay.state);
    assert!(summary.contains("a concealed charge primed") && summary.contains("? grains"), "{summary}");
    let line = gb.replay.log.iter().rev().find(|l| l.text.contains("prime")).expect("a log line");
    assert!(line.text.ends_with("prime ?"), "{}", line.text);
    let json = gb.replay.ruleset.state_json(&gb.replay.state).to_string();
    assert!(json.contains(r#""charge":{"grains":null,"index":0,"open":false}"#), "{json}");
    // Its owner knows it whole, but shows the others only their view.
    let ga = t.open(a);
    let own = ga.replay.ruleset.summary(&ga.replay.state);
    assert!(own.contains("a charge of 2 primed") && own.contains("powder 4 grains"), "{own}");
    let everyone = ga.replay.ruleset.player_view(&ga.replay.state, grognard_engine::Viewer::Everyone);
    assert!(ga.replay.ruleset.summary(&everyone).contains("a concealed charge primed"));

    // Until the charge is fired, the turns go on.
    rest_until_turn_of(&t, a);
    act(&t, a, &format!("fire {b}"));
    let packet = t.send(a);
    let kinds: Vec<&str> = packet.entries.iter().map(|e| e.entry.body.kind()).collect();
    assert!(kinds.ends_with(&["command", "open"]), "the fire and its opening travel together: {kinds:?}");
    let Some(Body::Open { openings, .. }) = packet.entries.last().map(|e| &e.entry.body) else { unreachable!() };
    assert_eq!(openings.len(), 1, "exactly the fired charge is opened");
    assert_eq!(openings[0].command, json!({"prime": {"grains": 2}}));
    t.deliver(&packet, b).expect("the opening is accepted");
    let gb = t.open(b);
    assert!(
        gb.replay.owed().iter().any(|(p, o)| p.index() == b && matches!(o, Owed::Reveal { .. })),
        "the opening is the fire's dice request, witnessed by the target's player"
    );
    t.exchange(b);
    for i in [a, b] {
        let g = t.open(i);
        let fire = g.replay.log.iter().flat_map(|l| &l.events).rev().find(|e| e.data["event"] == "fire");
        let fire = fire.expect("the fire is rolled");
        assert_eq!(fire.data["charge"], 2, "the charge adds its grains (8.4) in player {i}'s replay");
        // Once opened, the opponent's replay knows the charge from where it was primed.
        let prime = g.replay.log.iter().flat_map(|l| &l.events).find(|e| e.data["event"] == "prime");
        assert_eq!(prime.expect("a prime").data["grains"], 2, "player {i}");
    }
    assert_eq!(t.journal_bytes(0), t.journal_bytes(1));
}

/// The cheater's hand-made `prime` whose commitment hides `grains`, signed after the journal
/// `g`; with the salt the cheater will open it with.
fn cheat_prime(t: &Table, g: &Game, i: usize, grains: u64) -> (SignedEntry, Opening) {
    let seat = &t.seats[i];
    let nonce = grognard_journal::nonce::fresh();
    let salt = hidden::salt(&seat.key, &g.replay.game, &g.replay.genesis_id, &nonce);
    let command = json!({"prime": {"grains": grains}});
    let commitment = hidden::commitment(&g.replay.game, seat.me.0, &salt, &command);
    let body = Body::Hidden { public: json!("primed"), commitment, nonce };
    let e = sign_after(&g.entries, 2, seat.me, &seat.key, body);
    let opening = Opening { entry: e.id, salt, command };
    (e, opening)
}

/// A game where the cheater `a` has primed a concealed `prime grains` with a hand-made
/// entry the honest player `b` accepted, and then fires it: the fire is signed honestly,
/// the opening by hand. Returns the table, the cheater, the packet with the fire and the
/// opening (`opening` as the cheater makes it), and the hidden entry.
fn cheat_then_open(grains: u64, tamper: impl Fn(&mut Opening)) -> (Table, usize, Packet, SignedEntry) {
    let t = table();
    let a = to_action(&t);
    let b = other(a);
    let ga = t.open(a);
    let (hidden_entry, mut opening) = cheat_prime(&t, &ga, a, grains);
    let packet = Packet { game: ga.replay.game, entries: vec![hidden_entry.clone()], letters: Vec::new() };
    t.deliver(&packet, b).expect("only the projection can be checked at once, and it is legal");
    t.deliver(&packet, a).expect("the cheater's own copy takes it (it cannot know the command)");
    rest_until_turn_of(&t, a);
    let g = sign_fire(&t, a, b);
    tamper(&mut opening);
    let open = sign_after(
        &g.entries,
        2,
        t.seats[a].me,
        &t.seats[a].key,
        Body::Open { openings: vec![opening], nonce: grognard_journal::nonce::fresh() },
    );
    let mut entries: Vec<SignedEntry> = g.entries.iter().filter(|e| e.entry.author == a as u8).cloned().collect();
    entries.retain(|e| e.entry.seq > 0);
    entries.push(open);
    let packet = Packet { game: g.replay.game, entries, letters: Vec::new() };
    (t, a, packet, hidden_entry)
}

fn expect_forfeit(t: &Table, a: usize, packet: &Packet, hidden_entry: &SignedEntry, why: &str) {
    let b = other(a);
    let before = t.journal_bytes(b);
    let err = t.deliver(packet, b).expect_err("the opening fails");
    let GameError::Problem(Problem::Forfeit { player, hidden, reason, .. }) = &err else {
        panic!("not a forfeit: {err}")
    };
    assert_eq!(usize::from(*player), a, "the cheater forfeits");
    assert_eq!(hidden.id, hidden_entry.id, "the proof names the concealed command");
    assert!(reason.contains(why), "{reason}");
    assert!(err.to_string().contains("forfeits"), "{err}");
    assert_eq!(t.journal_bytes(b), before, "the refused packet changed nothing");
}

#[test]
fn rule_8_2_a_concealed_overcharge_is_caught_when_opened_and_its_author_forfeits() {
    let (t, a, packet, hidden_entry) = cheat_then_open(5, |_| {});
    expect_forfeit(&t, a, &packet, &hidden_entry, "8.2");
}

#[test]
fn an_opening_that_does_not_match_its_commitment_forfeits() {
    let (t, a, packet, hidden_entry) = cheat_then_open(2, |o| o.command = json!({"prime": {"grains": 3}}));
    expect_forfeit(&t, a, &packet, &hidden_entry, "do not match its commitment");
}

#[test]
fn an_opening_of_another_command_than_the_rules_ask_is_refused() {
    let t = table();
    let a = to_action(&t);
    act(&t, a, "prime 1");
    t.exchange(a);
    let g = t.open(a);
    let record = &g.replay.hidden[a][0];
    let salt = hidden::salt(&t.seats[a].key, &g.replay.game, &g.replay.genesis_id, &record.nonce);
    let open = Body::Open {
        openings: vec![Opening { entry: record.entry.id, salt, command: json!({"prime": {"grains": 1}}) }],
        nonce: grognard_journal::nonce::fresh(),
    };
    let e = sign_after(&g.entries, 2, t.seats[a].me, &t.seats[a].key, open);
    let err = t
        .deliver(&Packet { game: g.replay.game, entries: vec![e], letters: Vec::new() }, other(a))
        .expect_err("not asked");
    assert!(err.to_string().contains("no rule asks for an opening"), "{err}");
}

#[test]
fn a_withheld_opening_blocks_the_game_and_names_who_holds_it() {
    let t = table();
    let a = to_action(&t);
    let b = other(a);
    act(&t, a, "prime 3");
    t.exchange(a);
    rest_until_turn_of(&t, a);
    // The fire is signed and sent without the opening.
    let g = sign_fire(&t, a, b);
    let packet = g.packet_to_send(t.seats[a].me).expect("packet");
    t.deliver(&packet, b).expect("the fire is legal");
    let mut gb = t.open(b);
    assert_eq!(gb.replay.owed(), vec![(PlayerId(a as u8), Owed::Open { indices: vec![0], at_end: false })]);
    let waiting = local::waiting_sentence(&gb);
    assert!(waiting.contains(&format!("Player{a} must open concealed command #0")), "{waiting}");
    let err = local::do_command(&mut gb, t.seats[b].me, &t.seats[b].key, "rest").expect_err("blocked");
    assert!(matches!(err, GameError::OutOfTurn(_)), "{err}");
}

#[test]
fn a_prime_in_the_clear_is_refused() {
    let t = table();
    let a = to_action(&t);
    let g = t.open(a);
    let e = sign_after(
        &g.entries,
        2,
        t.seats[a].me,
        &t.seats[a].key,
        Body::Command { command: json!({"prime": {"grains": 2}}), nonce: Some(grognard_journal::nonce::fresh()) },
    );
    let err = t
        .deliver(&Packet { game: g.replay.game, entries: vec![e], letters: Vec::new() }, other(a))
        .expect_err("in the clear");
    assert!(err.to_string().contains("conceals this command"), "{err}");
}

#[test]
fn whole_powder_games_end_fully_open_and_byte_identical() {
    for seed in 1..=4u64 {
        let t = table();
        let mut rng = Lcg(seed);
        t.play_to_end(&mut rng, 200);
        // The game is over; every concealed command is now opened.
        let owed = t.open(0).replay.owed();
        for i in 0..2 {
            t.exchange(i);
        }
        let g0 = t.open(0);
        assert!(g0.replay.unopened().is_empty(), "seed {seed}: everything is open ({owed:?})");
        assert_eq!(t.journal_bytes(0), t.journal_bytes(1), "seed {seed}");
        // A third party with the journal alone replays the complete game, knowing it all.
        let records = t.journal_bytes(0);
        let lines: Vec<Vec<u8>> =
            records.split(|b| *b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect();
        let checked = verify::check_records(&grognard_acceptance::rulesets(), &lines).expect("verifies");
        let g1 = t.open(1);
        let json = |g: &grognard_journal::replay::Replay| g.ruleset.state_json(&g.state);
        assert_eq!(json(&checked.replay), json(&g0.replay), "seed {seed}");
        assert_eq!(json(&checked.replay), json(&g1.replay), "seed {seed}");
        // Everything is open: no view hides anything any more.
        for g in [&g0, &g1] {
            let r = &g.replay;
            let everyone = r.ruleset.player_view(&r.state, grognard_engine::Viewer::Everyone);
            assert_eq!(r.ruleset.summary(&everyone), r.ruleset.summary(&r.state), "seed {seed}");
        }
        let primes = g0.replay.hidden.iter().map(Vec::len).sum::<usize>();
        assert!(primes > 0 || seed > 1, "seed {seed}: the game had concealed commands");
    }
}
