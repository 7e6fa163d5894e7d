//! Sieges (13.0): at the start of the phasing side's siege phase, every enemy-controlled
//! intact fortress whose landward neighbours all hold the phasing side's ground units is
//! besieged; one die each, modified; 6 or more and the garrison surrenders (13.2, 13.3).

use crate::battle::{Battle, Step};
use crate::combat::bvp::battle_vp;
use crate::combat::steps;
use crate::ctx::Ctx;
use crate::data::UnitType;
use crate::happened::{Happened, Modifier};
use crate::state::{Effect, Location, Phase, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};

/// A siege found at the start of the siege phase, with its die roll modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Siege {
    pub hex: HexId,
    /// The besieged units.
    pub defenders: Vec<UnitId>,
    /// The besieging units on the landward neighbours.
    pub besiegers: Vec<UnitId>,
    /// Each modifier with its cause (13.2).
    pub modifiers: Vec<(i32, String)>,
}

fn is_ground(ctx: &Ctx, unit: &str) -> bool {
    ctx.counter(unit).is_some_and(|c| c.kind != UnitType::Fleet)
}

/// The sieges `side` has in hand now (13.1), in hex order.
pub fn sieges(ctx: &Ctx, state: &State, side: Side) -> Vec<Siege> {
    let enemy = side.other();
    let mut out = Vec::new();
    let hard = ctx.rules.hard_sieges();
    for locale in ctx.map.locales() {
        let hex = locale.hex;
        if !crate::stacking::intact_fortress(ctx, state, hex) {
            continue;
        }
        let occupant = ctx.occupant(state, hex);
        let controller = occupant.or_else(|| state.control.get(&hex).copied());
        if controller != Some(enemy) {
            continue;
        }
        // 13.1; errata 6A: the landward neighbours only (Sveaborg through 1309 alone).
        let landward = ctx.map.landward_neighbours(hex);
        if landward.is_empty() {
            continue;
        }
        let mut besiegers = Vec::new();
        let mut all_held = true;
        for n in &landward {
            let ours: Vec<UnitId> =
                ctx.side_units_in(state, *n, side).into_iter().filter(|u| is_ground(ctx, u)).cloned().collect();
            if ours.is_empty() {
                all_held = false;
                break;
            }
            besiegers.extend(ours);
        }
        if !all_held {
            continue;
        }
        let defenders: Vec<UnitId> =
            ctx.side_units_in(state, hex, enemy).into_iter().filter(|u| is_ground(ctx, u)).cloned().collect();
        // An empty fortress holds no besieged force: it is simply entered.
        if defenders.is_empty() {
            continue;
        }
        let mut modifiers = Vec::new();
        // +1 per supplied siege train next to the fortress across a landward hexside.
        for u in &besiegers {
            if ctx.counter(u).is_some_and(|c| c.kind == UnitType::SiegeTrain) {
                let at = state.location(u).cloned().unwrap_or(Location::Eliminated);
                if crate::supply::check(ctx, state, side, &at, false).is_ok() {
                    modifiers.push((1, format!("supplied siege train {u}")));
                } else {
                    modifiers.push((0, format!("siege train {u} out of supply counts nothing")));
                }
            }
        }
        let ours = state.vp[side.index()].total();
        let theirs = state.vp[enemy.index()].total();
        if ours - theirs >= 10 {
            modifiers.push((1, "the besieger has 10 or more VP more".to_string()));
        }
        if let Some(nation) = ctx.rules.siege_stiffening_nation() {
            if defenders.iter().any(|u| ctx.counter(u).is_some_and(|c| c.nation == nation)) {
                modifiers.push((-1, format!("{nation} units in the fortress")));
            }
        }
        if theirs - ours >= 10 {
            modifiers.push((-1, "the besieged side has 10 or more VP more".to_string()));
        }
        if hard.contains(&hex.number()) {
            modifiers.push((-1, format!("{} is hard to besiege", locale.name)));
        }
        out.push(Siege { hex, defenders, besiegers, modifiers });
    }
    out
}

