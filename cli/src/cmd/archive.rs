//! `grognard archive`: keep games with their whole journal in `<home>/archive.sqlite`
//! (`grognard-archive`), list and search them, tell their story, verify them again and
//! export their journals, from the archive alone.
//!
//! Nothing enters the archive unverified: a game or a journal file is checked completely
//! (`verify::check_records`, signatures to rules) and the facts the archive records are read
//! from that replay. What is read back is verified again before it is told.

use super::verify as verify_cmd;
use crate::failure::{Failure, Result};
use crate::home::Home;
use crate::output::one_line;
use crate::{registry, seat};
use grognard_archive::{Added, Archive, Date, Facts, Filter, Relation, Stored, MAX_JOURNAL_BYTES};
use grognard_engine::PlayerId;
use grognard_journal::entry::{Body, SignedEntry};
use grognard_journal::game::{check_game_entries, noted_arrival};
use grognard_journal::ids::GameId;
use grognard_journal::store::{LockMode, Store};
use grognard_journal::verify::Checked;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Verify a game completely and keep it in the archive: a game of this machine (a prefix
    /// of its id) or a journal file (a file that exists is read as one). A game already
    /// archived is replaced only by a journal that extends it.
    Add(AddArgs),
    /// Every archived match, in the order they were added.
    List,
    /// The archived matches that meet every condition given.
    Search(SearchArgs),
    /// An archived match: its players, result and facts, and its story replayed from the archive.
    Show(GameArg),
    /// Verify archived journals again from the archive alone: every one, or one game's.
    Verify(VerifyArgs),
    /// Write an archived match's journal to a new file (`grognard verify --file` checks it).
    Export(ExportArgs),
}

#[derive(clap::Args)]
struct AddArgs {
    /// A game of this machine (a prefix of its id) or a journal file; the only game of this
    /// machine when left out.
    game_or_file: Option<PathBuf>,
}

#[derive(clap::Args)]
struct GameArg {
    /// The archived game (a prefix of its id).
    game: String,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The archived game (a prefix of its id); every one when left out.
    game: Option<String>,
}

