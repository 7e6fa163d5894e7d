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
mod powder;
mod scenario;
mod state;

pub use command::{Bonus, DuelCommand, Stance};
pub use powder::{Charge, Firing, Pouch, Powder, MAX_CHARGE};
pub use scenario::{PowerData, ScenarioData, SCENARIO_IDS};
pub use state::{DuelState, Duellist, Phase};

use grognard_engine::{
    Applied, ApplyError, Concealed, DiceSource, Owing, Pending, PlayerId, RollCause, RuleError, Ruleset, RulesetInfo,
    ScenarioInfo, Seats, Setup, Viewer,
};

/// The Duel ruleset (id `duel`, version `1`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Duel;

/// The options of the bonus choice (rule 6.1), as command texts.
pub const BONUS_OPTIONS: [&str; 2] = ["bonus sharpen", "bonus bandage"];

/// A command found legal, with what it needs to be carried out.
enum Checked {
    Initiative,
    Fire {
        actor: usize,
        target: usize,
    },
    Rest {
        actor: usize,
    },
    Bonus {
        actor: usize,
        bonus: Bonus,
    },
    /// A charge primed (rule 8.2); `grains` when the command is known whole.
    Prime {
        actor: usize,
        grains: Option<u32>,
    },
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
                if let Some(f) = s.firing() {
                    return Err(RuleError::new(
                        "8.4",
                        format!(
                            "{} fires at {} with a charge: the game waits for the charge to be opened",
                            s.short(f.actor),
                            s.short(f.target)
                        ),
                    ));
                }
                if player != me.owner {
                    return Err(RuleError::new(
                        "2.1",
                        format!("it is {}'s turn to act for {}, not {player}'s", me.owner, me.name),
                    ));
                }
                let due = s.bonus_due(actor);
                match *command {
                    DuelCommand::Bonus(bonus) if due => Ok(Checked::Bonus { actor, bonus }),
                    DuelCommand::Fire { .. } | DuelCommand::Rest | DuelCommand::Prime { .. } if due => {
                        Err(RuleError::new(
                            "6.1",
                            format!(
                                "{} rolled a 6 for initiative and must first choose `bonus sharpen` or `bonus bandage`",
                                me.name
                            ),
                        ))
                    }
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
                    DuelCommand::Prime { grains } => Self::check_prime(s, actor, Some(u32::from(grains))),
                    DuelCommand::Primed => Err(RuleError::new(
                        "8.2",
                        "`prime ?` is what the other players see of a prime; prime a number of grains: `prime 2`",
                    )),
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

    /// Can `actor`, whose turn it is, prime a charge of `grains` (rules 8.2, 8.3)? With
    /// `grains` unknown (a concealed prime seen by another player), what is public only.
    fn check_prime(s: &DuelState, actor: usize, grains: Option<u32>) -> Result<Checked, RuleError> {
        let Some(powder) = s.powder() else {
            return Err(RuleError::new("8.1", format!("scenario {} is played without powder", s.scenario())));
        };
        let pouch = &powder.pouches[actor.min(powder.pouches.len().saturating_sub(1))];
        if pouch.charge.is_some() {
            return Err(RuleError::new(
                "8.3",
                format!("{} already holds a charge; it must fire it before priming another", s.short(actor)),
            ));
        }
        if let Some(g) = grains {
            if !(1..=powder::MAX_CHARGE).contains(&g) {
                return Err(RuleError::new(
                    "8.2",
                    format!("a charge holds 1 to {} grains, not {g}", powder::MAX_CHARGE),
                ));
            }
            if let Some(left) = pouch.grains.filter(|left| g > *left) {
                return Err(RuleError::new(
                    "8.2",
                    format!("{} has {left} grains of powder left, not {g}", s.short(actor)),
                ));
            }
        }
        Ok(Checked::Prime { actor, grains })
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
        all.extend((1..=powder::MAX_CHARGE as u8).map(|grains| DuelCommand::Prime { grains }));
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
                if let (Some(f), Some(charge)) = (s.firing(), s.charge(actor)) {
                    return Pending::Open {
                        owing: vec![Owing { player: me.owner, indices: vec![charge.index] }],
                        prompt: format!(
                            "Round {round}: {} fires at {} with a primed charge: {} opens it (rule 8.4), then the \
                             fire is rolled",
                            me.name,
                            s.short(f.target),
                            me.owner
                        ),
                    };
                }
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
                    let charged = if s.charge(actor).is_some() { ", firing the charge: 8.4" } else { "" };
                    let targets: Vec<String> = s
                        .living()
                        .into_iter()
                        .filter(|&d| d != actor)
                        .map(|d| format!("`fire {d}` ({}{charged})", s.short(d)))
                        .collect();
                    let prime = match s.powder() {
                        Some(_) if s.charge(actor).is_none() => ", `prime 1` to `prime 3` (concealed, rule 8.2)",
                        _ => "",
                    };
                    Pending::Command {
                        player: me.owner,
                        prompt: format!("Round {round}: {} acts: {}{prime} or `rest`", me.name, targets.join(", ")),
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
            Checked::Fire { actor, target } if s.charge(actor).is_some() => {
                next.fire_charged(actor, target, &mut events);
            }
            Checked::Fire { actor, target } => {
                let roll = dice.roll(6)?;
                next.resolve_fire(actor, target, roll, 0, &mut events);
            }
            Checked::Rest { actor } => next.resolve_rest(actor, &mut events),
            Checked::Bonus { actor, bonus } => next.resolve_bonus(actor, bonus, &mut events),
            Checked::Prime { .. } => {
                return Err(RuleError::new(
                    "8.2",
                    "a prime is concealed: it is given as a hidden entry, never in the clear",
                )
                .into())
            }
        }
        Ok(Applied { state: next, events })
    }

    /// Rule 8.2: a prime is concealed; the others see `prime ?`.
    fn conceal(&self, s: &DuelState, _player: PlayerId, command: &DuelCommand) -> Option<DuelCommand> {
        match command {
            DuelCommand::Prime { .. } if s.powder().is_some() => Some(DuelCommand::Primed),
            _ => None,
        }
    }

    fn apply_concealed(
        &self,
        s: &DuelState,
        player: PlayerId,
        concealed: &Concealed<DuelCommand>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<DuelState>, ApplyError> {
        if concealed.public != DuelCommand::Primed {
            return Err(RuleError::new("8.2", "only a prime is concealed").into());
        }
        let checked = match &concealed.full {
            Some(full @ DuelCommand::Prime { .. }) => self.check(s, player, full)?,
            Some(other) => return Err(RuleError::new("8.2", format!("`{other}` is not a prime")).into()),
            None => {
                // Only what the projection shows: the duellist's turn (with its bonus taken,
                // 6.1) and no charge held already (8.3).
                let Checked::Rest { actor } = self.check(s, player, &DuelCommand::Rest)? else {
                    return Err(RuleError::new("2.1", "no duellist is to act").into());
                };
                Self::check_prime(s, actor, None)?
            }
        };
        let Checked::Prime { actor, grains } = checked else {
            return Err(RuleError::new("8.2", "only a prime is concealed").into());
        };
        let mut next = s.clone();
        let mut events = Vec::new();
        next.prime(actor, concealed.index, grains, concealed.opened, &mut events);
        Ok(Applied { state: next, events })
    }

    /// Rule 8.4: the charge of a fire is open; the fire is rolled.
    fn apply_opened(
        &self,
        s: &DuelState,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<DuelState>, ApplyError> {
        let Some(f) = s.firing() else {
            return Err(RuleError::new("8.4", "no fire waits for a charge to be opened").into());
        };
        if s.firing_player() != Some(player) {
            return Err(RuleError::new("8.4", format!("the charge of this fire is not {player}'s to open")).into());
        }
        let Some(grains) = s.charge(f.actor).and_then(|c| c.grains) else {
            return Err(RuleError::new("8.4", "the charge of this fire is still concealed after its opening").into());
        };
        let roll = dice.roll(6)?;
        let mut next = s.clone();
        let mut events = Vec::new();
        next.spend_charge(f.actor);
        next.resolve_fire(f.actor, f.target, roll, grains, &mut events);
        Ok(Applied { state: next, events })
    }

    /// Rule 8.2: what the viewer may not see of the others' concealed charges.
    fn player_view(&self, s: &DuelState, viewer: Viewer) -> DuelState {
        let mut view = s.clone();
        view.hide_from(viewer);
        view
    }

    fn check_sealed(&self, s: &DuelState, player: PlayerId, choice: &DuelCommand) -> Result<(), RuleError> {
        self.check_choice(s, player, choice).map(|_| ())
    }

    /// A stance lost with a replaced holder (docs/PROTOCOL.md section 13.5) is `guard`.
    fn lost_sealed_choice(&self, s: &DuelState, player: PlayerId) -> Option<DuelCommand> {
        let guard = self.parse_command("stance guard").ok()?;
        self.check_choice(s, player, &guard).is_ok().then_some(guard)
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

    /// The round (rule 2.1); a round is one "player turn" for replays.
    fn turn(&self, s: &DuelState) -> Option<grognard_engine::TurnMark> {
        Some(grognard_engine::TurnMark { game_turn: s.round(), player_turn: format!("round {}", s.round()) })
    }

    /// Rule 1.4: a player whose duellists are all out takes no further part (and so
    /// witnesses no more rolls).
    fn takes_part(&self, s: &DuelState, player: PlayerId) -> bool {
        s.duellists().iter().any(|d| d.owner == player && d.is_living())
    }

    /// Rule 9.0: whom a roll concerns, for games whose dice are witnessed by the players a
    /// roll concerns. A fire (5.4), also a charged one once opened (8.4), concerns the firer's
    /// player and the target's; the initiative roll (3.1) and a clash (4.4, a sealed step's
    /// roll, witnessed by its choosers) name nobody.
    fn roll_concerns(&self, s: &DuelState, player: PlayerId, cause: RollCause<'_, DuelCommand>) -> Vec<PlayerId> {
        let target = match cause {
            RollCause::Command(DuelCommand::Fire { target }) => Some(usize::from(*target)),
            RollCause::Opened => s.firing().map(|f| f.target),
            RollCause::Command(_) => None,
        };
        match target.and_then(|t| s.duellists().get(t)) {
            Some(victim) => vec![player, victim.owner],
            None => Vec::new(),
        }
    }

    /// Each duellist's hit points (0 once out).
    fn scores(&self, s: &DuelState) -> Vec<grognard_engine::Score> {
        s.duellists()
            .iter()
            .map(|d| grognard_engine::Score {
                side: d.name.clone(),
                value: if d.is_living() { i64::try_from(d.hp).unwrap_or(i64::MAX) } else { 0 },
            })
            .collect()
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
            if let Some(p) = s.powder_text(d) {
                out.push_str(&format!(", {p}"));
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
