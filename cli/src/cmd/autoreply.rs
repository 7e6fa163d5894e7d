use crate::failure::{Failure, Result};
use crate::seat;
use grognard_journal::local;
use grognard_journal::replay::Owed;
use grognard_journal::store::LockMode;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    sources: super::receive::Sources,
    /// Keep watching: read the sources again every this many seconds.
    #[arg(long)]
    watch: Option<u64>,
    /// With --watch, stop after this many rounds (default: never).
    #[arg(long)]
    rounds: Option<u64>,
}

/// Answer what the games owe without a decision: reveal dice values and open sealed
/// choices, then mail the reply. Never plays or sends a command for the player.
fn answer(json: bool) -> Result<usize> {
    let home = seat::home()?;
    let mut answered = 0;
    for dir in seat::game_dirs(&home)? {
        // One game that cannot be opened (broken, busy) never stops the others.
        let mut local = match seat::open(&dir, LockMode::Exclusive) {
            Ok(local) => local,
            Err(f) => {
                let fix = if f.code == "locked" { String::new() } else { format!("\n  {}", seat::repair_hint(&dir)) };
                crate::output::error_text(&format!(
                    "grognard: skipping game {}: {}{fix}\n",
                    seat::dir_name(&dir),
                    f.message
                ));
                continue;
            }
        };
        let owed: Vec<Owed> =
            local.game.replay.owed().into_iter().filter(|(p, _)| *p == local.me).map(|(_, o)| o).collect();
        let mechanical =
            !owed.is_empty() && owed.iter().all(|o| matches!(o, Owed::Reveal { .. } | Owed::Unseal { .. }));
        if !mechanical {
            continue;
        }
        let key = local.unlock()?;
        let ids = local::settle(&mut local.game, local.me, &key)?;
        let packet = local.game.packet_to_send(local.me)?;
        let sent = crate::mailer::mail_packet(&local, &packet)?;
        answered += 1;
        super::emit(
            json,
            json!({"ok": true, "game": local.game.replay.game.to_hex(), "signed": ids.len(), "mailed": sent.to_string()}),
            || format!("Game {}: answered with {} entries. Mailed: {sent}", local.game.replay.game.short(), ids.len()),
        )?;
    }
    Ok(answered)
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let imap = args.sources.check()?;
    let mut round = 0u64;
    let mut refused = false;
    loop {
        round += 1;
        let report = super::receive::receive_all(&args.sources.paths, imap.as_ref())?;
        super::emit(json, report.json(), || report.text.clone())?;
        if !json {
            crate::output::error_text(&report.problems);
        }
        refused |= !report.refused.is_empty();
        answer(json)?;
        match (args.watch, args.rounds) {
            (None, _) => break,
            (Some(_), Some(max)) if round >= max => break,
            (Some(secs), _) => std::thread::sleep(std::time::Duration::from_secs(secs.max(1))),
        }
    }
    if refused {
        Err(Failure::reported("refused"))
    } else {
        Ok(())
    }
}