#[derive(clap::Args)]
struct ExportArgs {
    /// The archived game (a prefix of its id).
    game: String,
    /// The file to write (never overwritten).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args, Default)]
struct SearchArgs {
    /// A player: part of the name, the whole email, or the start of the key fingerprint.
    #[arg(long)]
    player: Option<String>,
    /// A winner, named as --player names a player.
    #[arg(long)]
    winner: Option<String>,
    /// The ruleset id (`fnc`, `duel`).
    #[arg(long)]
    ruleset: Option<String>,
    /// The scenario id (`ec-historical`...).
    #[arg(long)]
    scenario: Option<String>,
    /// Part of the result's text.
    #[arg(long)]
    result: Option<String>,
    /// Only games that are over.
    #[arg(long, conflicts_with = "unfinished")]
    over: bool,
    /// Only games that are not over.
    #[arg(long)]
    unfinished: bool,
    /// Added on this day or later (YYYY-MM-DD, UTC).
    #[arg(long)]
    since: Option<String>,
    /// Added on this day or earlier (YYYY-MM-DD, UTC).
    #[arg(long)]
    until: Option<String>,
    /// At least this many commands.
    #[arg(long)]
    min_commands: Option<u64>,
    /// At most this many commands.
    #[arg(long)]
    max_commands: Option<u64>,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    match args.command {
        Command::Add(a) => add(&home, a, json),
        Command::List => search(&home, SearchArgs::default(), json),
        Command::Search(a) => search(&home, a, json),
        Command::Show(a) => show(&home, &a.game, json),
        Command::Verify(a) => verify(&home, a.game.as_deref(), json),
        Command::Export(a) => export(&home, a, json),
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// What `add` verified: the replay, when its last entry arrived, what follows its last line, where it came from.
struct Offered<'r> {
    checked: Checked<'r>,
    last_arrival: Option<i64>,
    torn: Option<usize>,
    from: String,
}

fn add(home: &Home, args: AddArgs, json: bool) -> Result<()> {
    let rulesets = registry::all();
    let offered = match &args.game_or_file {
        Some(path) if path.is_file() => from_file(&rulesets, path)?,
        Some(path) => {
            let selector =
                path.to_str().ok_or_else(|| Failure::usage("name a game by a prefix of its id, or a journal file"))?;
            from_game(home, &rulesets, Some(selector))?
        }
        None => from_game(home, &rulesets, None)?,
    };
    let facts = facts_of(&offered.checked, offered.last_arrival);
    let journal = journal_bytes(&offered.checked.entries);
    let ids: Vec<_> = offered.checked.entries.iter().map(|e| e.id).collect();
    std::fs::create_dir_all(home.root())
        .map_err(|e| Failure::new("file", format!("cannot create {}: {e}", home.root().display())))?;
    let mut archive = Archive::open(&home.archive_file())?;
    let added = archive.add(&facts, &journal, now(), |stored| Ok(Relation::of(&entry_ids(stored)?, &ids)))?;
    let short = &short(&facts.game);
    let (what, sentence) = match added {
        Added::New => ("new", format!("Archived game {short} from {}: {}.", offered.from, describe(&facts))),
        Added::Unchanged => (
            "unchanged",
            format!("Game {short} is in the archive with these {} entries already; nothing changed.", facts.entries),
        ),
        Added::Extended { before } => (
            "extended",
            format!(
                "Game {short}: the archived journal of {before} entries is replaced by this one of {}, which extends it: {}.",
                facts.entries,
                describe(&facts)
            ),
        ),
    };
    let before = match added {
        Added::Extended { before } => Some(before),
        _ => None,
    };
    let mut text = sentence;
    if let Some(n) = offered.torn {
        text.push_str(&format!(
            "\nNote: {n} bytes after the last complete line are not part of the journal; they were left out."
        ));
    }
    super::emit(
        json,
        json!({"ok": true, "game": facts.game, "added": what, "entries": facts.entries, "before": before,
               "from": offered.from, "archive": home.archive_file().display().to_string(),
               "torn_tail_bytes": offered.torn}),
        || text,
    )
}

/// A journal file (or a packet holding a whole journal), bounded and verified.
fn from_file<'r>(rulesets: &[&'r dyn grognard_engine::AnyRuleset], path: &std::path::Path) -> Result<Offered<'r>> {
    let shown = one_line(&path.display().to_string()).into_owned();
    // A file past the limit is refused by its size, before anything is read.
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.is_file() && meta.len() > MAX_JOURNAL_BYTES as u64 {
            return Err(Failure::new(
                "too-large",
                format!("{shown} is {} bytes; the archive takes journals of at most {MAX_JOURNAL_BYTES}", meta.len()),
            )
            .hint("check that it is the journal you meant"));
        }
    }
    let input = verify_cmd::read_input(path, MAX_JOURNAL_BYTES)?;
    check_game_entries(input.len())?;
    let torn = input.torn();
    Ok(Offered { checked: input.check(rulesets)?, last_arrival: None, torn, from: shown })
}

/// A game of this machine, read under its shared lock and verified.
fn from_game<'r>(
    home: &Home,
    rulesets: &[&'r dyn grognard_engine::AnyRuleset],
    selector: Option<&str>,
) -> Result<Offered<'r>> {
    let dir = seat::select(home, selector)?;
    let store = Store::open(&dir)?;
    let _reading = crate::lock::hold(&dir, LockMode::Shared)?;
    let loaded = store.load()?;
    check_game_entries(loaded.records.len())?;
    let checked = grognard_journal::verify::check_records(rulesets, &loaded.records).map_err(verify_cmd::fail)?;
    let last_arrival =
        checked.entries.last().and_then(|e| noted_arrival(&store, &e.id)).map(|t| i64::try_from(t).unwrap_or(i64::MAX));
    let torn = loaded.torn_tail.map(|t| t.bytes.len());
    Ok(Offered { checked, last_arrival, torn, from: "this machine's games".into() })
}

/// The first 8 digits of a game id, as other commands show it.
pub fn short(id: &str) -> String {
    id.chars().take(8).collect()
}

/// The journal's bytes: one record line per entry, in canonical order.
fn journal_bytes(entries: &[SignedEntry]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for e in entries {
        bytes.extend_from_slice(&e.record());
        bytes.push(b'\n');
    }
    bytes
}

