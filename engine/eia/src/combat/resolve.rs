//! Field combat once both chits are revealed (7.5.2.4 onwards). Steps four and five follow
//! the text; steps six to fourteen are not in it and are reconstructed from the game card's
//! charts (`data/tables.txt`) as RECONSTRUCTION.md explains (R7.5.2.6-R7.5.2.14):
//!
//! - morale (R7.5.2.6): each force's level is the factor-weighted average of the MORALE
//!   chart's base levels, plus the pairing's morale effects;
//! - up to three rounds (one day, `ROUNDS`); in each, each side whose pairing gives it a table
//!   (shifted by the terrain, 7.5.2.7.3; the river tables when every attacker crossed one,
//!   7.5.2.7.1; the outflanked tables once the outflanking force arrived, 7.5.2.7.2) rolls a
//!   die, modified by the commander chart and the pairing's die effects within the chart's
//!   bounds (7.5.2.9.1); the result's percentage of its own fighting factors (the casualty
//!   table) is the enemy's loss, and its morale loss lowers the enemy's morale; both sides'
//!   results of a round are taken together;
//! - losses (R7.5.2.9.2) come one factor at a time from the largest holder of the side, the
//!   least valuable kind first;
//! - an outflanking force (7.5.2.3) fights from the round it arrives (R7.5.2.12: a die of at
//!   most its commander's strategic rating plus the round's modifier), its factors counting
//!   double when inflicting losses;
//! - a side whose morale falls to zero or whose factors are gone breaks and loses
//!   (R7.5.2.10.1.1); if both break in one round, the one with more morale left wins, the
//!   defender on a tie (R7.5.2.10.4.2); after the day, the side with more morale left holds
//!   the field (R7.5.2.13, ties to the defender);
//! - the loser falls back (R7.5.2.10.3), winner and loser gain and lose one political point
//!   (R7.5.2.10.1.3), a beaten defender's depot in the area is destroyed (R7.5.2.14).

use crate::combat::battle::Battle;
use crate::combat::chits::Chit;
use crate::combat::{forces, retreat};
use crate::ctx::Ctx;
use crate::data::tables::{outflanking_side, AttackerChit, DefenderChit, Effect, Side, Withdrawal, ROUNDS};
use crate::forces::Factors;
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde_json::json;

/// The order in which a holder loses its factors (R7.5.2.9.2): the least valuable first.
pub const LOSS_ORDER: [FactorKind; 12] = [
    FactorKind::Militia,
    FactorKind::InsurrectionMilitia,
    FactorKind::Guerrilla,
    FactorKind::Infantry,
    FactorKind::FeudalInfantry,
    FactorKind::Cossack,
    FactorKind::Freikorps,
    FactorKind::FeudalCavalry,
    FactorKind::InsurrectionCavalry,
    FactorKind::Cavalry,
    FactorKind::Artillery,
    FactorKind::Guard,
];

/// Take one factor of the least valuable kind a holder has (R7.5.2.9.2); `false` if it has
/// none.
pub fn lose_one(factors: &mut Factors) -> bool {
    LOSS_ORDER.iter().copied().find(|k| factors.get(*k) > 0).is_some_and(|k| factors.take(k, 1))
}

/// One side in the fight.
struct Fighter {
    side: Side,
    power: Power,
    /// Corps fighting now.
    fighting: Vec<String>,
    /// The outflanking corps, until they arrive.
    away: Vec<String>,
    /// The outflanking corps, before and after they arrive.
    outflankers: Vec<String>,
    arrived: bool,
    outflanking: bool,
    /// The area's depot garrison fights with this side.
    depot: Option<String>,
    /// The city garrison of this area sallies with this side (7.5.4.2).
    city: Option<String>,
    /// Corps trying to march in, not yet arrived (R7.5.2.11).
    reinforcing: Vec<String>,
    morale: i32,
    tactical: u32,
    strategic: u32,
    die_bonus: i32,
    no_commander_chart: bool,
}

impl Fighter {
    fn factors(&self, state: &State) -> u32 {
        forces::factors(state, &self.fighting, self.depot.as_deref()) + self.garrison(state)
    }

    /// The factors of the city garrison sallying with this side (7.5.4.2).
    fn garrison(&self, state: &State) -> u32 {
        self.city.as_ref().and_then(|a| state.garrisons.get(a)).map_or(0, |g| u32::from(g.factors.total()))
    }

