//! Standing orders: a player's answers, given in advance, to the decisions an opponent's
//! actions will ask of them (losses 11.21, retreats 11.22, advances 11.25, over-stack
//! removals 7.4, units given back or recycled 8.5, 6.3, 6.4).
//!
//! A player's own standing orders stay on their machine; their client applies them when it
//! imports the packet that raises a decision, and signs the answer as an ordinary command.
//! The attacker's orders inside a `batch` of attacks are part of that signed command and
//! answer the attacker's own decisions while the batch runs (11.3, see `combat::batch`).
//!
//! The text, one order per line (or separated by `;`), `#` starts a comment:
//!
//! ```text
//! losses cheapest keep fr-g-alex,fr-st   # 11.21: fewest factors; never these units
//! retreat toward Cairo                   # 11.22: end as near as possible (a hex or a place)
//! advance all                            # 11.25: all | none
//! remove cheapest keep fr-1-1            # 8.5, 6.3, 6.4: own units given back or recycled
//! overstack strongest                    # 7.4: enemy units you remove: strongest | cheapest
//! place nearest Cairo                     # 8.3, 8.8: units an event brings, nearest this
//! then end                               # in a batch only: end the combat phase after it
//! ```
//!
//! Every answer is picked among the legal answers the rules list (the same lists as
//! `legal_commands`), by a stated order with a deterministic tie-break (fewer units, then
//! unit ids); an order that no legal answer satisfies (every choice loses a kept unit)
//! answers nothing, and the decision waits for the player.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::state::{DecisionKind, Side, State, UnitId};
use crate::{combat, legal};
use grognard_board::HexId;
use grognard_engine::{ApplyError, NoDice, RuleError};
use serde::{Deserialize, Serialize};

/// Units a player gives up first: the fewest printed factors, never the kept ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cheapest {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<UnitId>,
}

/// Which enemy units to remove from an over-stacked hex (7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    Strongest,
    Cheapest,
}

/// Whether to advance after combat (11.25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdvanceOrder {
    /// With as many surviving attackers as may go (the largest legal answer).
    All,
    /// Stay.
    None,
}

/// A player's standing orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orders {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<Cheapest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advance: Option<AdvanceOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove: Option<Cheapest>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overstack: Option<Pick>,
    /// 8.3, 8.8: where to place the units an event brings: the legal place nearest this
    /// hex or place (a box only when no hex is open).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// In a batch of attacks only: end the combat phase once the batch is resolved (the
    /// attacker declares nothing more this phase).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub then_end: bool,
}

fn input(message: impl Into<String>) -> RuleError {
    RuleError::new("input", message)
}

fn unit_list(words: &[&str], order: &str) -> Result<Vec<UnitId>, RuleError> {
    match words {
        [] => Ok(Vec::new()),
        ["keep", list @ ..] if !list.is_empty() => {
            Ok(list.join(",").split(',').map(str::trim).filter(|u| !u.is_empty()).map(str::to_string).collect())
        }
        _ => Err(input(format!("`{order}`: after `cheapest` only `keep UNIT,UNIT...` may follow"))),
    }
}

