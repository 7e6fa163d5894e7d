//! Importing packets from wherever they arrive (packet files, mail messages, mailboxes),
//! each into its own game. All the packets of one game are imported together, under the
//! game's lock, in one verification of their entries (`Game::import_many`): 300 packets
//! cost what their entries cost. When that fails, they are imported one by one, in whatever
//! order they fit, so the good ones land and the bad one is refused with its origin named.
//! A game that cannot be opened (a broken one) refuses its packets; other games go on.

use crate::failure::Failure;
use crate::home::Home;
use crate::output::one_line;
use crate::seat::{self, LocalGame};
use grognard_journal::game::ImportReport;
use grognard_journal::ids::GameId;
use grognard_journal::packet::Packet;
use grognard_journal::store::LockMode;
use grognard_journal::story;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

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
    /// Games over after their import, with their number of entries.
    pub over: std::collections::BTreeMap<GameId, usize>,
}

impl Report {
    pub fn refuse(&mut self, origin: &str, failure: &Failure) {
        let origin = one_line(origin);
        self.problems.push_str(&format!("grognard: {origin}: refused: {}\n", failure.message));
        if let Some(h) = &failure.hint {
            self.problems.push_str(&format!("  {h}\n"));
        }
        self.refused.push(json!({"from": origin, "error": failure.code, "rule": failure.rule,
                                 "message": failure.message, "evidence": failure.evidence}));
    }

    pub fn json(&self) -> Value {
        json!({"ok": self.refused.is_empty(), "imported": self.imported, "refused": self.refused,
               "skipped_without_packet": self.skipped})
    }

    /// Keep the letters written to the local player, and say what came.
    fn letters(&mut self, local: &LocalGame, letters: &[grognard_journal::letter::SignedLetter]) {
        use grognard_journal::letters_local::{self, Arrival};
        let game = local.game.replay.game;
        match letters_local::receive(&local.game, local.me, letters) {
            Ok(arrivals) => {
                for a in arrivals {
                    match a {
                        Arrival::ForYou { from, new: true } => self.text.push_str(&format!(
                            "game {}: a sealed letter for you from {} (`grognard letters` reads it)\n",
                            game.short(),
                            local.game.replay.name(from)
                        )),
                        Arrival::Refused(e) => self.problems.push_str(&format!(
                            "grognard: game {}: a letter was refused and not kept: {e}\n",
                            game.short()
                        )),
                        _ => {}
                    }
                }
            }
            Err(e) => self.problems.push_str(&format!("grognard: game {}: letters not kept: {e}\n", game.short())),
        }
    }

    fn imported(&mut self, local: &LocalGame, origins: &[&str], result: &ImportReport) {
        let game = local.game.replay.game;
        let added: HashSet<_> = result.added.iter().copied().collect();
        let told = story::story(&local.game, &added, story::Reader::Local);
        let next = story::next_step(&local.game, local.me);
        let from = origins.iter().map(|o| one_line(o).into_owned()).collect::<Vec<_>>().join(", ");
        self.text.push_str(&format!(
            "{from}: game {}: {} new entries, {} already known.\n{}{}\n",
            game.short(),
            result.added.len(),
            result.known,
            told.iter().map(|l| format!("{l}\n")).collect::<String>(),
            next
        ));
        self.imported
            .push(json!({"from": from, "letters": origins, "game": game.to_hex(), "added": result.added.len(),
                                  "known": result.known, "story": told, "next": next}));
        if !result.added.is_empty() {
            self.games.insert(game);
            if local.game.replay.over().is_some() {
                self.over.insert(game, local.game.entries.len());
            }
        }
    }
}

