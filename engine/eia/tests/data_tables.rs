//! The charts of the game card (`data/tables.txt`) and their reader, by rule number.

use grognard_board::area::AreaTerrain;
use grognard_eia::data::tables::{
    outflanking_side, AttackerChit, Charts, CombatTerrain, DefenderChit, Effect, LandResult, Percent, Side, Sides,
    TableId, Tenths, Withdrawal, DIE_ROWS, TABLES_TEXT,
};
use grognard_eia::{FactorKind, Power};

fn charts() -> Charts {
    match Charts::builtin() {
        Ok(charts) => charts,
        Err(e) => panic!("the built-in charts are refused: {e}"),
    }
}

fn table(word: &str) -> TableId {
    TableId::parse(word).unwrap_or_else(|| panic!("`{word}` is not a table"))
}

/// The 1-based number of the first line of `text` that starts with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(start))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line starts with `{start}`"))
}

/// The built-in file with the first line starting with `start` replaced by `by`; the error of
/// parsing it, which must name that line.
fn refuse_replacing(start: &str, by: &str) -> (usize, String) {
    let number = line_of(TABLES_TEXT, start);
    let text: Vec<&str> = TABLES_TEXT.lines().enumerate().map(|(i, l)| if i + 1 == number { by } else { l }).collect();
    match Charts::parse(&text.join("\n")) {
        Ok(_) => panic!("replacing line {number} by `{by}` was accepted"),
        Err(e) => (number, e.to_string()),
    }
}

fn assert_refused_at(start: &str, by: &str, needle: &str) {
    let (number, message) = refuse_replacing(start, by);
    assert!(message.starts_with(&format!("line {number}:")), "expected line {number}, got: {message}");
    assert!(message.contains(needle), "`{message}` does not mention `{needle}`");
}

#[test]
fn the_builtin_file_says_it_is_a_reconstruction_and_parses() {
    assert!(TABLES_TEXT.lines().next().is_some_and(|l| l.contains("RECONSTRUCTION")));
    charts();
}

#[test]
fn r6_3_3_4_naval_combat_example() {
    let charts = charts();
    // France rolls an unmodified 5: 20% of its 31 ships, crossing the 20% line with 20 and
    // then 11 factors: 4 + 2 = 6 British losses.
    let french = charts.naval_percentage(5);
    assert_eq!(french, Some(Percent(20)));
    assert_eq!(charts.casualties(Percent(20), 20), Some(4));
    assert_eq!(charts.casualties(Percent(20), 11), Some(2));
    assert_eq!(charts.casualties(Percent(20), 31), Some(6));
    // Britain rolls a 2, +1 for British fleets: 15% of its 60 - 6 = 54 ships, 20 + 20 + 14
    // factors on the 15% line: 3 + 3 + 2 = 8 French losses.
    let british = charts.naval_percentage(2 + 1);
    assert_eq!(british, Some(Percent(15)));
    assert_eq!(charts.casualties(Percent(15), 14), Some(2));
    assert_eq!(charts.casualties(Percent(15), 60 - 6), Some(8));
    // 6.3.5.4: France lost 8 ships to Britain's 6.
}

#[test]
fn r6_3_3_2_naval_table_has_every_modified_die_and_grows_with_it() {
    let charts = charts();
    assert_eq!(charts.naval_percentage(-1), None);
    assert_eq!(charts.naval_percentage(8), None);
    let mut previous = Percent(0);
    for die in DIE_ROWS {
        let die = i32::try_from(die).unwrap_or(0);
        let percent = charts.naval_percentage(die).unwrap_or(Percent(0));
        assert!(percent > previous || (die > 0 && percent == previous), "die {die}: {percent}");
        assert!(charts.casualty_percentages().any(|p| p == percent), "{percent} has no casualty line");
        previous = percent;
    }
    // A published battle: a British 5 + 1 = 6 is 25%.
    assert_eq!(charts.naval_percentage(6), Some(Percent(25)));
}

