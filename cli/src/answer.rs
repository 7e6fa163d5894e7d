//! Answering at once: after packets are imported, each game the local player owes something
//! that needs no decision of theirs (dice reveals, sealed openings, decisions their standing
//! orders cover) is answered (journal/src/auto.rs) and the reply goes out in the same run:
//! mailed, or written as a packet file.

use crate::failure::{Failure, Result};
use crate::seat::{self, LocalGame};
use grognard_journal::auto::{self, Held};
use grognard_journal::game::GameError;
use grognard_journal::ids::GameId;
use grognard_journal::store::LockMode;
use serde_json::{json, Value};
use std::path::PathBuf;

/// Where a reply goes.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Mail it (the identity's mail settings, by default `<home>/outbox`).
    Mail,
    /// Write a packet file into this directory.
    File(PathBuf),
}

/// What was answered, for the output.
#[derive(Default)]
pub struct Report {
    pub text: String,
    pub json: Vec<Value>,
    /// Games that could not be answered (a locked key, a mail that failed...).
    pub problems: String,
    /// Games over once answered, with their number of entries.
    pub over: std::collections::BTreeMap<GameId, usize>,
}

/// The standing orders of the local player in `local`'s game.
fn orders(local: &LocalGame) -> Result<Option<String>> {
    crate::cmd::orders::read(&local.game)
}

/// Answer one game; `None` when nothing was owed or answered.
fn answer_game(local: &mut LocalGame, reply: &Reply, rolls: bool) -> Result<Option<(String, Value)>> {
    let orders = orders(local)?;
    let owes = grognard_journal::local::owes_mechanical(&local.game, local.me)
        || (rolls && grognard_journal::auto::owes_roll(&local.game, local.me))
        || orders.as_deref().is_some_and(|o| {
            local.game.replay.ruleset.answer_by_orders(&local.game.replay.state, local.me, o).ok().flatten().is_some()
        });
    if !owes {
        return Ok(None);
    }
    let short = local.game.replay.game.short();
    let key = local.unlock()?;
    let before = local.game.entries.len();
    let (done, held) = auto::answer(&mut local.game, local.me, &key, orders.as_deref(), rolls)?;
    if let Some(Held::Staged) = held {
        let text = format!(
            "Game {short}: not answered automatically: you have staged commands; `grognard send` signs them with what you owe.\n"
        );
        return Ok(Some((text, json!({"game": local.game.replay.game.to_hex(), "answered": [], "held": "staged"}))));
    }
    if done.is_empty() {
        return Ok(None);
    }
    if local.game.entries.len() == before {
        // Nothing signed (an order the rules refused): say so, send nothing.
        let lines: String = done.iter().map(|a| format!("  {}\n", a.text)).collect();
        let value = json!({"game": local.game.replay.game.to_hex(),
                           "answered": done.iter().map(|a| json!({"kind": a.kind, "text": a.text})).collect::<Vec<_>>()});
        return Ok(Some((format!("Game {short}: nothing answered:\n{lines}"), value)));
    }
    let packet = local.game.packet_to_send(local.me)?;
    packet
        .check_limits()
        .map_err(|e| Failure::new("packet", format!("the reply would be refused by its readers: {e}")))?;
    let sent = deliver(local, &packet, reply)?;
    let waiting = grognard_journal::local::waiting_sentence(&local.game);
    let lines: String = done.iter().map(|a| format!("  automatically: {}\n", a.text)).collect();
    // What the answers let happen (the battles a reveal resolved...), as the log tells it.
    let signed: std::collections::HashSet<_> = local.game.entries[before..].iter().map(|e| e.id).collect();
    let told = grognard_journal::story::story(&local.game, &signed, grognard_journal::story::Reader::Local);
    let story: String = told.iter().map(|l| format!("    {l}\n")).collect();
    let text = format!(
        "Game {short}: answered with {} entries: {sent}\n{lines}{}{story}  Now: {waiting}\n",
        packet.entries.len(),
        if told.is_empty() { "" } else { "  What happened:\n" }
    );
    let value = json!({
        "game": local.game.replay.game.to_hex(),
        "answered": done.iter().map(|a| json!({"kind": a.kind, "text": a.text})).collect::<Vec<_>>(),
        "entries": packet.entries.len(),
        "sent": sent,
        "story": told,
        "waiting": waiting,
    });
    Ok(Some((text, value)))
}

/// Send `packet` of `local`'s game as `reply` says; what was done, in words.
pub fn deliver(local: &LocalGame, packet: &grognard_journal::packet::Packet, reply: &Reply) -> Result<String> {
    Ok(match reply {
        Reply::Mail => crate::mailer::mail_packet(local, packet)?.to_string(),
        Reply::File(dir) => {
            let me = local.game.replay.name(local.me).to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-");
            let short = local.game.replay.game.short();
            let path = dir.join(format!("{short}-{me}-{}.grog", local.game.entries.len()));
            crate::cmd::write_new_file(&path, &packet.encode())?;
            format!("wrote {} (send it to the other players)", path.display())
        }
    })
}

/// Answer `games` (every game of this machine when `None`), making the rolls that hold no
/// decision too when `rolls`. One game that cannot be answered never stops the others: its
/// problem is reported.
pub fn answer_games(games: Option<&[GameId]>, reply: &Reply, rolls: bool) -> Result<Report> {
    let home = seat::home()?;
    let mut report = Report::default();
    for dir in seat::game_dirs(&home)? {
        if let Some(list) = games {
            if !list.iter().any(|g| seat::dir_name(&dir) == g.to_hex()) {
                continue;
            }
        }
        let mut local = match seat::open(&dir, LockMode::Exclusive) {
            Ok(local) => local,
            Err(f) => {
                // One game that cannot be opened (broken, busy) never stops the others.
                let fix = if f.code == "locked" { String::new() } else { format!("\n  {}", seat::repair_hint(&dir)) };
                report.problems.push_str(&format!(
                    "grognard: skipping game {}: {}{fix}\n",
                    seat::dir_name(&dir),
                    f.message
                ));
                continue;
            }
        };
        let answered = answer_game(&mut local, reply, rolls);
        if local.game.replay.over().is_some() {
            report.over.insert(local.game.replay.game, local.game.entries.len());
        }
        match answered {
            Ok(Some((text, value))) => {
                report.text.push_str(&text);
                report.json.push(value);
            }
            Ok(None) => {}
            Err(f) => {
                let mut line =
                    format!("grognard: game {}: not answered: {}\n", local.game.replay.game.short(), f.message);
                if let Some(h) = &f.hint {
                    line.push_str(&format!("  {h}\n"));
                }
                report.problems.push_str(&line);
                report
                    .json
                    .push(json!({"game": local.game.replay.game.to_hex(), "error": f.code, "message": f.message}));
            }
        }
    }
    Ok(report)
}

impl From<grognard_journal::store::StoreError> for Failure {
    fn from(e: grognard_journal::store::StoreError) -> Failure {
        Failure::from(GameError::from(e))
    }
}
