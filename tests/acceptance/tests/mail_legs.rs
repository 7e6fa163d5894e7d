//! How many mails a player turn of The Egyptian Campaign costs, with fair dice, played
//! through two real journals exchanging packets: once as before (every reveal and decision
//! answered by hand, attacks declared one at a time), once with automatic answers, standing
//! orders and a batch of attacks (11.3). The counts go to BENCHMARKS.md ("Mails per player
//! turn"); `GROGNARD_LEGS_REPORT=1` prints them.
//!
//! The turn: game turn 4 from a position, the random events roll (and what it brings),
//! the French reinforcement, movement and combat phases with four battles on four fronts
//! (Damanhur, Fayyum, Damietta, El Minya, each five or more hexes from the others), the
//! supply phase and the siege of El Arish, up to the Ottoman player's own movement.

use grognard_engine::{AnyRuleset, PlayerId};
use grognard_journal::auto;
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
use grognard_journal::game::Game;
use grognard_journal::keys::SecretKey;
use grognard_journal::local;
use grognard_journal::replay::Owed;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&FNC]
}

const POSITION: &str = include_str!("../../../engine/fnc/tests/fixtures/four_fronts_ec.txt");

const ATTACKS: [&str; 4] = [
    "attack fr-1-1,fr-1-2 1428",
    "attack fr-2-1,fr-2-2,fr-cav-1 1537",
    "attack fr-3-1,fr-3-2 2126",
    "attack fr-4-1,fr-4-2 1444",
];

const FRENCH_ORDERS: &str = "losses cheapest keep fr-siege,fr-fort\nadvance all\nremove cheapest keep fr-siege,fr-fort\noverstack strongest\nretreat toward Alexandria";
const OTTOMAN_ORDERS: &str = "losses cheapest\nretreat toward 0948\nremove cheapest\noverstack strongest\nadvance all";

struct Seat {
    key: SecretKey,
    game: Game<'static>,
    me: PlayerId,
    orders: &'static str,
}

#[derive(Debug, Default)]
struct Count {
    /// Mails each player sent by hand (a decision of theirs is in it).
    hand: [usize; 2],
    /// Mails each player's client sent by itself.
    automatic: [usize; 2],
    /// Mail legs in sequence from the start of the turn to the Ottoman movement phase (in a
    /// two-player game every leg waits for the one before it).
    legs: usize,
    battles: usize,
    sieges: usize,
    random_events: usize,
    draws: usize,
    moves: usize,
    /// Mails by hand sent during the French player turn itself (from the French
    /// reinforcement phase to the French siege phase), by player.
    turn_hand: [usize; 2],
}

fn seats() -> [Seat; 2] {
    let tmp = tempfile::tempdir().expect("temp dir").keep();
    let keys: Vec<SecretKey> = (0..2u8).map(|i| SecretKey::from_seed(&[i + 71; 32])).collect();
    let players = keys
        .iter()
        .enumerate()
        .map(|(i, k)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: k.public().to_hex(),
            powers: vec![["french", "ottoman"][i].to_string()],
        })
        .collect();
    let dice = DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() };
    let new = NewGame {
        ruleset: &FNC,
        setup: grognard_engine::Setup::position("ec", POSITION),
        players,
        creator: 0,
        dice,
        chain_length: 64,
    };
    let (mut g0, invitation) = create::create(&tmp.join("p0"), &rulesets(), &new, &keys[0]).expect("create");
    let (mut g1, _) = create::join(&tmp.join("p1"), &rulesets(), &invitation, &keys[1]).expect("join");
    let join = local::send(&mut g1, PlayerId(1), &keys[1]).expect("send the join");
    g0.import(&join).expect("join accepted");
    let first = local::send(&mut g0, PlayerId(0), &keys[0]).expect("first packet");
    if !first.entries.is_empty() {
        g1.import(&first).expect("accepted");
    }
    let [k0, k1]: [SecretKey; 2] = keys.try_into().unwrap_or_else(|_| panic!("two keys"));
    [
        Seat { key: k0, game: g0, me: PlayerId(0), orders: FRENCH_ORDERS },
        Seat { key: k1, game: g1, me: PlayerId(1), orders: OTTOMAN_ORDERS },
    ]
}

/// Does the turn measured go on? It ends when the Ottoman player owes his movement.
fn turn_over(game: &Game) -> bool {
    let staged = local::staged(game).expect("staged");
    let me = PlayerId(staged.player);
    let state = match local::preview(game, me, &staged) {
        Ok((state, _)) => state,
        Err(_) => game.replay.state.clone(),
    };
    let s = game.replay.ruleset.summary(&state);
    s.contains("Ottoman Movement Phase") || s.contains("Game Turn 5") || game.replay.over().is_some()
}

fn owes_decision(seat: &Seat) -> bool {
    seat.game.replay.owed().iter().any(|(p, o)| *p == seat.me && matches!(o, Owed::Decide(_)))
}

