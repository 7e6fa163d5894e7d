//! The list of legal commands (for bots and random play): candidates the rules might allow,
//! each kept only if the rules accept it (a command that waits for dice is legal: rulesets
//! check legality before their first roll).

use crate::command::Command;
use crate::ctx::Ctx;
use crate::movement::step_cost;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, DiceUnavailable, PlayerId};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// A dice source with no dice: a command that asks for one is legal and waits.
struct NoDice;

impl DiceSource for NoDice {
    fn roll(&mut self, _sides: u32) -> Result<u32, DiceUnavailable> {
        Err(DiceUnavailable)
    }
    fn rolled(&self) -> &[(u32, u32)] {
        &[]
    }
}

fn accepted(ctx: &Ctx, state: &State, player: PlayerId, command: &Command) -> bool {
    match crate::ruleset::apply_command(ctx, state, player, command, &mut NoDice) {
        Ok(_) | Err(ApplyError::NeedDice) => true,
        Err(ApplyError::Rule(_)) => false,
    }
}

/// The cheapest route for a corps of `power` from `from` to every area within `allowance`
/// movement points (7.3.1.3), never moving on from an area where it must stop (7.3.2.1).
pub fn routes(ctx: &Ctx, state: &State, power: Power, from: &str, allowance: u8) -> BTreeMap<String, Vec<String>> {
    let mut best: BTreeMap<String, (u8, Vec<String>)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u8, from.to_string(), Vec::<String>::new(), false)));
    while let Some(Reverse((spent, here, path, stop))) = heap.pop() {
        if stop {
            continue;
        }
        for b in ctx.map.neighbours(&here) {
            let Ok(cost) = step_cost(ctx, state, power, &here, &b.to) else { continue };
            let total = spent.saturating_add(cost.points);
            if total > allowance || b.to == from {
                continue;
            }
            if best.get(&b.to).is_some_and(|(s, _)| *s <= total) {
                continue;
            }
            let mut p = path.clone();
            p.push(b.to.clone());
            best.insert(b.to.clone(), (total, p.clone()));
            heap.push(Reverse((total, b.to.clone(), p, cost.must_stop)));
        }
    }
    best.into_iter().map(|(a, (_, p))| (a, p)).collect()
}

/// The political phase (4.0): the answers to the question asked, the declarations, or the
/// acting power's commands and `end`.
fn political(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    use crate::politics::{legal, PoliticalStep};
    let Some(round) = &state.politics.round else { return Vec::new() };
    let as_commands = |list: Vec<crate::politics::command::PoliticalCommand>| -> Vec<Command> {
        list.into_iter().map(Command::Political).collect()
    };
    if let Some(q) = round.questions.first() {
        if state.player_of(q.power()) != Some(player.0) {
            return Vec::new();
        }
        return as_commands(legal::answers(ctx, state, q));
    }
    if crate::politics::minor_control::backdown(state).is_some() {
        let both =
            [true, false].map(|back| Command::Political(crate::politics::command::PoliticalCommand::BackDown { back }));
        return both.to_vec();
    }
    if state.sequence.phase == crate::sequence::Phase::Political(PoliticalStep::Declarations) {
        return as_commands(legal::declarations(ctx, state, player));
    }
    if state.sequence.phase == crate::sequence::Phase::Political(PoliticalStep::CombinedMovement) {
        return as_commands(crate::politics::combined::choices(state, player));
    }
    let Ok(power) = crate::ruleset::acting_power_of(state, player) else { return Vec::new() };
    let mut out = vec![Command::End];
    out.extend(as_commands(legal::commands(ctx, state, power)));
    out
}

/// The economic phase (3.5, 8.0): the acting power's commands the rules accept, and `end`.
fn economic(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    let Ok(power) = crate::ruleset::acting_power_of(state, player) else { return Vec::new() };
    let mut out = vec![Command::End];
    for c in crate::economy::legal::commands(ctx, state, power) {
        let command = Command::Economic(c);
        if accepted(ctx, state, player, &command) {
            out.push(command);
        }
    }
    out
}

