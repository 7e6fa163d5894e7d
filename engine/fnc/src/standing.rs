//! Answering decisions by standing orders (see `orders` for the orders themselves): every
//! answer is picked among the legal answers of the command table, by a stated order with a
//! deterministic tie-break (fewer units, then unit ids); an order that no legal answer
//! satisfies answers nothing, and the decision waits for the player.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::orders::{keep_text, target, AdvanceOrder, Orders, Pick};
use crate::state::{DecisionKind, Side, State, UnitId};
use crate::{combat, table};
use grognard_engine::RuleError;

/// The printed worth of a unit for "cheapest" and "strongest": attack plus defense factors.
fn worth(ctx: &Ctx, unit: &str) -> u32 {
    ctx.counter(unit).map_or(0, |c| u32::from(c.attack.unwrap_or(0)) + u32::from(c.defense))
}

/// The answer `side`'s orders give to the decision it owes in `state`, with the order that
/// gave it; `None` when no order covers the decision or none of its legal answers
/// satisfies the order.
pub fn answer(ctx: &Ctx, state: &State, side: Side, orders: &Orders) -> Result<Option<(Command, String)>, RuleError> {
    let Some(decision) = &state.decision else { return Ok(None) };
    if decision.by != side {
        return Ok(None);
    }
    let answer = match &decision.kind {
        DecisionKind::Losses { .. } => orders.losses.as_ref().and_then(|o| {
            // 11.21: every minimal choice, the cheapest without a kept unit.
            let options = combat::loss_options(ctx, state, LIMIT);
            cheapest(ctx, options, &o.keep).map(|units| {
                let why = format!("losses cheapest{}", keep_text(&o.keep));
                (Command::Lose { units }, why)
            })
        }),
        DecisionKind::Retreat { .. } => match &orders.retreat {
            None => None,
            Some(place) => {
                let to = target(ctx, place)?;
                let options = combat::retreat_options(ctx, state, side, LIMIT);
                // 11.22: keep the most units, end nearest the target, then the fewest groups.
                options
                    .into_iter()
                    .min_by_key(|groups| {
                        let kept: usize = groups.iter().map(|g| g.units.len()).sum();
                        let distance: u32 = groups
                            .iter()
                            .map(|g| g.path.last().map_or(u32::MAX / 64, |h| h.distance(to)) * g.units.len() as u32)
                            .sum();
                        (usize::MAX - kept, distance, groups.len())
                    })
                    .map(|groups| (Command::Retreat { groups }, format!("retreat toward {place}")))
            }
        },
        DecisionKind::Advance { .. } => match orders.advance {
            None => None,
            Some(AdvanceOrder::None) => Some((Command::Advance { units: Vec::new() }, "advance none".into())),
            Some(AdvanceOrder::All) => {
                // 11.25: the legal answer with the most units (the first listed among equals).
                let mut best: Option<Vec<UnitId>> = None;
                for c in table::commands(ctx, state, side) {
                    if let Command::Advance { units } = c {
                        if best.as_ref().is_none_or(|b| units.len() > b.len()) {
                            best = Some(units);
                        }
                    }
                }
                best.map(|units| (Command::Advance { units }, "advance all".into()))
            }
        },
        DecisionKind::Recycle { count, min_strength, .. } => orders.remove.as_ref().and_then(|o| {
            // 6.3, 6.4: the `count` cheapest eligible units that are not kept (by worth, then id).
            let mut eligible: Vec<UnitId> = crate::events::recyclable_units(ctx, state, side, *min_strength)
                .into_iter()
                .filter(|u| !o.keep.contains(u))
                .collect();
            eligible.sort_by_key(|u| (worth(ctx, u), u.clone()));
            let units: Vec<UnitId> = eligible.into_iter().take(usize::from(*count)).collect();
            let command = Command::Remove { units };
            let accepted = table::takes(ctx, state, side, &command);
            accepted.then(|| (command, format!("remove cheapest{}", keep_text(&o.keep))))
        }),
        DecisionKind::ReturnToCup => orders.remove.as_ref().and_then(|o| {
            let options = removals(ctx, state, side);
            cheapest(ctx, options, &o.keep)
                .map(|units| (Command::Remove { units }, format!("remove cheapest{}", keep_text(&o.keep))))
        }),
        DecisionKind::Overstack { .. } => orders.overstack.and_then(|pick| {
            let options = removals(ctx, state, side);
            let chosen = match pick {
                Pick::Cheapest => cheapest(ctx, options, &[]),
                Pick::Strongest => options.into_iter().min_by_key(|units| {
                    (u32::MAX - units.iter().map(|u| worth(ctx, u)).sum::<u32>(), units.len(), units.clone())
                }),
            };
            let word = if pick == Pick::Strongest { "strongest" } else { "cheapest" };
            chosen.map(|units| (Command::Remove { units }, format!("overstack {word}")))
        }),
        DecisionKind::Place { .. } => match &orders.place {
            None => None,
            Some(place) => {
                // 8.3, 8.8: one unit at a time, each to the open place nearest the target
                // (hexes before boxes, then unit and place in order); `end` once none is open.
                let to = target(ctx, place)?;
                let legal = table::commands(ctx, state, side);
                let enter = legal
                    .iter()
                    .filter_map(|c| match c {
                        Command::Enter { unit, to: at } => {
                            let far = match at {
                                crate::command::Place::Hex(h) => h.distance(to),
                                crate::command::Place::Box(_) => u32::MAX,
                            };
                            Some(((far, unit.clone(), at.clone()), c.clone()))
                        }
                        _ => None,
                    })
                    .min_by(|a, b| a.0.cmp(&b.0))
                    .map(|(_, c)| c);
                let command = enter.or_else(|| legal.into_iter().find(|c| *c == Command::End));
                command.map(|c| (c, format!("place nearest {place}")))
            }
        },
    };
    Ok(answer)
}

/// How many legal answers the orders look through: all of them, as the legal list has them.
const LIMIT: usize = crate::choices::MAX_LISTED;

/// The legal `remove` answers to the decision pending.
fn removals(ctx: &Ctx, state: &State, side: Side) -> Vec<Vec<UnitId>> {
    table::commands(ctx, state, side)
        .into_iter()
        .filter_map(|c| match c {
            Command::Remove { units } => Some(units),
            _ => None,
        })
        .collect()
}

/// The option worth least, holding no kept unit (then the fewest units, then by ids).
fn cheapest(ctx: &Ctx, options: Vec<Vec<UnitId>>, keep: &[UnitId]) -> Option<Vec<UnitId>> {
    options
        .into_iter()
        .filter(|units| !units.iter().any(|u| keep.contains(u)))
        .min_by_key(|units| (units.iter().map(|u| worth(ctx, u)).sum::<u32>(), units.len(), units.clone()))
}
