//! `grognard play --bot NAME`: a whole game against a bot in the terminal, for one person at
//! one machine. Nothing is signed or mailed and the dice are CASUAL: rolled from a seed
//! printed at the start (anyone who knows it can foresee every roll), which the game says at
//! the start and the end. To play a bot with fair dice, play it by mail (`grognard bot run`).
//!
//! The bot sees only its own player's view (under fog of war, the tops of your closed stacks),
//! and you see only yours: `moves`, `status` and `show` use your view.

use crate::failure::{Failure, Result};
use crate::output::line;
use grognard_engine::{AnyRuleset, Bot, GameState, Pending, PlayerId, Seats, Setup, StreamDice, Viewer};
use std::io::BufRead;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The bot to play against (`grognard bot list`), e.g. `general`.
    #[arg(long)]
    bot: String,
    /// The scenario (see `grognard scenarios`), e.g. `ec-historical`.
    #[arg(long)]
    scenario: String,
    /// The ruleset of the scenario (default: the only one that has it).
    #[arg(long)]
    ruleset: Option<String>,
    /// The side you play, by its power's id or name (default: the first).
    #[arg(long)]
    side: Option<String>,
    /// A scenario option (repeatable), as `grognard new --option` takes it.
    #[arg(long = "option")]
    options: Vec<String>,
    /// The seed of the casual dice and of the bot (default: from the clock; printed).
    #[arg(long)]
    seed: Option<u64>,
}

/// The most steps a game may take (a bound on work: an FNC game takes about a thousand).
const MAX_STEPS: usize = 100_000;

const HELP: &str = "Type a command as `grognard moves` shows it (e.g. `end`), or:
  moves [UNIT..]  the legal commands now (or those naming these units or hexes)
  status          the position and the score
  show [FILE]     a picture of the board as you see it (default: play-board.png)
  help            this text
  quit            stop (nothing is saved)";

struct Table {
    ruleset: &'static dyn AnyRuleset,
    bot: &'static dyn Bot,
    me: PlayerId,
    state: GameState,
    dice: StreamDice,
    seed: u64,
    steps: usize,
    /// The bots' sealed choices of the step in play, made before the player's and shown only
    /// once everyone has chosen.
    sealed: Vec<(PlayerId, serde_json::Value)>,
}

pub fn run(args: Args, _json: bool) -> Result<()> {
    let ruleset = super::show::ruleset_of_scenario(&args.scenario, args.ruleset.as_deref())?;
    let bot = ruleset.bot(&args.bot).ok_or_else(|| {
        Failure::usage(format!("{} has no bot `{}`", ruleset.info().name, args.bot))
            .hint("`grognard bot list` names them")
    })?;
    let setup = Setup::scenario(args.scenario.clone()).with_options(ruleset.recorded_options(&args.options, 2));
    let info = ruleset
        .scenario_of(&setup)
        .ok_or_else(|| Failure::new("unknown-scenario", format!("no scenario `{}`", args.scenario)))?;
    if info.min_players > 2 || info.max_players < 2 {
        return Err(Failure::usage(format!("{} is not a two-player scenario", info.name)));
    }
    let seats = Seats::round_robin(&info.powers, 2).map_err(|e| Failure::new("scenario", e.to_string()))?;
    let me = match &args.side {
        None => PlayerId(0),
        Some(side) => {
            let want = side.to_lowercase();
            let power = info
                .powers
                .iter()
                .position(|p| p.id.to_lowercase() == want || p.name.to_lowercase() == want)
                .ok_or_else(|| {
                let names: Vec<&str> = info.powers.iter().map(|p| p.id.as_str()).collect();
                Failure::usage(format!("--side {side}: the sides are {}", names.join(", ")))
            })?;
            PlayerId((power % 2) as u8)
        }
    };
    let state = ruleset.setup(&setup, &seats).map_err(|e| Failure::new("scenario", e.to_string()))?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
    });
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut t =
        Table { ruleset, bot, me, state, dice: StreamDice::from_seed(bytes), seed, steps: 0, sealed: Vec::new() };
    let mine: Vec<&str> =
        info.powers.iter().enumerate().filter(|(i, _)| i % 2 == me.index()).map(|(_, p)| p.name.as_str()).collect();
    line(&format!(
        "{} against the bot `{}`: you play {}.\nCASUAL DICE from seed {seed}: predictable, not a fair game; nothing is signed or saved.\n{HELP}",
        info.name,
        bot.name(),
        mine.join(", ")
    ))?;
    t.settle()?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        if let Pending::Over { result, .. } = ruleset.pending(&t.state) {
            line(&format!("{}\nThe game is over: {result}\n(casual dice, seed {seed})", ruleset.summary(&t.state)))?;
            return Ok(());
        }
        line(&format!("\n{}\n{}> ", t.view_summary(), ruleset.info().id))?;
        let mut text = String::new();
        // End of input (or an unreadable line) ends the game as `quit` does.
        if input.read_line(&mut text).unwrap_or(0) == 0 {
            line("End of input: the game stops (nothing is saved).")?;
            return Ok(());
        }
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word {
            "" => {}
            "quit" | "exit" => {
                line("The game stops (nothing is saved).")?;
                return Ok(());
            }
            "help" | "?" => line(HELP)?,
            "moves" => line(&t.moves(rest))?,
            "status" => line(&ruleset.summary(&t.seen()))?,
            "show" => {
                let path = PathBuf::from(if rest.trim().is_empty() { "play-board.png" } else { rest.trim() });
                line(&t.picture(&path)?)?
            }
            _ => match t.play(text) {
                Ok(said) => {
                    line(&said)?;
                    t.settle()?;
                }
                Err(f) => {
                    line(&format!("Refused: {}{}", f.message, f.hint.map(|h| format!("\n  {h}")).unwrap_or_default()))?
                }
            },
        }
    }
}

