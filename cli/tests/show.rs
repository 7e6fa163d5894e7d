//! `grognard show`: pictures of a scenario's opening, of a local game now and after N
//! steps, the refusals, and the picture on a turn mail.

use crate::common;

use common::Player;
use std::path::Path;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("the picture");
    assert!(bytes.starts_with(PNG_SIGNATURE), "{} is not a PNG", path.display());
    let reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG header");
    (reader.info().width, reader.info().height)
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn show_draws_a_scenario_opening_as_png_and_svg() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let p = Player::new(cwd.join("home"), "viewer");
    let out = p.json(cwd, &["show", "--scenario", "ec-historical", "--png", "ec.png", "--svg", "ec.svg"]);
    assert_eq!(out["ok"], true);
    assert_eq!(out["written"].as_array().map(Vec::len), Some(2));
    let (w, h) = png_size(&cwd.join("ec.png"));
    assert!(w > 1000 && h > 1000, "a whole map: {w}x{h}");
    let svg = std::fs::read_to_string(cwd.join("ec.svg")).expect("svg");
    assert!(svg.contains(">Alexandria<") && svg.contains(">Cairo<") && svg.contains(">1127<"));
    // A close-up is smaller; with no file named, the PNG gets the scenario's name.
    let text = p.ok(cwd, &["show", "--scenario", "rsw-historical", "--around", "1210", "--radius", "4"]);
    assert!(text.contains("rsw-historical-board.png"), "{text}");
    let (cw, ch) = png_size(&cwd.join("rsw-historical-board.png"));
    assert!(cw < w && ch < h);
}

#[test]
fn show_refuses_what_it_cannot_draw() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let p = Player::new(cwd.join("home"), "viewer");
    // the duel test ruleset has no map
    let out = p.run(cwd, &["show", "--scenario", "standard", "--png", "duel.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("has no picture of its board"), "{}", stderr(&out));
    assert!(!cwd.join("duel.png").exists());
    let out = p.run(cwd, &["show", "--scenario", "no-such-scenario"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no ruleset has a scenario `no-such-scenario`"));
    let out = p.run(cwd, &["show", "--scenario", "ec", "--around", "9999", "--png", "x.png"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("9999 is not on the map"));
    let out = p.run(cwd, &["show", "--scenario", "ec", "--around", "12", "--png", "x.png"]);
    assert_eq!(out.status.code(), Some(2));
    // never overwrites a file
    std::fs::write(cwd.join("taken.png"), b"mine").expect("write");
    let out = p.run(cwd, &["show", "--scenario", "ec", "--png", "taken.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read(cwd.join("taken.png")).expect("read"), b"mine");
    // no game here yet
    let out = p.run(cwd, &["show", "--png", "game.png"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn show_draws_a_local_game_now_and_after_its_first_steps_and_mails_carry_the_picture() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let alice = Player::new(cwd.join("alice-home"), "alice");
    let bob = Player::new(cwd.join("bob-home"), "bob");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let key = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"]);
    let line = key["public_key"].as_str().expect("public key line").to_string();
    let new =
        ["new", "--ruleset", "fnc", "--scenario", "ec-historical", "--opponent", &line, "--out", "i.grog", "--mail"];
    alice.ok(cwd, &new);
    // the invitation mail carries the board
    let mail = std::fs::read_dir(alice.outbox()).expect("outbox").next().expect("a mail").expect("entry").path();
    let text = std::fs::read_to_string(&mail).expect("mail text");
    assert!(text.contains("board.png"), "no picture attached");
    assert!(text.contains("image/png"));
    assert!(!text.contains("The picture of the board is not available yet"));

    let now = alice.json(cwd, &["show", "--png", "now.png"]);
    assert!(now["shows"].as_str().expect("shows").contains("the board now"));
    png_size(&cwd.join("now.png"));
    let first = alice.json(cwd, &["show", "--at", "1", "--svg", "first.svg", "--no-highlight"]);
    assert!(first["shows"].as_str().expect("shows").contains("after step 1 of 1"), "{first}");
    let svg = std::fs::read_to_string(cwd.join("first.svg")).expect("svg");
    assert!(svg.contains(">Alexandria<"));
    let out = alice.run(cwd, &["show", "--at", "2", "--png", "late.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("the game's log has 1 steps"), "{}", stderr(&out));

    // Bob joins, Alice moves a brigade by road and sends: the picture now shows the move's
    // arrow, the picture of the step before does not.
    // the mail with its picture still carries a packet Bob can join from
    bob.ok(cwd, &["join", mail.to_str().expect("a UTF-8 path")]);
    bob.ok(cwd, &["send", "--out", "b1.grog"]);
    alice.ok(cwd, &["receive", "b1.grog"]);
    alice.ok(cwd, &["do", "move", "fr-1-1", "1228", "1327"]);
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    let steps = alice.json(cwd, &["log"])["log"].as_array().expect("log").len();
    alice.ok(cwd, &["show", "--svg", "moved.svg"]);
    alice.ok(cwd, &["show", "--at", &(steps - 1).to_string(), "--svg", "before.svg"]);
    let moved = std::fs::read_to_string(cwd.join("moved.svg")).expect("svg");
    let before = std::fs::read_to_string(cwd.join("before.svg")).expect("svg");
    assert!(moved.contains(r#"<g id="moves"><path"#), "the move is drawn");
    assert!(before.contains(r#"<g id="moves"></g>"#), "nothing had moved yet");
    let hidden = alice.json(cwd, &["show", "--no-highlight", "--svg", "plain.svg"]);
    assert_eq!(hidden["ok"], true);
    let plain = std::fs::read_to_string(cwd.join("plain.svg")).expect("svg");
    assert!(plain.contains(r#"<g id="moves"></g>"#));
}
