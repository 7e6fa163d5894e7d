//! Duel: a small test ruleset that exercises every kind of [`Pending`] (a dice roll, a
//! sealed choice, an enumerated choice, ordinary commands and the end of the game) so
//! the journal, the dice protocol and the CLI can be tested without a real wargame.
//! The rules are in `RULES.md`; every refusal cites one of its rule numbers.
//!
//! Commands (text form / JSON form):
//! `initiative` / `"initiative"`, `stance guard` / `{"stance":"guard"}`,
//! `stance lunge` / `{"stance":"lunge"}`, `fire 1` / `{"fire":{"target":1}}`,
//! `rest` / `"rest"`, `bonus sharpen` / `{"bonus":"sharpen"}`,
//! `bonus bandage` / `{"bonus":"bandage"}`.

mod command;
mod scenario;
mod state;

pub use command::{Bonus, DuelCommand, Stance};
pub use scenario::{PowerData, ScenarioData, SCENARIO_IDS};
pub use state::{DuelState, Duellist, Phase};

use grognard_engine::{
    Applied, ApplyError, DiceSource, Pending, PlayerId, RuleError, Ruleset, RulesetInfo, ScenarioInfo, Seats, Setup,
};

/// The Duel ruleset (id `duel`, version `1`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Duel;

/// The options of the bonus choice (rule 6.1), as command texts.
pub const BONUS_OPTIONS: [&str; 2] = ["bonus sharpen", "bonus bandage"];

/// A command found legal, with what it needs to be carried out.
enum Checked {
    Initiative,
    Fire { actor: usize, target: usize },
    Rest { actor: usize },
    Bonus { actor: usize, bonus: Bonus },
}

fn over_error() -> RuleError {
    RuleError::new("2.3", "the game is over; no command is accepted")
}

impl Duel {
    /// Check `command` from `player` completely, without rolling (rules 2.1 to 6.1).
    fn check(&self, s: &DuelState, player: PlayerId, command: &DuelCommand) -> Result<Checked, RuleError> {
        match s.phase() {
            Phase::Over { .. } => Err(over_error()),
            Phase::Initiative => {
                let roller = s.initiative_player().unwrap_or(PlayerId(0));
                if player != roller {
                    return Err(RuleError::new(
                        "2.1",
                        format!("it is {roller}'s turn to roll initiative, not {player}'s"),
                    ));
                }
                match command {
                    DuelCommand::Initiative => Ok(Checked::Initiative),
                    other => {
                        Err(RuleError::new("2.2", format!("round {} waits for `initiative`, not `{other}`", s.round())))
                    }
                }
            }
            Phase::Stance { .. } => {
                let players = s.stance_players();
                if !players.contains(&player) {
                    return Err(RuleError::new(
                        "2.1",
                        format!("{player} runs no duellist still in the fight and has no stance to choose"),
                    ));
                }
                match command {
                    DuelCommand::Stance(_) => Err(RuleError::new(
                        "4.1",
                        "a stance is chosen in secret: send it as a sealed choice, not as an ordinary command",
                    )),
                    other => Err(RuleError::new(
                        "2.2",
                        format!(
                            "round {} is in the stance step, which takes only a sealed `stance guard` or \
                             `stance lunge`, not `{other}`",
                            s.round()
                        ),
                    )),
                }
            }
            Phase::Action { .. } => {
                let Some((actor, me)) = s.acting().and_then(|d| Some((d, s.duellists().get(d)?))) else {
                    return Err(RuleError::new("2.1", "no duellist is to act"));
                };
                if player != me.owner {
                    return Err(RuleError::new(
                        "2.1",
                        format!("it is {}'s turn to act for {}, not {player}'s", me.owner, me.name),
                    ));
                }
                let due = s.bonus_due(actor);
                match *command {
                    DuelCommand::Bonus(bonus) if due => Ok(Checked::Bonus { actor, bonus }),
                    DuelCommand::Fire { .. } | DuelCommand::Rest if due => Err(RuleError::new(
                        "6.1",
                        format!(
                            "{} rolled a 6 for initiative and must first choose `bonus sharpen` or `bonus bandage`",
                            me.name
                        ),
                    )),
                    DuelCommand::Bonus(_) if me.bonus.is_some() => {
                        Err(RuleError::new("6.1", format!("{} has already taken its bonus this round", me.name)))
                    }
                    DuelCommand::Bonus(_) => Err(RuleError::new(
                        "6.1",
                        format!("only a duellist that rolled a 6 for initiative gets a bonus; {} did not", me.name),
                    )),
                    DuelCommand::Fire { target } => {
                        let t = usize::from(target);
                        let Some(victim) = s.duellists().get(t) else {
                            return Err(RuleError::new(
                                "5.3",
                                format!(
                                    "there is no duellist {t}; a duellist may fire only at a living opponent \
                                     (duellists are numbered 0 to {})",
                                    s.duellists().len().saturating_sub(1)
                                ),
                            ));
                        };
                        if t == actor {
                            return Err(RuleError::new(
                                "5.3",
                                format!("{} may not fire at itself, only at a living opponent", me.name),
                            ));
                        }
                        if !victim.is_living() {
                            return Err(RuleError::new(
                                "5.3",
                                format!("{} is out; a duellist may fire only at a living opponent", victim.name),
                            ));
                        }
                        Ok(Checked::Fire { actor, target: t })
                    }
                    DuelCommand::Rest => Ok(Checked::Rest { actor }),
                    other => Err(RuleError::new(
                        "2.2",
                        format!(
                            "round {} is in the action step, which takes `fire <duellist>` or `rest`, not `{other}`",
                            s.round()
                        ),
                    )),
                }
            }
        }
    }