/// The entry ids of a stored journal's records (each record parsed, not verified).
fn entry_ids(journal: &[u8]) -> std::result::Result<Vec<grognard_journal::ids::EntryId>, String> {
    let (records, torn) = verify_cmd::split_records(journal);
    if torn.is_some() {
        return Err("its last line is incomplete".into());
    }
    records
        .iter()
        .enumerate()
        .map(|(i, r)| SignedEntry::parse_record(r).map(|e| e.id).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// What the archive records of a verified journal.
fn facts_of(checked: &Checked, last_arrival: Option<i64>) -> Facts {
    let r = &checked.replay;
    let g = &r.genesis;
    let over = r.over();
    let winners: Vec<PlayerId> = over.as_ref().map(|(_, w)| w.clone()).unwrap_or_default();
    let players = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = u8::try_from(i).unwrap_or(u8::MAX);
            grognard_archive::Player {
                seat,
                name: p.name.clone(),
                email: p.email.clone(),
                fingerprint: r.keys.get(i).map(|k| k.fingerprint()).unwrap_or_default(),
                powers: p.powers.clone(),
                winner: winners.contains(&PlayerId(seat)),
            }
        })
        .collect();
    // A command is a player's decision: an ordinary command, a concealed one, a sealed choice.
    let commands = checked
        .entries
        .iter()
        .filter(|e| matches!(e.entry.body, Body::Command { .. } | Body::Hidden { .. } | Body::Seal { .. }))
        .count();
    Facts {
        game: r.game.to_hex(),
        ruleset: g.ruleset.clone(),
        ruleset_version: g.ruleset_version.clone(),
        scenario: r.setup.scenario.clone(),
        from_position: r.setup.is_position(),
        dice: g.dice.mode.as_str().to_string(),
        protocol: r.version,
        players,
        entries: checked.entries.len() as u64,
        commands: commands as u64,
        result: over.map(|(result, _)| result),
        all_opened: r.unopened().is_empty(),
        last_arrival,
    }
}

/// One line about a match: ruleset, scenario, players, size and result.
fn describe(f: &Facts) -> String {
    let players: Vec<String> = f
        .players
        .iter()
        .map(|p| {
            format!(
                "{} [{}]{}",
                one_line(&p.name),
                one_line(&p.powers.join(", ")),
                if p.winner { " (won)" } else { "" }
            )
        })
        .collect();
    format!(
        "{} {}{}, {}; {} entries, {} commands; {}",
        one_line(&f.ruleset),
        one_line(&f.scenario),
        if f.from_position { " (from a position)" } else { "" },
        players.join(" v "),
        f.entries,
        f.commands,
        match &f.result {
            Some(r) => format!("result: {}", one_line(r)),
            None => "not over".into(),
        }
    )
}

fn stored_json(s: &Stored) -> Value {
    let f = &s.facts;
    let players: Vec<Value> = f
        .players
        .iter()
        .map(|p| {
            json!({"seat": p.seat, "name": p.name, "email": p.email, "fingerprint": p.fingerprint,
                   "powers": p.powers, "winner": p.winner})
        })
        .collect();
    json!({
        "game": f.game, "ruleset": f.ruleset, "ruleset_version": f.ruleset_version, "scenario": f.scenario,
        "from_position": f.from_position, "dice": f.dice, "protocol": f.protocol, "players": players,
        "entries": f.entries, "commands": f.commands, "over": f.result.is_some(), "result": f.result,
        "winners": f.players.iter().filter(|p| p.winner).map(|p| p.seat).collect::<Vec<_>>(),
        "all_opened": f.all_opened, "last_arrival": f.last_arrival, "added_at": s.added_at,
        "replaced_at": s.replaced_at, "journal_bytes": s.journal_bytes, "journal_sha256": s.journal_sha256,
    })
}

fn search(home: &Home, a: SearchArgs, json: bool) -> Result<()> {
    let date = |flag: &str, text: &Option<String>| -> Result<Option<Date>> {
        text.as_deref()
            .map(|t| {
                Date::parse(t).ok_or_else(|| {
                    Failure::usage(format!(
                        "--{flag} `{}` is not a date: write YYYY-MM-DD (UTC)",
                        one_line(&t.chars().take(40).collect::<String>())
                    ))
                })
            })
            .transpose()
    };
    let filter = Filter {
        player: a.player,
        winner: a.winner,
        ruleset: a.ruleset,
        scenario: a.scenario,
        result: a.result,
        over: if a.over {
            Some(true)
        } else if a.unfinished {
            Some(false)
        } else {
            None
        },
        added_since: date("since", &a.since)?,
        added_until: date("until", &a.until)?,
        min_commands: a.min_commands,
        max_commands: a.max_commands,
    };
    let found = match Archive::open_if_present(&home.archive_file())? {
        Some(archive) => archive.search(&filter)?,
        None => Vec::new(),
    };
    super::emit(json, json!({"ok": true, "matches": found.iter().map(stored_json).collect::<Vec<_>>()}), || {
        if found.is_empty() {
            return "No archived match meets that. (`grognard archive add GAME` archives a game.)".into();
        }
        found
            .iter()
            .map(|s| format!("{}  {}  {}\n", short(&s.facts.game), Date::of(s.added_at), describe(&s.facts)))
            .collect()
    })
}

