//! The EC and RSW charts against every value and example the FNC rules give, and the
//! `charts.txt` parser against malformed files.

use grognard_fnc::data::builtin::{ec_charts, rsw_charts, EC_CHARTS};
use grognard_fnc::data::{Barrier, Charts, Cost, Crt, CrtResult, HexTerrain, Season, Turn};

fn ec() -> Charts {
    match ec_charts() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn rsw() -> Charts {
    match rsw_charts() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn turn(charts: &Charts, number: u8) -> Turn {
    charts.turn(number).cloned().unwrap_or_else(|| panic!("no turn {number}"))
}

/// `n` whole movement points.
fn mp(n: u16) -> Cost {
    Cost::HalfMp(2 * n)
}

// ---------------------------------------------------------------- movement

#[test]
fn rule_9_9_entry_costs_stated_by_the_rules() {
    for charts in [ec(), rsw()] {
        let t = turn(&charts, 4);
        assert_eq!(charts.entry_cost(HexTerrain::Clear, &t), mp(1));
        assert_eq!(charts.entry_cost(HexTerrain::Forest, &t), mp(2));
        assert_eq!(charts.entry_cost(HexTerrain::Swamp, &t), mp(3));
        assert_eq!(charts.entry_cost(HexTerrain::Desert, &t), mp(2));
        assert_eq!(charts.entry_cost(HexTerrain::Sea, &t), Cost::Prohibited);
        assert_eq!(charts.crossing_cost(Barrier::River, None, &t), mp(1));
        assert_eq!(charts.crossing_cost(Barrier::Lake, None, &t), mp(3));
        assert_eq!(charts.crossing_cost(Barrier::Sea, None, &t), Cost::Prohibited);
        // 9.13: the other water barriers cost something to cross, less than a lake.
        for barrier in [Barrier::Canal, Barrier::Wadi, Barrier::Channel] {
            let cost = charts.crossing_cost(barrier, None, &t).half_mp().unwrap_or(0);
            assert!((1..=6).contains(&cost), "{barrier}");
        }
    }
}

#[test]
fn rule_9_12_worked_example_lake_hexside_into_swamp_costs_six() {
    let ec = ec();
    let t = turn(&ec, 4);
    assert!(!t.nile_flood);
    let total = ec.entry_cost(HexTerrain::Swamp, &t).plus(ec.crossing_cost(Barrier::Lake, None, &t));
    assert_eq!(total, mp(6));
}

#[test]
fn rule_9_16_nile_crossing_doubles_in_flood_turns_2_and_3() {
    let ec = ec();
    for n in 1..=11 {
        let t = turn(&ec, n);
        let nile = ec.crossing_cost(Barrier::River, Some("Nile"), &t);
        let expected = if n == 2 || n == 3 { mp(2) } else { mp(1) };
        assert_eq!(nile, expected, "turn {n}");
        assert_eq!(t.nile_flood, n == 2 || n == 3, "turn {n}");
        // Only the Nile floods.
        assert_eq!(ec.crossing_cost(Barrier::River, Some("Jordan"), &t), mp(1), "turn {n}");
        assert_eq!(ec.crossing_cost(Barrier::Canal, Some("Yussef Canal"), &t), mp(1), "turn {n}");
    }
}

#[test]
fn rule_9_17_desert_costs_four_in_ec_summer_turns() {
    let ec = ec();
    for n in 1..=11 {
        let t = turn(&ec, n);
        let expected = if [1, 10, 11].contains(&n) { mp(4) } else { mp(2) };
        assert_eq!(ec.entry_cost(HexTerrain::Desert, &t), expected, "turn {n}");
    }
}

#[test]
fn rule_9_18_rsw_winter_freezes_lakes_and_channels_into_clear() {
    let rsw = rsw();
    let winter = turn(&rsw, 1);
    assert_eq!(winter.season, Some(Season::Winter));
    assert_eq!(rsw.crossing_cost(Barrier::Lake, None, &winter), mp(0));
    assert_eq!(rsw.crossing_cost(Barrier::Channel, None, &winter), mp(0));
    assert_eq!(rsw.entry_cost(HexTerrain::Lake, &winter), rsw.entry_cost(HexTerrain::Clear, &winter));
    assert_eq!(rsw.all_across_shift(Barrier::Lake, None, &winter), 0);
    assert_eq!(rsw.all_across_shift(Barrier::Channel, None, &winter), 0);
    assert_eq!(rsw.terrain_shift(HexTerrain::Lake, &winter), rsw.terrain_shift(HexTerrain::Clear, &winter));
    // Rivers are not named by 9.18 and keep their cost.
    assert_eq!(rsw.crossing_cost(Barrier::River, None, &winter), mp(1));
    let spring = turn(&rsw, 2);
    assert_eq!(rsw.crossing_cost(Barrier::Lake, None, &spring), mp(3));
    assert_eq!(rsw.entry_cost(HexTerrain::Lake, &spring), Cost::Prohibited);
}

#[test]
fn rule_9_19_roads_cost_half_a_movement_point() {
    assert_eq!(ec().road_cost(), 1);
    assert_eq!(rsw().road_cost(), 1);
}

// ---------------------------------------------------------------- combat shifts

#[test]
fn rule_11_6_terrain_shifts_stated_by_the_rules() {
    for charts in [ec(), rsw()] {
        let t = turn(&charts, 4);
        assert_eq!(charts.terrain_shift(HexTerrain::Hills, &t), -2);
        assert_eq!(charts.terrain_shift(HexTerrain::Desert, &t), 1);
        assert_eq!(charts.terrain_shift(HexTerrain::Mud, &t), 1);
        assert_eq!(charts.terrain_shift(HexTerrain::Clear, &t), 0);
        // 11.6: usually to the left; only desert and mud flats favour the attacker.
        for terrain in [HexTerrain::Forest, HexTerrain::Swamp] {
            assert!(charts.terrain_shift(terrain, &t) <= 0, "{terrain}");
        }
        // 11.6 example: mud flat attacked across a river nets zero.
        let net = charts.terrain_shift(HexTerrain::Mud, &t) + charts.all_across_shift(Barrier::River, None, &t);
        assert_eq!(net, 0);
    }
}

#[test]
fn rule_16_errata_3a_river_shift_is_an_all_attackers_row() {
    for charts in [ec(), rsw()] {
        let t = turn(&charts, 4);
        assert_eq!(charts.all_across_shift(Barrier::River, None, &t), -1);
        assert_eq!(charts.all_across_shift(Barrier::River, Some("Nile"), &t), -1);
        for barrier in Barrier::ALL {
            assert!(charts.all_across_shift(barrier, None, &t) <= 0, "{barrier}");
        }
    }
    let text = EC_CHARTS.replace("river-all     -1", "river     -1");
    assert!(Charts::parse(&text).is_err(), "a barrier shift must be written as an every-attacker row");
}

// ---------------------------------------------------------------- CRT

#[test]
fn rule_11_2_crt_has_the_eight_deduced_columns() {
    for charts in [ec(), rsw()] {
        let crt = charts.crt();
        let labels: Vec<&str> = crt.columns.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, ["<=49", "50-99", "100-149", "150-199", "200-299", "300-399", "400-599", ">=600"]);
        for (percent, column) in [(0, 0), (49, 0), (50, 1), (99, 1), (100, 2), (149, 2), (150, 3), (299, 4)] {
            assert_eq!(crt.column_for(percent), column, "{percent}%");
        }
        for (percent, column) in [(300, 5), (399, 5), (400, 6), (599, 6), (600, 7), (1000, 7), (u32::MAX, 7)] {
            assert_eq!(crt.column_for(percent), column, "{percent}%");
        }
    }
}

#[test]
fn rule_11_2_example_fifteen_against_eleven_in_hills_rolling_six() {
    for charts in [ec(), rsw()] {
        let crt = charts.crt();
        let percent = Crt::percent(15, 11).unwrap();
        assert_eq!(percent, 136);
        let column = crt.column_for(percent);
        assert_eq!((column, crt.columns[column].label.as_str()), (2, "100-149"));
        let hills = charts.terrain_shift(HexTerrain::Hills, &turn(&charts, 4));
        let shifted = Crt::shifted(column, i32::from(hills));
        assert_eq!(crt.columns[shifted].label, "<=49");
        assert_eq!(crt.result(shifted, 6), CrtResult::AES);
    }
}

#[test]
fn rule_11_11_example_twenty_against_two_shifted_two_left() {
    for charts in [ec(), rsw()] {
        let crt = charts.crt();
        let percent = Crt::percent(20, 2).unwrap();
        assert_eq!(percent, 1000);
        let column = crt.column_for(percent);
        assert_eq!(crt.columns[column].label, ">=600");
        // Four shifts left for the defender, two right for the attacker (11.5).
        let shifted = Crt::shifted(column, 2 - 4);
        assert_eq!(crt.columns[shifted].label, "300-399");
        // Extreme columns hold (11.11).
        assert_eq!(Crt::shifted(column, 3), 7);
        assert_eq!(Crt::shifted(0, -3), 0);
    }
}

#[test]
fn rule_11_12_crt_is_monotone_for_the_attacker() {
    for charts in [ec(), rsw()] {
        let crt = charts.crt();
        for die in 1..=6u8 {
            for column in 0..8 {
                let here = crt.result(column, die);
                if column + 1 < 8 {
                    assert!(crt.result(column + 1, die) >= here, "column {column} die {die}");
                }
                if die < 6 {
                    assert!(crt.result(column, die + 1) >= here, "column {column} die {die}");
                }
            }
        }
        // Every result of 11.14-11.20 can happen.
        for result in CrtResult::ALL {
            assert!(crt.results.iter().flatten().any(|r| *r == result), "{result}");
        }
        assert_eq!(crt.result(0, 1), CrtResult::AC);
        assert_eq!(crt.result(7, 6), CrtResult::DC);
    }
}

#[test]
fn rule_11_2_percent_rounds_down_and_refuses_zero_defense() {
    assert_eq!(Crt::percent(1, 3), Some(33));
    assert_eq!(Crt::percent(3, 2), Some(150));
    assert_eq!(Crt::percent(5, 0), None);
}

// ---------------------------------------------------------------- turn records

#[test]
fn rule_5_4_ec_turn_record_track() {
    let ec = ec();
    let labels: Vec<&str> = ec.turns().iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Jul-Aug 1798",
            "Sep 1798",
            "Oct 1798",
            "Nov 1798",
            "Dec 1798",
            "Jan 1799",
            "Feb 1799",
            "Mar 1799",
            "Apr 1799",
            "May-Jun 1799",
            "Jul-Aug 1799"
        ]
    );
    assert_eq!(ec.last_turn(), 11);
    for t in ec.turns() {
        let summer = [1, 10, 11].contains(&t.number);
        assert_eq!(t.season, summer.then_some(Season::Summer), "turn {}", t.number);
        // 1.2: summer turns are two months long.
        assert_eq!(t.months, if summer { 2 } else { 1 }, "turn {}", t.number);
    }
    assert_eq!(turn(&ec, 6).year, 1799);
}

