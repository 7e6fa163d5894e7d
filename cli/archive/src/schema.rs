//! The archive's schema and its migrations.
//!
//! The schema version is SQLite's `PRAGMA user_version`: 0 for a new file, then the number
//! of migrations applied. [`MIGRATIONS`] lists them in order and is only ever appended to;
//! `migrate` applies the missing ones in one transaction, so a file is always at one
//! version, and two programs opening a new file at once migrate it once. A file of a later
//! version than this program knows is refused, never read or written.

use rusqlite::Transaction;

/// One step of the schema: from version `n` to `n + 1` is `MIGRATIONS[n]`.
type Migration = fn(&Transaction) -> rusqlite::Result<()>;

/// Every migration, in order.
pub const MIGRATIONS: &[Migration] = &[v1_matches_and_players];

/// The schema version this program writes.
pub fn current() -> i64 {
    MIGRATIONS.len() as i64
}

/// Version 1: one row per match, with its journal and the facts search needs, and one row
/// per player of a match.
fn v1_matches_and_players(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "CREATE TABLE match (
            game TEXT PRIMARY KEY NOT NULL,
            ruleset TEXT NOT NULL,
            ruleset_version TEXT NOT NULL,
            scenario TEXT NOT NULL,
            from_position INTEGER NOT NULL,
            dice TEXT NOT NULL,
            protocol INTEGER NOT NULL,
            entries INTEGER NOT NULL,
            commands INTEGER NOT NULL,
            result TEXT,
            all_opened INTEGER NOT NULL,
            added_at INTEGER NOT NULL,
            replaced_at INTEGER,
            last_arrival INTEGER,
            journal BLOB NOT NULL,
            journal_sha256 BLOB NOT NULL
         ) STRICT;
         CREATE INDEX match_added ON match (added_at);
         CREATE TABLE player (
            game TEXT NOT NULL REFERENCES match (game) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            powers TEXT NOT NULL,
            winner INTEGER NOT NULL,
            PRIMARY KEY (game, seat)
         ) STRICT;",
    )
}
