//! The money and manpower collection step (8.2, reconstructed R8.2). Each province yields its
//! tax and manpower values (`data/economy.txt` `[provinces]`) to whoever holds it, a province
//! being held by the power controlling the area of its capital city:
//!
//! - a power's home province it holds: the full values (8.2.1.1, 8.2.2);
//! - a province it holds outside its home nation (held since 1805, ceded to it in peace, a
//!   conquered minor country's): the held share of the values, rounded down on the power's
//!   total (R8.2.1.1);
//! - a province whose capital an enemy of its owner holds is occupied: it yields nothing, to
//!   the owner or the occupier (R8.2.1.1);
//! - a minor free state's province it holds: the full values, to the minor's own treasury
//!   (R8.2.3), spent on its forces by its controller (`expenditure.rs`).
//!
//! Then trade: domestic trade, a share of the home taxation collected (R8.2.1.2.1); British
//! colonial and American trade (R8.2.1.2.2.1, R8.2.1.2.2.2) and Spanish gold (R8.2.1.3), each
//! a value an economic phase; with the option `naval`, overseas trade falls with the power's
//! home ports blockaded or held by an enemy, and gold is lost when its port is
//! (R8.2.1.2.2). American trade is cut by enemies' decrees stopping it, lost at war with the
//! United States, and that war costs money (8.2.1.2.2.2.2, `american_war.rs`). An occupied
//! home capital withholds a share of the money (R8.4.1, `manipulation.rs`).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_board::area::ProvinceKind;
use grognard_engine::Event;
use std::collections::BTreeMap;

/// What one power collects this phase, by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Income {
    /// 8.2.1.1: tax of its home provinces.
    pub home: i32,
    /// R8.2.1.1: the held share of the tax of its other provinces.
    pub held: i32,
    /// R8.2.1.2.1: domestic trade.
    pub domestic: i32,
    /// R8.2.1.2.2: colonial and American trade.
    pub overseas: i32,
    /// R8.2.1.3: Spanish gold.
    pub gold: i32,
    /// R4.4.6.7: overseas trade lost to embargoes (B.6), already out of `overseas`.
    pub embargoed: i32,
    /// R4.4.6.6: colonial trade conceded to victors (C.7), out of the money collected.
    pub conceded: i32,
    /// 8.2.1.2.2.2.2: American trade lost to enemies' decrees or to war with the United
    /// States, already out of `overseas`.
    pub american_lost: i32,
    /// 8.2.1.2.2.2.2: what a war with the United States costs, out of the money collected.
    pub american_war: i32,
    /// 8.2.2, R8.2.1.1: manpower.
    pub manpower: i32,
    /// Provinces of its own occupied by an enemy, yielding nothing.
    pub occupied: u32,
}

impl Income {
    /// The money collected.
    pub fn money(&self) -> i32 {
        self.home + self.held + self.domestic + self.overseas + self.gold - self.conceded - self.american_war
    }
}

/// Raw values by holder, before shares.
#[derive(Default)]
struct Raw {
    home: (i32, i32),
    foreign: (i32, i32),
    occupied: u32,
}

/// The power holding `area`: the power controlling its controller's nation.
fn holder(ctx: &Ctx, state: &State, area: &str) -> Option<Power> {
    state.area_controller(ctx, area).and_then(|n| state.controller_of_nation(n))
}

/// Is the port of `area` closed to `power`'s trade (R8.2.1.2.2): a fleet of an enemy in its
/// blockade box, or its city held by an enemy?
pub fn blockaded(ctx: &Ctx, state: &State, power: Power, area: &str) -> bool {
    let box_held = state
        .fleets
        .values()
        .any(|f| f.place == crate::state::FleetPlace::Blockade(area.to_string()) && state.enemy_of(power, &f.nation));
    let city_lost = crate::scenario::city_holder(ctx, state, area).is_some_and(|n| state.enemy_of(power, n));
    box_held || city_lost
}

/// The ports of `power`'s home nation.
fn home_ports(ctx: &Ctx, power: Power) -> Vec<&str> {
    ctx.map
        .ports()
        .filter(|p| {
            ctx.map.province_of(&p.area).is_some_and(|pr| pr.nation == power.id() && pr.kind == ProvinceKind::Home)
        })
        .map(|p| p.area.as_str())
        .collect()
}