    /// Check one sealed stance choice (rules 2.1 to 4.1).
    fn check_choice(&self, s: &DuelState, player: PlayerId, choice: &DuelCommand) -> Result<Stance, RuleError> {
        match s.phase() {
            Phase::Over { .. } => return Err(over_error()),
            Phase::Stance { .. } => {}
            _ => {
                return Err(RuleError::new(
                    "2.2",
                    format!("round {} is not in the stance step; no sealed choice is awaited", s.round()),
                ))
            }
        }
        if !s.stance_players().contains(&player) {
            return Err(RuleError::new(
                "2.1",
                format!("{player} runs no duellist still in the fight and has no stance to choose"),
            ));
        }
        match choice {
            DuelCommand::Stance(stance) => Ok(*stance),
            other => Err(RuleError::new(
                "4.1",
                format!("`{other}` is not a stance; choose `stance guard` or `stance lunge`"),
            )),
        }
    }

    /// Every command of the ruleset that could be legal in a game of `duellists`.
    fn candidates(duellists: usize) -> Vec<DuelCommand> {
        let mut all = vec![DuelCommand::Initiative];
        all.extend(Stance::ALL.map(DuelCommand::Stance));
        all.extend(Bonus::ALL.map(DuelCommand::Bonus));
        all.extend((0..duellists).filter_map(|t| u8::try_from(t).ok()).map(|target| DuelCommand::Fire { target }));
        all.push(DuelCommand::Rest);
        all
    }
}

impl Ruleset for Duel {
    type State = DuelState;
    type Command = DuelCommand;

    fn info(&self) -> RulesetInfo {
        RulesetInfo { id: "duel".into(), version: "1".into(), name: "Duel (test ruleset)".into(), test_only: true }
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        SCENARIO_IDS.iter().filter_map(|id| ScenarioData::load(id).ok()).map(|d| d.info()).collect()
    }