#[test]
fn r6_3_3_2_casualty_table_matches_published_battles() {
    let charts = charts();
    assert_eq!(charts.casualties(Percent(10), 25), Some(3)); // 25 Spanish ships at 10%
    assert_eq!(charts.casualties(Percent(20), 94), Some(19)); // 94 coalition ships at 20%
    assert_eq!(charts.casualties(Percent(25), 77), Some(19));
    assert_eq!(charts.casualties(Percent(25), 78), Some(20));
}

#[test]
fn r6_3_3_2_casualties_split_large_numbers_into_twenties() {
    let charts = charts();
    for percent in charts.casualty_percentages().collect::<Vec<_>>() {
        let twenty = charts.casualties(percent, 20).unwrap_or(0);
        for factors in 21..=200u32 {
            let full = (factors - 1) / 20;
            let rest = charts.casualties(percent, factors - full * 20).unwrap_or(0);
            assert_eq!(charts.casualties(percent, factors), Some(full * twenty + rest), "{percent} of {factors}");
        }
        // Every cell is within one factor of the exact product.
        for factors in 1..=20u32 {
            let loss = charts.casualties(percent, factors).unwrap_or(u32::MAX);
            assert!((loss * 100).abs_diff(percent.0 * factors) < 100, "{percent} of {factors}: {loss}");
        }
    }
    assert_eq!(charts.casualties(Percent(0), 50), Some(0));
    assert_eq!(charts.casualties(Percent(25), 0), Some(0));
    assert_eq!(charts.casualties(Percent(33), 10), None);
}

#[test]
fn r7_5_2_9_land_results_cover_every_table_and_modified_die() {
    let charts = charts();
    for t in TableId::all() {
        for die in DIE_ROWS {
            let die = i32::try_from(die).unwrap_or(0);
            let result = charts.land_result(t, die);
            assert!(result.is_some(), "table {t} die {die}");
        }
        assert_eq!(charts.land_result(t, -1), None);
        assert_eq!(charts.land_result(t, 8), None);
    }
    assert_eq!(charts.land_result(table("3-2"), 4), Some(LandResult { percent: Percent(10), morale_loss: Tenths(14) }));
    assert_eq!(charts.land_result(table("5-5"), 7), Some(LandResult { percent: Percent(25), morale_loss: Tenths(50) }));
    assert_eq!(charts.land_result(table("1-1"), 0), Some(LandResult { percent: Percent(0), morale_loss: Tenths(0) }));
}

#[test]
fn r7_5_2_9_land_results_never_improve_for_the_enemy_as_die_or_levels_rise() {
    let charts = charts();
    let at = |t: TableId, die: i32| charts.land_result(t, die).map(|r| (r.percent, r.morale_loss));
    for t in TableId::all() {
        for die in 0..7 {
            let (now, next) = (at(t, die), at(t, die + 1));
            assert!(now.zip(next).is_some_and(|(a, b)| a.0 <= b.0 && a.1 <= b.1), "table {t} die {die}");
        }
        for die in 0..8 {
            if let Some(up) = TableId::new(t.casualty() + 1, t.morale()) {
                assert!(
                    at(t, die).zip(at(up, die)).is_some_and(|(a, b)| a.0 <= b.0 && a.1 <= b.1),
                    "{t}/{up} die {die}"
                );
            }
            if let Some(up) = TableId::new(t.casualty(), t.morale() + 1) {
                assert!(
                    at(t, die).zip(at(up, die)).is_some_and(|(a, b)| a.0 <= b.0 && a.1 <= b.1),
                    "{t}/{up} die {die}"
                );
            }
        }
    }
}