/// Import every packet of `letters`.
pub fn import_all(home: &Home, letters: Vec<Letter>, report: &mut Report) {
    let mut failed: Vec<bool> = vec![false; letters.len()];
    // The games in the order their first packet comes, each with its (letter, packet) pairs.
    let mut games: Vec<(GameId, Vec<(usize, &Packet)>)> = Vec::new();
    for (n, letter) in letters.iter().enumerate() {
        if letter.packets.is_empty() {
            report.skipped += 1;
            report.text.push_str(&format!("{}: no Grognard packet; skipped\n", one_line(&letter.origin)));
        }
        for packet in &letter.packets {
            match games.iter_mut().find(|(g, _)| *g == packet.game) {
                Some((_, list)) => list.push((n, packet)),
                None => games.push((packet.game, vec![(n, packet)])),
            }
        }
    }
    for (game, packets) in games {
        let origins: Vec<&str> = packets.iter().map(|(n, _)| letters[*n].origin.as_str()).collect();
        for n in import_game(home, &game, &packets, &origins, report) {
            failed[n] = true;
        }
    }
    for (n, letter) in letters.into_iter().enumerate() {
        if !failed[n] && !letter.packets.is_empty() {
            report.handled.push(letter.handled);
        }
    }
}

/// Import the packets of one game; returns the letters that had a packet refused.
fn import_game(
    home: &Home,
    game: &GameId,
    packets: &[(usize, &Packet)],
    origins: &[&str],
    report: &mut Report,
) -> Vec<usize> {
    let dir = home.games_dir().join(game.to_hex());
    let refuse_all = |report: &mut Report, f: Failure| {
        for origin in origins {
            report.refuse(origin, &f);
        }
        packets.iter().map(|(n, _)| *n).collect()
    };
    if !dir.is_dir() {
        let f = Failure::new("unknown-game", format!("no local game {game}"))
            .hint("if it is an invitation, run `grognard join` with it");
        return refuse_all(report, f);
    }
    let mut local = match seat::open(&dir, LockMode::Exclusive) {
        Ok(local) => local,
        Err(f) => return refuse_all(report, f.hint("packets for other games are imported all the same")),
    };
    let all: Vec<Packet> = packets.iter().map(|(_, p)| (*p).clone()).collect();
    let failed = match local.game.import_many(&all) {
        Ok(result) => {
            report.imported(&local, origins, &result);
            Vec::new()
        }
        Err(_) => one_by_one(&mut local, &dir, packets, origins, report),
    };
    // The letters of the packets that went in (docs/PROTOCOL.md section 14).
    let letters: Vec<_> =
        packets.iter().filter(|(n, _)| !failed.contains(n)).flat_map(|(_, p)| p.letters.iter().cloned()).collect();
    if !letters.is_empty() {
        report.letters(&local, &letters);
    }
    failed
}

/// Import packets one at a time, in whatever order they fit; returns the letters that had a
/// packet refused.
fn one_by_one(
    local: &mut LocalGame,
    dir: &Path,
    packets: &[(usize, &Packet)],
    origins: &[&str],
    report: &mut Report,
) -> Vec<usize> {
    let mut failed = Vec::new();
    let mut waiting: Vec<usize> = (0..packets.len()).collect();
    loop {
        let mut progress = false;
        let mut later = Vec::new();
        let mut gaps = Vec::new();
        for i in waiting {
            match local.game.import(packets[i].1) {
                Ok(result) => {
                    progress = true;
                    report.imported(local, &origins[i..=i], &result);
                }
                Err(e) => {
                    let f = crate::evidence::failure_in(Some(dir), e);
                    if f.code == "gap" {
                        gaps.push(f);
                        later.push(i);
                    } else {
                        failed.push(packets[i].0);
                        report.refuse(origins[i], &f.hint("nothing was written to any journal"));
                    }
                }
            }
        }
        if later.is_empty() {
            break;
        }
        if !progress {
            for (i, f) in later.iter().zip(gaps) {
                failed.push(packets[*i].0);
                report.refuse(origins[*i], &f.hint("an earlier packet is missing; nothing was written"));
            }
            break;
        }
        waiting = later;
    }
    failed
}
