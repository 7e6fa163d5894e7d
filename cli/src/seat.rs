//! The games on this machine: `<home>/games/<game id>/`, each with the journal and a
//! `seat.json` saying which local identity plays which seat.

use crate::failure::{Failure, Result};
use crate::home::{Home, Identity};
use crate::registry;
use grognard_engine::PlayerId;
use grognard_journal::game::Game;
use grognard_journal::keys::SecretKey;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

const SEAT: &str = "seat.json";

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
}

impl LocalGame {
    pub fn unlock(&self) -> Result<SecretKey> {
        Ok(self.identity.unlock()?)
    }
}

pub fn home() -> Result<Home> {
    Ok(Home::from_env()?)
}

/// Game directories, sorted by name (the game id).
pub fn game_dirs(home: &Home) -> Result<Vec<PathBuf>> {
    let dir = home.games_dir();
    let Ok(read) = std::fs::read_dir(&dir) else { return Ok(Vec::new()) };
    let mut dirs: Vec<PathBuf> =
        read.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.join("journal").is_file()).collect();
    dirs.sort();
    Ok(dirs)
}

/// The directory of the game `selector` names (a prefix of its id), or of the only game.
pub fn select(home: &Home, selector: Option<&str>) -> Result<PathBuf> {
    let dirs = game_dirs(home)?;
    let name = |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let matching: Vec<&PathBuf> = match selector {
        Some(s) => dirs.iter().filter(|d| name(d).starts_with(s)).collect(),
        None => dirs.iter().collect(),
    };
    match (matching.len(), selector) {
        (1, _) => Ok(matching[0].clone()),
        (0, None) => Err(Failure::new("no-game", "there is no game here yet")
            .hint("start one with `grognard new`, or join one with `grognard join <invitation packet>`")),
        (0, Some(s)) => {
            Err(Failure::new("no-game", format!("no game id starts with `{s}`")).hint("see `grognard games`"))
        }
        _ => Err(Failure::usage(format!(
            "there are several games; choose one with --game <id prefix>: {}",
            matching.iter().map(|d| name(d)).collect::<Vec<_>>().join(", ")
        ))),
    }
}

pub fn write_seat(game: &Game, me: PlayerId, identity: &Identity) -> Result<()> {
    let seat = Seat { player: me.0, key: identity.public.to_hex() };
    let bytes = serde_json::to_vec_pretty(&seat).map_err(|e| Failure::new("storage", e.to_string()))?;
    game.store().write_public(SEAT, &bytes).map_err(|e| Failure::new("storage", e.to_string()))
}

/// Open and verify a game, and find the local player's seat and identity.
pub fn open(dir: &Path) -> Result<LocalGame> {
    let game = Game::open(dir, &registry::all())?;
    let seat: Seat = game
        .store()
        .read_side(SEAT)
        .map_err(|e| Failure::new("storage", e.to_string()))?
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or_else(|| Failure::new("storage", format!("{} has no readable {SEAT}", dir.display())))?;
    let identity = home()?
        .identities()?
        .into_iter()
        .find(|i| i.public.to_hex() == seat.key)
        .ok_or_else(|| Failure::new("identity", "the identity that plays this game is not on this machine"))?;
    if game.replay.keys.get(usize::from(seat.player)) != Some(&identity.public) {
        return Err(Failure::new("identity", format!("{SEAT} does not match the game's players")));
    }
    Ok(LocalGame { game, me: PlayerId(seat.player), identity })
}
