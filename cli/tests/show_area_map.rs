//! Pictures of a game played on an area map (Empires in Arms): `grognard show` of a real
//! game to PNG and SVG, now and after a step, a close-up around a land area, the options an
//! area map refuses in words of areas; the board on the invitation mail, in the terminal
//! replay and on the exported web page.

use crate::common;

use common::{alice_and_bob, Player};
use std::path::Path;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The size of the PNG at `path`.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(PNG_SIGNATURE), "{} is not a PNG", path.display());
    let reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG header");
    (reader.info().width, reader.info().height)
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The first scenario `grognard scenarios` lists for Empires in Arms.
fn eia_scenario(p: &Player, cwd: &Path) -> String {
    let list = p.json(cwd, &["scenarios"]);
    let scenarios = list["scenarios"].as_array().expect("scenarios");
    let eia = scenarios.iter().find(|s| s["ruleset"] == "eia").expect("`grognard scenarios` lists an eia scenario");
    eia["scenario"]["id"].as_str().expect("a scenario id").to_string()
}

/// A usage refusal (exit status 2) of `args`; its message.
fn refused(p: &Player, cwd: &Path, args: &[&str]) -> String {
    let out = p.run(cwd, args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    stderr(&out)
}

#[test]
fn a_game_of_empires_in_arms_is_drawn_by_show_the_mails_the_replay_and_its_web_page() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let scenario = eia_scenario(&alice, cwd);

    // The scenario's opening, without a game.
    let opening = alice.json(cwd, &["show", "--scenario", &scenario, "--ruleset", "eia", "--svg", "opening.svg"]);
    assert_eq!(opening["ok"], true, "{opening}");
    let svg = std::fs::read_to_string(cwd.join("opening.svg")).expect("svg");
    assert!(svg.starts_with("<svg") && svg.contains(">Paris<") && svg.contains(">Key<"), "the area map is drawn");

    // A real game: the invitation mail carries the board.
    let new =
        ["new", "--ruleset", "eia", "--scenario", &scenario, "--opponent", &bob_line, "--out", "i.grog", "--mail"];
    alice.ok(cwd, &new);
    let mail = std::fs::read_dir(alice.outbox()).expect("outbox").next().expect("a mail").expect("entry").path();
    let text = std::fs::read_to_string(&mail).expect("mail text");
    assert!(text.contains("board.png") && text.contains("image/png"), "no picture attached");

    // show, to PNG and SVG at once
    let now = alice.json(cwd, &["show", "--png", "now.png", "--svg", "now.svg"]);
    assert!(now["shows"].as_str().unwrap_or_default().contains("the board now"), "{now}");
    assert!(now["title"].as_str().is_some_and(|t| !t.is_empty()), "{now}");
    let written: Vec<&str> =
        now["written"].as_array().expect("written").iter().filter_map(|w| w["format"].as_str()).collect();
    assert_eq!(written, ["png", "svg"]);
    let (w, h) = png_size(&cwd.join("now.png"));
    assert!(w >= 1500 && h >= 1500, "the whole map, large enough to read: {w}x{h}");
    let svg = std::fs::read_to_string(cwd.join("now.svg")).expect("svg");
    assert!(
        svg.contains(">Paris<") && svg.contains(">Vienna<") && svg.contains(" PP<"),
        "names and the political points panels"
    );
    let default = alice.ok(cwd, &["show"]);
    assert!(default.contains("-board.png"), "the default file: {default}");

    // a close-up around a land area, with ids on the counters
    let close = alice.json(cwd, &["show", "--around", "paris", "--radius", "1", "--ids", "--svg", "paris.svg"]);
    assert_eq!(close["ok"], true, "{close}");
    let svg = std::fs::read_to_string(cwd.join("paris.svg")).expect("svg");
    assert!(svg.contains("Close-up: the areas within 1 step of Paris"), "the close-up says what it shows");
    assert!(!svg.contains(">Moscow<"), "Moscow is far from Paris");
    alice.ok(cwd, &["show", "--around", "paris", "--png", "paris.png"]);
    png_size(&cwd.join("paris.png"));

    // What an area map refuses, in its own words, never a panic.
    let why = refused(&alice, cwd, &["show", "--around", "1833", "--png", "x.png"]);
    assert!(why.contains("land area or sea zone 1833 is not on the map"), "{why}");
    assert!(!why.contains("hex 1833"), "an area map has no hexes: {why}");
    let why = refused(&alice, cwd, &["show", "--no-hex-numbers", "--png", "x.png"]);
    assert!(why.contains("area map, which has no hex numbers"), "{why}");
    let why = refused(&alice, cwd, &["show", "--reach", "fr-1", "--png", "x.png"]);
    assert!(why.contains("played on an area map"), "{why}");
    let why = refused(&alice, cwd, &["show", "--scale", "9", "--png", "x.png"]);
    assert!(why.contains("scale 9"), "{why}");
    assert!(!cwd.join("x.png").exists());

    // Bob joins: the game has steps, and the board after the first.
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b1.grog"]);
    alice.ok(cwd, &["receive", "b1.grog"]);
    let first = alice.json(cwd, &["show", "--at", "1", "--svg", "first.svg", "--png", "first.png"]);
    assert!(first["shows"].as_str().unwrap_or_default().contains("after step 1"), "{first}");
    png_size(&cwd.join("first.png"));

    // The terminal replay writes the board of the step it shows.
    let out = alice.run(cwd, &["replay", "--step", "1", "--pictures", "steps"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    png_size(&cwd.join("steps").join("step-0001.png"));

    // The web page holds a board for every player turn.
    let page = alice.json(cwd, &["export-html", "--out", "match.html"]);
    let boards = page["boards"].as_u64().unwrap_or(0);
    assert!(boards >= 1 && Some(boards) == page["player_turns"].as_u64(), "{page}");
    let html = std::fs::read_to_string(cwd.join("match.html")).expect("page");
    assert!(html.contains("<data class=\"board\""), "the boards are in the page");
}
