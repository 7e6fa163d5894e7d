//! `grognard export-html` in a real browser: a recorded match of The Egyptian Campaign is
//! exported, and headless Chromium (driven through chromedriver by the WebDriver protocol,
//! plain JSON over HTTP on loopback) opens the file, steps through it with the keyboard,
//! jumps to a game turn by typing it and by a deep link, and shows the turn, the VP and a
//! board. `.ci/run` installs Debian's chromium and chromium-driver; without them the test
//! fails and says so.

use crate::common;

use common::servers::{find_program, free_port, repo_root, Server};
use common::{joined_duel, Player};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const INSTALL: &str = "install Debian's chromium and chromium-driver (`bash .ci/run` does, as root: \
                       `apt-get install -y chromium chromium-driver`)";
/// How many times a condition is checked, 100 ms apart, before the test gives up.
const TRIES: usize = 100;

/// One HTTP request to chromedriver; the JSON answer's `value`.
fn call(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(|e| e.to_string())?;
    // chromedriver may keep the connection open: read the head, then Content-Length bytes.
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).map_err(|e| e.to_string())? == 0 {
            return Err(format!("the connection closed in the head: {}", String::from_utf8_lossy(&answer)));
        }
        answer.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&answer).to_string();
    let length = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|n| n.trim().parse::<usize>()))
        .ok_or_else(|| format!("no Content-Length: {head}"))?
        .map_err(|e| e.to_string())?;
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).map_err(|e| e.to_string())?;
    let content = String::from_utf8_lossy(&body).to_string();
    let v: Value = serde_json::from_str(&content).map_err(|e| format!("{e}: {content}"))?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!("{method} {path}: {head}\n{content}"));
    }
    Ok(v["value"].clone())
}

struct Browser {
    port: u16,
    session: String,
    _driver: Server,
}