#[test]
fn r7_5_2_4_every_pairing_is_present_exactly_once() {
    let charts = charts();
    let mut count = 0;
    for attacker in AttackerChit::ALL {
        for defender in DefenderChit::ALL {
            let pairing = charts.pairing(attacker, defender);
            assert!(pairing.is_some(), "{attacker}/{defender}");
            count += 1;
        }
    }
    assert_eq!(count, 30);
    // The file has one `-` line per pairing.
    let in_pairings = TABLES_TEXT.split("\n[pairings]\n").nth(1).and_then(|s| s.split("\n[").next()).unwrap_or("");
    let base_lines = in_pairings
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter(|l| l.split_whitespace().nth(2) == Some("-"))
        .count();
    assert_eq!(base_lines, 30);
}

#[test]
fn r7_5_2_1_chits_are_the_five_gray_and_six_white() {
    let attacker: Vec<&str> = AttackerChit::ALL.iter().map(|c| c.id()).collect();
    assert_eq!(attacker, ["outflank", "assault", "escalated-assault", "echelon", "probe"]);
    let defender: Vec<&str> = DefenderChit::ALL.iter().map(|c| c.id()).collect();
    assert_eq!(defender, ["outflank", "counterattack", "escalated-counterattack", "cordon", "withdraw", "defend"]);
    for c in AttackerChit::ALL {
        assert_eq!(AttackerChit::from_id(c.id()), Some(c));
    }
    for c in DefenderChit::ALL {
        assert_eq!(DefenderChit::from_id(c.id()), Some(c));
    }
}

#[test]
fn r7_5_2_2_outflanking_needs_one_outflank_chit_and_no_cordon() {
    let charts = charts();
    assert_eq!(outflanking_side(AttackerChit::Outflank, DefenderChit::Outflank), None);
    assert_eq!(outflanking_side(AttackerChit::Outflank, DefenderChit::Cordon), None);
    assert_eq!(outflanking_side(AttackerChit::Outflank, DefenderChit::Defend), Some(Side::Attacker));
    assert_eq!(outflanking_side(AttackerChit::Probe, DefenderChit::Outflank), Some(Side::Defender));
    assert_eq!(outflanking_side(AttackerChit::Probe, DefenderChit::Defend), None);
    for attacker in AttackerChit::ALL {
        for defender in DefenderChit::ALL {
            let outflanked = charts.pairing(attacker, defender).and_then(|p| p.outflanked);
            assert_eq!(outflanked.is_some(), outflanking_side(attacker, defender).is_some(), "{attacker}/{defender}");
        }
    }
}

#[test]
fn r7_5_2_7_2_arrived_outflanking_force_changes_rounds_two_and_three() {
    let charts = charts();
    let Some(pairing) = charts.pairing(AttackerChit::Outflank, DefenderChit::Counterattack) else {
        panic!("outflank/counterattack is missing");
    };
    assert_eq!(pairing.table(Side::Attacker, 1, false, true), Some(table("2-1")));
    assert_eq!(pairing.table(Side::Attacker, 2, false, false), Some(table("2-1")));
    assert_eq!(pairing.table(Side::Attacker, 2, false, true), Some(table("4-4")));
    assert_eq!(pairing.table(Side::Defender, 3, false, true), Some(table("3-1")));
    assert_eq!(pairing.table(Side::Defender, 3, false, false), Some(table("3-3")));
    assert_eq!(pairing.table(Side::Attacker, 4, false, false), None);
    assert_eq!(pairing.table(Side::Attacker, 0, false, false), None);
}

