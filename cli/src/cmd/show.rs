//! `grognard show`: a picture of the board (PNG and/or SVG) of a local game, of a game as it
//! stood after its first N logged steps, or of a scenario's opening without any game, on a
//! hex map or an area map (the renderer the view's kind picks, `crate::picture`).

use crate::failure::{Failure, Result};
use crate::picture::{self, Choices};
use crate::{registry, seat};
use grognard_engine::{AnyRuleset, GameState, Seats, Setup, View, ViewKind, Viewer};
use grognard_journal::local;
use grognard_journal::replay::Replay;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Players seated when a scenario is drawn without a game.
const PLACEHOLDER_PLAYERS: usize = 2;

#[derive(clap::Args)]
pub struct Args {
    /// The game (a prefix of its id), or a journal file; may be left out when there is only
    /// one game.
    #[arg(conflicts_with = "scenario")]
    game: Option<String>,
    /// The game, as every command names it (the same as the positional GAME).
    #[arg(long = "game", id = "game_flag", value_name = "GAME", conflicts_with_all = ["scenario", "game"])]
    game_flag: Option<String>,
    /// Draw a scenario's opening position instead of a game (e.g. `--scenario ec`).
    #[arg(long)]
    scenario: Option<String>,
    /// The ruleset of `--scenario` (default: the only one that has that scenario).
    #[arg(long, requires = "scenario")]
    ruleset: Option<String>,
    /// Write the picture to this file, PNG or SVG by its extension (`.png`, `.svg`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["png", "svg"])]
    out: Option<PathBuf>,
    /// Write the picture as PNG to this file (the default is `<game or scenario>-board.png`).
    #[arg(long)]
    png: Option<PathBuf>,
    /// Write the picture as SVG to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Draw only the part of the map around this place (a close-up): a hex on a hex map
    /// (`--around 1833`), a land area or sea zone by its id on an area map (`--around paris`).
    #[arg(long, value_name = "PLACE")]
    around: Option<String>,
    /// How far around `--around` to draw: hexes on a hex map (default 6), steps from area to
    /// area on an area map (default 2).
    #[arg(long, requires = "around")]
    radius: Option<u32>,
    /// Leave out the arrows of the last moves and the battles.
    #[arg(long)]
    no_highlight: bool,
    /// Leave out the hex numbers (hex maps only).
    #[arg(long)]
    no_hex_numbers: bool,
    /// Print the unit ids (as commands name the units) on the counters instead of their labels.
    #[arg(long)]
    ids: bool,
    /// Size of the picture (1.0: hexes 64 pixels wide on a hex map; 0.25 to 4).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Draw the board as it stood after the first N steps of `grognard log`.
    #[arg(long, value_name = "N", conflicts_with = "scenario")]
    at: Option<usize>,
    /// Draw where these units can move this phase (the cheapest paths `grognard reach` lists)
    /// instead of the last moves and battles.
    #[arg(long, value_name = "UNIT", num_args = 1.., conflicts_with_all = ["scenario", "at"])]
    reach: Vec<String>,
}

