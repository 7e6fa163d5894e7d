//! Grognard's match archive: games kept with their whole journal in one SQLite file
//! (`<home>/archive.sqlite`), searchable by player, ruleset, scenario, result, date and size.
//!
//! This crate opens, migrates, stores and queries; it knows nothing of journals but their
//! bytes. Whoever adds a match verifies its journal first and hands over the facts read from
//! it ([`Facts`]); whoever reads a journal back verifies it again to use it.
//!
//! What it guarantees:
//! - **Versioned schema**: `PRAGMA user_version`, migrations in order ([`schema`]); a file of
//!   a later version is refused ([`ArchiveError::Newer`]).
//! - **Damage is reported, never used**: opening runs `PRAGMA quick_check`; every journal is
//!   stored with its SHA-256, checked whenever the journal is read; SQLite's own reports of a
//!   malformed file are [`ArchiveError::Damaged`] too.
//! - **Several processes at once**: write-ahead log, a busy timeout ([`BUSY_TIMEOUT`]), and
//!   every change in one immediate transaction that reads what it decides on.
//! - **Bounded**: a journal of at most [`MAX_JOURNAL_BYTES`], search texts of at most
//!   [`MAX_QUERY_TEXT`] bytes; SQLite refuses to read any longer value from the file.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod date;
mod error;
pub mod schema;

pub use date::Date;
pub use error::ArchiveError;

use error::sqlite;
use rusqlite::limits::Limit;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row, ToSql, TransactionBehavior};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The archive's file name in the grognard home.
pub const FILE_NAME: &str = "archive.sqlite";

/// The largest journal the archive stores: five times the largest journal measured, a game
/// of 100,000 entries (the most a game may hold) at 50 MB (BENCHMARKS.md).
pub const MAX_JOURNAL_BYTES: usize = 256 * 1024 * 1024;

/// The longest text a search may ask for (a name, a result, an id).
pub const MAX_QUERY_TEXT: usize = 256;

/// How long a process waits for another that holds the archive.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a process waits before it tries again to switch the file to a write-ahead log.
const WAL_SWITCH_RETRY: Duration = Duration::from_millis(20);

/// How many of `quick_check`'s findings a damage report quotes.
const REPORTED_PROBLEMS: usize = 5;

/// A player of an archived match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub seat: u8,
    pub name: String,
    pub email: String,
    pub fingerprint: String,
    pub powers: Vec<String>,
    pub winner: bool,
}

/// What the archive records of a match besides its journal: what the journal says, read by
/// whoever verified it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The game id (lowercase hexadecimal digits).
    pub game: String,
    pub ruleset: String,
    pub ruleset_version: String,
    pub scenario: String,
    pub from_position: bool,
    /// The dice mode (`fair`, `casual`, `scripted`).
    pub dice: String,
    pub protocol: u32,
    pub players: Vec<Player>,
    pub entries: u64,
    pub commands: u64,
    /// The result, once the game is over.
    pub result: Option<String>,
    /// Whether every concealed command was opened (no concealed command counts as opened).
    pub all_opened: bool,
    /// When the journal's last entry arrived on the machine it was added from (unix seconds,
    /// that machine's clock), when known.
    pub last_arrival: Option<i64>,
}

/// A match as the archive holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub facts: Facts,
    /// When the match was first added (unix seconds, local clock: information only).
    pub added_at: i64,
    /// When a longer journal last replaced the one first added.
    pub replaced_at: Option<i64>,
    pub journal_bytes: u64,
    /// The SHA-256 of the journal, in hex.
    pub journal_sha256: String,
}

/// How a journal offered for a game relates to the one the archive holds, by their entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The same entries.
    Same,
    /// Every stored entry, and more.
    Extends,
    /// Some of the stored entries and no other.
    Older,
    /// Entries the stored journal lacks, and lacking some of its own: another history.
    Other,
}

impl Relation {
    /// How `offered` relates to `stored` (each a journal's entry ids).
    pub fn of<T: Eq + Hash>(stored: &[T], offered: &[T]) -> Relation {
        let stored: HashSet<&T> = stored.iter().collect();
        let offered: HashSet<&T> = offered.iter().collect();
        match (stored.is_subset(&offered), offered.is_subset(&stored)) {
            (true, true) => Relation::Same,
            (true, false) => Relation::Extends,
            (false, true) => Relation::Older,
            (false, false) => Relation::Other,
        }
    }
}