#[test]
fn r7_5_2_5_withdrawals() {
    let charts = charts();
    let withdrawal = |a| charts.pairing(a, DefenderChit::Withdraw).and_then(|p| p.withdrawal);
    assert_eq!(withdrawal(AttackerChit::Probe), Some(Withdrawal::Automatic));
    assert_eq!(withdrawal(AttackerChit::Outflank), Some(Withdrawal::Roll { modifier: 1 }));
    assert_eq!(withdrawal(AttackerChit::Echelon), Some(Withdrawal::Roll { modifier: 1 }));
    assert_eq!(withdrawal(AttackerChit::Assault), Some(Withdrawal::Roll { modifier: 0 }));
    assert_eq!(withdrawal(AttackerChit::EscalatedAssault), Some(Withdrawal::Roll { modifier: 0 }));
    for attacker in AttackerChit::ALL {
        for defender in DefenderChit::ALL {
            let pairing = charts.pairing(attacker, defender);
            assert_eq!(pairing.and_then(|p| p.withdrawal).is_some(), defender == DefenderChit::Withdraw);
        }
    }
    // An outflank against a withdrawal: after round 1, only an arrived force still fights.
    let pairing = charts.pairing(AttackerChit::Outflank, DefenderChit::Withdraw);
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 2, false, false)), None);
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 2, false, true)), Some(table("3-4")));
    // A probe against a withdrawal has no tables at all.
    let pairing = charts.pairing(AttackerChit::Probe, DefenderChit::Withdraw);
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 1, false, false)), None);
}

#[test]
fn r7_5_2_7_1_river_crossing_changes_the_cordon_tables() {
    let charts = charts();
    let pairing = charts.pairing(AttackerChit::Assault, DefenderChit::Cordon);
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 2, false, false)), Some(table("4-3")));
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 2, true, false)), Some(table("4-2")));
    assert_eq!(pairing.and_then(|p| p.table(Side::Defender, 3, true, false)), Some(table("4-1")));
    for attacker in AttackerChit::ALL {
        assert!(charts.pairing(attacker, DefenderChit::Cordon).is_some_and(|p| p.river.is_some()), "{attacker}");
    }
    // Without a river line, a river changes nothing.
    let pairing = charts.pairing(AttackerChit::Assault, DefenderChit::Defend);
    assert_eq!(pairing.and_then(|p| p.table(Side::Attacker, 1, true, false)), Some(table("3-1")));
}

#[test]
fn r7_5_2_pairing_effects() {
    let charts = charts();
    let effects = |a, d| charts.pairing(a, d).map(|p| p.effects.clone()).unwrap_or_default();
    let defend = effects(AttackerChit::Assault, DefenderChit::Defend);
    assert!(defend.iter().any(|e| e.effect == Effect::NoCommanderChart && e.sides == Sides::Both));
    assert!(defend
        .iter()
        .any(|e| e.sides == Sides::Defender && e.effect == Effect::Morale { tenths: 10, commander: Power::Russia }));
    let echelon = effects(AttackerChit::Echelon, DefenderChit::Cordon);
    assert!(echelon.iter().any(|e| e.effect == Effect::Die { amount: 1, commander: Power::Austria }));
    let arrival = effects(AttackerChit::Outflank, DefenderChit::Defend);
    assert!(arrival.iter().any(|e| e.sides.includes(Side::Attacker) && e.effect == Effect::Arrival { amount: 1 }));
    assert!(effects(AttackerChit::Probe, DefenderChit::Cordon).is_empty());
}

#[test]
fn r7_5_2_7_3_terrain_shifts_tables_within_levels_one_to_five() {
    let charts = charts();
    let forest = charts.terrain(CombatTerrain::Forest).copied();
    assert_eq!(forest.map(|t| t.shift(Side::Attacker, table("3-2"))), Some(table("2-2")));
    assert_eq!(forest.map(|t| t.shift(Side::Defender, table("1-2"))), Some(table("1-2")));
    let mountain = charts.terrain(CombatTerrain::Mountain).copied();
    assert_eq!(mountain.map(|t| t.shift(Side::Defender, table("3-2"))), Some(table("3-2")));
    let marsh = charts.terrain(CombatTerrain::Marsh).copied();
    assert_eq!(marsh.map(|t| t.shift(Side::Attacker, table("3-5"))), Some(table("2-5")));
    assert_eq!(marsh.map(|t| (t.outflank, t.reinforce)), Some((-1, -1)));
    let clear = charts.terrain(CombatTerrain::Clear).copied();
    assert_eq!(clear.map(|t| t.shift(Side::Attacker, table("4-4"))), Some(table("4-4")));
    for terrain in AreaTerrain::ALL {
        assert!(charts.terrain(CombatTerrain::from(terrain)).is_some(), "{terrain}");
    }
    assert_eq!(table("1-1").shifted(-3, 9), table("1-5"));
}

