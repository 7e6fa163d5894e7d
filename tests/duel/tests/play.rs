//! Whole games: scripted, random (with a tiny deterministic generator), through the
//! object-safe interface, and checks of the ruleset contract on every state reached.

mod common;

use common::*;
use grognard_duel::{Duel, DuelCommand, DuelState, Phase, ScenarioData};
use grognard_engine::{ApplyError, Event, NoDice, Pending, PlayerId, Ruleset, ScriptedDice, Seats, Setup};
use serde_json::json;

/// A tiny deterministic generator (Knuth's MMIX LCG), so the tests need no `rand`.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn die(&mut self) -> u32 {
        (self.next() % 6) as u32 + 1
    }
}

/// Every command text worth trying in any state.
fn candidate_texts() -> Vec<String> {
    let mut all: Vec<String> = ["initiative", "stance guard", "stance lunge", "rest", "bonus sharpen", "bonus bandage"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    all.extend((0..8).map(|t| format!("fire {t}")));
    all.push("fire 255".into());
    all
}

#[test]
fn info_names_the_test_ruleset() {
    let info = Ruleset::info(&Duel);
    assert_eq!((info.id.as_str(), info.version.as_str(), info.name.as_str()), ("duel", "1", "Duel (test ruleset)"));
    assert!(info.test_only);
}

#[test]
fn input_every_legal_command_round_trips_through_text_and_json() {
    // Collected over a few random games below as well; here the full command set.
    for text in candidate_texts() {
        let c = cmd(&text);
        assert_eq!(Duel.format_command(&c), text);
        assert_eq!(Duel.parse_command(&Duel.format_command(&c)), Ok(c));
        let v = serde_json::to_value(c).expect("json");
        assert_eq!(serde_json::from_value::<DuelCommand>(v).expect("back"), c);
    }
    let e = Duel.parse_command("lunge at 1").expect_err("nonsense");
    assert_eq!(e.rule, "input");
}

/// A full standard game with scripted dice, checked event by event.
#[test]
fn full_standard_game_with_scripted_dice() {
    let s = start("standard");
    let mut log: Vec<String> = Vec::new();
    let mut keep = |events: Vec<Event>| log.extend(events.into_iter().map(|e| e.text));

    // Round 1: Blue first; Red lunges, Blue guards.
    let (s, e) = play(&s, P0, "initiative", &[3, 5]);
    keep(e);
    let (s, e) = stances(&s, &[(P0, "lunge"), (P1, "guard")], &[]);
    keep(e);
    let (s, e) = play(&s, P1, "fire 0", &[4]);
    keep(e);
    let (s, e) = play(&s, P0, "fire 1", &[6]);
    keep(e);
    // Round 2: Red rolls a 6 and bandages.
    let (s, e) = play(&s, P0, "initiative", &[6, 2]);
    keep(e);
    let (s, e) = stances(&s, &[(P0, "guard"), (P1, "lunge")], &[]);
    keep(e);
    assert!(matches!(Duel.pending(&s), Pending::Choice { player: P0, .. }));
    let (s, e) = play(&s, P0, "bonus bandage", &[]);
    keep(e);
    let (s, e) = play(&s, P0, "fire 1", &[5]);
    keep(e);
    let (s, e) = play(&s, P1, "fire 0", &[6]);
    keep(e);
    // Round 3: Red finishes Blue.
    let (s, e) = play(&s, P0, "initiative", &[1, 1]);
    keep(e);
    let (s, e) = stances(&s, &[(P0, "guard"), (P1, "guard")], &[]);
    keep(e);
    let (s, e) = play(&s, P0, "fire 1", &[2]);
    keep(e);

    assert_eq!(
        log,
        [
            "Round 1 initiative: Red rolls 3, Blue rolls 5; order Blue, Red",
            "Round 1 stances: Red lunges, Blue guards",
            "Blue fires at Red: rolls 4, Red lunges (+1): 5 damage (Red 5 HP)",
            "Red fires at Blue: rolls 6, +1 lunge, Blue guards (halved): 3 damage (Blue 7 HP)",
            "Round 2 begins",
            "Round 2 initiative: Red rolls 6, Blue rolls 2; order Red, Blue; Red earns a bonus",
            "Round 2 stances: Red guards, Blue lunges",
            "Red bandages: +2 HP (Red 7 HP)",
            "Red fires at Blue: rolls 5, Blue lunges (+1): 6 damage (Blue 1 HP)",
            "Blue fires at Red: rolls 6, +1 lunge, Red guards (halved): 3 damage (Red 4 HP)",
            "Round 3 begins",
            "Round 3 initiative: Red rolls 1, Blue rolls 1; order Red, Blue",
            "Round 3 stances: Red guards, Blue guards",
            "Red fires at Blue: rolls 2, Blue guards (halved): 1 damage (Blue 0 HP)",
            "Blue is out",
            "Game over: Red Duellist wins in round 3: the last duellist standing, with 4 HP",
        ]
    );
    assert_eq!(
        Duel.pending(&s),
        Pending::Over {
            result: "Red Duellist wins in round 3: the last duellist standing, with 4 HP".into(),
            winners: vec![P0]
        }
    );
    assert_eq!(
        Duel.summary(&s),
        "Duel, scenario standard: round 3 of 6\n  0 Red Duellist (player 0): 4/10 HP, initiative 1, guard\n  \
         1 Blue Duellist (player 1): out\nGame over: Red Duellist wins in round 3: the last duellist standing, with 4 HP"
    );
}

/// Play a game with a fixed policy: everyone takes the stance `stance(round)`, bonuses
/// alternate, and each duellist fires at the next living opponent unless it
/// is below 3 HP, when it rests. Dice come from `faces`, cyclically.
fn policy_game(mut s: DuelState, stance: fn(u32) -> &'static str, faces: &[u32]) -> (DuelState, Vec<String>) {
    let mut log = Vec::new();
    let mut next_face = 0usize;
    let mut draw = |n: usize| -> Vec<u32> {
        (0..n)
            .map(|_| {
                let f = faces[next_face % faces.len()];
                next_face += 1;
                f
            })
            .collect()
    };
    for _ in 0..1000 {
        let (next, events) = match Duel.pending(&s) {
            Pending::Over { .. } => return (s, log),
            Pending::Open { .. } => panic!("the policy primes no charge, so nothing is ever opened"),
            Pending::Dice { player, .. } => play(&s, player, "initiative", &draw(s.living().len())),
            Pending::Sealed { players, .. } => {
                let st = stance(s.round());
                let choices: Vec<(PlayerId, &str)> = players.iter().map(|&p| (p, st)).collect();
                // Everyone takes the same stance: lunging, they clash (rule 4.4).
                let clash = if st == "lunge" { draw(1) } else { Vec::new() };
                stances(&s, &choices, &clash)
            }
            Pending::Choice { player, options, .. } => {
                let pick = &options[s.round() as usize % options.len()];
                play(&s, player, pick, &[])
            }
            Pending::Command { player, .. } => {
                let me = s.acting().expect("someone acts");
                if s.hp(me) < 3 {
                    play(&s, player, "rest", &[])
                } else {
                    let n = s.duellists().len();
                    let target = (1..n).map(|k| (me + k) % n).find(|&d| s.hp(d) > 0).expect("an opponent");
                    play(&s, player, &format!("fire {target}"), &draw(1))
                }
            }
        };
        log.extend(events.into_iter().map(|e| e.text));
        s = next;
    }
    panic!("the game did not end:\n{}", Duel.summary(&s));
}

/// Lunge on odd rounds, guard on even ones.
fn odd_lunge(round: u32) -> &'static str {
    if round % 2 == 1 {
        "lunge"
    } else {
        "guard"
    }
}

