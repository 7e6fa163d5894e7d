//! Naval combat (6.3.3-6.3.6): the wind gauge (6.3.3.1), each side's roll on the NAVAL
//! COMBAT TABLE read through the CASUALTY PERCENTAGE TABLE (6.3.3.2), harbour defences in a
//! port (6.3.3.3), victory and political points (6.3.4), and the consolidation of losses
//! (6.3.6) with the corps carried by fleets lost (6.2.5.3).
//!
//! How a side's losses fall among its fleets is not in the text: they are taken one ship at a
//! time from its fleet holding the most ships, a fleet carrying no corps before one that
//! does, then by id (reconstructed, R6.3.6): the rule keeps counters and transports afloat
//! as long as the ships allow, which is what an owner would choose.

use crate::ctx::Ctx;
use crate::data::tables::Percent;
use crate::naval::places::{self, naval_leader_with};
use crate::naval::{Battle, Role};
use crate::power::Power;
use crate::state::{FleetPlace, LeaderPlace, State};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// The result of a battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won, `None` for a draw (6.3.4.1).
    pub winner: Option<Role>,
    /// Ships lost by the attacker and the defender.
    pub attacker_lost: u32,
    pub defender_lost: u32,
    /// Each side's fleets still afloat.
    pub attacker_left: Vec<String>,
    pub defender_left: Vec<String>,
}

impl Outcome {
    pub fn survivors(&self, role: Role) -> &[String] {
        match role {
            Role::Attacker => &self.attacker_left,
            Role::Defender => &self.defender_left,
        }
    }
}

fn any_nation(state: &State, fleets: &[String], nations: &[&str]) -> bool {
    fleets.iter().filter_map(|f| state.fleets.get(f)).any(|f| nations.contains(&f.nation.as_str()))
}

/// 6.3.3.2: +1 with a British fleet, -1 with a Prussian or Austrian one.
pub fn combat_modifier(state: &State, fleets: &[String]) -> i32 {
    i32::from(any_nation(state, fleets, &["britain"])) - i32::from(any_nation(state, fleets, &["prussia", "austria"]))
}

/// 6.3.3.1: +1 with a British fleet, +1 more with NELSON; 6 at most.
pub fn gauge_roll(ctx: &Ctx, state: &State, fleets: &[String], die: u32) -> u32 {
    let british = u32::from(any_nation(state, fleets, &["britain"]));
    let nelson = u32::from(naval_leader_with(ctx, state, fleets).is_some());
    (die + british + nelson).min(6)
}

/// The losses a side with `ships` ships inflicts with modified die `modified` (6.3.3.2).
pub fn inflicted(ctx: &Ctx, modified: i32, ships: u32) -> Result<(Percent, u32), RuleError> {
    let percent = ctx.charts.naval_percentage(modified).ok_or_else(|| {
        RuleError::new("6.3.3.2", format!("the NAVAL COMBAT TABLE has no line for a modified die of {modified}"))
    })?;
    let losses = ctx.charts.casualties(percent, ships).ok_or_else(|| {
        RuleError::new("6.3.3.2", format!("the CASUALTY PERCENTAGE TABLE has no {}% line", percent.0))
    })?;
    Ok((percent, losses))
}

/// 6.3.3.3: the harbour defence value of the port of `area` fires on `attacker` if a garrison
/// in the city is at war with it or denies it access (any garrison not friendly to it: leave
/// to enter is not asked for in this version).
pub fn harbour_defence(ctx: &Ctx, state: &State, attacker: Power, area: &str) -> Option<u32> {
    let port = ctx.map.port(area)?;
    let holder =
        state.garrisons.get(area).filter(|g| !g.factors.is_empty()).map(|g| g.nation.clone()).or_else(|| {
            state
                .corps
                .values()
                .find(|c| c.area == area && c.in_city && c.aboard.is_none())
                .map(|c| c.side().to_string())
        })?;
    (!state.friendly_to(attacker, &holder) && port.harbour > 0).then_some(u32::from(port.harbour))
}

fn roll(dice: &mut dyn DiceSource) -> Result<u32, ApplyError> {
    dice.roll(6).map_err(|_| ApplyError::NeedDice)
}

/// One side fires (6.3.3.2): its roll, the modifier, the percentage and the losses it inflicts
/// on a side of `target` ships.
struct Volley {
    die: u32,
    modified: i32,
    percent: u32,
    losses: u32,
}

