//! Corps at sea (6.2.5, 7.3.5): a corps boards a fleet of its power in the friendly port
//! where both are (one corps a fleet, 6.2.5, 6.2.5.1) and sails with it; it lands in its
//! power's next land movement step (7.3.5) in a land area next to the fleet's sea zone, or in
//! the port's area from a port or a blockade box, which ends its movement and counts as across
//! a river in a battle there (7.3.5, 7.5.2.7.1); a corps still at sea when that step ends is
//! lost and its leaders retire (6.2.5.2). Corps of fleets sunk in battle: see
//! `combat::consolidate` (6.2.5.3). Fleets carry only their own power's corps: combined
//! movement (4.9, 6.1.2) belongs to the political phase, not played.

use crate::command::{Command, Holder};
use crate::ctx::Ctx;
use crate::data::cards::CorpsKind;
use crate::naval::places;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::{CorpsMove, FleetPlace, LeaderPlace, State};
use grognard_engine::{Event, RuleError};
use serde_json::json;

/// The fleet carrying corps `corps`, if it is at sea.
pub fn carrier<'a>(state: &'a State, corps: &str) -> Option<&'a str> {
    state.corps.get(corps).and_then(|c| c.aboard.as_deref())
}

/// Did `corps` disembark this land movement step (7.3.5)?
pub fn disembarked(state: &State, corps: &str) -> bool {
    state.book.naval.disembarked.contains(corps)
}

/// `embark CORPS on FLEET` (6.2.5, 6.2.5.1).
pub fn embark(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    fleet: &str,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    if state.sequence.phase != Phase::Naval {
        return Err(RuleError::new(
            "6.2.5",
            format!("corps board fleets in the naval phase, not in the {}", state.sequence.phase),
        ));
    }
    if state.book.naval.combat_step || state.book.naval.voyage.is_some() {
        return Err(RuleError::new("6.1.3", "corps board before the fleets move off, in the naval movement step"));
    }
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    if state.controller_of_nation(c.side()) != Some(power) {
        return Err(RuleError::new("6.2.5", format!("corps {corps} is not {}'s", power.name())));
    }
    if c.aboard.is_some() {
        return Err(RuleError::new("6.2.5", format!("corps {corps} is already at sea")));
    }
    if ctx.cards.corps_card(corps).is_some_and(|card| card.kind == CorpsKind::Insurrection) {
        return Err(RuleError::new("6.2.5", "insurrection corps are not moved by sea"));
    }
    if !c.proper() {
        return Err(RuleError::new("6.2.5", "guerrillas, cossacks and freikorps are not moved by sea"));
    }
    let f = state.fleets.get(fleet).ok_or_else(|| RuleError::new("input", format!("there is no fleet `{fleet}`")))?;
    if !may_carry(state, fleet, power) {
        return Err(RuleError::new(
            "6.2.5",
            format!(
                "fleet {fleet} is not {}'s, nor of a power combining its movement with it this month (4.9)",
                power.name()
            ),
        ));
    }
    let FleetPlace::Port(port) = &f.place else {
        return Err(RuleError::new(
            "6.2.5.1",
            format!("fleet {fleet} is not in a port but in {}", places::name(ctx, &f.place)),
        ));
    };
    if &c.area != port {
        return Err(RuleError::new(
            "6.2.5.1",
            format!("corps {corps} and fleet {fleet} must both be at {}", places::name(ctx, &f.place)),
        ));
    }
    if !places::friendly_port(ctx, state, power, port) {
        return Err(RuleError::new("6.2.5.1", format!("{} is not a friendly port", places::name(ctx, &f.place))));
    }
    if state.book.fleets.contains_key(fleet) {
        return Err(RuleError::new(
            "6.2.5.1",
            format!("fleet {fleet} has already moved: a corps boards where both begin"),
        ));
    }
    if let Some((other, _)) = state.corps.iter().find(|(_, o)| o.aboard.as_deref() == Some(fleet)) {
        return Err(RuleError::new("6.2.5", format!("fleet {fleet} already carries corps {other}: one corps a fleet")));
    }
    let mut next = state.clone();
    if let Some(c) = next.corps.get_mut(corps) {
        c.aboard = Some(fleet.to_string());
        c.in_city = false;
    }
    log.push(Event::new(
        format!("Corps {corps} boards fleet {fleet} at {}", places::name(ctx, &f.place)),
        json!({"kind": "embark", "corps": corps, "fleet": fleet, "port": port, "rule": "6.2.5.1"}),
    ));
    Ok(next)
}