#[test]
fn melee_three_player_game_to_the_end() {
    let (s, log) = policy_game(start("melee"), odd_lunge, &[4, 1, 2, 5, 5, 3, 4, 6, 1, 5]);
    let Pending::Over { result, winners } = Duel.pending(&s) else { panic!("not over") };
    // Every duellist's HP stayed within 0..=8 and the winners are consistent with 7.0.
    assert!(s.duellists().iter().all(|d| d.hp <= 8));
    let living = s.living();
    if living.len() == 1 {
        assert_eq!(winners, [s.duellists()[living[0]].owner]);
        assert!(result.contains("last duellist standing"), "{result}");
    } else {
        assert_eq!(s.round(), 5);
        let best = s.duellists().iter().map(|d| d.hp).max().expect("duellists");
        let mut top: Vec<PlayerId> = s.duellists().iter().filter(|d| d.hp == best).map(|d| d.owner).collect();
        top.sort();
        assert_eq!(winners, top);
    }
    assert_eq!(result, "Green Duellist wins in round 5: the last duellist standing, with 7 HP");
    // The lunging rounds clash (rule 4.4): harmlessly in rounds 1 and 3, for 1 HP each in round 5.
    let clashes: Vec<&String> = log.iter().filter(|l| l.starts_with("Clash: ")).collect();
    assert_eq!(
        clashes,
        [
            "Clash: Red, Blue, Green all lunge; rolls 5: no harm",
            "Clash: Red, Blue, Green all lunge; rolls 5: no harm",
            "Clash: Blue, Green all lunge; rolls 1: each loses 1 HP (Blue 1 HP, Green 7 HP)",
        ]
    );
    // All three players took part: each issued commands for its own duellist.
    for name in ["Red fires", "Blue rests", "Green fires"] {
        assert!(log.iter().any(|l| l.starts_with(name)), "{name}: {log:#?}");
    }
    assert!(log.iter().any(|l| l.contains("sharpens") || l.contains("bandages")), "{log:#?}");
    assert_eq!(log.last().map(|l| l.starts_with("Game over: ")), Some(true));
    // The same game replayed gives the same log and state.
    let (again, log2) = policy_game(start("melee"), odd_lunge, &[4, 1, 2, 5, 5, 3, 4, 6, 1, 5]);
    assert_eq!(log, log2);
    assert_eq!(serde_json::to_value(&s).expect("json"), serde_json::to_value(&again).expect("json"));
}