    /// Factors that count when this side inflicts losses: the arrived outflankers count
    /// `multiplier` times (R7.5.2.12).
    fn striking(&self, state: &State, multiplier: u32) -> u32 {
        let base = self.factors(state);
        if self.outflanking && self.arrived {
            let extra = forces::factors(state, &self.outflankers, None);
            base + extra * multiplier.saturating_sub(1)
        } else {
            base
        }
    }
}

/// Take `count` factors from a side's fighting holders (R7.5.2.9.2). Corps emptied leave
/// the map. Returns the factors actually lost.
fn take_losses(state: &mut State, fighter: &mut Fighter, count: u32) -> u32 {
    let mut lost = 0;
    while lost < count {
        // The largest holder: a corps, or the depot garrison; ties to the first id.
        let mut best: Option<(u16, String)> = None;
        for id in &fighter.fighting {
            let n = state.corps.get(id).map_or(0, |c| c.factors.total());
            if n > 0 && best.as_ref().is_none_or(|(b, _)| n > *b) {
                best = Some((n, id.clone()));
            }
        }
        // A sallying city garrison is a holder too (7.5.4.2).
        let city_n = fighter.garrison(state);
        let depot_n = fighter.depot.as_ref().and_then(|a| state.depots.get(a)).map_or(0, |d| d.garrison.total());
        let take_city = city_n > 0 && best.as_ref().is_none_or(|(b, _)| city_n > u32::from(*b));
        let take_depot = !take_city && depot_n > 0 && best.as_ref().is_none_or(|(b, _)| depot_n > *b);
        if take_city || take_depot {
            let garrison = if take_city {
                fighter.city.as_ref().and_then(|a| state.garrisons.get_mut(a)).map(|g| &mut g.factors)
            } else {
                fighter.depot.as_ref().and_then(|a| state.depots.get_mut(a)).map(|d| &mut d.garrison)
            };
            if !garrison.is_some_and(lose_one) {
                break;
            }
            lost += 1;
            continue;
        }
        let Some((_, id)) = best else { break };
        let Some(c) = state.corps.get_mut(&id) else { break };
        if !lose_one(&mut c.factors) {
            break;
        }
        lost += 1;
        if c.factors.is_empty() {
            state.corps.remove(&id);
            fighter.fighting.retain(|x| *x != id);
        }
    }
    lost
}

fn roll(dice: &mut dyn DiceSource) -> Result<u32, ApplyError> {
    dice.roll(6).map_err(|_| ApplyError::NeedDice)
}

