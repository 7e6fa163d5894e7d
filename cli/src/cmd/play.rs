use super::GameArgs;
use crate::failure::{Failure, Result};
use grognard_journal::local::{self, DoOutcome};
use serde_json::json;

#[derive(clap::Args)]
pub struct DoArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The command, as `grognard moves` shows it (e.g. `fire 1`).
    #[arg(required = true, num_args = 1..)]
    command: Vec<String>,
}

#[derive(clap::Args)]
pub struct UndoArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Drop every staged command, not only the last.
    #[arg(long)]
    all: bool,
}

pub fn run_do(args: DoArgs, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    let key = local.unlock()?;
    let text = args.command.join(" ");
    let (command, outcome) = local::do_completed(&mut local.game, local.me, &key, &text).map_err(|e| match e {
        // A file that could not be written is no matter of the rules.
        grognard_journal::game::GameError::Store(_) => Failure::from(e),
        e => Failure::from(e).hint("`grognard moves` lists the legal commands"),
    })?;
    let game = &local.game;
    let r = &game.replay;
    // The command as completed by the ruleset (a move to a destination becomes its path).
    let typed = text;
    let text = r.ruleset.format_command(&command);
    if r.ruleset.parse_command(&typed).ok().as_ref() != Some(&command) && !json {
        crate::output::line(&format!("`{typed}` is `{text}`"))?;
    }
    match outcome {
        DoOutcome::Staged { events } => {
            let texts: Vec<&str> = events.iter().map(|e| e.text.as_str()).collect();
            super::emit(json, json!({"ok": true, "outcome": "staged", "command": text, "events": events}), || {
                format!("Staged `{text}` (not sent; `grognard undo` takes it back).\n{}", texts.join("\n"))
            })?;
        }
        DoOutcome::Signed { ids } => {
            let item = r.log.iter().rev().find(|i| ids.last() == Some(&i.entry.id));
            let waiting = local::waiting_sentence(game);
            let events: Vec<String> =
                item.map(|i| i.events.iter().map(|e| e.text.clone()).collect()).unwrap_or_default();
            super::emit(
                json,
                json!({"ok": true, "outcome": "signed", "command": text, "entries": ids.iter().map(|i| i.to_hex()).collect::<Vec<_>>(),
                       "rolls": item.map(|i| i.rolls.clone()), "events": events, "waiting": waiting}),
                || {
                    let mut t = format!("Signed `{text}`: it rolls dice, so it cannot be taken back.\n");
                    if events.is_empty() {
                        t.push_str(&format!(
                            "Its dice are not known yet: {waiting}.\nRun `grognard send` and wait for the reply.\n"
                        ));
                    } else {
                        t.push_str(&events.join("\n"));
                    }
                    t
                },
            )?;
        }
        DoOutcome::Sealed { step, id } => {
            let shown = crate::output::one_line(&step);
            super::emit(json, json!({"ok": true, "outcome": "sealed", "step": step, "entry": id.to_hex()}), || {
                format!(
                    "Sealed your choice `{text}` for `{shown}`: only its commitment is in the journal.\nRun `grognard send`; it is opened once everyone has sealed."
                )
            })?;
        }
    }
    Ok(())
}

pub fn run_undo(args: UndoArgs, json: bool) -> Result<()> {
    let local = args.game.open_to_write()?;
    let dropped = local::undo(&local.game, args.all)?;
    let r = &local.game.replay;
    let texts: Vec<String> = dropped.iter().map(|c| r.ruleset.format_command(c)).collect();
    super::emit(json, json!({"ok": true, "dropped": texts}), || {
        if texts.is_empty() {
            "Nothing staged to undo (commands that rolled dice are signed and stay).".into()
        } else {
            format!("Dropped: {}", texts.join("; "))
        }
    })
}
