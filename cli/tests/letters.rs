//! Letters between players (docs/PROTOCOL.md section 14), as players use them: Nap writes to
//! Pitt alone in a three-player game; the packet every player receives carries the letter,
//! but only Pitt (and Nap) can read it: Alex's copy, Alex's whole home directory and the packet
//! file never hold the text. A letter changed on the way is refused and not kept, and the
//! entries of its packet are imported all the same.

use crate::common;

use common::Player;
use std::path::Path;

fn key_line(p: &Player, cwd: &Path, name: &str) -> String {
    let email = format!("{}@example.org", name.to_lowercase());
    p.json(cwd, &["keygen", "--name", name, "--email", &email])["public_key"].as_str().expect("line").to_string()
}

/// Every byte under `dir`, for searching.
fn all_bytes(dir: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a directory").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.extend(std::fs::read(&path).unwrap_or_default());
            }
        }
    }
    out
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn a_letter_is_read_by_its_readers_only_and_a_changed_one_is_refused() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let nap = Player::new(cwd.join("a"), "nap");
    let pitt = Player::new(cwd.join("b"), "pitt");
    let alex = Player::new(cwd.join("c"), "alex");
    key_line(&nap, cwd, "Nap");
    let pitt_line = key_line(&pitt, cwd, "Pitt");
    let alex_line = key_line(&alex, cwd, "Alex");
    nap.ok(
        cwd,
        &[
            "new",
            "--ruleset",
            "duel",
            "--scenario",
            "melee",
            "--opponent",
            &pitt_line,
            "--opponent",
            &alex_line,
            "--out",
            "i.grog",
        ],
    );
    pitt.ok(cwd, &["join", "i.grog"]);
    alex.ok(cwd, &["join", "i.grog"]);
    pitt.ok(cwd, &["send", "--out", "b0.grog"]);
    alex.ok(cwd, &["send", "--out", "c0.grog"]);
    nap.ok(cwd, &["receive", "b0.grog", "c0.grog"]);
    nap.ok(cwd, &["send", "--out", "a0.grog"]);
    pitt.ok(cwd, &["receive", "a0.grog", "c0.grog"]);
    alex.ok(cwd, &["receive", "a0.grog", "b0.grog"]);

    let secret = "I will fall on Alex at dawn; keep your fleet in port";
    let written = nap.ok(cwd, &["write", "--to", "Pitt", secret]);
    assert!(written.contains("only they and you can read it"), "{written}");
    let to_self = nap.run(cwd, &["write", "--to", "Nap", "x"]);
    assert_eq!(to_self.status.code(), Some(2));
    let sent = nap.json(cwd, &["send", "--out", "a1.grog"]);
    assert_eq!(sent["letters"], 1, "{sent}");
    let packet = std::fs::read(cwd.join("a1.grog")).expect("the packet");
    assert!(!contains(&packet, "dawn"), "the packet carries the letter sealed");
    let got = pitt.ok(cwd, &["receive", "a1.grog"]);
    assert!(got.contains("a sealed letter for you from Nap"), "{got}");
    alex.ok(cwd, &["receive", "a1.grog"]);
    let read = pitt.json(cwd, &["letters"]);
    assert_eq!(read["letters"][0]["text"], secret, "{read}");
    assert_eq!(read["letters"][0]["from_name"], "Nap");
    assert_eq!(nap.json(cwd, &["letters"])["letters"][0]["text"], secret, "the author keeps a copy");
    assert_eq!(alex.json(cwd, &["letters"])["letters"].as_array().map(Vec::len), Some(0));
    assert!(!contains(&all_bytes(&alex.home), "dawn"), "nothing of Alex's holds the text");
    // Sent once: the next packet does not carry it again.
    let again = nap.json(cwd, &["send", "--out", "a2.grog"]);
    assert_eq!(again["letters"], 0, "{again}");

    // A letter changed on the way (one hex digit of its body): refused, not kept; the
    // packet's entries still go in.
    nap.ok(cwd, &["write", "--to", "Pitt,Alex", "A second letter, to both of you."]);
    nap.ok(cwd, &["do", "initiative"]);
    nap.ok(cwd, &["send", "--out", "a3.grog"]);
    let text = String::from_utf8(std::fs::read(cwd.join("a3.grog")).expect("the packet")).expect("text");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let letter_at = lines.iter().position(|l| l.contains("\"body\":\"")).expect("a letter line");
    let body_at = lines[letter_at].find("\"body\":\"").expect("a body") + 8;
    let flipped = if &lines[letter_at][body_at..body_at + 1] == "0" { "1" } else { "0" };
    lines[letter_at].replace_range(body_at..body_at + 1, flipped);
    let body: String = lines[..lines.len() - 1].iter().map(|l| format!("{l}\n")).collect();
    use sha2::Digest;
    let resealed = format!("{body}end sha256={}\n", hex_of(&sha2::Sha256::digest(body.as_bytes())));
    std::fs::write(cwd.join("a3-changed.grog"), resealed).expect("write");
    let out = alex.run(cwd, &["receive", "a3-changed.grog"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a letter was refused and not kept"), "{err}");
    assert_eq!(alex.json(cwd, &["letters"])["letters"].as_array().map(Vec::len), Some(0));
    let status = alex.json(cwd, &["status"]);
    let waits_on_the_roll =
        status["waiting"].as_array().is_some_and(|w| w.iter().any(|w| w["owes"]["kind"] == "reveal"));
    assert!(waits_on_the_roll, "the initiative of the same packet went in: {status}");
    pitt.ok(cwd, &["receive", "a3.grog"]);
    assert_eq!(pitt.json(cwd, &["letters"])["letters"].as_array().map(Vec::len), Some(2));
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