impl Table {
    /// The game as the player sees it.
    fn seen(&self) -> GameState {
        self.ruleset.player_view(&self.state, Viewer::Player(self.me))
    }

    fn view_summary(&self) -> String {
        let pending = self.ruleset.pending(&self.state);
        format!("{}\nYour move: {}", self.ruleset.summary(&self.seen()), pending.prompt())
    }

    /// The legal commands, or those naming any of the words of `filter` (units, hexes).
    fn moves(&self, filter: &str) -> String {
        let words: Vec<&str> = filter.split_whitespace().collect();
        let legal: Vec<_> = self
            .ruleset
            .legal_commands(&self.seen(), self.me)
            .into_iter()
            .filter(|c| {
                let text = self.ruleset.format_command(c);
                words.is_empty() || words.iter().any(|w| text.split([' ', ',']).any(|t| t == *w))
            })
            .collect();
        let mut t = format!("{} legal command(s):\n", legal.len());
        for c in legal.iter().take(200) {
            t.push_str(&format!("  {}\n", self.ruleset.format_command(c)));
        }
        if legal.len() > 200 {
            t.push_str(&format!("  ... and {} more\n", legal.len() - 200));
        }
        t
    }

    fn picture(&self, path: &std::path::Path) -> Result<String> {
        super::show::check_replaceable(Some(path), b"\x89PNG\r\n\x1a\n", "a picture of that format")?;
        let view = super::show::view_of(self.ruleset, &self.state, Viewer::Player(self.me))?;
        let bytes = crate::picture::png(&view, &crate::picture::Choices::default())?;
        super::show::write_picture(path, &bytes)?;
        Ok(format!("Wrote {} ({} bytes).", path.display(), bytes.len()))
    }

