//! The political phase (4.0, option `political`): declarations of war sealed and revealed
//! together (4.2), calls to allies in the order of competitive rolls (4.3), peace (4.4),
//! alliances (4.5), control of the minor countries war was declared on (4.6), breaking
//! alliances (4.7), free states (4.8) and combined movement (4.9), sealed and revealed
//! together. The diplomacy step (4.1) is the players' letters, outside the rules
//! (docs/PROTOCOL.md section 14).
//!
//! Where the phase stands lives in [`Politics`]: the records that outlast a month (enforced
//! peaces, broken alliances, the order powers went to war, peace terms in force) and this
//! month's round (what was declared, who calls next, the questions waiting for an answer).
//! A question ([`Question`]) is asked of one power at a time and stops the phase until it is
//! answered; the powers otherwise act one after the other in the order of 3.1 F and 4.6.3.2
//! (R4.0 in RECONSTRUCTION.md), each ending its step with `end`.

pub mod alliance;
pub mod allies;
pub mod cession;
pub mod combined;
pub mod command;
pub mod declaration;
pub mod legal;
pub mod loan;
pub mod minor_control;
pub mod minor_setup;
pub mod peace;
pub mod points;
pub mod repatriation;
pub mod restrictions;
pub mod separate_peace;
pub mod term_effects;
pub mod terms;

use crate::ctx::Ctx;
use crate::date::Month;
use crate::power::Power;
use crate::state::State;
use command::PoliticalCommand;
use grognard_engine::{ApplyError, DiceSource, Event, Pending, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The option playing the campaign games' political phase in a scenario (4.0).
pub const OPTION_POLITICAL: &str = "political";

/// 3.1 F, 4.6.3.2: the order in which powers act in the steps of the political phase where
/// they act one after the other (R4.0).
pub const ORDER: [Power; 7] = Power::MINOR_SETUP_ORDER;

/// A step of the political phase (3.1 B-I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoliticalStep {
    /// 4.2: every power's declarations, sealed, then revealed together.
    Declarations,
    /// 4.3: calls to allies, in the order of competitive rolls.
    CallToAllies,
    /// 4.4: suing for peace, informal peace.
    Peace,
    /// 4.5: new alliances.
    Alliances,
    /// 4.6: who runs the minor countries war was declared on.
    MinorControl,
    /// 4.7: breaking alliances.
    BreakingAlliances,
    /// 4.8: conquered minor countries made free states.
    FreeStates,
    /// 4.9: every power's combined movement declarations, sealed, then revealed together.
    CombinedMovement,
}

impl PoliticalStep {
    /// The step after this one, in the order of 3.1.
    pub fn next(self) -> Option<PoliticalStep> {
        use PoliticalStep as S;
        match self {
            S::Declarations => Some(S::CallToAllies),
            S::CallToAllies => Some(S::Peace),
            S::Peace => Some(S::Alliances),
            S::Alliances => Some(S::MinorControl),
            S::MinorControl => Some(S::BreakingAlliances),
            S::BreakingAlliances => Some(S::FreeStates),
            S::FreeStates => Some(S::CombinedMovement),
            S::CombinedMovement => None,
        }
    }

    /// The step's name and rule.
    pub fn name(self) -> &'static str {
        use PoliticalStep as S;
        match self {
            S::Declarations => "declarations of war step (4.2)",
            S::CallToAllies => "call to allies step (4.3)",
            S::Peace => "peace step (4.4)",
            S::Alliances => "creating alliances step (4.5)",
            S::MinorControl => "minor country control step (4.6)",
            S::BreakingAlliances => "breaking alliances step (4.7)",
            S::FreeStates => "free state declaration step (4.8)",
            S::CombinedMovement => "declaration of combined movement step (4.9)",
        }
    }

    /// Steps in which the powers act one after the other in [`ORDER`].
    fn in_turns(self) -> bool {
        !matches!(
            self,
            PoliticalStep::Declarations
                | PoliticalStep::CallToAllies
                | PoliticalStep::MinorControl
                | PoliticalStep::CombinedMovement
        )
    }
}