/// R8.2.1.2.2: `value` of overseas trade reaching `power`: all of it without the option
/// `naval`; with it, the share of its home ports open (rounded down).
fn overseas(ctx: &Ctx, state: &State, power: Power, value: i32) -> i32 {
    if value <= 0 || !crate::naval::played(state) {
        return value.max(0);
    }
    let ports = home_ports(ctx, power);
    let open = ports.iter().filter(|a| !blockaded(ctx, state, power, a)).count();
    let (open, all) = (i64::try_from(open).unwrap_or(0), i64::try_from(ports.len()).unwrap_or(0));
    if all == 0 {
        return 0;
    }
    i32::try_from(i64::from(value) * open / all).unwrap_or(0)
}

/// R8.2.1.3: Spanish gold reaching `power`: while it holds the gold port, and (option `naval`)
/// no enemy blockades it.
fn gold(ctx: &Ctx, state: &State, power: Power) -> i32 {
    let Some(line) = ctx.economy.power(power) else { return 0 };
    let Some(port) = &line.gold_port else { return 0 };
    let held = crate::scenario::city_holder(ctx, state, port).and_then(|n| state.controller_of_nation(n));
    if held != Some(power) {
        return 0;
    }
    if crate::naval::played(state) && blockaded(ctx, state, power, port) {
        return 0;
    }
    line.gold
}

/// Who collects the values of each province: raw values by power, by minor free state.
fn tally(ctx: &Ctx, state: &State) -> (BTreeMap<Power, Raw>, BTreeMap<String, (i32, i32)>) {
    let mut powers: BTreeMap<Power, Raw> = BTreeMap::new();
    let mut minors: BTreeMap<String, (i32, i32)> = BTreeMap::new();
    for p in ctx.map.provinces() {
        let (tax, manpower) = ctx.economy.province(&p.id);
        let owner = state.controller_of_nation(&p.nation);
        let held_by = holder(ctx, state, &p.capital);
        let Some(h) = held_by else { continue };
        if owner == Some(h) {
            match Power::from_id(&p.nation) {
                Some(major) if major == h && p.kind == ProvinceKind::Home => {
                    let r = &mut powers.entry(h).or_default().home;
                    *r = (r.0 + tax, r.1 + manpower);
                }
                Some(_) => {
                    let r = &mut powers.entry(h).or_default().foreign;
                    *r = (r.0 + tax, r.1 + manpower);
                }
                None if state.minors.get(&p.nation).is_some_and(|m| m.free_state) => {
                    let r = minors.entry(p.nation.clone()).or_default();
                    *r = (r.0 + tax, r.1 + manpower);
                }
                None => {
                    let r = &mut powers.entry(h).or_default().foreign;
                    *r = (r.0 + tax, r.1 + manpower);
                }
            }
        } else if state.enemy_of(h, &p.nation) {
            if let Some(o) = owner {
                powers.entry(o).or_default().occupied += 1;
            }
        } else {
            // Held in peace by a power other than its owner's: ceded (R8.2.1.1).
            let r = &mut powers.entry(h).or_default().foreign;
            *r = (r.0 + tax, r.1 + manpower);
        }
    }
    (powers, minors)
}

/// What `power` collects this phase (before an occupied capital withholds any of it).
pub fn income(ctx: &Ctx, state: &State, power: Power) -> Income {
    let (powers, _) = tally(ctx, state);
    income_of(ctx, state, power, powers.get(&power))
}

fn income_of(ctx: &Ctx, state: &State, power: Power, raw: Option<&Raw>) -> Income {
    let rules = &ctx.economy.rules;
    let (home, held, manpower, occupied) = match raw {
        Some(r) => (
            r.home.0,
            super::share(rules.held_share, r.foreign.0),
            r.home.1 + super::share(rules.held_share, r.foreign.1),
            r.occupied,
        ),
        None => (0, 0, 0, 0),
    };
    let line = ctx.economy.power(power);
    let american = line.map_or(0, |l| l.american);
    let american_lost = super::american_war::lost(ctx, state, power, american);
    let trade = overseas(ctx, state, power, line.map_or(0, |l| l.colonial) + american - american_lost);
    let embargoed = super::peace_terms::embargoed(ctx, state, power, trade);
    let colonial = overseas(ctx, state, power, line.map_or(0, |l| l.colonial)).min(trade - embargoed);
    let conceded = super::peace_terms::concessions(ctx, state, power, colonial).iter().map(|c| c.2).sum();
    let mut income = Income {
        home,
        held,
        domestic: super::share(rules.domestic_share, home),
        overseas: trade - embargoed,
        gold: gold(ctx, state, power),
        embargoed,
        conceded,
        american_lost,
        american_war: 0,
        manpower,
        occupied,
    };
    income.american_war = super::american_war::war_cost(ctx, state, power, income.money());
    income
}