/// The board to draw and what it is, for the messages.
struct Board {
    view: View,
    /// A name for the default file: the short game id or the scenario id.
    stem: String,
    /// What the picture shows, in words.
    what: String,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let choices = choices(&args);
    let (png_arg, svg_arg) = match &args.out {
        Some(out) => match out.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("png") => (Some(out.clone()), None),
            Some("svg") => (None, Some(out.clone())),
            _ => {
                return Err(Failure::usage(format!(
                    "--out {}: the picture's format comes from the file's extension, .png or .svg",
                    out.display()
                ))
                .hint("e.g. --out board.png, or --png FILE / --svg FILE"))
            }
        },
        None => (args.png.clone(), args.svg.clone()),
    };
    let board = match &args.scenario {
        Some(scenario) => scenario_board(scenario, args.ruleset.as_deref())?,
        None => game_board(args.game.as_deref().or(args.game_flag.as_deref()), args.at, &args.reach)?,
    };
    let png_path = match (&png_arg, &svg_arg) {
        (None, None) => Some(PathBuf::from(format!("{}-board.png", board.stem))),
        (png, _) => png.clone(),
    };
    let title = picture::title(&board.view)?;
    let written = write_pictures(&board.view, &choices, png_path.as_deref(), svg_arg.as_deref())?;
    let value = json!({"ok": true, "shows": board.what, "title": title, "written": written});
    super::emit(json, value, || {
        let files: Vec<String> =
            written.iter().map(|w| format!("{} ({} bytes)", w["file"].as_str().unwrap_or("?"), w["bytes"])).collect();
        format!("{}\nWrote {}.", board.what, files.join(" and "))
    })?;
    Ok(())
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Draw `view` once and write it as PNG to `png` and as SVG to `svg` (each when given),
/// after checking that neither replaces anything but a picture; what was written, for the
/// report.
fn write_pictures(view: &View, choices: &Choices, png: Option<&Path>, svg: Option<&Path>) -> Result<Vec<Value>> {
    check_replaceable(png, PNG_SIGNATURE, "a picture of that format")?;
    check_replaceable(svg, b"<", "a picture of that format")?;
    let drawn = picture::svg(view, choices)?;
    let mut written = Vec::new();
    if let Some(path) = png {
        let bytes = picture::png_from_svg(&drawn)?;
        write_picture(path, &bytes)?;
        written.push(json!({"format": "png", "file": path, "bytes": bytes.len()}));
    }
    if let Some(path) = svg {
        write_picture(path, drawn.as_bytes())?;
        written.push(json!({"format": "svg", "file": path, "bytes": drawn.len()}));
    }
    Ok(written)
}

/// A picture is drawn again at will, so an earlier picture is replaced; anything else in
/// its place (a file that does not start as a picture of that format does) is refused.
/// Refuse to replace a file unless it starts like one of ours (`magic`; `<`: any markup),
/// `what` in words.
pub fn check_replaceable(path: Option<&std::path::Path>, magic: &[u8], what: &str) -> Result<()> {
    let Some(path) = path else { return Ok(()) };
    if path.is_dir() {
        return Err(Failure::usage(format!("{} is a directory", path.display())).hint("name a file with --out FILE"));
    }
    if !path.exists() {
        return Ok(());
    }
    let head = std::fs::File::open(path).and_then(|f| {
        use std::io::Read;
        let mut h = Vec::new();
        f.take(64).read_to_end(&mut h).map(|_| h)
    });
    let looks_like = match head {
        Ok(h) if magic == b"<" => h.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<'),
        Ok(h) => h.starts_with(magic),
        Err(_) => false,
    };
    if looks_like {
        Ok(())
    } else {
        Err(Failure::usage(format!(
            "{} already exists and is not {what}; grognard replaces only its own files",
            path.display()
        ))
        .hint("choose another name with --out FILE"))
    }
}

/// Write a picture whole or not at all: a temporary file beside it, then a rename.
pub fn write_picture(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    grognard_journal::store::write_file_atomic(path, bytes, 0o644)
        .map_err(|e| Failure::new("file", format!("cannot write {}: {e}", path.display())))
}

/// The choices of the command line, for a picture of either kind of map.
fn choices(args: &Args) -> Choices {
    Choices {
        around: args.around.clone().map(|place| (place, args.radius)),
        highlights: !args.no_highlight,
        hex_numbers: !args.no_hex_numbers,
        scale: args.scale,
        ids: args.ids,
    }
}

fn no_view(ruleset: &dyn AnyRuleset) -> Failure {
    let info = ruleset.info();
    Failure::new("no-picture", format!("the ruleset {} ({}) has no picture of its board", info.id, info.name))
        .hint("`grognard status` describes the position in words")
}

/// The board `viewer` sees, if the ruleset has a picture of it.
pub fn view_of(ruleset: &dyn AnyRuleset, state: &GameState, viewer: Viewer) -> Result<View> {
    ruleset.view(state, viewer).ok_or_else(|| no_view(ruleset))
}