/// 4.4.6.3: `by` may not declare war on `on` before `until`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enforced {
    pub by: Power,
    pub on: Power,
    pub until: Month,
}

/// 4.5.3: an alliance broken, and when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Broken {
    pub a: Power,
    pub b: Power,
    pub on: Month,
}

/// A peace term in force (4.4.3-4.4.5): what it asks of the loser is the term's (data/peace.txt).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermInForce {
    pub victor: Power,
    pub loser: Power,
    pub term: String,
    pub from: Month,
}

/// A declaration of war revealed this month (4.2): `by` is the aggressor, `on` the defender
/// (a major power or a neutral minor country).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    pub by: Power,
    pub on: String,
}

/// A power that may call its allies this month (4.3.1.1): a defender, or an aggressor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caller {
    pub power: Power,
    pub defender: bool,
}

/// A question one power must answer before the phase goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "question", rename_all = "kebab-case")]
pub enum Question {
    /// 4.3.2: `ally` is called by `caller` to declare war on `enemy`.
    Call { caller: Power, ally: Power, enemy: Power, caller_is_aggressor: bool },
    /// 4.4.1, 4.5: `to` answers a proposal of `from`.
    Proposal { from: Power, to: Power, what: Proposal },
    /// 4.6.2: `power` says whether it seeks control of `minor`.
    Control { minor: String, power: Power },
    /// 4.6.5: `power`, controlling `minor`, may declare war on its aggressors.
    Support { minor: String, power: Power },
    /// 4.4.7: `demander`, still at war, may demand that `ally`, who made peace with their
    /// common enemy, break their alliance.
    Separate { demander: Power, ally: Power },
    /// 4.4: the peace being made waits for `power` (`peace.rs`).
    Peace { power: Power },
}

impl Question {
    /// The power that answers.
    pub fn power(&self) -> Power {
        match self {
            Question::Call { ally, .. } => *ally,
            Question::Separate { demander, .. } => *demander,
            Question::Proposal { to, .. } => *to,
            Question::Control { power, .. } | Question::Support { power, .. } | Question::Peace { power } => *power,
        }
    }
}

/// What a proposal offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proposal {
    InformalPeace,
    Alliance,
}

impl Proposal {
    fn name(self) -> &'static str {
        match self {
            Proposal::InformalPeace => "an informal peace (4.4.1)",
            Proposal::Alliance => "an alliance (4.5)",
        }
    }
}

/// This month's political phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The declarations revealed (4.2), in [`ORDER`] of their aggressors.
    pub declared: Vec<Declared>,
    /// 4.3: the callers in the order the rolls gave, defenders first; `next_caller` indexes it.
    pub callers: Vec<Caller>,
    pub next_caller: usize,
    /// 4.3.1.1: (defender, aggressor) pairs where the defender called its allies.
    pub attempted: Vec<(Power, Power)>,
    /// Questions waiting, first asked first.
    pub questions: Vec<Question>,
    /// 4.4: the formal peace being made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peace: Option<peace::Talks>,
    /// 4.6: the minor countries to find a controller for, and the answers so far.
    pub minors: Vec<minor_control::Bid>,
    /// Proposals made this month, so that none is asked twice (4.5, 4.4.1).
    pub proposed: Vec<(Power, Power, Proposal)>,
    /// 4.9: the combined movement declarations are revealed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub combined_declared: bool,
}