    /// Duel starts only from its scenarios: a written position is refused.
    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        let scenario = setup.scenario_only(&self.info().name)?;
        // Checks the id (and the embedded file) the same way `setup` does.
        ScenarioData::load(scenario)?;
        Ok(scenario::raw(scenario).unwrap_or_default().as_bytes().to_vec())
    }

    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<DuelState, RuleError> {
        let scenario = setup.scenario_only(&self.info().name)?;
        let data = ScenarioData::load(scenario)?;
        let n = data.powers.len();
        if seats.player_count() != n {
            return Err(RuleError::new(
                "1.5",
                format!("scenario '{scenario}' is played by exactly {n} players, not {}", seats.player_count()),
            ));
        }
        DuelState::new(&data, seats)
    }

    fn pending(&self, s: &DuelState) -> Pending {
        let round = s.round();
        match s.phase() {
            Phase::Over { result, winners } => Pending::Over { result: result.clone(), winners: winners.clone() },
            Phase::Initiative => Pending::Dice {
                player: s.initiative_player().unwrap_or(PlayerId(0)),
                prompt: format!("Round {round}: roll initiative for every duellist with `initiative`"),
            },
            Phase::Stance { .. } => Pending::Sealed {
                step: format!("round-{round}"),
                players: s.stance_players(),
                prompt: format!("Round {round}: choose a stance in secret: `stance guard` or `stance lunge`"),
            },
            Phase::Action { .. } => {
                let Some((actor, me)) = s.acting().and_then(|d| Some((d, s.duellists().get(d)?))) else {
                    return Pending::Over { result: "No duellist can act".into(), winners: Vec::new() };
                };
                if s.bonus_due(actor) {
                    Pending::Choice {
                        player: me.owner,
                        prompt: format!(
                            "Round {round}: {} rolled a 6 for initiative: choose a bonus before acting",
                            me.name
                        ),
                        options: BONUS_OPTIONS.iter().map(|o| o.to_string()).collect(),
                    }
                } else {
                    let targets: Vec<String> = s
                        .living()
                        .into_iter()
                        .filter(|&d| d != actor)
                        .map(|d| format!("`fire {d}` ({})", s.short(d)))
                        .collect();
                    Pending::Command {
                        player: me.owner,
                        prompt: format!("Round {round}: {} acts: {} or `rest`", me.name, targets.join(", ")),
                    }
                }
            }
        }
    }

    /// The commands `apply` accepts from `player` now; in the stance step, the sealed
    /// choices `check_sealed` accepts.
    fn legal_commands(&self, s: &DuelState, player: PlayerId) -> Vec<DuelCommand> {
        let all = Self::candidates(s.duellists().len());
        if matches!(s.phase(), Phase::Stance { .. }) {
            all.into_iter().filter(|c| self.check_choice(s, player, c).is_ok()).collect()
        } else {
            all.into_iter().filter(|c| self.check(s, player, c).is_ok()).collect()
        }
    }

    fn apply(
        &self,
        s: &DuelState,
        player: PlayerId,
        command: &DuelCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<DuelState>, ApplyError> {
        // Legality is settled here, before the first roll.
        let checked = self.check(s, player, command)?;
        let mut next = s.clone();
        let mut events = Vec::new();
        match checked {
            Checked::Initiative => {
                let mut rolls = Vec::new();
                for d in s.living() {
                    rolls.push((d, dice.roll(6)?));
                }
                next.resolve_initiative(&rolls, &mut events);
            }
            Checked::Fire { actor, target } => {
                let roll = dice.roll(6)?;
                next.resolve_fire(actor, target, roll, &mut events);
            }
            Checked::Rest { actor } => next.resolve_rest(actor, &mut events),
            Checked::Bonus { actor, bonus } => next.resolve_bonus(actor, bonus, &mut events),
        }
        Ok(Applied { state: next, events })
    }

    fn check_sealed(&self, s: &DuelState, player: PlayerId, choice: &DuelCommand) -> Result<(), RuleError> {
        self.check_choice(s, player, choice).map(|_| ())
    }

    fn apply_sealed(
        &self,
        s: &DuelState,
        choices: &[(PlayerId, DuelCommand)],
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<DuelState>, ApplyError> {
        match s.phase() {
            Phase::Over { .. } => return Err(over_error().into()),
            Phase::Stance { .. } => {}
            _ => {
                return Err(RuleError::new(
                    "2.2",
                    format!("round {} is not in the stance step; no sealed choices are awaited", s.round()),
                )
                .into())
            }
        }
        let mut chosen: Vec<(PlayerId, Stance)> = Vec::new();
        for (player, choice) in choices {
            let stance = self.check_choice(s, *player, choice)?;
            if chosen.iter().any(|(p, _)| p == player) {
                return Err(RuleError::new("4.1", format!("{player} chose a stance more than once")).into());
            }
            chosen.push((*player, stance));
        }
        for p in s.stance_players() {
            if !chosen.iter().any(|(q, _)| *q == p) {
                return Err(RuleError::new("4.1", format!("{p} has not chosen a stance")).into());
            }
        }
        // 4.4: a clash when every living duellist lunges; legality is settled above.
        let all_lunge = chosen.iter().all(|(_, stance)| *stance == Stance::Lunge);
        let clash = if all_lunge { Some(dice.roll(6)?) } else { None };
        let mut next = s.clone();
        let mut events = Vec::new();
        next.resolve_stances(&chosen, clash, &mut events);
        Ok(Applied { state: next, events })
    }

    fn parse_command(&self, text: &str) -> Result<DuelCommand, RuleError> {
        text.parse()
    }

    fn format_command(&self, command: &DuelCommand) -> String {
        command.to_string()
    }

    /// Rule 1.4: a player whose duellists are all out takes no further part (and so
    /// witnesses no more rolls).
    fn takes_part(&self, s: &DuelState, player: PlayerId) -> bool {
        s.duellists().iter().any(|d| d.owner == player && d.is_living())
    }

    fn summary(&self, s: &DuelState) -> String {
        let mut out = format!("Duel, scenario {}: round {} of {}\n", s.scenario(), s.round(), s.rounds());
        for (d, x) in s.duellists().iter().enumerate() {
            out.push_str(&format!("  {d} {} ({}): ", x.name, x.owner));
            if !x.is_living() {
                out.push_str("out\n");
                continue;
            }
            out.push_str(&format!("{}/{} HP", x.hp, s.start_hp()));
            if let Some(r) = x.initiative {
                out.push_str(&format!(", initiative {r}"));
            }
            if let Some(st) = x.stance {
                out.push_str(&format!(", {}", st.word()));
            }
            if let Some(b) = x.bonus {
                out.push_str(&format!(", bonus {}", b.word()));
            }
            out.push('\n');
        }
        let pending = self.pending(s);
        match &pending {
            Pending::Over { result, .. } => out.push_str(&format!("Game over: {result}")),
            p => {
                let who: Vec<String> = p.players().iter().map(|p| p.to_string()).collect();
                out.push_str(&format!("Waiting for {}: {}", who.join(", "), p.prompt()));
            }
        }
        out
    }
}
