//! The sequence of play (5.0) and victory (14.5), through the ruleset on the game's data.

use grognard_engine::{Pending, PlayerId, Ruleset, ScriptedDice, Seats, Setup};
use grognard_fnc::{Command, Fnc, Phase, Side, State};

fn seats(fnc: &Fnc, scenario: &str) -> Seats {
    let info = fnc.scenarios().into_iter().find(|s| s.id == scenario).unwrap();
    Seats::round_robin(&info.powers, 2).unwrap()
}

fn historical() -> State {
    let fnc = Fnc;
    fnc.setup(&Setup::scenario("ec-historical"), &seats(&fnc, "ec-historical")).unwrap()
}

fn run(state: &State, player: u8, text: &str, faces: &[u32]) -> State {
    let fnc = Fnc;
    let command = Command::parse(text).unwrap();
    let mut dice = ScriptedDice::new(faces);
    match fnc.apply(state, PlayerId(player), &command, &mut dice) {
        Ok(a) => a.state,
        Err(e) => panic!("`{text}` by player {player} refused: {e}"),
    }
}

#[test]
fn rule_5_2_ec_lists_its_scenarios_with_two_powers() {
    let fnc = Fnc;
    let ids: Vec<String> = fnc.scenarios().into_iter().map(|s| s.id).collect();
    assert!(ids.contains(&"ec".to_string()) && ids.contains(&"ec-historical".to_string()));
    for s in fnc.scenarios() {
        assert_eq!(s.powers.len(), 2);
    }
}

#[test]
fn rule_5_3_turn_1_starts_with_the_french_movement_phase() {
    let s = historical();
    assert_eq!((s.turn, s.phase, s.phasing), (1, Phase::Movement, Side::First));
    assert!(matches!(Fnc.pending(&s), Pending::Command { player: PlayerId(0), .. }));
}

#[test]
fn rule_14_2_french_start_with_the_vp_of_their_three_hexes() {
    let s = historical();
    assert_eq!(s.vp[0].total(), 3, "14.1: the French start with 3 VP");
    let all: i32 =
        grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap().map.locales().map(|l| i32::from(l.vp)).sum();
    assert_eq!(s.vp[1].total(), all - 3, "14.1: the Ottomans hold every other locale");
}

#[test]
fn rule_5_2_phases_follow_in_order_and_turn_1_skips_reinforcements() {
    let s = historical();
    let s = run(&s, 0, "end", &[]);
    assert_eq!(s.phase, Phase::Combat);
    let s = run(&s, 0, "end", &[]);
    assert_eq!(s.phase, Phase::Supply);
    assert!(matches!(Fnc.pending(&s), Pending::Dice { .. }));
    let s = run(&s, 0, "roll", &[]);
    assert_eq!(s.phase, Phase::Siege);
    let s = run(&s, 0, "roll", &[]);
    // 5.3: no Ottoman reinforcement phase on turn 1.
    assert_eq!((s.phase, s.phasing), (Phase::Movement, Side::Second));
    let s = run(&s, 1, "end", &[]);
    let s = run(&s, 1, "end", &[]);
    let s = run(&s, 1, "roll", &[]);
    let s = run(&s, 1, "roll", &[]);
    // Turn 2 opens with the Random Events Phase.
    assert_eq!((s.turn, s.phase), (2, Phase::RandomEvents));
}

#[test]
fn rule_5_1_a_player_acts_only_for_the_side_to_move() {
    let s = historical();
    let mut dice = ScriptedDice::new(&[]);
    let err = Fnc.apply(&s, PlayerId(1), &Command::End, &mut dice).unwrap_err();
    assert!(err.to_string().starts_with("5.1"), "{err}");
}

fn rsw_historical() -> State {
    let fnc = Fnc;
    fnc.setup(&Setup::scenario("rsw-historical"), &seats(&fnc, "rsw-historical")).unwrap()
}

#[test]
fn rule_4_1_rsw_historical_set_up_starts_the_russian_player_turn() {
    let s = rsw_historical();
    assert_eq!((s.turn, s.phase, s.phasing), (1, Phase::Movement, Side::First));
}