#[test]
fn melee_game_fought_to_the_last_round() {
    // Guarding against low dice: nobody falls, and the game ends on HP after round 5.
    let (s, log) = policy_game(start("melee"), |_| "guard", &[1, 2, 3]);
    assert_eq!(s.round(), 5);
    assert_eq!(s.living().len(), 3, "{log:#?}");
    let Pending::Over { result, .. } = Duel.pending(&s) else { panic!("not over") };
    assert!(result.contains("after 5 rounds"), "{result}");
}

/// Check the ruleset contract in `s`: pending names exactly the players with legal
/// commands; `legal_commands` lists exactly what `apply` (or, in a sealed step,
/// `check_sealed`) accepts; legal commands round-trip; refusals come before any roll.
fn check_contract(s: &DuelState, players: usize) {
    let pending = Duel.pending(s);
    let sealed = matches!(pending, Pending::Sealed { .. });
    let plenty = [6u32; 16];
    for p in (0..=players).map(|p| PlayerId(p as u8)) {
        let legal = Duel.legal_commands(s, p);
        assert_eq!(!legal.is_empty(), pending.players().contains(&p), "{p} in {pending:?}: {legal:?}");
        for text in candidate_texts() {
            let c = cmd(&text);
            let is_legal = legal.contains(&c);
            if sealed {
                assert_eq!(Duel.check_sealed(s, p, &c).is_ok(), is_legal, "{p} {text} in {pending:?}");
                assert!(matches!(Duel.apply(s, p, &c, &mut NoDice), Err(ApplyError::Rule(_))), "{text}");
                continue;
            }
            match Duel.apply(s, p, &c, &mut NoDice) {
                Ok(without) => {
                    assert!(is_legal, "{p} {text} accepted but not listed");
                    // A command that needs no dice does the same with dice at hand.
                    let mut dice = ScriptedDice::new(&plenty);
                    let with = Duel.apply(s, p, &c, &mut dice).expect("accepted");
                    assert_eq!((with.state, dice.used()), (without.state, 0), "{text}");
                }
                Err(ApplyError::NeedDice) => {
                    assert!(is_legal, "{p} {text} waits for dice but is not listed");
                    assert!(matches!(c, DuelCommand::Initiative | DuelCommand::Fire { .. }), "{text}");
                }
                Err(ApplyError::Rule(e)) => {
                    assert!(!is_legal, "{p} {text} listed but refused: {e}");
                    assert!(!e.rule.is_empty() && !e.message.is_empty());
                }
            }
            let mut dice = ScriptedDice::new(&plenty);
            assert_eq!(Duel.apply(s, p, &c, &mut dice).is_ok(), is_legal, "{p} {text} with dice");
        }
        for c in &legal {
            assert_eq!(Duel.parse_command(&Duel.format_command(c)).as_ref(), Ok(c));
        }
        if let Pending::Choice { player, options, .. } = &pending {
            if *player == p {
                let parsed: Vec<DuelCommand> = options.iter().map(|o| cmd(o)).collect();
                assert_eq!(parsed, legal);
            }
        }
    }
    if let Pending::Sealed { players, .. } = &pending {
        check_sealed_contract(s, players);
    }
}

