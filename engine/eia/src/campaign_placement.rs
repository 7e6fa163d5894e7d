//! Campaign placement (5.2.1.2, 5.2.2.2): where the corps counters and army factors bought in
//! the economic phase (8.5.3, 8.5.4, `Due` with `campaign`) may be placed in the army
//! reinforcement step. The scenario's own reinforcements keep the area the scenario names
//! (5.2.1.1, 5.2.2.1).
//!
//! - 5.2.2.2.1: into an unbesieged corps of their nation with room, inside its home nation
//!   (ceded provinces excluded); a minor free state's inside that minor country.
//! - 5.2.2.2.2: infantry or militia (guard and cavalry as infantry, 7.3.3.2) into the garrison
//!   of an unbesieged friendly-controlled city of the home nation; a minor free state's
//!   infantry inside that minor country.
//! - 5.2.2.2.3: into an unbesieged corps of their nation not yet full of that kind, in or next
//!   to a depot of its power in a valid supply chain of at most six depots (three for militia)
//!   from a supply source in the home nation (a minor free state's: in that minor country);
//!   another power's depots never count.
//! - 5.2.1.2: a bought corps counter in an unbesieged city of its home held by its power, or
//!   with an unbesieged friendly corps, where its factors could be placed (5.2.2.2).
//!
//! What the card holds, the city's room and the siege are `reinforcement::check_room`'s.

use crate::command::Holder;
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use crate::FactorKind;
use grognard_board::area::ProvinceKind;
use grognard_engine::RuleError;

/// The name of `nation` (a major power or a minor country) in messages.
fn nation_name<'a>(ctx: &'a Ctx, nation: &'a str) -> &'a str {
    ctx.map.nation(nation).map_or(nation, |n| n.name.as_str())
}

/// 5.2.2.2.3.1, 5.2.2.2.3.2: the longest supply chain, in depots, through which factors of
/// `kind` may reach a corps.
pub fn longest_chain(kind: FactorKind) -> u32 {
    if kind == FactorKind::Militia {
        3
    } else {
        6
    }
}

/// Is `area` inside the home of `nation`: a home province of a major power's home nation not
/// ceded by a peace (5.2.2.2.1), or the land of a minor country?
pub fn at_home(ctx: &Ctx, state: &State, nation: &str, area: &str) -> bool {
    let Some(province) = ctx.map.province_of(area) else { return false };
    if province.nation != nation || state.politics.ceded.iter().any(|a| a == area) {
        return false;
    }
    Power::from_id(nation).is_none() || province.kind == ProvinceKind::Home
}

/// 5.2.2.2.3: is `area` in or next to a depot of `power` in a valid supply chain of at most
/// [`longest_chain`] depots from a supply source at home of `nation`?
pub fn supplied(ctx: &Ctx, state: &State, power: Power, nation: &str, area: &str, kind: FactorKind) -> bool {
    let chains = crate::supply::chain_lengths(ctx, state, power, |source| at_home(ctx, state, nation, source));
    let most = longest_chain(kind);
    let near = |depot: &str| depot == area || ctx.map.neighbours(area).iter().any(|b| b.to == depot);
    chains.iter().any(|(depot, length)| *length <= most && near(depot))
}

/// May bought factors of `nation` and `kind` go into `into` (5.2.2.2), as far as where it
/// stands tells? The room it has is checked by the caller.
pub fn check(
    ctx: &Ctx,
    state: &State,
    power: Power,
    nation: &str,
    into: &Holder,
    kind: FactorKind,
) -> Result<(), RuleError> {
    match into {
        Holder::Corps(id) => {
            let c = state.corps.get(id).ok_or_else(|| RuleError::new("input", format!("there is no corps `{id}`")))?;
            if c.aboard.is_some() {
                return Err(RuleError::new("5.2.2.2", format!("corps {id} is at sea")));
            }
            if at_home(ctx, state, nation, &c.area) || supplied(ctx, state, power, nation, &c.area, kind) {
                return Ok(());
            }
            Err(RuleError::new(
                "5.2.2.2.3",
                format!(
                    "corps {id} stands outside its home nation and not in or next to a depot of {} in a supply chain of \
                     at most {} depots from home (5.2.2.2.1, 5.2.2.2.3)",
                    power.name(),
                    longest_chain(kind)
                ),
            ))
        }
        Holder::City(area) => {
            let minor = Power::from_id(nation).is_none();
            let fits = match kind {
                FactorKind::Infantry => true,
                FactorKind::Militia | FactorKind::Guard | FactorKind::Cavalry => !minor,
                _ => false,
            };
            if !fits {
                return Err(RuleError::new(
                    "5.2.2.2.2",
                    format!(
                        "bought {kind} factors do not garrison a city ({})",
                        if minor {
                            "a minor free state's: infantry only"
                        } else {
                            "infantry or militia, guard and cavalry as infantry"
                        }
                    ),
                ));
            }
            if !at_home(ctx, state, nation, area) {
                return Err(RuleError::new(
                    "5.2.2.2.2",
                    format!(
                        "{} is not in the home of {}: bought factors garrison cities only there",
                        ctx.name(area),
                        nation_name(ctx, nation)
                    ),
                ));
            }
            if !state.in_territory(ctx, power, area) {
                return Err(RuleError::new(
                    "5.2.2.2.2",
                    format!("{} is not controlled by {}", ctx.name(area), power.name()),
                ));
            }
            Ok(())
        }
        Holder::Depot(_) => {
            Err(RuleError::new("5.2.2.2", "bought factors join a corps or a city garrison, not a depot"))
        }
    }
}