#[test]
fn rule_15_2_rsw_control_at_the_start() {
    let s = rsw_historical();
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Rsw).unwrap();
    let russian: i32 =
        ctx.map.locales().filter(|l| ctx.map.region(l.hex) == Some("Russia")).map(|l| i32::from(l.vp)).sum();
    assert_eq!(s.vp[0].total(), russian, "15.1: Russia's locales");
    let all: i32 = ctx.map.locales().map(|l| i32::from(l.vp)).sum();
    assert_eq!(s.vp[1].total(), all - russian, "15.1: Finland's and the Alands' locales");
}

#[test]
fn rule_4_1_swedes_set_up_first_never_in_sveaborg_or_svartholma() {
    let fnc = Fnc;
    let s = fnc.setup(&Setup::scenario("rsw"), &seats(&fnc, "rsw")).unwrap();
    assert_eq!(s.phase, Phase::Setup(Side::Second));
    let mut dice = ScriptedDice::new(&[]);
    let swedes = s.owners[1];
    for (text, rule) in [("place sw-sk 1210", "4.1"), ("place sw-sk 1311", "4.1"), ("place sw-sk 1515", "4.1")] {
        let err = fnc.apply(&s, swedes, &Command::parse(text).unwrap(), &mut dice).unwrap_err();
        assert!(err.to_string().starts_with(rule), "{text}: {err}");
    }
    let s = run(&s, 1, "place sw-sk 1309", &[]);
    let s = run(&s, 1, "place sw-ag 1309", &[]);
    let err = fnc.apply(&s, swedes, &Command::parse("place sw-jc 1309").unwrap(), &mut dice).unwrap_err();
    assert!(err.to_string().starts_with("4.1"), "{err}");
}

#[test]
fn rule_3_1_rule_4_1_scenarios_say_the_game_its_length_and_who_sets_up_first() {
    let fnc = Fnc;
    let ids: Vec<String> = fnc.scenarios().into_iter().map(|s| s.id).collect();
    assert_eq!(ids, ["ec", "ec-historical", "rsw", "rsw-historical"]);
    let describe = |id: &str| fnc.scenarios().into_iter().find(|s| s.id == id).map(|s| s.description).unwrap();
    for (id, needles) in [
        ("ec", ["1798-99", "11 game turns", "the French set up first", "3.1"]),
        ("rsw", ["1808", "8 game turns", "the Swedes set up first", "4.1"]),
        ("ec-historical", ["1798-99", "11 game turns", "historically", "French movement phase"]),
        ("rsw-historical", ["1808", "8 game turns", "historically", "Russian movement phase"]),
    ] {
        let text = describe(id);
        for needle in needles {
            assert!(text.contains(needle), "{id}: `{needle}` missing from {text:?}");
        }
    }
}

#[test]
fn rule_13_1_an_empty_siege_phase_still_ends_with_its_roll_and_says_no_die_is_rolled() {
    let fnc = Fnc;
    let ctx = grognard_fnc::Ctx::embedded(grognard_fnc::Game::Ec).unwrap();
    let text = "fnc-position 1\ngame ec\nturn 3\nphase siege\nphasing french\nhex 1229: fr-1-1\n";
    let s = grognard_fnc::position::parse(ctx, text).unwrap();
    match fnc.pending(&s) {
        Pending::Dice { prompt, .. } => assert!(prompt.contains("no die"), "{prompt}"),
        other => panic!("{other:?}"),
    }
    let n = run(&s, 0, "roll", &[]);
    assert_eq!((n.phase, n.phasing), (Phase::Reinforcement, Side::Second), "one `roll`, no die");
}

#[test]
fn rule_5_1_every_listed_command_of_the_first_movement_phase_is_accepted() {
    let fnc = Fnc;
    for scenario in ["ec-historical", "rsw-historical"] {
        let s = fnc.setup(&Setup::scenario(scenario), &seats(&fnc, scenario)).unwrap();
        assert_eq!(s.phase, Phase::Movement, "{scenario}: game turn 1 starts with movement (5.3)");
        let player = s.owners[s.phasing.index()];
        let legal = fnc.legal_commands(&s, player);
        assert!(legal.len() > 10, "{scenario}: {} commands", legal.len());
        for c in &legal {
            let mut dice = ScriptedDice::new(&[3; 20]);
            if let Err(e) = fnc.apply(&s, player, c, &mut dice) {
                panic!("{scenario}: listed `{c}` refused: {e}");
            }
        }
    }
}
