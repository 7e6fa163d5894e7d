use super::GameArgs;
use crate::failure::{Failure, Result};
use grognard_journal::local;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Where to write the packet (default: ./<game>-<you>-<entries>.grog; with --mail, a
    /// copy named as the mail's attachment in <home>/outbox).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also mail the packet to every other player (SMTP, sendmail or the outbox directory,
    /// as `<home>/mail/<identity>.toml` says; by default the directory `<home>/outbox`).
    #[arg(long)]
    mail: bool,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    super::check_new_file(args.out.as_deref())?;
    let key = local.unlock()?;
    let before = local.game.entries.len();
    let mut packet = local::send(&mut local.game, local.me, &key)?;
    // Letters written since the last send go with the entries (docs/PROTOCOL.md section 14).
    packet.letters = grognard_journal::letters_local::queued(&local.game)?;
    let signed = local.game.entries.len() - before;
    let game = &local.game;
    let waiting = local::waiting_sentence(game);
    if packet.entries.is_empty() && packet.letters.is_empty() {
        return super::emit(json, json!({"ok": true, "packet": null, "entries": 0, "waiting": waiting}), || {
            format!("Nothing to send: the others have every entry you have.\nWaiting for: {waiting}")
        });
    }
    packet.check_limits().map_err(|e| {
        Failure::new("packet", format!("the packet would be refused by its readers: {e}"))
            .hint("what you signed is kept in the journal; the other players must catch up in smaller steps")
    })?;
    let (out, mailed) = match (args.out, args.mail) {
        // Mailed and no file asked for: the copy of the packet is kept with the mail copies
        // (<home>/outbox), under the attachment's name, never in the current directory.
        (None, true) => {
            let mailed = crate::mailer::mail_packet(&local, &packet)?;
            let home = crate::seat::home()?;
            let dir = grognard_mail::config::outbox_dir(home.root());
            std::fs::create_dir_all(&dir)
                .map_err(|e| Failure::new("file", format!("cannot create {}: {e}", dir.display())))?;
            let out = dir.join(&mailed.packet_name);
            grognard_journal::store::write_file_atomic(&out, &packet.encode(), 0o644)
                .map_err(|e| Failure::new("file", format!("the mail went, but its packet copy did not: {e}")))?;
            (out, Some(mailed))
        }
        (out, mail) => {
            let me = game.replay.name(local.me).to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-");
            let out = out.unwrap_or_else(|| {
                PathBuf::from(format!("{}-{me}-{}.grog", game.replay.game.short(), game.entries.len()))
            });
            super::write_new_file(&out, &packet.encode())?;
            let mailed = if mail { Some(crate::mailer::mail_packet(&local, &packet)?) } else { None };
            (out, mailed)
        }
    };
    if !packet.letters.is_empty() {
        grognard_journal::letters_local::sent(game)?;
    }
    let to: Vec<String> = game
        .replay
        .holders
        .iter()
        .filter_map(|h| h.last())
        .enumerate()
        .filter(|(i, _)| *i != local.me.index())
        .map(|(_, h)| format!("{} <{}>", h.name, h.email))
        .collect();
    super::emit(
        json,
        json!({"ok": true, "packet": out, "entries": packet.entries.len(), "letters": packet.letters.len(), "signed": signed, "to": to, "waiting": waiting,
               "mailed": mailed.as_ref().map(|m| m.to_string())}),
        || {
            let sent = match &mailed {
                Some(m) => format!("Mailed: {m}. The packet is kept in {}.", out.display()),
                None => format!(
                    "Send it to {}; they run `grognard receive {}`.",
                    to.join(", "),
                    out.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default()
                ),
            };
            let letters = match packet.letters.len() {
                0 => String::new(),
                1 => ", 1 sealed letter".to_string(),
                n => format!(", {n} sealed letters"),
            };
            format!(
                "Wrote {} ({} entries, {signed} newly signed{letters}). {sent}\nWaiting for: {waiting}",
                out.display(),
                packet.entries.len()
            )
        },
    )
}
