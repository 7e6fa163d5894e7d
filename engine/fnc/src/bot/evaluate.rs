//! The strong bot's evaluation of a position for one side, in points (higher is better):
//!
//! 1. the game's result, once it is over;
//! 2. the 2:1 victory test (14.5, 15.4) as a margin: the ratio side's VP less twice the
//!    other's, 1,000 points a VP;
//! 3. the forces in play: 40 points per combat factor (attack plus defence) of each side's
//!    ground units, its own counted for it, the enemy's against it;
//! 4. the objectives, in three pulls of 5 points a hex: each ground unit towards the nearest
//!    VP locale its side does not hold (the army moves on together); each locale not held,
//!    per VP, by the distance of the side's nearest unit (no objective is forgotten); each
//!    locale held, per VP, by how much nearer the enemy's nearest unit stands than the side's
//!    own (none is left open). The weights were chosen by matches against `random`: pulls of
//!    30 and 20 points per VP spread the French thin in EC and lost half their games;
//! 5. the supply sources (12.1, 12.5-12.9): 3,000 points shared among the side's sources,
//!    lost for each one it holds with no unit in it. Without it the French left Alexandria,
//!    their only source, empty; a British landing took it and the supply phase eliminated
//!    the whole army;
//! 6. the supply lines (12.1-12.3), flooded from the sources ([`super::supplied`]): in the
//!    side's own player turn, before its Supply Phase, each of its units a line does not
//!    reach is lost there, so it counts its factors again and 200 points more; less so when
//!    an attack the side may still make on an enemy hex next to it would reopen the line, by
//!    the CRT's chance at the odds it would have (11.2). The search is one move deep: without
//!    the chance it sees no reason to march back on a source the enemy took;
//! 7. the enemy's next player turn ([`super::threat`], a rough second ply): for each source
//!    the side holds, the chance an enemy unit could stand in it afterwards (an empty source
//!    within its reach by land or by a landing, 10.3-10.6; a held one by the CRT at the odds
//!    the enemy could bring), times the chance the side fails to throw it out again, times
//!    the value of the units it would cut off; half of the worst counts against the side.
//!    This is what keeps Alexandria, the French's only source in EC, held against a landing;
//! 8. in the last game turn, for the side that moves first in it: half of three times the VP
//!    of each locale it holds empty that an enemy unit could walk into (14.2, 15.2).
//!
//! Under fog of war the evaluation sees what the bot's view holds: the enemy's stacks by their
//! tops and counts, not their compositions.

use super::supplied::{lines_among, lines_freed, supplied, Lines};
use super::threat::{pieces, taken, worst_cut, Piece, Reach, UNSEEN_ATTACK};
use crate::control::controller;
use crate::ctx::Ctx;
use crate::state::{Location, Phase, Side, State};
use grognard_board::HexId;
use std::collections::{BTreeMap, BTreeSet};

/// Points per VP of the victory margin.
const PER_VP: i64 = 1_000;
/// Points per combat factor in play.
const PER_FACTOR: i64 = 40;
/// Points per hex between a unit and the nearest locale its side does not hold.
const PER_UNIT_HEX: i64 = 5;
/// Points per VP and hex of distance to a locale not held.
const PER_VP_HEX_TO_TAKE: i64 = 5;
/// Points per VP and hex the enemy stands nearer a held locale.
const PER_VP_HEX_TO_KEEP: i64 = 5;
/// Points for leaving every supply source the side holds without a unit in it (shared out
/// among its sources).
const PER_SOURCE_UNGUARDED: i64 = 3_000;
/// Points lost, besides its factors, for each unit of the phasing side out of supply before
/// its Supply Phase: it is eliminated there (12.1).
const PER_UNIT_UNSUPPLIED: i64 = 200;
/// The share, in percent, of the worst cut of its supply the enemy's next turn could make
/// ([`super::threat`]) that counts against a side.
const THREAT_PERCENT: i64 = 50;
/// The share, in percent, of the VP of an unguarded locale within the enemy's reach that
/// counts against a side in the last game turn.
const EXPOSED_PERCENT: i64 = 50;
/// A unit's distance to its nearest objective counts at most this.
const UNIT_FAR: u32 = 20;
/// Distances beyond this count as this (far is far).
const FAR: u32 = 25;

