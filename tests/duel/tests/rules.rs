//! One test (or a few) per rule of RULES.md, named by rule number.

mod common;

use common::*;
use grognard_duel::{Duel, DuelCommand, DuelState, Phase, ScenarioData, Stance};
use grognard_engine::{ApplyError, NoDice, Pending, PlayerId, Ruleset, ScriptedDice, Setup};

// ---------------------------------------------------------------- 1.0 The duellists

#[test]
fn rule_1_1_duellists_are_numbered_in_scenario_order_each_on_its_own_side() {
    for info in Duel.scenarios() {
        let mut sides: Vec<&str> = info.powers.iter().map(|p| p.side.as_str()).collect();
        sides.sort_unstable();
        sides.dedup();
        assert_eq!(sides.len(), info.powers.len(), "{}: every duellist on its own side", info.id);
        assert_eq!(info.powers[0].name, "Red Duellist");
        assert_eq!(info.powers[1].name, "Blue Duellist");
    }
    let s = start("melee");
    let powers: Vec<&str> = s.duellists().iter().map(|d| d.power.as_str()).collect();
    assert_eq!(powers, ["red", "blue", "green"]);
    // Every other duellist is an opponent: Red may fire at either.
    let s = stances(&step(&s, P0, "initiative", &[6, 1, 1]), &[(P0, "guard"), (P1, "guard"), (P2, "guard")], &[]).0;
    let s = step(&s, P0, "bonus sharpen", &[]);
    assert_eq!(legal_texts(&s, P0), ["fire 1", "fire 2", "rest"]);
}

#[test]
fn rule_1_2_the_player_running_a_duellist_decides_for_it() {
    // Player 0 runs Blue, player 1 runs Red.
    let seats = seats_with("standard", &[&["blue"], &["red"]]);
    let s = Duel.setup(&Setup::scenario("standard"), &seats).expect("setup");
    assert_eq!(s.duellists()[0].owner, P1);
    assert_eq!(s.duellists()[1].owner, P0);
    let s = step(&s, P0, "initiative", &[5, 2]); // Red (run by player 1) acts first.
    let s = stances(&s, &[(P0, "guard"), (P1, "lunge")], &[]).0;
    assert_eq!(s.duellists()[0].stance, Some(Stance::Lunge), "player 1's stance goes to Red");
    assert_eq!(s.duellists()[1].stance, Some(Stance::Guard), "player 0's stance goes to Blue");
    assert!(matches!(Duel.pending(&s), Pending::Command { player: P1, .. }));
    assert_refused(&s, P0, "fire 0", "2.1");
    let s = step(&s, P1, "fire 1", &[3]);
    assert!(matches!(Duel.pending(&s), Pending::Command { player: P0, .. }));
    let s = step(&s, P0, "fire 0", &[3]);
    assert_eq!((s.hp(0), s.hp(1)), (6, 8));
}

#[test]
fn rule_1_2_a_player_running_several_duellists_acts_for_each() {
    // Outside `setup` (which seats one player per duellist) the state takes any seating:
    // player 0 runs Red and Green, player 1 runs Blue.
    let data = ScenarioData::load("melee").expect("melee");
    let seats = seats_with("melee", &[&["red", "green"], &["blue"]]);
    let s = DuelState::new(&data, &seats).expect("state");
    assert!(matches!(Duel.pending(&s), Pending::Dice { player: P0, .. }));
    let s = step(&s, P0, "initiative", &[4, 5, 6]); // Green, Blue, Red.
    match Duel.pending(&s) {
        Pending::Sealed { players, .. } => assert_eq!(players, [P0, P1]),
        other => panic!("expected the stance step, got {other:?}"),
    }
    let s = stances(&s, &[(P0, "lunge"), (P1, "guard")], &[]).0;
    assert_eq!(Duel.pending(&s).players(), [P0], "Green's bonus, chosen by player 0");
    let s = step(&s, P0, "bonus sharpen", &[]);
    let s = step(&s, P0, "fire 1", &[2]); // 2 +1 lunge +1 sharpened = 4, halved: 2.
    assert_eq!(s.hp(1), 6);
    assert!(matches!(Duel.pending(&s), Pending::Command { player: P1, .. }));
    let s = step(&s, P1, "fire 0", &[3]); // Red lunges: 3 + 1.
    assert_eq!(s.hp(0), 4);
    assert_eq!(pending_player(&s), P0, "player 0 acts again, now for Red");
    let s = step(&s, P0, "rest", &[]);
    assert_eq!(s.round(), 2);
}

// ---------------------------------------------------------------- 1.3 to 1.5

#[test]
fn rule_1_3_hp_start_at_the_scenario_value_and_never_exceed_it() {
    let s = start("standard");
    assert_eq!((s.hp(0), s.hp(1), s.start_hp()), (10, 10, 10));
    assert!(start("melee").duellists().iter().all(|d| d.hp == 8));
    assert!(start("marathon").duellists().iter().all(|d| d.hp == 1_000_000_000));
    let s = to_actions(&s, &[3, 1], "guard", "guard", &[]);
    let (s, events) = play(&s, P0, "rest", &[]);
    assert_eq!(s.hp(0), 10);
    assert_eq!(texts(&events)[0], "Red rests at full HP (Red 10 HP)");
}

#[test]
fn rule_1_3_hp_never_go_below_zero() {
    let mut s = start("standard");
    // Wear Blue down: each round Red fires for 3 and Blue rests for 1.
    for _ in 0..3 {
        s = to_actions(&s, &[2, 1], "lunge", "lunge", &[6]);
        s = step(&s, P0, "fire 1", &[1]); // 1 + 1 lunge + 1 lunging target = 3.
        s = step(&s, P1, "rest", &[]);
    }
    assert_eq!(s.hp(1), 4);
    let s = to_actions(&s, &[2, 1], "lunge", "lunge", &[6]);
    let (s, events) = play(&s, P0, "fire 1", &[6]); // 8 damage against 4 HP.
    assert_eq!(s.hp(1), 0);
    assert_eq!(events[0].data["damage"], 8);
    assert_eq!(events[0].data["hp"], 0);
}

#[test]
fn rule_1_4_a_duellist_out_rolls_chooses_and_acts_no_more() {
    let s = start("melee");
    let s = step(&s, P0, "initiative", &[5, 3, 1]);
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    let s = step(&s, P0, "fire 2", &[6]); // 6 + 1 + 1 = 8: Green is out.
    assert_eq!(s.hp(2), 0);
    let (s, events) = play(&s, P1, "fire 0", &[1]);
    assert_eq!(texts(&events).last().copied(), Some("Round 2 begins"), "Green does not act");
    assert_eq!(s.hp(0), 5);
    // Initiative: two dice only.
    let mut dice = ScriptedDice::new(&[2, 2, 2]);
    let next = Duel.apply(&s, P0, &cmd("initiative"), &mut dice).expect("initiative");
    assert_eq!(dice.used(), 2);
    assert_eq!(next.state.duellists()[2].initiative, None);
    // Stance: player 2 no longer chooses.
    let s = next.state;
    match Duel.pending(&s) {
        Pending::Sealed { players, .. } => assert_eq!(players, [P0, P1]),
        other => panic!("expected the stance step, got {other:?}"),
    }
    let e = Duel.check_sealed(&s, P2, &cmd("stance guard")).expect_err("green is out");
    assert_eq!(e.rule, "2.1");
    assert!(legal_texts(&s, P2).is_empty());
    let s = stances(&s, &[(P0, "guard"), (P1, "guard")], &[]).0;
    assert_eq!(s.duellists()[2].stance, None);
    // Cannot be fired at.
    assert!(assert_refused(&s, P0, "fire 2", "5.3").contains("out"));
}