/// What adding a match did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// The game was not in the archive.
    New,
    /// The archive held this journal already (the same entries): nothing changed.
    Unchanged,
    /// The archive held a shorter journal of the game (of `before` entries), now replaced.
    Extended { before: u64 },
}

/// What a search asks for; every field given must hold (AND). Texts are compared ignoring
/// the case of ASCII letters.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// A player: part of the name, the whole email, or the start of the key fingerprint.
    pub player: Option<String>,
    /// A winner, named as `player` is.
    pub winner: Option<String>,
    pub ruleset: Option<String>,
    pub scenario: Option<String>,
    /// Part of the result text.
    pub result: Option<String>,
    /// `Some(true)`: finished games only; `Some(false)`: unfinished ones only.
    pub over: Option<bool>,
    /// Added on this day or later (UTC).
    pub added_since: Option<Date>,
    /// Added on this day or earlier (UTC).
    pub added_until: Option<Date>,
    pub min_commands: Option<u64>,
    pub max_commands: Option<u64>,
}

/// An open archive file.
pub struct Archive {
    conn: Connection,
    path: PathBuf,
}

const MATCH_COLUMNS: &str = "game, ruleset, ruleset_version, scenario, from_position, dice, protocol, entries, \
     commands, result, all_opened, last_arrival, added_at, replaced_at, length(journal), journal_sha256";

