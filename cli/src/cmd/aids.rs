//! The play aids, read-only: `grognard hex HHHH`, `units [SIDE]`, `reach UNIT...`,
//! `odds ATTACKERS HEX`, `charts` (the ruleset answers, `Ruleset::aid`), `moves` (every
//! legal command, grouped by unit and kind) and the reach drawn by `show --reach`. Each
//! works on the board as `grognard status` shows it: the journal plus the staged commands.

use super::GameArgs;
use crate::failure::{Failure, Result};
use crate::seat::LocalGame;
use grognard_board::{HexId, Highlight};
use grognard_engine::{AidQuery, AnyRuleset, GameState, Pending, Viewer};
use grognard_journal::game::GameError;
use grognard_journal::local;
use grognard_journal::replay::Owed;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(clap::Args)]
pub struct HexArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The hex, as the map numbers it (e.g. `1127`).
    hex: String,
}

#[derive(clap::Args)]
pub struct UnitsArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Only this side (its id, e.g. `french`); both sides when left out.
    side: Option<String>,
}

#[derive(clap::Args)]
pub struct ReachArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The units moving together (ids, separated by spaces or commas).
    #[arg(required = true, num_args = 1..)]
    units: Vec<String>,
}

#[derive(clap::Args)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Only the commands that name these units or hexes (separated by spaces or commas),
    /// all of them; without any, every command, long lists shortened in text.
    units: Vec<String>,
}

#[derive(clap::Args)]
pub struct OddsArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The attacking units (and supporting fleets), then the hex attacked, e.g.
    /// `fr-1-1,fr-1-2 1228`.
    #[arg(required = true, num_args = 2.., value_name = "ATTACKERS... HEX")]
    words: Vec<String>,
}

/// The state as `grognard status` shows it (the staged commands applied) and the game.
fn board(args: &GameArgs) -> Result<(LocalGame, GameState)> {
    let local = args.open()?;
    let staged = local::staged(&local.game)?;
    let (state, _) = local::preview(&local.game, local.me, &staged)?;
    Ok((local, state))
}

/// Ask the ruleset; a refusal is a rule's, with its number.
fn ask(ruleset: &dyn AnyRuleset, state: &GameState, query: &AidQuery) -> Result<grognard_engine::AidAnswer> {
    ruleset.aid(state, query).map_err(|e| {
        Failure::from(GameError::Rule(e))
            .hint(format!("`grognard {}` changes nothing; see `grognard status`", query.name()))
    })
}

fn run_aid(game: &GameArgs, query: AidQuery, json: bool) -> Result<()> {
    let (local, state) = board(game)?;
    let answer = ask(local.game.replay.ruleset, &state, &query)?;
    let mut value = answer.json;
    if let Some(o) = value.as_object_mut() {
        o.insert("ok".into(), Value::Bool(true));
    }
    super::emit(json, value, || answer.text)
}

pub fn hex(args: HexArgs, json: bool) -> Result<()> {
    run_aid(&args.game, AidQuery::Hex { hex: args.hex }, json)
}

pub fn units(args: UnitsArgs, json: bool) -> Result<()> {
    run_aid(&args.game, AidQuery::Units { side: args.side }, json)
}

pub fn reach(args: ReachArgs, json: bool) -> Result<()> {
    run_aid(&args.game, AidQuery::Reach { units: args.units }, json)
}

pub fn odds(args: OddsArgs, json: bool) -> Result<()> {
    let mut words = args.words;
    let hex = words.pop().ok_or_else(|| Failure::usage("name the attackers and the hex attacked"))?;
    run_aid(&args.game, AidQuery::Odds { attackers: words, hex }, json)
}

pub fn charts(args: GameArgs, json: bool) -> Result<()> {
    run_aid(&args, AidQuery::Charts, json)
}

/// What a command is about, from its JSON form: the hex it attacks (`defender`: the many
/// groups that may attack one hex read best together), else the units it names (`units`,
/// `unit`, `attackers`, `fleet`, `division`), else nothing.
fn subject(command: &Value) -> String {
    let inner = match command {
        Value::Object(o) if o.len() == 1 => o.values().next().unwrap_or(command),
        _ => command,
    };
    for key in ["defender", "units", "unit", "attackers", "fleet", "division"] {
        match inner.get(key) {
            Some(Value::String(s)) => return s.clone(),
            Some(Value::Array(a)) if !a.is_empty() => {
                return a
                    .iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(",")
            }
            _ => {}
        }
    }
    String::new()
}

/// What kind of command it is: its JSON tag, or else its first word.
fn kind(command: &Value, text: &str) -> String {
    match command {
        Value::Object(o) if o.len() == 1 => o.keys().next().cloned().unwrap_or_default(),
        Value::String(s) => s.clone(),
        _ => text.split_whitespace().next().unwrap_or_default().to_string(),
    }
}

/// In text, a kind with more commands than this shows this many and the count of the rest.
const SHOWN_PER_KIND: usize = 6;