/// One command of the player at the keyboard: the scripted attacks in the French combat
/// phase, else what his standing orders would answer, else `end` or the first legal command.
fn hand_command(seat: &Seat, fast: bool, declared: &mut usize, moved: &mut bool) -> String {
    let game = &seat.game;
    let rs = game.replay.ruleset;
    let staged = local::staged(game).expect("staged");
    let (preview, _) = local::preview(game, seat.me, &staged).expect("preview");
    let state = &preview;
    let summary = rs.summary(state);
    // The movement: the last besieger closes the ring around El Arish (13.1).
    if seat.me == PlayerId(0) && summary.contains("French Movement Phase") && !*moved {
        *moved = true;
        return "move fr-cav-2 3228".into();
    }
    if seat.me == PlayerId(0)
        && summary.contains("French Combat Phase")
        && rs.state_json(state)["decision"].is_null()
        && rs.state_json(state)["battles"].as_array().is_none_or(|b| b.is_empty())
    {
        // The attacks still possible (a random event may have taken a unit away).
        let possible: Vec<String> = ATTACKS[*declared..].iter().filter_map(|a| still_possible(rs, state, a)).collect();
        *declared = ATTACKS.len();
        if fast && possible.len() >= 2 {
            return format!("batch {} -- {}; then end", possible.join("; "), FRENCH_ORDERS.replace('\n', "; "));
        }
        if let Some(first) = possible.first() {
            let at = ATTACKS.iter().position(|a| a.ends_with(first.rsplit(' ').next().unwrap_or(""))).unwrap_or(0);
            *declared = at + 1;
            return first.clone();
        }
        return "end".into();
    }
    if let Ok(Some((c, _))) = rs.answer_by_orders(state, seat.me, seat.orders) {
        return rs.format_command(&c);
    }
    let legal = rs.legal_commands(state, seat.me);
    let texts: Vec<String> = legal.iter().map(|c| rs.format_command(c)).collect();
    if texts.iter().any(|t| t == "end") {
        return "end".into();
    }
    texts.into_iter().next().unwrap_or_else(|| panic!("no legal command: {summary}"))
}

/// `attack` with those of its units that may still make it, if any may.
fn still_possible(rs: &dyn AnyRuleset, state: &grognard_engine::GameState, attack: &str) -> Option<String> {
    let words: Vec<&str> = attack.split_whitespace().collect();
    let (units, hex) = (words[1], words[2]);
    let list: Vec<&str> = units.split(',').collect();
    let mut tries = vec![units.to_string()];
    tries.extend(list.iter().map(|u| u.to_string()));
    tries.into_iter().map(|u| format!("attack {u} {hex}")).find(|text| {
        let Ok(c) = rs.parse_command(text) else { return false };
        matches!(
            rs.apply(state, PlayerId(0), &c, &mut grognard_engine::NoDice),
            Ok(_) | Err(grognard_engine::ApplyError::NeedDice)
        )
    })
}