impl Archive {
    /// Open the archive at `path`, creating it if it does not exist: check it
    /// (`quick_check`), and bring its schema to this program's version.
    pub fn open(path: &Path) -> Result<Archive, ArchiveError> {
        Archive::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE)
    }

    /// Open the archive at `path` if there is one (`None`: there is none; nothing is created).
    pub fn open_if_present(path: &Path) -> Result<Option<Archive>, ArchiveError> {
        if !path.exists() {
            return Ok(None);
        }
        Archive::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE).map(Some)
    }

    fn open_with(path: &Path, flags: OpenFlags) -> Result<Archive, ArchiveError> {
        let e = |err| sqlite(path, err);
        let conn = Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX).map_err(e)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(e)?;
        // No value longer than a journal (and a little room) is ever read from the file.
        let longest = i32::try_from(MAX_JOURNAL_BYTES + 4096).unwrap_or(i32::MAX);
        conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, longest).map_err(e)?;
        let archive = Archive { conn, path: path.to_path_buf() };
        archive.check()?;
        archive.use_write_ahead_log()?;
        archive.conn.pragma_update(None, "synchronous", "FULL").map_err(e)?;
        archive.conn.pragma_update(None, "foreign_keys", "ON").map_err(e)?;
        let mut archive = archive;
        archive.migrate()?;
        Ok(archive)
    }

    /// Switch the file to a write-ahead log (a no-op once it uses one). SQLite takes the
    /// exclusive lock the switch needs without calling the busy handler, so a process that
    /// finds the file held (another one creating or switching it at the same moment) tries
    /// again until [`BUSY_TIMEOUT`] has passed.
    fn use_write_ahead_log(&self) -> Result<(), ArchiveError> {
        let deadline = Instant::now() + BUSY_TIMEOUT;
        loop {
            match self.conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0)) {
                Ok(mode) if mode.eq_ignore_ascii_case("wal") => return Ok(()),
                Ok(mode) => {
                    return Err(ArchiveError::Sqlite {
                        path: self.path.clone(),
                        detail: format!("cannot use a write-ahead log (journal mode {mode})"),
                    })
                }
                Err(err) if error::is_busy(&err) && Instant::now() < deadline => {
                    std::thread::sleep(WAL_SWITCH_RETRY);
                }
                Err(err) => return Err(sqlite(&self.path, err)),
            }
        }
    }

    /// The file this archive is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn err(&self) -> impl Fn(rusqlite::Error) -> ArchiveError + '_ {
        |e| sqlite(&self.path, e)
    }

    fn damaged(&self, detail: impl Into<String>) -> ArchiveError {
        ArchiveError::Damaged { path: self.path.clone(), detail: detail.into() }
    }

    /// `PRAGMA quick_check`: the file's structure is sound, or it is damaged.
    fn check(&self) -> Result<(), ArchiveError> {
        let mut statement = self.conn.prepare("PRAGMA quick_check").map_err(self.err())?;
        let mut rows = statement.query([]).map_err(self.err())?;
        let mut problems = Vec::new();
        while let Some(row) = rows.next().map_err(self.err())? {
            let line: String = row.get(0).map_err(self.err())?;
            if line != "ok" {
                problems.push(line);
            }
            if problems.len() > REPORTED_PROBLEMS {
                break;
            }
        }
        if problems.is_empty() {
            return Ok(());
        }
        let more = if problems.len() > REPORTED_PROBLEMS { "; ..." } else { "" };
        problems.truncate(REPORTED_PROBLEMS);
        Err(self.damaged(format!("SQLite's check found: {}{more}", problems.join("; "))))
    }

    /// The schema version of the file.
    pub fn schema_version(&self) -> Result<i64, ArchiveError> {
        self.conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(self.err())
    }

    fn known_version(&self, found: i64) -> Result<(), ArchiveError> {
        if found > schema::current() {
            return Err(ArchiveError::Newer { path: self.path.clone(), found, known: schema::current() });
        }
        if found < 0 {
            return Err(self.damaged(format!("its schema version is {found}")));
        }
        Ok(())
    }

    /// Apply the migrations the file lacks, in one transaction that holds the file.
    fn migrate(&mut self) -> Result<(), ArchiveError> {
        let found = self.schema_version()?;
        self.known_version(found)?;
        if found == schema::current() {
            return Ok(());
        }
        let path = self.path.clone();
        let e = |err| sqlite(&path, err);
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(e)?;
        // Read again under the lock: another process may have migrated meanwhile.
        let found: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(e)?;
        if found > schema::current() || found < 0 {
            drop(tx);
            return self.known_version(found);
        }
        for migration in schema::MIGRATIONS.iter().skip(found as usize) {
            migration(&tx).map_err(e)?;
        }
        tx.pragma_update(None, "user_version", schema::current()).map_err(e)?;
        tx.commit().map_err(e)
    }

    /// Add a match: `journal` holds its verified records, `facts` what they say, `now` the
    /// local time. If the archive holds the game already, `relate` is given the stored
    /// journal (its SHA-256 checked) and says how the offered one relates to it: a journal
    /// that [extends](Relation::Extends) it replaces it, the same one changes nothing, and
    /// an older one or another history is refused.
    pub fn add(
        &mut self,
        facts: &Facts,
        journal: &[u8],
        now: i64,
        relate: impl FnOnce(&[u8]) -> Result<Relation, String>,
    ) -> Result<Added, ArchiveError> {
        if journal.len() > MAX_JOURNAL_BYTES {
            return Err(ArchiveError::TooLarge { what: "the journal", size: journal.len(), limit: MAX_JOURNAL_BYTES });
        }
        check_game_id(&facts.game)?;
        let path = self.path.clone();
        let e = |err| sqlite(&path, err);
        let damaged = |detail: String| ArchiveError::Damaged { path: path.clone(), detail };
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(e)?;
        let held: Option<(i64, u64)> = tx
            .query_row("SELECT added_at, entries FROM match WHERE game = ?1", [&facts.game], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()
            .map_err(e)?;
        let (added_at, replaced_at, outcome) = match held {
            None => (now, None, Added::New),
            Some((added_at, before)) => {
                let stored = read_journal(&tx, &path, &facts.game)?;
                let relation =
                    relate(&stored).map_err(|why| damaged(format!("the journal of game {}: {why}", facts.game)))?;
                match relation {
                    Relation::Same => return Ok(Added::Unchanged),
                    Relation::Extends => (added_at, Some(now), Added::Extended { before }),
                    Relation::Older => {
                        return Err(ArchiveError::Older {
                            game: facts.game.clone(),
                            stored: before,
                            offered: facts.entries,
                        })
                    }
                    Relation::Other => return Err(ArchiveError::OtherHistory { game: facts.game.clone() }),
                }
            }
        };
        tx.execute("DELETE FROM match WHERE game = ?1", [&facts.game]).map_err(e)?;
        tx.execute(
            "INSERT INTO match (game, ruleset, ruleset_version, scenario, from_position, dice, protocol, entries, \
             commands, result, all_opened, last_arrival, added_at, replaced_at, journal, journal_sha256) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            params![
                facts.game,
                facts.ruleset,
                facts.ruleset_version,
                facts.scenario,
                facts.from_position,
                facts.dice,
                facts.protocol,
                facts.entries,
                facts.commands,
                facts.result,
                facts.all_opened,
                facts.last_arrival,
                added_at,
                replaced_at,
                journal,
                Sha256::digest(journal).as_slice(),
            ],
        )
        .map_err(e)?;
        for p in &facts.players {
            let powers = serde_json::to_string(&p.powers).map_err(|err| ArchiveError::Query(err.to_string()))?;
            tx.execute(
                "INSERT INTO player (game, seat, name, email, fingerprint, powers, winner) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![facts.game, p.seat, p.name, p.email, p.fingerprint, powers, p.winner],
            )
            .map_err(e)?;
        }
        tx.commit().map_err(e)?;
        Ok(outcome)
    }

    /// The ids of the archived games that start with `prefix`, in order.
    pub fn find(&self, prefix: &str) -> Result<Vec<String>, ArchiveError> {
        if prefix.len() > MAX_GAME_ID || !prefix.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ArchiveError::Query(format!(
                "`{}` is not the start of a game id (hexadecimal digits)",
                prefix.chars().take(80).collect::<String>()
            )));
        }
        let prefix = prefix.to_ascii_lowercase();
        let mut statement = self
            .conn
            .prepare("SELECT game FROM match WHERE substr(game, 1, length(?1)) = ?1 ORDER BY game")
            .map_err(self.err())?;
        let games = statement.query_map([prefix], |r| r.get(0)).map_err(self.err())?;
        games.collect::<Result<Vec<String>, _>>().map_err(self.err())
    }

    /// One archived match, without its journal.
    pub fn get(&self, game: &str) -> Result<Option<Stored>, ArchiveError> {
        let sql = format!("SELECT {MATCH_COLUMNS} FROM match WHERE game = ?1");
        let found = self.conn.query_row(&sql, [game], stored_of).optional().map_err(self.err())?;
        match found {
            Some(mut stored) => {
                stored.facts.players = self.players(game)?;
                Ok(Some(stored))
            }
            None => Ok(None),
        }
    }

    /// The stored journal of `game`, its SHA-256 checked.
    pub fn journal(&self, game: &str) -> Result<Vec<u8>, ArchiveError> {
        read_journal(&self.conn, &self.path, game)
    }

    /// The matches a search asks for, by the time they were added (then by game id).
    pub fn search(&self, filter: &Filter) -> Result<Vec<Stored>, ArchiveError> {
        let (clauses, values) = where_clauses(filter)?;
        let sql = format!(
            "SELECT {MATCH_COLUMNS} FROM match m WHERE {} ORDER BY added_at, game",
            if clauses.is_empty() { "1".to_string() } else { clauses.join(" AND ") }
        );
        let mut statement = self.conn.prepare(&sql).map_err(self.err())?;
        let params: Vec<&dyn ToSql> = values.iter().map(|v| v.as_ref()).collect();
        let rows = statement.query_map(params.as_slice(), stored_of).map_err(self.err())?;
        let mut found = rows.collect::<Result<Vec<Stored>, _>>().map_err(self.err())?;
        for stored in &mut found {
            stored.facts.players = self.players(&stored.facts.game)?;
        }
        Ok(found)
    }

    fn players(&self, game: &str) -> Result<Vec<Player>, ArchiveError> {
        let mut statement = self
            .conn
            .prepare("SELECT seat, name, email, fingerprint, powers, winner FROM player WHERE game = ?1 ORDER BY seat")
            .map_err(self.err())?;
        let rows = statement
            .query_map([game], |r| {
                Ok((r.get::<_, u8>(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, String>(4)?, r.get(5)?))
            })
            .map_err(self.err())?;
        let mut players = Vec::new();
        for row in rows {
            let (seat, name, email, fingerprint, powers, winner) = row.map_err(self.err())?;
            let powers: Vec<String> = serde_json::from_str(&powers)
                .map_err(|_| self.damaged(format!("the powers of player {seat} of game {game} are not a list")))?;
            players.push(Player { seat, name, email, fingerprint, powers, winner });
        }
        Ok(players)
    }
}

