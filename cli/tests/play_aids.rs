//! The play aids at the command line: `reach`, moving by destination, `moves` (every legal
//! command, grouped), `odds`, `hex`, `units`, `charts`, `show --reach`, on FNC games started
//! from written positions.

use crate::common;

use common::Player;
use grognard_engine::{PlayerId, Ruleset, Seats};
use serde_json::Value;
use std::path::Path;

const MOVING: &str = "fnc-position 1
game ec
turn 2
phase movement
phasing french
hex 1127: fr-fort fr-1-1 fr-1-2
hex 1833: ot-mm-1
";

const FIGHTING: &str = "fnc-position 1
game ec
turn 2
phase combat
phasing french
hex 1127: fr-fort fr-1-1 fr-1-2
hex 1227: ot-jn-1
";

/// Alice alone (solitaire) in a game from `position`, with `dice` (and `--faces` when
/// scripted).
fn solo(cwd: &Path, position: &str, dice: &[&str]) -> Player {
    let alice = Player::new(cwd.join("alice"), "alice");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    std::fs::write(cwd.join("pos.txt"), position).expect("write position");
    let mut args = vec!["new", "--ruleset", "fnc", "--position", "pos.txt", "--out", "i.grog"];
    args.extend_from_slice(dice);
    alice.ok(cwd, &args);
    alice
}

fn entries(p: &Player, cwd: &Path) -> Value {
    p.json(cwd, &["status"])["entries"].clone()
}

#[test]
fn reach_9_0_and_move_by_destination_take_the_same_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = solo(cwd, MOVING, &["--dice", "casual"]);
    let reach = alice.json(cwd, &["reach", "fr-1-1"]);
    let hexes = reach["hexes"].as_array().expect("hexes");
    assert_eq!(reach["count"], hexes.len());
    // The farthest hex (the longest path) makes a real test of the completion.
    let far = hexes.iter().max_by_key(|h| h["path"].as_array().map_or(0, Vec::len)).expect("somewhere to go");
    let path: Vec<&str> = far["path"].as_array().expect("path").iter().map(|h| h.as_str().expect("hex")).collect();
    assert!(path.len() >= 2, "{reach}");
    let target = far["hex"].as_str().expect("hex");
    let done = alice.json(cwd, &["do", "move", "fr-1-1", target]);
    assert_eq!(done["command"], format!("move fr-1-1 {}", path.join(" ")));
    // The text form says what the shorthand became.
    alice.ok(cwd, &["undo"]);
    let text = alice.ok(cwd, &["do", "move", "fr-1-1", target]);
    assert!(text.contains(&format!("is `move fr-1-1 {}`", path.join(" "))), "{text}");
    // After the move, fr-1-1 has spent what reach said.
    let hex = alice.json(cwd, &["hex", target]);
    let unit = hex["units"].as_array().expect("units").iter().find(|u| u["id"] == "fr-1-1").expect("fr-1-1 there");
    assert_eq!(unit["moved"], far["cost"]);
    // The stack's move is over (9.6 once another moves): reach from the hex now lists the
    // rest of its allowance only; an unreachable destination is refused (9.2) and nothing
    // is staged.
    let beyond = alice.run(cwd, &["do", "move", "fr-1-2", "4213", "--json"]);
    assert!(!beyond.status.success());
    let refusal: Value = serde_json::from_slice(&beyond.stdout).expect("JSON refusal");
    assert_eq!(refusal["rule"], "9.2", "{refusal}");
    assert_eq!(refusal["error"], "illegal");
}

#[test]
fn moves_lists_every_legal_command_grouped_with_its_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = solo(cwd, MOVING, &["--dice", "casual"]);
    let moves = alice.json(cwd, &["moves"]);
    let list = moves["moves"].as_array().expect("moves");
    assert_eq!(moves["count"], list.len());
    // The same commands as the ruleset's legal_commands, all of them.
    let fnc = grognard_fnc::Fnc;
    let setup = fnc.position_setup(MOVING).expect("a position of EC");
    let info = fnc.scenario_of(&setup).expect("a position's scenario");
    let seats = Seats::round_robin(&info.powers, 1).expect("seats");
    let state = fnc.setup(&setup, &seats).expect("the position");
    let legal = fnc.legal_commands(&state, PlayerId(0));
    assert_eq!(list.len(), legal.len());
    let texts: Vec<String> = legal.iter().map(|c| fnc.format_command(c)).collect();
    let shown: Vec<&str> = list.iter().map(|m| m.as_str().expect("text")).collect();
    assert_eq!(shown, texts);
    // Grouped by unit, then kind; every command in exactly one group.
    let mut in_groups = 0;
    for g in moves["groups"].as_array().expect("groups") {
        let n: usize =
            g["kinds"].as_array().expect("kinds").iter().map(|k| k["commands"].as_array().map_or(0, Vec::len)).sum();
        assert_eq!(g["count"], n);
        in_groups += n;
    }
    assert_eq!(in_groups, list.len());
    let fr =
        moves["groups"].as_array().expect("groups").iter().find(|g| g["unit"] == "fr-1-1").expect("fr-1-1's group");
    assert!(fr["kinds"].as_array().expect("kinds").iter().any(|k| k["kind"] == "move"), "{fr}");
    let text = alice.ok(cwd, &["moves"]);
    assert!(text.contains(&format!("{} legal command(s)", list.len())), "{text}");
    // In text a unit's many moves show as their destinations; `moves UNIT` lists each one.
    let fr_moves: Vec<&str> = shown.iter().copied().filter(|m| m.starts_with("move fr-1-1 ")).collect();
    assert!(fr_moves.len() > 6, "{fr_moves:?}");
    assert!(text.contains(&format!("  move ({}) to:", fr_moves.len())), "{text}");
    let only = alice.ok(cwd, &["moves", "fr-1-1"]);
    for m in &fr_moves {
        assert!(only.contains(&format!("grognard do {m}\n")), "{m} in {only}");
    }
    assert!(!only.contains("fr-2-1"), "{only}");
    let only_json = alice.json(cwd, &["moves", "fr-1-1"]);
    let n = only_json["moves"].as_array().expect("moves").len();
    assert_eq!(only_json["count"], n);
    assert!(n < list.len() && n >= fr_moves.len());
    let none = alice.ok(cwd, &["moves", "fr-nobody"]);
    assert!(none.contains("No legal command names fr-nobody"), "{none}");
}