#[test]
fn rule_1_5_scenarios_and_player_counts() {
    let infos = Duel.scenarios();
    let ids: Vec<&str> = infos.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["standard", "melee", "marathon", "powder", "brawl"]);
    for info in &infos {
        assert_eq!((info.min_players, info.max_players), (info.powers.len(), info.powers.len()));
    }
    assert_eq!(infos[1].powers.len(), 3);

    let e = Duel.setup(&Setup::scenario("siege"), &seats("standard", 2)).expect_err("unknown scenario");
    assert_eq!(e.rule, "1.5");
    assert!(e.message.contains("siege"), "{e}");
    let e = Duel.scenario_data(&Setup::scenario("siege")).expect_err("unknown scenario");
    assert_eq!(e.rule, "1.5");

    let e = Duel.setup(&Setup::scenario("standard"), &seats("standard", 1)).expect_err("one player");
    assert_eq!(e.rule, "1.5");
    assert!(e.message.contains("exactly 2 players, not 1"), "{e}");
    let e = Duel.setup(&Setup::scenario("melee"), &seats("melee", 2)).expect_err("two players");
    assert!(e.message.contains("exactly 3 players, not 2"), "{e}");
    // A seating made for another scenario's powers.
    let e = Duel.setup(&Setup::scenario("standard"), &seats("melee", 3)).expect_err("wrong powers");
    assert_eq!(e.rule, "1.5");
    let e = DuelState::new(&ScenarioData::load("melee").expect("melee"), &seats("standard", 2)).expect_err("powers");
    assert_eq!(e.rule, "1.5");

    // The data bytes are the embedded file, and setup uses them.
    for id in ["standard", "melee", "marathon", "brawl"] {
        let bytes = Duel.scenario_data(&Setup::scenario(id)).expect("data");
        let data = ScenarioData::parse(&bytes).expect("parses");
        assert_eq!(data.id, id);
        let s = start(id);
        assert_eq!((s.start_hp(), s.rounds(), s.duellists().len()), (data.hp, data.rounds, data.powers.len()));
    }
    assert_eq!(start("marathon").rounds(), 100_000);
}

#[test]
fn rule_1_5_a_game_starts_from_a_scenario_never_from_a_written_position() {
    // Duel has no position format: a set-up with a position is refused as bad input,
    // whatever the text, and so is asking for a position's set-up.
    let position = Setup::position("standard", "duel-position 1\nround 3\n");
    let e = Duel.setup(&position, &seats("standard", 2)).expect_err("a position");
    assert_eq!(e.rule, "input");
    assert!(e.message.contains("cannot start a game from a written position"), "{e}");
    assert_eq!(Duel.scenario_data(&position).expect_err("a position").rule, "input");
    assert_eq!(Duel.position_setup("duel-position 1\n").expect_err("no positions").rule, "input");
    assert_eq!(Duel.position_header(), None);
}

// ---------------------------------------------------------------- 2.0 Sequence of play

#[test]
fn rule_2_1_out_of_turn_commands_are_refused() {
    let s = start("standard");
    let m = assert_refused(&s, P1, "initiative", "2.1");
    assert_eq!(m, "it is player 0's turn to roll initiative, not player 1's");
    assert_refused(&s, PlayerId(5), "initiative", "2.1");
    assert!(legal_texts(&s, P1).is_empty());

    let s = to_actions(&s, &[2, 5], "guard", "guard", &[]); // Blue first.
    let m = assert_refused(&s, P0, "fire 1", "2.1");
    assert_eq!(m, "it is player 1's turn to act for Blue Duellist, not player 0's");
    assert_refused(&s, P0, "rest", "2.1");
    assert_refused(&s, P0, "initiative", "2.1");
    assert!(legal_texts(&s, P0).is_empty());
    let s = step(&s, P1, "rest", &[]);
    assert_refused(&s, P1, "fire 0", "2.1");
    assert_eq!(legal_texts(&s, P0), ["fire 1", "rest"]);
}

#[test]
fn rule_2_1_only_players_in_the_fight_choose_a_stance() {
    let s = step(&start("standard"), P0, "initiative", &[1, 1]);
    assert_refused(&s, PlayerId(2), "stance guard", "2.1");
    let e = Duel.check_sealed(&s, PlayerId(2), &cmd("stance guard")).expect_err("no such player");
    assert_eq!(e.rule, "2.1");
    let choices = [(P0, cmd("stance guard")), (P1, cmd("stance guard")), (PlayerId(2), cmd("stance guard"))];
    match Duel.apply_sealed(&s, &choices, &mut NoDice) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "2.1"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn rule_2_2_each_step_takes_only_its_own_commands() {
    let s = start("standard");
    for text in ["fire 1", "rest", "bonus sharpen", "stance guard"] {
        let m = assert_refused(&s, P0, text, "2.2");
        assert!(m.contains("`initiative`"), "{m}");
    }
    let e = Duel.check_sealed(&s, P0, &cmd("stance guard")).expect_err("no stance step yet");
    assert_eq!(e.rule, "2.2");
    match Duel.apply_sealed(&s, &[(P0, cmd("stance guard")), (P1, cmd("stance guard"))], &mut NoDice) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "2.2"),
        other => panic!("expected a refusal, got {other:?}"),
    }

    let s = step(&s, P0, "initiative", &[3, 4]);
    for text in ["initiative", "fire 1", "rest", "bonus bandage"] {
        assert_refused(&s, P0, text, "2.2");
    }

    let s = stances(&s, &[(P0, "guard"), (P1, "guard")], &[]).0;
    for text in ["initiative", "stance lunge"] {
        let m = assert_refused(&s, P1, text, "2.2");
        assert!(m.contains("`fire <duellist>` or `rest`"), "{m}");
    }
    let e = Duel.check_sealed(&s, P1, &cmd("stance guard")).expect_err("stances are chosen");
    assert_eq!(e.rule, "2.2");
}

