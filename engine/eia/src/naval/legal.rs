//! Candidate naval commands for the legal list (`crate::legal` keeps those the rules accept):
//! the answers to a decision, the naval reinforcement step's transfers and scuttlings, the
//! naval phase's boardings, moves (each stack to every place in reach by a shortest route, each
//! fleet alone one step) and attacks, and the landings of corps at sea.

use crate::ctx::Ctx;
use crate::data::cards::FLEET_MOVEMENT;
use crate::naval::places::{self, friendly_port, passage};
use crate::naval::{transport, Decision, Leg, NavalCommand};
use crate::power::Power;
use crate::state::{FleetPlace, State};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Every answer to the decision awaited.
pub fn decisions(ctx: &Ctx, state: &State) -> Vec<NavalCommand> {
    let Some(decision) = &state.book.naval.decision else { return Vec::new() };
    match decision {
        Decision::Position => {
            let n =
                crate::turn::present(state).iter().filter(|p| Power::NAVAL_ORDER_WITHOUT_BRITAIN.contains(p)).count();
            (1..=n + 1)
                .filter_map(|p| u8::try_from(p).ok())
                .map(|position| NavalCommand::Position { position })
                .collect()
        }
        Decision::LandPosition => (1..=state.sequence.order.len())
            .filter_map(|p| u8::try_from(p).ok())
            .map(|position| NavalCommand::Position { position })
            .collect(),
        Decision::Intercept { power, from } => {
            let mut out = vec![NavalCommand::Intercept { place: None, declaring: false }];
            // 6.3.1.2.2: a stack of a power it is not at war with, declaring war or not.
            let neutral =
                state.book.naval.voyage.as_ref().is_some_and(|v| !state.relations.at_war(power.id(), v.power.id()));
            for declaring in [false, true].into_iter().filter(|d| !d || neutral) {
                out.extend(from.iter().map(|p| NavalCommand::Intercept { place: Some(places::token(p)), declaring }));
            }
            out
        }
        Decision::Evade { .. } => vec![NavalCommand::Evade, NavalCommand::AcceptBattle],
        Decision::Retreat { ports, seas, .. } => {
            let mut out: Vec<NavalCommand> =
                ports.iter().map(|p| NavalCommand::Retreat { to: Some(p.clone()) }).collect();
            if !seas.is_empty() {
                out.push(NavalCommand::Retreat { to: None });
            }
            out
        }
        Decision::Drive { seas, .. } => seas.iter().map(|s| NavalCommand::Drive { sea: s.clone() }).collect(),
        Decision::Pursue { fleets, .. } => {
            let mut out =
                vec![NavalCommand::Pursue { fleets: Vec::new() }, NavalCommand::Pursue { fleets: fleets.clone() }];
            if fleets.len() > 1 {
                out.extend(fleets.iter().map(|f| NavalCommand::Pursue { fleets: vec![f.clone()] }));
            }
            let _ = ctx;
            out
        }
        // 6.2.6.1: scuttled, or fight one blockading power's stack.
        Decision::Blockaded { blockaders, .. } => {
            let mut out = vec![NavalCommand::ScuttleInPort];
            match blockaders.as_slice() {
                [_] => out.push(NavalCommand::FightBlockaders { power: None }),
                many => out.extend(many.iter().map(|p| NavalCommand::FightBlockaders { power: Some(*p) })),
            }
            out
        }
        // 6.3.5.3 EXCEPTION.
        Decision::EnterPort { .. } => vec![NavalCommand::EnterPort, NavalCommand::StayInBox],
    }
}

/// 5.1.3, 5.1.4: one ship and as many as fit between each two fleets of a nation in a place,
/// and every scuttling.
pub fn reinforcement(ctx: &Ctx, state: &State, power: Power) -> Vec<NavalCommand> {
    let mine: Vec<(&String, &crate::state::Fleet)> =
        state.fleets.iter().filter(|(_, f)| state.controller_of_nation(&f.nation) == Some(power)).collect();
    let mut out = Vec::new();
    for (a, fa) in &mine {
        out.push(NavalCommand::Scuttle { fleet: (*a).clone() });
        for (b, fb) in &mine {
            if a == b || fa.nation != fb.nation || fa.place != fb.place {
                continue;
            }
            let room = ctx.cards.fleet_card(b).map_or(0, |c| c.ships).saturating_sub(fb.ships);
            let most = room.min(fa.ships);
            for count in [1, most] {
                if count > 0 {
                    out.push(NavalCommand::TransferShips { count, from: (*a).clone(), to: (*b).clone() });
                }
            }
        }
    }
    out.dedup();
    out
}

