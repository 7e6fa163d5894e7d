//! The complete list of movement commands (`movement::legal`, 9.0, 9.13): a brute force over
//! paths, which knows nothing of the search, finds no hex a unit can reach that
//! `legal_commands` does not list, the listed path is never dearer than one it finds, and
//! every listed movement command is accepted.

use crate::core_common;

use grognard_board::HexId;
use grognard_engine::{ApplyError, NoDice};
use grognard_fnc::command::Command;
use grognard_fnc::movement::{ground, river};
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::{table, Ctx, Game, Side, State};
use std::collections::{BTreeMap, BTreeSet};

fn real() -> &'static Ctx {
    Ctx::embedded(Game::Ec).expect("the EC data")
}

/// Four French stacks facing Ottoman ones, and El Arish ringed (the batch fixture), in
/// the French movement phase of game turn 4.
fn four_fronts(ctx: &Ctx) -> State {
    let text = include_str!("fixtures/four_fronts_ec.txt").replace("phase random-events", "phase movement");
    core_common::pos(ctx, &text)
}

fn hex(n: &str) -> HexId {
    HexId::parse(n).expect("a hex")
}

fn units(list: &[&str]) -> Vec<String> {
    list.iter().map(|u| u.to_string()).collect()
}

/// Where a path leads (`None`: refused) and, if the move may end there, its cost.
type PathCheck<'a> = dyn Fn(&[HexId]) -> Option<(HexId, Option<u16>)> + 'a;

/// Try every path of at most `depth` hexes from `start`: `check` says where a path leads
/// (`None`: refused, so no longer path is tried) and, if the move may end there, its cost.
/// Gives the least cost found for each hex but `start`.
fn brute_force(start: HexId, depth: usize, check: &PathCheck) -> BTreeMap<HexId, u16> {
    fn walk(path: &mut Vec<HexId>, depth: usize, check: &PathCheck, out: &mut BTreeMap<HexId, u16>) {
        let Some((at, cost)) = check(path) else { return };
        if let Some(cost) = cost {
            let best = out.entry(at).or_insert(u16::MAX);
            *best = (*best).min(cost);
        }
        if path.len() == depth {
            return;
        }
        for (_, n) in at.neighbours() {
            if !path.contains(&n) {
                path.push(n);
                walk(path, depth, check, out);
                path.pop();
            }
        }
    }
    let mut out = BTreeMap::new();
    for (_, first) in start.neighbours() {
        walk(&mut vec![first], depth, check, &mut out);
    }
    out.remove(&start);
    out
}

fn start_of(s: &State, movers: &[String]) -> HexId {
    s.location(&movers[0]).and_then(|l| l.hex()).expect("on the map")
}

/// Every hex a ground move of `movers` may end in through a path of at most `depth` hexes,
/// with the cheapest cost found, by trying every path (each checked by `plan_route`).
fn brute_ground(ctx: &Ctx, s: &State, movers: &[String], depth: usize) -> BTreeMap<HexId, u16> {
    brute_force(start_of(s, movers), depth, &|path| {
        let p = ground::plan_route(ctx, s, Side::First, movers, path).ok()?;
        let at = *path.last()?;
        Some((at, ground::check_end(ctx, path).is_ok().then_some(p.total)))
    })
}

/// The listed ground moves of exactly `movers`: each end hex with the listed path's cost.
fn listed_ground(ctx: &Ctx, s: &State, legal: &[Command], movers: &[String]) -> BTreeMap<HexId, u16> {
    let mut out = BTreeMap::new();
    for c in legal {
        if let Command::Move { units, path, .. } = c {
            if units == movers {
                let cost = ground::plan(ctx, s, Side::First, units, path).expect("a listed move is legal").total;
                let end = *path.last().expect("a path");
                assert!(out.insert(end, cost).is_none(), "{end} listed twice for {movers:?}");
            }
        }
    }
    out
}

#[test]
fn rule_9_2_every_hex_a_unit_can_reach_by_ground_is_listed_with_its_cheapest_path() {
    let ctx = real();
    let s = four_fronts(ctx);
    let legal = table::commands(ctx, &s, Side::First);
    for movers in [units(&["fr-cav-2"]), units(&["fr-1-1"]), units(&["fr-1-1", "fr-1-2"]), units(&["fr-5-2"])] {
        let brute = brute_ground(ctx, &s, &movers, 5);
        let listed = listed_ground(ctx, &s, &legal, &movers);
        assert!(!brute.is_empty(), "{movers:?} can move");
        for (end, cost) in &brute {
            let Some(listed_cost) = listed.get(end) else {
                panic!("{movers:?} can reach {end} (cost {cost}) but no move there is listed: {listed:?}")
            };
            assert!(
                listed_cost <= cost,
                "{movers:?} to {end}: listed cost {listed_cost} > {cost} found by brute force"
            );
        }
    }
}