/// The political records of a game (option `political`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Politics {
    /// 4.4.6.3: enforced peaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enforced: Vec<Enforced>,
    /// 4.5.3: alliances broken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<Broken>,
    /// 4.4.5.2: the wars between major powers in the order they began (the scenario's first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub war_order: Vec<WarStart>,
    /// The political status marker of each power (4.6.2.2), from `data/politics.txt`'s
    /// start until the economic phase moves it.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub status: std::collections::BTreeMap<Power, i32>,
    /// Land areas ceded by a peace (B.7, C.4): their controller is in `State::occupied`, but
    /// no later peace gives them back (4.4.6.2 returns only what was occupied).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ceded: Vec<String>,
    /// Powers out of the game by a final peace (4.4.8).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out: Vec<Power>,
    /// Peace terms in force (4.4.3-4.4.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<TermInForce>,
    /// 4.9: the groups of allies combining their movement this month, each in the usual
    /// order of the land phase (`combined.rs`); cleared when the next political phase begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combined: Vec<Vec<Power>>,
    /// Leaders removed by abdication (C.6), until 8.4.3 returns them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<term_effects::Removed>,
    /// R8.9, R11: the political combinations created, in the order they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combinations: Vec<crate::economy::combinations::Formed>,
    /// C.6, R11.5: whether the Holy Roman Empire exists, once a peace changed it (`None`: as
    /// the game's first month says, `economy::combinations::empire_exists`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empire: Option<bool>,
    /// This month's phase, while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<Round>,
}

impl Politics {
    /// Nothing recorded (a game without the option).
    pub fn is_empty(&self) -> bool {
        *self == Politics::default()
    }

    /// 4.4.6.3: may `by` declare war on `on` in `date`?
    pub fn enforced_peace(&self, by: Power, on: Power, date: Month) -> Option<Month> {
        self.enforced.iter().filter(|e| e.by == by && e.on == on && date < e.until).map(|e| e.until).max()
    }

    /// 4.5.3: the last month `a` and `b` broke an alliance.
    pub fn last_broken(&self, a: Power, b: Power) -> Option<Month> {
        self.broken.iter().filter(|x| (x.a, x.b) == (a, b) || (x.a, x.b) == (b, a)).map(|x| x.on).max()
    }

    /// Record that `a` and `b` went to war in `on`, `called` to it by an ally (4.4.5.2).
    pub fn went_to_war(&mut self, a: Power, b: Power, on: Month, called: bool) {
        self.war_order.retain(|w| !w.between(a, b));
        self.war_order.push(WarStart { a, b, on, called });
    }

    /// 4.4.5.2: when the war of `a` and `b` began: the month, whether by a call (later than
    /// the declarations of that month), and its place in the record. `None`: no such war.
    pub fn war_began(&self, a: Power, b: Power) -> Option<(Month, bool, usize)> {
        self.war_order.iter().position(|w| w.between(a, b)).map(|i| (self.war_order[i].on, self.war_order[i].called, i))
    }
}

/// A war between two major powers and when it began (4.4.5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarStart {
    pub a: Power,
    pub b: Power,
    pub on: Month,
    pub called: bool,
}

impl WarStart {
    fn between(&self, a: Power, b: Power) -> bool {
        (self.a, self.b) == (a, b) || (self.a, self.b) == (b, a)
    }
}

/// Is the political phase played in this game?
pub fn played(state: &State) -> bool {
    state.options.iter().any(|o| o == OPTION_POLITICAL)
}

/// The powers of the game in [`ORDER`].
pub fn order(state: &State) -> Vec<Power> {
    ORDER.into_iter().filter(|p| state.powers.contains_key(p) && !state.politics.out.contains(p)).collect()
}

/// Records a game starts with: the political status markers (4.6.2.2) and the scenario's
/// wars in the order they are listed (4.4.5.2).
pub fn open(ctx: &Ctx, state: &mut State) {
    if !played(state) {
        return;
    }
    state.politics.status = state.powers.keys().map(|p| (*p, ctx.politics.start(*p))).collect();
    let wars: Vec<(Power, Power)> =
        state.relations.wars.iter().filter_map(|(a, b)| Some((Power::from_id(a)?, Power::from_id(b)?))).collect();
    let first = state.first;
    for (a, b) in wars {
        state.politics.went_to_war(a, b, first, false);
    }
}

