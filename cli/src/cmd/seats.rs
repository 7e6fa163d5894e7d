//! Seats that change hands (docs/PROTOCOL.md section 13): `resign`, `handover` to a new key,
//! and `replace`, a vote to replace another seat's holder. The new holder joins with
//! `grognard join` from the whole journal these commands write for them.

use super::GameArgs;
use crate::failure::{Failure, Result};
use crate::seat::LocalGame;
use grognard_engine::PlayerId;
use grognard_journal::keys::PublicLine;
use grognard_journal::seat_change::Round;
use grognard_journal::seat_local::{self, NewHolder};
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ResignArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Confirm: a resignation cannot be taken back.
    #[arg(long)]
    yes: bool,
}

#[derive(clap::Args)]
pub struct HandoverArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The new holder's public key line, or a file holding it (`grognard whoami` prints it).
    #[arg(long)]
    to: String,
    /// Where to write the whole journal for the new holder (default:
    /// ./<game>-seat<N>-<new holder>.grog; the seat file goes beside it, `.hidden.json`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Confirm: your key signs nothing more in this game once the seat is handed over.
    #[arg(long)]
    yes: bool,
}

#[derive(clap::Args)]
pub struct ReplaceArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The seat whose holder is replaced: its number, its holder's name, or a power it runs.
    #[arg(long)]
    seat: String,
    /// The new holder's public key line, or a file holding it (a bot's key may serve).
    #[arg(long = "with")]
    with: String,
    /// Where to write the whole journal for the new holder once the votes are complete
    /// (default: ./<game>-seat<N>-<new holder>.grog).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct SecondArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The seat: its number, its holder's name, or a power it runs (your own seat too).
    #[arg(long)]
    seat: String,
    /// The second's public key line, or a file holding it (a bot's key may serve).
    #[arg(long)]
    key: String,
    /// How long the seat may hold the game, by each player's own clock, before the players'
    /// clients vote for the second (1 to 8784 hours).
    #[arg(long)]
    hours: u32,
}

fn new_holder(line: PublicLine) -> Result<NewHolder> {
    Ok(NewHolder::new(line.key, &line.name, &line.email)?)
}

/// The seat a player names: its number, its holder's name, or a power it runs.
pub fn seat_named(local: &LocalGame, text: &str) -> Result<PlayerId> {
    let r = &local.game.replay;
    let seats: Vec<PlayerId> = r.seats.players().collect();
    let found = seats.iter().copied().find(|p| {
        text.parse::<usize>().ok() == Some(p.index())
            || r.name(*p).eq_ignore_ascii_case(text)
            || r.seats
                .powers_of(*p)
                .iter()
                .any(|i| i.id.eq_ignore_ascii_case(text) || i.name.eq_ignore_ascii_case(text))
    });
    found.ok_or_else(|| {
        let list: Vec<String> = seats.iter().map(|p| format!("{} ({})", p.0, r.name(*p))).collect();
        Failure::usage(format!("no seat `{text}`; the seats are {}", list.join(", ")))
    })
}

/// Write the whole journal for a seat's new holder, and the seat file if there is one.
fn write_for_new_holder(
    local: &LocalGame,
    seat: PlayerId,
    out: Option<PathBuf>,
    with_secrets: bool,
) -> Result<(PathBuf, Option<PathBuf>)> {
    let game = &local.game;
    let name = game.replay.name(seat).to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-");
    let out = out.unwrap_or_else(|| PathBuf::from(format!("{}-seat{}-{name}.grog", game.replay.game.short(), seat.0)));
    super::check_new_file(Some(&out))?;
    let packet = game.packet_all();
    packet.check_limits().map_err(|e| Failure::new("packet", format!("the journal does not fit one packet: {e}")))?;
    let secrets = match (with_secrets, game.seat_file()?) {
        (true, Some(bytes)) => {
            let path = PathBuf::from(format!("{}.hidden.json", out.display()));
            super::check_new_file(Some(&path))?;
            Some((path, bytes))
        }
        _ => None,
    };
    super::write_new_file(&out, &packet.encode())?;
    if let Some((path, bytes)) = &secrets {
        super::write_new_private_file(path, bytes)?;
    }
    Ok((out, secrets.map(|(p, _)| p)))
}

pub fn resign(args: ResignArgs, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    if !args.yes {
        return Err(Failure::usage("a resignation cannot be taken back: run it again with --yes")
            .hint("the other players then vote to replace your seat's holder (`grognard replace`)"));
    }
    let key = local.unlock()?;
    let me = local.me;
    seat_local::resign(&mut local.game, me, &key)?;
    super::emit(json, json!({"ok": true, "resigned": me.0}), || {
        "You resigned: your seat is vacant until the other players replace its holder.\n\
         Run `grognard send` so that they know."
            .to_string()
    })
}