/// Resolve the battle once both chits are known.
pub fn resolve(
    ctx: &Ctx,
    state: &State,
    battle: &Battle,
    attacker_chit: &Chit,
    defender_chit: &Chit,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let a = AttackerChit::from_id(&attacker_chit.chit)
        .ok_or_else(|| RuleError::new("7.5.2.1", format!("`{}` is not an attacker's chit", attacker_chit.chit)))?;
    if defender_chit.chit == crate::combat::chits::RETIRE {
        return Ok(retire(ctx, state, battle, log));
    }
    let d = DefenderChit::from_id(&defender_chit.chit)
        .ok_or_else(|| RuleError::new("7.5.2.1", format!("`{}` is not a defender's chit", defender_chit.chit)))?;
    let pairing = ctx
        .charts
        .pairing(a, d)
        .cloned()
        .ok_or_else(|| RuleError::new("data", format!("the chart has no pairing {} against {}", a.id(), d.id())))?;
    let mut next = state.clone();
    next.battle = None;
    let place = ctx.name(&battle.area).to_string();
    log.push(Event::new(
        format!("In {place} the attacker reveals {} and the defender {} (7.5.2.4)", a.id(), d.id()),
        json!({"kind": "chits", "area": battle.area, "attacker": a.id(), "defender": d.id(), "rule": "7.5.2.4"}),
    ));
    let outflanker = outflanking_side(a, d);
    let split = |side: Side, chit: &Chit, corps: &[String]| -> (Vec<String>, Vec<String>) {
        if outflanker == Some(side) {
            let pin: Vec<String> = corps.iter().filter(|c| chit.pinning.contains(c)).cloned().collect();
            let away: Vec<String> = corps.iter().filter(|c| !chit.pinning.contains(c)).cloned().collect();
            (pin, away)
        } else {
            (corps.to_vec(), Vec::new())
        }
    };
    let (a_fight, a_away) = split(Side::Attacker, attacker_chit, &battle.attackers);
    let (d_fight, d_away) = split(Side::Defender, defender_chit, &battle.defenders);
    let depot = battle.depot.then(|| battle.area.clone());
    let city = (battle.sally || battle.relief).then(|| battle.area.clone());
    let make =
        |side: Side, power: Power, fighting: Vec<String>, away: Vec<String>, all: &[String], depot: Option<String>| {
            let (_, tactical, strategic) = forces::commander(ctx, state, all);
            let garrison = if side == Side::Attacker { city.as_deref() } else { None };
            // R7.5.2.13.2: a new day starts from the morale the last one left.
            let mut morale = match (battle.morale, side) {
                (Some((a, _)), Side::Attacker) => a,
                (Some((_, d)), Side::Defender) => d,
                (None, _) => forces::morale(ctx, state, all, depot.as_deref(), garrison) as i32,
            };
            let mut die_bonus = 0;
            let mut no_commander_chart = false;
            for e in &pairing.effects {
                if !e.sides.includes(side) {
                    continue;
                }
                match e.effect {
                    Effect::NoCommanderChart => no_commander_chart = true,
                    Effect::Morale { tenths, commander } if commander == power => morale += tenths,
                    Effect::Die { amount, commander } if commander == power => die_bonus += amount,
                    _ => {}
                }
            }
            Fighter {
                side,
                power,
                outflanking: !away.is_empty(),
                fighting,
                outflankers: away.clone(),
                away,
                arrived: false,
                depot,
                city: if side == Side::Attacker { city.clone() } else { None },
                reinforcing: Vec::new(),
                morale,
                tactical,
                strategic,
                die_bonus,
                no_commander_chart,
            }
        };
    let mut att = make(Side::Attacker, battle.attacker, a_fight, a_away, &battle.attackers, None);
    let mut def = make(Side::Defender, battle.defender, d_fight, d_away, &battle.defenders, depot);
    att.reinforcing = attacker_chit.reinforcing.clone();
    def.reinforcing = defender_chit.reinforcing.clone();
    // The battle's forces as they grow with the reinforcements that arrive (R7.5.2.11).
    let mut battle = battle.clone();
    let arrival_bonus: i32 = pairing
        .effects
        .iter()
        .filter_map(|e| match e.effect {
            Effect::Arrival { amount } => Some(amount),
            _ => None,
        })
        .sum();
    let terrain = ctx.map.area(&battle.area).map(|a| a.terrain.into()).and_then(|t| ctx.charts.terrain(t).cloned());

    // Step five (7.5.2.5): a defender who chose Withdraw dices to get away.
    let mut withdrew = false;
    if let Some(w) = pairing.withdrawal {
        withdrew = match w {
            Withdrawal::Automatic => true,
            Withdrawal::Roll { modifier } => {
                let die = roll(dice)?;
                let target = i64::from(def.strategic) + i64::from(modifier);
                let ok = i64::from(die) <= target;
                log.push(Event::new(
                    format!(
                        "The defender tries to withdraw: die {die} against {target} (strategic rating {} {modifier:+}): {}",
                        def.strategic,
                        if ok { "it withdraws" } else { "it is caught" }
                    ),
                    json!({"kind": "withdrawal", "die": die, "target": target, "ok": ok, "rule": "7.5.2.5"}),
                ));
                ok
            }
        };
        if withdrew && outflanker != Some(Side::Attacker) {
            // 7.5.2.5.1: the battle is avoided; on to step fourteen.
            let to = defender_chit.to.clone();
            move_off(ctx, &mut next, &battle, &def, to.as_deref(), log);
            return Ok(next);
        }
    }

    // Steps six to thirteen (reconstructed).
    log.push(Event::new(
        format!("Morale: attacker {}, defender {} (R7.5.2.6)", tenths(att.morale), tenths(def.morale)),
        json!({"kind": "morale", "attacker": att.morale, "defender": def.morale, "rule": "R7.5.2.6"}),
    ));
    let multiplier = ctx.charts.outflank().factor_multiplier;
    let mut loser: Option<Side> = None;
    let mut broke = false;
    for round in 1..=ROUNDS {
        // R7.5.2.12: the outflanking force may arrive before rounds two and three.
        for f in [&mut att, &mut def] {
            if f.outflanking && !f.arrived && round >= 2 {
                if let Some(m) = ctx.charts.outflank().arrival_modifier(round as u32) {
                    let t = terrain.as_ref().map_or(0, |t| t.outflank);
                    let target = i64::from(f.strategic) + i64::from(m) + i64::from(arrival_bonus) + i64::from(t);
                    let die = roll(dice)?;
                    if i64::from(die) <= target {
                        f.arrived = true;
                        let away = std::mem::take(&mut f.away);
                        f.fighting.extend(away);
                    }
                    log.push(Event::new(
                        format!(
                            "Round {round}: the outflanking force {} (die {die} against {target})",
                            if f.arrived { "arrives" } else { "has not arrived" }
                        ),
                        json!({"kind": "arrival", "round": round, "die": die, "target": target, "arrived": f.arrived, "rule": "R7.5.2.12"}),
                    ));
                }
            }
        }
        // R7.5.2.11: the corps named with the chits try to march in.
        if round >= 2 {
            for f in [&mut att, &mut def] {
                let mut still = Vec::new();
                for id in std::mem::take(&mut f.reinforcing) {
                    let target = f.strategic.max(1);
                    let die = roll(dice)?;
                    let arrives = die <= target;
                    log.push(Event::new(
                        format!(
                            "Round {round}: corps {id} {} the battle (die {die} against {target})",
                            if arrives { "marches into" } else { "does not reach" }
                        ),
                        json!({"kind": "reinforcing", "round": round, "corps": id, "die": die, "target": target, "arrived": arrives, "rule": "R7.5.2.11"}),
                    ));
                    if arrives {
                        if let Some(c) = next.corps.get_mut(&id) {
                            c.area = battle.area.clone();
                            c.in_city = false;
                        }
                        if f.side == Side::Attacker {
                            battle.attackers.push(id.clone());
                        } else {
                            battle.defenders.push(id.clone());
                        }
                        f.fighting.push(id);
                    } else {
                        still.push(id);
                    }
                }
                f.reinforcing = still;
            }
        }
        if withdrew && !att.arrived && round >= 2 {
            // The defender is gone before the outflankers could close (7.5.2.5).
            let to = defender_chit.to.clone();
            move_off(ctx, &mut next, &battle, &def, to.as_deref(), log);
            return Ok(next);
        }
        let arrived = att.arrived || def.arrived;
        let mut results: Vec<(Side, u32, i32)> = Vec::new();
        for f in [&att, &def] {
            let Some(table) = pairing.table(f.side, round, battle.across_river, arrived) else { continue };
            let table = terrain.as_ref().map_or(table, |t| t.shift(f.side, table));
            let enemy = if f.side == Side::Attacker { &def } else { &att };
            let commander = if f.no_commander_chart {
                0
            } else {
                ctx.charts.commander_modifier(f.tactical, enemy.tactical).unwrap_or(0)
            };
            let modifier = ctx.charts.die_modifiers().total(commander + f.die_bonus);
            let die = roll(dice)?;
            let modified = i32::try_from(die).unwrap_or(6) + modifier;
            let result = ctx.charts.land_result(table, modified).ok_or_else(|| {
                RuleError::new("data", format!("the land results table {table:?} has no row {modified}"))
            })?;
            let strength = f.striking(&next, multiplier);
            let losses = ctx.charts.casualties(result.percent, strength).unwrap_or(0);
            log.push(Event::new(
                format!(
                    "Round {round}: the {} rolls {die}{} on table {}-{}: {}% of {strength} factors = {losses} enemy losses, morale -{}",
                    if f.side == Side::Attacker { "attacker" } else { "defender" },
                    if modifier != 0 { format!(" {modifier:+}") } else { String::new() },
                    table.casualty(),
                    table.morale(),
                    result.percent.0,
                    tenths(result.morale_loss.0 as i32)
                ),
                json!({"kind": "combat-roll", "round": round, "side": f.side, "die": die, "modifier": modifier, "table": table, "percent": result.percent.0, "losses": losses, "morale_loss": result.morale_loss.0, "rule": "R7.5.2.9"}),
            ));
            results.push((f.side, losses, result.morale_loss.0 as i32));
        }
        if results.is_empty() {
            break;
        }
        for (side, losses, morale_loss) in results {
            let target = if side == Side::Attacker { &mut def } else { &mut att };
            take_losses(&mut next, target, losses);
            target.morale -= morale_loss;
        }
        let a_broken = att.morale <= 0 || att.factors(&next) == 0;
        let d_broken = def.morale <= 0 || def.factors(&next) == 0;
        if a_broken || d_broken {
            loser = Some(match (a_broken, d_broken) {
                (true, false) => Side::Attacker,
                (false, true) => Side::Defender,
                _ => {
                    if att.morale > def.morale {
                        Side::Defender
                    } else {
                        Side::Attacker
                    }
                }
            });
            log.push(Event::new(
                format!(
                    "The {} breaks (morale attacker {}, defender {})",
                    if loser == Some(Side::Attacker) { "attacker" } else { "defender" },
                    tenths(att.morale),
                    tenths(def.morale)
                ),
                json!({"kind": "break", "rule": "R7.5.2.10.1.1"}),
            ));
            broke = true;
            break;
        }
    }
    if loser.is_none() && u32::from(battle.day) + 1 < ctx.rules.battle_days {
        // R7.5.2.13.2: an undecided day is followed by another, with new chits.
        let mut more = battle.clone();
        more.day += 1;
        more.morale = Some((att.morale, def.morale));
        let here = |c: &String| next.corps.get(c).is_some_and(|k| k.area == more.area);
        more.attackers.retain(here);
        more.defenders.retain(here);
        more.depot = forces::enemy_depot_garrison(&next, more.attacker, &more.area);
        let base = battle.step.split("-day").next().unwrap_or(&battle.step).to_string();
        more.step = format!("{base}-day{}", more.day + 1);
        log.push(Event::new(
            format!(
                "Night falls on an undecided day (morale attacker {}, defender {}): the battle goes on tomorrow, both sides choose new chits in secret (R7.5.2.13.2)",
                tenths(att.morale),
                tenths(def.morale)
            ),
            json!({"kind": "new-day", "area": more.area, "day": more.day + 1, "rule": "R7.5.2.13.2"}),
        ));
        next.battle = Some(more);
        return Ok(next);
    }
    let loser = loser.unwrap_or_else(|| {
        let l = if att.morale > def.morale { Side::Defender } else { Side::Attacker };
        log.push(Event::new(
            format!(
                "Night falls on an undecided day: the {} holds the field with more morale (R7.5.2.13)",
                if l == Side::Attacker { "defender" } else { "attacker" }
            ),
            json!({"kind": "end-of-day", "rule": "R7.5.2.13"}),
        ));
        l
    });
    if broke {
        let (victor, beaten) = if loser == Side::Attacker { (&def, &mut att) } else { (&att, &mut def) };
        pursue(ctx, &mut next, victor, beaten, log);
    }
    finish(ctx, &mut next, &battle, &att, &def, loser, log);
    Ok(next)
}

