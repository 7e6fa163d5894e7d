//! 6.2.6: a fleet in a port the enemy comes to hold leaves it at once for the port's blockade
//! box (the owner's choice between the box and the sea zones next to it is replaced by the box,
//! from which the fleet sails on in its next naval phase: R6.2.6).
//!
//! If an enemy fleet blockades the port, the power owning the fleets caught there (all of its
//! fleets in that port, as one stack) chooses (6.2.6.1, [`Decision::Blockaded`]):
//! - `scuttle in port`: they are scuttled, one political point lost a fleet (6.2.6.4), NELSON
//!   taken by the port's holder (6.2.6.2), minor and UMP fleets too (6.2.6.3), corps aboard
//!   lost;
//! - `fight blockaders` (`fight blockaders POWER` when several powers blockade it: one power's
//!   stack is fought, the attacker's choice, 6.3.1, 6.3.1.1): they come out into the box and
//!   attack the blockading stack, which has the wind gauge (6.3.3.1). If they win they stay in
//!   the box: no pursuit, no return into the port; the beaten blockaders retreat as at sea
//!   (6.3.5.3, 6.3.5.1). If they lose, the survivors are scuttled as above, and the victor may
//!   move into the port if it is friendly to it (6.3.5.3 EXCEPTION). A draw is not a loss
//!   (R6.2.6.1: with the blockaders firing first, a draw is the blockaders sunk to the last
//!   ship while the port's fleets lost more): the survivors stay in the box.
//!
//! Several powers or ports caught at once are asked one after another, by port area and then
//! by power; each answer (and the retreats it sets off) is settled before the next is asked.

