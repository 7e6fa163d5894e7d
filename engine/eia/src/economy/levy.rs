//! The levy step (8.10, 10.1.3.1, 10.1.4.3, reconstructed R8.10): in the economic phase of the
//! levy month (`data/economy.txt` `levy-month`: December, as 5.2.2.2.1 says) every Turkish
//! feudal corps on the map in its home province, and every Austrian insurrection corps on the
//! map in a border province its power holds, neither besieged nor sharing its province with
//! unbesieged enemy corps (5.2.2.2.1), musters to the full strength of its card: the hosts
//! gather again each winter. The result is known to every player (the counter's strength is
//! its card's), so the corps' strength is no longer hidden (2.4.2). Corps off the map are not
//! raised (the off-map boxes of 5.2.2.2.1 are not played). The levy of every economic phase
//! also raises and disbands the irregulars (R10.1, `irregulars.rs`).

use crate::ctx::Ctx;
use crate::data::cards::CorpsKind;
use crate::forces::Factors;
use crate::state::State;
use grognard_engine::Event;

/// May corps `id` muster where it stands (5.2.2.2.1)?
fn may_muster(ctx: &Ctx, state: &State, id: &str) -> bool {
    let (Some(c), Some(card)) = (state.corps.get(id), ctx.cards.corps_card(id)) else { return false };
    // B.4: a corps on loan musters nothing until it is back.
    if c.loan.is_some() {
        return false;
    }
    let Some(power) = state.controller_of_nation(&c.nation) else { return false };
    let Some(province) = ctx.map.province_of(&c.area) else { return false };
    let placed = match card.kind {
        CorpsKind::Feudal => card.home.as_deref() == Some(province.id.as_str()),
        CorpsKind::Insurrection => {
            province.border && province.nation == power.id() && state.in_territory(ctx, power, &c.area)
        }
        _ => false,
    };
    let besieged = c.in_city && state.besieged(&c.area);
    let enemies =
        ctx.map.areas_of_province(&province.id).iter().any(|a| state.has_unbesieged_enemy_corps(power, &a.id));
    placed && !besieged && !enemies && c.aboard.is_none()
}

/// The full strength of corps `id`'s card this month: each box filled with its first kind.
fn full(ctx: &Ctx, state: &State, id: &str) -> Factors {
    let mut f = Factors::new();
    for b in ctx.cards.corps_card(id).map(|c| c.capacity.boxes.as_slice()).unwrap_or(&[]) {
        if let Some(kind) = b.kinds.first() {
            f.add(*kind, b.max_in(state.date));
        }
    }
    f
}

/// 8.10: the levy: the irregulars of every economic phase (R10.1), the feudal and
/// insurrection corps in the levy month.
pub fn levy(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    crate::irregulars::levy(ctx, state, log);
    if state.date.month() != ctx.economy.rules.levy_month {
        return;
    }
    let ids: Vec<String> = state.corps.keys().filter(|id| may_muster(ctx, state, id)).cloned().collect();
    for id in ids {
        let factors = full(ctx, state, &id);
        let Some(c) = state.corps.get_mut(&id) else { continue };
        if factors.is_empty() {
            continue;
        }
        c.factors = factors.clone();
        c.veil.clear();
        log.push(Event::new(
            format!("corps {id} musters to full strength in {} ({factors}) (8.10)", ctx.name(&c.area)),
            serde_json::json!({"kind": "levy", "corps": id, "factors": factors, "rule": "8.10"}),
        ));
    }
}
