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

/// A journal read from a file: a packet's entries, or a journal file's record lines.
pub enum Input {
    Packet(Vec<grognard_journal::entry::SignedEntry>),
    Records { records: Vec<Vec<u8>>, torn: Option<usize> },
}

impl Input {
    /// How many entries or record lines it holds.
    pub fn len(&self) -> usize {
        match self {
            Input::Packet(entries) => entries.len(),
            Input::Records { records, .. } => records.len(),
        }
    }

    /// Bytes after the last complete line, which are not part of the journal.
    pub fn torn(&self) -> Option<usize> {
        match self {
            Input::Packet(_) => None,
            Input::Records { torn, .. } => *torn,
        }
    }

    /// Verify it completely; the entries in canonical order and their replay.
    pub fn check<'r>(self, rulesets: &[&'r dyn grognard_engine::AnyRuleset]) -> Result<Checked<'r>> {
        match self {
            Input::Packet(entries) => verify::check(rulesets, entries, verify::SigCheck::All).map_err(|p| {
                fail(p).hint("a turn packet holds only what its recipients lacked; to check a packet against a game, `grognard receive` it")
            }),
            Input::Records { records, .. } => verify::check_records(rulesets, &records).map_err(fail),
        }
    }
}

/// The record lines of a journal's bytes, and the length of an incomplete last line.
pub fn split_records(bytes: &[u8]) -> (Vec<Vec<u8>>, Option<usize>) {
    let mut records: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let last = records.pop().unwrap_or_default();
    (records, (!last.is_empty()).then_some(last.len()))
}

/// Read a journal file (or a packet holding a whole journal) of at most `limit` bytes.
pub fn read_input(path: &std::path::Path, limit: usize) -> Result<Input> {
    // A journal file may be larger than a packet; still, never read without end.
    let bytes = super::read_file_limited(path, limit)?;
    if bytes.starts_with(b"grognard-packet") {
        let packet = Packet::decode(&bytes).map_err(|e| Failure::new("packet", e.to_string()))?;
        Ok(Input::Packet(packet.entries))
    } else {
        let (records, torn) = split_records(&bytes);
        Ok(Input::Records { records, torn })
    }
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let rulesets = registry::all();
    let (checked, torn, what): (Checked, Option<usize>, String) = match &args.file {
        Some(path) => {
            let input = read_input(path, MAX_JOURNAL_FILE_BYTES)?;
            let torn = input.torn();
            (input.check(&rulesets)?, torn, crate::output::one_line(&path.display().to_string()).into_owned())
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

pub fn fail(p: grognard_journal::error::Problem) -> Failure {
    let mut failure = crate::evidence::failure_in(None, p.into());
    failure.message = format!("verification failed: {}", failure.message);
    failure
}