#[test]
fn r7_5_2_9_1_commander_chart() {
    let charts = charts();
    let ratings: Vec<u32> = charts.commander_ratings().collect();
    assert_eq!(ratings, [0, 1, 2, 3, 4, 5]);
    assert_eq!(charts.commander_modifier(5, 0), Some(1));
    assert_eq!(charts.commander_modifier(0, 5), Some(-1));
    assert_eq!(charts.commander_modifier(3, 3), Some(0));
    assert_eq!(charts.commander_modifier(6, 3), None);
    for own in 0..=5 {
        for enemy in 0..=5 {
            let m = charts.commander_modifier(own, enemy).unwrap_or(9);
            assert!((-1..=1).contains(&m), "{own} against {enemy}: {m}");
        }
    }
}

#[test]
fn r7_5_2_9_1_die_modifiers_keep_the_modified_die_on_the_tables() {
    let charts = charts();
    let modifiers = charts.die_modifiers();
    assert_eq!(modifiers.total(3), 1);
    assert_eq!(modifiers.total(-2), -1);
    assert_eq!(modifiers.total(0), 0);
    for die in 1..=6 {
        for sum in -4..=4 {
            let modified = die + modifiers.total(sum);
            assert!(charts.land_result(table("3-3"), modified).is_some(), "die {die} sum {sum}");
            assert!(charts.naval_percentage(modified).is_some(), "die {die} sum {sum}");
        }
    }
}

#[test]
fn r12_3_3_1_cavalry_superiority() {
    let modifiers = *charts().die_modifiers();
    assert_eq!(modifiers.cavalry_superiority(4, 20, 2, 20), 1);
    assert_eq!(modifiers.cavalry_superiority(3, 20, 2, 20), 0);
    assert_eq!(modifiers.cavalry_superiority(1, 20, 0, 20), 1);
    assert_eq!(modifiers.cavalry_superiority(0, 20, 0, 20), 0);
    assert_eq!(modifiers.cavalry_superiority(6, 6, 3, 3), 0); // both all cavalry
}

#[test]
fn r7_5_2_12_outflank_arrival() {
    let charts = charts();
    assert_eq!(charts.outflank().arrival_modifier(1), None);
    assert_eq!(charts.outflank().arrival_modifier(2), Some(0));
    assert_eq!(charts.outflank().arrival_modifier(3), Some(2));
    assert_eq!(charts.outflank().factor_multiplier, 2);
}

#[test]
fn r7_5_2_6_morale_levels() {
    let charts = charts();
    let level = |p, k| charts.morale(p, k).map(|m| (m.base.0, m.dominant.0));
    assert_eq!(level(Power::France, FactorKind::Infantry), Some((30, 40)));
    assert_eq!(level(Power::Britain, FactorKind::Infantry), Some((35, 45)));
    assert_eq!(level(Power::Turkey, FactorKind::Cavalry), Some((30, 40)));
    assert_eq!(level(Power::Turkey, FactorKind::FeudalInfantry), Some((20, 25)));
    assert_eq!(level(Power::Russia, FactorKind::Cossack), Some((10, 10)));
    for power in Power::ALL {
        for kind in FactorKind::ALL {
            let levels = charts.morale(power, kind);
            assert!(levels.is_some_and(|m| m.base <= m.dominant), "{power} {kind}");
        }
        assert_eq!(level(power, FactorKind::Guard), Some((50, 50)));
        assert_eq!(level(power, FactorKind::Artillery), level(power, FactorKind::Infantry));
        let guard = level(power, FactorKind::Guard).map(|l| l.0);
        assert!(FactorKind::ALL.iter().all(|k| level(power, *k).map(|l| l.0) <= guard), "{power}: guard is highest");
    }
    assert_eq!(Tenths(45).to_string(), "4.5");
}