/// `view` with the paths `show --reach` draws instead of its highlights: hex paths, so
/// only on a hex map.
fn with_reach(view: &View, ruleset: &dyn AnyRuleset, state: &GameState, reach: &[String]) -> Result<View> {
    if view.kind != ViewKind::Hex {
        return Err(Failure::usage(format!(
            "--reach draws the paths of hexes a unit can take, and this game is played on {}",
            picture::kind(view.kind)
        ))
        .hint("leave out --reach; `grognard moves` lists the legal moves"));
    }
    let mut board = picture::hex_board(view)?.clone();
    board.highlights = super::aids::reach_highlights(ruleset, state, reach)?;
    Ok(View::new(ViewKind::Hex, board))
}

/// The current board of a local game (with the staged commands, as `grognard status`
/// shows it), or the board after the first `at` logged steps.
fn game_board(selector: Option<&str>, at: Option<usize>, reach: &[String]) -> Result<Board> {
    if let Some(path) = selector.filter(|s| std::path::Path::new(s).is_file()) {
        return file_board(path, at);
    }
    let home = seat::home()?;
    let local = seat::open(&seat::select(&home, selector)?, grognard_journal::store::LockMode::Shared)?;
    let game = &local.game;
    let ruleset = game.replay.ruleset;
    let short: String = game.replay.game.to_hex().chars().take(8).collect();
    let (state, what) = match at {
        None => {
            let staged = local::staged(game)?;
            let (state, _) = local::preview(game, local.me, &staged)?;
            let what = if staged.commands.is_empty() {
                format!("Game {short}: the board now.")
            } else {
                format!("Game {short}: the board now, with your {} staged commands.", staged.commands.len())
            };
            (state, what)
        }
        Some(n) => {
            let steps = game.replay.log.len();
            if n == 0 || n > steps {
                return Err(Failure::usage(format!("--at {n}: the game's log has {steps} steps, so 1 to {steps}"))
                    .hint("`grognard log` numbers the steps"));
            }
            let mut replay =
                Replay::start(ruleset, game.genesis()).map_err(|e| Failure::new("journal", e.to_string()))?;
            // What the local player knows of concealed commands, as in their own replay.
            replay.knowledge = game.replay.knowledge.clone();
            for entry in game.entries.iter().skip(1) {
                if replay.log.len() >= n {
                    break;
                }
                replay.apply(entry).map_err(|e| Failure::new("journal", e.to_string()))?;
            }
            let last = replay.log.get(n - 1).map(|item| item.text.clone()).unwrap_or_default();
            (replay.state, format!("Game {short}: the board after step {n} of {steps} ({last})."))
        }
    };
    let view = view_of(ruleset, &state, Viewer::Player(local.me))?;
    if !reach.is_empty() {
        let view = with_reach(&view, ruleset, &state, reach)?;
        return Ok(Board { view, stem: short, what: format!("{what} Where {} can move.", reach.join(",")) });
    }
    Ok(Board { view, stem: short, what })
}

/// The board of a journal file (verified first), as everyone sees it: at its end, or after
/// its first `at` steps.
fn file_board(path: &str, at: Option<usize>) -> Result<Board> {
    let m = crate::replayed::load(Some(path), crate::replayed::For::Everyone)?;
    let steps = m.last();
    let n = match at {
        None => steps,
        Some(n) if n == 0 || n > steps => {
            return Err(Failure::usage(format!("--at {n}: the journal's log has {steps} steps, so 1 to {steps}"))
                .hint("`grognard replay FILE` numbers the steps"))
        }
        Some(n) => n,
    };
    let replay = m.replay_to(n)?;
    let view = view_of(m.ruleset, &replay.state, Viewer::Everyone)?;
    let what = if n == steps {
        format!("Game {} (journal {path}): the board at the end of the journal, as everyone sees it.", m.short)
    } else {
        format!("Game {} (journal {path}): the board after step {n} of {steps}, as everyone sees it.", m.short)
    };
    Ok(Board { view, stem: m.short.clone(), what })
}