#[test]
fn rule_5_4_rsw_turn_record_track() {
    let rsw = rsw();
    let labels: Vec<&str> = rsw.turns().iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Feb-Mar 1808", "Apr 1808", "May 1808", "Jun 1808", "Jul 1808", "Aug 1808", "Sep 1808", "Oct 1808"]
    );
    for t in rsw.turns() {
        let winter = t.number == 1;
        assert_eq!(t.season, winter.then_some(Season::Winter));
        assert_eq!(t.months, if winter { 2 } else { 1 });
        assert!(!t.nile_flood);
    }
    assert!(rsw.turn(0).is_none() && rsw.turn(9).is_none());
}

// ---------------------------------------------------------------- the parser

fn refused(text: &str) -> (usize, String) {
    match Charts::parse(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => (e.line, e.message),
    }
}

/// The line number in the EC charts of the first line starting with `start`.
fn line_of(start: &str) -> usize {
    EC_CHARTS.lines().position(|l| l.starts_with(start)).map(|i| i + 1).unwrap_or_else(|| panic!("{start}"))
}

#[test]
fn charts_parser_refuses_malformed_values_naming_the_line() {
    let cases = [
        ("swamp    3", "swamp    three"),
        ("swamp    3", "swamp    3.25"),
        ("swamp    3", "marsh    3"),
        ("desert   2   summer 4", "desert   2   autumn 4"),
        ("desert   2   summer 4", "desert   2   summer"),
        ("lake          3", "lagoon        3"),
        ("hills    -2", "hills    -two"),
        ("hills    -2", "hills    --2"),
        ("entry 0.5", "entry 0"),
        ("entry 0.5", "entry half"),
        ("columns", "columns  <=49  50-99  100-149  150-199  200-299  300-399  400-599  >=700"),
        ("columns", "columns  <=49  60-99  100-149  150-199  200-299  300-399  400-599  >=600"),
        ("1        AC", "1        AC    AC     AR       AR       AES      BB       DES      XX"),
        ("1        AC", "1        AC    AC     AR       AR       AES      BB       DES"),
        ("1        AC", "2        AC    AC     AR       AR       AES      BB       DES      DR"),
        ("2       Sep 1798", "3       Sep 1798        -       flood"),
        ("2       Sep 1798", "2       Sept 1798       -       flood"),
        ("2       Sep 1798", "2       Sep 98          -       flood"),
        ("2       Sep 1798", "2       Sep 1798        autumn  flood"),
        ("2       Sep 1798", "2       Sep 1798        -       drought"),
        ("2       Sep 1798", "2       Sep-Jul 1798    -       -"),
        ("forest   2", "clear    2"),
    ];
    for (start, replacement) in cases {
        let number = line_of(start);
        let text: Vec<&str> =
            EC_CHARTS.lines().enumerate().map(|(i, l)| if i + 1 == number { replacement } else { l }).collect();
        let (line, message) = refused(&text.join("\n"));
        assert_eq!(line, number, "{replacement}: {message}");
    }
}

#[test]
fn charts_parser_refuses_missing_or_repeated_sections() {
    let without_movement_row: String =
        EC_CHARTS.lines().filter(|l| !l.starts_with("forest")).collect::<Vec<_>>().join("\n");
    let (line, message) = refused(&without_movement_row);
    assert!(line > 0 && message.contains("forest"), "{message}");
    let without_turns = &EC_CHARTS[..EC_CHARTS.find("[turns]").unwrap()];
    assert_eq!(refused(without_turns).0, 0);
    let doubled = format!("{EC_CHARTS}\n[road]\nentry 0.5\n");
    assert!(refused(&doubled).1.contains("twice"));
    let short_crt = EC_CHARTS.replace("6        AES", "# 6        AES");
    assert!(refused(&short_crt).1.contains("six die lines"));
}
