//! `grognard replay`: step through a match in the terminal, entry by entry, player turn by
//! player turn, or to a game turn; each step with its events, every die with the values
//! that produced it, and the picture of the board after it (for rulesets with a map).
//!
//! Commands are read line by line from standard input (`n`, `p`, `N`, `P`, `t K`, `g K`,
//! `q`, `?`); `--step K` shows one step and stops. A local game is replayed with what its
//! player knows (their own concealed commands whole); a journal file with what it shows.

use crate::failure::{Failure, Result};
use crate::output::{self, one_line};
use crate::picture::Choices;
use crate::replayed::{self, Match};
use serde_json::json;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The longest command line read from standard input.
const MAX_LINE_BYTES: u64 = 1024;
/// The most commands one session reads (a file of commands piped in ends well before).
const MAX_COMMANDS: usize = 100_000;

#[derive(clap::Args)]
pub struct Args {
    /// A local game (a prefix of its id) or a journal file; the only local game when left out.
    target: Option<String>,
    /// Show this step (1 is the first after the game's creation) and stop.
    #[arg(long, value_name = "K")]
    step: Option<usize>,
    /// Write the picture of the board after each step shown into this directory (default:
    /// `replay-<game>`), for rulesets with a map.
    #[arg(long, value_name = "DIR", conflicts_with = "no_pictures")]
    pictures: Option<PathBuf>,
    /// Draw no pictures.
    #[arg(long)]
    no_pictures: bool,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let m = replayed::load(args.target.as_deref(), replayed::For::Me)?;
    let last = m.log.len().saturating_sub(1);
    if last == 0 {
        return Err(Failure::new("empty", "the match has no step after its creation"));
    }
    let pictures = if args.no_pictures {
        None
    } else {
        Some(args.pictures.clone().unwrap_or_else(|| PathBuf::from(format!("replay-{}", m.short))))
    };
    if let Some(k) = args.step {
        if k == 0 || k > last {
            return Err(Failure::usage(format!("--step {k}: the match has steps 1 to {last}")));
        }
        return show(&m, k, pictures.as_deref(), json);
    }
    let mut at = 1;
    show(&m, at, pictures.as_deref(), json)?;
    if !json {
        output::line(HELP)?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    for _ in 0..MAX_COMMANDS {
        let mut line = String::new();
        let read = std::io::Read::take(&mut input, MAX_LINE_BYTES)
            .read_line(&mut line)
            .map_err(|e| Failure::new("input", format!("cannot read a command: {e}")))?;
        if read == 0 {
            return Ok(());
        }
        match step_for(&m, at, line.trim()) {
            Ok(Move::Quit) => return Ok(()),
            Ok(Move::To(k)) => {
                at = k;
                show(&m, at, pictures.as_deref(), json)?;
            }
            Ok(Move::Help) => output::line(HELP)?,
            Err(why) => output::line(&format!("{why}  ({HELP})"))?,
        }
    }
    Ok(())
}

const HELP: &str =
    "n next, p previous, N next player turn, P previous player turn, t K game turn K, g K step K, q quit";

enum Move {
    To(usize),
    Help,
    Quit,
}

/// Where a command typed at step `at` goes.
fn step_for(m: &Match, at: usize, command: &str) -> std::result::Result<Move, String> {
    let last = m.log.len() - 1;
    let number = |word: &str| word.trim().parse::<usize>().map_err(|_| format!("`{word}` is not a number"));
    let turn = |k: usize| m.made_in(k);
    match command.split_once(' ').map_or((command, ""), |(a, b)| (a, b)) {
        ("" | "n", "") if at < last => Ok(Move::To(at + 1)),
        ("" | "n", "") => Err(format!("step {at} is the last")),
        ("p", "") if at > 1 => Ok(Move::To(at - 1)),
        ("p", "") => Err("this is the first step".into()),
        ("N", "") => {
            let here = turn(at).map(|t| t.player_turn);
            (at + 1..=last)
                .find(|&k| turn(k).map(|t| t.player_turn) != here)
                .map(Move::To)
                .ok_or_else(|| "no later player turn".into())
        }
        ("P", "") => {
            // The start of this player turn, or of the one before when already there.
            let start_of = |k: usize| {
                let label = turn(k).map(|t| t.player_turn);
                (1..=k).rev().take_while(|&j| turn(j).map(|t| t.player_turn) == label).last().unwrap_or(k)
            };
            let start = start_of(at);
            if start < at {
                Ok(Move::To(start))
            } else if start > 1 {
                Ok(Move::To(start_of(start - 1)))
            } else {
                Err("no earlier player turn".into())
            }
        }
        ("t", k) => {
            let k = number(k)? as u32;
            (1..=last)
                .find(|&j| turn(j).is_some_and(|t| t.game_turn == k))
                .map(Move::To)
                .ok_or_else(|| format!("the match has no game turn {k}"))
        }
        ("g", k) => match number(k)? {
            k if (1..=last).contains(&k) => Ok(Move::To(k)),
            k => Err(format!("no step {k}: the match has steps 1 to {last}")),
        },
        ("q", "") => Ok(Move::Quit),
        ("?" | "h", "") => Ok(Move::Help),
        _ => Err(format!("`{}` is not a replay command", one_line(command))),
    }
}

/// Show step `k`: its line, events, dice, turn and picture.
fn show(m: &Match, k: usize, pictures: Option<&Path>, json: bool) -> Result<()> {
    let item = &m.log[k];
    let last = m.log.len() - 1;
    let turn = m.made_in(k);
    let dice = m.dice_of(k);
    let picture = match pictures {
        Some(dir) => picture(m, k, dir)?,
        None => None,
    };
    let value = json!({
        "step": k, "steps": last, "entry": {"author": item.entry.author, "seq": item.entry.seq,
        "id": item.entry.id.to_hex(), "kind": item.entry.kind}, "text": item.text, "events": item.events,
        "turn": turn, "dice": dice, "picture": picture,
    });
    if json {
        return output::json(&value);
    }
    let mut t = format!(
        "Step {k} of {last}{}: {}\n",
        turn.as_ref().map(|t| format!(" ({})", t.player_turn)).unwrap_or_default(),
        one_line(&item.text)
    );
    for e in &item.events {
        t.push_str(&format!("  {}\n", one_line(&e.text)));
    }
    if let Some(d) = &dice {
        let faces: Vec<String> = item.rolls.iter().map(|(s, f)| format!("d{s}={f}")).collect();
        t.push_str(&format!("  dice: {} ({})\n", faces.join(" "), item.dice.clone().unwrap_or_default()));
        if let Some(seed) = d["seed"].as_str() {
            t.push_str(&format!("    request {}\n", d["request"].as_str().unwrap_or_default()));
            for r in d["reveals"].as_array().into_iter().flatten() {
                t.push_str(&format!(
                    "    {} revealed {}\n",
                    one_line(r["name"].as_str().unwrap_or("?")),
                    r["value"].as_str().unwrap_or_default()
                ));
            }
            t.push_str(&format!("    seed {seed} (SHA-256 of the game, the request and the values)\n"));
        }
    }
    if let Some(p) = &picture {
        t.push_str(&format!("  board: {p}\n"));
    }
    output::line(t.trim_end())
}

/// The picture of the board after step `k`, written into `dir`, if the ruleset has one.
fn picture(m: &Match, k: usize, dir: &Path) -> Result<Option<String>> {
    let r = m.replay_to(k)?;
    write_step(m.board_svg(&r.state, &Choices::default())?, k, dir)
}

/// The picture of step `k` (`svg`, drawn by `Match::board_svg`) written into `dir` as PNG:
/// its path, or `None` when there is no picture.
fn write_step(svg: Option<String>, k: usize, dir: &Path) -> Result<Option<String>> {
    let Some(svg) = svg else { return Ok(None) };
    let png = crate::picture::png_from_svg(&svg)?;
    std::fs::create_dir_all(dir).map_err(|e| Failure::new("file", format!("cannot create {}: {e}", dir.display())))?;
    let path = dir.join(format!("step-{k:04}.png"));
    grognard_journal::store::write_file_atomic(&path, &png, 0o644)
        .map_err(|e| Failure::new("file", format!("cannot write {}: {e}", path.display())))?;
    Ok(Some(path.display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::testing::area_view;

    #[test]
    fn a_step_of_a_game_on_an_area_map_is_written_as_a_png() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let dir = tmp.path().join("replay-pictures");
        let svg =
            replayed::board_svg(Some(area_view()), &Choices::default()).unwrap_or_else(|f| panic!("{}", f.message));
        let path = write_step(svg, 3, &dir).unwrap_or_else(|f| panic!("{}", f.message)).unwrap_or_default();
        assert!(path.ends_with("step-0003.png"), "{path}");
        let bytes = std::fs::read(&path).unwrap_or_default();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
        assert!(matches!(write_step(None, 4, &dir), Ok(None)), "no map, no picture");
        assert!(!dir.join("step-0004.png").exists());
    }
}
