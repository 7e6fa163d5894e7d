//! Letters between players (docs/PROTOCOL.md section 14): `grognard write` seals a letter to
//! some players, to go with the next `grognard send`; `grognard letters` opens and lists the
//! letters this player can read. Only the players written to (and the author) can read one,
//! though every player's packet carries it.

use super::GameArgs;
use crate::failure::{Failure, Result};
use crate::seat::LocalGame;
use grognard_engine::PlayerId;
use grognard_journal::letters_local;
use serde_json::json;

#[derive(clap::Args)]
pub struct WriteArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Who reads it: seats by number, player name or a power they run, comma-separated.
    #[arg(long)]
    to: String,
    /// The text (at most 16 KiB).
    text: String,
}

#[derive(clap::Args)]
pub struct ListArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// The seats `list` names (numbers, holders' names or powers, comma-separated).
fn readers(local: &LocalGame, list: &str) -> Result<Vec<PlayerId>> {
    let mut out = Vec::new();
    for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let seat = super::seats::seat_named(local, part)?;
        if seat == local.me {
            return Err(Failure::usage("a letter is written to other players (you keep a copy of your own)"));
        }
        out.push(seat);
    }
    if out.is_empty() {
        return Err(Failure::usage("--to names at least one other player"));
    }
    Ok(out)
}

pub fn write(args: WriteArgs, json: bool) -> Result<()> {
    let local = args.game.open_to_write()?;
    let to = readers(&local, &args.to)?;
    let key = local.unlock()?;
    let letter = letters_local::write(&local.game, local.me, &key, &to, &args.text)?;
    let names: Vec<String> = to.iter().map(|p| local.game.replay.name(*p).to_string()).collect();
    super::emit(json, json!({"ok": true, "letter": letter.id.to_hex(), "to": names}), || {
        format!(
            "Letter to {} sealed: only they and you can read it. It goes with your next `grognard send`.",
            names.join(", ")
        )
    })
}

pub fn list(args: ListArgs, json: bool) -> Result<()> {
    let local = args.game.open()?;
    let key = local.unlock()?;
    let read = letters_local::read_all(&local.game, local.me, &key)?;
    let r = &local.game.replay;
    let queued: Vec<_> = letters_local::queued(&local.game)?.iter().map(|l| l.id).collect();
    let items: Vec<_> = read
        .iter()
        .map(|l| {
            json!({"id": l.id.to_hex(), "from": l.from.0, "from_name": l.signer, "to": l.to.iter().map(|p| p.0).collect::<Vec<_>>(),
                   "after": l.after, "text": l.text, "queued": queued.contains(&l.id)})
        })
        .collect();
    super::emit(json, json!({"ok": true, "letters": items}), || {
        if read.is_empty() {
            return "No letters.".to_string();
        }
        let mut t = String::new();
        for l in &read {
            let to: Vec<&str> = l.to.iter().map(|p| r.name(*p)).collect();
            let when = l.after.map_or(String::new(), |s| format!(" (written after their entry #{s})"));
            let state = if queued.contains(&l.id) { " [not sent yet]" } else { "" };
            t.push_str(&format!("From {} to {}{when}{state}:\n", l.signer, to.join(", ")));
            for line in l.text.lines() {
                t.push_str(&format!("  {line}\n"));
            }
        }
        t.trim_end().to_string()
    })
}