/// The archived game a prefix names.
fn select(archive: &Archive, prefix: &str) -> Result<String> {
    let mut found = archive.find(prefix)?;
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(Failure::new("not-archived", format!("no archived game id starts with `{}`", one_line(prefix)))
            .hint("`grognard archive list` shows what the archive holds")),
        _ => Err(Failure::usage(format!(
            "several archived games start with `{}`: {}; give more of the id",
            one_line(prefix),
            found.iter().map(|g| short(g)).collect::<Vec<_>>().join(", ")
        ))),
    }
}

/// The archive, which must exist to be read from.
fn existing(home: &Home) -> Result<Archive> {
    Archive::open_if_present(&home.archive_file())?.ok_or_else(no_archive)
}

fn no_archive() -> Failure {
    Failure::new("not-archived", "there is no archive yet").hint("`grognard archive add GAME` starts it")
}

/// Read a stored journal back and verify it completely; the facts it gives must be the
/// stored ones.
fn reverify<'r>(
    archive: &Archive,
    stored: &Stored,
    rulesets: &[&'r dyn grognard_engine::AnyRuleset],
) -> Result<Checked<'r>> {
    let game = &stored.facts.game;
    let journal = archive.journal(game)?;
    let (records, torn) = verify_cmd::split_records(&journal);
    let damaged = |detail: String| {
        Failure::from(grognard_archive::ArchiveError::Damaged { path: archive.path().to_path_buf(), detail })
    };
    if torn.is_some() {
        return Err(damaged(format!("the stored journal of game {game} ends in an incomplete line")));
    }
    let checked = grognard_journal::verify::check_records(rulesets, &records).map_err(verify_cmd::fail)?;
    if facts_of(&checked, stored.facts.last_arrival) != stored.facts {
        return Err(damaged(format!("the facts stored for game {game} are not what its journal says")));
    }
    Ok(checked)
}

fn stored(archive: &Archive, game: &str) -> Result<Stored> {
    archive.get(game)?.ok_or_else(|| Failure::from(grognard_archive::ArchiveError::NotArchived { game: game.into() }))
}

fn show(home: &Home, prefix: &str, json: bool) -> Result<()> {
    let archive = existing(home)?;
    let game = select(&archive, prefix)?;
    let s = stored(&archive, &game)?;
    let rulesets = registry::all();
    let checked = reverify(&archive, &s, &rulesets)?;
    let r = &checked.replay;
    let mut value = stored_json(&s);
    value["ok"] = json!(true);
    value["log"] = json!(super::log::items(r));
    super::emit(json, value, || {
        let f = &s.facts;
        let mut t = format!(
            "Game {} — {} {} ({}), scenario {}{}; {} dice; protocol {}\n",
            f.game,
            one_line(&f.ruleset),
            one_line(&f.ruleset_version),
            r.ruleset.info().name,
            one_line(&f.scenario),
            if f.from_position { " (from a position)" } else { "" },
            f.dice,
            f.protocol
        );
        for p in &f.players {
            t.push_str(&format!(
                "  {} {} <{}> [{}] {}{}\n",
                p.seat,
                one_line(&p.name),
                one_line(&p.email),
                one_line(&p.powers.join(", ")),
                p.fingerprint,
                if p.winner { " (won)" } else { "" }
            ));
        }
        t.push_str(&match &f.result {
            Some(res) => format!("Result: {}\n", one_line(res)),
            None => "Not over.\n".into(),
        });
        t.push_str(&format!(
            "{} entries, {} commands; {}.\nArchived {}{}; last entry arrived {}.\nJournal: {} bytes, SHA-256 {} (verified again just now).\nStory:\n",
            f.entries,
            f.commands,
            if f.all_opened { "no concealed command left closed" } else { "some concealed commands never opened" },
            grognard_archive::date::format_time(s.added_at),
            s.replaced_at.map(|t| format!(", replaced by a longer journal {}", grognard_archive::date::format_time(t))).unwrap_or_default(),
            f.last_arrival.map_or("at an unknown time".to_string(), |t| format!("{} (by the adding machine's clock)", grognard_archive::date::format_time(t))),
            s.journal_bytes,
            s.journal_sha256
        ));
        t.push_str(&super::log::text(r));
        t
    })
}

