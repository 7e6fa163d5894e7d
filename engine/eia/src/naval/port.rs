//! 6.2.6: a fleet in a port the enemy comes to hold leaves it at once for the port's blockade
//! box (the owner's choice between the box and the sea zones next to it is replaced by the box,
//! from which the fleet sails on in its next naval phase: R6.2.6); if an enemy fleet blockades
//! the port, the fleet is scuttled instead, one political point lost a fleet (6.2.6.1,
//! 6.2.6.4), NELSON taken by the port's holder (6.2.6.2), minor and UMP fleets too (6.2.6.3).
//! The choice 6.2.6.1 also offers, to fight the blockaders with the wind gauge against it, is
//! not played.

use crate::ctx::Ctx;
use crate::naval::places;
use crate::state::{FleetPlace, LeaderPlace, State};
use grognard_engine::Event;
use serde_json::json;

/// Apply 6.2.6 to every fleet in a port held by its enemy.
pub fn enemy_ports(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    let caught: Vec<(String, String)> = state
        .fleets
        .iter()
        .filter_map(|(id, f)| match &f.place {
            FleetPlace::Port(a) => {
                let holder = state.area_controller(ctx, a)?;
                state.enemy_of(state.controller_of_nation(&f.nation)?, holder).then(|| (id.clone(), a.clone()))
            }
            _ => None,
        })
        .collect();
    for (fleet, area) in caught {
        let Some(f) = state.fleets.get(&fleet).cloned() else { continue };
        let Some(power) = state.controller_of_nation(&f.nation) else { continue };
        let holder = state.area_controller(ctx, &area).and_then(|n| state.controller_of_nation(n));
        if places::blockaded_against(state, power, &area) {
            state.fleets.remove(&fleet);
            if let Some(p) = state.powers.get_mut(&power) {
                p.political -= 1;
            }
            let mut text = format!(
                "The enemy holds {} and blockades it: fleet {fleet} is scuttled, {} loses a political point (6.2.6.1, 6.2.6.4)",
                places::name(ctx, &f.place),
                power.name()
            );
            if let Some(l) = places::naval_leader_with(ctx, state, std::slice::from_ref(&fleet)) {
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
        } else {
            let to = FleetPlace::Blockade(area.clone());
            if let Some(x) = state.fleets.get_mut(&fleet) {
                x.place = to.clone();
            }
            log.push(Event::new(
                format!(
                    "The enemy holds {}: fleet {fleet} leaves it for {} (6.2.6)",
                    places::name(ctx, &f.place),
                    places::name(ctx, &to)
                ),
                json!({"kind": "fleet-leaves-port", "fleet": fleet, "to": to, "rule": "6.2.6"}),
            ));
        }
    }
}