#[test]
fn rule_2_3_no_command_after_the_end() {
    let s = finished_standard_game();
    assert!(s.is_over());
    for p in [P0, P1] {
        for text in ["initiative", "stance guard", "fire 0", "fire 1", "rest", "bonus sharpen", "bonus bandage"] {
            assert_refused(&s, p, text, "2.3");
        }
        assert!(Duel.legal_commands(&s, p).is_empty());
        assert_eq!(Duel.check_sealed(&s, p, &cmd("stance lunge")).expect_err("over").rule, "2.3");
    }
    match Duel.apply_sealed(&s, &[], &mut NoDice) {
        Err(ApplyError::Rule(e)) => assert_eq!(e.rule, "2.3"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Red kills Blue in round 2.
fn finished_standard_game() -> DuelState {
    let s = to_actions(&start("standard"), &[5, 1], "lunge", "lunge", &[6]);
    let s = step(&s, P0, "fire 1", &[6]); // 8.
    let s = step(&s, P1, "rest", &[]); // Blue 3 HP.
    let s = to_actions(&s, &[5, 1], "lunge", "lunge", &[6]);
    step(&s, P0, "fire 1", &[1]) // 3: Blue is out.
}

// ---------------------------------------------------------------- 3.0 Initiative

#[test]
fn rule_3_1_initiative_is_a_dice_step_rolling_one_die_per_duellist() {
    let s = start("standard");
    match Duel.pending(&s) {
        Pending::Dice { player, prompt } => {
            assert_eq!(player, P0);
            assert!(prompt.contains("`initiative`"), "{prompt}");
        }
        other => panic!("expected a dice step, got {other:?}"),
    }
    assert_eq!(legal_texts(&s, P0), ["initiative"]);
    // Legal, but waiting for dice; also when only some of the dice are there.
    assert_eq!(Duel.apply(&s, P0, &cmd("initiative"), &mut NoDice).map(|_| ()), Err(ApplyError::NeedDice));
    let mut one = ScriptedDice::new(&[4]);
    assert_eq!(Duel.apply(&s, P0, &cmd("initiative"), &mut one).map(|_| ()), Err(ApplyError::NeedDice));
    let (next, events) = play(&s, P0, "initiative", &[4, 2]);
    assert_eq!(texts(&events), ["Round 1 initiative: Red rolls 4, Blue rolls 2; order Red, Blue"]);
    assert_eq!(events[0].data["rolls"], serde_json::json!([{"duellist": 0, "roll": 4}, {"duellist": 1, "roll": 2}]));
    assert_eq!((next.duellists()[0].initiative, next.duellists()[1].initiative), (Some(4), Some(2)));
}

#[test]
fn rule_3_1_the_lowest_player_with_a_living_duellist_rolls() {
    let s = start("melee");
    let s = step(&s, P0, "initiative", &[6, 1, 2]);
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    let s = step(&s, P0, "bonus sharpen", &[]);
    let s = step(&s, P0, "fire 1", &[6]); // 6 + 1 + 1 + 1 = 9: Blue out.
    let s = step(&s, P2, "fire 0", &[6]); // 6 + 1 + 1 = 8: Red out, Green wins.
    assert!(s.is_over());
    // Kill Red first instead: player 1 rolls next round.
    let s = start("melee");
    let s = step(&s, P0, "initiative", &[1, 6, 2]);
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "guard")], &[]).0;
    let s = step(&s, P1, "bonus sharpen", &[]);
    let s = step(&s, P1, "fire 0", &[5]); // 5 + 1 + 1 + 1 = 8: Red out.
    let s = step(&s, P2, "rest", &[]);
    assert!(matches!(Duel.pending(&s), Pending::Dice { player: P1, .. }));
    assert_refused(&s, P0, "initiative", "2.1");
}

#[test]
fn rule_3_2_highest_roll_first_ties_to_the_lower_number() {
    let order = |faces: &[u32], scenario: &str| -> Vec<usize> {
        match step(&start(scenario), P0, "initiative", faces).phase() {
            Phase::Stance { order } => order.clone(),
            other => panic!("expected the stance step, got {other:?}"),
        }
    };
    assert_eq!(order(&[2, 5], "standard"), [1, 0]);
    assert_eq!(order(&[4, 4], "standard"), [0, 1]);
    assert_eq!(order(&[3, 5, 3], "melee"), [1, 0, 2]);
    assert_eq!(order(&[1, 1, 6], "melee"), [2, 0, 1]);
    // And the action step follows that order.
    let s = to_actions(&start("standard"), &[2, 5], "guard", "guard", &[]);
    assert_eq!(s.acting(), Some(1));
}

#[test]
fn rule_3_3_a_six_earns_a_bonus() {
    let (s, events) = play(&start("melee"), P0, "initiative", &[6, 2, 6]);
    assert_eq!(
        texts(&events),
        ["Round 1 initiative: Red rolls 6, Blue rolls 2, Green rolls 6; order Red, Green, Blue; Red earns a bonus; \
          Green earns a bonus"]
    );
    assert_eq!(events[0].data["bonus"], serde_json::json!([0, 2]));
    assert!(s.bonus_due(0) && !s.bonus_due(1) && s.bonus_due(2));
}

// ---------------------------------------------------------------- 4.0 Stance

#[test]
fn rule_4_1_stances_are_a_sealed_step() {
    let s = step(&start("standard"), P0, "initiative", &[3, 4]);
    match Duel.pending(&s) {
        Pending::Sealed { step, players, prompt } => {
            assert_eq!(step, "round-1");
            assert_eq!(players, [P0, P1]);
            assert!(prompt.contains("`stance guard`"), "{prompt}");
        }
        other => panic!("expected a sealed step, got {other:?}"),
    }
    for p in [P0, P1] {
        assert_eq!(legal_texts(&s, p), ["stance guard", "stance lunge"]);
        for st in ["stance guard", "stance lunge"] {
            assert_eq!(Duel.check_sealed(&s, p, &cmd(st)), Ok(()));
            // Never as an ordinary command: that would reveal it.
            assert_refused(&s, p, st, "4.1");
        }
        for other in ["fire 1", "rest", "initiative", "bonus sharpen"] {
            assert_eq!(Duel.check_sealed(&s, p, &cmd(other)).expect_err(other).rule, "4.1");
        }
    }
    let sealed = |choices: &[(PlayerId, &str)]| {
        let choices: Vec<(PlayerId, DuelCommand)> = choices.iter().map(|(p, c)| (*p, cmd(c))).collect();
        Duel.apply_sealed(&s, &choices, &mut NoDice)
    };
    let rule_of = |r: Result<_, ApplyError>| match r {
        Err(ApplyError::Rule(e)) => e.rule,
        Err(ApplyError::NeedDice) => "need dice".into(),
        Ok(_) => "accepted".into(),
    };
    assert_eq!(rule_of(sealed(&[(P0, "stance guard")])), "4.1", "player 1 missing");
    assert_eq!(rule_of(sealed(&[])), "4.1");
    assert_eq!(rule_of(sealed(&[(P0, "stance guard"), (P0, "stance lunge"), (P1, "stance guard")])), "4.1");
    assert_eq!(rule_of(sealed(&[(P0, "stance guard"), (P1, "rest")])), "4.1");
    // Refusals come before the clash die (rule 4.4) would be rolled.
    assert_eq!(rule_of(sealed(&[(P0, "stance lunge")])), "4.1");
    assert_eq!(rule_of(sealed(&[(P0, "stance lunge"), (P0, "stance lunge"), (P1, "stance lunge")])), "4.1");
    assert_eq!(rule_of(sealed(&[(P0, "stance lunge"), (P1, "stance lunge")])), "need dice");
    assert_eq!(rule_of(sealed(&[(P0, "stance lunge"), (P1, "stance guard")])), "accepted");
    // Revealed together; any order of the list.
    let (next, events) = stances(&s, &[(P1, "lunge"), (P0, "guard")], &[]);
    assert_eq!(texts(&events), ["Round 1 stances: Red guards, Blue lunges"]);
    assert_eq!(next.duellists()[0].stance, Some(Stance::Guard));
    assert_eq!(next.duellists()[1].stance, Some(Stance::Lunge));
    // The step is named after the round.
    let s = step(&next, P1, "rest", &[]);
    let s = step(&s, P0, "rest", &[]);
    let s = step(&s, P0, "initiative", &[1, 1]);
    assert!(matches!(Duel.pending(&s), Pending::Sealed { step, .. } if step == "round-2"));
}

