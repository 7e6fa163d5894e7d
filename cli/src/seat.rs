//! The games on this machine: `<home>/games/<game id>/`, each with the journal and a
//! `seat.json` saying which local identity plays which seat.
//!
//! Directories whose name starts with `.` (games being created or joined, see
//! `install.rs`) are not games. A game directory without its journal or its `seat.json`
//! is *broken*: it is listed as such, skipped by commands that go through every game, and
//! `grognard forget` moves it out of the way.

use crate::failure::{Failure, Result};
use crate::home::{Home, Identity};
use crate::registry;
use grognard_engine::PlayerId;
use grognard_journal::game::Game;
use grognard_journal::keys::SecretKey;
use grognard_journal::mark::FeedMark;
use grognard_journal::store::{GameLock, LockMode, JOURNAL_FILE};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const SEAT: &str = "seat.json";

#[derive(Serialize, Deserialize)]
pub struct Seat {
    pub player: u8,
    /// The public key of the local identity that plays this seat.
    pub key: String,
}

pub struct LocalGame {
    pub game: Game<'static>,
    pub me: PlayerId,
    pub identity: Identity,
    /// The game's lock, held as long as this value lives (`None`: a directory this process
    /// may not write to, read without the lock).
    pub _lock: Option<GameLock>,
}

impl LocalGame {
    pub fn unlock(&self) -> Result<SecretKey> {
        Ok(self.identity.unlock()?)
    }
}

pub fn home() -> Result<Home> {
    Ok(Home::from_env()?)
}

/// The game id a game directory is named after.
pub fn dir_name(dir: &Path) -> String {
    dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Game directories (broken ones included), sorted by name (the game id).
pub fn game_dirs(home: &Home) -> Result<Vec<PathBuf>> {
    let dir = home.games_dir();
    let Ok(read) = std::fs::read_dir(&dir) else { return Ok(Vec::new()) };
    let mut dirs: Vec<PathBuf> = read
        .filter_map(|e| e.ok())
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// Why a game directory cannot be used, from its files alone (`None`: it looks whole).
pub fn broken(dir: &Path) -> Option<String> {
    if !dir.join(JOURNAL_FILE).is_file() {
        Some("it has no journal".into())
    } else if !dir.join(SEAT).is_file() {
        Some(format!("it has no {SEAT} (which identity plays it is unknown)"))
    } else {
        None
    }
}

/// How to get rid of a broken game directory.
pub fn repair_hint(dir: &Path) -> String {
    format!(
        "`grognard forget --game {}` moves it to the attic (nothing is deleted); if it lacks only its seat, \
         `grognard join` with the invitation repairs it",
        dir_name(dir)
    )
}

/// The directory of the game `selector` names (a prefix of its id), or of the only game
/// that is not broken.
pub fn select(home: &Home, selector: Option<&str>) -> Result<PathBuf> {
    let dirs = game_dirs(home)?;
    let matching: Vec<&PathBuf> = match selector {
        Some(s) => dirs.iter().filter(|d| dir_name(d).starts_with(s)).collect(),
        None => dirs.iter().filter(|d| broken(d).is_none()).collect(),
    };
    match (matching.len(), selector) {
        (1, _) => Ok(matching[0].clone()),
        (0, None) if !dirs.is_empty() => Err(Failure::new(
            "no-game",
            format!(
                "no usable game here: {} cannot be used",
                dirs.iter().map(|d| dir_name(d)).collect::<Vec<_>>().join(", ")
            ),
        )
        .hint("`grognard games` says why and how to fix it")),
        (0, None) => Err(Failure::new("no-game", "there is no game here yet")
            .hint("start one with `grognard new`, or join one with `grognard join <invitation packet>`")),
        (0, Some(s)) => {
            Err(Failure::new("no-game", format!("no game id starts with `{s}`")).hint("see `grognard games`"))
        }
        _ => Err(Failure::usage(format!(
            "there are several games; choose one with --game <id prefix>: {}",
            matching.iter().map(|d| dir_name(d)).collect::<Vec<_>>().join(", ")
        ))),
    }
}

pub fn write_seat(game: &Game, me: PlayerId, identity: &Identity) -> Result<()> {
    let seat = Seat { player: me.0, key: identity.public.to_hex() };
    let bytes = serde_json::to_vec_pretty(&seat).map_err(|e| Failure::new("storage", e.to_string()))?;
    game.store().write_public(SEAT, &bytes).map_err(|e| Failure::new("storage", e.to_string()))
}

/// The high-water mark of `player`'s feed in `game` on this machine.
pub fn feed_mark(home: &Home, game: &grognard_journal::ids::GameId, player: PlayerId) -> FeedMark {
    FeedMark::at(&home.marks_dir().join(format!("{}-{}.json", game.to_hex(), player.0)))
}

/// Lock a game (`mode`: shared to read, exclusive to change it), then open and verify it,
/// and find the local player's seat and identity. The lock is taken before the journal is
/// read, so a writer acts on the latest journal.
pub fn open(dir: &Path, mode: LockMode) -> Result<LocalGame> {
    if let Some(why) = broken(dir) {
        return Err(
            Failure::new("broken-game", format!("game {} is broken: {why}", dir_name(dir))).hint(repair_hint(dir))
        );
    }
    let lock = crate::lock::hold(dir, mode)?;
    let mut game = Game::open(dir, &registry::all()).map_err(|e| crate::evidence::failure_in(Some(dir), e))?;
    let seat: Seat = game
        .store()
        .read_side(SEAT)
        .map_err(|e| Failure::new("storage", e.to_string()))?
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or_else(|| {
            Failure::new("broken-game", format!("{} has no readable {SEAT}", dir.display())).hint(repair_hint(dir))
        })?;
    let home = home()?;
    let identity = home
        .identities()?
        .into_iter()
        .find(|i| i.public.to_hex() == seat.key)
        .ok_or_else(|| Failure::new("identity", "the identity that plays this game is not on this machine"))?;
    // The seat's current holder, or a former one (who can still read the game; the journal
    // refuses anything they sign, docs/PROTOCOL.md section 13).
    let held =
        game.replay.holders.get(usize::from(seat.player)).is_some_and(|h| h.iter().any(|h| h.key == identity.public));
    if !held {
        return Err(Failure::new("identity", format!("{SEAT} does not match the game's players")));
    }
    game.set_mark(feed_mark(&home, &game.replay.game, PlayerId(seat.player)), PlayerId(seat.player));
    Ok(LocalGame { game, me: PlayerId(seat.player), identity, _lock: lock })
}
