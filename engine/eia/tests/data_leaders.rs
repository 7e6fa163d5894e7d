//! The leaders file (`data/leaders.txt`): the built-in file and the reader's refusals.

use grognard_board::MapError;
use grognard_eia::data::leaders::{Command, Leaders};
use grognard_eia::data::scenario::Month;
use grognard_eia::Power;

fn leaders() -> Leaders {
    Leaders::builtin().expect("the built-in leaders parse")
}

const BASE: &str = "[leaders]
napoleon france army 5-5-6 - Napoleon I
";

/// Parses BASE with `line` appended and returns the refusal, which must name that line.
fn refused(line: &str) -> MapError {
    let text = format!("{BASE}{line}\n");
    let err = Leaders::parse(&text).expect_err("the file is refused");
    assert_eq!(err.line, 3, "the error names the appended line: {err}");
    err
}

#[test]
fn builtin_leaders_parse_with_leaders_for_every_power() {
    let leaders = leaders();
    for power in Power::ALL {
        assert!(leaders.of_power(power).count() >= 3, "{power} has leaders");
    }
    for id in [
        "napoleon",
        "davout",
        "lannes",
        "massena",
        "soult",
        "ney",
        "murat",
        "bernadotte",
        "archduke-charles",
        "archduke-john",
        "mack",
        "kutuzov",
        "bagration",
        "bennigsen",
        "barclay",
        "blucher",
        "brunswick",
        "wellington",
        "moore",
        "nelson",
    ] {
        assert!(leaders.get(id).is_some(), "{id}");
    }
    assert_eq!(leaders.get("bernadotte").map(|l| l.power), Some(Power::France));
}

#[test]
fn napoleon_is_the_best_leader_in_every_rating() {
    let leaders = leaders();
    let napoleon = leaders.get("napoleon").and_then(|l| l.ratings()).expect("Napoleon's ratings");
    for other in leaders.iter().filter(|l| l.id != "napoleon") {
        if let Some(r) = other.ratings() {
            assert!(r.strategic < napoleon.strategic, "{}", other.id);
            assert!(r.tactical < napoleon.tactical, "{}", other.id);
            assert!(r.max_corps < napoleon.max_corps, "{}", other.id);
        }
    }
}

#[test]
fn r5_3_nelson_is_the_one_naval_leader() {
    let leaders = leaders();
    let naval: Vec<&str> = leaders.iter().filter(|l| l.is_naval()).map(|l| l.id.as_str()).collect();
    assert_eq!(naval, ["nelson"]);
    let nelson = leaders.get("nelson").expect("Nelson");
    assert_eq!(nelson.command, Command::Fleet);
    assert_eq!(nelson.power, Power::Britain);
    assert!(nelson.ratings().is_none());
}

#[test]
fn r5_3_leaders_arrive_from_their_month() {
    let leaders = leaders();
    let wellington = leaders.get("wellington").expect("Wellington");
    assert!(!wellington.available(Month::parse("1805-09").expect("a month")));
    assert!(wellington.available(Month::parse("1808-08").expect("a month")));
    assert!(leaders.get("napoleon").is_some_and(|l| l.from.is_none()));
}

#[test]
fn leaders_serialize_and_read_back() {
    let leaders = leaders();
    let json = serde_json::to_string(&leaders).expect("serializes");
    let back: Leaders = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, leaders);
}

#[test]
fn refuses_a_duplicate_leader() {
    let err = refused("napoleon france army 5-5-6 - Napoleon again");
    assert!(err.message.contains("twice"), "{err}");
}

#[test]
fn refuses_an_unknown_power() {
    let err = refused("washington america army 3-3-3 - George Washington");
    assert!(err.message.contains("unknown major power"), "{err}");
}

#[test]
fn refuses_an_army_leader_without_ratings() {
    let err = refused("davout france army - - Davout");
    assert!(err.message.contains("ratings"), "{err}");
}

#[test]
fn refuses_ratings_on_a_naval_leader() {
    let err = refused("nelson britain fleet 3-3-3 - Nelson");
    assert!(err.message.contains("naval"), "{err}");
}

#[test]
fn refuses_ratings_out_of_range() {
    let err = refused("davout france army 3-7-3 - Davout");
    assert!(err.message.contains("S-T-M"), "{err}");
    let err = refused("davout france army 3-4 - Davout");
    assert!(err.message.contains("S-T-M"), "{err}");
    let err = refused("davout france army 0-4-3 - Davout");
    assert!(err.message.contains("S-T-M"), "{err}");
}

#[test]
fn refuses_an_unknown_command() {
    let err = refused("davout france navy - - Davout");
    assert!(err.message.contains("command"), "{err}");
}

#[test]
fn refuses_a_month_off_the_time_record() {
    let err = refused("davout france army 3-4-3 1799-01 Davout");
    assert!(err.message.contains("month"), "{err}");
}

#[test]
fn refuses_a_leader_without_name() {
    let err = refused("davout france army 3-4-3 -");
    assert!(err.message.contains("no name"), "{err}");
}

#[test]
fn refuses_an_empty_file() {
    let err = Leaders::parse("# nothing\n").expect_err("refused");
    assert!(err.message.contains("[leaders]"), "{err}");
}