#[test]
fn rule_4_2_one_stance_for_all_of_a_players_duellists() {
    let data = ScenarioData::load("melee").expect("melee");
    let seats = seats_with("melee", &[&["blue"], &["red", "green"]]);
    let s = DuelState::new(&data, &seats).expect("state");
    let s = step(&s, P0, "initiative", &[1, 2, 3]);
    let s = stances(&s, &[(P0, "lunge"), (P1, "guard")], &[]).0;
    let got: Vec<Option<Stance>> = s.duellists().iter().map(|d| d.stance).collect();
    assert_eq!(got, [Some(Stance::Guard), Some(Stance::Lunge), Some(Stance::Guard)]);
}

#[test]
fn rule_4_3_lunge_and_guard_change_damage() {
    // (firer's stance, target's stance, roll, damage)
    let cases = [
        ("guard", "guard", 4, 2),
        ("guard", "guard", 5, 2),
        ("guard", "guard", 1, 0),
        ("lunge", "guard", 4, 2),
        ("lunge", "guard", 5, 3),
        ("guard", "lunge", 4, 5),
        ("lunge", "lunge", 4, 6),
        ("lunge", "lunge", 6, 8),
    ];
    for (firer, target, roll, damage) in cases {
        // Both lunging clash (rule 4.4); a 4 does no harm.
        let clash: &[u32] = if (firer, target) == ("lunge", "lunge") { &[4] } else { &[] };
        let s = to_actions(&start("standard"), &[2, 1], firer, target, clash);
        let (s, events) = play(&s, P0, "fire 1", &[roll]);
        assert_eq!(s.hp(1), 10 - damage, "{firer} vs {target}, roll {roll}");
        assert_eq!(events[0].data["damage"], damage);
    }
    // A stance lasts to the end of the round only.
    let s = to_actions(&start("standard"), &[2, 1], "lunge", "guard", &[]);
    let s = step(&s, P0, "rest", &[]);
    let s = step(&s, P1, "rest", &[]);
    assert!(s.duellists().iter().all(|d| d.stance.is_none() && d.initiative.is_none()));
}

#[test]
fn rule_4_4_all_lunge_clash_on_1_or_2_costs_each_1_hp() {
    let s = step(&start("standard"), P0, "initiative", &[2, 1]);
    // Legal, and waiting only for the clash die; the state is untouched.
    let choices = [(P0, cmd("stance lunge")), (P1, cmd("stance lunge"))];
    assert_eq!(Duel.apply_sealed(&s, &choices, &mut NoDice).map(|_| ()), Err(ApplyError::NeedDice));
    for roll in [1, 2] {
        let (next, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[roll]);
        assert_eq!(
            texts(&events),
            [
                "Round 1 stances: Red lunges, Blue lunges".to_string(),
                format!("Clash: Red, Blue all lunge; rolls {roll}: each loses 1 HP (Red 9 HP, Blue 9 HP)"),
            ]
        );
        assert_eq!(
            events[1].data,
            serde_json::json!({
                "event": "clash", "round": 1, "roll": roll, "hurt": true, "duellists": [0, 1], "hp": [9, 9]
            })
        );
        assert_eq!((next.hp(0), next.hp(1)), (9, 9));
        // The stances still hold, and the action step starts as usual.
        assert!(next.duellists().iter().all(|d| d.stance == Some(Stance::Lunge)));
        assert!(matches!(Duel.pending(&next), Pending::Command { player: P0, .. }));
        let (next, events) = play(&next, P0, "fire 1", &[3]);
        assert_eq!(texts(&events), ["Red fires at Blue: rolls 3, +1 lunge, Blue lunges (+1): 5 damage (Blue 4 HP)"]);
        assert_eq!(next.hp(1), 4);
    }
    // Every lunging duellist of the melee loses 1 HP.
    let s = step(&start("melee"), P0, "initiative", &[3, 2, 1]);
    let (next, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[1]);
    assert_eq!(
        texts(&events)[1],
        "Clash: Red, Blue, Green all lunge; rolls 1: each loses 1 HP (Red 7 HP, Blue 7 HP, Green 7 HP)"
    );
    assert_eq!(events[1].data["roll"], 1);
    assert!(next.duellists().iter().all(|d| d.hp == 7));
}

#[test]
fn rule_4_4_clash_on_3_to_6_does_no_harm() {
    let s = step(&start("standard"), P0, "initiative", &[2, 1]);
    for roll in 3..=6 {
        let (next, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[roll]);
        assert_eq!(
            texts(&events),
            [
                "Round 1 stances: Red lunges, Blue lunges".to_string(),
                format!("Clash: Red, Blue all lunge; rolls {roll}: no harm"),
            ]
        );
        assert_eq!(
            events[1].data,
            serde_json::json!({
                "event": "clash", "round": 1, "roll": roll, "hurt": false, "duellists": [0, 1], "hp": [10, 10]
            })
        );
        assert_eq!((next.hp(0), next.hp(1)), (10, 10));
        assert!(matches!(Duel.pending(&next), Pending::Command { player: P0, .. }));
    }
}

#[test]
fn rule_4_4_no_clash_unless_every_living_duellist_lunges() {
    // Standard: any guard means no die and no clash (`stances` checks that no die is used
    // and that the same choices resolve without dice).
    let s = step(&start("standard"), P0, "initiative", &[2, 1]);
    for (red, blue) in [("lunge", "guard"), ("guard", "lunge"), ("guard", "guard")] {
        let (next, events) = stances(&s, &[(P0, red), (P1, blue)], &[]);
        assert_eq!(events.len(), 1, "{red}/{blue}: only the stances are revealed");
        assert_eq!(events[0].data["event"], "stances");
        assert_eq!((next.hp(0), next.hp(1)), (10, 10));
    }
    // Melee, three players: two lunge and one guards: no roll, even with a 1 at hand.
    let s = step(&start("melee"), P0, "initiative", &[3, 2, 1]);
    for guard in [P0, P1, P2] {
        let choices: Vec<(PlayerId, DuelCommand)> = [P0, P1, P2]
            .into_iter()
            .map(|p| (p, cmd(if p == guard { "stance guard" } else { "stance lunge" })))
            .collect();
        let without = Duel.apply_sealed(&s, &choices, &mut NoDice).expect("no die needed");
        let mut one = ScriptedDice::new(&[1]);
        let with = Duel.apply_sealed(&s, &choices, &mut one).expect("resolves");
        assert_eq!(one.used(), 0, "{guard} guards: no clash die");
        assert_eq!((&with.state, &with.events), (&without.state, &without.events));
        assert_eq!(texts(&with.events).len(), 1);
        assert!(with.state.duellists().iter().all(|d| d.hp == 8));
    }
    // Duellists that are out do not count: with Green out, Red and Blue lunging clash.
    let s = step(&start("melee"), P0, "initiative", &[5, 4, 3]); // Red, Blue, Green.
    let s = stances(&s, &[(P0, "guard"), (P1, "guard"), (P2, "lunge")], &[]).0;
    let s = step(&s, P0, "fire 2", &[6]); // 6 + 1 lunging target = 7: Green 1 HP.
    let s = step(&s, P1, "fire 2", &[1]); // 1 + 1 = 2: Green out.
    assert_eq!(s.living(), [0, 1]);
    let s = step(&s, P0, "initiative", &[2, 1]);
    let (s, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[2]);
    assert_eq!(texts(&events)[1], "Clash: Red, Blue all lunge; rolls 2: each loses 1 HP (Red 7 HP, Blue 7 HP)");
    assert_eq!(s.hp(2), 0);
    // A player's one stance goes to all of its duellists (rule 4.2): player 0 runs Red
    // and Green; both lunge with Blue, so all three clash; Blue guarding means no clash.
    let data = ScenarioData::load("melee").expect("melee");
    let s = DuelState::new(&data, &seats_with("melee", &[&["red", "green"], &["blue"]])).expect("state");
    let s = step(&s, P0, "initiative", &[3, 2, 1]);
    let (next, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[1]);
    assert_eq!(events[1].data["duellists"], serde_json::json!([0, 1, 2]));
    assert!(next.duellists().iter().all(|d| d.hp == 7));
    let (next, events) = stances(&s, &[(P0, "lunge"), (P1, "guard")], &[]);
    assert_eq!(events.len(), 1);
    assert!(next.duellists().iter().all(|d| d.hp == 8));
}