/// 6.2.5: may fleet `fleet` carry a corps of `power`: its own, or a fleet of a power that
/// declared combined movement with it this month (4.9)?
pub fn may_carry(state: &State, fleet: &str, power: Power) -> bool {
    let Some(owner) = state.fleets.get(fleet).and_then(|f| state.controller_of_nation(&f.nation)) else {
        return false;
    };
    owner == power || crate::politics::combined::group_of(state, power).is_some_and(|g| g.contains(&owner))
}

/// The land areas a corps on a fleet at `place` may land in (7.3.5).
pub fn landing_areas(ctx: &Ctx, place: &FleetPlace) -> Vec<String> {
    match place {
        FleetPlace::Sea(s) => ctx.map.shore(s).to_vec(),
        FleetPlace::Port(a) | FleetPlace::Blockade(a) => vec![a.clone()],
    }
}

/// `disembark CORPS [AREA] [into city]` (7.3.5), in the power's land movement step; `into_city`:
/// straight into the area's besieged friendly port city, if it has room for the corps.
pub fn disembark(
    ctx: &Ctx,
    state: &State,
    power: Power,
    corps: &str,
    area: Option<&str>,
    into_city: bool,
    log: &mut Vec<Event>,
) -> Result<State, RuleError> {
    if state.sequence.phase != Phase::Land(LandStep::Movement) {
        return Err(RuleError::new(
            "7.3.5",
            format!("corps disembark in their land movement step, not in the {}", state.sequence.phase),
        ));
    }
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    if state.controller_of_nation(c.side()) != Some(power) {
        return Err(RuleError::new("7.3.5", format!("corps {corps} is not {}'s", power.name())));
    }
    let fleet = c.aboard.as_deref().ok_or_else(|| RuleError::new("7.3.5", format!("corps {corps} is not at sea")))?;
    let place = state
        .fleets
        .get(fleet)
        .map(|f| f.place.clone())
        .ok_or_else(|| RuleError::new("6.2.5.3", format!("fleet {fleet} is gone")))?;
    let allowed = landing_areas(ctx, &place);
    let target = match (area, allowed.as_slice()) {
        (Some(a), _) => a.to_string(),
        (None, [only]) => only.clone(),
        (None, _) => {
            return Err(RuleError::new(
                "7.3.5",
                format!("name the area corps {corps} lands in: one of {}", allowed.join(", ")),
            ))
        }
    };
    if !allowed.contains(&target) {
        return Err(RuleError::new(
            "7.3.5",
            format!("from {} corps {corps} lands in {} only", places::name(ctx, &place), allowed.join(", ")),
        ));
    }
    if !crate::movement::may_enter(ctx, state, power, &target) {
        return Err(RuleError::new(
            "R10.3",
            format!("{target} belongs to a nation with which {} is neither allied nor at war", power.name()),
        ));
    }
    if into_city {
        into_port_city(ctx, state, power, corps, &target)?;
    }
    let allowance = crate::corps_card::corps_rules(ctx, state, corps)?.allowance;
    let mut next = state.clone();
    if let Some(c) = next.corps.get_mut(corps) {
        c.area = target.clone();
        c.in_city = into_city;
        c.aboard = None;
    }
    let forage = ctx.map.area(&target).map(|a| a.forage);
    next.book.corps.insert(
        corps.to_string(),
        CorpsMove {
            from: target.clone(),
            spent: allowance,
            allowance,
            force_marched: false,
            lowest_forage: forage,
            left_territory: !state.in_territory(ctx, power, &target),
            stopped: true,
            across_river: true,
        },
    );
    next.book.naval.disembarked.insert(corps.to_string());
    let name = if into_city {
        ctx.map.city(&target).map_or(target.clone(), |c| format!("besieged {}", c.name))
    } else {
        ctx.map.area(&target).map_or(target.clone(), |a| a.name.clone())
    };
    let mut data = json!({"kind": "disembark", "corps": corps, "fleet": fleet, "area": target, "rule": "7.3.5"});
    if into_city {
        data["in_city"] = json!(true);
    }
    log.push(Event::new(
        format!("Corps {corps} lands from fleet {fleet} in {name}: its movement is spent (7.3.5)"),
        data,
    ));
    Ok(next)
}

