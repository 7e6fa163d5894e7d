//! FNC's fog of war (7.7, engine/fnc/FOG_OF_WAR.md) through real journals with fair dice:
//! what an attack opens, a concealed move that was too long, a withheld opening, and whole
//! games that end fully open. Each test plays one claim of docs/PROTOCOL.md section 12 on
//! FNC, most of them as the cheater.

use grognard_acceptance::{dice, Table};
use grognard_board::HexId;
use grognard_engine::{PlayerId, Ruleset, Setup};
use grognard_fnc::scenario::FOG_OF_WAR;
use grognard_fnc::{Command, Fnc, Location, State};
use grognard_journal::entry::{Body, DiceMode, SignedEntry};
use grognard_journal::error::Problem;
use grognard_journal::game::{sign_after, GameError};
use grognard_journal::hidden::{self, Opening};
use grognard_journal::local;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;

static FNC: Fnc = Fnc;

/// The French (EC) or the Russians (RSW): the first side, player 0.
const FIRST: usize = 0;
const SECOND: usize = 1;

fn table(scenario: &str) -> Table {
    let setup = Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]);
    Table::of_game(&FNC, setup, 2, dice(DiceMode::Fair, vec![]), 64, grognard_journal::entry::ENTRY_VERSION)
}

/// Player `i` gives `text` (completed by the client, as `grognard do` does).
fn act(t: &Table, i: usize, text: &str) {
    let mut g = t.open(i);
    local::do_command(&mut g, t.seats[i].me, &t.seats[i].key, text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The state player `i`'s copy replays: that player's knowledge of the game.
fn copy_of(t: &Table, i: usize) -> State {
    let g = t.open(i);
    serde_json::from_value(g.replay.ruleset.state_json(&g.replay.state)).expect("an FNC state")
}

/// Both players answer what they owe (dice reveals, openings) until nothing but a decision
/// is owed.
fn settle(t: &Table) {
    for _ in 0..8 {
        for i in 0..2 {
            t.exchange(i);
        }
        let g = t.open(0);
        if g.replay.owed().iter().all(|(_, o)| matches!(o, Owed::Decide(_))) {
            return;
        }
    }
}

/// EC, French turn 1: six units march from Alexandria to 1327, two more to 1227, both
/// moves concealed.
fn two_concealed_stacks() -> Table {
    let t = table("ec-historical");
    act(&t, FIRST, "move fr-2-1,fr-2-2,fr-3-1,fr-3-2,fr-cav-1,fr-gu 1327");
    act(&t, FIRST, "move fr-1-1,fr-1-2 1227");
    t.exchange(FIRST);
    t
}

#[test]
fn rule_7_7_a_move_out_of_a_stack_shows_its_counters_and_top_only() {
    let t = two_concealed_stacks();
    let ottoman = copy_of(&t, SECOND);
    let fog = ottoman.fog.as_ref().expect("fog of war is played");
    let h = |s: &str| HexId::parse(s).expect("hex");
    assert_eq!(fog.tops.get(&h("1327")).map(String::as_str), Some("fr-2-1"), "the first unit listed is the top");
    assert_eq!(fog.unseen_in(h("1327"), grognard_fnc::Side::First), 5, "five counters beneath it");
    assert_eq!(fog.unseen_in(h("1227"), grognard_fnc::Side::First), 1);
    for u in ["fr-2-2", "fr-3-1", "fr-3-2", "fr-cav-1", "fr-gu", "fr-1-2"] {
        assert_eq!(ottoman.units.get(u), Some(&Location::Unseen), "{u} is hidden from the Ottoman");
    }
    // The owner's copy knows its own.
    assert_eq!(copy_of(&t, FIRST).units.get("fr-cav-1"), Some(&Location::Hex(h("1327"))));
    // And the packet the Ottoman received names none of them.
    let g = t.open(SECOND);
    for e in &g.entries {
        if e.entry.author == FIRST as u8 && matches!(e.entry.body, Body::Hidden { .. }) {
            let text = String::from_utf8_lossy(&e.bytes);
            for u in ["fr-2-2", "fr-3-1", "fr-3-2", "fr-cav-1", "fr-gu", "fr-1-2"] {
                assert!(!text.contains(u), "the hidden entry names {u}: {text}");
            }
        }
    }
}

#[test]
fn rule_7_7_an_attack_opens_exactly_the_stacks_involved() {
    let t = two_concealed_stacks();
    act(&t, FIRST, "end");
    act(&t, FIRST, "attack fr-cav-1 1428");
    {
        let g = t.open(FIRST);
        let staged = local::staged(&g).expect("staged");
        let (state, _) = local::preview(&g, t.seats[FIRST].me, &staged).expect("preview");
        let pending = g.replay.ruleset.pending(&state);
        let text = format!("{pending:?}");
        assert!(text.contains("Open"), "the attack waits for openings: {text}");
        assert!(
            staged.commands.iter().any(|c| c["attack"]["from"] == serde_json::json!(["1327"])),
            "the client wrote the hex attacked from: {:?}",
            staged.commands
        );
    }
    settle(&t);
    let ottoman = copy_of(&t, SECOND);
    // The attacking stack is open: every unit that reached 1327 is named where it is now.
    for u in ["fr-2-1", "fr-2-2", "fr-3-1", "fr-3-2", "fr-cav-1", "fr-gu"] {
        assert_ne!(ottoman.units.get(u), Some(&Location::Unseen), "{u} of the attacking stack is opened");
    }
    // The other stack stays closed.
    assert_eq!(ottoman.units.get("fr-1-2"), Some(&Location::Unseen), "the stack in 1227 is not involved");
    // Only concealed move #0 was opened, and its opening rolled the battle.
    let g = t.open(SECOND);
    let opened: Vec<bool> = g.replay.hidden[FIRST].iter().map(|r| r.opened).collect();
    assert_eq!(opened, vec![true, false], "exactly the attacking stack's move is opened");
    assert!(
        g.replay.log.iter().any(|l| l.events.iter().any(|e| e.data["type"] == "battle")),
        "the battle was fought once the stack was open"
    );
    assert_eq!(t.journal_bytes(FIRST), t.journal_bytes(SECOND));
}

#[test]
fn rule_7_7_a_withheld_opening_blocks_the_game_and_names_who_holds_it() {
    let t = two_concealed_stacks();
    act(&t, FIRST, "end");
    let mut g = t.open(FIRST);
    local::do_command(&mut g, t.seats[FIRST].me, &t.seats[FIRST].key, "attack fr-cav-1 1428").expect("attack");
    // Signed and sent without the opening the attack owes.
    local::flush(&mut g, t.seats[FIRST].me, &t.seats[FIRST].key).expect("signed");
    let packet = g.packet_to_send(t.seats[FIRST].me).expect("packet");
    t.deliver(&packet, SECOND).expect("the attack is legal");
    let mut gb = t.open(SECOND);
    assert_eq!(gb.replay.owed(), vec![(PlayerId(FIRST as u8), Owed::Open { indices: vec![0], at_end: false })]);
    let waiting = local::waiting_sentence(&gb);
    assert!(waiting.contains("Player0 must open concealed command #0"), "{waiting}");
    let err = local::do_command(&mut gb, t.seats[SECOND].me, &t.seats[SECOND].key, "end").expect_err("blocked");
    assert!(matches!(err, GameError::OutOfTurn(_)), "{err}");
}

/// The cheater's hand-made concealed move of `units` along `path`, with the projection an
/// honest client would make of it, signed after the journal.
fn cheat_move(t: &Table, units: &[&str], path: &[&str]) -> (SignedEntry, Opening) {
    let seat = &t.seats[FIRST];
    let g = t.open(FIRST);
    let state: State = serde_json::from_value(g.replay.ruleset.state_json(&g.replay.state)).expect("state");
    let hexes: Vec<HexId> = path.iter().map(|h| HexId::parse(h).expect("hex")).collect();
    let units = units.iter().map(|u| u.to_string()).collect();
    let plain = Command::Move { units, path: hexes, from: None, left_top: None };
    let full = Ruleset::complete(&Fnc, &state, seat.me, plain).expect("completed");
    let public = Ruleset::conceal(&Fnc, &state, seat.me, &full).expect("a move is concealed under fog");
    let command = serde_json::to_value(&full).expect("json");
    let nonce = grognard_journal::nonce::fresh();
    let salt = hidden::salt(&seat.key, &g.replay.game, &g.replay.genesis_id, &nonce);
    let commitment = hidden::commitment(&g.replay.game, seat.me.0, &salt, &command);
    let body = Body::Hidden { public: serde_json::to_value(&public).expect("json"), commitment, nonce };
    let e = sign_after(&g.entries, 2, seat.me, &seat.key, body);
    (e.clone(), Opening { entry: e.id, salt, command })
}

#[test]
fn rule_9_7_a_concealed_move_too_long_is_caught_when_opened_and_its_author_forfeits() {
    let t = table("ec-historical");
    // Out of the stack in 1227 and back and forth along the coast: every step is next to the
    // last, free of enemies and within the stacking limit, which is all the projection
    // shows; far more than the cavalry's movement allowance, which only the opening shows.
    let path: Vec<&str> = ["1327", "1227"].iter().cycle().take(31).copied().collect();
    let (hidden_entry, opening) = cheat_move(&t, &["fr-cav-1"], &path);
    let packet = Packet { game: t.open(FIRST).replay.game, entries: vec![hidden_entry.clone()], letters: Vec::new() };
    t.deliver(&packet, SECOND).expect("only the projection can be checked at once, and it is legal");
    t.deliver(&packet, FIRST).expect("the cheater's own copy takes it (it cannot know the command)");
    act(&t, FIRST, "end");
    let mut g = t.open(FIRST);
    local::do_command(&mut g, t.seats[FIRST].me, &t.seats[FIRST].key, "attack fr-cav-1 1428").expect("attack");
    local::flush(&mut g, t.seats[FIRST].me, &t.seats[FIRST].key).expect("signed");
    let open = sign_after(
        &g.entries,
        2,
        t.seats[FIRST].me,
        &t.seats[FIRST].key,
        Body::Open { openings: vec![opening], nonce: grognard_journal::nonce::fresh() },
    );
    let mut entries: Vec<SignedEntry> =
        g.entries.iter().filter(|e| e.entry.author == FIRST as u8 && e.entry.seq > 0).cloned().collect();
    entries.push(open);
    let packet = Packet { game: g.replay.game, entries, letters: Vec::new() };
    let before = t.journal_bytes(SECOND);
    let err = t.deliver(&packet, SECOND).expect_err("the opening shows an illegal move");
    let GameError::Problem(Problem::Forfeit { player, hidden, reason, .. }) = &err else {
        panic!("not a forfeit: {err}")
    };
    assert_eq!(usize::from(*player), FIRST, "the cheater forfeits");
    assert_eq!(hidden.id, hidden_entry.id, "the proof names the concealed move");
    assert!(reason.contains("9."), "the refusal cites the movement rules: {reason}");
    assert!(err.to_string().contains("forfeits"), "{err}");
    assert_eq!(t.journal_bytes(SECOND), before, "the refused packet changed nothing");
}

#[test]
fn rule_7_1_a_concealed_move_over_the_stacking_limit_is_refused_at_once() {
    let t = table("ec-historical");
    // Two counters from Alexandria onto the six in 1227: the projection shows the counts, so
    // nobody need wait for an opening to refuse it, and it is refused as illegal, at once.
    let (hidden_entry, _) = cheat_move(&t, &["fr-1-1", "fr-1-2"], &["1227"]);
    let packet = Packet { game: t.open(FIRST).replay.game, entries: vec![hidden_entry], letters: Vec::new() };
    let before = t.journal_bytes(SECOND);
    let err = t.deliver(&packet, SECOND).expect_err("over-stacked");
    let GameError::Problem(Problem::Rejected { rule, .. }) = &err else { panic!("not a rejection: {err}") };
    assert_eq!(rule.as_deref(), Some("7.1"), "{err}");
    assert_eq!(t.journal_bytes(SECOND), before, "the refused packet changed nothing");
}

/// Play a whole game with fog of war, random bot against random bot, through both journals
/// (the self-play harness: after every round the journals are byte-identical and both copies
/// show everyone the same state), then check that every concealed move was opened and that
/// a third party's verification of the file alone ends where both players' copies do.
fn whole_game(scenario: &str, seed: u64) {
    static RANDOM: grognard_engine::RandomBot = grognard_engine::RandomBot;
    let cfg = grognard_acceptance::selfplay::Config {
        ruleset: &FNC,
        setup: Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]),
        bots: vec![&RANDOM, &RANDOM],
        seed,
        max_rounds: 4000,
        invariants: Some(grognard_acceptance::fnc::invariants),
    };
    let report = grognard_acceptance::selfplay::play(&cfg).unwrap_or_else(|e| panic!("{scenario}: {e}"));
    assert!(report.concealed > 10, "{scenario} seed {seed}: only {} concealed moves", report.concealed);
    let g = report.table.open(0);
    assert!(g.replay.unopened().is_empty(), "everything is open at the end");
    assert_eq!(report.table.journal_bytes(0), report.table.journal_bytes(1), "both journals are identical");
}

#[test]
fn rule_7_7_a_whole_rsw_game_with_fog_ends_fully_open_and_byte_identical() {
    whole_game("rsw-historical", 7);
}
