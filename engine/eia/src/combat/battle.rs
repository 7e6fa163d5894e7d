//! Which battles the phasing power owes (7.5.1: its corps share an area with enemy field
//! forces at the end of its movement) and the start of one (`battle AREA`), which asks both
//! sides for their chits in a sealed step (7.5.2.1).

use crate::combat::forces;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;
use grognard_engine::{Event, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A field combat waiting for its chits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The area fought over.
    pub area: String,
    /// The phasing power (7.5.1).
    pub attacker: Power,
    /// The defending power that chooses the defender's chit (R7.3.8.7: the one with the most
    /// factors in the force).
    pub defender: Power,
    pub attackers: Vec<String>,
    pub defenders: Vec<String>,
    /// An enemy depot garrison fights with the defenders (7.5.1.2).
    pub depot: bool,
    /// Every attacking corps that moved entered across a river (7.5.2.7.1), or disembarked
    /// (7.3.5).
    pub across_river: bool,
    /// The journal's name of the sealed step of the chits, unique in the game.
    pub step: String,
    /// A garrison attack (7.5.4.2, `sally.rs`): the attackers are the besieged power's corps
    /// inside the city, with its city garrison.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sally: bool,
    /// A relieving force's limited field combat (7.5.4.2.3): the attacker's besieged corps
    /// inside the city (listed in `attackers`) and its city garrison fight with it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub relief: bool,
    /// The day of the battle, 0 for the first (R7.5.2.13.2).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub day: u8,
    /// From the second day on: the attacker's and the defender's morale (tenths) at the end
    /// of the day before (R7.5.2.13.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<(i32, i32)>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Battle {
    /// The players who seal a chit: the attacker's and the defender's (once if one player runs
    /// both), ascending.
    pub fn players(&self, state: &State) -> Vec<PlayerId> {
        let mut players: Vec<PlayerId> =
            [self.attacker, self.defender].iter().filter_map(|p| state.player_of(*p)).map(PlayerId).collect();
        players.sort();
        players.dedup();
        players
    }
}

/// The areas where `power` must still fight (7.5.1, 7.3.7.2): its corps, cossacks or freikorps
/// in the field with enemy corps, cossacks or freikorps in the field or an enemy depot
/// garrison, ascending. Guerrillas neither owe a battle nor are owed one (7.5.1, R10.1.1.3).
pub fn battles_owed(state: &State, power: Power) -> Vec<String> {
    let mut areas: Vec<String> = state
        .corps
        .values()
        .filter(|c| {
            !c.in_city
                && c.aboard.is_none()
                && c.irregular() != Some(crate::FactorKind::Guerrilla)
                && state.controller_of_nation(c.side()) == Some(power)
        })
        .map(|c| c.area.clone())
        .filter(|a| state.enemy_field_corps(power, a).next().is_some() || forces::enemy_depot_garrison(state, power, a))
        .collect();
    areas.sort();
    areas.dedup();
    areas
}

/// `battle AREA`: the phasing power starts the field combat in `area` (7.5.1.3: in any
/// order), one at a time (7.5.2).
pub fn start_battle(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    if state.sequence.phase != Phase::Land(LandStep::Combat) {
        return Err(RuleError::new(
            "7.5",
            format!("battles are fought in the land combat step, not in the {}", state.sequence.phase),
        ));
    }
    if state.battle.is_some() {
        return Err(RuleError::new("7.5.2", "a combat in one area is completed before another begins"));
    }
    if !battles_owed(state, power).iter().any(|a| a == area) {
        return Err(RuleError::new("7.5.1", format!("{} has no battle to fight in {}", power.name(), ctx.name(area))));
    }
    // 7.3.8.3: the allies of the defenders with field forces there may declare war first.
    let asked = crate::combat::war_question::askable(ctx, state, power, area);
    if !asked.is_empty() {
        let mut next = state.clone();
        let names: Vec<&str> = asked.iter().map(|p| p.name()).collect();
        log.push(Event::new(
            format!(
                "{} declares a combat in {}; {} may declare war on it first (7.3.8.3)",
                power.name(),
                ctx.name(area),
                names.join(", ")
            ),
            json!({"kind": "war-question", "area": area, "attacker": power, "asked": asked, "rule": "7.3.8.3"}),
        ));
        next.book.war_question =
            Some(crate::combat::war_question::WarQuestion { area: area.to_string(), attacker: power, asked });
        return Ok(next);
    }
    open_battle(ctx, state, power, area, log)
}

/// The battle in `area` declared by `power` begins, once any power asked by 7.3.8.3 has
/// answered: the forces neither attacking nor defending leave (7.3.8.4, 7.3.8.6) and both
/// sides are asked for their chits (7.5.2.1).
pub fn open_battle(
    ctx: &Ctx,
    state: &State,
    power: Power,
    area: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    // 7.3.8.4, 7.3.8.6: the forces neither attacking nor defending leave first.
    let mut cleared = state.clone();
    crate::combat::declaration::clear_the_field(ctx, &mut cleared, power, area, log);
    let state = &cleared;
    let mut attackers = forces::attackers(state, power, area);
    // R7.5.4.2.3: attacking the besiegers of its own forces, the power's besieged corps and
    // city garrison join the fight (a limited field combat) and go back inside after it.
    let relief = state.sieges.contains(area)
        && (!crate::combat::sally::inside(state, power, area).is_empty()
            || crate::combat::sally::garrison_factors(state, power, area) > 0);
    if relief {
        attackers.extend(crate::combat::sally::inside(state, power, area));
        attackers.sort();
    }
    let defenders = forces::defenders(state, power, area);
    let depot = forces::enemy_depot_garrison(state, power, area);
    let defender = forces::leading_power(state, &defenders)
        .or_else(|| state.depots.get(area).map(|d| d.power))
        .ok_or_else(|| RuleError::new("7.5.1", "no defender"))?;
    let moved: Vec<&crate::state::CorpsMove> = attackers.iter().filter_map(|c| state.book.corps.get(c)).collect();
    let across_river = !moved.is_empty() && moved.iter().all(|m| m.across_river);
    let mut next = state.clone();
    next.battles_fought += 1;
    let step = format!("battle-{}-{}-{}", state.date.id(), area, next.battles_fought);
    let battle = Battle {
        area: area.to_string(),
        attacker: power,
        defender,
        attackers: attackers.clone(),
        defenders: defenders.clone(),
        depot,
        across_river,
        step,
        sally: false,
        relief,
        day: 0,
        morale: None,
    };
    log.push(Event::new(
        format!(
            "{} attacks in {}: {} against {}{}; both sides choose their chits in secret (7.5.2.1)",
            power.name(),
            ctx.name(area),
            attackers.join(", "),
            if defenders.is_empty() { "a depot garrison".to_string() } else { defenders.join(", ") },
            match (across_river, relief) {
                (true, true) => ", across a river, the besieged joining in (7.5.4.2.3)",
                (true, false) => ", across a river",
                (false, true) => ", the besieged joining in (7.5.4.2.3)",
                (false, false) => "",
            }
        ),
        json!({"kind": "battle", "area": area, "attacker": power, "defender": defender, "rule": "7.5.2"}),
    ));
    next.battle = Some(battle);
    Ok(next)
}