/// Every combination of stances for `players`: without dice, the choices resolve unless
/// all lunge, when they wait only for the clash die (rule 4.4); with dice at hand, the
/// clash die is the only one rolled; an incomplete set is refused before any roll.
fn check_sealed_contract(s: &DuelState, players: &[PlayerId]) {
    let plenty = [6u32; 16];
    for mask in 0..1u32 << players.len() {
        let choices: Vec<(PlayerId, DuelCommand)> = players
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, cmd(if mask >> i & 1 == 1 { "stance lunge" } else { "stance guard" })))
            .collect();
        let all_lunge = mask == (1 << players.len()) - 1;
        let mut dice = ScriptedDice::new(&plenty);
        let with = Duel.apply_sealed(s, &choices, &mut dice).expect("legal stances");
        assert_eq!(dice.used(), usize::from(all_lunge), "{choices:?}");
        match Duel.apply_sealed(s, &choices, &mut NoDice) {
            Ok(without) => {
                assert!(!all_lunge, "all lunge, resolved without the clash die");
                assert_eq!((without.state, without.events), (with.state, with.events), "{choices:?}");
            }
            Err(ApplyError::NeedDice) => assert!(all_lunge, "{choices:?} waits for dice"),
            Err(ApplyError::Rule(e)) => panic!("legal stances {choices:?} refused: {e}"),
        }
        let missing = &choices[..choices.len() - 1];
        assert!(matches!(Duel.apply_sealed(s, missing, &mut NoDice), Err(ApplyError::Rule(_))), "{missing:?}");
    }
}

fn check_invariants(s: &DuelState) {
    assert!(s.round() >= 1 && s.round() <= s.rounds());
    assert!(s.duellists().iter().all(|d| d.hp <= s.start_hp()));
    if let Some(d) = s.acting() {
        assert!(s.duellists()[d].hp > 0, "the acting duellist is alive");
    }
    if !s.is_over() {
        assert!(s.living().len() >= 2);
    }
}

/// Play one random game, checking the contract on every state; returns the states'
/// JSON and the event texts.
fn random_game(mut s: DuelState, rng: &mut Lcg, check: bool) -> (Vec<serde_json::Value>, Vec<String>) {
    let players = s.player_count();
    let mut states = vec![serde_json::to_value(&s).expect("json")];
    let mut log = Vec::new();
    for _ in 0..10_000 {
        check_invariants(&s);
        if check {
            check_contract(&s, players);
        }
        let applied = match Duel.pending(&s) {
            Pending::Over { result, winners } => {
                let living = s.living();
                if living.is_empty() {
                    // A clash put the last duellists out together (rules 4.4, 7.1).
                    assert!(winners.is_empty(), "{result}");
                    assert!(result.starts_with("No duellist is left standing"), "{result}");
                } else if living.len() == 1 {
                    assert_eq!(winners, [s.duellists()[living[0]].owner], "{result}");
                } else {
                    let best = s.duellists().iter().map(|d| d.hp).max().expect("duellists");
                    let mut top: Vec<PlayerId> =
                        s.duellists().iter().filter(|d| d.hp == best).map(|d| d.owner).collect();
                    top.sort();
                    top.dedup();
                    assert_eq!(winners, top, "{result}");
                }
                return (states, log);
            }
            Pending::Sealed { players, .. } => {
                let choices: Vec<(PlayerId, DuelCommand)> = players
                    .iter()
                    .map(|&p| {
                        let legal = Duel.legal_commands(&s, p);
                        (p, legal[rng.below(legal.len())])
                    })
                    .collect();
                let faces: Vec<u32> = (0..8).map(|_| rng.die()).collect();
                Duel.apply_sealed(&s, &choices, &mut ScriptedDice::new(&faces)).expect("legal stances")
            }
            pending => {
                let player = pending.players()[0];
                let legal = Duel.legal_commands(&s, player);
                let pick = legal[rng.below(legal.len())];
                let faces: Vec<u32> = (0..8).map(|_| rng.die()).collect();
                let mut dice = ScriptedDice::new(&faces);
                Duel.apply(&s, player, &pick, &mut dice).unwrap_or_else(|e| panic!("legal {pick:?} refused: {e}"))
            }
        };
        s = applied.state;
        states.push(serde_json::to_value(&s).expect("json"));
        log.extend(applied.events.into_iter().map(|e| e.text));
    }
    panic!("a random game did not end");
}

