//! The `odds` aid (11.2): the numbers `attack` would use, before anything is declared, on
//! the combat test ground (fixtures/combat_*.txt).

use crate::combat_harness;

use combat_harness::*;
use grognard_fnc::aids;
use grognard_fnc::Side;

fn odds(ctx: &grognard_fnc::Ctx, s: &grognard_fnc::State, attackers: &[&str], target: &str) -> serde_json::Value {
    match aids::odds::answer(ctx, s, &ids(attackers), hex(target)) {
        Ok(a) => a.json,
        Err(e) => panic!("odds refused: {e}"),
    }
}

#[test]
fn odds_11_2_worked_example_fifteen_against_eleven_in_hills_a_six_gives_aes() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0302"), ("fr-d", "0403"), ("ot-5", "0303"), ("ot-6", "0303")]);
    let before = s.clone();
    let o = odds(&ctx, &s, &["fr-e", "fr-d"], "0303");
    assert_eq!(s, before, "nothing is declared");
    assert_eq!(o["attack_strength"], 15);
    assert_eq!(o["defense_strength"], 11);
    assert_eq!(o["percent"], 136);
    assert_eq!(o["base_column"], "100-149");
    assert_eq!(o["net_shift"], -2);
    assert_eq!(o["shifts"][0]["columns"], -2);
    assert!(o["shifts"][0]["cause"].as_str().unwrap().starts_with("11.6"), "{o}");
    assert_eq!(o["final_column"], "<=49");
    assert_eq!(o["results"][5]["die"], 6);
    assert_eq!(o["results"][5]["result"], "AES");
    assert_eq!(o["results"][5]["rule"], "11.16");
}

#[test]
fn odds_11_2_each_die_face_is_the_result_attack_gets() {
    let ctx = ctx();
    let positions = [
        state(&ctx, 4, Side::First, &[("fr-e", "0302"), ("fr-d", "0403"), ("ot-5", "0303"), ("ot-6", "0303")]),
        state(&ctx, 4, Side::First, &[("fr-a", "0603"), ("fr-b", "0503"), ("ot-3", "0604")]),
    ];
    let battles = [(["fr-e", "fr-d"], "0303"), (["fr-a", "fr-b"], "0604")];
    for (s, (attackers, target)) in positions.iter().zip(battles) {
        let o = odds(&ctx, s, &attackers, target);
        for face in 1..=6u32 {
            let (_, log, _) = attack(&ctx, s, Side::First, &attackers, target, &[], &[face]).expect("legal");
            let b = battle_event(&log);
            let row = &o["results"][face as usize - 1];
            assert_eq!(row["result"], b["result"], "die {face} on {target}");
            for key in
                ["attack_strength", "defense_strength", "percent", "base_column", "shifts", "net_shift", "final_column"]
            {
                assert_eq!(o[key], b[key], "{key} on {target}");
            }
        }
    }
}

#[test]
fn odds_11_3_illegal_declarations_are_refused_with_the_rule_attack_cites() {
    let ctx = ctx();
    let s = state(&ctx, 4, Side::First, &[("fr-e", "0302"), ("fr-d", "0605"), ("ot-5", "0303")]);
    let cases: [(&[&str], &str); 3] = [(&["fr-d"], "0303"), (&["fr-e"], "0304"), (&[], "0303")];
    for (attackers, target) in cases {
        let by_odds = aids::odds::answer(&ctx, &s, &ids(attackers), hex(target)).expect_err("illegal").rule;
        let by_attack = rule_of(attack(&ctx, &s, Side::First, attackers, target, &[], &[1]).expect_err("illegal"));
        assert_eq!(by_odds, by_attack, "{attackers:?} on {target}");
    }
    // Outside the combat phase, as `attack` (11.1).
    let moving = state_in(
        &ctx,
        4,
        grognard_fnc::Phase::Movement,
        Side::First,
        &[(("fr-e"), hex("0302")), ("ot-5", hex("0303"))],
    );
    assert_eq!(aids::odds::answer(&ctx, &moving, &ids(&["fr-e"]), hex("0303")).expect_err("not now").rule, "11.1");
}

#[test]
fn odds_11_10_divisional_integrity_adds_one_to_each_unit_of_the_whole_division() {
    let ctx = ctx();
    // fr-1-1 (5) and fr-1-2 (4), the whole 1st Division in 0302, against ot-6 (6) in clear
    // 0402: (5+1) + (4+1) = 11 against 6 = 183%, column 150-199, no shift.
    let s = state(&ctx, 4, Side::First, &[("fr-1-1", "0302"), ("fr-1-2", "0302"), ("ot-6", "0402")]);
    let o = odds(&ctx, &s, &["fr-1-1", "fr-1-2"], "0402");
    assert_eq!(o["attackers"][0]["division_bonus"], 1);
    assert_eq!(o["attackers"][1]["division_bonus"], 1);
    assert_eq!(o["attack_strength"], 11);
    assert_eq!(o["percent"], 183);
    assert_eq!(o["final_column"], "150-199");
    // fr-1-1 alone is not the whole division: 5 against 6 = 83%.
    let alone = odds(&ctx, &s, &["fr-1-1"], "0402");
    assert_eq!(alone["attack_strength"], 5);
    assert_eq!(alone["percent"], 83);
}