/// 7.3.5: may `corps` of `power` land straight into the port city of `area`: a port city,
/// besieged, held by a friendly nation, with room for all the corps' factors (7.3.3.4;
/// with hidden strengths a projection's check counts only factors every player knows, as
/// `land::enter_city` does)? An unbesieged city is entered from the area (7.3.4).
fn into_port_city(ctx: &Ctx, state: &State, power: Power, corps: &str, area: &str) -> Result<(), RuleError> {
    let c = state.corps.get(corps).ok_or_else(|| RuleError::new("input", format!("there is no corps `{corps}`")))?;
    let (Some(city), Some(_)) = (ctx.map.city(area), ctx.map.port(area)) else {
        return Err(RuleError::new("7.3.5", format!("{} has no port city to land in", ctx.name(area))));
    };
    if !state.besieged(area) {
        return Err(RuleError::new(
            "7.3.5",
            format!("{} is not besieged: corps land in its area and enter it from there (7.3.4)", city.name),
        ));
    }
    let friendly = crate::scenario::city_holder(ctx, state, area).is_some_and(|n| state.friendly_to(power, n));
    let room = crate::land::room_inside(ctx, state, power, area).filter(|_| friendly).ok_or_else(|| {
        RuleError::new(
            "7.3.5",
            format!("{} is not a friendly port: corps land straight only into their own side's", city.name),
        )
    })?;
    if room < c.factors.total() && state.counts(c) {
        return Err(RuleError::new(
            "7.3.5",
            format!("{} has room for {room} more factors and corps {corps} has {}", city.name, c.factors.total()),
        ));
    }
    Ok(())
}

/// 6.2.5.2: at the end of `power`'s land movement step its corps still at sea are lost; the
/// leaders with them retire (5.3).
pub fn fail_to_disembark(ctx: &Ctx, state: &mut State, power: Power, log: &mut Vec<Event>) {
    let lost: Vec<String> = state
        .corps
        .iter()
        .filter(|(_, c)| c.aboard.is_some() && state.controller_of_nation(c.side()) == Some(power))
        .map(|(id, _)| id.clone())
        .collect();
    for corps in lost {
        state.corps.remove(&corps);
        let leaders: Vec<String> = state
            .leaders
            .iter()
            .filter(|(_, p)| **p == LeaderPlace::Corps(corps.clone()))
            .map(|(l, _)| l.clone())
            .collect();
        for l in &leaders {
            state.leaders.insert(l.clone(), LeaderPlace::Retiring);
        }
        let mut text = format!("Corps {corps} did not disembark and is lost (6.2.5.2)");
        if !leaders.is_empty() {
            text.push_str(&format!("; {} retire(s) (5.3)", leaders.join(", ")));
        }
        let _ = ctx;
        log.push(Event::new(text, json!({"kind": "corps-removed", "corps": corps, "rule": "6.2.5.2"})));
    }
}

/// No land command names a corps at sea (6.2.5, 7.3.5): it neither enters nor leaves a city,
/// forages, nor gives or takes factors until it lands.
pub fn guard(state: &State, command: &Command) -> Result<(), RuleError> {
    let at_sea = |corps: &str| carrier(state, corps).is_some();
    let holder = |h: &Holder| matches!(h, Holder::Corps(c) if at_sea(c));
    let named = match command {
        Command::EnterCity { corps } | Command::LeaveCity { corps } | Command::Forage { corps } => at_sea(corps),
        Command::Transfer { from, to, .. } => holder(from) || holder(to),
        Command::Place { into, .. } => holder(into),
        Command::Demobilise { what, .. } => holder(what),
        _ => false,
    };
    if named {
        return Err(RuleError::new("7.3.5", "a corps at sea does nothing on land until it disembarks"));
    }
    Ok(())
}