pub fn handover(args: HandoverArgs, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    let to = new_holder(super::public_line(&args.to, "--to")?)?;
    if !args.yes {
        return Err(Failure::usage(format!(
            "your key will sign nothing more in this game once {} <{}> holds your seat: run it again with --yes",
            to.name, to.email
        )));
    }
    super::check_new_file(args.out.as_deref())?;
    let key = local.unlock()?;
    let me = local.me;
    seat_local::hand_over(&mut local.game, me, &key, &to)?;
    let (out, secrets) = write_for_new_holder(&local, me, args.out, true)?;
    super::emit(json, json!({"ok": true, "seat": me.0, "to": to.name, "packet": out, "seat_file": secrets}), || {
        let file = match &secrets {
            Some(p) => format!(
                " and {} (your concealed commands, for them alone: never send it to the other players), then they run \
                     `grognard join {} --hidden {}`",
                p.display(),
                out.display(),
                p.display()
            ),
            None => format!(", then they run `grognard join {}`", out.display()),
        };
        format!(
                "You handed seat {} over to {} <{}>.\nGive them {}{file}.\nRun `grognard send` so that the other players know.",
                me.0,
                to.name,
                to.email,
                out.display()
            )
    })
}

pub fn replace(args: ReplaceArgs, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    let seat = seat_named(&local, &args.seat)?;
    let to = new_holder(super::public_line(&args.with, "--with")?)?;
    super::check_new_file(args.out.as_deref())?;
    let key = local.unlock()?;
    let me = local.me;
    let old = local.game.replay.name(seat).to_string();
    let (_, round) = seat_local::vote(&mut local.game, me, &key, seat, &to)?;
    let complete = local.game.replay.awaits_take(seat);
    let votes = seat_local::votes(&local.game, seat);
    let voted: Vec<PlayerId> = votes.iter().filter(|v| v.1 == round).map(|v| v.0).collect();
    let waiting: Vec<String> = local
        .game
        .replay
        .seats
        .players()
        .filter(|p| *p != seat && !voted.contains(p))
        .map(|p| local.game.replay.name(p).to_string())
        .collect();
    let failed = votes.iter().any(|v| v.1 == round && v.4 == Round::Failed);
    let out = if complete { Some(write_for_new_holder(&local, seat, args.out, false)?.0) } else { None };
    super::emit(
        json,
        json!({"ok": true, "seat": seat.0, "round": round, "complete": complete, "failed": failed, "waiting": waiting, "packet": out}),
        || {
            let head =
                format!("You voted (round {round}) to replace {old} at seat {} by {} <{}>.", seat.0, to.name, to.email);
            match (&out, failed) {
                (Some(out), _) => format!(
                    "{head}\nEvery other player has voted the same: {} now holds seat {}.\nGive them {} (they run `grognard join {}`), \
                     and run `grognard send` for the others.",
                    to.name,
                    seat.0,
                    out.display(),
                    out.display()
                ),
                (None, true) => format!(
                    "{head}\nRound {round} has failed: another vote differs. Once you have seen the others' votes, vote again \
                     (the next round) for the holder you agree on."
                ),
                (None, false) => format!(
                    "{head}\nWaiting for the same vote from: {}.\nRun `grognard send` so that they can vote.",
                    waiting.join(", ")
                ),
            }
        },
    )
}

pub fn second(args: SecondArgs, json: bool) -> Result<()> {
    let mut local = args.game.open_to_write()?;
    let seat = seat_named(&local, &args.seat)?;
    let to = new_holder(super::public_line(&args.key, "--key")?)?;
    let key = local.unlock()?;
    let me = local.me;
    seat_local::agree_second(&mut local.game, me, &key, seat, &to, args.hours)?;
    let r = &local.game.replay;
    let agreed = r.agreed_second(seat).is_some();
    let missing: Vec<String> = r
        .seats
        .players()
        .filter(|p| r.seconds[seat.index()].get(p).is_none_or(|s| s.key != to.key || s.hours != args.hours))
        .map(|p| r.name(p).to_string())
        .collect();
    super::emit(
        json,
        json!({"ok": true, "seat": seat.0, "second": to.name, "hours": args.hours, "agreed": agreed, "missing": missing}),
        || {
            let head = format!(
                "You agreed that {} <{}> is the second of seat {} ({}), after {} hours.",
                to.name,
                to.email,
                seat.0,
                r.name(seat),
                args.hours
            );
            if agreed {
                format!(
                    "{head}\nEvery player has agreed: when seat {} has held the game for {} hours by your clock, \
                     `grognard receive` votes for the second. Run `grognard send`.",
                    seat.0, args.hours
                )
            } else {
                format!("{head}\nWaiting for the same agreement from: {}. Run `grognard send`.", missing.join(", "))
            }
        },
    )
}
