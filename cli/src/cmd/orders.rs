//! `grognard orders`: a player's standing orders for one game, kept on this machine only
//! (the game directory's private side file `orders.txt`), never sent to anyone. The answers
//! they give are ordinary signed commands (see journal/src/auto.rs).

use super::GameArgs;
use crate::failure::{Failure, Result};
use serde_json::json;
use std::path::PathBuf;

pub const ORDERS_FILE: &str = "orders.txt";
const MAX_ORDERS_BYTES: usize = 16 * 1024;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Replace the standing orders with those of this file (`-`: standard input).
    #[arg(long, conflicts_with_all = ["clear", "add"])]
    set: Option<PathBuf>,
    /// Add one order (e.g. `--add "losses cheapest keep fr-g"`).
    #[arg(long, conflicts_with = "clear")]
    add: Vec<String>,
    /// Drop every standing order.
    #[arg(long)]
    clear: bool,
}

/// The standing orders of a game, if any.
pub fn read(game: &grognard_journal::game::Game) -> Result<Option<String>> {
    match game.store().read_side(ORDERS_FILE)? {
        None => Ok(None),
        Some(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
            Failure::new("orders", format!("{ORDERS_FILE} is not UTF-8 text; run `grognard orders --clear`"))
        }),
    }
}

fn read_input(path: &std::path::Path) -> Result<String> {
    let bytes = if path.as_os_str() == "-" {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::io::stdin()
            .take(MAX_ORDERS_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::new("file", format!("cannot read standard input: {e}")))?;
        if bytes.len() > MAX_ORDERS_BYTES {
            return Err(Failure::new("too-large", format!("standing orders are limited to {MAX_ORDERS_BYTES} bytes")));
        }
        bytes
    } else {
        super::read_file_limited(path, MAX_ORDERS_BYTES)?
    };
    String::from_utf8(bytes).map_err(|_| Failure::new("orders", "standing orders must be UTF-8 text"))
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let changing = args.set.is_some() || args.clear || !args.add.is_empty();
    let local = if changing { args.game.open_to_write()? } else { args.game.open()? };
    let game = &local.game;
    let current = read(game)?;
    let next = if args.clear {
        Some(String::new())
    } else if let Some(path) = &args.set {
        Some(read_input(path)?)
    } else if !args.add.is_empty() {
        let mut text = current.clone().unwrap_or_default();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        for order in &args.add {
            text.push_str(order.trim());
            text.push('\n');
        }
        Some(text)
    } else {
        None
    };
    let shown = match next {
        Some(text) => {
            // Checked against the game before it is kept: a mistake shows now, not mid-battle.
            game.replay.ruleset.check_orders(&game.replay.state, &text).map_err(|e| {
                Failure::from(grognard_journal::game::GameError::Rule(e))
                    .hint("orders are `losses cheapest [keep UNITS]`, `retreat toward HEX|PLACE`, `advance all|none`, `remove cheapest [keep UNITS]`, `overstack strongest|cheapest`, `place nearest HEX|PLACE`")
            })?;
            if text.trim().is_empty() {
                game.store().remove_side(ORDERS_FILE)?;
            } else {
                game.store().write_private(ORDERS_FILE, text.as_bytes())?;
            }
            text
        }
        None => current.unwrap_or_default(),
    };
    let orders: Vec<&str> = shown.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    super::emit(json, json!({"ok": true, "game": game.replay.game.to_hex(), "orders": orders}), || {
        if orders.is_empty() {
            format!(
                "Game {}: no standing orders; decisions wait for you.\n(`grognard orders --add \"losses cheapest\"` to give one)",
                game.replay.game.short()
            )
        } else {
            format!(
                "Game {}: standing orders (kept on this machine, never sent):\n{}",
                game.replay.game.short(),
                orders.iter().map(|o| format!("  {o}\n")).collect::<String>()
            )
        }
    })
}
