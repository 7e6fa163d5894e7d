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
//!    the whole army.
//!
//! Under fog of war the evaluation sees what the bot's view holds: the enemy's stacks by their
//! tops and counts, not their compositions.

use crate::control::controller;
use crate::ctx::Ctx;
use crate::state::{Location, Phase, Side, State};
use grognard_board::HexId;

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
    let mut mine: Vec<HexId> = Vec::new();
    let mut theirs: Vec<HexId> = Vec::new();
    for (unit, at) in &state.units {
        let Some(counter) = ctx.counter(unit) else { continue };
        if !counter.kind.is_ground() {
            continue;
        }
        let own = ctx.side_of(unit) == Some(side);
        let strength = i64::from(counter.attack.unwrap_or(0)) + i64::from(counter.defense);
        if matches!(at, Location::Hex(_) | Location::Box(_) | Location::Offshore { .. } | Location::Unseen) {
            score += if own { PER_FACTOR * strength } else { -PER_FACTOR * strength };
        }
        if let Location::Hex(h) = at {
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