/// Every holder that [`check`] accepts for bought factors of `nation` and `kind`: the
/// nation's corps on land, not on loan, and the cities of its home.
pub fn holders(ctx: &Ctx, state: &State, power: Power, nation: &str, kind: FactorKind) -> Vec<Holder> {
    let corps = state
        .corps
        .iter()
        .filter(|(_, c)| c.nation == nation && c.loan.is_none())
        .map(|(id, _)| Holder::Corps(id.clone()));
    let cities = ctx
        .map
        .areas_of(nation)
        .into_iter()
        .filter(|a| ctx.map.city(&a.id).is_some())
        .map(|a| Holder::City(a.id.clone()));
    corps.chain(cities).filter(|h| check(ctx, state, power, nation, h, kind).is_ok()).collect()
}

/// 5.2.1.2: may a bought corps counter of `nation` holding `factors` be placed in `area`: an
/// unbesieged city of its home nation (a minor free state's: of that minor) controlled by
/// `power`, or with an unbesieged friendly corps? Outside its home its factors must be placed
/// as 5.2.2.2.3 allows (5.2.1.2: "a factor must be immediately placed in").
pub fn corps_area(
    ctx: &Ctx,
    state: &State,
    power: Power,
    nation: &str,
    area: &str,
    factors: &crate::forces::Factors,
) -> Result<(), RuleError> {
    let home_city = ctx.map.city(area).is_some()
        && at_home(ctx, state, nation, area)
        && !state.besieged(area)
        && state.in_territory(ctx, power, area);
    if home_city {
        return Ok(());
    }
    let with_friend = state.corps.values().any(|c| {
        c.area == area
            && c.proper()
            && c.aboard.is_none()
            && state.friendly_to(power, c.side())
            && !(c.in_city && state.besieged(area))
    });
    if !with_friend {
        return Err(RuleError::new(
            "5.2.1.2",
            format!(
                "{} is neither an unbesieged city of {}'s home held by {} nor the place of an unbesieged friendly corps",
                ctx.name(area),
                nation_name(ctx, nation),
                power.name()
            ),
        ));
    }
    if at_home(ctx, state, nation, area) {
        return Ok(());
    }
    match factors.iter().find(|(kind, _)| !supplied(ctx, state, power, nation, area, *kind)) {
        Some((kind, _)) => Err(RuleError::new(
            "5.2.1.2",
            format!(
                "its {kind} factors could not be placed in {} (5.2.2.2.3: not in or next to a depot of {} in a supply \
                 chain of at most {} depots from home)",
                ctx.name(area),
                power.name(),
                longest_chain(kind)
            ),
        )),
        None => Ok(()),
    }
}

/// Every area [`corps_area`] accepts: the cities of the nation's home and the places of
/// friendly corps, ascending.
pub fn corps_areas(
    ctx: &Ctx,
    state: &State,
    power: Power,
    nation: &str,
    factors: &crate::forces::Factors,
) -> Vec<String> {
    let mut areas: std::collections::BTreeSet<String> =
        ctx.map.areas_of(nation).into_iter().filter(|a| ctx.map.city(&a.id).is_some()).map(|a| a.id.clone()).collect();
    areas.extend(state.corps.values().filter(|c| c.aboard.is_none()).map(|c| c.area.clone()));
    areas.into_iter().filter(|a| corps_area(ctx, state, power, nation, a, factors).is_ok()).collect()
}