#[test]
fn odds_11_2_shows_what_attack_then_gets_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = solo(cwd, FIGHTING, &["--dice", "scripted", "--faces", "6"]);
    let before = entries(&alice, cwd);
    let odds = alice.json(cwd, &["odds", "fr-1-1,fr-1-2", "1227"]);
    assert_eq!(entries(&alice, cwd), before, "odds signs nothing");
    // 11.10: the whole 1st Division attacks: (5+1) + (4+1) = 11 against 3 = 366%.
    assert_eq!(odds["attack_strength"], 11);
    assert_eq!(odds["defense_strength"], 3);
    assert_eq!(odds["percent"], 366);
    assert_eq!(odds["results"].as_array().expect("faces").len(), 6);
    let text = alice.ok(cwd, &["odds", "fr-1-1", "fr-1-2", "1227"]);
    assert!(text.contains("366%"), "{text}");
    // The attack, with a scripted 6, gets the result odds gave for a 6.
    let attacked = alice.json(cwd, &["do", "attack", "fr-1-1,fr-1-2", "1227"]);
    let events = attacked["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e.as_str().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let six = odds["results"][5]["result"].as_str().expect("a result");
    assert!(events.contains(&format!("die 6: {six}")), "{events}");
    // A declaration `attack` refuses is refused alike (11.4: that hex was attacked).
    let again = alice.run(cwd, &["odds", "fr-1-1", "1227", "--json"]);
    assert!(!again.status.success());
    let refusal: Value = serde_json::from_slice(&again.stdout).expect("JSON refusal");
    assert_eq!(refusal["error"], "illegal");
    assert!(refusal["rule"].as_str().is_some_and(|r| r.starts_with("11.")), "{refusal}");
}

#[test]
fn hex_units_charts_and_show_reach_answer_without_changing_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cwd = dir.path();
    let alice = solo(cwd, MOVING, &["--dice", "casual"]);
    let before = entries(&alice, cwd);
    let hex = alice.json(cwd, &["hex", "1127"]);
    assert_eq!(hex["locale"]["name"], "Alexandria");
    assert_eq!(hex["fortress"], "intact");
    assert_eq!(hex["units"].as_array().expect("units").len(), 3);
    let units = alice.json(cwd, &["units", "ottoman"]);
    assert_eq!(units["sides"][0]["side"], "ottoman");
    assert!(units["sides"][0]["groups"].as_array().expect("groups").iter().any(|g| g["where"] == "hex 1833"));
    let charts = alice.json(cwd, &["charts"]);
    // Turn 2: the Nile is in flood (9.16).
    assert_eq!(charts["turn"]["nile_flood"], true);
    let nile =
        charts["hexsides"].as_array().expect("rows").iter().find(|r| r["hexside"] == "river:Nile").expect("Nile");
    assert_eq!(nile["crossing"], "2");
    alice.ok(cwd, &["show", "--reach", "fr-1-1", "--svg", "reach.svg", "--png", "reach.png"]);
    let svg = std::fs::read_to_string(cwd.join("reach.svg")).expect("svg");
    assert!(svg.contains(r#"<g id="moves"><path"#), "the reach is drawn as paths");
    assert_eq!(entries(&alice, cwd), before);
    // Refusals carry their rule or say the input is not one.
    let off = alice.run(cwd, &["hex", "9999", "--json"]);
    assert!(!off.status.success());
    let refusal: Value = serde_json::from_slice(&off.stdout).expect("JSON refusal");
    assert_eq!(refusal["rule"], "2.2", "{refusal}");
    let nobody = alice.run(cwd, &["reach", "nobody", "--json"]);
    assert!(!nobody.status.success());
    let refusal: Value = serde_json::from_slice(&nobody.stdout).expect("JSON refusal");
    assert_eq!(refusal["error"], "parse", "{refusal}");
}
