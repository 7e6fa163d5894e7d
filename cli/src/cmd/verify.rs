use super::GameArgs;
use crate::failure::{Failure, Result};
use crate::registry;
use grognard_journal::entry::{Body, DiceMode};
use grognard_journal::packet::Packet;
use grognard_journal::store::{LockMode, Store};
use grognard_journal::verify::{self, Checked};
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Verify this file instead: a journal file, or a packet holding a whole journal.
    #[arg(long)]
    file: Option<PathBuf>,
}

/// The largest journal file `verify --file` reads.
const MAX_JOURNAL_FILE_BYTES: usize = 1 << 30;

pub fn run(args: Args, json: bool) -> Result<()> {
    let rulesets = registry::all();
    let (checked, torn, what): (Checked, Option<usize>, String) = match &args.file {
        Some(path) => {
            // A journal file may be larger than a packet; still, never read without end.
            let bytes = super::read_file_limited(path, MAX_JOURNAL_FILE_BYTES)?;
            if bytes.starts_with(b"grognard-packet") {
                let packet = Packet::decode(&bytes).map_err(|e| Failure::new("packet", e.to_string()))?;
                let c = verify::check(&rulesets, packet.entries, verify::SigCheck::All).map_err(|p| {
                    fail(p).hint("a turn packet holds only what its recipients lacked; to check a packet against a game, `grognard receive` it")
                })?;
                (c, None, crate::output::one_line(&path.display().to_string()).into_owned())
            } else {
                let mut records: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
                let last = records.pop().unwrap_or_default();
                let torn = (!last.is_empty()).then_some(last.len());
                let c = verify::check_records(&rulesets, &records).map_err(fail)?;
                (c, torn, crate::output::one_line(&path.display().to_string()).into_owned())
            }
        }
        None => {
            let home = crate::seat::home()?;
            let dir = crate::seat::select(&home, args.game.game.as_deref())?;
            let store = Store::open(&dir).map_err(|e| Failure::new("storage", e.to_string()))?;
            let _reading = crate::lock::hold(&dir, LockMode::Shared)?;
            let loaded = store.load().map_err(|e| Failure::new("storage", e.to_string()))?;
            let c = verify::check_records(&rulesets, &loaded.records).map_err(fail)?;
            (c, loaded.torn_tail.map(|t| t.bytes.len()), dir.display().to_string())
        }
    };
    let r = &checked.replay;
    let mode = r.genesis.dice.mode;
    let reveals = checked.entries.iter().filter(|e| matches!(e.entry.body, Body::Reveal { .. })).count();
    let rolls: usize = r.log.iter().map(|i| i.rolls.len()).sum();
    let result = r.over().map(|(res, _)| res);
    // Hidden information (docs/PROTOCOL.md section 12): what is checked whole, what by its
    // projection only until it is opened.
    let concealed: usize = r.hidden.iter().map(Vec::len).sum();
    let closed: usize = r.unopened().iter().map(|(_, v)| v.len()).sum();
    super::emit(
        json,
        json!({"ok": true, "verified": what, "game": r.game.to_hex(), "entries": checked.entries.len(),
               "dice": mode.as_str(), "fair": mode == DiceMode::Fair, "rolls": rolls, "reveals": reveals,
               "protocol": r.version, "concealed": concealed, "concealed_closed": closed,
               "complete": closed == 0,
               "torn_tail_bytes": torn, "result": result}),
        || {
            let mut t = format!(
                "OK: {what}: {} entries of game {} verified (signatures, links, dice, sealed choices, rules).\n{rolls} dice rolled",
                checked.entries.len(),
                r.game
            );
            t.push_str(&match mode {
                DiceMode::Fair if r.v2() => format!(", all fair ({reveals} witness reveals checked).\n"),
                DiceMode::Fair => format!(
                    ", all witnessed ({reveals} witness reveals checked), but under protocol version 1, whose dice \
                     were NOT protected against a witness who chooses or vetoes rolls (docs/PROTOCOL.md section 11).\n"
                ),
                DiceMode::Casual => ". CASUAL dice: the rolls were predictable; this is not a fair game.\n".into(),
                DiceMode::Scripted => {
                    ". SCRIPTED dice: the rolls were fixed in advance; this is not a fair game.\n".into()
                }
            });
            if concealed > 0 && closed == 0 {
                t.push_str(&format!("{concealed} concealed commands, all opened: the whole game was checked.\n"));
            } else if concealed > 0 {
                t.push_str(&format!(
                    "{closed} of {concealed} concealed commands are still closed: what they show was checked; the \
                     rest is checked when they are opened{}.\n",
                    if result.is_some() { " (the game is over: their players owe the openings)" } else { "" }
                ));
            }
            if let Some(n) = torn {
                t.push_str(&format!(
                    "Note: {n} bytes of an append that never completed follow the last entry; no entry is lost.\n"
                ));
            }
            if let Some(res) = &result {
                t.push_str(&format!("Result: {res}\n"));
            }
            t
        },
    )?;
    Ok(())
}

fn fail(p: grognard_journal::error::Problem) -> Failure {
    let mut failure = crate::evidence::failure_in(None, p.into());
    failure.message = format!("verification failed: {}", failure.message);
    failure
}