/// The shortest routes from `from` for fleets of `power` to every place within seven points:
/// through sea zones and blockade boxes, into ports at their end only.
pub fn routes(ctx: &Ctx, state: &State, power: Power, from: &FleetPlace) -> BTreeMap<FleetPlace, Vec<FleetPlace>> {
    let mut best: BTreeMap<FleetPlace, (u8, Vec<FleetPlace>)> = BTreeMap::new();
    best.insert(from.clone(), (0, Vec::new()));
    let own_box = match from {
        FleetPlace::Port(a) | FleetPlace::Blockade(a) => Some(FleetPlace::Blockade(a.clone())),
        FleetPlace::Sea(_) => None,
    };
    let mut queue = VecDeque::from([from.clone()]);
    while let Some(here) = queue.pop_front() {
        let (spent, path) = best.get(&here).cloned().unwrap_or_default();
        if matches!(here, FleetPlace::Port(_)) && &here != from {
            continue;
        }
        // Another box is passed through only into its port (6.2.1.2).
        if matches!(here, FleetPlace::Blockade(_)) && Some(&here) != own_box.as_ref() {
            let mut into_port = path.clone();
            if let FleetPlace::Blockade(a) = &here {
                let port = FleetPlace::Port(a.clone());
                if friendly_port(ctx, state, power, a) || places::enemy_fleet_at(state, power, &port) {
                    into_port.push(port.clone());
                    if best.get(&port).is_none_or(|(s, _)| *s > spent) {
                        best.insert(port, (spent, into_port));
                    }
                }
            }
            continue;
        }
        for (next, cost) in places::neighbours(ctx, &here) {
            let total = spent.saturating_add(cost);
            if total > FLEET_MOVEMENT || best.get(&next).is_some_and(|(s, _)| *s <= total) {
                continue;
            }
            if passage(ctx, state, power, &here, &next, false).is_err() {
                continue;
            }
            let mut p = path.clone();
            p.push(next.clone());
            best.insert(next.clone(), (total, p));
            queue.push_back(next);
        }
    }
    best.into_iter().filter(|(p, _)| p != from).map(|(p, (_, path))| (p, path)).collect()
}

fn to_legs(path: &[FleetPlace]) -> Vec<Leg> {
    path.iter().map(|p| Leg::To(places::token(p))).collect()
}

/// The naval phase: boardings, moves and attacks of `power`.
pub fn naval_phase(ctx: &Ctx, state: &State, power: Power) -> Vec<NavalCommand> {
    let mut out = Vec::new();
    let mut stacks: BTreeMap<FleetPlace, Vec<String>> = BTreeMap::new();
    let mut all_places: BTreeSet<FleetPlace> = BTreeSet::new();
    for (id, f) in &state.fleets {
        if state.controller_of_nation(&f.nation) != Some(power) {
            continue;
        }
        all_places.insert(f.place.clone());
        if !state.book.fleets.contains_key(id) {
            stacks.entry(f.place.clone()).or_default().push(id.clone());
        }
    }
    if !state.book.naval.combat_step {
        // 6.2.5: its corps board its own fleets or, combining (4.9), an ally's that has not moved.
        for (id, f) in &state.fleets {
            let FleetPlace::Port(area) = &f.place else { continue };
            if state.book.fleets.contains_key(id) || !crate::naval::transport::may_carry(state, id, power) {
                continue;
            }
            for (corps, c) in &state.corps {
                if &c.area == area && c.aboard.is_none() && state.controller_of_nation(c.side()) == Some(power) {
                    out.push(NavalCommand::Embark { corps: corps.clone(), fleet: id.clone() });
                }
            }
        }
        for (place, fleets) in &stacks {
            let routes = routes(ctx, state, power, place);
            for path in routes.values() {
                out.push(NavalCommand::Sail { fleets: fleets.clone(), route: to_legs(path) });
            }
            if fleets.len() > 1 {
                for f in fleets {
                    for (to, path) in &routes {
                        if path.len() == 1 || matches!(to, FleetPlace::Port(_)) && path.len() == 2 {
                            out.push(NavalCommand::Sail { fleets: vec![f.clone()], route: to_legs(path) });
                        }
                    }
                }
            }
        }
    }
    for place in all_places {
        for enemy in places::enemy_powers_at(state, power, &place) {
            out.push(NavalCommand::Engage { power: enemy, place: places::token(&place), declaring: false });
        }
        // 6.3.1.2: a stack carrying enemy corps or combining with an enemy, with or without
        // a declaration of war.
        for other in places::attackable_powers_at(state, power, &place) {
            for declaring in [false, true] {
                out.push(NavalCommand::Engage { power: other, place: places::token(&place), declaring });
            }
        }
    }
    out
}

/// The land movement step: every landing of `power`'s corps at sea.
pub fn disembark(ctx: &Ctx, state: &State, power: Power) -> Vec<NavalCommand> {
    let mut out = Vec::new();
    for (id, c) in &state.corps {
        if state.controller_of_nation(c.side()) != Some(power) {
            continue;
        }
        let Some(place) = c.aboard.as_ref().and_then(|f| state.fleets.get(f)).map(|f| f.place.clone()) else {
            continue;
        };
        for area in transport::landing_areas(ctx, &place) {
            // 7.3.5: straight into a besieged friendly port city of the area.
            if state.besieged(&area) {
                out.push(NavalCommand::Disembark { corps: id.clone(), area: Some(area.clone()), into_city: true });
            }
            out.push(NavalCommand::Disembark { corps: id.clone(), area: Some(area), into_city: false });
        }
    }
    out
}
