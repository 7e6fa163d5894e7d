//! The economic phase (3.5, 8.0; option `economic`), reconstructed: rule 8 is not in the text
//! (RECONSTRUCTION.md, "The economic phase (R8)"). It ends the March, June, September and
//! December turns, after the land phase and before the time record (3.5). Its steps:
//!
//! - A, victory points (8.1, `victory.rs`): recorded by the zone of each status marker, with
//!   the British change for the balance of power (8.1.2) and the cost of a war with the
//!   United States (`american_war.rs`);
//! - B, collection (8.2, `collection.rs`): taxation, trade, Spanish gold, manpower, and the
//!   minor free states' own collection; American trade stopped by enemies' decrees or by war
//!   with the United States (8.2.1.2.2.2.2, `american_war.rs`);
//! - C, lending (8.3, `lending.rs`): each power in turn may lend money, then `end`;
//! - D, manipulation (8.4, `manipulation.rs`): what an occupied home capital withheld goes to
//!   its occupier (8.4.1); with option 12.5 each power in turn may move its economic
//!   manipulation marker, then `end`, and every marker off 0 yields and costs
//!   (8.4.2, `economic_manipulation.rs`);
//! - E, expenditure (8.5): maintenance and debts paid automatically first
//!   (`maintenance.rs`), then each power in turn buys factors, corps, ships and fleets
//!   (`expenditure.rs`), converts militia (option 12.1.1, 8.5.6, `militia_conversion.rs`),
//!   stops or resumes American trade (8.2.1.2.2.2.2), then `end`; what is bought falls due
//!   next month (`delivery.rs`); surplus manpower is lost but where stored (8.5.7);
//! - F, status adjustment (8.6, `status.rs`), G, civil disorder (8.7, `civil_disorder.rs`,
//!   after the United States' answer to decrees, `american_war.rs`), H, ceding (8.8,
//!   `ceding.rs`): each power in turn may give land to a power at peace with it, then those
//!   offered something receive it or not, I, new political combinations (8.9, option
//!   `combinations`, `combinations.rs`): each power in turn may create those it qualifies
//!   for, J, the December levy (8.10, `levy.rs`).
//!
//! Collection also plays the peace terms on trade (colonial concessions, embargo); the
//! manipulation step pays reparations and returns the leaders an abdication removed
//! (R4.4.6.5-R4.4.6.7, R8.4.3, `peace_terms.rs`).
//!
//! Not yet played: UMP control (8.11).
//!
//! The powers act one after the other in the army reinforcement step's order (3.2 B, R8.0);
//! every decision is a command of the acting power ended by `end`.

pub mod american_war;
pub mod ceding;
pub mod civil_disorder;
pub mod collection;
pub mod combinations;
pub mod command;
pub mod delivery;
pub mod economic_manipulation;
pub mod expenditure;
pub mod legal;
pub mod lending;
pub mod levy;
pub mod maintenance;
pub mod manipulation;
pub mod militia_conversion;
pub mod peace_terms;
pub mod status;
pub mod victory;

use crate::ctx::Ctx;
use crate::data::peace::Fraction;
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::State;
use command::EconomicCommand;
use grognard_engine::{ApplyError, DiceSource, Event, Pending, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

pub use delivery::Order;

/// The option playing the campaign games' economic phase in a scenario (3.5, 8.0).
pub const OPTION_ECONOMIC: &str = "economic";

/// R8.0: the order of the powers in the steps where they act one after the other: the army
/// reinforcement step's (3.2 B), the step that places what the phase buys.
pub const ORDER: [Power; 7] = Power::ARMY_REINFORCEMENT_ORDER;

/// 3.5: the months whose turn ends with an economic phase.
pub const QUARTER_MONTHS: [u8; 4] = [3, 6, 9, 12];

/// A step of the economic phase (3.5 A-J; K is not yet played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EconomicStep {
    /// 8.1: victory points recorded.
    VictoryPoints,
    /// 8.2: money and manpower collected.
    Collection,
    /// 8.3: powers lend money, in turn.
    Lending,
    /// 8.4: occupied home capitals; economic manipulation in turn (8.4.2, optional).
    Manipulation,
    /// 8.5: maintenance, debts, purchases, in turn.
    Expenditure,
    /// 8.6: status markers moved.
    StatusAdjustment,
    /// 8.7: civil disorder rolled.
    CivilDisorder,
    /// 8.8: powers cede territory to others who accept, in turn.
    Ceding,
    /// 8.9: powers create new political combinations, in turn (option `combinations`).
    Combinations,
    /// 8.10: the December levy.
    Levy,
}