/// The longest game id the archive takes, in hexadecimal digits.
const MAX_GAME_ID: usize = 128;

/// A game id, as the archive stores it: lowercase hexadecimal digits.
fn check_game_id(game: &str) -> Result<(), ArchiveError> {
    if !game.is_empty()
        && game.len() <= MAX_GAME_ID
        && game.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(())
    } else {
        Err(ArchiveError::Query(format!("`{}` is not a game id", game.chars().take(80).collect::<String>())))
    }
}

fn stored_of(r: &Row) -> rusqlite::Result<Stored> {
    let sha: Vec<u8> = r.get(15)?;
    Ok(Stored {
        facts: Facts {
            game: r.get(0)?,
            ruleset: r.get(1)?,
            ruleset_version: r.get(2)?,
            scenario: r.get(3)?,
            from_position: r.get(4)?,
            dice: r.get(5)?,
            protocol: r.get(6)?,
            players: Vec::new(),
            entries: r.get(7)?,
            commands: r.get(8)?,
            result: r.get(9)?,
            all_opened: r.get(10)?,
            last_arrival: r.get(11)?,
        },
        added_at: r.get(12)?,
        replaced_at: r.get(13)?,
        journal_bytes: r.get(14)?,
        journal_sha256: hex::encode(sha),
    })
}

