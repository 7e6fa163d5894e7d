//! Resolving an attack (11.2): strengths, percentage, base column, shifts, final column,
//! die and result; then the result's steps (11.12-11.20) and battle VP (11.13).

use super::bvp::battle_vp;
use super::declare::{self, Declared};
use super::losses::LossRequirement;
use super::odds::{net_shift, shifted_column, Shift};
use super::shifts::shifts;
use super::steps;
use super::strengths::{attack_force, defense_force, Force};
use crate::battle::{Battle, Step};
use crate::ctx::Ctx;
use crate::data::{Crt, CrtResult};
use crate::happened::Happened;
use crate::state::{BattleTrace, Location, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{ApplyError, DiceSource, Event};

/// The odds of a declared attack, before the die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    pub attack: Force,
    pub defense: Force,
    /// `None` when the defense strength is zero.
    pub percent: Option<u32>,
    pub base_column: usize,
    pub shifts: Vec<Shift>,
    pub net: i32,
    pub final_column: usize,
    /// The net shift ran past an extreme column (11.11).
    pub clamped: bool,
    pub engineer: Option<UnitId>,
}

/// Compute the odds of a checked declaration.
pub fn odds(ctx: &Ctx, state: &State, d: &Declared) -> Odds {
    let attack = attack_force(ctx, state, &d.attackers, &d.fleets, d.fortress);
    let defense = defense_force(ctx, state, &d.defenders);
    let crt = ctx.charts.crt();
    let percent = Crt::percent(attack.total(), defense.total());
    let base_column = percent.map_or(crt.columns.len().saturating_sub(1), |p| crt.column_for(p));
    let (shift_list, engineer) = shifts(ctx, state, d);
    let net = net_shift(&shift_list);
    let (final_column, clamped) = shifted_column(base_column, net, crt.columns.len());
    Odds { attack, defense, percent, base_column, shifts: shift_list, net, final_column, clamped, engineer }
}

/// The steps of a result, in the order 11.14-11.20 list them (recycling happens with each
/// elimination; BVP are recorded when the result is obtained).
pub fn result_steps(result: CrtResult) -> Vec<Step> {
    use LossRequirement::{All, Percent};
    match result {
        CrtResult::AC => vec![Step::AttackerLosses(All)],
        CrtResult::AR => vec![Step::AttackerLosses(Percent(50))],
        CrtResult::AES => vec![Step::AttackerLosses(Percent(50)), Step::DefenderLosses(Percent(25))],
        CrtResult::BB => vec![Step::AttackerLosses(Percent(50)), Step::DefenderLosses(Percent(50))],
        CrtResult::DC => vec![Step::DefenderLosses(All)],
        CrtResult::DR => vec![Step::DefenderLosses(Percent(50)), Step::Retreat],
        CrtResult::DES => vec![Step::DefenderLosses(Percent(50)), Step::AttackerLosses(Percent(25)), Step::Retreat],
    }
}

/// Who gains battle VP from a result (11.14-11.20): the defender on AC, AR and AES, the
/// attacker on DC, DR and DES, nobody on BB.
pub fn bvp_winner(result: CrtResult, attacker: Side) -> Option<Side> {
    match result {
        CrtResult::AC | CrtResult::AR | CrtResult::AES => Some(attacker.other()),
        CrtResult::DC | CrtResult::DR | CrtResult::DES => Some(attacker),
        CrtResult::BB => None,
    }
}

/// Was the attacking or defending force in a ruins hex (11.13)?
fn ruins_involved(ctx: &Ctx, d: &Declared) -> bool {
    let ruins = |h: &HexId| ctx.map.locale(*h).is_some_and(|l| l.ruins);
    ruins(&d.hex) || d.land_from.iter().any(|(_, h)| ruins(h))
}