impl EconomicStep {
    /// The phase's first step.
    pub const FIRST: EconomicStep = EconomicStep::VictoryPoints;

    /// The step after this one, in the order of 3.5.
    pub fn next(self) -> Option<EconomicStep> {
        use EconomicStep as S;
        match self {
            S::VictoryPoints => Some(S::Collection),
            S::Collection => Some(S::Lending),
            S::Lending => Some(S::Manipulation),
            S::Manipulation => Some(S::Expenditure),
            S::Expenditure => Some(S::StatusAdjustment),
            S::StatusAdjustment => Some(S::CivilDisorder),
            S::CivilDisorder => Some(S::Ceding),
            S::Ceding => Some(S::Combinations),
            S::Combinations => Some(S::Levy),
            S::Levy => None,
        }
    }

    /// The step's name and rule.
    pub fn name(self) -> &'static str {
        use EconomicStep as S;
        match self {
            S::VictoryPoints => "victory points step (8.1)",
            S::Collection => "money and manpower collection step (8.2)",
            S::Lending => "lending money step (8.3)",
            S::Manipulation => "manipulation step (8.4)",
            S::Expenditure => "money and manpower expenditure step (8.5)",
            S::StatusAdjustment => "political status adjustment step (8.6)",
            S::CivilDisorder => "civil disorder step (8.7)",
            S::Ceding => "ceding step (8.8)",
            S::Combinations => "new political combinations step (8.9)",
            S::Levy => "levy step (8.10)",
        }
    }

    /// Steps in which the powers act one after the other in [`ORDER`] (the manipulation step
    /// only with option 12.5: without it every power is passed over, 8.4.2).
    pub fn in_turns(self) -> bool {
        matches!(
            self,
            EconomicStep::Lending
                | EconomicStep::Manipulation
                | EconomicStep::Expenditure
                | EconomicStep::Ceding
                | EconomicStep::Combinations
        )
    }
}

/// A minor free state's own money and manpower (8.2.3, 8.5.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treasury {
    pub money: i32,
    pub manpower: i32,
}

/// Money an occupied home capital withheld from its power's collection, owed to the power
/// holding the city (R8.4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withheld {
    pub from: Power,
    pub to: Power,
    pub amount: i32,
}

/// This quarter's phase, while it is played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// R8.4.1: collections withheld by occupied capitals, paid in the manipulation step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withheld: Vec<Withheld>,
    /// R8.8: gifts offered in the ceding step, not yet answered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gifts: Vec<ceding::Gift>,
    /// R8.8: the ceding step's second round, where gifts are answered.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub answering: bool,
    /// R8.4.2: the powers that moved their economic manipulation marker this phase.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub manipulated: BTreeSet<Power>,
    /// R8.5.6: militia factors each power converted this phase.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub converted: BTreeMap<Power, i32>,
}

/// The economic records of a game (option `economic`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Economy {
    /// 8.1.1: each power's victory points recorded so far.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub victory: BTreeMap<Power, i32>,
    /// 8.2.2: each power's manpower pool.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub manpower: BTreeMap<Power, i32>,
    /// 8.2.3, 8.5.5: the minor free states' treasuries, by minor country.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub minors: BTreeMap<String, Treasury>,
    /// R8.5.2: formal debts, money each power owes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub debts: BTreeMap<Power, i32>,
    /// R4.4.6.5: reparations owed by peace terms (B.3, C.3), in the order of the peaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reparations: Vec<peace_terms::Reparation>,
    /// 8.5.3, 8.5.4: forces bought and not yet due, first bought first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<Order>,
    /// R8.2.1.2.2.2.2: the powers whose decree stopping American trade is in force.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub american_stopped: BTreeSet<Power>,
    /// R8.2.1.2.2.2.2: the powers at war with the United States.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub american_war: BTreeSet<Power>,
    /// R8.4.2: each power's economic manipulation marker (absent: in the 0 box, 2.4.2.1.3).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub manipulation: BTreeMap<Power, i32>,
    /// This quarter's phase, while it is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<Round>,
}