    /// Apply the player's command; what happened.
    fn play(&mut self, text: &str) -> Result<String> {
        let command = self.ruleset.parse_command(text).map_err(|e| Failure::new("rule", e.to_string()))?;
        let command =
            self.ruleset.complete(&self.seen(), self.me, &command).map_err(|e| Failure::new("rule", e.to_string()))?;
        if let Pending::Sealed { .. } = self.ruleset.pending(&self.state) {
            // A secret simultaneous choice: the bots chose theirs already, unseen; all are
            // opened together.
            self.ruleset
                .check_sealed(&self.state, self.me, &command)
                .map_err(|e| Failure::new("rule", e.to_string()).hint("`moves` lists the legal commands"))?;
            let mut choices = std::mem::take(&mut self.sealed);
            choices.push((self.me, command.clone()));
            choices.sort_by_key(|(p, _)| *p);
            let (next, events) = self
                .ruleset
                .apply_sealed(&self.state, &choices, &mut self.dice)
                .map_err(|e| Failure::new("rule", e.to_string()))?;
            self.state = next;
            let told: Vec<String> = events.iter().map(|e| format!("  {}", e.text)).collect();
            let shown: Vec<String> =
                choices.iter().map(|(p, c)| format!("{}: {}", p, self.ruleset.format_command(c))).collect();
            return Ok(format!("Sealed choices opened: {}\n{}", shown.join("; "), told.join("\n")));
        }
        let (next, events) = self
            .ruleset
            .apply(&self.state, self.me, &command, &mut self.dice)
            .map_err(|e| Failure::new("rule", e.to_string()).hint("`moves` lists the legal commands"))?;
        self.state = next;
        self.steps += 1;
        let told: Vec<String> = events.iter().map(|e| format!("  {}", e.text)).collect();
        Ok(format!("You: {}\n{}", self.ruleset.format_command(&command), told.join("\n")))
    }

    /// Open what the rules ask opened, and let the bot play while it is its turn.
    fn settle(&mut self) -> Result<()> {
        while self.steps < MAX_STEPS {
            self.steps += 1;
            match self.ruleset.pending(&self.state) {
                Pending::Open { owing, .. } => {
                    for o in owing {
                        let (next, events) = self
                            .ruleset
                            .apply_opened(&self.state, o.player, &mut self.dice)
                            .map_err(|e| Failure::new("rule", e.to_string()))?;
                        self.state = next;
                        for e in events {
                            line(&format!("  {}", e.text))?;
                        }
                    }
                }
                Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. }
                    if player != self.me =>
                {
                    let seed = self.seed ^ (self.steps as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    let Some(command) = self.bot.choose(self.ruleset, &self.state, player, seed) else {
                        return Err(Failure::new("bot", format!("the bot `{}` had nothing to play", self.bot.name())));
                    };
                    // Under hidden information the player reads what the journal would show: a
                    // concealed command by its projection, without its events.
                    let shown = self.ruleset.conceal(&self.state, player, &command).ok().flatten();
                    let (next, events) =
                        self.ruleset.apply(&self.state, player, &command, &mut self.dice).map_err(|e| {
                            Failure::new("bot", format!("the bot's command was refused (a bug of the bot): {e}"))
                        })?;
                    self.state = next;
                    match shown {
                        Some(projection) => {
                            line(&format!("Bot (concealed): {}", self.ruleset.format_command(&projection)))?
                        }
                        None => {
                            line(&format!("Bot: {}", self.ruleset.format_command(&command)))?;
                            for e in events {
                                line(&format!("  {}", e.text))?;
                            }
                        }
                    }
                }
                Pending::Sealed { players, .. } => {
                    // The bots seal their choices first (kept unseen); the player's closes the step.
                    for p in players.iter().filter(|p| **p != self.me) {
                        if self.sealed.iter().any(|(q, _)| q == p) {
                            continue;
                        }
                        let seed = self.seed ^ (self.steps as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let Some(choice) = self.bot.choose(self.ruleset, &self.state, *p, seed) else {
                            return Err(Failure::new(
                                "bot",
                                format!("the bot `{}` had nothing to seal", self.bot.name()),
                            ));
                        };
                        self.sealed.push((*p, choice));
                        line("Bot: sealed its choice.")?;
                    }
                    if !players.contains(&self.me) {
                        let choices = std::mem::take(&mut self.sealed);
                        let (next, events) = self
                            .ruleset
                            .apply_sealed(&self.state, &choices, &mut self.dice)
                            .map_err(|e| Failure::new("bot", e.to_string()))?;
                        self.state = next;
                        for e in events {
                            line(&format!("  {}", e.text))?;
                        }
                        continue;
                    }
                    return Ok(());
                }
                _ => return Ok(()),
            }
        }
        Err(Failure::new("limit", format!("the game took more than {MAX_STEPS} steps")))
    }
}