/// Play the turn; `fast`: automatic answers, standing orders and a batch of attacks.
fn play(fast: bool) -> Count {
    let mut seats = seats();
    let mut count = Count::default();
    let mut declared = 0;
    let mut moved = false;
    let mut turn = 0usize; // whose client acts now
    for _ in 0..400 {
        if turn_over(&seats[0].game) || turn_over(&seats[1].game) {
            break;
        }
        let seat = &mut seats[turn];
        let mut by_hand = false;
        // The client answers first what needs no decision (fast mode only)...
        if fast {
            auto::answer(&mut seat.game, seat.me, &seat.key, Some(seat.orders), true).expect("automatic answers");
        }
        // ...then the player decides until he waits for the other.
        for _ in 0..50 {
            if turn_over(&seat.game) || !owes_decision(seat) && !owes_staged_decision(seat) {
                break;
            }
            if fast && auto::owes_roll(&seat.game, seat.me) {
                auto::answer(&mut seat.game, seat.me, &seat.key, Some(seat.orders), true).expect("automatic answers");
                continue;
            }
            let text = hand_command(seat, fast, &mut declared, &mut moved);
            by_hand = true;
            match local::do_command(&mut seat.game, seat.me, &seat.key, &text) {
                Ok(local::DoOutcome::Signed { .. }) => break,
                Ok(_) => {}
                Err(e) => panic!("`{text}` refused: {e}"),
            }
            if !fast {
                // Without automatic answers a player acts only by hand; nothing else differs.
            }
            if owes_decision_of_other(seat) {
                break;
            }
        }
        let before = seat.game.entries.len();
        let packet = local::send(&mut seat.game, seat.me, &seat.key).expect("send");
        let signed = seat.game.entries.len() - before;
        if packet.entries.is_empty() || (signed == 0 && !by_hand && !fresh(&packet, &seats[1 - turn].game)) {
            turn = 1 - turn;
            continue;
        }
        if !fast && signed > 0 {
            by_hand = true; // reveals signed by `send` at the keyboard
        }
        let other = &mut seats[1 - turn];
        let summary = other.game.replay.ruleset.summary(&other.game.replay.state);
        let phase = summary.lines().next().unwrap_or("");
        let in_french_turn = phase.contains("French ") && !phase.contains("Random Events");
        other.game.import(&packet).expect("an honest packet is accepted");
        if by_hand && in_french_turn {
            count.turn_hand[turn] += 1;
        }
        count.legs += 1;
        if std::env::var_os("GROGNARD_LEGS_TRACE").is_some() {
            let kinds: Vec<String> = packet
                .entries
                .iter()
                .filter(|e| e.entry.author == turn as u8)
                .map(|e| match &e.entry.body {
                    grognard_journal::entry::Body::Command { command, .. } => {
                        other.game.replay.ruleset.format_command(command)
                    }
                    b => format!("{:?}", b).chars().take(12).collect(),
                })
                .collect();
            println!(
                "leg {}: player {turn} {} [{}] -> {}",
                count.legs,
                if by_hand { "hand" } else { "auto" },
                kinds.join(" | "),
                other.game.replay.ruleset.summary(&other.game.replay.state).lines().next().unwrap_or("")
            );
        }
        if by_hand {
            count.hand[turn] += 1;
        } else {
            count.automatic[turn] += 1;
        }
        turn = 1 - turn;
    }
    assert!(
        turn_over(&seats[0].game) || turn_over(&seats[1].game),
        "the turn did not finish: {}",
        seats[0].game.replay.ruleset.summary(&seats[0].game.replay.state)
    );
    // Whatever one journal holds the other holds too, byte for byte, once the last packet lands.
    for i in 0..2 {
        let packet = local::send(&mut seats[i].game, seats[i].me, &seats[i].key).expect("send");
        if !packet.entries.is_empty() {
            seats[1 - i].game.import(&packet).expect("accepted");
        }
    }
    let journal = |s: &Seat| std::fs::read(s.game.store().dir().join("journal")).expect("journal");
    assert_eq!(journal(&seats[0]), journal(&seats[1]), "both journals are byte-identical");
    let kinds: Vec<String> =
        seats[0].game.replay.log.iter().flat_map(|i| &i.events).map(|e| e.data["type"].to_string()).collect();
    let seen = |k: &str| kinds.iter().filter(|t| t.trim_matches('"') == k).count();
    count.battles = seen("battle");
    count.sieges = seen("siege");
    count.random_events = seen("random_event");
    count.draws = seen("draw") + seen("reinforcement_roll");
    count.moves = seen("move");
    if std::env::var_os("GROGNARD_LEGS_TRACE").is_some() {
        let mut distinct = kinds.clone();
        distinct.sort();
        distinct.dedup();
        println!("event kinds: {}", distinct.join(" "));
        for e in seats[0].game.replay.log.iter().flat_map(|i| &i.events) {
            if ["siege_none", "eliminated", "random_event", "move", "recycling"]
                .contains(&e.data["type"].as_str().unwrap_or(""))
            {
                println!("  {}", e.text);
            }
        }
    }
    count
}

fn owes_staged_decision(seat: &Seat) -> bool {
    let staged = local::staged(&seat.game).expect("staged");
    if staged.commands.is_empty() {
        return false;
    }
    let (state, _) = local::preview(&seat.game, seat.me, &staged).expect("preview");
    seat.game.replay.ruleset.pending(&state).players().contains(&seat.me)
}

fn owes_decision_of_other(seat: &Seat) -> bool {
    let staged = local::staged(&seat.game).expect("staged");
    let (state, _) = local::preview(&seat.game, seat.me, &staged).expect("preview");
    !seat.game.replay.ruleset.pending(&state).players().contains(&seat.me)
}

/// Does `packet` carry an entry `game` lacks?
fn fresh(packet: &grognard_journal::packet::Packet, game: &Game) -> bool {
    packet.entries.iter().any(|e| !game.entries.iter().any(|g| g.id == e.id))
}

#[test]
fn a_player_turn_by_mail_costs_one_mail_by_hand_with_orders_and_batches() {
    let slow = play(false);
    let fast = play(true);
    if std::env::var_os("GROGNARD_LEGS_REPORT").is_some() {
        println!("before: {slow:?}\nwith automatic answers, standing orders and a batch: {fast:?}");
    }
    for c in [&slow, &fast] {
        assert!(c.battles >= 4, "four battles were fought: {c:?}");
        assert!(c.sieges >= 1 && c.random_events >= 1 && c.draws >= 1 && c.moves >= 1, "{c:?}");
    }
    // The goal: in the French player turn the attacker sends one mail by hand (his moves
    // and the batch), the defender none (his client answers reveals, losses and retreats).
    assert!(fast.turn_hand[0] <= 1, "{fast:?}");
    assert_eq!(fast.turn_hand[1], 0, "{fast:?}");
    assert!(fast.legs < slow.legs, "{fast:?} against {slow:?}");
    assert!(fast.hand[0] + fast.hand[1] < slow.hand[0] + slow.hand[1]);
}