/// The seatings the random games use: setup's one player per duellist in several orders,
/// and (through `DuelState::new`) players who run several duellists.
fn seatings() -> Vec<DuelState> {
    let state = |scenario: &str, seats: Seats| {
        DuelState::new(&ScenarioData::load(scenario).expect("scenario"), &seats).expect("state")
    };
    vec![
        start("standard"),
        Duel.setup(&Setup::scenario("standard"), &seats_with("standard", &[&["blue"], &["red"]])).expect("setup"),
        start("melee"),
        Duel.setup(&Setup::scenario("melee"), &seats_with("melee", &[&["green"], &["red"], &["blue"]])).expect("setup"),
        state("melee", seats_with("melee", &[&["red", "green"], &["blue"]])),
        state("melee", seats("melee", 1)),
        state("standard", seats("standard", 1)),
    ]
}

#[test]
fn random_play_legal_commands_are_exactly_what_apply_accepts() {
    let mut rng = Lcg(0x5eed);
    let mut games = 0;
    let mut overs = [0usize; 2];
    // Games with a clash that hurt (rule 4.4).
    let mut clashes = 0;
    for _ in 0..40 {
        for s in seatings() {
            let (states, log) = random_game(s, &mut rng, true);
            assert!(states.len() > 4);
            if log.iter().any(|l| l.ends_with(" is out")) {
                overs[0] += 1;
            } else {
                overs[1] += 1;
            }
            if log.iter().any(|l| l.starts_with("Clash: ") && l.contains("each loses 1 HP")) {
                clashes += 1;
            }
            games += 1;
        }
    }
    assert_eq!(games, 280);
    assert!(overs[0] > 10 && overs[1] > 10, "both kinds of ending are reached: {overs:?}");
    assert!(clashes > 10, "clashes that hurt are reached: {clashes}");
}

#[test]
fn random_play_many_games_end_properly() {
    let mut rng = Lcg(42);
    for _ in 0..300 {
        for s in seatings() {
            random_game(s, &mut rng, false);
        }
    }
}

#[test]
fn determinism_same_inputs_same_states() {
    for seed in [1u64, 2, 3, 99] {
        for (a, b) in seatings().into_iter().zip(seatings()) {
            let first = random_game(a, &mut Lcg(seed), false);
            let second = random_game(b, &mut Lcg(seed), false);
            assert_eq!(first, second);
        }
    }
    // And the JSON of a state is stable in form.
    let s = to_actions(&start("standard"), &[6, 2], "lunge", "guard", &[]);
    assert_eq!(
        serde_json::to_value(&s).expect("json"),
        json!({
            "scenario": "standard", "start_hp": 10, "rounds": 6, "round": 1, "players": 2,
            "duellists": [
                {"power": "red", "name": "Red Duellist", "short": "Red", "owner": 0, "hp": 10,
                 "initiative": 6, "stance": "lunge", "bonus": null},
                {"power": "blue", "name": "Blue Duellist", "short": "Blue", "owner": 1, "hp": 10,
                 "initiative": 2, "stance": "guard", "bonus": null}
            ],
            "phase": {"step": "action", "order": [0, 1], "turn": 0}
        })
    );
}