/// Resolve the phasing side's sieges (13.1-13.3): one roll per siege, surrenders eliminate
/// the garrison (recycling eligible units), give BVP and allow an advance after combat; the
/// fortress stays intact. A truce forbids sieges (6.4 event 4). Marks the phase's roll done.
pub fn apply_sieges(
    ctx: &Ctx,
    state: &State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Siege || state.phasing != side {
        return Err(RuleError::new("13.1", "sieges are resolved in the besieger's own siege phase").into());
    }
    if state.book.rolled || state.decision.is_some() {
        return Err(RuleError::new("13.1", "this siege phase's sieges are already resolved").into());
    }
    let mut next = state.clone();
    next.book.rolled = true;
    if state.has_effect(&Effect::Truce) {
        log.push(
            Happened::SiegeNone { reason: Some("truce".into()), rule: "6.4".into() }
                .event("A truce is in force: no sieges this turn (6.4 event 4)"),
        );
        return Ok(next);
    }
    let found = sieges(ctx, state, side);
    if found.is_empty() {
        log.push(
            Happened::SiegeNone { reason: None, rule: "13.1".into() }
                .event(format!("The {} player besieges no fortress (13.1)", ctx.rules.side_name(side))),
        );
        return Ok(next);
    }
    // Every die first: the surrenders' recycling rolls follow.
    let mut rolls = Vec::new();
    for _ in &found {
        rolls.push(dice.roll(6)? as i32);
    }
    for (s, die) in found.iter().zip(rolls) {
        let total = die + s.modifiers.iter().map(|m| m.0).sum::<i32>();
        let surrender = total >= 6;
        let mods: Vec<String> = s.modifiers.iter().map(|(m, why)| format!("{m:+} {why}")).collect();
        let name = ctx.map.locale(s.hex).map_or_else(|| s.hex.to_string(), |l| format!("{} ({})", l.name, s.hex));
        let ring: Vec<String> = ctx.map.landward_neighbours(s.hex).iter().map(|h| h.to_string()).collect();
        let siege = Happened::Siege {
            hex: s.hex,
            die,
            modifiers: s.modifiers.iter().map(|(m, why)| Modifier { modifier: *m, cause: why.clone() }).collect(),
            r#final: total,
            surrender,
            defenders: s.defenders.clone(),
            besiegers: s.besiegers.clone(),
            rule: "13.2".into(),
        };
        let text = format!(
            "Siege of {name} held by {}: the {} hold every landward neighbour ({}) with {} (13.1); die {die}{}{} = {total}, 6 or more surrenders: {} (13.2)",
            s.defenders.join(", "),
            ctx.rules.side_name(side),
            ring.join(" "),
            s.besiegers.join(", "),
            if mods.is_empty() { "" } else { " " },
            mods.join(" "),
            if surrender { "the besieged force surrenders" } else { "the siege continues" }
        );
        log.push(siege.event(text));
        if !surrender {
            continue;
        }
        // 11.13 as in a battle: the surrendered force's defense strength, divisional integrity
        // included (11.10).
        let strength = crate::combat::strengths::defense_force(ctx, state, &s.defenders).ground_total();
        let ruins = ctx.map.locale(s.hex).is_some_and(|l| l.ruins);
        let points = battle_vp(strength, ruins);
        steps::eliminate(ctx, &mut next, &s.defenders, &format!("surrender of {}", s.hex), dice, log)?;
        next.battles.push(Battle {
            attacker: side,
            hex: s.hex,
            attackers: s.besiegers.clone(),
            attacker_hexes: ctx.map.landward_neighbours(s.hex),
            invasion: Vec::new(),
            defenders: s.defenders.clone(),
            engineer: None,
            fortress: true,
            siege: true,
            result: "surrender".into(),
            // 13.3: the garrison is eliminated and recycled first, then the BVP, then the advance.
            steps: (points > 0)
                .then_some(Step::BattleVp { winner: side, points, loser_strength: strength, ruins })
                .into_iter()
                .chain([Step::Advance])
                .collect(),
        });
    }
    steps::proceed(ctx, &mut next, dice, log)?;
    Ok(next)
}
