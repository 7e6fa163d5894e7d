//! The naval combat step (6.2.4, 6.3.1, 6.3.2): the phasing power's stack attacks one enemy
//! power's stack in its place (`engage POWER at PLACE`), its partners in combined movement at
//! war with the attacker defending with it as one power (6.3.1; the power named answers for
//! the stack: evasion, retreat, political points); at sea the defender may try to evade
//! first (1-2 on a die, 6.3.2.1), in a port or a blockade box it may not (6.3.2). Once the
//! combat step has begun no fleet moves (6.1.3); one attack per place (6.3.1, 6.3.2); no
//! combat north of the ice line in winter (6.2.1.4).

use crate::ctx::Ctx;
use crate::naval::places;
use crate::naval::{combat, retreat, Aftermath, Battle, Decision, Role};
use crate::power::Power;
use crate::sequence::Phase;
use crate::state::{FleetPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// The evasion roll's success: 1 or 2 (6.3.2.1).
pub const EVASION: u32 = 2;

/// Check `engage DEFENDER at PLACE` by `power` and the battle it starts.
pub fn battle_of(ctx: &Ctx, state: &State, power: Power, defender: Power, place: &str) -> Result<Battle, RuleError> {
    if state.sequence.phase != Phase::Naval || state.sequence.acting() != Some(power) {
        return Err(RuleError::new("6.2.4", "a power attacks at sea in its own naval phase sequence"));
    }
    if state.book.naval.voyage.is_some() {
        return Err(RuleError::new("6.1.3", "a stack is still under way"));
    }
    let place = places::resolve(ctx, place)?;
    let attackers = places::side_fleets(state, power, &place);
    if attackers.is_empty() {
        return Err(RuleError::new("6.2.4", format!("{} has no fleet in {}", power.name(), places::name(ctx, &place))));
    }
    if state.book.naval.battles.contains(&place) {
        return Err(RuleError::new(
            "6.3.1",
            format!("{} has already attacked in {} this sequence", power.name(), places::name(ctx, &place)),
        ));
    }
    if places::iced(ctx, state, &place) {
        return Err(RuleError::new("6.2.1.4", "no naval combat is fought north of the ice line in winter"));
    }
    let mut defenders: Vec<String> = places::side_fleets(state, defender, &place)
        .into_iter()
        .filter(|f| places::attackable(state, power, f))
        .collect();
    // 6.3.1: the powers combining their movement with the defender (4.9) and at war with the
    // attacker count as one power: their fleets there are one stack and defend together.
    if !defenders.is_empty() {
        for partner in crate::politics::combined::group_of(state, defender).unwrap_or(&[]) {
            if *partner != defender && state.relations.at_war(power.id(), partner.id()) {
                defenders.extend(places::side_fleets(state, *partner, &place));
            }
        }
        defenders.sort();
    }
    if defenders.is_empty() {
        return Err(RuleError::new(
            "6.3.1.2",
            format!(
                "no fleet of {} in {} is at war with {}, carries its enemies' corps or combines with its enemies",
                defender.name(),
                places::name(ctx, &place),
                power.name()
            ),
        ));
    }
    let from_port = match &place {
        FleetPlace::Blockade(a) => {
            let out = attackers.iter().all(|f| state.book.naval.came_from.get(f) == Some(&FleetPlace::Port(a.clone())));
            out.then_some(Role::Attacker)
        }
        _ => None,
    };
    Ok(Battle { place, attacker: power, attackers, defender, defenders, interception: false, from_port })
}

/// 6.3.1.2.1, 6.3.1.2.2: may `power` attack `defender`, not at war with it, with or without
/// `declaring` war? Declaring, every limitation of 4.2.2 holds but an enforced peace.
pub fn declaration(ctx: &Ctx, state: &State, power: Power, defender: Power, declaring: bool) -> Result<(), RuleError> {
    let at_war = state.relations.at_war(power.id(), defender.id());
    if at_war && declaring {
        return Err(RuleError::new(
            "6.3.1.2.2",
            format!("{} is at war with {} already: engage without `declaring war`", power.name(), defender.name()),
        ));
    }
    if declaring {
        match crate::politics::declaration::check_one(ctx, state, power, defender.id()) {
            Err(e) if e.rule != "4.2.2.4" => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

/// `engage POWER at PLACE [declaring war]` (6.2.4, 6.3.1.2).
pub fn engage(
    ctx: &Ctx,
    state: &State,
    power: Power,
    (defender, declaring): (Power, bool),
    place: &str,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let battle = battle_of(ctx, state, power, defender, place)?;
    declaration(ctx, state, power, defender, declaring)?;
    let mut next = state.clone();
    next.book.naval.combat_step = true;
    next.book.naval.battles.insert(battle.place.clone());
    let at_war = state.relations.at_war(power.id(), defender.id());
    let why = if declaring {
        log.push(Event::new(
            format!("{} declares war on {} at sea; no allies are called (6.3.1.2.2)", power.name(), defender.name()),
            json!({"kind": "declaration", "by": power, "on": defender, "rule": "6.3.1.2.2"}),
        ));
        crate::politics::declaration::war_on_major(ctx, &mut next, power, defender, "6.3.1.2.2", log);
        "6.2.4"
    } else if at_war {
        "6.2.4"
    } else {
        "6.3.1.2.1"
    };
    let unannounced = if why == "6.3.1.2.1" { ", without a declaration of war" } else { "" };
    log.push(Event::new(
        format!(
            "{} attacks {}'s {} in {}{unannounced} ({why})",
            power.name(),
            defender.name(),
            battle.defenders.join(", "),
            places::name(ctx, &battle.place)
        ),
        json!({"kind": "naval-attack", "power": power, "defender": defender, "place": battle.place, "rule": why}),
    ));
    if matches!(battle.place, FleetPlace::Sea(_)) {
        // 6.3.2: at sea the defender may try to evade.
        next.book.naval.decision = Some(Decision::Evade { battle });
        return Ok(next);
    }
    let outcome = combat::fight(ctx, &mut next, &battle, dice, log)?;
    retreat::begin(ctx, &mut next, &battle, &outcome, log);
    Ok(next)
}

/// `evade` (`try`) or `accept battle`: the defender's answer (6.3.2).
pub fn evade(
    ctx: &Ctx,
    state: &State,
    power: Power,
    try_it: bool,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let Some(Decision::Evade { battle }) = &state.book.naval.decision else {
        return Err(RuleError::new("6.3.2", "no evasion is offered now").into());
    };
    if battle.defender != power {
        return Err(RuleError::new("6.3.2", format!("{} decides, not {}", battle.defender.name(), power.name())).into());
    }
    let battle = battle.clone();
    let mut next = state.clone();
    next.book.naval.decision = None;
    if try_it {
        let die = dice.roll(6).map_err(|_| ApplyError::NeedDice)?;
        let evaded = die <= EVASION;
        log.push(Event::new(
            format!(
                "{} tries to evade in {}: die {die}: {} (6.3.2.1)",
                power.name(),
                places::name(ctx, &battle.place),
                if evaded { "evaded" } else { "caught" }
            ),
            json!({"kind": "evasion", "power": power, "die": die, "evaded": evaded, "rule": "6.3.2.1"}),
        ));
        if evaded {
            // Retreated as a loser, the attacker counting as the victor; no political points
            // (6.3.2.1, 6.3.2.2).
            let after = Aftermath {
                place: battle.place.clone(),
                victor: battle.attacker,
                victors: battle.attackers.clone(),
                loser: battle.defender,
                losers: battle.defenders.clone(),
                holds: false,
            };
            retreat::start(ctx, &mut next, after, log);
            return Ok(next);
        }
    }
    let outcome = combat::fight(ctx, &mut next, &battle, dice, log)?;
    retreat::begin(ctx, &mut next, &battle, &outcome, log);
    Ok(next)
}