/// The phase begins: a new round, and the declarations of war are asked of every player.
pub fn start(state: &mut State) {
    state.politics.round = Some(Round::default());
    state.politics.combined.clear();
    state.sequence.order = order(state);
    state.sequence.index = 0;
}

/// The step `step` begins: what it asks first.
fn begin_step(
    ctx: &Ctx,
    state: &mut State,
    step: PoliticalStep,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    state.sequence.phase = crate::sequence::Phase::Political(step);
    state.sequence.index = 0;
    log.push(Event::new(
        format!("{}: {}", state.date, step.name()),
        serde_json::json!({"kind": "phase", "phase": state.sequence.phase, "date": state.date}),
    ));
    match step {
        PoliticalStep::MinorControl => {
            minor_control::instability(ctx, state, dice, log)?;
            minor_control::begin(state);
        }
        PoliticalStep::Peace => minor_control::lapse(ctx, state, log),
        _ => {}
    }
    Ok(())
}

/// Move the phase on after a command: skip what has nobody left to act, and leave the phase
/// (`true`) when its last step is done.
pub fn settle(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<bool, ApplyError> {
    loop {
        let crate::sequence::Phase::Political(step) = state.sequence.phase else { return Ok(false) };
        let Some(round) = &state.politics.round else { return Ok(false) };
        if !round.questions.is_empty() {
            return Ok(false);
        }
        // 3.0: a power with nothing it may do in its turn of a step is passed over (no
        // proposal, suit, break or free state open to it), so that nobody mails an `end`.
        if step.in_turns() && round.peace.is_none() {
            while let Some(p) = state.sequence.acting() {
                if !legal::commands(ctx, state, p).is_empty() {
                    break;
                }
                state.sequence.index += 1;
            }
        }
        let Some(round) = &state.politics.round else { return Ok(false) };
        let done = match step {
            PoliticalStep::Declarations => false,
            PoliticalStep::CallToAllies => round.next_caller >= round.callers.len(),
            PoliticalStep::CombinedMovement => round.combined_declared || combined::players(state).is_empty(),
            PoliticalStep::MinorControl => minor_control::settle(ctx, state, dice, log)?,
            PoliticalStep::Peace if round.peace.is_some() => {
                peace::settle(ctx, state, dice, log)?;
                false
            }
            _ => state.sequence.index >= state.sequence.order.len(),
        };
        if state.politics.round.as_ref().is_some_and(|r| !r.questions.is_empty() || r.peace.is_some()) {
            return Ok(false);
        }
        if !done {
            return Ok(false);
        }
        match step.next() {
            Some(next) => begin_step(ctx, state, next, dice, log)?,
            None => {
                state.politics.round = None;
                // The phase is over: its sequence stands at its end (a sealed last step leaves
                // it at its start), so that the month moves on to the next phase.
                state.sequence.index = state.sequence.order.len().saturating_sub(1);
                return Ok(true);
            }
        }
    }
}

/// What the phase waits for, if it is being played.
pub fn pending(ctx: &Ctx, state: &State) -> Option<Pending> {
    let crate::sequence::Phase::Political(step) = state.sequence.phase else { return None };
    let round = state.politics.round.as_ref()?;
    if let Some(q) = round.questions.first() {
        let power = q.power();
        let player = PlayerId(state.player_of(power)?);
        let options = legal::answers(ctx, state, q).iter().map(ToString::to_string).collect();
        return Some(Pending::Choice { player, prompt: format!("{}: {}", state.date, prompt(ctx, state, q)), options });
    }
    if let Some((minor, players)) = minor_control::backdown(state) {
        return Some(Pending::Sealed {
            step: format!("back-down-{minor}-{}", state.date.id()),
            players,
            prompt: format!(
                "{}: several powers declared war on {minor}: each writes in secret `back down` or `remain at war` \
                 (4.6.4); those who stay go to war with each other",
                state.date
            ),
        });
    }
    if step == PoliticalStep::Declarations {
        let mut players: Vec<PlayerId> =
            order(state).iter().filter_map(|p| state.player_of(*p)).map(PlayerId).collect();
        players.sort();
        players.dedup();
        return Some(Pending::Sealed {
            step: format!("declarations-{}", state.date.id()),
            players,
            prompt: format!(
                "{}: declarations of war, written in secret and revealed together (4.2): `declare none`, \
                 `declare on TARGET...` or `declare POWER on TARGET...; POWER on TARGET...`",
                state.date
            ),
        });
    }
    if step == PoliticalStep::CombinedMovement {
        return Some(Pending::Sealed {
            step: format!("combined-movement-{}", state.date.id()),
            players: combined::players(state),
            prompt: format!(
                "{}: combined movement, written in secret and revealed together (4.9): `combine none`, `combine with \
                 ALLY...` or `combine POWER with ALLY...; POWER with ALLY...` (allies who name each other move in \
                 the place of the one moving last)",
                state.date
            ),
        });
    }
    if step == PoliticalStep::CallToAllies {
        let caller = round.callers.get(round.next_caller)?;
        let player = PlayerId(state.player_of(caller.power)?);
        return Some(Pending::Command {
            player,
            prompt: format!(
                "{}: {} may call its allies (4.3): `call ALLY... against ENEMY`, then `end`",
                state.date,
                caller.power.name()
            ),
        });
    }
    let power = state.sequence.acting()?;
    let player = PlayerId(state.player_of(power)?);
    let what = match step {
        PoliticalStep::Peace => "`sue for peace to POWER...`, `propose informal peace with POWER`, then `end`",
        PoliticalStep::Alliances => "`propose alliance with POWER`, then `end`",
        PoliticalStep::BreakingAlliances => "`break alliance with POWER`, then `end`",
        PoliticalStep::FreeStates => "`free state MINOR`, then `end`",
        _ => "`end`",
    };
    Some(Pending::Command { player, prompt: format!("{}, {}: {} — {what}", state.date, step.name(), power.name()) })
}

fn prompt(ctx: &Ctx, state: &State, q: &Question) -> String {
    match q {
        Question::Call { caller, ally, enemy, .. } => format!(
            "{} calls {} to declare war on {} (4.3): `answer call` or `refuse call` (the alliance is broken, 4.3.1.3)",
            caller.name(),
            ally.name(),
            enemy.name()
        ),
        Question::Proposal { from, to, what } => {
            format!("{} proposes {} to {}: `accept proposal` or `decline proposal`", from.name(), what.name(), to.name())
        }
        Question::Control { minor, power } => format!(
            "war was declared on {}: does {} seek to run it (4.6.2)? `seek control of {minor}` or `decline control of {minor}`",
            ctx.map.nation(minor).map_or(minor.as_str(), |n| n.name.as_str()),
            power.name()
        ),
        Question::Peace { power } => peace::prompt(ctx, state, *power),
        Question::Separate { demander, ally } => format!(
            "{} made peace with an enemy {} still fights: `demand alliance broken` (4.4.7) or `accept separate peace`",
            ally.name(),
            demander.name()
        ),
        Question::Support { minor, power } => format!(
            "{} runs {}, attacked: it may declare war on its aggressors (4.6.5): `support none` or `support \
             against POWER...`",
            power.name(),
            ctx.map.nation(minor).map_or(minor.as_str(), |n| n.name.as_str())
        ),
    }
}

/// Check a command sealed in the political phase: declarations (4.2) or a back-down (4.6.4).
pub fn check_sealed(ctx: &Ctx, state: &State, player: PlayerId, c: &PoliticalCommand) -> Result<(), RuleError> {
    if minor_control::backdown(state).is_some() {
        return minor_control::check_backdown(state, player, c);
    }
    if state.sequence.phase == crate::sequence::Phase::Political(PoliticalStep::CombinedMovement) {
        return combined::check(state, player, c).map(|_| ());
    }
    if state.sequence.phase != crate::sequence::Phase::Political(PoliticalStep::Declarations) {
        return Err(RuleError::new("4.0", "nothing is chosen in secret now"));
    }
    declaration::check(ctx, state, player, c).map(|_| ())
}

/// Every player's sealed command is open: apply them.
pub fn apply_sealed(
    ctx: &Ctx,
    state: &State,
    choices: &[(PlayerId, PoliticalCommand)],
    dice: &mut dyn DiceSource,
) -> Result<(State, Vec<Event>), ApplyError> {
    if minor_control::backdown(state).is_some() {
        return minor_control::reveal_backdowns(ctx, state, choices);
    }
    if state.sequence.phase == crate::sequence::Phase::Political(PoliticalStep::CombinedMovement) {
        return combined::reveal(ctx, state, choices);
    }
    declaration::reveal(ctx, state, choices, dice)
}

/// R4.2, R4.6.4, R4.9 (docs/PROTOCOL.md section 13.5): a sealed command lost with a replaced
/// player: no declarations, staying at war, or no combined movement.
pub fn lost_sealed_choice(state: &State) -> Option<PoliticalCommand> {
    if minor_control::backdown(state).is_some() {
        return Some(PoliticalCommand::BackDown { back: false });
    }
    if state.sequence.phase == crate::sequence::Phase::Political(PoliticalStep::CombinedMovement) {
        return Some(PoliticalCommand::Combine { with: Vec::new() });
    }
    Some(PoliticalCommand::Declare { powers: Vec::new() })
}

/// The power the political phase waits for: the one asked a question, the caller, or the
/// power whose turn of the step it is; `None` when every player seals (declarations,
/// back-downs) or the phase is not being played.
pub fn waiting_power(state: &State) -> Option<Power> {
    let crate::sequence::Phase::Political(step) = state.sequence.phase else { return None };
    let round = state.politics.round.as_ref()?;
    if minor_control::backdown(state).is_some()
        || matches!(step, PoliticalStep::Declarations | PoliticalStep::CombinedMovement)
    {
        return None;
    }
    if let Some(q) = round.questions.first() {
        return Some(q.power());
    }
    if step == PoliticalStep::CallToAllies {
        return round.callers.get(round.next_caller).map(|c| c.power);
    }
    state.sequence.acting()
}

/// The lines `grognard status` shows of the political situation: wars and alliances between
/// major powers, enforced peaces, peace terms in force, powers out of the game.
pub fn summary(ctx: &Ctx, state: &State) -> Vec<String> {
    let pairs = |set: &std::collections::BTreeSet<(String, String)>| -> Vec<String> {
        set.iter()
            .filter_map(|(a, b)| Some(format!("{}-{}", Power::from_id(a)?.name(), Power::from_id(b)?.name())))
            .collect()
    };
    let mut out = Vec::new();
    let wars = pairs(&state.relations.wars);
    out.push(format!("At war: {}", if wars.is_empty() { "nobody".to_string() } else { wars.join(", ") }));
    let allied = pairs(&state.relations.alliances);
    out.push(format!("Allied: {}", if allied.is_empty() { "nobody".to_string() } else { allied.join(", ") }));
    for e in state.politics.enforced.iter().filter(|e| state.date < e.until) {
        out.push(format!(
            "Enforced peace: {} may not declare war on {} before {} (4.4.6.3)",
            e.by.name(),
            e.on.name(),
            e.until
        ));
    }
    for t in &state.politics.terms {
        out.push(format!(
            "Peace term {} imposed on {} by {} since {}",
            t.term,
            t.loser.name(),
            t.victor.name(),
            t.from
        ));
    }
    for (id, c) in &state.corps {
        if let Some(loan) = &c.loan {
            out.push(format!(
                "Corps {id} of {} is on loan to {} until {} (B.4)",
                ctx.map.nation(&c.nation).map_or(c.nation.as_str(), |n| n.name.as_str()),
                loan.borrower.name(),
                loan.until
            ));
        }
    }
    for p in &state.politics.out {
        out.push(format!("{} is out of the game (4.4.8)", p.name()));
    }
    out
}

/// The power `player` acts for now in the political phase.
pub fn actor(state: &State, player: PlayerId) -> Result<Option<Power>, RuleError> {
    let crate::sequence::Phase::Political(step) = state.sequence.phase else { return Ok(None) };
    let Some(round) = &state.politics.round else { return Ok(None) };
    if minor_control::backdown(state).is_some() {
        return Err(RuleError::new(
            "4.6.4",
            "the declarers choose in secret: `back down` or `remain at war` is sealed",
        ));
    }
    let power = if let Some(q) = round.questions.first() {
        q.power()
    } else if step == PoliticalStep::CallToAllies {
        match round.callers.get(round.next_caller) {
            Some(c) => c.power,
            None => return Ok(None),
        }
    } else if step == PoliticalStep::Declarations {
        return Err(RuleError::new("4.2", "the declarations of war are written in secret: `declare ...` is sealed"));
    } else if step == PoliticalStep::CombinedMovement {
        return Err(RuleError::new("4.9", "combined movement is written in secret: `combine ...` is sealed"));
    } else {
        match state.sequence.acting() {
            Some(p) => p,
            None => return Ok(None),
        }
    };
    if state.player_of(power) != Some(player.0) {
        return Err(RuleError::new(
            "3.1",
            format!("it is {}'s turn ({}), and {player} does not run it", power.name(), state.sequence.phase),
        ));
    }
    Ok(Some(power))
}

/// Apply a command of the political phase (or `end`) from `power`.
pub fn apply(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: Option<&PoliticalCommand>,
    dice: &mut dyn DiceSource,
) -> Result<(State, Vec<Event>, bool), ApplyError> {
    let crate::sequence::Phase::Political(step) = state.sequence.phase else {
        return Err(RuleError::new("3.1", "the political phase is not being played").into());
    };
    let mut next = state.clone();
    let mut log = Vec::new();
    let asked = next.politics.round.as_ref().and_then(|r| r.questions.first().cloned());
    use PoliticalCommand as P;
    match (asked, command) {
        (Some(q), Some(c)) => answer(ctx, &mut next, &q, c, dice, &mut log)?,
        (Some(q), None) => {
            return Err(RuleError::new("3.1", format!("answer first: {}", prompt(ctx, state, &q))).into());
        }
        (None, None) => end_turn(&mut next, step, power, &mut log)?,
        (None, Some(c)) => match (step, c) {
            (PoliticalStep::CallToAllies, P::Call { allies, enemy }) => {
                allies::call(ctx, &mut next, power, allies, enemy, &mut log)?
            }
            (PoliticalStep::Peace, P::Sue { to }) => peace::sue(ctx, &mut next, power, to, &mut log)?,
            (PoliticalStep::Peace, P::ProposeInformal { to }) => {
                alliance::propose(&mut next, power, *to, Proposal::InformalPeace)?
            }
            (PoliticalStep::Alliances, P::ProposeAlliance { to }) => {
                alliance::propose(&mut next, power, *to, Proposal::Alliance)?
            }
            (PoliticalStep::BreakingAlliances, P::BreakAlliance { with }) => {
                term_effects::break_ties(ctx, &mut next, power, *with, &mut log)?
            }
            (PoliticalStep::FreeStates, P::FreeState { minor }) => {
                alliance::free_state(ctx, &mut next, power, minor, &mut log)?
            }
            (step, c) => {
                return Err(RuleError::new("3.1", format!("`{c}` is not a command of the {}", step.name())).into())
            }
        },
    }
    let over = settle(ctx, &mut next, dice, &mut log)?;
    Ok((next, log, over))
}

fn end_turn(next: &mut State, step: PoliticalStep, power: Power, log: &mut Vec<Event>) -> Result<(), RuleError> {
    log.push(Event::new(
        format!("{} ends its {}", power.name(), step.name()),
        serde_json::json!({"kind": "end", "power": power, "phase": next.sequence.phase}),
    ));
    let round = next.politics.round.as_mut().ok_or_else(|| RuleError::new("3.1", "no political phase"))?;
    if step == PoliticalStep::CallToAllies {
        round.next_caller += 1;
    } else if step.in_turns() {
        next.sequence.index += 1;
    } else {
        return Err(RuleError::new("3.1", format!("the {} is not ended by a power", step.name())));
    }
    Ok(())
}

fn answer(
    ctx: &Ctx,
    next: &mut State,
    q: &Question,
    c: &PoliticalCommand,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    use PoliticalCommand as P;
    let legal = legal::answers(ctx, next, q);
    // A peace term, a cession or an offer the peace refuses is refused by it, naming the rule.
    let term = matches!(
        (q, c),
        (
            Question::Peace { .. },
            P::Term { term: Some(_) }
                | P::Cede { what: Some(_) }
                | P::CedeConquered { .. }
                | P::RemoveLeader { leader: Some(_) }
                | P::Borrow { .. }
                | P::Empire { change: Some(_) }
                | P::Offer { .. }
        )
    );
    if !legal.contains(c) && !term {
        let options: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let rule = match q {
            Question::Call { .. } => "4.3.2",
            Question::Proposal { what: Proposal::Alliance, .. } => "4.5",
            Question::Proposal { what: Proposal::InformalPeace, .. } => "4.4.1",
            Question::Control { .. } => "4.6.2",
            Question::Support { .. } => "4.6.5",
            Question::Separate { .. } => "4.4.7",
            Question::Peace { .. } => "4.4",
        };
        return Err(RuleError::new(rule, format!("`{c}` does not answer this question: {}", options.join(", "))).into());
    }
    if let Some(round) = next.politics.round.as_mut() {
        round.questions.remove(0);
    }
    match (q, c) {
        (Question::Call { caller, ally, enemy, caller_is_aggressor }, P::AnswerCall { join }) => {
            allies::answered(ctx, next, *caller, *ally, *enemy, *caller_is_aggressor, *join, log)
        }
        (Question::Proposal { from, to, what }, P::AnswerProposal { accept }) => {
            alliance::answered(ctx, next, *from, *to, *what, *accept, log)
        }
        (Question::Control { minor, power }, P::Control { seek, .. }) => {
            minor_control::answered(ctx, next, minor, *power, *seek, log);
            Ok(())
        }
        (Question::Peace { power }, c) => peace::answered(ctx, next, *power, c, dice, log),
        (Question::Separate { demander, ally }, P::Demand { demand }) => {
            separate_peace::answered(ctx, next, *demander, *ally, *demand, log).map_err(Into::into)
        }
        (Question::Support { minor, power }, P::Support { against }) => {
            minor_control::support(ctx, next, minor, *power, against, log);
            Ok(())
        }
        _ => Err(RuleError::new("3.1", format!("`{c}` does not answer this question")).into()),
    }
}

/// The districts of minor country `minor` (10.4): its provinces on the map.
pub fn districts(ctx: &Ctx, minor: &str) -> i32 {
    i32::try_from(ctx.map.provinces_of(minor).len()).unwrap_or(i32::MAX)
}

/// The major powers `power` is at war with.
pub fn enemies(state: &State, power: Power) -> BTreeSet<Power> {
    state.powers.keys().copied().filter(|p| state.relations.at_war(power.id(), p.id())).collect()
}