#[test]
fn rule_4_4_clash_can_put_duellists_out_and_end_the_game() {
    // Both at 1 HP: the clash puts both out, no duellist is left standing (rule 7.1).
    let s = to_actions(&start("standard"), &[2, 1], "lunge", "lunge", &[6]);
    let s = step(&s, P0, "fire 1", &[6]); // 8: Blue 2 HP.
    let s = step(&s, P1, "fire 0", &[6]); // 8: Red 2 HP.
    let s = to_actions(&s, &[2, 1], "guard", "guard", &[]);
    let s = step(&s, P0, "fire 1", &[2]); // 1: Blue 1 HP.
    let s = step(&s, P1, "fire 0", &[3]); // 1: Red 1 HP.
    assert_eq!((s.hp(0), s.hp(1), s.round()), (1, 1, 3));
    let s = step(&s, P0, "initiative", &[2, 1]);
    let (s, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[1]);
    assert_eq!(
        texts(&events),
        [
            "Round 3 stances: Red lunges, Blue lunges",
            "Clash: Red, Blue all lunge; rolls 1: each loses 1 HP (Red 0 HP, Blue 0 HP)",
            "Red is out",
            "Blue is out",
            "Game over: No duellist is left standing after round 3",
        ]
    );
    assert_eq!(events[1].data["roll"], 1);
    assert_eq!(events[2].data, serde_json::json!({"event": "out", "round": 3, "duellist": 0}));
    assert_eq!(events[3].data, serde_json::json!({"event": "out", "round": 3, "duellist": 1}));
    assert_eq!(
        events[4].data,
        serde_json::json!({"event": "over", "round": 3, "how": "last_standing", "duellists": [], "winners": []})
    );
    assert!(s.is_over());
    assert!(s.living().is_empty());
    assert_eq!(
        Duel.pending(&s),
        Pending::Over { result: "No duellist is left standing after round 3".into(), winners: vec![] }
    );
    assert_eq!(
        Duel.summary(&s),
        "Duel, scenario standard: round 3 of 6\n  0 Red Duellist (player 0): out\n  \
         1 Blue Duellist (player 1): out\nGame over: No duellist is left standing after round 3"
    );
    for p in [P0, P1] {
        assert!(Duel.legal_commands(&s, p).is_empty());
        assert_refused(&s, p, "initiative", "2.3");
    }

    // Only one left standing: it wins at once, before anyone acts.
    let s = to_actions(&start("standard"), &[1, 2], "lunge", "lunge", &[6]); // Blue first.
    let s = step(&s, P1, "fire 0", &[6]); // 8: Red 2 HP.
    let s = step(&s, P0, "fire 1", &[4]); // 6: Blue 4 HP.
    let s = to_actions(&s, &[1, 2], "guard", "guard", &[]);
    let s = step(&s, P1, "fire 0", &[2]); // 1: Red 1 HP.
    let s = step(&s, P0, "fire 1", &[1]); // 0.
    let s = step(&s, P0, "initiative", &[1, 2]);
    let (s, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[2]);
    assert_eq!(
        texts(&events)[1..],
        [
            "Clash: Red, Blue all lunge; rolls 2: each loses 1 HP (Red 0 HP, Blue 3 HP)",
            "Red is out",
            "Game over: Blue Duellist wins in round 3: the last duellist standing, with 3 HP",
        ]
    );
    assert_eq!(
        Duel.pending(&s),
        Pending::Over {
            result: "Blue Duellist wins in round 3: the last duellist standing, with 3 HP".into(),
            winners: vec![P1]
        }
    );

    // In the melee the clash may put one duellist out and the fight goes on without it.
    let s = step(&start("melee"), P0, "initiative", &[5, 3, 1]); // Red, Blue, Green.
    let s = stances(&s, &[(P0, "guard"), (P1, "guard"), (P2, "guard")], &[]).0;
    let s = step(&s, P0, "rest", &[]);
    let s = step(&s, P1, "fire 0", &[6]); // 3: Red 5 HP.
    let s = step(&s, P2, "fire 0", &[6]); // 3: Red 2 HP.
    let s = step(&s, P0, "initiative", &[1, 5, 3]); // Blue, Green, Red.
    let s = stances(&s, &[(P0, "guard"), (P1, "guard"), (P2, "guard")], &[]).0;
    let s = step(&s, P1, "fire 0", &[2]); // 1: Red 1 HP.
    let s = step(&s, P2, "rest", &[]);
    let s = step(&s, P0, "fire 1", &[1]); // 0.
    let s = step(&s, P0, "initiative", &[5, 3, 1]); // Red, Blue, Green.
    let (s, events) = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[1]);
    assert_eq!(
        texts(&events)[1..],
        ["Clash: Red, Blue, Green all lunge; rolls 1: each loses 1 HP (Red 0 HP, Blue 7 HP, Green 7 HP)", "Red is out"]
    );
    assert!(!s.is_over());
    assert_eq!(s.living(), [1, 2]);
    // Red, first in the order, is out before its turn (rule 5.1): Blue acts.
    assert_eq!(s.acting(), Some(1));
    assert_eq!(legal_texts(&s, P1), ["fire 2", "rest"]);
    assert!(Duel.summary(&s).contains("0 Red Duellist (player 0): out\n"));
}

// ---------------------------------------------------------------- 5.0 Actions

#[test]
fn rule_5_1_duellists_act_in_initiative_order_and_the_fallen_skip() {
    let s = step(&start("melee"), P0, "initiative", &[2, 5, 1]); // Blue, Red, Green.
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    assert_eq!(pending_player(&s), P1);
    let s = step(&s, P1, "fire 2", &[4]); // 6.
    assert_eq!(pending_player(&s), P0);
    let (s, events) = play(&s, P0, "fire 2", &[1]); // 3: Green out before its turn.
    assert_eq!(
        texts(&events),
        [
            "Red fires at Green: rolls 1, +1 lunge, Green lunges (+1): 3 damage (Green 0 HP)",
            "Green is out",
            "Round 2 begins"
        ]
    );
    assert_eq!(s.round(), 2);
}

#[test]
fn rule_5_2_a_duellist_fires_or_rests() {
    let s = to_actions(&start("standard"), &[1, 2], "guard", "guard", &[]);
    assert_eq!(legal_texts(&s, P1), ["fire 0", "rest"]);
    match Duel.pending(&s) {
        Pending::Command { player, prompt } => {
            assert_eq!(player, P1);
            assert_eq!(prompt, "Round 1: Blue Duellist acts: `fire 0` (Red) or `rest`");
        }
        other => panic!("expected a command, got {other:?}"),
    }
    let s = step(&s, P1, "rest", &[]);
    assert_eq!(legal_texts(&s, P0), ["fire 1", "rest"]);
    let s = step(&s, P0, "rest", &[]);
    assert_eq!(s.round(), 2, "both have acted: the round ends");
}

