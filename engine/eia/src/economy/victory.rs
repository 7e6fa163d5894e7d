//! The victory points step (8.1, reconstructed R8.1): each power records, every economic
//! phase, the victory points its status marker's zone gives (R8.1.1, `data/economy.txt`
//! `[zones]`); a campaign is won by the power furthest over its own target (R8.1.3,
//! [`outcome`]). Great Britain's points then change with the balance of power (R8.1.2,
//! [`british_change`]), and a war with the United States costs its points
//! (8.2.1.2.2.2.2, `american_war.rs`).

use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::{Outcome, State};
use grognard_engine::Event;

/// R8.1.1: every power records the victory points of its status zone.
pub fn record(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    for power in super::order(state) {
        let status = super::status_of(ctx, state, power);
        let zone = ctx.politics.zone(status);
        let points = ctx.economy.zone_points(&zone.name);
        let total = state.economy.victory_of(power).saturating_add(points);
        state.economy.victory.insert(power, total);
        log.push(Event::new(
            format!(
                "{} records {points:+} victory point(s) for its status in the {} Zone (box {status}): {total} in all (8.1.1)",
                power.name(),
                zone.name
            ),
            serde_json::json!({"kind": "victory-points", "power": power, "points": points, "total": total,
                "zone": zone.name, "rule": "8.1.1"}),
        ));
    }
    british_change(ctx, state, log);
    super::american_war::record(ctx, state, log);
}

/// R8.1.2: the major powers whose standing upsets the balance of power against Great Britain:
/// every other power of the game whose status marker stands in `british-balance-zone` and
/// which Great Britain is not at war with.
pub fn unbalancing(ctx: &Ctx, state: &State) -> Vec<Power> {
    let zone = &ctx.economy.rules.british_balance_zone;
    super::order(state)
        .into_iter()
        .filter(|p| *p != Power::Britain)
        .filter(|p| ctx.politics.zone(super::status_of(ctx, state, *p)).name == *zone)
        .filter(|p| !state.relations.at_war(Power::Britain.id(), p.id()))
        .collect()
}

/// R8.1.2: the possible British change in victory points. Great Britain's war aims were trade
/// and the balance of power: for each power that dominates the continent while Britain leaves
/// it in peace, Britain records `british-balance` victory points (a loss).
pub fn british_change(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    if !state.powers.contains_key(&Power::Britain) {
        return;
    }
    let powers = unbalancing(ctx, state);
    let per = ctx.economy.rules.british_balance;
    if powers.is_empty() || per == 0 {
        return;
    }
    let points = per.saturating_mul(i32::try_from(powers.len()).unwrap_or(0));
    let total = state.economy.victory_of(Power::Britain).saturating_add(points);
    state.economy.victory.insert(Power::Britain, total);
    let names: Vec<&str> = powers.iter().map(|p| p.name()).collect();
    log.push(Event::new(
        format!(
            "Great Britain records {points:+} victory point(s): {} in the {} Zone and at peace with it, the \
             balance of power is lost: {total} in all (R8.1.2)",
            names.join(" and "),
            ctx.economy.rules.british_balance_zone
        ),
        serde_json::json!({"kind": "victory-points", "power": Power::Britain, "points": points, "total": total,
            "unbalancing": powers, "rule": "R8.1.2"}),
    ));
}

/// R8.1.3: how a campaign game ends, read from the victory points recorded so far. A power
/// reaches its target (`data/economy.txt` `[powers]`) with at least that many points; of
/// those that do, the one furthest over it, counted as a share of the target, wins (powers
/// level on that share win together); when none does, nobody wins. For the campaign games:
/// the scenarios keep their own victory conditions (R13.21).
/// The economic phases of a game from `first` to `last`: the months ending a quarter (3.5).
pub fn phases(first: crate::date::Month, last: crate::date::Month) -> i64 {
    let mut n = 0;
    let mut m = first;
    while m <= last {
        if super::QUARTER_MONTHS.contains(&m.month()) {
            n += 1;
        }
        match m.next() {
            Some(next) => m = next,
            None => break,
        }
    }
    n
}

/// R8.1.3: `power`'s victory target in this game: its target for the grand campaign, scaled
/// to this game's economic phases (rounded up, at least 1).
pub fn target(ctx: &Ctx, state: &State, power: Power) -> i64 {
    let full = i64::from(ctx.economy.power(power).map_or(1, |p| p.target.max(1)));
    let of = i64::from(ctx.economy.rules.target_phases.max(1));
    let here = phases(state.first, state.last);
    // Rounded up: (a + b - 1) / b for positive a and b.
    ((full * here + of - 1) / of).max(1)
}

pub fn outcome(ctx: &Ctx, state: &State) -> Outcome {
    let mut reached: Vec<(Power, i64, i64)> = Vec::new();
    let mut lines = Vec::new();
    for power in state.powers.keys().copied() {
        let points = i64::from(state.economy.victory_of(power));
        let target = target(ctx, state, power);
        lines.push(format!("{} {points}/{target}", power.name()));
        if points >= target {
            reached.push((power, points, target));
        }
    }
    // Compare points/target exactly: a/b > c/d when a*d > c*b (targets are positive).
    let best = reached.iter().copied().reduce(|a, b| if b.1 * a.2 > a.1 * b.2 { b } else { a });
    let Some((_, bp, bt)) = best else {
        return Outcome {
            result: format!("no power reaches its victory target (8.1.3): {}", lines.join(", ")),
            winners: Vec::new(),
        };
    };
    let winners: Vec<Power> = reached.iter().filter(|(_, p, t)| p * bt == bp * t).map(|(w, _, _)| *w).collect();
    let names: Vec<&str> = winners.iter().map(|p| p.name()).collect();
    Outcome {
        result: format!(
            "{} win{} furthest over its victory target (8.1.3): {}",
            names.join(" and "),
            if winners.len() == 1 { "s," } else { "," },
            lines.join(", ")
        ),
        winners,
    }
}
