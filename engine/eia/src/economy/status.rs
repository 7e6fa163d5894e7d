//! The political status adjustment step (8.6, 10.5.1, reconstructed R8.6). Debts cost their
//! political points first (R8.5.2). Then each power's status marker moves one box for each
//! political point gained or lost since the last economic phase (`PowerState::political`),
//! which then starts again from zero, staying on the track (a marker pushed past an end stays
//! at that end); then a marker above or below the middle zone drifts back towards it
//! (`drift` boxes, never past the zone's edge: a high standing fades, a low one recovers).

use crate::ctx::Ctx;
use crate::state::State;
use grognard_engine::Event;

/// The status after `points` and the drift, on the track.
pub fn moved(ctx: &Ctx, status: i32, points: i32) -> i32 {
    let rules = &ctx.economy.rules;
    let (low, high) = ctx.politics.track();
    let s = status.saturating_add(points).clamp(low, high);
    match ctx.politics.zones().find(|z| z.name == rules.middle_zone) {
        Some(middle) if s > middle.highest => (s - rules.drift).max(middle.highest),
        Some(middle) if s < middle.lowest => (s + rules.drift).min(middle.lowest),
        _ => s,
    }
}

/// 8.6: every status marker moves.
pub fn adjust(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    super::maintenance::debt_points(ctx, state, log);
    for power in super::order(state) {
        let before = super::status_of(ctx, state, power);
        let points = state.powers.get(&power).map_or(0, |p| p.political);
        let after = moved(ctx, before, points);
        state.politics.status.insert(power, after);
        if let Some(p) = state.powers.get_mut(&power) {
            p.political = 0;
        }
        let zone = ctx.politics.zone(after).name.clone();
        log.push(Event::new(
            format!(
                "{}'s status marker moves from box {before} by {points:+} political point(s) to box {after}, \
                 the {zone} Zone (8.6)",
                power.name()
            ),
            serde_json::json!({"kind": "status", "power": power, "from": before, "points": points, "to": after,
                "zone": zone, "rule": "8.6"}),
        ));
    }
}