impl Economy {
    /// Nothing recorded (a game without the option).
    pub fn is_empty(&self) -> bool {
        *self == Economy::default()
    }

    /// 8.2.2: `power`'s manpower.
    pub fn manpower_of(&self, power: Power) -> i32 {
        self.manpower.get(&power).copied().unwrap_or(0)
    }

    /// R8.5.2: what `power` owes.
    pub fn debt_of(&self, power: Power) -> i32 {
        self.debts.get(&power).copied().unwrap_or(0)
    }

    /// R8.5.2, R4.4.6.5: what `power` owes in all: its formal debt and the reparations it
    /// could not pay.
    pub fn owed(&self, power: Power) -> i32 {
        self.debt_of(power).saturating_add(self.reparations.iter().filter(|r| r.loser == power).map(|r| r.owed).sum())
    }

    /// 8.1.1: `power`'s victory points so far.
    pub fn victory_of(&self, power: Power) -> i32 {
        self.victory.get(&power).copied().unwrap_or(0)
    }

    /// R8.4.2: the box of `power`'s economic manipulation marker.
    pub fn manipulation_of(&self, power: Power) -> i32 {
        self.manipulation.get(&power).copied().unwrap_or(0)
    }
}

/// Is the economic phase played in this game?
pub fn played(state: &State) -> bool {
    state.options.iter().any(|o| o == OPTION_ECONOMIC)
}

/// 3.5: does this month's turn end with an economic phase?
pub fn due_now(state: &State) -> bool {
    played(state) && QUARTER_MONTHS.contains(&state.date.month())
}

/// `share` of `value`, rounded down (no floats); nothing of a value below zero.
pub fn share(share: Fraction, value: i32) -> i32 {
    if value <= 0 || share.denominator == 0 {
        return 0;
    }
    let out = i64::from(value) * i64::from(share.numerator) / i64::from(share.denominator);
    i32::try_from(out).unwrap_or(i32::MAX)
}

/// The box of `power`'s status marker (4.6.2.2): its record, or its starting box.
pub fn status_of(ctx: &Ctx, state: &State, power: Power) -> i32 {
    state.politics.status.get(&power).copied().unwrap_or_else(|| ctx.politics.start(power))
}

/// `power`'s money points, never counted below zero.
pub fn money_of(state: &State, power: Power) -> i32 {
    state.powers.get(&power).map_or(0, |p| p.money.max(0))
}

/// Add `amount` (negative: take) to `power`'s money.
pub fn add_money(state: &mut State, power: Power, amount: i32) {
    if let Some(p) = state.powers.get_mut(&power) {
        p.money = p.money.saturating_add(amount);
    }
}

/// Add `amount` (negative: take) to `power`'s manpower.
pub fn add_manpower(state: &mut State, power: Power, amount: i32) {
    let pool = state.economy.manpower.entry(power).or_insert(0);
    *pool = pool.saturating_add(amount);
    if *pool == 0 {
        state.economy.manpower.remove(&power);
    }
}

/// The powers of the game in [`ORDER`].
pub fn order(state: &State) -> Vec<Power> {
    ORDER.into_iter().filter(|p| state.powers.contains_key(p)).collect()
}

/// Records a game starts with: the status markers (4.6.2.2) when the political phase does
/// not set them (the economic phase moves them, 8.6).
pub fn open(ctx: &Ctx, state: &mut State) {
    combinations::open(ctx, state);
    if !played(state) || !state.politics.status.is_empty() {
        return;
    }
    state.politics.status = state.powers.keys().map(|p| (*p, ctx.politics.start(*p))).collect();
}

