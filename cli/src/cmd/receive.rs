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
            let before: Vec<usize> = local.game.replay.log.iter().map(|i| i.events.len() + i.rolls.len()).collect();
            match local.game.import(&packet) {
                Ok(report) => {
                    progress = true;
                    let r = &local.game.replay;
                    // New entries, and earlier dice requests whose dice just came in.
                    let story: Vec<String> = r
                        .log
                        .iter()
                        .enumerate()
                        .filter(|(n, i)| before.get(*n).is_none_or(|b| *b < i.events.len() + i.rolls.len()))
                        .map(|(_, i)| i)
                        .flat_map(|i| {
                            std::iter::once(i.text.clone()).chain(i.events.iter().map(|e| format!("  {}", e.text)))
                        })
                        .collect();
                    let waiting = local::waiting_sentence(&local.game);
                    text.push_str(&format!(
                        "{}: {} new entries, {} already known.\n{}\nWaiting for: {waiting}\n",
                        path.display(),
                        report.added.len(),
                        report.known,
                        story.join("\n")
                    ));
                    if local::owes_mechanical(&local.game, local.me) {
                        text.push_str("You owe a dice reveal or a sealed opening: run `grognard send`.\n");
                    }
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