#[test]
fn rule_5_3_fire_only_at_a_living_opponent() {
    let s = to_actions(&start("standard"), &[2, 1], "guard", "guard", &[]);
    let m = assert_refused(&s, P0, "fire 0", "5.3");
    assert_eq!(m, "Red Duellist may not fire at itself, only at a living opponent");
    for text in ["fire 2", "fire 7", "fire 255"] {
        let m = assert_refused(&s, P0, text, "5.3");
        assert!(m.starts_with("there is no duellist"), "{m}");
    }
    // At a duellist that is out: see also rule 1.4.
    let s = step(&start("melee"), P0, "initiative", &[4, 5, 6]); // Green, Blue, Red.
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    let s = step(&s, P2, "bonus sharpen", &[]);
    let s = step(&s, P2, "fire 0", &[5]); // 5 + 1 + 1 + 1 = 8: Red out.
    let m = assert_refused(&s, P1, "fire 0", "5.3");
    assert_eq!(m, "Red Duellist is out; a duellist may fire only at a living opponent");
    assert_eq!(legal_texts(&s, P1), ["fire 2", "rest"]);
}

#[test]
fn rule_5_4_fire_rolls_one_die_for_damage() {
    let s = to_actions(&start("standard"), &[2, 1], "lunge", "guard", &[]);
    // Legal, waiting for its die; the state is untouched.
    assert_eq!(Duel.apply(&s, P0, &cmd("fire 1"), &mut NoDice).map(|_| ()), Err(ApplyError::NeedDice));
    let (next, events) = play(&s, P0, "fire 1", &[4]);
    assert_eq!(texts(&events), ["Red fires at Blue: rolls 4, +1 lunge, Blue guards (halved): 2 damage (Blue 8 HP)"]);
    assert_eq!(
        events[0].data,
        serde_json::json!({
            "event": "fire", "round": 1, "attacker": 0, "target": 1, "roll": 4, "lunge": true,
            "sharpened": false, "target_stance": "guard", "damage": 2, "hp": 8
        })
    );
    assert_eq!(next.hp(1), 8);
    assert_eq!(next.hp(0), 10);
    let (next, events) = play(&next, P1, "fire 0", &[3]);
    assert_eq!(texts(&events)[0], "Blue fires at Red: rolls 3, Red lunges (+1): 4 damage (Red 6 HP)");
    assert_eq!(next.hp(0), 6);
}

#[test]
fn rule_5_5_rest_regains_one_hp_up_to_the_start() {
    let s = to_actions(&start("standard"), &[2, 1], "lunge", "lunge", &[6]);
    let s = step(&s, P0, "fire 1", &[2]); // 4.
    let (s, events) = play(&s, P1, "rest", &[]);
    assert_eq!(texts(&events)[0], "Blue rests: +1 HP (Blue 7 HP)");
    assert_eq!(events[0].data["gained"], 1);
    assert_eq!(s.hp(1), 7);
    // Resting needs no dice.
    let s = to_actions(&s, &[1, 2], "guard", "guard", &[]);
    assert!(Duel.apply(&s, P1, &cmd("rest"), &mut NoDice).is_ok());
}

// ---------------------------------------------------------------- 6.0 Bonus

#[test]
fn rule_6_1_a_six_must_choose_a_bonus_before_acting() {
    let s = to_actions(&start("standard"), &[6, 3], "guard", "guard", &[]);
    match Duel.pending(&s) {
        Pending::Choice { player, prompt, options } => {
            assert_eq!(player, P0);
            assert_eq!(prompt, "Round 1: Red Duellist rolled a 6 for initiative: choose a bonus before acting");
            assert_eq!(options, ["bonus sharpen", "bonus bandage"]);
            // Every option is a command text the ruleset reads and accepts.
            for o in &options {
                assert!(Duel.apply(&s, player, &cmd(o), &mut NoDice).is_ok(), "{o}");
            }
        }
        other => panic!("expected a choice, got {other:?}"),
    }
    assert_eq!(legal_texts(&s, P0), ["bonus sharpen", "bonus bandage"]);
    for text in ["fire 1", "rest"] {
        let m = assert_refused(&s, P0, text, "6.1");
        assert!(m.contains("must first choose"), "{m}");
    }
    assert_refused(&s, P1, "bonus sharpen", "2.1");
    let (s, events) = play(&s, P0, "bonus bandage", &[]);
    assert_eq!(texts(&events), ["Red bandages: +0 HP (Red 10 HP)"]);
    // Only once.
    let m = assert_refused(&s, P0, "bonus sharpen", "6.1");
    assert!(m.contains("already"), "{m}");
    assert!(matches!(Duel.pending(&s), Pending::Command { player: P0, .. }));
    let s = step(&s, P0, "rest", &[]);
    // Blue rolled 3: no bonus.
    assert!(matches!(Duel.pending(&s), Pending::Command { player: P1, .. }));
    let m = assert_refused(&s, P1, "bonus bandage", "6.1");
    assert!(m.contains("only a duellist that rolled a 6"), "{m}");
}

#[test]
fn rule_6_2_sharpen_adds_one_to_this_rounds_fire() {
    let s = to_actions(&start("standard"), &[6, 3], "lunge", "lunge", &[6]);
    let (s, events) = play(&s, P0, "bonus sharpen", &[]);
    assert_eq!(texts(&events), ["Red sharpens: +1 damage on this round's fire"]);
    let (s, events) = play(&s, P0, "fire 1", &[2]);
    assert_eq!(
        texts(&events),
        ["Red fires at Blue: rolls 2, +1 lunge, +1 sharpened, Blue lunges (+1): 5 damage (Blue 5 HP)"]
    );
    assert_eq!(events[0].data["sharpened"], true);
    let s = step(&s, P1, "rest", &[]);
    // Gone next round.
    let s = to_actions(&s, &[2, 1], "lunge", "lunge", &[6]);
    let (_, events) = play(&s, P0, "fire 1", &[2]);
    assert_eq!(events[0].data["damage"], 4);
}

#[test]
fn rule_6_3_bandage_regains_two_hp_up_to_the_start() {
    let s = to_actions(&start("standard"), &[1, 2], "guard", "lunge", &[]);
    let s = step(&s, P1, "fire 0", &[6]); // 6 + 1 = 7, halved: 3. Red 7.
    let s = step(&s, P0, "rest", &[]); // Red 8.
    let s = to_actions(&s, &[6, 2], "guard", "guard", &[]);
    let (s, events) = play(&s, P0, "bonus bandage", &[]);
    assert_eq!(texts(&events), ["Red bandages: +2 HP (Red 10 HP)"]);
    assert_eq!(s.hp(0), 10);
    assert_eq!(events[0].data["gained"], 2);
    // Still Red's action.
    assert_eq!(legal_texts(&s, P0), ["fire 1", "rest"]);
    let s = step(&s, P0, "rest", &[]);
    assert_eq!(s.hp(0), 10);
}

// ---------------------------------------------------------------- 7.0 Winning

