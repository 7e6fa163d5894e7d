//! The national cards file (`data/cards.txt`): the built-in file and the reader's refusals.

use grognard_board::{AreaMap, MapError};
use grognard_eia::data::cards::{CorpsKind, Factors, NationalCards, Owner, FLEET_MOVEMENT};
use grognard_eia::data::scenario::Month;
use grognard_eia::{FactorKind, Power};

fn map() -> AreaMap {
    grognard_eia::map::europe().expect("the built-in map parses")
}

fn cards() -> NationalCards {
    NationalCards::builtin().expect("the built-in cards parse")
}

fn month(text: &str) -> Month {
    Month::parse(text).expect("a month")
}

fn factors(text: &str) -> Factors {
    Factors::parse(text).expect("factors")
}

/// A small valid cards file whose last section is [corps], so an appended line lands there.
const BASE: &str = "[depots]
france 10
britain 6
spain 6
austria 8
prussia 6
russia 8
turkey 6
[fleets]
fr-fleet-1 france 15 1st Fleet
[corps]
fr-1 france infantry (3) infantry+militia=18,cavalry=4 - I Corps
";

/// Parses BASE with `line` appended and returns the refusal, which must name that line.
fn refused(line: &str) -> MapError {
    let text = format!("{BASE}{line}\n");
    let err = NationalCards::parse(&text, &map()).expect_err("the file is refused");
    assert_eq!(err.line, text.lines().count(), "the error names the appended line: {err}");
    err
}

#[test]
fn base_file_parses() {
    let cards = NationalCards::parse(BASE, &map()).expect("BASE is valid");
    assert_eq!(cards.corps.len(), 1);
    assert_eq!(cards.fleets.len(), 1);
}

#[test]
fn r2_4_2_builtin_cards_parse_with_corps_and_fleets_for_every_power() {
    let cards = cards();
    for power in Power::ALL {
        let owner = Owner::Major(power);
        assert!(cards.corps_of(&owner).count() >= 5, "{power} has corps");
        assert!(cards.fleets_of(&owner).count() >= 1, "{power} has fleets");
        assert!(cards.depot_limit(power) >= 1, "{power} has depots");
    }
    for minor in ["portugal", "denmark", "sweden", "holland", "bavaria", "kingdom-of-italy", "naples"] {
        let owner = Owner::Minor(minor.to_string());
        assert!(cards.corps_of(&owner).count() >= 1, "{minor} has corps");
    }
    let guard = cards.corps_card("fr-guard").expect("the Imperial Guard");
    assert_eq!(guard.kind, CorpsKind::Guard);
    assert!(guard.capacity.holds(FactorKind::Guard));
}

#[test]
fn r7_3_1_1_french_infantry_corps_moves_4_under_french_control() {
    let cards = cards();
    let fr1 = cards.corps_card("fr-1").expect("I Corps");
    assert!(fr1.movement.french_bonus);
    assert_eq!(fr1.movement_allowance(Power::France), 4);
    // A French-model minor corps moves 4 only while France controls it.
    let naples = cards.corps_card("np-1").expect("a Neapolitan corps");
    assert_eq!(naples.movement_allowance(Power::France), 4);
    assert_eq!(naples.movement_allowance(Power::Britain), 3);
    // Plain 3s stay 3; the cavalry symbol moves 5, Austrian light infantry included.
    assert_eq!(cards.corps_card("br-1").expect("a British corps").movement_allowance(Power::Britain), 3);
    assert_eq!(cards.corps_card("fr-cav-1").expect("a cavalry corps").movement_allowance(Power::France), 5);
    assert_eq!(cards.corps_card("au-lt-1").expect("a light corps").movement_allowance(Power::Austria), 5);
    for card in cards.corps.values() {
        let expected = if card.kind.cavalry_symbol() { 5 } else { 3 };
        assert_eq!(card.movement.points, expected, "{}", card.id);
    }
}

#[test]
fn r6_2_1_every_fleet_moves_7() {
    assert_eq!(FLEET_MOVEMENT, 7);
}

