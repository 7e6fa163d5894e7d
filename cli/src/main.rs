//! `grognard`: play board wargames by email with a signed journal and dice nobody can bias.
//!
//! Exit codes: 0 success; 1 a command, packet or check was refused or failed; 2 usage error;
//! 141 standard output was closed by its reader (the command's changes are kept).

// Input must never make the program panic; output goes through `output.rs`.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::print_stdout, clippy::print_stderr)]
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod answer;
mod cmd;
mod evidence;
mod failure;
mod home;
mod inbox;
mod install;
mod known;
mod lock;
mod mailer;
mod output;
mod picture;
mod registry;
mod replayed;
mod seat;
mod settings;

use clap::{Parser, Subcommand};

use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "grognard", version, about = "Play Napoleonic board wargames by email: signed journals, fair dice.")]
struct Cli {
    /// Print machine-readable JSON instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create an identity (an ed25519 key pair) and print its public key line.
    Keygen(cmd::keygen::Args),
    /// List this machine's identities, or print one's public key line.
    Whoami(cmd::keygen::WhoamiArgs),
    /// List the rulesets and scenarios a game can start from.
    Scenarios,
    /// Create a game and write the invitation packet for the other players.
    New(cmd::new::Args),
    /// Join a game from its invitation packet.
    Join(cmd::join::Args),
    /// List the games on this machine (broken ones marked, with how to fix them).
    Games,
    /// Move a game out of the way (into <home>/attic/; nothing is deleted).
    Forget(cmd::forget::Args),
    /// Whose move it is, what is pending, who holds the game.
    Status(cmd::GameArgs),
    /// Every legal command now, grouped by unit and kind, with their count (or only those
    /// about the units named).
    Moves(cmd::aids::MovesArgs),
    /// Play aid: everything about a hex (units, control, terrain, hexsides, locale, fortress).
    Hex(cmd::aids::HexArgs),
    /// Play aid: each side's order of battle (map, boxes, pools, track, eliminated).
    Units(cmd::aids::UnitsArgs),
    /// Play aid: every hex a stack can reach this phase, with its cost and cheapest path.
    Reach(cmd::aids::ReachArgs),
    /// Play aid: the odds of an attack (strengths, shifts, column, result of each die face).
    Odds(cmd::aids::OddsArgs),
    /// Play aid: the terrain effects chart and combat results table in force this turn.
    Charts(cmd::GameArgs),
    /// Apply a command locally (staged until `send`; commands that roll dice are signed at once).
    Do(cmd::play::DoArgs),
    /// Drop staged commands (those that rolled no dice).
    Undo(cmd::play::UndoArgs),
    /// Sign the staged work and what you owe (sealed and concealed openings, dice reveals) into a packet file.
    Send(cmd::send::Args),
    /// Import packets (packet files, mail messages, mboxes, Maildirs or the IMAP mailbox) and
    /// answer at once what needs no decision of yours.
    Receive(cmd::receive::Args),
    /// Standing orders: answers given in advance to the decisions the opponents' actions ask
    /// of you (losses, retreats, advances...), kept on this machine only.
    Orders(cmd::orders::Args),
    /// Read mail and answer dice requests, sealed and concealed openings and standing orders by mail.
    Autoreply(cmd::autoreply::Args),
    /// Verify a journal completely: signatures, links, dice, sealed choices, opened concealed commands and every rule.
    Verify(cmd::verify::Args),
    /// The story of the game: every entry, command, roll and event.
    Log(cmd::GameArgs),
    /// A picture of the board (PNG or SVG): of a game, of a game after N steps, or of a scenario.
    Show(cmd::show::Args),
    /// Step through a match (a local game or a journal file): entries, player turns, game
    /// turns, with every event, every die and what produced it, and the board after each step.
    Replay(cmd::replay::Args),
    /// Write one self-contained HTML page that replays a match: the board at every player
    /// turn, the story, battles, dice and their proofs, the scores, keyboard navigation.
    ExportHtml(cmd::export_html::Args),
    /// The match archive (<home>/archive.sqlite): add a verified game, list, search, show its
    /// story, verify again, export its journal.
    Archive(cmd::archive::Args),
    /// Give up your seat (docs/PROTOCOL.md section 13.1): it is vacant until the other players
    /// replace its holder.
    Resign(cmd::seats::ResignArgs),
    /// Hand your seat over to another person's key (section 13.2); they join from the journal
    /// file this writes for them.
    Handover(cmd::seats::HandoverArgs),
    /// Vote to replace the holder of a seat whose player left or stopped answering (section
    /// 13.3): it takes effect when every other player has voted the same.
    Replace(cmd::seats::ReplaceArgs),
    /// Agree on a seat's second (section 13.7): once every player has agreed, the clients vote
    /// for the second when the seat has held the game longer than the deadline.
    Second(cmd::seats::SecondArgs),
    /// Write a letter to other players (diplomacy): sealed so that only they can read it, it
    /// goes with your next `send` (docs/PROTOCOL.md section 14).
    Write(cmd::letters::WriteArgs),
    /// Read the letters written to you, and those you wrote.
    Letters(cmd::letters::ListArgs),
    /// Play a whole game against a bot in the terminal (casual dice, nothing signed or saved).
    Play(cmd::solo::Args),
    /// Computer opponents: list them, or let one play this identity's seat by mail.
    Bot(cmd::bot::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let json = cli.json;
    let result = match cli.command {
        Command::Keygen(a) => cmd::keygen::run(a, json),
        Command::Whoami(a) => cmd::keygen::whoami(a, json),
        Command::Scenarios => cmd::scenarios::run(json),
        Command::New(a) => cmd::new::run(a, json),
        Command::Join(a) => cmd::join::run(a, json),
        Command::Games => cmd::games::run(json),
        Command::Forget(a) => cmd::forget::run(a, json),
        Command::Status(a) => cmd::status::run(a, json),
        Command::Moves(a) => cmd::aids::moves(a, json),
        Command::Hex(a) => cmd::aids::hex(a, json),
        Command::Units(a) => cmd::aids::units(a, json),
        Command::Reach(a) => cmd::aids::reach(a, json),
        Command::Odds(a) => cmd::aids::odds(a, json),
        Command::Charts(a) => cmd::aids::charts(a, json),
        Command::Do(a) => cmd::play::run_do(a, json),
        Command::Undo(a) => cmd::play::run_undo(a, json),
        Command::Send(a) => cmd::send::run(a, json),
        Command::Receive(a) => cmd::receive::run(a, json),
        Command::Orders(a) => cmd::orders::run(a, json),
        Command::Autoreply(a) => cmd::autoreply::run(a, json),
        Command::Verify(a) => cmd::verify::run(a, json),
        Command::Log(a) => cmd::log::run(a, json),
        Command::Show(a) => cmd::show::run(a, json),
        Command::Replay(a) => cmd::replay::run(a, json),
        Command::ExportHtml(a) => cmd::export_html::run(a, json),
        Command::Archive(a) => cmd::archive::run(a, json),
        Command::Bot(a) => cmd::bot::run(a, json),
        Command::Play(a) => cmd::solo::run(a, json),
        Command::Resign(a) => cmd::seats::resign(a, json),
        Command::Handover(a) => cmd::seats::handover(a, json),
        Command::Replace(a) => cmd::seats::replace(a, json),
        Command::Second(a) => cmd::seats::second(a, json),
        Command::Write(a) => cmd::letters::write(a, json),
        Command::Letters(a) => cmd::letters::list(a, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(json),
    }
}