/// R7.5.2.10.2: the victor's cavalry pursues a side that broke.
fn pursue(ctx: &Ctx, next: &mut State, victor: &Fighter, beaten: &mut Fighter, log: &mut Vec<Event>) {
    let victor_cavalry = forces::cavalry(next, &victor.fighting);
    let beaten_cavalry = forces::cavalry(next, &beaten.fighting);
    let due = crate::combat::pursuit::losses(ctx, victor_cavalry, beaten_cavalry, victor.strategic);
    if due == 0 || beaten.factors(next) == 0 {
        return;
    }
    let lost = take_losses(next, beaten, due);
    log.push(Event::new(
        format!(
            "The {} pursues with {victor_cavalry} cavalry factors against {beaten_cavalry}: {lost} more factor(s) lost (R7.5.2.10.2)",
            if victor.side == Side::Attacker { "attacker" } else { "defender" }
        ),
        json!({"kind": "pursuit", "cavalry": victor_cavalry, "against": beaten_cavalry, "losses": lost, "rule": "R7.5.2.10.2"}),
    ));
}

/// 7.5.1.1: the defenders retire into the city; the attackers stay on top of them and the
/// city is besieged (7.5.1.1.2).
fn retire(ctx: &Ctx, state: &State, battle: &Battle, log: &mut Vec<Event>) -> State {
    let mut next = state.clone();
    next.battle = None;
    for id in &battle.defenders {
        if let Some(c) = next.corps.get_mut(id) {
            c.in_city = true;
        }
    }
    next.sieges.insert(battle.area.clone());
    log.push(Event::new(
        format!(
            "The defenders ({}) retire into the city of {}, which the attackers besiege (7.5.1.1)",
            battle.defenders.join(", "),
            ctx.name(&battle.area)
        ),
        json!({"kind": "retire", "area": battle.area, "corps": battle.defenders, "rule": "7.5.1.1"}),
    ));
    next
}

