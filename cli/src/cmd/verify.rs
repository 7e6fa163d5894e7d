use super::GameArgs;
use crate::failure::{Failure, Result};
use crate::registry;
use grognard_journal::entry::{Body, DiceMode, SignedEntry};
use grognard_journal::packet::Packet;
use grognard_journal::replay::Replay;
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
    let v = Verdict::of(r, &checked.entries);
    super::emit(
        json,
        json!({"ok": true, "verified": what, "game": r.game.to_hex(), "entries": v.entries,
               "dice": v.mode.as_str(), "fair": v.mode == DiceMode::Fair, "rolls": v.rolls, "reveals": v.reveals,
               "protocol": r.version, "concealed": v.concealed, "concealed_closed": v.closed,
               "complete": v.closed == 0,
               "torn_tail_bytes": torn, "result": v.result}),
        || {
            let mut t = format!(
                "OK: {what}: {} entries of game {} verified (signatures, links, dice, sealed choices, rules).\n{}\n",
                v.entries,
                r.game,
                v.dice_text()
            );
            if let Some(c) = v.concealed_text() {
                t.push_str(&c);
                t.push('\n');
            }
            if let Some(n) = torn {
                t.push_str(&format!(
                    "Note: {n} bytes of an append that never completed follow the last entry; no entry is lost.\n"
                ));
            }
            if let Some(res) = &v.result {
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

/// What verification found in a verified journal, as `grognard verify` tells it.
pub struct Verdict {
    pub entries: usize,
    pub mode: DiceMode,
    /// Protocol version 2 or later (dice protected against a choosing witness).
    pub v2: bool,
    pub rolls: usize,
    pub reveals: usize,
    /// Concealed commands (docs/PROTOCOL.md section 12), and how many are still closed.
    pub concealed: usize,
    pub closed: usize,
    pub result: Option<String>,
}

impl Verdict {
    pub fn of(r: &Replay, entries: &[SignedEntry]) -> Verdict {
        Verdict {
            entries: entries.len(),
            mode: r.genesis.dice.mode,
            v2: r.v2(),
            rolls: r.log.iter().map(|i| i.rolls.len()).sum(),
            reveals: entries.iter().filter(|e| matches!(e.entry.body, Body::Reveal { .. })).count(),
            // Hidden information: what is checked whole, what by its projection only until
            // it is opened.
            concealed: r.hidden.iter().map(Vec::len).sum(),
            closed: r.unopened().iter().map(|(_, v)| v.len()).sum(),
            result: r.over().map(|(res, _)| res),
        }
    }

    /// How many dice were rolled and whether they were fair, in one sentence.
    pub fn dice_text(&self) -> String {
        let (rolls, reveals) = (self.rolls, self.reveals);
        match self.mode {
            DiceMode::Fair if self.v2 => format!("{rolls} dice rolled, all fair ({reveals} witness reveals checked)."),
            DiceMode::Fair => format!(
                "{rolls} dice rolled, all witnessed ({reveals} witness reveals checked), but under protocol version \
                 1, whose dice were NOT protected against a witness who chooses or vetoes rolls (docs/PROTOCOL.md \
                 section 11)."
            ),
            DiceMode::Casual => {
                format!("{rolls} dice rolled. CASUAL dice: the rolls were predictable; this is not a fair game.")
            }
            DiceMode::Scripted => {
                format!("{rolls} dice rolled. SCRIPTED dice: the rolls were fixed in advance; this is not a fair game.")
            }
        }
    }

    /// Whether every concealed command was opened, when the game had any.
    pub fn concealed_text(&self) -> Option<String> {
        let (concealed, closed) = (self.concealed, self.closed);
        if concealed == 0 {
            None
        } else if closed == 0 {
            Some(format!("{concealed} concealed commands, all opened: the whole game was checked."))
        } else {
            Some(format!(
                "{closed} of {concealed} concealed commands are still closed: what they show was checked; the rest \
                 is checked when they are opened{}.",
                if self.result.is_some() { " (the game is over: their players owe the openings)" } else { "" }
            ))
        }
    }
}