/// The journal of `game` as stored, checked against its SHA-256.
fn read_journal(conn: &Connection, path: &Path, game: &str) -> Result<Vec<u8>, ArchiveError> {
    let damaged = |detail: String| ArchiveError::Damaged { path: path.to_path_buf(), detail };
    let (journal, sha): (Vec<u8>, Vec<u8>) = conn
        .query_row("SELECT journal, journal_sha256 FROM match WHERE game = ?1", [game], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()
        .map_err(|e| sqlite(path, e))?
        .ok_or_else(|| ArchiveError::NotArchived { game: game.to_string() })?;
    if journal.len() > MAX_JOURNAL_BYTES {
        return Err(damaged(format!("the journal of game {game} is {} bytes, past the limit", journal.len())));
    }
    if Sha256::digest(&journal).as_slice() != sha.as_slice() {
        return Err(damaged(format!("the stored journal of game {game} does not match its SHA-256")));
    }
    Ok(journal)
}

/// A search text, bounded.
fn query_text(text: &str) -> Result<String, ArchiveError> {
    if text.len() > MAX_QUERY_TEXT {
        return Err(ArchiveError::TooLarge { what: "a search text", size: text.len(), limit: MAX_QUERY_TEXT });
    }
    Ok(text.to_string())
}

type Values = Vec<Box<dyn ToSql>>;

/// The SQL conditions of a filter and the values they take (numbered parameters).
fn where_clauses(f: &Filter) -> Result<(Vec<String>, Values), ArchiveError> {
    let mut clauses = Vec::new();
    let mut values: Values = Vec::new();
    let bind = |values: &mut Values, v: Box<dyn ToSql>| {
        values.push(v);
        format!("?{}", values.len())
    };
    // A player: part of the name, the whole email, or the start of the fingerprint.
    let player = |n: &str| {
        format!(
            "(instr(lower(p.name), lower({n})) > 0 OR lower(p.email) = lower({n}) \
             OR substr(p.fingerprint, 1, length({n})) = lower({n}))"
        )
    };
    if let Some(who) = &f.player {
        let n = bind(&mut values, Box::new(query_text(who)?));
        clauses.push(format!("EXISTS (SELECT 1 FROM player p WHERE p.game = m.game AND {})", player(&n)));
    }
    if let Some(who) = &f.winner {
        let n = bind(&mut values, Box::new(query_text(who)?));
        clauses.push(format!("EXISTS (SELECT 1 FROM player p WHERE p.game = m.game AND p.winner AND {})", player(&n)));
    }
    for (column, value) in [("ruleset", &f.ruleset), ("scenario", &f.scenario)] {
        if let Some(v) = value {
            let n = bind(&mut values, Box::new(query_text(v)?));
            clauses.push(format!("lower({column}) = lower({n})"));
        }
    }
    if let Some(text) = &f.result {
        let n = bind(&mut values, Box::new(query_text(text)?));
        clauses.push(format!("instr(lower(result), lower({n})) > 0"));
    }
    match f.over {
        Some(true) => clauses.push("result IS NOT NULL".into()),
        Some(false) => clauses.push("result IS NULL".into()),
        None => {}
    }
    if let Some(day) = f.added_since {
        let n = bind(&mut values, Box::new(day.start()));
        clauses.push(format!("added_at >= {n}"));
    }
    if let Some(day) = f.added_until {
        let n = bind(&mut values, Box::new(day.start() + 86_400));
        clauses.push(format!("added_at < {n}"));
    }
    for (op, value) in [(">=", f.min_commands), ("<=", f.max_commands)] {
        if let Some(count) = value {
            let count = i64::try_from(count).unwrap_or(i64::MAX);
            let n = bind(&mut values, Box::new(count));
            clauses.push(format!("commands {op} {n}"));
        }
    }
    Ok((clauses, values))
}

#[cfg(test)]
mod tests;