impl Browser {
    fn start(dir: &Path) -> Browser {
        let chromium = find_program("chromium").unwrap_or_else(|| panic!("no chromium on this machine: {INSTALL}"));
        let driver =
            find_program("chromedriver").unwrap_or_else(|| panic!("no chromedriver on this machine: {INSTALL}"));
        let port = free_port();
        let log = dir.join("chromedriver.log");
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let mut server = Server::new("chromedriver", child, log);
        let mut ready = false;
        for _ in 0..TRIES {
            if call(port, "GET", "/status", None).is_ok_and(|v| v["ready"] == json!(true)) {
                ready = true;
                break;
            }
            assert!(server.exited().is_none(), "chromedriver stopped: {}", server.log_text());
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(ready, "chromedriver never answered on port {port}: {}", server.log_text());
        let profile = dir.join("profile");
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
        ]
        .iter()
        .map(|a| a.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let capabilities = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args}}}});
        let session = call(port, "POST", "/session", Some(&capabilities))
            .unwrap_or_else(|e| panic!("chromium did not start: {e}\n{}", server.log_text()));
        let session = session["sessionId"].as_str().expect("a session id").to_string();
        Browser { port, session, _driver: server }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        call(self.port, method, &format!("/session/{}{path}", self.session), body).unwrap_or_else(|e| panic!("{e}"))
    }

    fn open(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({"url": url})));
    }

    /// Press and release each key in turn (WebDriver key codes for the special keys).
    fn keys(&self, keys: &str) {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|k| {
                [json!({"type": "keyDown", "value": k.to_string()}), json!({"type": "keyUp", "value": k.to_string()})]
            })
            .collect();
        self.call(
            "POST",
            "/actions",
            Some(&json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// What the page shows now.
    fn shown(&self) -> Shown {
        let v = self.call("POST", "/execute/sync", Some(&json!({"script": SHOWN, "args": []})));
        serde_json::from_value(v).expect("the page's state")
    }

    /// Wait until the page shows what `want` accepts; what it shows then.
    fn until(&self, what: &str, want: impl Fn(&Shown) -> bool) -> Shown {
        let mut last = None;
        for _ in 0..TRIES {
            let s = self.shown();
            if want(&s) {
                return s;
            }
            last = Some(s);
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the page never showed {what}; it shows {last:?}")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = call(self.port, "DELETE", &format!("/session/{}", self.session), None);
    }
}

const SHOWN: &str = "var s=document.querySelector('section.turn:not([hidden])');\
var all=document.querySelectorAll('section.turn');var svg=document.querySelector('#board svg');\
var r=svg?svg.getBoundingClientRect():null;var vp=s?s.querySelector('.vp'):null;\
return {index:Array.prototype.indexOf.call(all,s),count:all.length,shown:document.querySelectorAll('section.turn:not([hidden])').length,\
turn:s?s.dataset.turn:'',label:s?s.dataset.label:'',vp:vp?vp.textContent:'',\
board:!!(r&&r.width>100&&r.height>100&&svg.querySelectorAll('*').length>100),\
typed:document.getElementById('typed').textContent,\
first_of_turn:!!s&&(!s.previousElementSibling||s.previousElementSibling.dataset.turn!==s.dataset.turn)};";

#[derive(Debug, serde::Deserialize)]
struct Shown {
    index: i64,
    count: usize,
    shown: usize,
    turn: String,
    label: String,
    vp: String,
    board: bool,
    typed: String,
    first_of_turn: bool,
}

#[test]
fn a_recorded_match_replays_in_headless_chromium() {
    let dir = tempfile::tempdir().expect("tempdir");
    let player = Player::new(dir.path().join("home"), "reader");
    let journal = repo_root().join("tests/recorded/ec-historical/journal.first");
    let page = dir.path().join("match.html");
    let out = player
        .json(dir.path(), &["export-html", journal.to_str().expect("UTF-8"), "--out", page.to_str().expect("UTF-8")]);
    assert_eq!(out["ok"], json!(true), "{out}");
    let player_turns = out["player_turns"].as_u64().expect("player turns") as usize;
    assert!(player_turns > 20, "{out}");
    assert_eq!(out["boards"], out["player_turns"], "one board per player turn: {out}");
    let html = std::fs::read_to_string(&page).expect("the page");
    for outside in ["src=\"http", "href=\"http", "<link", "@import", "url(http"] {
        assert!(!html.contains(outside), "the page loads something from outside: {outside}");
    }

    let browser = Browser::start(dir.path());
    let url = format!("file://{}", page.display());
    browser.open(&url);
    let s = browser.until("the first player turn with its board", |s| s.index == 0 && s.board);
    assert_eq!((s.count, s.shown), (player_turns, 1), "{s:?}");

    browser.keys("\u{E014}"); // ArrowRight
    browser.until("the second player turn with its board", |s| s.index == 1 && s.board);
    browser.keys("\u{E014}\u{E014}\u{E012}"); // right, right, left
    browser.until("the third player turn", |s| s.index == 2 && s.board && s.shown == 1);
    browser.keys("\u{E012}\u{E012}\u{E012}"); // left past the first stays at the first
    browser.until("the first player turn again", |s| s.index == 0);

    browser.keys("\u{E010}"); // End
                              // The boards are drawn a moment after the turn is shown (each is unzipped by the page).
    let s = browser.until("the last player turn with its board", |s| s.index as usize == player_turns - 1 && s.board);
    // The recorded end: the Ottoman win, French 7 VP, Ottoman 34 VP (tests/recorded/README.md).
    assert!(s.vp.contains("French 7") && s.vp.contains("Ottoman 34"), "{s:?}");
    browser.keys("\u{E011}"); // Home
    browser.until("the first player turn after Home", |s| s.index == 0);

    browser.keys("5\u{E007}"); // typing 5, Enter
    let s = browser.until("game turn 5 with its board", |s| s.turn == "5" && s.board);
    assert!(s.first_of_turn && s.label.starts_with("turn 5,"), "{s:?}");
    assert!(s.vp.contains("French") && s.vp.contains("Ottoman"), "{s:?}");
    let typed_at = s.index;

    browser.open(&format!("{url}#turn-8"));
    let s = browser.until("game turn 8 by its link, with its board", |s| s.turn == "8" && s.board);
    assert!(s.first_of_turn && s.label.starts_with("turn 8,"), "{s:?}");
    assert!(s.index > typed_at, "{s:?}");
    browser.keys("\u{E012}"); // back to the last player turn of game turn 7
    browser.until("game turn 7 with its board", |s| s.turn == "7" && s.board);

    browser.keys("99\u{E007}"); // no such game turn: the page stays
    let s = browser.until("that there is no game turn 99", |s| s.typed.contains("no game turn 99"));
    assert!(s.turn == "7" && s.board, "{s:?}");
}

#[test]
fn a_duel_with_fair_dice_shows_each_die_with_its_proof_and_hit_points() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cwd = dir.path();
    let (alice, bob, _) = joined_duel(cwd, "standard", "fair");
    alice.ok(cwd, &["do", "initiative"]);
    alice.ok(cwd, &["send", "--out", "a1.grog"]);
    bob.ok(cwd, &["receive", "a1.grog"]);
    bob.ok(cwd, &["send", "--out", "b1.grog"]);
    alice.ok(cwd, &["receive", "b1.grog"]);

    let out = alice.json(cwd, &["export-html", "--out", "duel.html"]);
    assert_eq!(out["ok"], serde_json::json!(true), "{out}");
    assert_eq!(out["boards"], serde_json::json!(0), "Duel has no map: {out}");
    let html = std::fs::read_to_string(cwd.join("duel.html")).expect("the page");
    assert!(html.contains("revealed") && html.contains("seed "), "the dice's proof is missing");
    assert!(html.contains("class=\"vp\"") && html.contains("<polyline"), "the hit points are missing");
    assert!(html.contains("all fair"), "the verification summary is missing");

    // A file that is not an HTML page is never replaced.
    std::fs::write(cwd.join("notes.txt"), "my notes").expect("write");
    let refused = alice.run(cwd, &["export-html", "--out", "notes.txt"]);
    assert_eq!(refused.status.code(), Some(2), "{}", String::from_utf8_lossy(&refused.stderr));
    assert_eq!(std::fs::read_to_string(cwd.join("notes.txt")).expect("read"), "my notes");
}