#[test]
fn rule_9_5_rule_9_6_each_unit_alone_and_the_whole_stack_are_listed_not_other_subsets() {
    let ctx = real();
    let s = four_fronts(ctx);
    let legal = table::commands(ctx, &s, Side::First);
    let groups: BTreeSet<Vec<String>> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Move { units, .. } => Some(units.clone()),
            _ => None,
        })
        .collect();
    for g in [&["fr-2-1"][..], &["fr-2-2"], &["fr-cav-1"], &["fr-2-1", "fr-2-2", "fr-cav-1"]] {
        assert!(groups.contains(&units(g)), "{g:?} moves: {groups:?}");
    }
    // Two of the three moving together reach what they reach one after the other.
    assert!(!groups.contains(&units(&["fr-2-1", "fr-2-2"])));
    // 9.11: the fortress never moves.
    assert!(!groups.iter().any(|g| g.contains(&"fr-fort".to_string())));
}

/// Every hex an RCLM move of `movers` may end in, with the fewest hexes it takes, by trying
/// every path of at most `depth` hexes (each checked by `river_route`).
fn brute_river(ctx: &Ctx, s: &State, movers: &[String], depth: usize) -> BTreeMap<HexId, u16> {
    brute_force(start_of(s, movers), depth, &|path| {
        let at = river::river_route(ctx, s, Side::First, movers, path).ok()?.at?;
        Some((at, river::check_river_end(ctx, at).is_ok().then_some(path.len() as u16)))
    })
}

#[test]
fn rule_9_13_every_hex_reachable_by_river_is_listed_by_its_shortest_path() {
    // The core test map: the Nile between columns 13 and 14 from 1328 to 1431, Lake
    // Bourlos (1326, 1327) on it.
    let ctx = core_common::ec();
    let s = core_common::movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let movers = units(&["fr-1-1"]);
    let brute = brute_river(ctx, &s, &movers, 10);
    let legal = table::commands(ctx, &s, Side::First);
    let mut listed: BTreeMap<HexId, u16> = BTreeMap::new();
    for c in &legal {
        if let Command::River { units, path } = c {
            assert_eq!(units, &movers);
            assert!(listed.insert(*path.last().expect("a path"), path.len() as u16).is_none(), "one path per end: {c}");
        }
    }
    assert!(brute.contains_key(&hex("1227")), "through the lake: {brute:?}");
    assert_eq!(listed, brute, "listed river moves (end, hexes) against every path tried");
}

#[test]
fn rule_9_0_rule_9_13_every_listed_movement_command_is_accepted() {
    let ctx = real();
    let s = four_fronts(ctx);
    let legal = table::commands(ctx, &s, Side::First);
    let moves: Vec<&Command> = legal.iter().filter(|c| !matches!(c, Command::End)).collect();
    assert!(moves.len() > 1000, "{} movement commands", moves.len());
    for c in moves {
        match apply_command(ctx, &s, Side::First, c, &mut NoDice) {
            Ok(_) | Err(ApplyError::NeedDice) => {}
            Err(e) => panic!("listed `{c}` refused: {e:?}"),
        }
    }
}

#[test]
fn rule_9_13_river_to_a_far_hex_takes_the_shortest_river_path() {
    // Three hexes by 1228 or by the lake hex 1327: the smaller sequence of hex ids wins.
    let ctx = core_common::ec();
    let s = core_common::movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let typed = Command::River { units: units(&["fr-1-1"]), path: vec![hex("1227")] };
    let done = grognard_fnc::aids::complete(ctx, &s, s.owners[0], typed).expect("completed");
    assert_eq!(done, Command::River { units: units(&["fr-1-1"]), path: vec![hex("1328"), hex("1228"), hex("1227")] });
    // A hex no river path reaches stays as typed, for `river` to refuse with 9.13.
    let typed = Command::River { units: units(&["fr-1-1"]), path: vec![hex("2020")] };
    assert_eq!(grognard_fnc::aids::complete(ctx, &s, s.owners[0], typed.clone()).expect("kept"), typed);
}

#[test]
fn rule_9_13_reach_gives_the_river_destinations_too_and_a_gunboat_goes_by_river_only() {
    let ctx = core_common::ec();
    let s = core_common::movement(ctx, 4, "french", "hex 1329: fr-1-1");
    let query = grognard_engine::AidQuery::Reach { units: units(&["fr-1-1"]) };
    let answer = grognard_fnc::aids::answer(ctx, &s, &query).expect("reach");
    let river = answer.json["river"].as_array().expect("river");
    let to_1227 = river.iter().find(|r| r["hex"] == "1227").expect("1227 by river");
    assert_eq!(to_1227["path"], serde_json::json!(["1328", "1228", "1227"]));
    assert!(answer.text.contains("by river, canal and lake movement"), "{}", answer.text);
    // 9.13: gunboats move only by RCLM; their reach is the river's.
    let s = core_common::movement(ctx, 4, "ottoman", "hex 1329: ot-gb");
    let query = grognard_engine::AidQuery::Reach { units: units(&["ot-gb"]) };
    let answer = grognard_fnc::aids::answer(ctx, &s, &query).expect("a gunboat's reach");
    assert_eq!(answer.json["count"], 0, "no hex by land");
    assert!(!answer.json["river"].as_array().expect("river").is_empty(), "{}", answer.text);
}