#[test]
fn need_dice_means_legal_and_waiting_only_for_dice() {
    let s = start("standard");
    // Some of the dice are not enough: still waiting, and nothing was half done.
    let mut dice = ScriptedDice::new(&[5]);
    assert_eq!(Duel.apply(&s, P0, &cmd("initiative"), &mut dice).map(|_| ()), Err(ApplyError::NeedDice));
    let a = Duel.apply(&s, P0, &cmd("initiative"), &mut ScriptedDice::new(&[5, 2])).expect("rolled");
    let b = Duel.apply(&s, P0, &cmd("initiative"), &mut ScriptedDice::new(&[5, 2])).expect("rolled");
    assert_eq!(a.state, b.state);
    assert_eq!(a.events, b.events);
    // Illegal commands are refused even when no dice are available.
    assert_eq!(refused(&s, P1, "initiative").rule, "2.1");
    // Stances: all lunging wait for the clash die (rule 4.4), any other choice resolves
    // without dice; an incomplete or doubled set is refused, dice or not.
    let s = step(&s, P0, "initiative", &[5, 2]);
    let sealed = |choices: &[(PlayerId, &str)], dice: &mut dyn grognard_engine::DiceSource| {
        let choices: Vec<(PlayerId, DuelCommand)> = choices.iter().map(|(p, c)| (*p, cmd(c))).collect();
        Duel.apply_sealed(&s, &choices, dice)
    };
    let lunge = [(P0, "stance lunge"), (P1, "stance lunge")];
    assert_eq!(sealed(&lunge, &mut NoDice).map(|_| ()), Err(ApplyError::NeedDice));
    let a = sealed(&lunge, &mut ScriptedDice::new(&[1])).expect("clashed");
    let b = sealed(&lunge, &mut ScriptedDice::new(&[1])).expect("clashed");
    assert_eq!((a.state, a.events), (b.state, b.events));
    for other in [
        [(P0, "stance lunge"), (P1, "stance guard")],
        [(P0, "stance guard"), (P1, "stance lunge")],
        [(P0, "stance guard"), (P1, "stance guard")],
    ] {
        let without = sealed(&other, &mut NoDice).expect("no dice needed");
        let mut dice = ScriptedDice::new(&[1]);
        let with = sealed(&other, &mut dice).expect("resolves");
        assert_eq!((dice.used(), with.state), (0, without.state), "{other:?}");
    }
    for bad in [&[(P0, "stance lunge")][..], &[(P0, "stance lunge"), (P1, "stance lunge"), (P1, "stance lunge")]] {
        assert!(matches!(sealed(bad, &mut NoDice), Err(ApplyError::Rule(e)) if e.rule == "4.1"), "{bad:?}");
        assert!(matches!(sealed(bad, &mut ScriptedDice::new(&[1])), Err(ApplyError::Rule(_))), "{bad:?}");
    }
    let s = stances(&s, &[(P0, "guard"), (P1, "guard")], &[]).0;
    assert_eq!(refused(&s, P0, "fire 0").rule, "5.3");
    assert_eq!(refused(&s, P0, "fire 9").rule, "5.3");
}

#[test]
fn summary_shows_round_hp_and_whose_move() {
    let s = start("melee");
    assert_eq!(
        Duel.summary(&s),
        "Duel, scenario melee: round 1 of 5\n  0 Red Duellist (player 0): 8/8 HP\n  \
         1 Blue Duellist (player 1): 8/8 HP\n  2 Green Duellist (player 2): 8/8 HP\n\
         Waiting for player 0: Round 1: roll initiative for every duellist with `initiative`"
    );
    let s = step(&s, P0, "initiative", &[1, 2, 3]);
    assert!(Duel.summary(&s).ends_with(
        "Waiting for player 0, player 1, player 2: Round 1: choose a stance in secret: `stance guard` or `stance lunge`"
    ));
}

#[test]
fn marathon_plays_long_without_overflow() {
    let mut s = start("marathon");
    assert_eq!(s.start_hp(), 1_000_000_000);
    let size = serde_json::to_string(&s).expect("json").len();
    for round in 1..=300u32 {
        let roll = round % 6 + 1;
        s = to_actions(&s, &[roll, 7 - roll], "lunge", "lunge", &[roll]); // Clashes hurt on 1 and 2.
        while let Some(d) = s.acting() {
            let player = s.duellists()[d].owner;
            if s.bonus_due(d) {
                s = step(&s, player, "bonus sharpen", &[]);
            } else {
                s = step(&s, player, &format!("fire {}", 1 - d), &[roll]);
            }
        }
    }
    assert_eq!(s.round(), 301);
    assert!(matches!(s.phase(), Phase::Initiative));
    assert!(s.hp(0) < 1_000_000_000 && s.hp(0) > 999_990_000);
    // The state does not grow with the length of the game.
    assert!(serde_json::to_string(&s).expect("json").len() < size + 40);
}