/// How good `state` is for `side`.
pub fn evaluate(ctx: &Ctx, state: &State, side: Side) -> i64 {
    if state.phase == Phase::GameOver {
        return if state.winner == Some(side) { 1_000_000 } else { -1_000_000 };
    }
    let ratio = ctx.rules.ratio_side();
    let margin = i64::from(state.vp[ratio.index()].total()) - 2 * i64::from(state.vp[ratio.other().index()].total());
    let mut score = PER_VP * if side == ratio { margin } else { -margin };
    let pieces = pieces(ctx, state);
    let mut mine: Vec<HexId> = Vec::new();
    let mut theirs: Vec<HexId> = Vec::new();
    for p in pieces.iter().filter(|p| p.counter.kind.is_ground()) {
        let own = p.side == side;
        let strength = i64::from(p.counter.attack.unwrap_or(0)) + i64::from(p.counter.defense);
        if matches!(p.at, Location::Hex(_) | Location::Box(_) | Location::Offshore { .. } | Location::Unseen) {
            score += if own { PER_FACTOR * strength } else { -PER_FACTOR * strength };
        }
        if let Location::Hex(h) = p.at {
            if own {
                mine.push(*h)
            } else {
                theirs.push(*h)
            }
        }
    }
    if let Some(fog) = &state.fog {
        for (hex, counts) in &fog.unseen {
            if counts[side.other().index()] > 0 {
                theirs.push(*hex);
            }
            if counts[side.index()] > 0 {
                mine.push(*hex);
            }
        }
    }
    let enemy: BTreeSet<HexId> = theirs.iter().copied().collect();
    let lines = lines_among(ctx, state, side, enemy.clone());
    let reach = Reach::of_enemy(ctx, state, side, &pieces);
    score -= unsupplied(ctx, state, side, &lines, &pieces, &enemy);
    score -= threatened(ctx, state, side, &lines, &reach, &pieces);
    score -= exposed(ctx, state, side, &mine, &reach);
    // 12.1, 12.5-12.9: a side's units live by its supply sources; an empty source invites a
    // landing or a raid that starves the whole army.
    let sources = ctx.map.sources(ctx.rules.side_id(side));
    if !sources.is_empty() {
        let share = PER_SOURCE_UNGUARDED / sources.len() as i64;
        for hex in sources {
            if controller(state, *hex) == Some(side) && !mine.contains(hex) {
                score -= share;
            }
        }
    }
    // Each unit is drawn to the nearest locale its side does not hold: the army moves on
    // the objectives together.
    let targets: Vec<HexId> =
        ctx.map.locales().filter(|l| l.vp > 0 && controller(state, l.hex) != Some(side)).map(|l| l.hex).collect();
    for h in &mine {
        let near = targets.iter().map(|t| h.distance(*t)).min().unwrap_or(0).min(UNIT_FAR);
        score -= PER_UNIT_HEX * i64::from(near);
    }
    let nearest = |from: &[HexId], to: HexId| from.iter().map(|h| h.distance(to)).min().unwrap_or(FAR).min(FAR);
    for locale in ctx.map.locales().filter(|l| l.vp > 0) {
        let vp = i64::from(locale.vp);
        let (me, them) = (nearest(&mine, locale.hex), nearest(&theirs, locale.hex));
        if controller(state, locale.hex) == Some(side) {
            score -= PER_VP_HEX_TO_KEEP * vp * i64::from(me.saturating_sub(them).min(10));
        } else {
            score -= PER_VP_HEX_TO_TAKE * vp * i64::from(me);
        }
    }
    score
}

