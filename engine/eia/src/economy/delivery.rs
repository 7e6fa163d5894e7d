//! Forces bought in the expenditure step (8.5.3, 8.5.4) and their arrival. Army factors and
//! corps counters fall due at the start of the next month and are placed by the army
//! reinforcement step (5.2.1, 5.2.2): a corps counter in the area named when it was bought,
//! factors wherever the campaign's placement allows (5.2.2.2, `campaign_placement.rs`), lost
//! if they cannot be placed (5.2.2). Ships and fleet counters (option `naval`) arrive as the next
//! naval reinforcement step begins (5.1.1, 5.1.2): ships into their fleet when it lies in a
//! port of its nation's home held by its power, as many as the fleet's card holds; a fleet
//! counter, with its ships, into the port named when it was bought if its power holds it.
//! What cannot arrive waits for a later month (5.1.2: ships may be postponed; R8.5.4: so may a
//! fleet counter).

use crate::ctx::Ctx;
use crate::forces::Factors;
use crate::power::Power;
use crate::reinforcement::Due;
use crate::state::{Fleet, FleetPlace, State};
use crate::FactorKind;
use grognard_engine::Event;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Something bought and not yet arrived.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "kebab-case")]
pub enum Order {
    /// 8.5.3: army factors of `nation`, due in `area`.
    Factors { power: Power, nation: String, area: String, kind: FactorKind, count: u16 },
    /// 8.5.4: a corps counter of `nation` with `factors`, due in `area`.
    Corps { power: Power, corps: String, nation: String, area: String, factors: Factors },
    /// 8.5.3: ships for `fleet`.
    Ships { power: Power, fleet: String, count: u16 },
    /// 8.5.4: a fleet counter of `nation` with `ships`, placed in the port of `area`.
    Fleet { power: Power, fleet: String, nation: String, area: String, ships: u16 },
}

impl Order {
    /// The power that bought it.
    pub fn power(&self) -> Power {
        match self {
            Order::Factors { power, .. }
            | Order::Corps { power, .. }
            | Order::Ships { power, .. }
            | Order::Fleet { power, .. } => *power,
        }
    }
}

/// The power holding the city of `area` (R10.3.2).
fn city_power(ctx: &Ctx, state: &State, area: &str) -> Option<Power> {
    crate::scenario::city_holder(ctx, state, area).and_then(|n| state.controller_of_nation(n))
}

/// 5.2.1, 5.2.2: the army factors and corps bought fall due this month.
pub fn army(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let orders = std::mem::take(&mut state.economy.orders);
    for order in orders {
        let due = match &order {
            Order::Factors { nation, area, kind, count, .. } => {
                Due::Factors { nation: nation.clone(), area: area.clone(), kind: *kind, count: *count, campaign: true }
            }
            Order::Corps { corps, nation, area, factors, .. } => Due::Corps {
                corps: corps.clone(),
                nation: nation.clone(),
                area: area.clone(),
                factors: factors.clone(),
                leaders: Vec::new(),
                campaign: true,
            },
            _ => {
                state.economy.orders.push(order);
                continue;
            }
        };
        let power = order.power();
        let what = match &due {
            Due::Factors { count, kind, nation, .. } => format!("{count} {kind} of {nation}, placed as 5.2.2.2 allows"),
            Due::Corps { corps, factors, area, .. } => format!("corps {corps} ({factors}) in {}", ctx.name(area)),
        };
        log.push(Event::new(
            format!("{} has {what} due, bought last quarter (8.5.3, 5.2.2)", power.name()),
            json!({"kind": "purchase-due", "power": power, "due": due, "rule": "8.5.3"}),
        ));
        state.due.entry(power).or_default().push(due);
    }
}

/// 5.1.2: may ships of `power` join `fleet` now, and how many more does its card hold?
fn ship_room(ctx: &Ctx, state: &State, power: Power, fleet: &str) -> u16 {
    let Some(f) = state.fleets.get(fleet) else { return 0 };
    let FleetPlace::Port(area) = &f.place else { return 0 };
    let own_home = ctx.map.province_of(area).is_some_and(|p| p.nation == f.nation);
    if !own_home || city_power(ctx, state, area) != Some(power) {
        return 0;
    }
    ctx.cards.fleet_card(fleet).map_or(0, |c| c.ships.saturating_sub(f.ships))
}

/// 5.1.1, 5.1.2: ships and fleet counters bought arrive where they can; the others wait.
pub fn ships(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let orders = std::mem::take(&mut state.economy.orders);
    for order in orders {
        match order {
            Order::Ships { power, fleet, count } => {
                let placed = count.min(ship_room(ctx, state, power, &fleet));
                if let Some(f) = state.fleets.get_mut(&fleet).filter(|_| placed > 0) {
                    f.ships += placed;
                    log.push(Event::new(
                        format!("{} places {placed} ship(s) bought into fleet {fleet} (5.1.2)", power.name()),
                        json!({"kind": "ships-placed", "power": power, "fleet": fleet, "ships": placed, "rule": "5.1.2"}),
                    ));
                }
                if count > placed {
                    state.economy.orders.push(Order::Ships { power, fleet, count: count - placed });
                }
            }
            Order::Fleet { power, fleet, nation, area, ships } => {
                let free = !state.fleets.contains_key(&fleet);
                if free && city_power(ctx, state, &area) == Some(power) {
                    let place = FleetPlace::Port(area.clone());
                    state.fleets.insert(fleet.clone(), Fleet { nation: nation.clone(), place, ships });
                    log.push(Event::new(
                        format!(
                            "{} places fleet {fleet} with {ships} ship(s) in the port of {} (5.1.1)",
                            power.name(),
                            ctx.name(&area)
                        ),
                        json!({"kind": "fleet-placed", "power": power, "fleet": fleet, "area": area, "ships": ships,
                            "rule": "5.1.1"}),
                    ));
                } else {
                    state.economy.orders.push(Order::Fleet { power, fleet, nation, area, ships });
                }
            }
            other => state.economy.orders.push(other),
        }
    }
}
