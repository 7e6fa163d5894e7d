//! The declaration of combined movement step (4.9): allies may combine their naval and land
//! phases for the rest of the month, all of them moving in the place of the ally that would
//! move last (6.1.2, 7.1.2). The declarations are written in secret and revealed together.
//!
//! Who combines with whom (R4.9 in RECONSTRUCTION.md): each power names the allies it will
//! move with; a pair combines when both named each other (a player running both powers
//! names them once) and they are allied. Powers linked by such pairs form a group, which
//! combines only if every two of its members are such a pair: a group where two powers did
//! not name each other, or are not allied, moves as before, and the log says why.
//!
//! How a group moves: in the naval phase its members take their sequences one after the
//! other in the place of its last member; in the land phase its members take each step of
//! the land sequence in turn (all depot steps, then all movement steps, then supply and
//! combat), so that what the first moved into an area the next may join, and the battle
//! of the first is fought with every ally there at war with all the defenders beside it
//! (7.3.8.2-7.3.8.6). Within the group they move in their usual order (R7.3.8.1: the
//! agreement of 7.3.8.1 is presumed to be the usual order; no roll is needed).

use super::command::{Combination, PoliticalCommand};
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, Event, PlayerId, RuleError};
use serde_json::json;
use std::collections::BTreeSet;

/// The powers that may combine this month: those with an ally in the game.
fn with_allies(state: &State) -> Vec<Power> {
    super::order(state).into_iter().filter(|p| !allies(state, *p).is_empty()).collect()
}