/// 12.1: before its Supply Phase, what the side stands to lose there: each of its units out
/// of supply, by its factors and [`PER_UNIT_UNSUPPLIED`]. Only in its own player turn (the
/// enemy's moves come first otherwise). Until its attacks are over, a unit whose line an
/// attack could free (an enemy hex next to the side's units that may still attack, 11.3) is
/// lost only as likely as that attack fails, by the CRT at the odds it would have (11.2):
/// without that the search, one move deep, sees no reason to march back on a lost source.
fn unsupplied(ctx: &Ctx, state: &State, side: Side, lines: &Lines, pieces: &[Piece], enemy: &BTreeSet<HexId>) -> i64 {
    let before_supply = match state.phase {
        Phase::Reinforcement | Phase::Movement | Phase::Combat => true,
        Phase::Supply => !state.book.rolled,
        _ => false,
    };
    if state.phasing != side || !before_supply {
        return 0;
    }
    let mut cut: BTreeMap<HexId, i64> = BTreeMap::new();
    for p in pieces.iter().filter(|p| p.side == side && p.counter.kind.is_ground()) {
        let Location::Hex(h) = p.at else { continue };
        if !ctx.map.is_land(*h) || supplied(ctx, state, side, p.at, lines) {
            continue;
        }
        let strength = i64::from(p.counter.attack.unwrap_or(0)) + i64::from(p.counter.defense);
        *cut.entry(*h).or_default() += PER_FACTOR * strength + PER_UNIT_UNSUPPLIED;
    }
    if cut.is_empty() {
        return 0;
    }
    let mut rescued: BTreeMap<HexId, i64> = BTreeMap::new();
    if matches!(state.phase, Phase::Movement | Phase::Combat) {
        let mut attack: BTreeMap<HexId, u32> = BTreeMap::new();
        let mut defence: BTreeMap<HexId, u32> = BTreeMap::new();
        for p in pieces.iter().filter(|p| p.counter.kind.is_ground()) {
            let Location::Hex(h) = p.at else { continue };
            if p.side != side {
                *defence.entry(*h).or_default() += u32::from(p.counter.defense);
                continue;
            }
            let a = u32::from(p.counter.attack.unwrap_or(0));
            if a == 0 || state.book.attacked_units.contains(p.id) {
                continue;
            }
            for (_, n) in h.neighbours() {
                if enemy.contains(&n) && !state.book.attacked_hexes.contains(&n) {
                    *attack.entry(n).or_default() += a;
                }
            }
        }
        for (hex, a) in attack {
            let d =
                defence.get(&hex).copied().unwrap_or(0) + UNSEEN_ATTACK * u32::from(state.unseen_in(hex, side.other()));
            let chance = i64::from(taken(a, d.max(1)));
            if chance == 0 {
                continue;
            }
            let freed = lines_freed(ctx, state, side, enemy, hex);
            for h in cut.keys().filter(|h| freed.reaches(**h)) {
                let best = rescued.entry(*h).or_default();
                *best = (*best).max(chance);
            }
        }
    }
    cut.iter().map(|(h, v)| v * (100 - rescued.get(h).copied().unwrap_or(0)) / 100).sum()
}

/// What the enemy's next turn could cut off of the side's army (see [`super::threat`]), as a
/// share ([`THREAT_PERCENT`]) of the value of the units it would leave out of supply.
fn threatened(ctx: &Ctx, state: &State, side: Side, lines: &Lines, reach: &Reach, pieces: &[Piece]) -> i64 {
    let mut value: BTreeMap<HexId, i64> = BTreeMap::new();
    let mut defence: BTreeMap<HexId, u32> = BTreeMap::new();
    for p in pieces.iter().filter(|p| p.side == side && p.counter.kind.is_ground()) {
        let Location::Hex(h) = p.at else { continue };
        let counter = p.counter;
        if !ctx.map.is_land(*h) {
            continue;
        }
        *defence.entry(*h).or_default() += u32::from(counter.defense);
        if lines.reaches(*h) {
            let strength = i64::from(counter.attack.unwrap_or(0)) + i64::from(counter.defense);
            *value.entry(*h).or_default() += PER_FACTOR * strength + PER_UNIT_UNSUPPLIED;
        }
    }
    if value.is_empty() {
        return 0;
    }
    if reach.is_empty() {
        return 0;
    }
    let sources: Vec<HexId> = lines.sources().collect();
    worst_cut(ctx, state, side, lines, reach, pieces, &value, &defence, &sources) * THREAT_PERCENT / 100
}

/// 14.2, 15.2: the locales the side holds with none of its units in them that an enemy unit
/// could walk into in the enemy's next player turn: each would move its VP from one side to
/// the other, three VP of the 2:1 margin for each, counted at [`EXPOSED_PERCENT`]. Only in the
/// last game turn, when no later turn takes them back, and only for the side that moves first
/// in it (the second side's player turn ends the game).
fn exposed(ctx: &Ctx, state: &State, side: Side, mine: &[HexId], reach: &Reach) -> i64 {
    if state.turn < ctx.last_turn() || side == Side::Second {
        return 0;
    }
    let open: Vec<(HexId, i64)> = ctx
        .map
        .locales()
        .filter(|l| l.vp > 0 && controller(state, l.hex) == Some(side) && !mine.contains(&l.hex))
        .map(|l| (l.hex, i64::from(l.vp)))
        .collect();
    if open.is_empty() {
        return 0;
    }
    let vp: i64 = open.iter().filter(|(h, _)| reach.enters(ctx, *h)).map(|(_, v)| v).sum();
    vp * 3 * PER_VP * EXPOSED_PERCENT / 100
}