#[test]
fn r6_3_3_4_fleet_cards_fit_the_naval_combat_example() {
    // The example has 60 British ships in 3 fleets and 31 French ships in 3.
    let cards = cards();
    let best = |power: Power| {
        let mut ships: Vec<u16> = cards.fleets_of(&Owner::Major(power)).map(|f| f.ships).collect();
        ships.sort_unstable_by(|a, b| b.cmp(a));
        ships.iter().take(3).sum::<u16>()
    };
    assert!(best(Power::Britain) >= 60);
    assert!(best(Power::France) >= 31);
}

#[test]
fn r2_4_2_1_1_corps_hold_infantry_and_militia_in_one_box_plus_cavalry() {
    let cards = cards();
    let fr1 = &cards.corps_card("fr-1").expect("I Corps").capacity;
    let sep = month("1805-09");
    assert!(fr1.check(&factors("infantry=10,militia=8,cavalry=4"), sep).is_ok());
    assert!(fr1.check(&factors("infantry=10,militia=9"), sep).is_err());
    assert!(fr1.check(&factors("cavalry=5"), sep).is_err());
    assert!(fr1.check(&factors("guard=1"), sep).is_err(), "no guard box on a line corps");
    let militia_only = &cards.corps_card("sp-m-1").expect("a Spanish militia corps").capacity;
    assert!(militia_only.check(&factors("infantry=1"), sep).is_err());
    assert!(militia_only.check(&factors("militia=10"), sep).is_ok());
}

#[test]
fn r1_2_note_e_prussian_cards_grow_from_1810() {
    let cards = cards();
    let pr1 = &cards.corps_card("pr-1").expect("a Prussian corps").capacity;
    let twelve = factors("infantry=12");
    assert!(pr1.check(&twelve, month("1809-12")).is_err());
    assert!(pr1.check(&twelve, month("1810-01")).is_ok());
}

#[test]
fn r10_1_3_feudal_corps_are_turkish_and_have_a_home_province() {
    let cards = cards();
    let map = map();
    let feudal: Vec<_> = cards.corps.values().filter(|c| c.kind == CorpsKind::Feudal).collect();
    assert!(!feudal.is_empty());
    for card in feudal {
        assert_eq!(card.owner, Owner::Major(Power::Turkey));
        let home = card.home.as_deref().expect("a home province");
        assert_eq!(map.province(home).map(|p| p.nation.as_str()), Some("turkey"));
    }
}

#[test]
fn r2_4_1_irregulars_are_never_in_corps() {
    for card in cards().corps.values() {
        for kind in [FactorKind::Cossack, FactorKind::Freikorps, FactorKind::Guerrilla] {
            assert!(!card.capacity.holds(kind), "{} holds {kind}", card.id);
        }
    }
}

#[test]
fn cards_serialize_and_read_back() {
    let cards = cards();
    let json = serde_json::to_string(&cards).expect("serializes");
    let back: NationalCards = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, cards);
}

// ---- refusals, each naming the line ----------------------------------------------------------

#[test]
fn refuses_an_unknown_owner() {
    let err = refused("xx-1 atlantis infantry 3 infantry=5 - Lost Corps");
    assert!(err.message.contains("unknown owner"), "{err}");
}

#[test]
fn refuses_a_duplicate_counter_id() {
    let err = refused("fr-1 france infantry (3) infantry=5 - Again");
    assert!(err.message.contains("twice"), "{err}");
    let err = refused("fr-fleet-1 france infantry (3) infantry=5 - A corps with a fleet's id");
    assert!(err.message.contains("twice"), "{err}");
}

#[test]
fn refuses_an_unknown_corps_kind() {
    let err = refused("fr-2 france dragoons 5 cavalry=5 - II Corps");
    assert!(err.message.contains("unknown corps kind"), "{err}");
}

#[test]
fn r7_3_1_1_refuses_a_cavalry_corps_moving_3() {
    let err = refused("fr-cav-1 france cavalry 3 cavalry=10 - Reserve Cavalry");
    assert!(err.message.contains("7.3.1.1"), "{err}");
}

#[test]
fn r7_3_1_1_refuses_a_parenthesised_3_on_a_non_french_major() {
    let err = refused("br-1 britain infantry (3) infantry=5 - 1st Corps");
    assert!(err.message.contains("(3)"), "{err}");
}