impl Orders {
    /// Read standing orders (see the module doc).
    pub fn parse(text: &str) -> Result<Orders, RuleError> {
        let mut orders = Orders::default();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            for order in line.split(';').map(str::trim).filter(|o| !o.is_empty()) {
                let words: Vec<&str> = order.split_whitespace().collect();
                let Some((key, rest)) = words.split_first() else { continue };
                let key = key.trim_end_matches(':').to_ascii_lowercase();
                let rest: Vec<&str> = rest.iter().map(|w| w.trim_end_matches(',')).filter(|w| !w.is_empty()).collect();
                let twice = |set: bool| {
                    if set {
                        Err(input(format!("`{key}` is ordered twice")))
                    } else {
                        Ok(())
                    }
                };
                match (key.as_str(), rest.as_slice()) {
                    ("losses", ["cheapest", more @ ..]) => {
                        twice(orders.losses.is_some())?;
                        orders.losses = Some(Cheapest { keep: unit_list(more, order)? });
                    }
                    ("remove", ["cheapest", more @ ..]) => {
                        twice(orders.remove.is_some())?;
                        orders.remove = Some(Cheapest { keep: unit_list(more, order)? });
                    }
                    ("retreat", ["toward", place @ ..]) if !place.is_empty() => {
                        twice(orders.retreat.is_some())?;
                        orders.retreat = Some(place.join(" "));
                    }
                    ("advance", [which]) => {
                        twice(orders.advance.is_some())?;
                        orders.advance = Some(match which.to_ascii_lowercase().as_str() {
                            "all" => AdvanceOrder::All,
                            "none" => AdvanceOrder::None,
                            _ => return Err(input(format!("`{order}`: advance `all` or `none`"))),
                        });
                    }
                    ("place", ["nearest", place @ ..]) if !place.is_empty() => {
                        twice(orders.place.is_some())?;
                        orders.place = Some(place.join(" "));
                    }
                    ("then", ["end"]) => {
                        twice(orders.then_end)?;
                        orders.then_end = true;
                    }
                    ("overstack", [which]) => {
                        twice(orders.overstack.is_some())?;
                        orders.overstack = Some(match which.to_ascii_lowercase().as_str() {
                            "strongest" => Pick::Strongest,
                            "cheapest" => Pick::Cheapest,
                            _ => return Err(input(format!("`{order}`: overstack `strongest` or `cheapest`"))),
                        });
                    }
                    _ => {
                        return Err(input(format!(
                            "`{order}` is not a standing order; orders are `losses cheapest [keep UNITS]`, \
                             `retreat toward HEX|PLACE`, `advance all|none`, `remove cheapest [keep UNITS]`, \
                             `overstack strongest|cheapest`, `place nearest HEX|PLACE`, and in a batch `then end`"
                        )))
                    }
                }
            }
        }
        Ok(orders)
    }

    /// Check the orders against a game: kept units exist, the retreat target is a hex or a
    /// place of the map.
    pub fn check(&self, ctx: &Ctx) -> Result<(), RuleError> {
        for keep in self.losses.iter().chain(self.remove.iter()) {
            if let Some(u) = keep.keep.iter().find(|u| ctx.counter(u).is_none()) {
                return Err(input(format!("standing orders: there is no unit `{u}` in this game")));
            }
        }
        for place in self.retreat.iter().chain(self.place.iter()) {
            target(ctx, place)?;
        }
        Ok(())
    }

    /// The text form [`Orders::parse`] reads, one order per `;`.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let Some(c) = &self.losses {
            parts.push(format!("losses cheapest{}", keep_text(&c.keep)));
        }
        if let Some(p) = &self.retreat {
            parts.push(format!("retreat toward {p}"));
        }
        if let Some(a) = self.advance {
            parts.push(format!("advance {}", if a == AdvanceOrder::All { "all" } else { "none" }));
        }
        if let Some(c) = &self.remove {
            parts.push(format!("remove cheapest{}", keep_text(&c.keep)));
        }
        if let Some(p) = self.overstack {
            parts.push(format!("overstack {}", if p == Pick::Strongest { "strongest" } else { "cheapest" }));
        }
        if let Some(p) = &self.place {
            parts.push(format!("place nearest {p}"));
        }
        if self.then_end {
            parts.push("then end".into());
        }
        parts.join("; ")
    }

    pub fn is_empty(&self) -> bool {
        *self == Orders::default()
    }
}

/// The hex a retreat order names: `HHHH` or the name of a place on the map.
fn target(ctx: &Ctx, place: &str) -> Result<HexId, RuleError> {
    if place.len() == 4 && place.chars().all(|c| c.is_ascii_digit()) {
        return HexId::parse(place).map_err(input);
    }
    ctx.map
        .locales()
        .find(|l| l.name.eq_ignore_ascii_case(place))
        .map(|l| l.hex)
        .ok_or_else(|| input(format!("standing orders: `retreat toward {place}`: no hex or place of that name")))
}

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
                for c in legal::commands(ctx, state, side) {
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
            let accepted = matches!(
                crate::events::dispatch::apply(ctx, state, side, &command, &mut NoDice, &mut Vec::new()),
                Some(Ok(_)) | Some(Err(ApplyError::NeedDice))
            );
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
                let legal = legal::commands(ctx, state, side);
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
const LIMIT: usize = crate::legal::MAX_LISTED;

fn keep_text(keep: &[UnitId]) -> String {
    if keep.is_empty() {
        String::new()
    } else {
        format!(" keep {}", keep.join(","))
    }
}

/// The legal `remove` answers to the decision pending.
fn removals(ctx: &Ctx, state: &State, side: Side) -> Vec<Vec<UnitId>> {
    legal::commands(ctx, state, side)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_text_round_trips() {
        let text = "losses: cheapest keep fr-g, fr-st  # never the garrison\nretreat toward El Rahmaniya\n\
                    advance all; remove cheapest; overstack strongest; place nearest 1833";
        let orders = Orders::parse(text).unwrap();
        assert_eq!(orders.losses.as_ref().unwrap().keep, vec!["fr-g".to_string(), "fr-st".to_string()]);
        assert_eq!(orders.retreat.as_deref(), Some("El Rahmaniya"));
        assert_eq!(Orders::parse(&orders.text()).unwrap(), orders);
    }

    #[test]
    fn orders_refuse_unknown_and_repeated_orders() {
        assert!(Orders::parse("attack everything").is_err());
        assert!(Orders::parse("advance sometimes").is_err());
        assert!(Orders::parse("advance all\nadvance none").is_err());
        assert!(Orders::parse("losses cheapest but not these").is_err());
        assert!(Orders::parse("# nothing\n\n").unwrap().is_empty());
    }
}
