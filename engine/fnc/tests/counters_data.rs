//! The EC and RSW counter mixes against every fact the FNC rules state about them, and the
//! `counters.txt` parser against malformed files.

use grognard_board::HexId;
use grognard_fnc::data::builtin::{ec_counters, rsw_counters};
use grognard_fnc::data::{Counter, Counters, SetupCode, Size, UnitType};

fn ec() -> Counters {
    match ec_counters() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn rsw() -> Counters {
    match rsw_counters() {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn hex(n: u16) -> HexId {
    HexId::parse(&format!("{n:04}")).unwrap()
}

fn count(counters: &Counters, pred: impl Fn(&Counter) -> bool) -> usize {
    counters.iter().filter(|c| pred(c)).count()
}

/// The abbreviation of 2.6 leading the counter's name.
fn abbreviation(c: &Counter) -> &str {
    c.name.split_whitespace().next().unwrap_or("")
}

/// The set-up hexes of `side`'s fortress garrisons, in order; each must start at a hex.
fn fortress_hexes(counters: &Counters, side: &str) -> Vec<HexId> {
    let mut hexes: Vec<HexId> = counters
        .of_side(side)
        .filter(|c| c.kind == UnitType::Fortress)
        .map(|c| match c.setup {
            SetupCode::StartAt(h) => h,
            ref other => panic!("{} has set-up {other}", c.id),
        })
        .collect();
    hexes.sort();
    hexes
}

// ---------------------------------------------------------------- totals and sides

#[test]
fn rule_2_3_unit_totals_leave_room_for_the_markers() {
    // docs/ORDERS_OF_BATTLE.md states these counts; 214 counters in all, markers included.
    let (ec, rsw) = (ec(), rsw());
    assert_eq!(ec.len(), 76);
    assert_eq!(rsw.len(), 61);
    assert_eq!(count(&ec, |c| c.side == "french"), 30);
    assert_eq!(count(&ec, |c| c.side == "ottoman"), 46);
    assert_eq!(count(&rsw, |c| c.side == "swedish"), 26);
    assert_eq!(count(&rsw, |c| c.side == "russian"), 35);
    assert!(ec.len() + rsw.len() < 214);
}

#[test]
fn rule_2_5_each_game_has_its_two_sides() {
    assert!(ec().iter().all(|c| c.side == "french" || c.side == "ottoman"));
    assert!(rsw().iter().all(|c| c.side == "russian" || c.side == "swedish"));
    for c in ec().iter().chain(rsw().iter()) {
        assert!(c.nation == c.side || (c.side == "ottoman" && c.nation == "british"), "{}", c.id);
    }
}

#[test]
fn rule_2_6_every_abbreviation_is_on_some_counter() {
    let ec = ec();
    let rsw = rsw();
    let has = |counters: &Counters, side: &str, abbr: &str| {
        counters.of_side(side).any(|c| c.name.starts_with(&format!("{abbr} ")))
    };
    for abbr in ["Co", "DC", "Gr", "Gu", "In", "Ja", "Jw", "LN", "M", "Mar", "Mo", "NG", "Or", "SC"] {
        assert!(has(&ec, "french", abbr), "French {abbr}");
    }
    for abbr in ["Be", "Jn", "Mm", "Ni", "Og", "Se", "Si", "Su", "Phil", "RM", "RN"] {
        assert!(has(&ec, "ottoman", abbr), "Ottoman side {abbr}");
    }
    for abbr in ["AF", "AG", "Fin", "JC", "Lif B", "NF", "Ost", "SB", "SK", "SF"] {
        assert!(has(&rsw, "swedish", abbr), "Swedish {abbr}");
    }
    for abbr in ["C", "Gr/2", "Pi"] {
        assert!(has(&rsw, "russian", abbr), "Russian {abbr}");
    }
}

#[test]
fn rule_2_9_factors_are_consistent_with_unit_types() {
    for c in ec().iter().chain(rsw().iter()) {
        match c.kind {
            // 9.11: fortress garrisons have movement 0; 3.1 shows them as 0-4-0 style.
            UnitType::Fortress => {
                assert_eq!((c.attack, c.movement, c.size), (Some(0), 0, Size::None), "{}", c.id);
                assert!(c.defense > 0, "{}", c.id);
            }
            // 11.8: siege trains alone print `*`.
            UnitType::SiegeTrain => assert_eq!(c.attack, None, "{}", c.id),
            // 10.2: fleets only add an attack factor; they never defend and move at sea.
            UnitType::Fleet => {
                assert!(c.attack.unwrap_or(0) > 0 && c.defense == 0 && c.movement == 0, "{}", c.id)
            }
            // 14.3: the SC has no combat strength of its own, but moves.
            UnitType::Sc => assert!(c.attack == Some(0) && c.defense == 0 && c.movement > 0),
            _ => assert!(c.attack.unwrap_or(0) > 0 && c.defense > 0 && c.movement > 0, "{}", c.id),
        }
    }
}

// ---------------------------------------------------------------- EC French

#[test]
fn rule_2_4_second_brigade_first_division_is_a_4_6_starting_unit() {
    let ec = ec();
    let unit = ec.get("fr-1-2").unwrap();
    assert_eq!(unit.factors_text(), "4-6");
    assert_eq!((unit.kind, unit.size, unit.setup.clone()), (UnitType::Infantry, Size::Brigade, SetupCode::Start));
    assert_eq!(unit.division.as_deref(), Some("1"));
}

#[test]
fn rule_11_10_five_french_divisions_of_two_infantry_brigades() {
    let ec = ec();
    for division in ["1", "2", "3", "4", "5"] {
        let brigades: Vec<&Counter> = ec.of_division("french", division).collect();
        assert_eq!(brigades.len(), 2, "division {division}");
        assert!(brigades.iter().all(|c| c.kind == UnitType::Infantry && c.setup == SetupCode::Start));
    }
    assert_eq!(count(&ec, |c| c.side == "french" && c.division.is_some()), 10);
}

#[test]
fn rule_8_4_errata_5a_eleven_french_reinforcements() {
    let ec = ec();
    let cup: Vec<&Counter> = ec.iter().filter(|c| c.setup == SetupCode::Reinf).collect();
    assert_eq!(cup.len(), 11);
    assert!(cup.iter().all(|c| c.side == "french"));
    // 8.4 names the gunboat unit among them; the SC is not in the cup (3.1 / 14.3).
    assert_eq!(cup.iter().filter(|c| c.kind == UnitType::Gunboats).count(), 1);
    assert!(cup.iter().all(|c| c.kind != UnitType::Sc));
    assert!(cup.iter().any(|c| c.kind == UnitType::CamelCavalry && abbreviation(c) == "DC"));
}

#[test]
fn rule_3_1_french_set_up_codes_and_stacking_room() {
    let ec = ec();
    for c in ec.of_side("french") {
        let ok = match &c.setup {
            SetupCode::Start | SetupCode::Reinf => true,
            SetupCode::StartAt(h) => *h == hex(1127) && c.kind == UnitType::Fortress,
            _ => false,
        };
        assert!(ok, "{} has set-up {}", c.id, c.setup);
    }
    let garrison: Vec<&Counter> = ec.of_side("french").filter(|c| c.kind == UnitType::Fortress).collect();
    assert_eq!(garrison.len(), 1);
    assert_eq!(garrison[0].factors_text(), "0-4-0");
    // 7.1: 1127 is a fortress (12 units), 1028 and 1227 hold six each.
    let starting = count(&ec, |c| c.side == "french" && c.setup != SetupCode::Reinf && c.kind.is_ground());
    assert!(starting <= 12 + 6 + 6, "{starting} French units cannot set up in three hexes");
}

#[test]
fn rule_14_3_one_sc_unit_without_combat_strength() {
    let ec = ec();
    let sc: Vec<&Counter> = ec.iter().filter(|c| c.kind == UnitType::Sc).collect();
    assert_eq!(sc.len(), 1);
    assert_eq!((sc[0].side.as_str(), sc[0].setup.clone(), sc[0].can_attack()), ("french", SetupCode::Start, false));
    assert!(sc[0].kind.is_ground(), "the SC counts for stacking");
    assert!(rsw().iter().all(|c| c.kind != UnitType::Sc));
}

// ---------------------------------------------------------------- EC Ottoman and British

#[test]
fn rule_3_2_four_ottoman_fortress_garrisons_at_their_hexes() {
    assert_eq!(fortress_hexes(&ec(), "ottoman"), vec![hex(3127), hex(3623), hex(3718), hex(4213)]);
}

#[test]
fn rule_3_2_ottoman_set_up_codes() {
    for c in ec().of_side("ottoman") {
        let ok = match &c.setup {
            SetupCode::StartAt(_) => c.kind == UnitType::Fortress,
            SetupCode::StartEgypt
            | SetupCode::StartSp
            | SetupCode::ReinfAny
            | SetupCode::ReinfEgypt
            | SetupCode::ReinfSp
            | SetupCode::ReinfAnat => c.nation == "ottoman",
            SetupCode::RandomEvent => c.nation == "british",
            _ => false,
        };
        assert!(ok, "{} has set-up {}", c.id, c.setup);
    }
}

#[test]
fn rule_8_7_four_mameluke_5_8_cavalry_start_in_egypt() {
    let ec = ec();
    let mamelukes: Vec<&Counter> = ec.iter().filter(|c| abbreviation(c) == "Mm").collect();
    assert_eq!(mamelukes.len(), 4);
    for m in mamelukes {
        assert_eq!(
            (m.factors_text().as_str(), m.kind, m.setup.clone()),
            ("5-8", UnitType::Cavalry, SetupCode::StartEgypt)
        );
    }
    // 5.3 counts "5-8" Mameluke factors: no other Ottoman unit prints 5-8.
    assert_eq!(count(&ec, |c| c.side == "ottoman" && c.factors_text() == "5-8"), 4);
}

#[test]
fn rule_8_5_ottoman_cup_holds_units_and_the_gunboat() {
    let ec = ec();
    let in_cup = |c: &Counter| matches!(c.setup, SetupCode::ReinfAny | SetupCode::ReinfEgypt | SetupCode::ReinfSp);
    let cup: Vec<&Counter> = ec.iter().filter(|c| in_cup(c)).collect();
    // A roll of 6 draws four units (8.5): the cup must hold more than that.
    assert!(cup.len() > 4);
    for code in [SetupCode::ReinfAny, SetupCode::ReinfEgypt, SetupCode::ReinfSp, SetupCode::ReinfAnat] {
        assert!(ec.iter().any(|c| c.setup == code), "no unit marked {code}");
    }
    // 8.6: the gunboat unit is drawn from the cup.
    assert_eq!(cup.iter().filter(|c| c.kind == UnitType::Gunboats).count(), 1);
}

#[test]
fn rule_10_7_ottoman_siege_train_and_fleet() {
    let ec = ec();
    assert!(ec.of_side("ottoman").any(|c| c.nation == "ottoman" && c.kind == UnitType::SiegeTrain));
    // 6.3 event 3: the Ottoman fleet waits in the Anatolian staging area.
    let fleets: Vec<&Counter> =
        ec.of_side("ottoman").filter(|c| c.nation == "ottoman" && c.kind == UnitType::Fleet).collect();
    assert_eq!(fleets.len(), 1);
    assert_eq!(fleets[0].setup, SetupCode::ReinfAnat);
}

#[test]
fn rule_8_8_three_british_random_event_units_two_ground_one_fleet() {
    let ec = ec();
    let british: Vec<&Counter> = ec.iter().filter(|c| c.nation == "british").collect();
    assert_eq!(british.len(), 3);
    assert!(british.iter().all(|c| c.side == "ottoman" && c.setup == SetupCode::RandomEvent));
    assert_eq!(british.iter().filter(|c| c.kind.is_ground()).count(), 2);
    assert_eq!(british.iter().filter(|c| c.kind == UnitType::Fleet).count(), 1);
    assert_eq!(count(&ec, |c| c.setup == SetupCode::RandomEvent), 3);
}

// ---------------------------------------------------------------- RSW Swedish

#[test]
fn rule_4_1_five_swedish_fortress_garrisons_at_their_hexes() {
    assert_eq!(fortress_hexes(&rsw(), "swedish"), vec![hex(1210), hex(1311), hex(1708), hex(3510), hex(3808)]);
}

#[test]
fn rule_4_1_two_combined_arms_brigades_in_sveaborg() {
    let rsw = rsw();
    let in_1210: Vec<&Counter> =
        rsw.iter().filter(|c| c.setup == SetupCode::StartAt(hex(1210)) && c.kind != UnitType::Fortress).collect();
    assert_eq!(in_1210.len(), 2);
    assert!(in_1210.iter().all(|c| c.side == "swedish" && c.kind == UnitType::CombinedArms));
}

#[test]
fn rule_4_1_swedish_set_up_codes() {
    for c in rsw().of_side("swedish") {
        let ok = match &c.setup {
            SetupCode::StartAt(_) => true,
            SetupCode::StartAny => c.kind != UnitType::Fortress,
            SetupCode::Turn(n) => (2..=8).contains(n),
            SetupCode::Pool => c.kind == UnitType::Militia,
            _ => false,
        };
        assert!(ok, "{} has set-up {}", c.id, c.setup);
    }
}

#[test]
fn rule_6_4_events_5_and_6_find_seven_militia_set_aside() {
    let rsw = rsw();
    let militia: Vec<&Counter> = rsw.iter().filter(|c| c.kind == UnitType::Militia).collect();
    assert!(militia.len() >= 7, "event 5 gives one, event 6 up to six");
    assert!(militia.iter().all(|c| c.side == "swedish" && c.setup == SetupCode::Pool));
    assert!(rsw.iter().any(|c| c.side == "swedish" && c.kind == UnitType::Gunboats && abbreviation(c) == "AF"));
    assert!(rsw.iter().any(|c| c.side == "swedish" && c.kind == UnitType::Fleet));
}

// ---------------------------------------------------------------- RSW Russian

#[test]
fn rule_4_2_two_russian_fortress_garrisons_at_their_hexes() {
    assert_eq!(fortress_hexes(&rsw(), "russian"), vec![hex(1318), hex(1515)]);
}

#[test]
fn rule_2_6_russian_divisions_have_three_infantry_and_one_cavalry() {
    let rsw = rsw();
    let mut divisions: Vec<&str> = rsw.of_side("russian").filter_map(|c| c.division.as_deref()).collect();
    divisions.sort_by_key(|d| d.parse::<u32>().unwrap_or(0));
    divisions.dedup();
    assert_eq!(divisions, vec!["2", "4", "5", "6", "14", "17", "21"]);
    for d in divisions {
        let units: Vec<&Counter> = rsw.of_division("russian", d).collect();
        assert_eq!(units.iter().filter(|c| c.kind == UnitType::Infantry).count(), 3, "division {d}");
        assert_eq!(units.iter().filter(|c| c.kind == UnitType::Cavalry).count(), 1, "division {d}");
        assert_eq!(units.len(), 4, "division {d}");
        // A division arrives together (8.9).
        assert!(units.iter().all(|c| c.setup == units[0].setup), "division {d}");
    }
}

#[test]
fn rule_2_6_second_division_is_gr_2_3_at_5_5_and_a_cavalry_brigade() {
    let rsw = rsw();
    let second: Vec<&Counter> = rsw.of_division("russian", "2").collect();
    let infantry: Vec<&str> = second.iter().filter(|c| c.kind == UnitType::Infantry).map(|c| abbreviation(c)).collect();
    assert_eq!(infantry, vec!["Gr/2", "2/2", "3/2"]);
    assert!(second.iter().filter(|c| c.kind == UnitType::Infantry).all(|c| c.factors_text() == "5-5"));
    assert!(second.iter().any(|c| c.kind == UnitType::Cavalry && abbreviation(c) == "2/2"));
    assert!(count(&rsw, |c| c.side == "russian" && c.kind == UnitType::Infantry && c.factors_text() == "5-5") > 3);
}

#[test]
fn rule_8_9_second_and_fourth_divisions_are_contingency() {
    let rsw = rsw();
    let contingent: Vec<&Counter> = rsw.iter().filter(|c| matches!(c.setup, SetupCode::Contingency(_))).collect();
    assert_eq!(contingent.len(), 8);
    for c in contingent {
        assert_eq!(c.setup, SetupCode::Contingency(vec![6, 7, 8]));
        assert!(matches!(c.division.as_deref(), Some("2") | Some("4")), "{}", c.id);
    }
}

#[test]
fn rule_8_9_sixth_division_enters_on_turn_2() {
    let rsw = rsw();
    assert!(rsw.of_division("russian", "6").all(|c| c.setup == SetupCode::Turn(2)));
    for c in rsw.of_side("russian") {
        let ok = match &c.setup {
            SetupCode::StartAt(_) => c.kind == UnitType::Fortress,
            SetupCode::StartAny => true,
            // 8.1: no reinforcement before turn 2; the track has eight turns.
            SetupCode::Turn(n) => (2..=8).contains(n),
            SetupCode::Contingency(_) => true,
            _ => false,
        };
        assert!(ok, "{} has set-up {}", c.id, c.setup);
    }
}

#[test]
fn rule_9_15_russians_have_no_gunboats() {
    assert!(rsw().of_side("russian").all(|c| c.kind != UnitType::Gunboats));
}

// ---------------------------------------------------------------- recycling

#[test]
fn rule_8_11_recycling_eligibility() {
    for c in ec().iter().chain(rsw().iter()) {
        let expected = match () {
            _ if c.kind == UnitType::Fortress => false,
            _ if c.side == "ottoman" && c.nation == "ottoman" => false,
            _ if c.side == "french" && (c.setup == SetupCode::Reinf || c.kind == UnitType::Sc) => false,
            // 8.8: the two British ground units recycle; fleets are never eliminated (10.2).
            _ if c.kind == UnitType::Fleet => false,
            _ => true,
        };
        assert_eq!(c.recycle, expected, "{}", c.id);
    }
    assert_eq!(count(&ec(), |c| c.nation == "british" && c.recycle), 2);
}

// ---------------------------------------------------------------- the parser

const GOOD: &str =
    "# test\n[counters]\nfr-1-2  french  french  infantry  X  4-6  1  start  yes  2nd Brigade, 1st Division\n";

fn refused(text: &str) -> (usize, String) {
    match Counters::parse(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => (e.line, e.message),
    }
}

fn with_line(line: &str) -> String {
    format!("{GOOD}{line}\n")
}

#[test]
fn counters_parser_reads_a_well_formed_line() {
    let counters = Counters::parse(GOOD).unwrap();
    let c = counters.get("fr-1-2").unwrap();
    assert_eq!(c.name, "2nd Brigade, 1st Division");
    assert_eq!((c.attack, c.defense, c.movement), (Some(4), 4, 6));
    let star = Counters::parse(&with_line("fr-s french french siege-train - *-1-3 - start yes Siege train")).unwrap();
    assert_eq!(star.get("fr-s").map(|c| c.attack), Some(None));
    let order: Vec<&str> = star.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(order, vec!["fr-1-2", "fr-s"]);
}

#[test]
fn counters_parser_refuses_malformed_lines_naming_them() {
    let cases = [
        "fr-x  french  french  infantry  X  4-6  1  start  yes",
        "fr-x  prussian  prussian  infantry  X  4-6  1  start  yes  Name",
        "fr-x  french  british  infantry  X  4-6  1  start  yes  Name",
        "fr-x  french  french  hussars  X  4-6  1  start  yes  Name",
        "fr-x  french  french  infantry  XX  4-6  1  start  yes  Name",
        "fr-x  french  french  infantry  X  4  1  start  yes  Name",
        "fr-x  french  french  infantry  X  4-six  1  start  yes  Name",
        "fr-x  french  french  infantry  X  *-4-6  1  start  yes  Name",
        "fr-x  french  french  infantry  X  4-6  1  later  yes  Name",
        "fr-x  french  french  infantry  X  4-6  1  start:99  yes  Name",
        "fr-x  french  french  infantry  X  4-6  1  start  maybe  Name",
        "fr/x  french  french  infantry  X  4-6  1  start  yes  Name",
        "fr-1-2  french  french  infantry  X  4-6  1  start  yes  Again",
    ];
    for case in cases {
        let (line, message) = refused(&with_line(case));
        assert_eq!(line, 4, "{case}: {message}");
        assert!(!message.is_empty());
    }
}

#[test]
fn counters_parser_refuses_a_file_without_counters() {
    assert_eq!(refused("# nothing\n").0, 0);
    assert_eq!(refused("[counters]\n").0, 1);
    assert_eq!(refused("[units]\nfr-1 french french infantry X 4-6 1 start yes N\n").0, 1);
    assert_eq!(refused("fr-1 french french infantry X 4-6 1 start yes N\n").0, 1);
}

#[test]
fn counters_parser_errors_name_the_file_when_known() {
    let err = Counters::parse("[counters]\nbad\n").unwrap_err().in_file("ec/counters.txt");
    assert!(err.to_string().starts_with("ec/counters.txt: line 2: "), "{err}");
}