use crate::ctx::Ctx;
use crate::naval::places;
use crate::naval::{combat, retreat, Aftermath, Battle, Decision, Role};
use crate::power::Power;
use crate::state::{FleetPlace, LeaderPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;
use std::collections::BTreeMap;

/// Apply 6.2.6 to every fleet in a port held by its enemy: unblockaded ones go to the box at
/// once; the first power caught in a blockaded port is asked (6.2.6.1). Nothing is done while
/// a naval decision is awaited.
pub fn enemy_ports(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if state.book.naval.decision.is_some() {
        return;
    }
    // (port area, power) -> its fleets there, in id order.
    let mut caught: BTreeMap<(String, Power), Vec<String>> = BTreeMap::new();
    for (id, f) in &state.fleets {
        let FleetPlace::Port(a) = &f.place else { continue };
        let Some(holder) = state.area_controller(ctx, a) else { continue };
        let Some(power) = state.controller_of_nation(&f.nation) else { continue };
        if state.enemy_of(power, holder) {
            caught.entry((a.clone(), power)).or_default().push(id.clone());
        }
    }
    let mut blockaded: Vec<(String, Power, Vec<String>)> = Vec::new();
    for ((area, power), fleets) in caught {
        if places::blockaded_against(state, power, &area) {
            blockaded.push((area, power, fleets));
            continue;
        }
        let to = FleetPlace::Blockade(area.clone());
        for fleet in fleets {
            if let Some(x) = state.fleets.get_mut(&fleet) {
                x.place = to.clone();
            }
            log.push(Event::new(
                format!(
                    "The enemy holds {}: fleet {fleet} leaves it for {} (6.2.6)",
                    places::name(ctx, &FleetPlace::Port(area.clone())),
                    places::name(ctx, &to)
                ),
                json!({"kind": "fleet-leaves-port", "fleet": fleet, "to": to, "rule": "6.2.6"}),
            ));
        }
    }
    if let Some((port, power, fleets)) = blockaded.into_iter().next() {
        let blockaders = places::enemy_powers_at(state, power, &FleetPlace::Blockade(port.clone()));
        log.push(Event::new(
            format!(
                "The enemy holds {} and blockades it: {} chooses whether fleet(s) {} are scuttled or fight the blockaders (6.2.6.1)",
                places::name(ctx, &FleetPlace::Port(port.clone())),
                power.name(),
                fleets.join(", ")
            ),
            json!({"kind": "fleets-blockaded", "power": power, "port": port, "fleets": fleets, "rule": "6.2.6.1"}),
        ));
        state.book.naval.decision = Some(Decision::Blockaded { power, port, fleets, blockaders });
    }
}

/// The decision 6.2.6.1 asks `power`, checked.
fn asked(state: &State, power: Power) -> Result<(String, Vec<String>, Vec<Power>), RuleError> {
    let Some(Decision::Blockaded { power: owner, port, fleets, blockaders }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.2.6.1", "no fleet caught in a blockaded port waits for its owner's choice"));
    };
    if *owner != power {
        return Err(RuleError::new("6.2.6.1", format!("{} decides, not {}", owner.name(), power.name())));
    }
    Ok((port.clone(), fleets.clone(), blockaders.clone()))
}

/// Scuttle `fleets` of `power` caught by the enemy in the port of `area` (6.2.6.1-6.2.6.4):
/// one political point each, NELSON taken by the port's holder, corps aboard lost.
fn scuttle(ctx: &Ctx, state: &mut State, power: Power, area: &str, fleets: &[String], log: &mut Vec<Event>) {
    let holder = state.area_controller(ctx, area).and_then(|n| state.controller_of_nation(n));
    let port = FleetPlace::Port(area.to_string());
    for fleet in fleets {
        if !state.fleets.contains_key(fleet) {
            continue;
        }
        let nelson = places::naval_leader_with(ctx, state, std::slice::from_ref(fleet));
        state.fleets.remove(fleet);
        if let Some(p) = state.powers.get_mut(&power) {
            p.political -= 1;
        }
        let mut text = format!(
            "The enemy holds {} and blockades it: fleet {fleet} is scuttled, {} loses a political point (6.2.6.1, 6.2.6.4)",
            places::name(ctx, &port),
            power.name()
        );
        if let Some(l) = nelson {
            let place = holder.map_or(LeaderPlace::Retiring, LeaderPlace::Captured);
            state.leaders.insert(l.clone(), place);
            text.push_str(&format!("; {l} is taken prisoner (6.2.6.2)"));
        }
        for (id, c) in state.corps.clone() {
            if c.aboard.as_deref() == Some(fleet.as_str()) {
                state.corps.remove(&id);
                text.push_str(&format!("; corps {id} aboard is lost"));
            }
        }
        log.push(Event::new(
            text,
            json!({"kind": "scuttle", "fleet": fleet, "power": power, "political": -1, "rule": "6.2.6.1"}),
        ));
    }
}

/// `scuttle in port`: the fleets caught are scuttled (6.2.6.1-6.2.6.4).
pub fn scuttle_in_port(ctx: &Ctx, state: &State, power: Power, log: &mut Vec<Event>) -> Result<State, RuleError> {
    let (port, fleets, _) = asked(state, power)?;
    let mut next = state.clone();
    next.book.naval.decision = None;
    scuttle(ctx, &mut next, power, &port, &fleets, log);
    Ok(next)
}

/// `fight blockaders [POWER]`: the fleets caught come out and attack the blockading stack of
/// `enemy` (the only blockading power if `None`), which has the wind gauge (6.2.6.1, 6.3.3.1).
pub fn fight_blockaders(
    ctx: &Ctx,
    state: &State,
    power: Power,
    enemy: Option<Power>,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let (port, fleets, blockaders) = asked(state, power)?;
    let names = || blockaders.iter().map(|p| p.id()).collect::<Vec<_>>().join(", ");
    let enemy = match (enemy, blockaders.as_slice()) {
        (Some(e), _) if blockaders.contains(&e) => e,
        (Some(e), _) => {
            return Err(RuleError::new(
                "6.2.6.1",
                format!("{} does not blockade the port; the blockaders are {}", e.name(), names()),
            )
            .into())
        }
        (None, [one]) => *one,
        (None, _) => {
            return Err(RuleError::new(
                "6.3.1.1",
                format!(
                    "several powers blockade the port: name the one fought (`fight blockaders POWER`, {})",
                    names()
                ),
            )
            .into())
        }
    };
    let bx = FleetPlace::Blockade(port.clone());
    let defenders: Vec<String> = state
        .fleets
        .iter()
        .filter(|(_, f)| f.place == bx && state.controller_of_nation(&f.nation) == Some(enemy))
        .map(|(id, _)| id.clone())
        .collect();
    let attackers: Vec<String> = fleets.iter().filter(|f| state.fleets.contains_key(*f)).cloned().collect();
    let mut next = state.clone();
    next.book.naval.decision = None;
    // They come out into the box to fight (6.2.6.1).
    for f in &attackers {
        if let Some(x) = next.fleets.get_mut(f) {
            x.place = bx.clone();
        }
    }
    log.push(Event::new(
        format!(
            "{}'s fleet(s) {} come out of {} to fight {}'s blockading fleet(s) {} (6.2.6.1)",
            power.name(),
            attackers.join(", "),
            places::name(ctx, &FleetPlace::Port(port.clone())),
            enemy.name(),
            defenders.join(", ")
        ),
        json!({"kind": "fight-blockaders", "power": power, "enemy": enemy, "port": port, "fleets": attackers, "rule": "6.2.6.1"}),
    ));
    // The fleets out of the port attack; the blockaders have the wind gauge (6.3.3.1).
    let battle = Battle {
        place: bx.clone(),
        attacker: power,
        attackers,
        defender: enemy,
        defenders,
        interception: false,
        from_port: Some(Role::Attacker),
    };
    let outcome = combat::fight(ctx, &mut next, &battle, dice, log)?;
    match outcome.winner {
        Some(Role::Attacker) => {
            // They stay in the box; the beaten blockaders retreat as at sea (6.3.5.3, 6.3.5.1),
            // not pursued.
            let after = Aftermath {
                place: bx,
                victor: power,
                victors: outcome.attacker_left.clone(),
                loser: enemy,
                losers: outcome.defender_left.clone(),
                holds: true,
            };
            if after.losers.is_empty() {
                retreat::settle(ctx, &mut next, &after, log);
            } else {
                retreat::start(ctx, &mut next, after, log);
            }
        }
        Some(Role::Defender) => {
            // Beaten: the survivors are scuttled (6.2.6.1); the victor may enter the port if
            // it is friendly to it (6.3.5.3 EXCEPTION).
            scuttle(ctx, &mut next, power, &port, &outcome.attacker_left, log);
            let after = Aftermath {
                place: bx,
                victor: enemy,
                victors: outcome.defender_left.clone(),
                loser: power,
                losers: Vec::new(),
                holds: false,
            };
            retreat::settle(ctx, &mut next, &after, log);
        }
        None => {
            // R6.2.6.1: a draw is not a loss; the survivors stay in the box.
            log.push(Event::new(
                format!(
                    "A draw is no defeat: {} stay(s) in {} (R6.2.6.1)",
                    outcome.attacker_left.join(", "),
                    places::name(ctx, &bx)
                ),
                json!({"kind": "fight-blockaders-draw", "fleets": outcome.attacker_left, "at": bx, "rule": "R6.2.6.1"}),
            ));
        }
    }
    Ok(next)
}