/// A phase of the month begins: the economic phase plays its automatic first steps; the
/// naval reinforcement step receives the ships and fleets bought (5.1.1, 5.1.2).
pub fn start_phase(ctx: &Ctx, state: &mut State, phase: Phase, log: &mut Vec<Event>) {
    if !played(state) {
        return;
    }
    match phase {
        Phase::Economic(_) => start(ctx, state, log),
        Phase::NavalReinforcement => delivery::ships(ctx, state, log),
        _ => {}
    }
}

/// A month begins: the army factors and corps bought last quarter fall due (5.2.2, 8.5.3).
pub fn new_month(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if played(state) {
        delivery::army(ctx, state, log);
    }
}

/// The phase begins: steps A and B, then the lending step's first power (or on).
fn start(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    state.economy.round = Some(Round::default());
    let mut no_dice = grognard_engine::NoDice;
    let begun = begin_step(ctx, state, EconomicStep::FIRST, &mut no_dice, log)
        .and_then(|()| settle(ctx, state, &mut no_dice, log).map(|_| ()));
    // The expenditure step waits for every power before any step that rolls, so no die is
    // asked here (civil disorder comes after it).
    if let Err(e) = begun {
        log.push(Event::new(
            format!("the economic phase could not begin: {e:?}"),
            serde_json::json!({"kind": "economic-error"}),
        ));
    }
}

/// The step `step` begins: what it does by itself.
fn begin_step(
    ctx: &Ctx,
    state: &mut State,
    step: EconomicStep,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    // The phase's first step was announced as the phase began (`turn::start_phase`).
    if state.sequence.phase != Phase::Economic(step) {
        state.sequence.phase = Phase::Economic(step);
        log.push(Event::new(
            format!("{}: {}", state.date, step.name()),
            serde_json::json!({"kind": "phase", "phase": state.sequence.phase, "date": state.date}),
        ));
    }
    if step.in_turns() {
        state.sequence.index = 0;
    }
    match step {
        EconomicStep::VictoryPoints => victory::record(ctx, state, log),
        EconomicStep::Collection => collection::collect(ctx, state, log),
        EconomicStep::Lending => {}
        EconomicStep::Manipulation => {
            manipulation::step(state, log);
            peace_terms::pay(state, log);
            crate::politics::term_effects::return_leaders(ctx, state, log);
        }
        EconomicStep::Expenditure => maintenance::pay(ctx, state, log),
        EconomicStep::StatusAdjustment => status::adjust(ctx, state, log),
        EconomicStep::CivilDisorder => {
            american_war::roll(ctx, state, dice, log)?;
            civil_disorder::roll(ctx, state, dice, log)?
        }
        EconomicStep::Ceding | EconomicStep::Combinations => {}
        EconomicStep::Levy => levy::levy(ctx, state, log),
    }
    Ok(())
}

/// May `power` act in `step` (or is it passed over: a power with no money lends nothing)?
fn may_act(ctx: &Ctx, state: &State, power: Power, step: EconomicStep) -> bool {
    match step {
        EconomicStep::Ceding => ceding::may_act(ctx, state, power),
        EconomicStep::Combinations => combinations::may_act(ctx, state, power),
        EconomicStep::Lending => lending::may_lend(state, power) || !peace_terms::spread_to(state, power).is_empty(),
        EconomicStep::Manipulation => economic_manipulation::played(state),
        _ => true,
    }
}