#[test]
fn refuses_a_bad_movement() {
    let err = refused("fr-2 france infantry 4 infantry=5 - II Corps");
    assert!(err.message.contains("movement"), "{err}");
}

#[test]
fn r2_4_2_1_1_refuses_a_kind_in_two_boxes() {
    let err = refused("fr-2 france infantry (3) infantry=5,infantry+militia=3 - II Corps");
    assert!(err.message.contains("two boxes"), "{err}");
}

#[test]
fn r2_4_1_refuses_cossacks_in_a_corps() {
    let err = refused("ru-1 russia infantry 3 infantry=5,cossack=2 - 1st Corps");
    assert!(err.message.contains("cossack"), "{err}");
}

#[test]
fn refuses_a_guard_corps_without_guard() {
    let err = refused("fr-guard france guard (3) infantry=5 - Guard");
    assert!(err.message.contains("guard"), "{err}");
}

#[test]
fn r10_1_3_refuses_a_feudal_corps_without_home() {
    let err = refused("tu-f turkey feudal 3 feudal-infantry=6 - Feudal");
    assert!(err.message.contains("home province"), "{err}");
}

#[test]
fn r10_1_3_refuses_a_feudal_home_of_another_nation() {
    let err = refused("tu-f turkey feudal 3 feudal-infantry=6 bohemia Feudal");
    assert!(err.message.contains("bohemia"), "{err}");
    let err = refused("tu-f turkey feudal 3 feudal-infantry=6 atlantis Feudal");
    assert!(err.message.contains("unknown province"), "{err}");
}

#[test]
fn refuses_a_home_on_a_corps_that_is_not_feudal() {
    let err = refused("fr-2 france infantry (3) infantry=5 paris II Corps");
    assert!(err.message.contains("feudal"), "{err}");
}

#[test]
fn r1_2_note_e_refuses_a_1810_number_on_a_non_prussian_card() {
    let err = refused("fr-2 france infantry (3) infantry=5(7) - II Corps");
    assert!(err.message.contains("1.2 note e"), "{err}");
}

#[test]
fn refuses_a_bad_capacity() {
    let err = refused("fr-2 france infantry (3) infantry=0 - II Corps");
    assert!(err.message.contains("capacity"), "{err}");
    let err = refused("fr-2 france infantry (3) foot=5 - II Corps");
    assert!(err.message.contains("unknown factor kind"), "{err}");
}

#[test]
fn refuses_a_corps_without_name_or_columns() {
    let err = refused("fr-2 france infantry (3) infantry=5 -");
    assert!(err.message.contains("no name"), "{err}");
    let err = refused("fr-2 france infantry");
    assert!(err.message.contains("too few columns"), "{err}");
}

#[test]
fn refuses_a_bad_id() {
    let err = refused("FR-2 france infantry (3) infantry=5 - II Corps");
    assert!(err.message.contains("id"), "{err}");
}

#[test]
fn refuses_a_fleet_without_ships() {
    let text = BASE.replace("fr-fleet-1 france 15 1st Fleet", "fr-fleet-1 france 0 1st Fleet");
    let err = NationalCards::parse(&text, &map()).expect_err("refused");
    assert_eq!(err.line, 10, "{err}");
}

#[test]
fn r7_2_refuses_depots_missing_a_power_or_given_twice() {
    let text = BASE.replace("turkey 6\n", "");
    let err = NationalCards::parse(&text, &map()).expect_err("refused");
    assert_eq!(err.line, 1, "the [depots] header: {err}");
    assert!(err.message.contains("turkey"), "{err}");
    let text = BASE.replace("turkey 6\n", "turkey 6\nturkey 4\n");
    let err = NationalCards::parse(&text, &map()).expect_err("refused");
    assert_eq!(err.line, 9, "{err}");
}

#[test]
fn refuses_an_unknown_section() {
    let text = format!("{BASE}[counters]\n");
    let err = NationalCards::parse(&text, &map()).expect_err("refused");
    assert_eq!(err.line, text.lines().count());
}