#[test]
fn rule_7_1_the_last_one_standing_wins_at_once() {
    let s = to_actions(&start("standard"), &[5, 1], "lunge", "lunge", &[6]);
    let s = step(&s, P0, "fire 1", &[6]);
    let s = step(&s, P1, "rest", &[]);
    let s = to_actions(&s, &[1, 5], "lunge", "lunge", &[6]); // Blue first this time.
    let s = step(&s, P1, "rest", &[]); // Blue 4.
    let (s, events) = play(&s, P0, "fire 1", &[2]); // 4: out, in the middle of nothing.
    assert_eq!(
        texts(&events),
        [
            "Red fires at Blue: rolls 2, +1 lunge, Blue lunges (+1): 4 damage (Blue 0 HP)",
            "Blue is out",
            "Game over: Red Duellist wins in round 2: the last duellist standing, with 10 HP"
        ]
    );
    assert_eq!(events[2].data["winners"], serde_json::json!([0]));
    assert_eq!(
        Duel.pending(&s),
        Pending::Over {
            result: "Red Duellist wins in round 2: the last duellist standing, with 10 HP".into(),
            winners: vec![P0]
        }
    );
}

#[test]
fn rule_7_1_the_game_ends_before_the_others_act() {
    let s = step(&start("melee"), P0, "initiative", &[6, 1, 2]); // Red, Green, Blue.
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    let s = step(&s, P0, "bonus sharpen", &[]);
    let s = step(&s, P0, "fire 2", &[6]); // 9: Green out.
    let s = to_actions_melee(&step(&s, P1, "rest", &[]), &[1, 6]);
    let s = step(&s, P1, "bonus sharpen", &[]);
    let (s, events) = play(&s, P1, "fire 0", &[5]); // 5 + 1 + 1 + 1 = 8: Red out before acting.
    assert_eq!(
        texts(&events).last().copied(),
        Some("Game over: Blue Duellist wins in round 2: the last duellist standing, with 8 HP")
    );
    assert!(matches!(Duel.pending(&s), Pending::Over { winners, .. } if winners == [P1]));
}

/// Melee with Green out: initiative for Red and Blue, both lunge and clash harmlessly.
fn to_actions_melee(s: &DuelState, rolls: &[u32]) -> DuelState {
    let s = step(s, P0, "initiative", rolls);
    stances(&s, &[(P0, "lunge"), (P1, "lunge")], &[6]).0
}

#[test]
fn rule_7_2_after_the_last_round_most_hp_wins() {
    let mut s = start("standard");
    for round in 1..=6 {
        assert_eq!(s.round(), round);
        s = to_actions(&s, &[2, 1], "guard", "guard", &[]);
        s = step(&s, P0, "fire 1", &[2]); // 1 damage.
        s = step(&s, P1, "rest", &[]);
    }
    // Blue loses 1 HP and rests it back every round: both end on 10 HP, a draw.
    assert!(s.is_over());
    assert_eq!(
        Duel.pending(&s),
        Pending::Over {
            result: "Draw after 6 rounds: Red Duellist and Blue Duellist share the most HP (10)".into(),
            winners: vec![P0, P1]
        }
    );

    let mut s = start("standard");
    for _ in 1..=6 {
        s = to_actions(&s, &[2, 1], "guard", "guard", &[]);
        s = step(&s, P0, "fire 1", &[2]);
        s = step(&s, P1, "fire 0", &[1]); // 0 damage.
    }
    assert_eq!(
        Duel.pending(&s),
        Pending::Over { result: "Red Duellist wins on HP after 6 rounds, with 10 HP".into(), winners: vec![P0] }
    );
    assert_eq!(s.hp(1), 4);
}

#[test]
fn rule_7_2_a_draw_lists_every_tied_player() {
    // Melee: Green is put out, Red and Blue tie.
    let s = step(&start("melee"), P0, "initiative", &[5, 4, 3]); // Red, Blue, Green.
    let s = stances(&s, &[(P0, "lunge"), (P1, "lunge"), (P2, "lunge")], &[6]).0;
    let s = step(&s, P0, "fire 2", &[6]); // 8: Green out.
    let mut s = step(&s, P1, "rest", &[]);
    for _ in 2..=5 {
        s = to_actions_melee(&s, &[3, 3]);
        s = step(&s, P0, "rest", &[]);
        s = step(&s, P1, "rest", &[]);
    }
    match Duel.pending(&s) {
        Pending::Over { result, winners } => {
            assert_eq!(result, "Draw after 5 rounds: Red Duellist and Blue Duellist share the most HP (8)");
            assert_eq!(winners, [P0, P1]);
        }
        other => panic!("expected the end, got {other:?}"),
    }
}

// ---------------------------------------------------------------- The rule book itself

#[test]
fn every_rule_cited_by_the_code_is_in_the_rule_book() {
    let rules = include_str!("../RULES.md");
    let sources = [
        include_str!("../src/lib.rs"),
        include_str!("../src/state.rs"),
        include_str!("../src/scenario.rs"),
        include_str!("../src/command.rs"),
        include_str!("../src/powder.rs"),
    ];
    let mut cited = Vec::new();
    for src in sources {
        for (i, _) in src.match_indices("RuleError::new(") {
            let rest = src[i + "RuleError::new(".len()..].trim_start();
            // A literal rule number (a variable message such as `fn bad` passes it on).
            if let Some(rest) = rest.strip_prefix('"') {
                cited.push(rest[..rest.find('"').expect("closing quote")].to_string());
            }
        }
    }
    cited.sort();
    cited.dedup();
    assert_eq!(cited, ["1.5", "2.1", "2.2", "2.3", "4.1", "5.3", "6.1", "8.1", "8.2", "8.3", "8.4", "input"]);
    assert!(rules.contains("`input`"), "the pseudo-rule for unreadable commands is described");
    for number in cited.iter().filter(|n| *n != "input") {
        assert!(rules.contains(&format!("**{number} ")), "rule {number} is cited but not in RULES.md");
    }
}

// ---------------------------------------------------------------- 8.0 Concealed powder

/// Prime `grains` as player `p`'s concealed command `index`: whole (`known`, as its owner
/// replays it) or by its projection alone (as the opponent does).
fn prime(s: &DuelState, p: PlayerId, grains: u8, index: u32, known: bool) -> Result<DuelState, ApplyError> {
    let concealed = grognard_engine::Concealed {
        index,
        public: DuelCommand::Primed,
        full: known.then_some(DuelCommand::Prime { grains }),
        opened: false,
    };
    Duel.apply_concealed(s, p, &concealed, &mut NoDice).map(|a| a.state)
}

/// The powder scenario at Red's (player 0's) first action.
fn powder_action() -> DuelState {
    to_actions(&start("powder"), &[5, 2], "guard", "guard", &[])
}

#[test]
fn rule_8_1_each_duellist_starts_with_the_scenarios_powder_and_others_have_none() {
    let s = start("powder");
    let pouches = &s.powder().expect("powder").pouches;
    assert!(pouches.iter().all(|p| p.grains == Some(6) && p.charge.is_none()));
    assert!(start("standard").powder().is_none());
    let s = to_actions(&start("standard"), &[5, 2], "guard", "guard", &[]);
    assert_refused(&s, P0, "prime 1", "8.1");
}

#[test]
fn rule_8_2_a_prime_is_concealed_and_never_given_in_the_clear() {
    let s = powder_action();
    assert_eq!(Duel.conceal(&s, P0, &cmd("prime 2")), Some(DuelCommand::Primed));
    assert_eq!(Duel.conceal(&s, P0, &cmd("rest")), None);
    assert_refused(&s, P0, "prime 2", "8.2");
    assert!(legal_texts(&s, P0).contains(&"prime 3".to_string()), "listed: the client conceals it");
}