/// Attack `hex` with `attackers`, supported by `fleets` (11.2). Checks everything before
/// the die (NeedDice contract), rolls, records the battle and carries out what needs no
/// decision. (The arguments are the dispatcher's `apply_*` shape plus the command's three
/// fields.)
#[allow(clippy::too_many_arguments)]
pub fn apply_attack(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[UnitId],
    hex: HexId,
    fleets: &[UnitId],
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let d = declare::check(ctx, state, side, attackers, hex, fleets)?;
    let o = odds(ctx, state, &d);
    let crt = ctx.charts.crt();
    let label = |c: usize| crt.columns.get(c).map_or_else(|| c.to_string(), |col| col.label.clone());
    let (result, die) = if d.sc_alone {
        (CrtResult::DC, None)
    } else {
        let die = dice.roll(6)?;
        (crt.result(o.final_column, die as u8), Some(die))
    };
    let mut next = state.clone();
    // 11.3, 11.4: bookkeeping; 10.2: fleets leave the map after the attack.
    for u in &d.attackers {
        next.book.attacked_units.insert(u.clone());
    }
    next.book.attacked_hexes.insert(hex);
    for f in &d.fleets {
        next.book.fleets_used.insert(f.clone());
        next.units.insert(f.clone(), Location::Spent);
    }
    let shift_text: Vec<String> = o.shifts.iter().map(|s| s.to_string()).collect();
    let side_name = |s: Side| ctx.rules.side_name(s);
    let percent_text = o.percent.map_or_else(|| "no defense strength".to_string(), |p| format!("{p}%"));
    let text = if d.sc_alone {
        format!(
            "The {} player attacks the SC alone in {hex} with {}: automatic DC (14.3)",
            side_name(side),
            d.attackers.join(", ")
        )
    } else {
        format!(
            "The {} player attacks {hex}: attack {} against defense {}: {percent_text}, column {}; shifts {}{}; net {:+}{}: column {}; die {}: {}",
            side_name(side),
            o.attack.describe(),
            o.defense.describe(),
            label(o.base_column),
            if shift_text.is_empty() { "none".to_string() } else { shift_text.join(", ") },
            if d.invasion.is_empty() { String::new() } else { format!(" (amphibious invasion by {})", d.invasion.join(", ")) },
            o.net,
            if o.clamped { " (held at the extreme column, 11.11)" } else { "" },
            label(o.final_column),
            die.unwrap_or(0),
            result.code()
        )
    };
    let report = Happened::Battle {
        rule: "11.2".into(),
        side,
        hex,
        attackers: o.attack.units.iter().map(Into::into).collect(),
        fleets: o.attack.fleets.clone(),
        invasion: d.invasion.clone(),
        defenders: o.defense.units.iter().map(Into::into).collect(),
        attack_strength: o.attack.total(),
        defense_strength: o.defense.total(),
        percent: o.percent,
        base_column: label(o.base_column),
        shifts: o.shifts.iter().map(Into::into).collect(),
        net_shift: o.net,
        clamped: o.clamped,
        final_column: label(o.final_column),
        die,
        result,
        automatic: d.sc_alone,
    };
    log.push(report.event(text));
    // 11.13: battle VP from the loser's whole force at the start of the battle, awarded as
    // the result's last sub-step (11.12: after the losses, recycling and retreat).
    let battle_vp_step = bvp_winner(result, side).and_then(|winner| {
        let loser_strength = if winner == side { o.defense.ground_total() } else { o.attack.ground_total() };
        let ruins = ruins_involved(ctx, &d);
        let points = battle_vp(loser_strength, ruins);
        (points > 0).then_some(Step::BattleVp { winner, points, loser_strength, ruins })
    });
    let mut steps_list = result_steps(result);
    steps_list.extend(battle_vp_step);
    if !d.invasion.is_empty() {
        steps_list.push(Step::Invasion);
    }
    steps_list.push(Step::Advance);
    next.last_battles.push(BattleTrace {
        side,
        attackers: d.from.iter().copied().collect(),
        defender: hex,
        result: result.code().to_string(),
    });
    next.battles.push(Battle {
        attacker: side,
        hex,
        attackers: d.attackers.clone(),
        attacker_hexes: d.from.iter().copied().collect(),
        invasion: d.invasion.clone(),
        defenders: d.defenders.clone(),
        engineer: o.engineer.clone(),
        fortress: d.fortress,
        siege: false,
        result: result.code().to_string(),
        steps: steps_list,
    });
    steps::proceed(ctx, &mut next, dice, log)?;
    Ok(next)
}