fn verify(home: &Home, prefix: Option<&str>, json: bool) -> Result<()> {
    let archive = match (Archive::open_if_present(&home.archive_file())?, prefix) {
        (Some(archive), _) => archive,
        (None, Some(_)) => return Err(no_archive()),
        (None, None) => {
            return super::emit(json, json!({"ok": true, "checked": []}), || "There is no archive yet.".into())
        }
    };
    let games = match prefix {
        Some(p) => vec![select(&archive, p)?],
        None => archive.search(&Filter::default())?.into_iter().map(|s| s.facts.game).collect(),
    };
    let rulesets = registry::all();
    let mut results = Vec::new();
    let mut text = String::new();
    let mut problems = String::new();
    let mut first_failure: Option<&'static str> = None;
    for game in &games {
        let short = &short(game);
        match stored(&archive, game).and_then(|s| reverify(&archive, &s, &rulesets)) {
            Ok(checked) => {
                let closed: usize = checked.replay.unopened().iter().map(|(_, v)| v.len()).sum();
                text.push_str(&format!(
                    "OK      {short}  {} entries verified from the archive (signatures, links, dice, sealed choices, rules){}\n",
                    checked.entries.len(),
                    if closed > 0 { format!("; {closed} concealed commands still closed") } else { String::new() }
                ));
                results.push(
                    json!({"game": game, "ok": true, "entries": checked.entries.len(), "concealed_closed": closed}),
                );
            }
            Err(f) => {
                text.push_str(&format!("FAILED  {short}  {}\n", f.code));
                problems.push_str(&format!("grognard: game {short}: {}\n", f.message));
                if let Some(h) = &f.hint {
                    problems.push_str(&format!("  {h}\n"));
                }
                first_failure.get_or_insert(f.code);
                results.push(json!({"game": game, "ok": false, "error": f.code, "rule": f.rule, "message": f.message}));
            }
        }
    }
    let failed = results.iter().filter(|r| r["ok"] == false).count();
    let value = match first_failure {
        None => json!({"ok": true, "checked": results}),
        Some(code) => json!({"ok": false, "error": code, "checked": results,
                             "message": format!("{failed} of {} archived journals failed verification", games.len())}),
    };
    super::emit(json, value, || if games.is_empty() { "The archive is empty.".into() } else { text })?;
    match first_failure {
        None => Ok(()),
        Some(code) => {
            if !json {
                crate::output::error_text(&problems);
            }
            Err(Failure::reported(code))
        }
    }
}

fn export(home: &Home, a: ExportArgs, json: bool) -> Result<()> {
    super::check_new_file(Some(&a.out))?;
    let archive = existing(home)?;
    let game = select(&archive, &a.game)?;
    let journal = archive.journal(&game)?;
    super::write_new_file(&a.out, &journal)?;
    let shown = one_line(&a.out.display().to_string()).into_owned();
    super::emit(json, json!({"ok": true, "game": game, "out": shown, "bytes": journal.len()}), || {
        format!(
            "Wrote the journal of game {} to {shown} ({} bytes); `grognard verify --file {shown}` checks it.",
            short(&game),
            journal.len()
        )
    })
}

/// Whether the archive holds a game of this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// With every entry this machine has.
    Whole,
    /// With fewer entries than this machine has.
    Older,
    No,
}

/// Whether the archive holds `game`, of which this machine has `entries` entries (`None`:
/// the archive cannot be read; the commands that read it say why).
pub fn kept(home: &Home, game: &GameId, entries: usize) -> Option<Kept> {
    let Ok(archive) = Archive::open_if_present(&home.archive_file()) else { return None };
    let Some(archive) = archive else { return Some(Kept::No) };
    match archive.get(&game.to_hex()) {
        Ok(Some(s)) if s.facts.entries >= entries as u64 => Some(Kept::Whole),
        Ok(Some(_)) => Some(Kept::Older),
        Ok(None) => Some(Kept::No),
        Err(_) => None,
    }
}

/// The line offering to archive a finished game, unless it is archived whole.
pub fn offer(game: &GameId, kept: Option<Kept>) -> Option<String> {
    let short = game.short();
    match kept? {
        Kept::Whole => None,
        Kept::Older => Some(format!(
            "The archive holds an earlier journal of game {short}: `grognard archive add {short}` brings it up to date."
        )),
        Kept::No => Some(format!(
            "Game {short} is over: `grognard archive add {short}` keeps it in your archive (journal, players, result)."
        )),
    }
}
