//! Importing packets from wherever they arrive (packet files, mail messages, mailboxes),
//! each into its own game, in whatever order they fit. A refused packet changes nothing and
//! the next one is tried; a packet that needs another first waits for a later pass.

use crate::failure::Failure;
use crate::home::Home;
use crate::seat;
use grognard_journal::ids::GameId;
use grognard_journal::packet::Packet;
use grognard_journal::story;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashSet};

/// How to mark a message handled once its packets are imported.
#[derive(Clone, Debug)]
pub enum Handled {
    Nothing,
    Maildir(std::path::PathBuf),
    Imap(u32),
}

/// One message (or packet file) and the packets found in it.
pub struct Letter {
    pub origin: String,
    pub packets: Vec<Packet>,
    pub handled: Handled,
}

#[derive(Default)]
pub struct Report {
    pub text: String,
    /// What was refused, for standard error.
    pub problems: String,
    pub imported: Vec<Value>,
    pub refused: Vec<Value>,
    /// Messages that carried no packet.
    pub skipped: usize,
    /// Messages whose every packet is now in its journal.
    pub handled: Vec<Handled>,
    /// Games that received new entries.
    pub games: BTreeSet<GameId>,
}

impl Report {
    pub fn refuse(&mut self, origin: &str, failure: &Failure) {
        self.problems.push_str(&format!("grognard: {origin}: refused: {}\n", failure.message));
        if let Some(h) = &failure.hint {
            self.problems.push_str(&format!("  {h}\n"));
        }
        self.refused.push(json!({"from": origin, "error": failure.code, "message": failure.message}));
    }

    pub fn json(&self) -> Value {
        json!({"ok": self.refused.is_empty(), "imported": self.imported, "refused": self.refused,
               "skipped_without_packet": self.skipped})
    }
}

fn import_one(home: &Home, origin: &str, packet: &Packet, report: &mut Report) -> Result<(), Failure> {
    let dir = home.games_dir().join(packet.game.to_hex());
    if !dir.join("journal").is_file() {
        return Err(Failure::new("unknown-game", format!("no local game {}", packet.game))
            .hint("if it is an invitation, run `grognard join` with it"));
    }
    let mut local = seat::open(&dir)?;
    let result = local.game.import(packet)?;
    let added: HashSet<_> = result.added.iter().copied().collect();
    let told = story::story(&local.game, &added);
    let next = story::next_step(&local.game, local.me);
    report.text.push_str(&format!(
        "{origin}: game {}: {} new entries, {} already known.\n{}{}\n",
        packet.game.short(),
        result.added.len(),
        result.known,
        told.iter().map(|l| format!("{l}\n")).collect::<String>(),
        next
    ));
    report.imported.push(json!({"from": origin, "game": packet.game.to_hex(), "added": result.added.len(),
                                "known": result.known, "story": told, "next": next}));
    if !result.added.is_empty() {
        report.games.insert(packet.game);
    }
    Ok(())
}

/// Import every packet of `letters`.
pub fn import_all(home: &Home, letters: Vec<Letter>, report: &mut Report) {
    // (letter, packet) pairs still to import.
    let mut waiting: Vec<(usize, Packet)> = Vec::new();
    let mut failed: Vec<bool> = vec![false; letters.len()];
    for (n, letter) in letters.iter().enumerate() {
        if letter.packets.is_empty() {
            report.skipped += 1;
            report.text.push_str(&format!("{}: no Grognard packet; skipped\n", letter.origin));
        }
        waiting.extend(letter.packets.iter().cloned().map(|p| (n, p)));
    }
    loop {
        let mut progress = false;
        let mut later = Vec::new();
        let mut gaps = Vec::new();
        for (n, packet) in waiting {
            match import_one(home, &letters[n].origin, &packet, report) {
                Ok(()) => progress = true,
                Err(f) if f.code == "gap" => {
                    gaps.push(f);
                    later.push((n, packet));
                }
                Err(f) => {
                    failed[n] = true;
                    report.refuse(&letters[n].origin, &f.hint("nothing was written to any journal"));
                }
            }
        }
        if later.is_empty() {
            break;
        }
        if !progress {
            for ((n, _), f) in later.iter().zip(gaps) {
                failed[*n] = true;
                report.refuse(&letters[*n].origin, &f.hint("an earlier packet is missing; nothing was written"));
            }
            break;
        }
        waiting = later;
    }
    for (n, letter) in letters.into_iter().enumerate() {
        if !failed[n] && !letter.packets.is_empty() {
            report.handled.push(letter.handled);
        }
    }
}
