use crate::failure::{Failure, Result};
use crate::seat;
use grognard_journal::local;
use grognard_journal::packet::Packet;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Packet files; several are imported in whatever order they fit.
    #[arg(required = true)]
    packets: Vec<PathBuf>,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    let mut decoded = Vec::new();
    for path in &args.packets {
        let bytes = super::read_file(path)?;
        let packet = Packet::decode(&bytes)
            .map_err(|e| Failure::new("packet", format!("{}: {e}", path.display())).hint("nothing was imported"))?;
        decoded.push((path.clone(), packet));
    }
    let mut reports = Vec::new();
    let mut text = String::new();
    // Import what fits; a packet that needs another one first waits for the next pass.
    let mut pending = decoded;
    let mut last_error = None;
    while !pending.is_empty() {
        let mut progress = false;
        let mut later = Vec::new();
        for (path, packet) in pending {
            let dir = home.games_dir().join(packet.game.to_hex());
            if !dir.join("journal").is_file() {
                return Err(Failure::new("unknown-game", format!("{}: no local game {}", path.display(), packet.game))
                    .hint("if it is an invitation, run `grognard join` with it"));
            }
            let mut local = seat::open(&dir)?;
            match local.game.import(&packet) {
                Ok(report) => {
                    progress = true;
                    let added: std::collections::HashSet<_> = report.added.iter().copied().collect();
                    let story = grognard_journal::story::story(&local.game, &added);
                    let waiting = local::waiting_sentence(&local.game);
                    text.push_str(&format!(
                        "{}: {} new entries, {} already known.\n{}\n{}\n",
                        path.display(),
                        report.added.len(),
                        report.known,
                        story.join("\n"),
                        grognard_journal::story::next_step(&local.game, local.me)
                    ));
                    reports.push(json!({"packet": path, "game": packet.game.to_hex(), "added": report.added.len(),
                                        "known": report.known, "story": story, "waiting": waiting}));
                }
                Err(e) if matches!(e.code(), "gap") => {
                    last_error = Some((path.clone(), e));
                    later.push((path, packet));
                }
                Err(e) => {
                    return Err(
                        Failure::from(e).hint(format!("{} was refused; the journal is unchanged", path.display()))
                    );
                }
            }
        }
        if !progress {
            if let Some((path, e)) = last_error {
                return Err(Failure::from(e).hint(format!("{} was refused; the journal is unchanged", path.display())));
            }
            break;
        }
        pending = later;
    }
    super::emit(json, json!({"ok": true, "imported": reports}), || text);
    Ok(())
}