/// A scenario's opening position, set up for placeholder players.
/// The ruleset of `scenario`: `ruleset` when given, else the only one that has it.
pub fn ruleset_of_scenario(scenario: &str, ruleset: Option<&str>) -> Result<&'static dyn AnyRuleset> {
    Ok(match ruleset {
        Some(id) => registry::find(id).ok_or_else(|| {
            Failure::new("unknown-ruleset", format!("there is no ruleset `{id}`")).hint("see `grognard scenarios`")
        })?,
        None => {
            let having: Vec<&dyn AnyRuleset> =
                registry::all().into_iter().filter(|r| r.scenarios().iter().any(|s| s.id == scenario)).collect();
            match having.as_slice() {
                [one] => *one,
                [] => {
                    return Err(Failure::new("unknown-scenario", format!("no ruleset has a scenario `{scenario}`"))
                        .hint("see `grognard scenarios`"))
                }
                _ => {
                    let ids: Vec<String> = having.iter().map(|r| r.info().id).collect();
                    return Err(Failure::usage(format!(
                        "several rulesets have a scenario `{scenario}`: {}; choose one with --ruleset",
                        ids.join(", ")
                    )));
                }
            }
        }
    })
}

fn scenario_board(scenario: &str, ruleset: Option<&str>) -> Result<Board> {
    let ruleset = ruleset_of_scenario(scenario, ruleset)?;
    let info = ruleset.scenarios().into_iter().find(|s| s.id == scenario).ok_or_else(|| {
        Failure::new("unknown-scenario", format!("the ruleset {} has no scenario `{scenario}`", ruleset.info().id))
            .hint("see `grognard scenarios`")
    })?;
    let players = PLACEHOLDER_PLAYERS.clamp(info.min_players.max(1), info.max_players.max(1));
    let seats = Seats::round_robin(&info.powers, players).map_err(|e| Failure::new("scenario", e.to_string()))?;
    let state =
        ruleset.setup(&Setup::scenario(scenario), &seats).map_err(|e| Failure::new("scenario", e.to_string()))?;
    let what = format!("Scenario {scenario} of {}: the opening position ({}).", ruleset.info().id, info.name);
    Ok(Board { view: view_of(ruleset, &state, Viewer::Everyone)?, stem: scenario.to_string(), what })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::testing::area_view;

    #[test]
    fn show_writes_an_area_map_as_png_and_svg_and_refuses_what_does_not_fit_it() {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let (png, svg) = (tmp.path().join("board.png"), tmp.path().join("board.svg"));
        let written = write_pictures(&area_view(), &Choices::default(), Some(&png), Some(&svg))
            .unwrap_or_else(|f| panic!("{}", f.message));
        let formats: Vec<&str> = written.iter().filter_map(|w| w["format"].as_str()).collect();
        assert_eq!(formats, ["png", "svg"]);
        assert!(std::fs::read(&png).unwrap_or_default().starts_with(PNG_SIGNATURE));
        let drawn = std::fs::read_to_string(&svg).unwrap_or_default();
        assert!(drawn.starts_with("<svg") && drawn.contains("Why Woods"));
        // drawn again, the pictures are replaced; a close-up around a land area
        let close = Choices { around: Some(("x".into(), Some(1))), ..Choices::default() };
        write_pictures(&area_view(), &close, None, Some(&svg)).unwrap_or_else(|f| panic!("{}", f.message));
        assert!(std::fs::read_to_string(&svg).unwrap_or_default().contains("within 1 step of Ex Plain"));
        // a hex on an area map: a usage error in words of areas, nothing written
        let other = tmp.path().join("other.png");
        let hex = Choices { around: Some(("1833".into(), None)), ..Choices::default() };
        let failure = write_pictures(&area_view(), &hex, Some(&other), None).err();
        let failure = failure.unwrap_or_else(|| panic!("a hex on an area map is refused"));
        assert!(failure.usage && failure.message.contains("land area or sea zone 1833"), "{}", failure.message);
        assert!(!other.exists());
        // never replaces a file that is not a picture
        std::fs::write(&other, b"mine").unwrap_or_else(|e| panic!("{e}"));
        assert!(write_pictures(&area_view(), &Choices::default(), Some(&other), None).is_err());
        assert_eq!(std::fs::read(&other).unwrap_or_default(), b"mine");
    }
}
