//! `grognard bot`: computer opponents. `bot list` names the bots of each ruleset; `bot run`
//! sits a bot in the seat of this home's identity in every game it plays: it imports the
//! packets and mail it is given (as `grognard autoreply`), makes every decision the seat owes
//! with the bot (`grognard_journal::bot_seat`, on the seat's own view), signs them with what
//! else is owed (dice reveals, openings) and mails the reply, or writes it as a packet file.
//! A human plays a bot by mail with fair dice this way: the bot's identity is an ordinary
//! one, and its moves are checked like anyone's.

use crate::answer::{deliver, Reply};
use crate::failure::{Failure, Result};
use crate::{registry, seat};
use grognard_journal::bot_seat;
use grognard_journal::store::LockMode;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: BotCommand,
}

#[derive(clap::Subcommand)]
enum BotCommand {
    /// The bots each ruleset has.
    List,
    /// Play this identity's seat in every game with a bot: read packets and mail, decide,
    /// reply.
    Run(RunArgs),
}

#[derive(clap::Args)]
struct RunArgs {
    /// The bot that plays (`grognard bot list`), e.g. `general`.
    #[arg(long)]
    bot: String,
    /// Packet files, mail messages (.eml), mboxes or Maildirs to import first (none: only
    /// play what is owed already).
    paths: Vec<PathBuf>,
    /// Also read the unseen messages of the IMAP mailbox configured for this identity.
    #[arg(long)]
    imap: bool,
    /// The identity whose IMAP settings to use (a name, email or slug).
    #[arg(long = "as")]
    identity: Option<String>,
    /// Write the replies as packet files into this directory instead of mailing them.
    #[arg(long)]
    reply_dir: Option<PathBuf>,
    /// Keep watching: read the sources again every this many seconds.
    #[arg(long)]
    watch: Option<u64>,
    /// With --watch, stop after this many rounds (default: never).
    #[arg(long)]
    rounds: Option<u64>,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    match args.command {
        BotCommand::List => list(json),
        BotCommand::Run(a) => run_bot(a, json),
    }
}

fn list(json: bool) -> Result<()> {
    let rulesets: Vec<Value> = registry::all()
        .iter()
        .map(|r| json!({"ruleset": r.info().id, "bots": r.bots().iter().map(|b| b.name()).collect::<Vec<_>>()}))
        .collect();
    super::emit(json, json!({"ok": true, "rulesets": rulesets}), || {
        let mut t = String::new();
        for r in &rulesets {
            let names: Vec<&str> = r["bots"].as_array().into_iter().flatten().filter_map(|b| b.as_str()).collect();
            t.push_str(&format!("{}: {}\n", r["ruleset"].as_str().unwrap_or("?"), names.join(", ")));
        }
        t
    })
}

fn run_bot(args: RunArgs, json: bool) -> Result<()> {
    if !registry::all().iter().any(|r| r.bot(&args.bot).is_some()) {
        return Err(
            Failure::usage(format!("no ruleset has a bot `{}`", args.bot)).hint("`grognard bot list` names them")
        );
    }
    let imap = if args.imap { Some(super::receive::imap_settings(args.identity.as_deref())?) } else { None };
    let reply = match &args.reply_dir {
        Some(dir) if !dir.is_dir() => {
            return Err(Failure::usage(format!("--reply-dir {}: not a directory", dir.display())))
        }
        Some(dir) => Reply::File(dir.clone()),
        None => Reply::Mail,
    };
    let mut round = 0u64;
    let mut refused = false;
    loop {
        round += 1;
        if !args.paths.is_empty() || imap.is_some() {
            let report = super::receive::receive_all(&args.paths, imap.as_ref())?;
            super::emit(json, report.json(), || report.text.clone())?;
            if !json {
                crate::output::error_text(&report.problems);
            }
            refused |= !report.refused.is_empty();
        }
        let (text, values, problems) = play_games(&args.bot, &reply)?;
        super::emit(json, json!({"ok": problems.is_empty(), "bot": args.bot, "played": values}), || text.clone())?;
        if !json {
            crate::output::error_text(&problems);
        }
        let Some(secs) = args.watch else { break };
        if args.rounds.is_some_and(|max| round >= max) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_secs(secs.max(1)));
    }
    if refused {
        Err(Failure::reported("refused"))
    } else {
        Ok(())
    }
}

/// Play every game of this home where the seat owes something; one game that cannot be
/// played never stops the others.
fn play_games(bot_name: &str, reply: &Reply) -> Result<(String, Vec<Value>, String)> {
    let home = seat::home()?;
    let (mut text, mut values, mut problems) = (String::new(), Vec::new(), String::new());
    for dir in seat::game_dirs(&home)? {
        let mut local = match seat::open(&dir, LockMode::Exclusive) {
            Ok(local) => local,
            Err(f) => {
                problems.push_str(&format!("grognard: skipping game {}: {}\n", seat::dir_name(&dir), f.message));
                continue;
            }
        };
        match play_game(&mut local, bot_name, reply) {
            Ok(Some((t, v))) => {
                text.push_str(&t);
                values.push(v);
            }
            Ok(None) => {}
            Err(f) => {
                let short = local.game.replay.game.short();
                problems.push_str(&format!("grognard: game {short}: not played: {}\n", f.message));
                values.push(json!({"game": local.game.replay.game.to_hex(), "error": f.code, "message": f.message}));
            }
        }
    }
    if values.is_empty() {
        text.push_str("Nothing to play: no game waits for this seat.\n");
    }
    Ok((text, values, problems))
}

fn play_game(local: &mut seat::LocalGame, bot_name: &str, reply: &Reply) -> Result<Option<(String, Value)>> {
    let game_id = local.game.replay.game;
    let ruleset = local.game.replay.ruleset;
    let owes = bot_seat::owes_decision(&local.game, local.me)
        || grognard_journal::local::owes_mechanical(&local.game, local.me)
        || !grognard_journal::local::staged(&local.game)?.commands.is_empty();
    if !owes || local.game.replay.over().is_some() && local.game.replay.unopened().is_empty() {
        return Ok(None);
    }
    let bot = ruleset.bot(bot_name).ok_or_else(|| {
        Failure::usage(format!("{} has no bot `{bot_name}`", ruleset.info().name))
            .hint("`grognard bot list` names them")
    })?;
    let key = local.unlock()?;
    let entries = local.game.entries.len();
    let seed = |k: usize| bot_seat::decision_seed(&game_id, entries, k);
    let made = bot_seat::decide(&mut local.game, local.me, &key, bot, &seed, &mut |_, _| Ok(()))?;
    let packet = grognard_journal::local::send(&mut local.game, local.me, &key)?;
    if packet.entries.is_empty() {
        return Ok(None);
    }
    packet
        .check_limits()
        .map_err(|e| Failure::new("packet", format!("the reply would be refused by its readers: {e}")))?;
    let sent = deliver(local, &packet, reply)?;
    let waiting = grognard_journal::local::waiting_sentence(&local.game);
    let lines: String = made.iter().map(|c| format!("  {c}\n")).collect();
    let text = format!(
        "Game {}: the bot `{bot_name}` played {} commands; {} entries: {sent}\n{lines}  Now: {waiting}\n",
        game_id.short(),
        made.len(),
        packet.entries.len()
    );
    let value = json!({"game": game_id.to_hex(), "commands": made, "entries": packet.entries.len(), "sent": sent, "waiting": waiting});
    Ok(Some((text, value)))
}
