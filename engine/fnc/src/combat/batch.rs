//! Attacks declared together (11.3): "he need not declare all his attacks beforehand" — but
//! he may. A `batch` declares several attacks at once, rolls every die with the one command
//! (so one witness reveal answers them all, and a game turn by mail needs one packet for the
//! attacks), then resolves the battles one at a time in the declared order (11.2, 11.3: each
//! "run through to its conclusion" before the next is begun).
//!
//! **What keeps it fair.** Once the dice of a batch are known, every decision taken between
//! its battles is taken knowing the dice of the battles still to come. Two restrictions make
//! that knowledge harmless to the result of those battles:
//! - the battles are *apart*: their defending hexes are at least [`APART`] hexes from one
//!   another, so no retreat (at most two hexes, 11.23 stricture 2) or advance (into the
//!   defender's hex, 11.25) of one battle can reach a hex that another battle's strengths,
//!   shifts or retreat paths depend on;
//! - the attacker's own decisions in the batch (losses, advances, over-stack removals) are
//!   given in advance, as standing orders written into the signed batch command and applied
//!   by the rules, never chosen once the dice are known. An attacker decision those orders
//!   do not answer waits for the attacker as usual.
//!
//! A batch can never be cancelled (11.3). A declared battle is checked again when its turn
//! comes; one that can no longer be fought (its defenders gone) is reported and dropped.

use super::declare;
pub use crate::battle::{Batch, Queued};
pub use crate::command::BatchAttack;
use crate::ctx::Ctx;
use crate::happened::Happened;
use crate::orders::Orders;
use crate::state::{Side, State};
use grognard_engine::{ApplyError, DiceSource, DiceUnavailable, Event, RuleError};

/// The smallest distance between the defending hexes of two battles of one batch.
pub const APART: u32 = 5;
/// The most attacks one batch declares.
pub const MAX_ATTACKS: usize = 12;

fn rule(message: impl Into<String>) -> ApplyError {
    RuleError::new("11.3", message).into()
}

/// Declare `attacks` together: check them all, roll their dice, and start the first battle.
/// What attacks declared together must respect among themselves (11.3, 11.4): each hex
/// attacked once, each unit in one attack, the battles far enough apart.
pub fn check_together(attacks: &[BatchAttack]) -> Result<(), RuleError> {
    for (i, a) in attacks.iter().enumerate() {
        for b in &attacks[..i] {
            if a.defender == b.defender {
                return Err(RuleError::new("11.4", format!("{} is attacked twice in one batch", a.defender)));
            }
            if let Some(u) =
                a.attackers.iter().chain(&a.fleets).find(|u| b.attackers.contains(u) || b.fleets.contains(u))
            {
                return Err(RuleError::new(
                    "11.3",
                    format!("{u} is in two attacks of the batch: a unit attacks once per player turn"),
                ));
            }
            let apart = a.defender.distance(b.defender);
            if apart < APART {
                return Err(RuleError::new(
                    "11.3",
                    format!(
                        "battles declared together must be at least {APART} hexes apart so that no retreat or \
                         advance of one can touch another; {} and {} are {apart} apart: declare them one at a time \
                         with `attack`",
                        b.defender, a.defender
                    ),
                ));
            }
        }
    }
    Ok(())
}

pub fn apply(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attacks: &[BatchAttack],
    orders: &Orders,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if attacks.len() < 2 {
        return Err(rule("a batch declares at least two attacks; declare one with `attack`"));
    }
    if attacks.len() > MAX_ATTACKS {
        return Err(rule(format!("a batch declares at most {MAX_ATTACKS} attacks")));
    }
    if !state.battles.is_empty() || state.batch.is_some() {
        return Err(rule("a battle is still being resolved"));
    }
    orders.check(ctx)?;
    check_together(attacks)?;
    let mut automatic = Vec::new();
    for a in attacks {
        let d = declare::check(ctx, state, side, &a.attackers, a.defender, &a.fleets)?;
        automatic.push(d.sc_alone);
    }
    // Every check is done: now the dice (the NeedDice contract).
    let mut queued = Vec::new();
    for (a, auto) in attacks.iter().zip(automatic) {
        let die = if auto { None } else { Some(dice.roll(6)?) };
        queued.push(Queued { attack: a.clone(), die });
    }
    let mut next = state.clone();
    let list: Vec<String> = attacks.iter().map(|a| format!("{} by {}", a.defender, a.attackers.join(", "))).collect();
    let orders_text = if orders.is_empty() { "none".to_string() } else { orders.text() };
    let faces: Vec<Option<u32>> = queued.iter().map(|q| q.die).collect();
    let text = format!(
        "The {} player declares {} attacks together (11.3): {}; his orders for his own decisions in them: {orders_text}",
        ctx.rules.side_name(side),
        attacks.len(),
        list.join("; ")
    );
    log.push(
        Happened::Batch { rule: "11.3".into(), side, attacks: attacks.to_vec(), orders: orders_text, dice: faces }
            .event(text),
    );
    next.batch = Some(Batch { side, queued, orders: orders.clone() });
    Ok(next)
}

/// Start the next declared battle of the batch, if nothing else is being resolved. Returns
/// whether one was started (or dropped); the batch is cleared once its last battle is done.
pub fn start_next(
    ctx: &Ctx,
    state: &mut State,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<bool, ApplyError> {
    if state.decision.is_some() || !state.battles.is_empty() {
        return Ok(false);
    }
    if state.phase != crate::state::Phase::Combat {
        state.batch = None;
        return Ok(false);
    }
    let Some(batch) = &mut state.batch else { return Ok(false) };
    if batch.queued.is_empty() {
        state.batch = None;
        return Ok(false);
    }
    let Queued { attack, die } = batch.queued.remove(0);
    let side = batch.side;
    if let Err(e) = declare::check(ctx, state, side, &attack.attackers, attack.defender, &attack.fleets) {
        log.push(Happened::BatchDropped { hex: attack.defender, reason: e.to_string(), rule: "11.3".into() }.event(
            format!("The attack declared on {} can no longer be made ({e}): it is dropped (11.3)", attack.defender),
        ));
        return Ok(true);
    }
    let faces: Vec<u32> = die.into_iter().collect();
    let mut rolled = Prerolled { faces: &faces, next: 0, rest: dice };
    *state =
        super::apply_attack(ctx, state, side, &attack.attackers, attack.defender, &attack.fleets, &mut rolled, log)?;
    Ok(true)
}

/// The die rolled when the batch was declared, then whatever the command being applied
/// rolls (eliminations may roll, 8.11).
struct Prerolled<'a> {
    faces: &'a [u32],
    next: usize,
    rest: &'a mut dyn DiceSource,
}

impl DiceSource for Prerolled<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable> {
        match self.faces.get(self.next) {
            Some(face) => {
                self.next += 1;
                Ok(*face)
            }
            None => self.rest.roll(sides),
        }
    }

    fn rolled(&self) -> &[(u32, u32)] {
        self.rest.rolled()
    }
}