fn volley(ctx: &Ctx, dice: &mut dyn DiceSource, ships: u32, modifier: i32, target: u32) -> Result<Volley, ApplyError> {
    let die = roll(dice)?;
    let modified = i32::try_from(die).unwrap_or(6) + modifier;
    let (percent, losses) = inflicted(ctx, modified, ships)?;
    Ok(Volley { die, modified, percent: percent.0, losses: losses.min(target) })
}

fn volley_text(who: &str, v: &Volley, ships: u32) -> String {
    format!("{who} rolls {} ({}): {}% of {ships} ships = {} lost by the enemy", v.die, v.modified, v.percent, v.losses)
}

/// Fight `battle` (6.3.3): the rolls, the losses, consolidation, victory and political
/// points. The caller settles retreats (6.3.5).
pub fn fight(
    ctx: &Ctx,
    state: &mut State,
    battle: &Battle,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<Outcome, ApplyError> {
    let a_ships = places::ships(state, &battle.attackers);
    let d_ships = places::ships(state, &battle.defenders);
    let a_name = battle.attacker.name();
    let d_name = battle.defender.name();
    let a_mod = combat_modifier(state, &battle.attackers);
    let d_mod = combat_modifier(state, &battle.defenders);
    let a_nelson = naval_leader_with(ctx, state, &battle.attackers);
    let d_nelson = naval_leader_with(ctx, state, &battle.defenders);
    let mut lines: Vec<String> = Vec::new();
    let mut rolls = serde_json::Map::new();
    // 6.3.3.1: the wind gauge.
    let gauge: Option<Role> = match (&battle.place, battle.from_port) {
        (FleetPlace::Port(_), _) => {
            lines.push(format!("{a_name} attacks in port and has the wind gauge (6.3.3.1)"));
            Some(Role::Attacker)
        }
        (FleetPlace::Blockade(_), Some(out)) => {
            let holder = out.other();
            lines.push(format!("the blockading {} has the wind gauge (6.3.3.1)", battle.power(holder).name()));
            Some(holder)
        }
        _ => {
            let a_die = roll(dice)?;
            let d_die = roll(dice)?;
            let a = gauge_roll(ctx, state, &battle.attackers, a_die);
            let d = gauge_roll(ctx, state, &battle.defenders, d_die);
            rolls.insert("gauge".into(), json!({"attacker": [a_die, a], "defender": [d_die, d]}));
            let g = match a.cmp(&d) {
                std::cmp::Ordering::Greater => Some(Role::Attacker),
                std::cmp::Ordering::Less => Some(Role::Defender),
                std::cmp::Ordering::Equal => None,
            };
            lines.push(format!(
                "wind gauge (6.3.3.1): {a_name} {a_die} -> {a}, {d_name} {d_die} -> {d}: {}",
                match g {
                    Some(r) => format!("{} has it", battle.power(r).name()),
                    None => "neither, the sides fire together".into(),
                }
            ));
            g
        }
    };
    let mut a_lost = 0u32;
    let mut d_lost = 0u32;
    // 6.3.3.3: the harbour defences fire first on a stack attacking in port.
    if let FleetPlace::Port(area) = &battle.place {
        if let Some(value) = harbour_defence(ctx, state, battle.attacker, area) {
            let v = volley(ctx, dice, value, 0, a_ships)?;
            lines.push(volley_text(&format!("the harbour defences ({value})"), &v, value));
            rolls.insert("harbour".into(), json!([v.die, v.percent, v.losses]));
            a_lost += v.losses;
        }
    }
    match gauge {
        Some(first) => {
            let second = first.other();
            let (f_ships, f_mod, s_ships, s_mod) = match first {
                Role::Attacker => (a_ships - a_lost, a_mod, d_ships, d_mod),
                Role::Defender => (d_ships, d_mod, a_ships - a_lost, a_mod),
            };
            let mut f_losses = 0;
            if f_ships > 0 {
                let v = volley(ctx, dice, f_ships, f_mod, s_ships)?;
                lines.push(volley_text(battle.power(first).name(), &v, f_ships));
                rolls.insert(format!("{first:?}").to_lowercase(), json!([v.die, v.modified, v.percent, v.losses]));
                f_losses = v.losses;
            }
            // Losses come off before the reply (6.3.3.1).
            let s_left = s_ships - f_losses;
            let mut s_losses = 0;
            if s_left > 0 && f_ships > 0 {
                let v = volley(ctx, dice, s_left, s_mod, f_ships)?;
                lines.push(volley_text(battle.power(second).name(), &v, s_left));
                rolls.insert(format!("{second:?}").to_lowercase(), json!([v.die, v.modified, v.percent, v.losses]));
                s_losses = v.losses;
            }
            match first {
                Role::Attacker => {
                    d_lost += f_losses;
                    a_lost += s_losses;
                }
                Role::Defender => {
                    a_lost += f_losses;
                    d_lost += s_losses;
                }
            }
        }
        None => {
            let av = volley(ctx, dice, a_ships, a_mod, d_ships)?;
            let dv = volley(ctx, dice, d_ships, d_mod, a_ships)?;
            lines.push(volley_text(a_name, &av, a_ships));
            lines.push(volley_text(d_name, &dv, d_ships));
            rolls.insert("attacker".into(), json!([av.die, av.modified, av.percent, av.losses]));
            rolls.insert("defender".into(), json!([dv.die, dv.modified, dv.percent, dv.losses]));
            d_lost += av.losses;
            a_lost += dv.losses;
        }
    }
    let a_lost = a_lost.min(a_ships);
    let d_lost = d_lost.min(d_ships);
    // 6.3.4.1: victory.
    let a_left_ships = a_ships - a_lost;
    let d_left_ships = d_ships - d_lost;
    let winner = if a_left_ships > 0 && a_lost < d_lost {
        Some(Role::Attacker)
    } else if d_left_ships > 0 && d_lost < a_lost {
        Some(Role::Defender)
    } else if a_lost == d_lost && d_left_ships > 0 {
        // Equal losses: the attacker loses; and a side with ships left beats one with none
        // (R6.3.4.1, the text is silent on equal losses with one side sunk).
        Some(Role::Defender)
    } else if a_lost == d_lost && a_left_ships > 0 {
        Some(Role::Attacker)
    } else {
        None
    };
    lines.push(format!(
        "{a_name} loses {a_lost} of {a_ships} ships, {d_name} {d_lost} of {d_ships}: {}",
        match winner {
            Some(r) => format!("{} wins (6.3.4.1)", battle.power(r).name()),
            None => "a draw (6.3.4.1)".into(),
        }
    ));
    log.push(Event::new(
        format!("Naval battle in {}: {}", places::name(ctx, &battle.place), lines.join("; ")),
        json!({
            "kind": "naval-battle", "place": battle.place, "attacker": battle.attacker, "defender": battle.defender,
            "attackers": battle.attackers, "defenders": battle.defenders, "ships": [a_ships, d_ships],
            "lost": [a_lost, d_lost], "rolls": rolls, "winner": winner.map(|r| battle.power(r)), "rule": "6.3.3"
        }),
    ));
    take_ships(state, &battle.attackers, a_lost);
    take_ships(state, &battle.defenders, d_lost);
    let attacker_left = consolidate(ctx, state, &battle.attackers, battle.defender, log);
    let defender_left = consolidate(ctx, state, &battle.defenders, battle.attacker, log);
    // 6.3.4.2: political points.
    if let Some(w) = winner {
        let l = w.other();
        let fleets = i32::try_from(battle.fleets(l).len().min(3)).unwrap_or(3);
        let (w_nelson, l_nelson) = match w {
            Role::Attacker => (a_nelson.is_some(), d_nelson.is_some()),
            Role::Defender => (d_nelson.is_some(), a_nelson.is_some()),
        };
        let gain = fleets + i32::from(w_nelson);
        let loss = fleets + i32::from(l_nelson);
        let (victor, loser) = (battle.power(w), battle.power(l));
        if let Some(p) = state.powers.get_mut(&victor) {
            p.political += gain;
        }
        if let Some(p) = state.powers.get_mut(&loser) {
            p.political -= loss;
        }
        log.push(Event::new(
            format!(
                "{} gains {gain} political point(s), {} loses {loss} (6.3.4.2: one a beaten fleet, at most three{})",
                victor.name(),
                loser.name(),
                if w_nelson || l_nelson { ", one more for NELSON" } else { "" }
            ),
            json!({"kind": "political-points", "gains": [[victor, gain], [loser, -loss]], "rule": "6.3.4.2"}),
        ));
    }
    Ok(Outcome { winner, attacker_lost: a_lost, defender_lost: d_lost, attacker_left, defender_left })
}

/// Take `losses` ships from `fleets`, one at a time from the fleet with the most ships, one
/// carrying no corps first, then by id (R6.3.6).
pub fn take_ships(state: &mut State, fleets: &[String], losses: u32) {
    let carrying = |state: &State, f: &str| state.corps.values().any(|c| c.aboard.as_deref() == Some(f));
    for _ in 0..losses {
        let pick = fleets
            .iter()
            .filter(|f| state.fleets.get(*f).is_some_and(|x| x.ships > 0))
            .min_by_key(|f| {
                let ships = state.fleets.get(*f).map_or(0, |x| x.ships);
                (std::cmp::Reverse(ships), carrying(state, f), (*f).clone())
            })
            .cloned();
        let Some(f) = pick else { return };
        if let Some(x) = state.fleets.get_mut(&f) {
            x.ships -= 1;
        }
    }
}

/// 6.3.6, 6.2.5.3: fleets left without ships leave the map; NELSON goes to the side's
/// largest fleet left, or is taken by `enemy` if none is; corps on sunk fleets go to fleets
/// left that carry none (by id), the others are lost, and their leaders taken by `enemy`.
/// Returns the side's fleets left.
pub fn consolidate(ctx: &Ctx, state: &mut State, fleets: &[String], enemy: Power, log: &mut Vec<Event>) -> Vec<String> {
    let gone: Vec<String> =
        fleets.iter().filter(|f| state.fleets.get(*f).is_some_and(|x| x.ships == 0)).cloned().collect();
    let left: Vec<String> =
        fleets.iter().filter(|f| state.fleets.get(*f).is_some_and(|x| x.ships > 0)).cloned().collect();
    if gone.is_empty() {
        return left;
    }
    let nelson = naval_leader_with(ctx, state, &gone);
    for f in &gone {
        state.fleets.remove(f);
    }
    let mut text = format!("Fleet(s) {} lost all their ships and leave the map (6.3.6)", gone.join(", "));
    if let Some(l) = nelson {
        let biggest =
            left.iter().max_by_key(|f| (state.fleets.get(*f).map_or(0, |x| x.ships), std::cmp::Reverse((*f).clone())));
        match biggest {
            Some(b) => {
                state.leaders.insert(l.clone(), LeaderPlace::Fleet(b.clone()));
                text.push_str(&format!("; {l} goes to fleet {b}"));
            }
            None => {
                state.leaders.insert(l.clone(), LeaderPlace::Captured(enemy));
                text.push_str(&format!("; {l} is taken prisoner by {} (6.3.6)", enemy.name()));
            }
        }
    }
    // 6.2.5.3: corps of sunk fleets.
    let stranded: Vec<String> = state
        .corps
        .iter()
        .filter(|(_, c)| c.aboard.as_ref().is_some_and(|f| gone.contains(f)))
        .map(|(id, _)| id.clone())
        .collect();
    for corps in stranded {
        let free =
            left.iter().find(|f| !state.corps.values().any(|c| c.aboard.as_deref() == Some(f.as_str()))).cloned();
        match free {
            Some(f) => {
                if let Some(c) = state.corps.get_mut(&corps) {
                    c.aboard = Some(f.clone());
                }
                text.push_str(&format!("; corps {corps} goes aboard fleet {f}"));
            }
            None => {
                state.corps.remove(&corps);
                text.push_str(&format!("; corps {corps} goes down with its fleet (6.2.5.3)"));
                let leaders: Vec<String> = state
                    .leaders
                    .iter()
                    .filter(|(_, p)| **p == LeaderPlace::Corps(corps.clone()))
                    .map(|(l, _)| l.clone())
                    .collect();
                for l in leaders {
                    state.leaders.insert(l.clone(), LeaderPlace::Captured(enemy));
                    text.push_str(&format!(", {l} taken prisoner by {}", enemy.name()));
                }
            }
        }
    }
    log.push(Event::new(text, json!({"kind": "fleets-lost", "fleets": gone, "rule": "6.3.6"})));
    left
}