/// 8.2: every power and minor free state collects, in the order of the phase.
pub fn collect(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let (powers, minors) = tally(ctx, state);
    for power in super::order(state) {
        let income = income_of(ctx, state, power, powers.get(&power));
        let line = ctx.economy.power(power);
        let colonial = overseas(ctx, state, power, line.map_or(0, |l| l.colonial)).min(income.overseas);
        let concessions = super::peace_terms::concessions(ctx, state, power, colonial);
        let withheld = super::manipulation::withheld(ctx, state, power, income.money());
        let kept = income.money() - withheld.as_ref().map_or(0, |w| w.amount);
        super::add_money(state, power, kept);
        super::add_manpower(state, power, income.manpower);
        log.push(Event::new(
            format!(
                "{} collects {} money point(s) (taxation {} home and {} held, domestic trade {}, overseas trade {}, \
                 Spanish gold {}) and {} manpower (8.2){}",
                power.name(),
                income.money(),
                income.home,
                income.held,
                income.domestic,
                income.overseas,
                income.gold,
                income.manpower,
                if income.occupied > 0 {
                    format!("; {} of its provinces are occupied by the enemy and yield nothing", income.occupied)
                } else {
                    String::new()
                }
            ),
            serde_json::json!({"kind": "collection", "power": power, "home": income.home, "held": income.held,
                "domestic": income.domestic, "overseas": income.overseas, "gold": income.gold,
                "manpower": income.manpower, "occupied": income.occupied, "rule": "8.2"}),
        ));
        if income.embargoed > 0 {
            log.push(Event::new(
                format!(
                    "{} loses {} money point(s) of overseas trade to embargoes (B.6, R4.4.6.7)",
                    power.name(),
                    income.embargoed
                ),
                serde_json::json!({"kind": "embargoed", "power": power, "amount": income.embargoed,
                    "rule": "R4.4.6.7"}),
            ));
        }
        for (victor, term, amount) in concessions {
            super::add_money(state, victor, amount);
            log.push(Event::new(
                format!(
                    "{} takes {amount} money point(s) of {}'s colonial trade ({term}, R4.4.6.6)",
                    victor.name(),
                    power.name()
                ),
                serde_json::json!({"kind": "colonial-concession", "from": power, "to": victor, "term": term,
                    "amount": amount, "rule": "R4.4.6.6"}),
            ));
        }
        if income.american_lost > 0 || income.american_war > 0 {
            log.push(Event::new(
                format!(
                    "{} loses {} money point(s) of American trade to decrees or war and pays {} for its war with \
                     the United States (8.2.1.2.2.2.2)",
                    power.name(),
                    income.american_lost,
                    income.american_war
                ),
                serde_json::json!({"kind": "american-trade-lost", "power": power, "lost": income.american_lost,
                    "war": income.american_war, "rule": "8.2.1.2.2.2.2"}),
            ));
        }
        if let Some(w) = withheld {
            log.push(Event::new(
                format!(
                    "{}'s capital is held by {}: {} of its collection is withheld (R8.4.1)",
                    power.name(),
                    w.to.name(),
                    w.amount
                ),
                serde_json::json!({"kind": "capital-withheld", "power": power, "by": w.to, "amount": w.amount,
                    "rule": "R8.4.1"}),
            ));
            if let Some(round) = state.economy.round.as_mut() {
                round.withheld.push(w);
            }
        }
    }
    for (minor, (tax, manpower)) in minors {
        let t = state.economy.minors.entry(minor.clone()).or_default();
        t.money = t.money.saturating_add(tax);
        t.manpower = t.manpower.saturating_add(manpower);
        let name = ctx.map.nation(&minor).map_or(minor.clone(), |n| n.name.clone());
        log.push(Event::new(
            format!("{name}, a minor free state, collects {tax} money point(s) and {manpower} manpower (8.2.3)"),
            serde_json::json!({"kind": "collection", "minor": minor, "money": tax, "manpower": manpower,
                "rule": "8.2.3"}),
        ));
    }
}