#[test]
fn rule_8_2_a_charge_holds_one_to_three_grains_of_those_left() {
    let s = powder_action();
    for bad in [0, 4] {
        let Err(ApplyError::Rule(e)) = prime(&s, P0, bad, 0, true) else { panic!("prime {bad} accepted") };
        assert_eq!(e.rule, "8.2", "{e}");
    }
    let s = prime(&s, P0, 3, 0, true).expect("prime 3");
    assert_eq!(s.powder().expect("powder").pouches[0].grains, Some(3));
    let s = fire_charge(&s);
    let s = prime(&s, P0, 2, 1, true).expect("prime 2 of the 3 left");
    let s = fire_charge(&s);
    let Err(ApplyError::Rule(e)) = prime(&s, P0, 2, 2, true) else { panic!("only 1 grain was left") };
    assert!(e.rule == "8.2" && e.message.contains("has 1 grains"), "{e}");
    assert!(prime(&s, P0, 1, 2, true).is_ok());
}

/// Blue rests; next round Red fires its charge (opened, rolled 1), Blue rests; the round
/// after, Red acts again.
fn fire_charge(s: &DuelState) -> DuelState {
    let s = step(s, P1, "rest", &[]);
    let s = to_actions(&s, &[5, 2], "guard", "guard", &[]);
    let s = step(&s, P0, "fire 1", &[]);
    let s = Duel.apply_opened(&s, P0, &mut ScriptedDice::new(&[1])).expect("opened").state;
    let s = step(&s, P1, "rest", &[]);
    to_actions(&s, &[5, 2], "guard", "guard", &[])
}

#[test]
fn rule_8_2_the_opponent_sees_a_charge_of_unknown_size() {
    let s = powder_action();
    let seen = prime(&s, P0, 2, 0, false).expect("the projection alone");
    let pouch = &seen.powder().expect("powder").pouches[0];
    assert_eq!((pouch.grains, pouch.charge.as_ref().map(|c| (c.index, c.grains))), (None, Some((0, None))));
    let own = prime(&s, P0, 2, 0, true).expect("whole");
    let view = Duel.player_view(&own, grognard_engine::Viewer::Player(P1));
    assert_eq!(view, seen, "the owner's state, seen by the opponent, is the opponent's own replay");
    assert_ne!(Duel.player_view(&own, grognard_engine::Viewer::Player(P0)), seen);
}

#[test]
fn rule_8_3_a_duellist_holds_one_charge_at_a_time() {
    let s = prime(&powder_action(), P0, 1, 0, true).expect("prime");
    let s = step(&s, P1, "rest", &[]);
    let s = to_actions(&s, &[5, 2], "guard", "guard", &[]);
    for known in [true, false] {
        let Err(ApplyError::Rule(e)) = prime(&s, P0, 1, 1, known) else { panic!("a second charge") };
        assert_eq!(e.rule, "8.3", "{e}");
    }
}

#[test]
fn rule_8_4_a_fire_with_a_charge_waits_for_its_opening_then_adds_its_grains() {
    let s = prime(&powder_action(), P0, 2, 0, true).expect("prime");
    let s = step(&s, P1, "rest", &[]);
    let s = to_actions(&s, &[5, 2], "lunge", "guard", &[]);
    let s = step(&s, P0, "fire 1", &[]);
    match Duel.pending(&s) {
        Pending::Open { owing, .. } => {
            assert_eq!(owing, [grognard_engine::Owing { player: P0, indices: vec![0] }]);
        }
        other => panic!("expected an opening, got {other:?}"),
    }
    assert_refused(&s, P1, "rest", "8.4");
    assert!(matches!(Duel.apply_opened(&s, P1, &mut NoDice), Err(ApplyError::Rule(e)) if e.rule == "8.4"));
    assert!(matches!(Duel.apply_opened(&s, P0, &mut NoDice), Err(ApplyError::NeedDice)), "then rolled");
    let a = Duel.apply_opened(&s, P0, &mut ScriptedDice::new(&[4])).expect("rolled");
    // 4 + 1 lunge + 2 charge = 7, halved by Blue's guard: 3.
    assert_eq!(a.state.hp(1), 7);
    assert!(a.events[0].text.contains("+2 charge"), "{}", a.events[0].text);
    assert!(a.state.charge(0).is_none(), "the charge is spent");
    // The opponent's replay cannot roll a charge it does not know.
    let seen = prime(&powder_action(), P0, 2, 0, false).expect("prime");
    let seen = step(&seen, P1, "rest", &[]);
    let seen = to_actions(&seen, &[5, 2], "lunge", "guard", &[]);
    let seen = step(&seen, P0, "fire 1", &[]);
    assert!(matches!(Duel.apply_opened(&seen, P0, &mut NoDice), Err(ApplyError::Rule(e)) if e.rule == "8.4"));
}

// ---------------------------------------------------------------- 9.0 Whom a roll concerns

#[test]
fn rule_9_1_a_fire_concerns_the_firers_player_and_the_targets() {
    use grognard_engine::RollCause;
    // In the brawl, players run duellists of their own number; player 0 acts first.
    let s = step(&start("brawl"), P0, "initiative", &[6, 1, 1, 1, 1, 1, 1]);
    let players: Vec<(PlayerId, &str)> = (0..7).map(|p| (PlayerId(p), "guard")).collect();
    let s = stances(&s, &players, &[]).0;
    let s = step(&s, P0, "bonus sharpen", &[]);
    let concerns = |text: &str| Duel.roll_concerns(&s, P0, RollCause::Command(&cmd(text)));
    assert_eq!(concerns("fire 4"), [P0, PlayerId(4)]);
    assert_eq!(concerns("fire 6"), [P0, PlayerId(6)]);
    // Players, not duellists: player 0 runs Green and fires at Blue, whom player 2 runs.
    let seats = seats_with("melee", &[&["green"], &["red"], &["blue"]]);
    let s = Duel.setup(&Setup::scenario("melee"), &seats).expect("setup");
    let s = step(&s, P0, "initiative", &[1, 1, 5]);
    let s = stances(&s, &[(P0, "guard"), (P1, "guard"), (P2, "guard")], &[]).0;
    assert_eq!(Duel.roll_concerns(&s, P0, RollCause::Command(&cmd("fire 1"))), [P0, P2]);
    // A charged fire, rolled once its charge is opened (8.4), concerns its target's player.
    let s = prime(&powder_action(), P0, 2, 0, true).expect("prime");
    let s = step(&s, P1, "rest", &[]);
    let s = to_actions(&s, &[5, 2], "guard", "guard", &[]);
    let s = step(&s, P0, "fire 1", &[]);
    assert_eq!(Duel.roll_concerns(&s, P0, RollCause::Opened), [P0, P1]);
}

#[test]
fn rule_9_2_the_initiative_and_other_commands_name_nobody() {
    use grognard_engine::RollCause;
    let s = start("brawl");
    assert!(Duel.roll_concerns(&s, P0, RollCause::Command(&cmd("initiative"))).is_empty());
    assert!(Duel.roll_concerns(&s, P0, RollCause::Opened).is_empty(), "no fire waits for an opening");
    let s = to_actions(&start("standard"), &[5, 2], "guard", "guard", &[]);
    assert!(Duel.roll_concerns(&s, P0, RollCause::Command(&cmd("rest"))).is_empty());
}