fn tenths(t: i32) -> String {
    format!("{}{}.{}", if t < 0 { "-" } else { "" }, t.abs() / 10, t.abs() % 10)
}

/// A defender that withdrew moves off to the area named with its chit (7.5.2.5).
fn move_off(ctx: &Ctx, next: &mut State, battle: &Battle, def: &Fighter, to: Option<&str>, log: &mut Vec<Event>) {
    let corps: Vec<String> = def.fighting.iter().chain(def.away.iter()).cloned().collect();
    let powers: Vec<Power> = {
        let mut p: Vec<Power> = corps
            .iter()
            .filter_map(|c| next.corps.get(c))
            .filter_map(|c| next.controller_of_nation(c.side()))
            .collect();
        p.sort();
        p.dedup();
        p
    };
    for p in powers {
        let dest = match to {
            Some(t) if retreat::may_retreat(ctx, next, p, &battle.area, t).is_ok() => Some(t.to_string()),
            _ => retreat::destination(ctx, next, p, &battle.area),
        };
        retreat::retreat(
            ctx,
            next,
            p,
            &corps,
            retreat::FallBack { from: &battle.area, to: dest.as_deref(), captor: battle.attacker },
            log,
        );
    }
}

/// The end of a battle: the loser falls back, political points, depots (R7.5.2.10, R7.5.2.14).
fn finish(
    ctx: &Ctx,
    next: &mut State,
    battle: &Battle,
    att: &Fighter,
    def: &Fighter,
    loser: Side,
    log: &mut Vec<Event>,
) {
    let (winner_power, loser_power) =
        if loser == Side::Attacker { (def.power, att.power) } else { (att.power, def.power) };
    log.push(Event::new(
        format!(
            "{} wins the battle of {} against {} (+1 and -1 political point, R7.5.2.10.1.3)",
            winner_power.name(),
            ctx.name(&battle.area),
            loser_power.name()
        ),
        json!({"kind": "battle-result", "area": battle.area, "winner": winner_power, "loser": loser_power, "rule": "R7.5.2.10.1.3"}),
    ));
    if let Some(p) = next.powers.get_mut(&winner_power) {
        p.political += 1;
    }
    if let Some(p) = next.powers.get_mut(&loser_power) {
        p.political -= 1;
    }
    if battle.sally && loser == Side::Attacker {
        // 7.5.4.2: a beaten sally goes back behind the walls, still besieged.
        log.push(Event::new(
            format!("The sally is thrown back into the city of {}", ctx.name(&battle.area)),
            json!({"kind": "sally-repulsed", "area": battle.area, "rule": "7.5.4.2"}),
        ));
        return;
    }
    let mut losers: Vec<String> =
        if loser == Side::Attacker { battle.attackers.clone() } else { battle.defenders.clone() };
    if battle.relief && loser == Side::Attacker {
        // 7.5.4.2.3: the besieged who joined a beaten relief go back behind the walls.
        losers.retain(|c| !next.corps.get(c).is_some_and(|k| k.in_city));
    }
    let mut powers: Vec<Power> =
        losers.iter().filter_map(|c| next.corps.get(c)).filter_map(|c| next.controller_of_nation(c.side())).collect();
    powers.sort();
    powers.dedup();
    for p in powers {
        let dest = retreat::destination(ctx, next, p, &battle.area);
        retreat::retreat(
            ctx,
            next,
            p,
            &losers,
            retreat::FallBack { from: &battle.area, to: dest.as_deref(), captor: winner_power },
            log,
        );
    }
    if loser == Side::Defender {
        if let Some(d) = next.depots.get(&battle.area).cloned() {
            if next.enemy_of(battle.attacker, d.power.id()) {
                next.depots.remove(&battle.area);
                log.push(Event::new(
                    format!("{}'s depot in {} is destroyed (R7.5.2.14)", d.power.name(), ctx.name(&battle.area)),
                    json!({"kind": "depot-destroyed", "area": battle.area, "rule": "R7.5.2.14"}),
                ));
            }
        }
    }
}