/// Move the phase on after a command: pass over powers with nothing to do, run the steps
/// that need nobody, and leave the phase (`true`) when its last step is done.
pub fn settle(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<bool, ApplyError> {
    loop {
        let Phase::Economic(step) = state.sequence.phase else { return Ok(false) };
        if step.in_turns() {
            while let Some(p) = state.sequence.order.get(state.sequence.index).copied() {
                if may_act(ctx, state, p, step) {
                    return Ok(false);
                }
                state.sequence.index += 1;
            }
        }
        if step == EconomicStep::Manipulation {
            economic_manipulation::close(ctx, state, log);
        }
        if step == EconomicStep::Expenditure {
            expenditure::close(ctx, state, log);
        }
        if step == EconomicStep::Ceding && ceding::second_round(state) {
            continue;
        }
        // 8.9 is optional: without the option the phase goes from H to J.
        let mut next = step.next();
        if next == Some(EconomicStep::Combinations) && !combinations::played(state) {
            next = EconomicStep::Combinations.next();
        }
        match next {
            Some(next) => begin_step(ctx, state, next, dice, log)?,
            None => {
                state.economy.round = None;
                state.sequence.index = state.sequence.order.len();
                return Ok(true);
            }
        }
    }
}

/// What the phase waits for, if it is being played.
pub fn pending(ctx: &Ctx, state: &State) -> Option<Pending> {
    let Phase::Economic(step) = state.sequence.phase else { return None };
    let _ = ctx;
    let power = state.sequence.acting()?;
    let player = PlayerId(state.player_of(power)?);
    let what = match step {
        EconomicStep::Lending if !peace_terms::spread_to(state, power).is_empty() => {
            "`lend N to POWER`, `spread reparations to POWER` (R4.4.6.5), then `end`"
        }
        EconomicStep::Lending => "`lend N to POWER`, then `end`",
        EconomicStep::Manipulation => "`raise taxes` or `lower taxes` (8.4.2), then `end`",
        EconomicStep::Ceding if ceding::answering(state) => {
            "`receive ID` or `receive MINOR as conquered` for what is offered to it (8.8, 8.8.5), then `end` \
             (declining the rest)"
        }
        EconomicStep::Ceding => "`give MINOR|PROVINCE to POWER` (8.8), then `end`",
        EconomicStep::Combinations => "`create COMBINATION` (8.9, 11.1-11.6, 11.8), then `end`",
        _ => {
            "`buy N KIND [for MINOR] [at AREA]`, `buy corps CORPS with N KIND [at AREA]`, `buy N ships for FLEET`, \
             `buy fleet FLEET with N ships at AREA`, `convert N militia at AREA` (8.5.6), `stop american trade` or \
             `resume american trade` (8.2.1.2.2.2.2), then `end`"
        }
    };
    let treasury = format!(
        "${}, {} manpower{}",
        money_of(state, power),
        state.economy.manpower_of(power),
        match state.economy.owed(power) {
            0 => String::new(),
            d => format!(", owing ${d}"),
        }
    );
    Some(Pending::Command {
        player,
        prompt: format!("{}, {}: {} ({treasury}) — {what}", state.date, step.name(), power.name()),
    })
}

/// Apply a command of the economic phase (or `end`) from `power`, the acting power.
pub fn apply(
    ctx: &Ctx,
    state: &State,
    power: Power,
    command: Option<&EconomicCommand>,
    dice: &mut dyn DiceSource,
) -> Result<(State, Vec<Event>, bool), ApplyError> {
    let Phase::Economic(step) = state.sequence.phase else {
        return Err(RuleError::new("3.5", "the economic phase is not being played").into());
    };
    if state.sequence.acting() != Some(power) {
        return Err(RuleError::new("3.5", format!("it is not {}'s turn in the {}", power.name(), step.name())).into());
    }
    let mut next = state.clone();
    let mut log = Vec::new();
    use EconomicCommand as E;
    match (step, command) {
        (_, None) => {
            log.push(Event::new(
                format!("{} ends its {}", power.name(), step.name()),
                serde_json::json!({"kind": "end", "power": power, "phase": next.sequence.phase}),
            ));
            next.sequence.index += 1;
        }
        (EconomicStep::Lending, Some(E::Lend { amount, to })) => {
            lending::lend(&mut next, power, *amount, *to, &mut log)?
        }
        (EconomicStep::Lending, Some(E::SpreadReparations { to })) => {
            peace_terms::spread(&mut next, power, *to, &mut log)?
        }
        (EconomicStep::Ceding, Some(E::Give { what, to })) => ceding::give(ctx, &mut next, power, what, *to, &mut log)?,
        (EconomicStep::Ceding, Some(E::Receive { what, conquered })) => {
            ceding::receive(ctx, &mut next, power, what, *conquered, &mut log)?
        }
        (EconomicStep::Combinations, Some(E::Create { combination })) => {
            combinations::create(ctx, &mut next, power, combination, &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::Buy { count, kind, nation, area })) => {
            let order =
                expenditure::Purchase { count: *count, kind: *kind, nation: nation.as_deref(), area: area.as_deref() };
            expenditure::buy_factors(ctx, &mut next, power, &order, &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::BuyCorps { corps, count, kind, area })) => {
            expenditure::buy_corps(ctx, &mut next, power, corps, (*count, *kind), area.as_deref(), &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::BuyShips { count, fleet })) => {
            expenditure::buy_ships(ctx, &mut next, power, *count, fleet, &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::BuyFleet { fleet, ships, area })) => {
            expenditure::buy_fleet(ctx, &mut next, power, fleet, *ships, area, &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::ConvertMilitia { count, area })) => {
            militia_conversion::convert(ctx, &mut next, power, *count, area, &mut log)?
        }
        (EconomicStep::Expenditure, Some(E::StopAmericanTrade)) => american_war::stop(&mut next, power, &mut log)?,
        (EconomicStep::Expenditure, Some(E::ResumeAmericanTrade)) => american_war::resume(&mut next, power, &mut log)?,
        (EconomicStep::Manipulation, Some(E::Manipulate { raise })) => {
            economic_manipulation::manipulate(ctx, &mut next, power, *raise, &mut log)?
        }
        (step, Some(c)) => {
            return Err(RuleError::new("3.5", format!("`{c}` is not a command of the {}", step.name())).into());
        }
    }
    let over = settle(ctx, &mut next, dice, &mut log)?;
    Ok((next, log, over))
}

/// A line a power for `grognard status` (option `economic`): victory points, status, manpower,
/// debt, economic manipulation marker, American trade stopped or war with the United States,
/// free states' treasuries.
pub fn summary(ctx: &Ctx, state: &State) -> Vec<String> {
    if !played(state) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for power in state.powers.keys().copied() {
        let status = status_of(ctx, state, power);
        let mut line = format!(
            "{:<14} {} victory points (target {}), status box {status} ({}), {} manpower",
            power.name(),
            state.economy.victory_of(power),
            victory::target(ctx, state, power),
            ctx.politics.zone(status).name,
            state.economy.manpower_of(power)
        );
        if state.economy.owed(power) > 0 {
            line.push_str(&format!(", owes ${}", state.economy.owed(power)));
        }
        if state.economy.manipulation_of(power) != 0 {
            line.push_str(&format!(", economic manipulation box {:+}", state.economy.manipulation_of(power)));
        }
        if state.economy.american_stopped.contains(&power) {
            line.push_str(", stopping American trade");
        }
        if state.economy.american_war.contains(&power) {
            line.push_str(", at war with the United States");
        }
        for minor in maintenance::free_states(state, power) {
            if let Some(t) = state.economy.minors.get(&minor) {
                line.push_str(&format!(", {minor} ${} {} manpower", t.money, t.manpower));
            }
        }
        out.push(line);
    }
    out
}

/// The powers a roll after `command` concerns: ending the expenditure step rolls for the
/// United States' answer to decrees stopping American trade (8.2.1.2.2.2.2) and for civil
/// disorder (8.7) of the powers in its zone.
pub fn concerns(ctx: &Ctx, state: &State, command: &crate::command::Command) -> Vec<Power> {
    if !matches!(command, crate::command::Command::End)
        || state.sequence.phase != Phase::Economic(EconomicStep::Expenditure)
    {
        return Vec::new();
    }
    order(state)
        .into_iter()
        .filter(|p| american_war::rolls(state, *p) || civil_disorder::suffers(ctx, state, *p))
        .collect()
}