/// `grognard moves [UNIT]...`: every legal command now, grouped by unit, then by kind, with
/// a count; `--json` always lists every command.
pub fn moves(args: MovesArgs, json: bool) -> Result<()> {
    let wanted: Vec<String> = args
        .units
        .iter()
        .flat_map(|w| w.split(','))
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let local = args.game.open()?;
    let game = &local.game;
    let r = &game.replay;
    let staged = local::staged(game)?;
    let (state, _) = local::preview(game, local.me, &staged)?;
    let mine: Vec<Owed> = r.owed().into_iter().filter(|(p, _)| *p == local.me).map(|(_, o)| o).collect();
    let can_decide = mine.iter().any(|o| matches!(o, Owed::Decide(_) | Owed::Seal { .. }));
    // The prompt as the player may see it; the legal commands are the player's own.
    let pending = r.ruleset.pending(&r.ruleset.player_view(&state, Viewer::Player(local.me)));
    let legal: Vec<Value> = if can_decide || !staged.commands.is_empty() && pending.players().contains(&local.me) {
        r.ruleset.legal_commands(&state, local.me)
    } else {
        Vec::new()
    };
    // With units or hexes named: the commands that name one of them.
    let names = |text: &str| {
        text.split(|ch: char| ch.is_whitespace() || ch == ',' || ch == ';').any(|word| wanted.iter().any(|w| w == word))
    };
    let (legal, texts): (Vec<Value>, Vec<String>) = legal
        .into_iter()
        .map(|c| {
            let text = r.ruleset.format_command(&c);
            (c, text)
        })
        .filter(|(_, text)| wanted.is_empty() || names(text))
        .unzip();
    let mut groups: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for (c, t) in legal.iter().zip(&texts) {
        groups.entry(subject(c)).or_default().entry(kind(c, t)).or_default().push(t.clone());
    }
    let sealed = matches!(pending, Pending::Sealed { .. });
    let group_json: Vec<Value> = groups
        .iter()
        .map(|(unit, kinds)| {
            json!({"unit": unit, "count": kinds.values().map(Vec::len).sum::<usize>(),
                   "kinds": kinds.iter().map(|(k, list)| json!({"kind": k, "count": list.len(), "commands": list})).collect::<Vec<_>>()})
        })
        .collect();
    let value = json!({"ok": true, "pending": pending, "count": texts.len(), "moves": texts, "groups": group_json,
                       "sealed": sealed});
    super::emit(json, value, || {
        if texts.is_empty() && !wanted.is_empty() && (can_decide || !staged.commands.is_empty()) {
            return format!("No legal command names {} now: {}", wanted.join(", "), pending.prompt());
        }
        if texts.is_empty() {
            return format!("No move for you now: {}", local::waiting_sentence(game));
        }
        let mut t = format!(
            "{}{}\n{} legal command(s):\n",
            pending.prompt(),
            if sealed { " (sealed: nobody sees it before all have chosen)" } else { "" },
            texts.len()
        );
        // Commands about units first, then the others (`end`, `roll`...).
        let ordered = groups.iter().filter(|(u, _)| !u.is_empty()).chain(groups.iter().filter(|(u, _)| u.is_empty()));
        for (unit, kinds) in ordered {
            let n: usize = kinds.values().map(Vec::len).sum();
            t.push_str(&format!("{} ({n}):\n", if unit.is_empty() { "other" } else { unit }));
            for (k, list) in kinds {
                let shown = if wanted.is_empty() { SHOWN_PER_KIND } else { list.len() };
                if list.len() > shown && !unit.is_empty() && ["move", "river", "sail", "fleet"].contains(&k.as_str()) {
                    // Many moves: their destinations (each command's last word), then how to
                    // see them all or move by destination.
                    let mut ends: Vec<&str> = list.iter().filter_map(|m| m.split_whitespace().last()).collect();
                    ends.sort_unstable();
                    ends.dedup();
                    t.push_str(&format!("  {k} ({}) to:\n", list.len()));
                    for line in ends.chunks(14) {
                        t.push_str(&format!("    {}\n", line.join(" ")));
                    }
                    t.push_str(&format!(
                        "    (`grognard moves {unit}` lists each command; `grognard do {k} {unit} HEX` goes there{})\n",
                        if k == "move" { " by the cheapest path" } else { "" }
                    ));
                    continue;
                }
                t.push_str(&format!("  {k} ({}):\n", list.len()));
                for m in list.iter().take(shown) {
                    t.push_str(&format!("    grognard do {m}\n"));
                }
                if list.len() > shown {
                    t.push_str(&format!(
                        "    ... and {} more (`grognard moves {}` lists them all)\n",
                        list.len() - shown,
                        if unit.is_empty() { "--json" } else { unit },
                    ));
                }
            }
        }
        t
    })?;
    Ok(())
}

/// The highlights `show --reach` draws: the cheapest path to every reachable hex (only the
/// paths that no longer one continues, so each hex is drawn once or a few times).
pub fn reach_highlights(ruleset: &dyn AnyRuleset, state: &GameState, units: &[String]) -> Result<Vec<Highlight>> {
    let answer = ask(ruleset, state, &AidQuery::Reach { units: units.to_vec() })?;
    let side = answer.json["side_index"].as_u64().unwrap_or(0) as usize;
    let from: Option<HexId> = answer.json["from_hex"].as_str().and_then(|h| HexId::parse(h).ok());
    let paths: Vec<Vec<HexId>> = answer.json["hexes"]
        .as_array()
        .map(|list| list.iter().filter_map(|h| serde_json::from_value::<Vec<HexId>>(h["path"].clone()).ok()).collect())
        .unwrap_or_default();
    let leaves = paths.iter().filter(|p| !paths.iter().any(|q| q.len() > p.len() && q.starts_with(p)));
    Ok(leaves.map(|p| Highlight::Path { hexes: from.into_iter().chain(p.iter().copied()).collect(), side }).collect())
}