#[test]
fn charts_round_trip_through_json() {
    let charts = charts();
    let json = serde_json::to_string(&charts).unwrap_or_default();
    let back: Result<Charts, _> = serde_json::from_str(&json);
    assert_eq!(back.ok(), Some(charts));
    assert_eq!(serde_json::to_string(&table("3-2")).unwrap_or_default(), "\"3-2\"");
    assert!(serde_json::from_str::<TableId>("\"6-1\"").is_err());
}

// ---------------------------------------------------------------------------------------
// Refusals: the whole file is refused, naming the line.

#[test]
fn r6_3_3_2_refuses_a_missing_die_row() {
    let (number, message) = refuse_replacing("4      15%", "");
    let header = line_of(TABLES_TEXT, "[naval]");
    assert!(number > header);
    assert!(message.starts_with(&format!("line {header}:")), "{message}");
    assert!(message.contains("lacks the modified die rows 4"), "{message}");
}

#[test]
fn r6_3_3_2_refuses_a_die_beyond_seven_or_twice() {
    assert_refused_at("7      30%", "8      30%", "outside 0-7");
    assert_refused_at("7      30%", "6      30%", "appears twice");
}

#[test]
fn r6_3_3_2_refuses_percentages_out_of_range_or_without_a_casualty_line() {
    assert_refused_at("7      30%", "7      300%", "out of range");
    assert_refused_at("7      30%", "7      35%", "has no line in [casualties]");
    assert_refused_at(
        "1-1 ",
        "1-1      0/0.0    0/0.0    0/0.0    0/0.0    0/0.2    5/0.4    5/0.6    150/0.8",
        "out of range",
    );
    assert_refused_at("1-1 ", "1-1      0/0.0    0/0.0    0/0.0    0/0.0    0/0.2    5/0.4    5/0.6    7/0.8", "7%");
}

#[test]
fn r6_3_3_2_refuses_a_casualty_cell_far_from_the_product() {
    assert_refused_at(
        "20%",
        "20%      0  0  1  1  1  1  1  2  2  2  2  2  3  3  3  3  3  4  4  6",
        "more than one factor",
    );
    assert_refused_at("20%", "20%      0  0  1  1", "expected 21 fields");
    assert_refused_at("factors", "factors  1  2  4", "must run 1, 2, 3");
}

#[test]
fn r7_5_2_4_refuses_an_unknown_chit() {
    assert_refused_at(
        "probe              defend",
        "probe              hold                     -   1-1 3-1 3-3  3-2 3-1 2-1",
        "unknown defender chit `hold`",
    );
    assert_refused_at(
        "probe              defend",
        "feint              defend                   -   1-1 3-1 3-3  3-2 3-1 2-1",
        "unknown attacker chit `feint`",
    );
}

#[test]
fn r7_5_2_4_refuses_a_duplicate_pairing() {
    assert_refused_at(
        "probe              defend",
        "probe              cordon                   -           1-1  3-1  3-3      3-2  3-1  2-1",
        "the pairing probe/cordon appears twice",
    );
}

#[test]
fn r7_5_2_4_refuses_a_missing_pairing() {
    let (_, message) = refuse_replacing("probe              defend", "");
    let header = line_of(TABLES_TEXT, "[pairings]");
    assert!(message.starts_with(&format!("line {header}:")), "{message}");
    assert!(message.contains("the pairing probe/defend is missing"), "{message}");
}

