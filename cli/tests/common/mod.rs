//! A player at the `grognard` command line for the CLI tests: their own GROGNARD_HOME,
//! and optionally a mail inbox and a mail password.

#![allow(dead_code)] // each test file uses part of it

pub mod servers;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub struct Player {
    pub home: PathBuf,
    pub name: &'static str,
    /// Where this player's incoming mail is delivered (mbox or Maildir), when it matters.
    pub inbox: PathBuf,
    /// The SMTP and IMAP password, given through the environment, when it matters.
    pub password: Option<&'static str>,
}

impl Player {
    pub fn new(home: PathBuf, name: &'static str) -> Player {
        Player { inbox: home.join("inbox"), home, name, password: None }
    }

    pub fn command(&self, cwd: &Path, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_grognard"));
        c.args(args).current_dir(cwd).env("GROGNARD_HOME", &self.home).env_remove("GROGNARD_PASSPHRASE");
        c.stdin(Stdio::null());
        if let Some(p) = self.password {
            c.env("GROGNARD_SMTP_PASSWORD", p).env("GROGNARD_IMAP_PASSWORD", p);
        }
        c
    }

    pub fn run(&self, cwd: &Path, args: &[&str]) -> Output {
        self.command(cwd, args).output().expect("run grognard")
    }

    /// Run and insist on success; standard output.
    pub fn ok(&self, cwd: &Path, args: &[&str]) -> String {
        let out = self.run(cwd, args);
        assert!(
            out.status.success(),
            "{} `grognard {}` failed: {}{}",
            self.name,
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// Run with `--json`; the first JSON document printed.
    pub fn json(&self, cwd: &Path, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.push("--json");
        let text = self.ok(cwd, &a);
        serde_json::from_str(text.lines().next().unwrap_or("null")).expect("JSON output")
    }

    pub fn outbox(&self) -> PathBuf {
        self.home.join("outbox")
    }

    pub fn inbox_arg(&self) -> &str {
        self.inbox.to_str().expect("a UTF-8 path")
    }
}

/// The directory of the only game in `home`.
pub fn game_dir(home: &Path) -> PathBuf {
    std::fs::read_dir(home.join("games")).expect("games").next().expect("a game").expect("entry").path()
}

/// The journal of the only game in `home`.
pub fn journal(home: &Path) -> Vec<u8> {
    std::fs::read(game_dir(home).join("journal")).expect("journal")
}

/// Copy a directory and everything in it (a player's home, to make a twin).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read dir") {
        let e = e.expect("entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

/// Make every decision a player owes (the first legal move, a few at most). Returns
/// whether the player moved.
pub fn decide(p: &Player, cwd: &Path) -> bool {
    let mut moved = false;
    for _ in 0..4 {
        let moves = p.json(cwd, &["moves"]);
        let Some(first) = moves["moves"].as_array().and_then(|m| m.first()).and_then(Value::as_str) else { break };
        let mut args = vec!["do"];
        args.extend(first.split(' '));
        p.ok(cwd, &args);
        moved = true;
    }
    moved
}

/// Make every decision a player owes (the first legal move), then mail the packet.
/// Returns whether the player moved.
pub fn decide_and_mail(p: &Player, cwd: &Path, n: &mut usize) -> bool {
    let moved = decide(p, cwd);
    if moved {
        *n += 1;
        p.ok(cwd, &["send", "--mail", "--out", &format!("{}-{n}.grog", p.name)]);
    }
    moved
}

/// Alice and Bob, each with their own home under `cwd`, with identities; Bob's public line.
pub fn alice_and_bob(cwd: &Path) -> (Player, Player, String) {
    let alice = Player::new(cwd.join("a"), "alice");
    let bob = Player::new(cwd.join("b"), "bob");
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let bob_line = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    (alice, bob, bob_line)
}

/// Alice and Bob in a game of Duel's `scenario` with `--dice dice`, both joined and Bob's
/// join received by Alice: Alice is to roll the initiative. Returns the game id too.
pub fn joined_duel(cwd: &Path, scenario: &str, dice: &str) -> (Player, Player, String) {
    let (alice, bob, bob_line) = alice_and_bob(cwd);
    let new = ["new", "--ruleset", "duel", "--scenario", scenario, "--dice", dice, "--opponent", &bob_line];
    let created = alice.json(cwd, &[&new[..], &["--out", "i.grog"]].concat());
    let id = created["game"].as_str().expect("the game id").to_string();
    bob.ok(cwd, &["join", "i.grog"]);
    bob.ok(cwd, &["send", "--out", "b.grog"]);
    alice.ok(cwd, &["receive", "b.grog"]);
    (alice, bob, id)
}

/// Run several commands at once; their outputs, in order. No command may panic.
pub fn at_once(commands: Vec<Command>) -> Vec<Output> {
    let children: Vec<_> = commands
        .into_iter()
        .map(|mut c| c.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start grognard"))
        .collect();
    let outs: Vec<Output> = children.into_iter().map(|c| c.wait_with_output().expect("wait")).collect();
    for o in &outs {
        assert_ne!(o.status.code(), Some(101), "a panic: {}", String::from_utf8_lossy(&o.stderr));
    }
    outs
}

/// Each player sends (mailing into their outbox) and the other receives, `rounds` times:
/// whatever is owed (reveals, openings) is signed on the way.
pub fn exchange(a: &Player, b: &Player, cwd: &Path, n: &mut usize, rounds: usize) {
    for _ in 0..rounds {
        for (from, to) in [(a, b), (b, a)] {
            *n += 1;
            let out = format!("p{n}.grog");
            let sent = from.json(cwd, &["send", "--mail", "--out", &out]);
            if !sent["packet"].is_null() {
                to.ok(cwd, &["receive", &out]);
            }
        }
    }
}

/// Everything of a player's that another could read: packets written and mails sent.
pub fn outgoing(p: &Player, cwd: &Path) -> String {
    let mut text = String::new();
    for dir in [cwd.to_path_buf(), p.outbox()] {
        for e in std::fs::read_dir(dir).expect("dir").flatten() {
            let path = e.path();
            if path.extension().is_some_and(|x| x == "grog" || x == "eml") {
                text.push_str(&String::from_utf8_lossy(&std::fs::read(path).expect("file")));
            }
        }
    }
    text
}