/// Every legal command of `player` now.
pub fn commands(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<Command> {
    if state.reveal.is_some() {
        return Vec::new();
    }
    if let Some(battle) = &state.battle {
        return chits(ctx, state, battle, player);
    }
    if let crate::sequence::Phase::Political(_) = state.sequence.phase {
        return political(ctx, state, player);
    }
    if let crate::sequence::Phase::Economic(_) = state.sequence.phase {
        return economic(ctx, state, player);
    }
    let mut out = Vec::new();
    let Ok(power) = crate::ruleset::acting_power_of(state, player) else { return out };
    let mut candidates: Vec<Command> = Vec::new();
    if let Some(due) = state.losses.first() {
        if let Some(c) = state.corps.get(&due.corps) {
            // Every way to lose `count` factors among the kinds held, each kind taken first.
            for (kind, n) in c.factors.iter() {
                if n >= due.count {
                    let mut f = crate::forces::Factors::new();
                    f.add(kind, due.count);
                    let emptying = f == c.factors;
                    candidates.push(Command::Lose { losses: f, emptying });
                }
            }
            let mut f = crate::forces::Factors::new();
            let mut left = due.count;
            for (kind, n) in c.factors.iter() {
                let take = n.min(left);
                f.add(kind, take);
                left -= take;
            }
            let emptying = f == c.factors;
            candidates.push(Command::Lose { losses: f, emptying });
        }
    } else if state.book.depot_question.is_some() {
        candidates.extend(crate::depot_garrison::answers());
    } else if let Some(q) = &state.book.war_question {
        candidates.extend(crate::combat::war_question::answers(q));
    } else if crate::naval::waiting(state) {
        candidates.extend(crate::naval::legal::decisions(ctx, state).into_iter().map(Command::Naval));
    } else {
        candidates.push(Command::End);
        let mine: Vec<(&String, &crate::state::Corps)> =
            state.corps.iter().filter(|(_, c)| state.controller_of_nation(c.side()) == Some(power)).collect();
        match state.sequence.phase {
            Phase::ArmyReinforcement => {
                candidates.extend(crate::reinforcement::candidates(ctx, state, power));
                candidates.extend(crate::retirement::candidates(ctx, state, power));
            }
            Phase::Land(LandStep::Depots) => {
                for a in ctx.map.areas() {
                    // 7.2.2.2: a depot inside a besieged port city may share the area with an enemy's.
                    if !state.depots.contains_key(&a.id) || state.besieged(&a.id) {
                        candidates.push(Command::Depot { area: a.id.clone() });
                    }
                }
                for (area, d) in &state.depots {
                    if d.power == power {
                        candidates.push(Command::RemoveDepot { area: area.clone() });
                    }
                }
                for (area, p) in &state.city_depots {
                    if *p == power && state.depots.get(area).is_none_or(|d| d.power != power) {
                        candidates.push(Command::RemoveDepot { area: area.clone() });
                    }
                }
                for (fleet, f) in &state.fleets {
                    if f.nation == power.id() && matches!(f.place, crate::state::FleetPlace::Sea(_)) {
                        let remove = state.fleet_depots.contains_key(fleet);
                        candidates.push(Command::FleetDepot { fleet: fleet.clone(), remove });
                    }
                }
            }
            Phase::Land(LandStep::Movement) => {
                for (id, c) in &mine {
                    if state.book.corps.contains_key(*id) {
                        // 7.3.6.1: a corps that moved may take an enemy depot where it stopped,
                        // or on its way.
                        if state.depots.get(&c.area).is_some_and(|d| d.power != power) {
                            for convert in [false, true] {
                                candidates.push(Command::EnemyDepot { corps: (*id).clone(), convert, area: None });
                            }
                        }
                        for a in state.book.passed.get(*id).into_iter().flatten() {
                            if state.depots.get(a).is_some_and(|d| d.power != power) {
                                for convert in [false, true] {
                                    let area = Some(a.clone());
                                    candidates.push(Command::EnemyDepot { corps: (*id).clone(), convert, area });
                                }
                            }
                        }
                        continue;
                    }
                    let Ok(rules) = crate::corps_card::corps_rules(ctx, state, id) else { continue };
                    for force in [false, true] {
                        if force && !rules.may_force_march {
                            continue;
                        }
                        let allowance = rules.allowance + u8::from(force);
                        let plain = routes(ctx, state, power, &c.area, rules.allowance);
                        for (to, path) in routes(ctx, state, power, &c.area, allowance) {
                            if force && plain.contains_key(&to) {
                                continue;
                            }
                            let _ = to;
                            candidates.push(Command::Move { corps: (*id).clone(), path, force, forage: false });
                        }
                    }
                    candidates.push(Command::EnterCity { corps: (*id).clone() });
                    candidates.push(Command::Besiege { area: c.area.clone() });
                    candidates.push(Command::LeaveCity { corps: (*id).clone() });
                }
                candidates.extend(crate::naval::legal::disembark(ctx, state, power).into_iter().map(Command::Naval));
            }
            Phase::NavalReinforcement => {
                candidates
                    .extend(crate::naval::legal::reinforcement(ctx, state, power).into_iter().map(Command::Naval));
                candidates.extend(crate::retirement::candidates(ctx, state, power));
            }
            Phase::Naval => {
                candidates.extend(crate::naval::legal::naval_phase(ctx, state, power).into_iter().map(Command::Naval));
            }
            Phase::Land(LandStep::Combat) => {
                for area in crate::combat::battles_owed(state, power) {
                    candidates.push(Command::Battle { area });
                }
                for area in &state.sieges {
                    candidates.push(Command::Assault { area: area.clone() });
                    candidates.push(Command::Sally { area: area.clone() });
                }
            }
            Phase::Land(LandStep::Supply) => {
                for (id, _) in &mine {
                    candidates.push(Command::Forage { corps: (*id).clone() });
                }
            }
            _ => {}
        }
    }
    // One entry per command (two corps of one area both offer to besiege it).
    let mut seen = std::collections::BTreeSet::new();
    for c in candidates {
        if seen.insert(c.to_string()) && accepted(ctx, state, player, &c) {
            out.push(c);
        }
    }
    out
}

/// The chits `player` may seal for the battle being fought (7.5.2.1): every chit of its side,
/// an outflank pinning with its first non-artillery corps, a withdrawal to each area it may go.
fn chits(ctx: &Ctx, state: &State, battle: &crate::combat::Battle, player: PlayerId) -> Vec<Command> {
    use crate::combat::Chit;
    use crate::data::tables::{AttackerChit, DefenderChit};
    let attacker = state.player_of(battle.attacker) == Some(player.0);
    let ids: Vec<&str> = if attacker {
        AttackerChit::ALL.iter().map(|c| c.id()).collect()
    } else {
        DefenderChit::ALL.iter().map(|c| c.id()).collect()
    };
    let corps = if attacker { &battle.attackers } else { &battle.defenders };
    let mut out = Vec::new();
    let mut ids = ids;
    if !attacker {
        ids.push(crate::combat::chits::RETIRE);
    }
    for id in ids {
        let mut options = Vec::new();
        match id {
            "outflank" => {
                if let Some(first) = corps.first() {
                    options.push(Chit { chit: id.into(), pinning: vec![first.clone()], ..Chit::default() });
                }
            }
            "withdraw" => {
                for b in ctx.map.neighbours(&battle.area) {
                    options.push(Chit { chit: id.into(), to: Some(b.to.clone()), ..Chit::default() });
                }
            }
            _ => {
                options.push(Chit { chit: id.into(), ..Chit::default() });
                // R7.5.2.11: with every corps that may try to march to the battle.
                let reinforcing = crate::combat::reinforcing::eligible(ctx, state, battle, attacker);
                if !reinforcing.is_empty() && id != crate::combat::chits::RETIRE {
                    options.push(Chit { chit: id.into(), reinforcing, ..Chit::default() });
                }
            }
        }
        for chit in options {
            let command = Command::Chit(chit);
            if crate::ruleset::check_sealed(ctx, state, player, &command).is_ok() {
                out.push(command);
            }
        }
    }
    out
}