#[test]
fn r7_5_2_refuses_inconsistent_pairing_lines() {
    assert_refused_at(
        "probe              defend",
        "probe              defend                   outflanked  -    3-1  3-3      -    3-1  2-1",
        "nobody outflanks",
    );
    assert_refused_at(
        "probe              defend",
        "probe              defend                   -           1-1  -    3-3      3-2  3-1  2-1",
        "round 2 one side rolls",
    );
    assert_refused_at(
        "probe              defend",
        "probe              defend                   -           1-1  3-1  6-3      3-2  3-1  2-1",
        "`6-3`",
    );
    assert_refused_at(
        "probe              defend",
        "probe              defend                   -           -    3-1  3-3      -    3-1  2-1",
        "no round 1 tables",
    );
    assert_refused_at(
        "probe              outflank                 outflanked",
        "probe              outflank                 outflanked  4-2  4-2  4-2      2-3  2-3  2-2",
        "round 1 must be `-`",
    );
    // An outflanking pairing without its `outflanked` line: refused at the pairing's line.
    let (_, message) = refuse_replacing("probe              outflank                 outflanked", "");
    let base = line_of(TABLES_TEXT, "probe              outflank                 -");
    assert!(message.starts_with(&format!("line {base}:")), "{message}");
}

#[test]
fn r7_5_2_5_refuses_inconsistent_withdrawals() {
    assert_refused_at("probe              automatic", "probe              +1", "must be `automatic`");
    assert_refused_at("assault            +0", "assault            automatic", "has tables");
    assert_refused_at("assault            +0", "assault            soon", "not a number");
    let (_, message) = refuse_replacing("assault            +0", "");
    let header = line_of(TABLES_TEXT, "[withdrawals]");
    assert!(message.starts_with(&format!("line {header}:")) && message.contains("assault"), "{message}");
}

#[test]
fn refuses_bad_effects_terrain_commander_and_modifiers() {
    assert_refused_at(
        "outflank           defend                   attacker",
        "probe              defend                   attacker  arrival +1",
        "nobody outflanks",
    );
    assert_refused_at(
        "echelon            cordon                   both",
        "echelon            cordon                   both      die +1 commander bavaria",
        "unknown power",
    );
    assert_refused_at(
        "echelon            cordon                   both",
        "echelon            cordon                   both      charge",
        "unknown effect",
    );
    assert_refused_at(
        "outflank           defend                   attacker",
        "outflank           defend                   defender  arrival +1",
        "only the outflanking side (attacker)",
    );
    assert_refused_at("forest", "jungle      -1  0           -1  0           -1        -1", "unknown terrain");
    assert_refused_at("forest", "forest      -9  0           -1  0           -1        -1", "outside");
    assert_refused_at("2       0   0", "2       0   0   0   -1  0   x", "not a number");
    assert_refused_at("total", "total                -2 +1", "leaves the tables' rows");
    assert_refused_at("arrival   3", "arrival   1   +2", "round 2 or 3");
}

#[test]
fn r7_5_2_6_refuses_bad_morale_lines() {
    assert_refused_at("britain     infantry", "britain     infantry               3.55  4.5", "one decimal");
    assert_refused_at("britain     infantry", "britain     pikemen                3.5   4.5", "unknown factor kind");
    assert_refused_at("britain     artillery", "britain     infantry               3.5   4.5", "appears twice");
    assert_refused_at("britain     infantry", "sweden      infantry               3.5   4.5", "unknown power");
    let (_, message) = refuse_replacing("default     guard", "");
    let header = line_of(TABLES_TEXT, "[morale]");
    assert!(message.starts_with(&format!("line {header}:")) && message.contains("guard"), "{message}");
}

#[test]
fn refuses_unknown_or_missing_sections() {
    let text = format!("{TABLES_TEXT}\n[pursuit]\n1 10%\n");
    let message = Charts::parse(&text).err().map(|e| e.to_string()).unwrap_or_default();
    let number = text.lines().position(|l| l == "[pursuit]").map(|i| i + 1).unwrap_or(0);
    assert!(message.starts_with(&format!("line {number}:")) && message.contains("unknown section"), "{message}");
    let without = TABLES_TEXT.replace("[outflank]", "[morale-x]");
    assert!(Charts::parse(&without).is_err());
}