/// `power`'s allies in the game, in [`Power::ALL`] order.
fn allies(state: &State, power: Power) -> Vec<Power> {
    super::order(state)
        .into_iter()
        .filter(|q| *q != power && state.relations.allied(power.id(), q.id()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The players who write a combined movement declaration: those running a power with an
/// ally. Nobody (no alliances): the step is passed over.
pub fn players(state: &State) -> Vec<PlayerId> {
    let mut out: Vec<PlayerId> = with_allies(state).iter().filter_map(|p| state.player_of(*p)).map(PlayerId).collect();
    out.sort();
    out.dedup();
    out
}

/// The combinations of `player`'s command, each power resolved and checked: (power, the
/// allies it names).
pub fn check(
    state: &State,
    player: PlayerId,
    command: &PoliticalCommand,
) -> Result<Vec<(Power, Vec<Power>)>, RuleError> {
    let PoliticalCommand::Combine { with } = command else {
        return Err(RuleError::new(
            "4.9",
            "the combined movement step asks for `combine none`, `combine with ALLY...` or `combine POWER with \
             ALLY...; POWER with ALLY...`",
        ));
    };
    let mine = state.powers_of(player.0);
    let mut out: Vec<(Power, Vec<Power>)> = Vec::new();
    for Combination { power, allies: named } in with {
        let power = match power {
            Some(p) => *p,
            None if mine.len() == 1 => mine[0],
            None => {
                return Err(RuleError::new(
                    "4.9",
                    "you run several powers: name the one combining (`combine POWER with ALLY...`)",
                ))
            }
        };
        if !mine.contains(&power) {
            return Err(RuleError::new("4.9", format!("{player} does not run {}", power.name())));
        }
        if out.iter().any(|(p, _)| *p == power) {
            return Err(RuleError::new("4.9", format!("{}'s combined movement is written once", power.name())));
        }
        for ally in named {
            if *ally == power {
                return Err(RuleError::new("4.9", format!("{} cannot combine with itself", power.name())));
            }
            if !state.relations.allied(power.id(), ally.id()) || !state.powers.contains_key(ally) {
                return Err(RuleError::new(
                    "4.9",
                    format!("only allies combine their movement: {} is not allied to {}", ally.name(), power.name()),
                ));
            }
        }
        out.push((power, named.clone()));
    }
    Ok(out)
}

/// Every declaration `player` may write now: `combine none` and each of its powers with each
/// of its allies (the choices of a bot or random play).
pub fn choices(state: &State, player: PlayerId) -> Vec<PoliticalCommand> {
    let mut out = vec![PoliticalCommand::Combine { with: Vec::new() }];
    for power in state.powers_of(player.0) {
        for ally in allies(state, power) {
            out.push(PoliticalCommand::Combine { with: vec![Combination { power: Some(power), allies: vec![ally] }] });
        }
    }
    out
}

/// The groups the declarations make (see the module's text), each in the usual order of the
/// land phase, and the reasons groups fell apart.
pub fn groups(state: &State, named: &[(Power, Vec<Power>)]) -> (Vec<Vec<Power>>, Vec<String>) {
    let names = |a: Power, b: Power| named.iter().any(|(p, list)| *p == a && list.contains(&b));
    let same_player = |a: Power, b: Power| state.player_of(a).is_some() && state.player_of(a) == state.player_of(b);
    let consent = |a: Power, b: Power| {
        state.relations.allied(a.id(), b.id())
            && ((names(a, b) && names(b, a)) || (same_player(a, b) && (names(a, b) || names(b, a))))
    };
    let powers = super::order(state);
    let mut seen: BTreeSet<Power> = BTreeSet::new();
    let mut out = Vec::new();
    let mut why = Vec::new();
    for start in &powers {
        if seen.contains(start) {
            continue;
        }
        // The powers linked to `start` by consenting pairs.
        let mut group: BTreeSet<Power> = BTreeSet::from([*start]);
        let mut frontier = vec![*start];
        while let Some(p) = frontier.pop() {
            for q in &powers {
                if !group.contains(q) && consent(p, *q) {
                    group.insert(*q);
                    frontier.push(*q);
                }
            }
        }
        seen.extend(group.iter().copied());
        if group.len() < 2 {
            continue;
        }
        let members: Vec<Power> = land_order(&group);
        let missing = members
            .iter()
            .enumerate()
            .find_map(|(i, a)| members[i + 1..].iter().find(|b| !consent(*a, **b)).map(|b| (*a, *b)));
        let names: Vec<&str> = members.iter().map(|p| p.name()).collect();
        match missing {
            None => out.push(members),
            Some((a, b)) => why.push(format!(
                "4.9: {} do not combine: {} and {} did not both name each other as allies{}",
                names.join(", "),
                a.name(),
                b.name(),
                if state.relations.allied(a.id(), b.id()) { "" } else { " (they are not allied)" }
            )),
        }
    }
    (out, why)
}

/// `group` in the usual order of the land phase (7.1).
fn land_order(group: &BTreeSet<Power>) -> Vec<Power> {
    let present: Vec<Power> = group.iter().copied().collect();
    crate::sequence::Sequence::order_of(crate::sequence::Phase::Land(crate::sequence::LandStep::Depots), &present, 0)
}

/// Every declaration is open: the groups are formed for the rest of the month and the
/// political phase ends.
pub fn reveal(
    ctx: &Ctx,
    state: &State,
    choices: &[(PlayerId, PoliticalCommand)],
) -> Result<(State, Vec<Event>), ApplyError> {
    let _ = ctx;
    let mut named = Vec::new();
    for (player, choice) in choices {
        named.extend(check(state, *player, choice)?);
    }
    let (groups, why) = groups(state, &named);
    let mut next = state.clone();
    let mut log = Vec::new();
    for reason in why {
        log.push(Event::new(reason, json!({"kind": "combined-movement-refused", "rule": "4.9"})));
    }
    if groups.is_empty() {
        log.push(Event::new(
            "No combined movement this month (4.9)",
            json!({"kind": "combined-movement", "groups": []}),
        ));
    }
    for g in &groups {
        let names: Vec<&str> = g.iter().map(|p| p.name()).collect();
        log.push(Event::new(
            format!(
                "{} combine their movement this month (4.9): they move in the naval and land phases in {}'s place",
                names.join(", "),
                g.last().map_or("", |p| p.name())
            ),
            json!({"kind": "combined-movement", "group": g, "rule": "4.9"}),
        ));
    }
    next.politics.combined = groups;
    if let Some(round) = next.politics.round.as_mut() {
        round.combined_declared = true;
    }
    Ok((next, log))
}

/// The group `power` moves with this month (itself included), if it combines.
pub fn group_of(state: &State, power: Power) -> Option<&[Power]> {
    state.politics.combined.iter().find(|g| g.contains(&power)).map(Vec::as_slice)
}

/// 6.1.2, 7.1.2: `order` with every combining group moved to the place of its member that
/// comes last, its members one after the other in their order in `order`.
pub fn arrange(state: &State, order: Vec<Power>) -> Vec<Power> {
    if state.politics.combined.is_empty() {
        return order;
    }
    let mut out: Vec<Power> = Vec::new();
    for (i, p) in order.iter().enumerate() {
        let Some(group) = group_of(state, *p) else {
            out.push(*p);
            continue;
        };
        let later = order[i + 1..].iter().any(|q| group.contains(q));
        if !later {
            out.extend(order.iter().filter(|q| group.contains(q)));
        }
    }
    out
}

/// The indices of `state.sequence.order` that act together with the one at `index`: the run of
/// its combining group (itself alone when it does not combine).
pub fn run_at(state: &State, index: usize) -> std::ops::Range<usize> {
    let order = &state.sequence.order;
    let Some(group) = order.get(index).and_then(|p| group_of(state, *p)) else { return index..index + 1 };
    let mut start = index;
    while start > 0 && group.contains(&order[start - 1]) {
        start -= 1;
    }
    let mut end = index + 1;
    while end < order.len() && group.contains(&order[end]) {
        end += 1;
    }
    start..end
}

/// 7.3.8.5: may `power`, a later ally of a combined movement, enter `area`? Not where an
/// earlier ally of its group moved field forces that must attack there (its enemies hold
/// the field) unless `power` is at war with every defending power.
pub fn may_enter(ctx: &Ctx, state: &State, power: Power, area: &str) -> Result<(), RuleError> {
    let Some(group) = group_of(state, power) else { return Ok(()) };
    let before: Vec<Power> = state
        .sequence
        .order
        .iter()
        .take(state.sequence.index)
        .copied()
        .filter(|p| group.contains(p) && *p != power)
        .collect();
    for ally in before {
        let has_field = state.corps.values().any(|c| {
            c.area == area && !c.in_city && c.aboard.is_none() && state.controller_of_nation(c.side()) == Some(ally)
        });
        if !has_field {
            continue;
        }
        let defending = crate::combat::declaration::defending_powers(state, ally, area);
        if let Some(d) = defending.iter().find(|d| !state.relations.at_war(power.id(), d.id())) {
            return Err(RuleError::new(
                "7.3.8.5",
                format!(
                    "{} may not enter {}, where {} must attack, without being at war with every defender ({} is \
                     not its enemy)",
                    power.name(),
                    ctx.name(area),
                    ally.name(),
                    d.name()
                ),
            ));
        }
    }
    Ok(())
}
