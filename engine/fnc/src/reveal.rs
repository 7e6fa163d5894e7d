//! Reveals under fog of war (7.7, engine/fnc/FOG_OF_WAR.md section 5): which concealed moves
//! a command needs opened before it can be applied, the public checks made while the
//! openings are awaited, and the public bookkeeping kept after every command (each stack's
//! top, the provenance of stacks that emptied).
//!
//! The one rule behind every reveal: a rule that needs a stack's composition opens the
//! stack first. A stack's composition depends on the concealed moves in its provenance
//! (`Fog::provenance`); opening them lets every copy name every unit in it. So:
//! - an attack (11.2, 11.3) opens the attacker's stacks it is made from and the defender's
//!   stack ("both ways", 7.7); a batch opens every battle's stacks at once;
//! - the supply phase (12.1) opens the phasing side's stacks that are out of supply, whose
//!   units it eliminates;
//! - the siege phase (13.1) opens the besiegers' stacks and the besieged garrison;
//! - the opponent chooses an over-stack's losses (7.4) once that stack is open;
//! - a public command that names units (a river or amphibious move, a removal) may name only
//!   units of open stacks: `show HEX` opens one of the player's own stacks first.
//!
//! Provenance sets hold only concealed moves not yet opened: an opened index leaves every set.

use crate::combat::siege;
use crate::command::Command;
use crate::ctx::Ctx;
use crate::happened::Happened;
use crate::stacking;
use crate::state::{DecisionKind, Location, Phase, Reveal, Side, State, UnitId};
use grognard_board::HexId;
use grognard_engine::{Event, RuleError};
use std::collections::BTreeSet;

fn rule(message: impl Into<String>) -> RuleError {
    RuleError::new("7.7", message)
}

/// The concealed moves of `side` not yet opened that the stacks in `hexes` depend on.
fn provenance_of(state: &State, side: Side, hexes: impl IntoIterator<Item = HexId>) -> BTreeSet<u32> {
    let Some(fog) = &state.fog else { return BTreeSet::new() };
    let sets = &fog.provenance[side.index()];
    hexes.into_iter().filter_map(|h| sets.get(&h)).flatten().copied().collect()
}

/// Is `side`'s stack in `hex` open: does every copy name each of its units?
pub fn is_open(state: &State, side: Side, hex: HexId) -> bool {
    provenance_of(state, side, [hex]).is_empty()
}

/// The hexes of `side`'s ground stacks that are out of supply now (12.1).
fn unsupplied_hexes(ctx: &Ctx, state: &State, side: Side) -> BTreeSet<HexId> {
    let hexes: BTreeSet<HexId> = state
        .units
        .iter()
        .filter(|(u, _)| ctx.side_of(u) == Some(side) && ctx.counter(u).is_some_and(|c| c.kind.is_ground()))
        .filter_map(|(_, l)| l.hex())
        .filter(|h| ctx.map.is_land(*h))
        .collect();
    hexes.into_iter().filter(|h| crate::supply::check(ctx, state, side, &Location::Hex(*h), false).is_err()).collect()
}

/// What `command` of `side` needs opened first, per side (by [`Side::index`]): empty sets
/// when it may be applied now.
pub fn demand(ctx: &Ctx, state: &State, side: Side, command: &Command) -> [BTreeSet<u32>; 2] {
    let mut owing = [BTreeSet::new(), BTreeSet::new()];
    if state.fog.is_none() {
        return owing;
    }
    let enemy = side.other();
    let attack = |from: &[HexId], defender: HexId, owing: &mut [BTreeSet<u32>; 2]| {
        owing[side.index()].extend(provenance_of(state, side, from.iter().copied()));
        owing[enemy.index()].extend(provenance_of(state, enemy, [defender]));
    };
    match command {
        Command::Attack { defender, from, .. } => attack(from, *defender, &mut owing),
        Command::Batch { attacks, .. } => {
            for a in attacks {
                attack(&a.from, a.defender, &mut owing);
            }
        }
        Command::Roll if state.phase == Phase::Supply && state.decision.is_none() => {
            owing[side.index()] = provenance_of(state, side, unsupplied_hexes(ctx, state, side));
        }
        Command::Roll if state.phase == Phase::Siege && state.decision.is_none() => {
            for s in siege::sieges(ctx, state, side) {
                owing[side.index()].extend(provenance_of(state, side, ctx.map.landward_neighbours(s.hex)));
                owing[enemy.index()].extend(provenance_of(state, enemy, [s.hex]));
            }
        }
        Command::Show { hexes } => owing[side.index()] = provenance_of(state, side, hexes.iter().copied()),
        _ => {}
    }
    owing
}

/// The units a public command names, whose stacks must be open (the attackers of an attack
/// are checked apart: the attack opens their stacks).
fn named_units(command: &Command) -> Vec<&UnitId> {
    match command {
        Command::River { units, .. }
        | Command::Sail { units, .. }
        | Command::Lose { units }
        | Command::Advance { units }
        | Command::Remove { units } => units.iter().collect(),
        Command::Retreat { groups } => groups.iter().flat_map(|g| g.units.iter()).collect(),
        _ => Vec::new(),
    }
}

/// The hexes of `side`'s closed stacks holding units `command` names (what `show` must open
/// before the command may be given).
pub fn closed_hexes(ctx: &Ctx, state: &State, side: Side, command: &Command) -> BTreeSet<HexId> {
    named_units(command)
        .into_iter()
        .filter(|u| ctx.side_of(u) == Some(side))
        .filter_map(|u| state.units.get(u).and_then(Location::hex))
        .filter(|h| !is_open(state, side, *h))
        .collect()
}

/// 7.7: a public command names only units every copy can name: units of open stacks, and
/// units off the map. A command that would name a unit hidden in a stack is refused in every
/// copy alike (the owner's copy too), with the way out.
pub fn check_in_view(ctx: &Ctx, state: &State, command: &Command) -> Result<(), RuleError> {
    if state.fog.is_none() {
        return Ok(());
    }
    for unit in named_units(command) {
        let Some(side) = ctx.side_of(unit) else { continue };
        match state.units.get(unit) {
            Some(Location::Unseen) => {
                return Err(rule(format!("{unit} is hidden in a stack: its owner must open the stack first")))
            }
            Some(Location::Hex(h)) if !is_open(state, side, *h) => {
                return Err(rule(format!(
                    "{unit} is in a closed stack in {h}: `show {h}` opens it first, so that the command may name it"
                )))
            }
            _ => {}
        }
    }
    Ok(())
}

/// 7.7: under fog an attack names the hexes it is made from, and each attacker this copy
/// names stands in one of them (or offshore, 10.3): the same answer in every copy, since a
/// unit one copy cannot name is in a stack the attack does not open only if the attacker
/// lied about it, and then the owner's copy refuses it too.
fn check_attackers_placed(state: &State, command: &Command) -> Result<(), RuleError> {
    let attacks: Vec<(&[UnitId], &[HexId])> = match command {
        Command::Attack { attackers, from, .. } => vec![(attackers, from)],
        Command::Batch { attacks, .. } => attacks.iter().map(|a| (&a.attackers[..], &a.from[..])).collect(),
        _ => return Ok(()),
    };
    for (attackers, from) in attacks {
        for u in attackers {
            let on_map = matches!(state.units.get(u), Some(Location::Hex(_) | Location::Unseen));
            if on_map && from.is_empty() {
                return Err(rule("under fog of war an attack names the hexes it is made from (`from HEX,HEX`)"));
            }
            if let Some(Location::Hex(h)) = state.units.get(u) {
                if !from.contains(h) {
                    return Err(rule(format!(
                        "{u} is in {h}, which the attack does not name among the hexes it is made from"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// The checks of an attack made before its stacks are opened (7.7): the hexes it is made
/// from are the side's, next to the defender, and hold every attacker this copy can name;
/// the attackers it cannot name are no more than the counters it cannot name there. The
/// whole declaration is checked again, every unit named, once the stacks are open.
fn check_attack_before_opening(
    ctx: &Ctx,
    state: &State,
    side: Side,
    attackers: &[UnitId],
    defender: HexId,
    from: &[HexId],
) -> Result<(), RuleError> {
    if ctx.occupant(state, defender) != Some(side.other()) {
        return Err(RuleError::new("11.1", format!("there are no enemy units in {defender} to attack")));
    }
    let mut unseen_room = 0usize;
    for h in from {
        if !h.is_adjacent(defender) {
            return Err(RuleError::new("11.3", format!("{h} is not adjacent to {defender}")));
        }
        if ctx.occupant(state, *h) != Some(side) {
            return Err(RuleError::new("11.3", format!("{h} holds none of your units")));
        }
        unseen_room += usize::from(state.unseen_in(*h, side));
    }
    let mut unseen = 0usize;
    for u in attackers {
        match state.units.get(u) {
            Some(Location::Unseen) => unseen += 1,
            Some(Location::Hex(h)) if !from.contains(h) => {
                return Err(rule(format!(
                    "{u} is in {h}, which the attack does not name among the hexes it is made from"
                )))
            }
            _ => {}
        }
    }
    if unseen > unseen_room {
        return Err(rule(format!(
            "{unseen} attackers are not among the counters of {}",
            from.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(())
}

/// Check what can be checked of `command` before the stacks it needs are opened: the same
/// in every copy, so that a command one copy accepts no other refuses.
fn check_before_opening(ctx: &Ctx, state: &State, side: Side, command: &Command) -> Result<(), RuleError> {
    if state.acting_side() != side {
        return Err(RuleError::new("5.1", "it is not this side's turn to act"));
    }
    if state.decision.is_some() && !matches!(command, Command::Show { .. }) {
        return Err(RuleError::new("5.1", "a decision is owed first"));
    }
    match command {
        Command::Attack { attackers, defender, from, .. } => {
            if state.phase != Phase::Combat || state.phasing != side {
                return Err(RuleError::new("11.1", "attacks are made only in the attacker's own combat phase"));
            }
            if !state.battles.is_empty() || state.batch.is_some() {
                return Err(RuleError::new("11.2", "finish the battle in progress before declaring another attack"));
            }
            check_attack_before_opening(ctx, state, side, attackers, *defender, from)?;
            let Command::Attack { fleets, .. } = command else { return Ok(()) };
            crate::combat::declare::check_before_opening(ctx, state, side, attackers, *defender, fleets)
        }
        Command::Batch { attacks, .. } => {
            if state.phase != Phase::Combat || state.phasing != side {
                return Err(RuleError::new("11.1", "attacks are made only in the attacker's own combat phase"));
            }
            if !state.battles.is_empty() || state.batch.is_some() {
                return Err(RuleError::new("11.3", "a battle is still being resolved"));
            }
            if attacks.len() < 2 || attacks.len() > crate::combat::batch::MAX_ATTACKS {
                return Err(RuleError::new("11.3", "a batch declares from two attacks to its most"));
            }
            crate::combat::batch::check_together(attacks)?;
            if let Command::Batch { orders, .. } = command {
                orders.check(ctx)?;
            }
            for a in attacks {
                check_attack_before_opening(ctx, state, side, &a.attackers, a.defender, &a.from)?;
                crate::combat::declare::check_before_opening(ctx, state, side, &a.attackers, a.defender, &a.fleets)?;
            }
            Ok(())
        }
        Command::Roll => Ok(()),
        Command::Show { hexes } => {
            for h in hexes {
                if ctx.occupant(state, *h) != Some(side) {
                    return Err(rule(format!("{h} holds no stack of yours to show")));
                }
            }
            Ok(())
        }
        other => Err(rule(format!("`{other}` opens no stack"))),
    }
}

/// Under fog, before `command` is applied: refuse what may not be done while a reveal is
/// awaited, and when the command needs stacks opened, check what can be checked and return
/// the state that waits for the openings (`Some`); `None` when the command applies now.
pub fn before(
    ctx: &Ctx,
    state: &State,
    side: Side,
    command: &Command,
    log: &mut Vec<Event>,
) -> Result<Option<State>, RuleError> {
    let Some(fog) = &state.fog else {
        if matches!(command, Command::Show { .. }) {
            return Err(rule("stacks are open in this game (no fog of war): there is nothing to show"));
        }
        return Ok(None);
    };
    if let Some(r) = &fog.reveal {
        return Err(rule(format!("{}: the stacks must be opened first", r.why)));
    }
    check_in_view(ctx, state, command)?;
    check_attackers_placed(state, command)?;
    let owing = demand(ctx, state, side, command);
    if owing.iter().all(BTreeSet::is_empty) {
        if let Command::Show { hexes } = command {
            let list = hexes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ");
            return Err(rule(format!("the stacks in {list} are open already")));
        }
        return Ok(None);
    }
    check_before_opening(ctx, state, side, command)?;
    let why = match command {
        Command::Attack { defender, .. } => format!("the attack on {defender} opens the stacks involved"),
        Command::Batch { .. } => "the batch of attacks opens the stacks involved".to_string(),
        Command::Roll if state.phase == Phase::Supply => {
            "the supply check opens the stacks out of supply (12.1)".to_string()
        }
        Command::Roll => "the sieges open the besieging stacks and the garrisons (13.1)".to_string(),
        _ => "the player shows the stack".to_string(),
    };
    let mut next = state.clone();
    let then = (!matches!(command, Command::Show { .. })).then(|| (side, command.clone()));
    log.push(
        Happened::Reveal { owing: owing.clone(), why: why.clone() }
            .event(format!("7.7: {why}: {}", owing_text(ctx, &owing))),
    );
    if let Some(f) = next.fog.as_mut() {
        f.reveal = Some(Reveal { owing, why, then });
    }
    Ok(Some(next))
}

fn owing_text(ctx: &Ctx, owing: &[BTreeSet<u32>; 2]) -> String {
    let parts: Vec<String> = Side::BOTH
        .iter()
        .filter(|s| !owing[s.index()].is_empty())
        .map(|s| {
            let list: Vec<String> = owing[s.index()].iter().map(|i| format!("#{i}")).collect();
            format!("the {} open concealed moves {}", ctx.rules.side_name(*s), list.join(", "))
        })
        .collect();
    parts.join("; ")
}

/// The side `side` has opened what the reveal asked of it: its moves leave every
/// provenance set. Returns the command that waits, once nobody owes anything more.
pub fn opened(state: &mut State, side: Side) -> Result<Option<(Side, Command)>, RuleError> {
    let Some(fog) = state.fog.as_mut() else { return Err(rule("stacks are open in this game: nothing is opened")) };
    let Some(reveal) = fog.reveal.as_mut() else { return Err(rule("no rule asks for an opening now")) };
    let done = std::mem::take(&mut reveal.owing[side.index()]);
    if done.is_empty() {
        return Err(rule("nothing is asked of this side now"));
    }
    for set in fog.provenance[side.index()].values_mut() {
        set.retain(|i| !done.contains(i));
    }
    fog.provenance[side.index()].retain(|_, set| !set.is_empty());
    if reveal.owing.iter().all(BTreeSet::is_empty) {
        Ok(fog.reveal.take().and_then(|r| r.then))
    } else {
        Ok(None)
    }
}

/// The public bookkeeping after a command (7.7, 7.8): a stack whose top left takes the first
/// unit by id that every copy names there; a stack that emptied loses its top and its
/// provenance; an over-stack the opponent must cut down (7.4) is opened first.
pub fn settle(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) -> Result<(), RuleError> {
    let Some(fog) = &state.fog else { return Ok(()) };
    let mut stacks: std::collections::BTreeMap<HexId, (Vec<UnitId>, bool)> = std::collections::BTreeMap::new();
    for (u, l) in &state.units {
        if let Location::Hex(h) = l {
            if stacking::counts(ctx, u) {
                stacks.entry(*h).or_default().0.push(u.clone());
            }
        }
    }
    for h in fog.unseen.keys() {
        stacks.entry(*h).or_default().1 = true;
    }
    let mut tops = std::collections::BTreeMap::new();
    for (h, (named, hidden)) in &stacks {
        let keep = fog.tops.get(h).filter(|t| named.contains(t)).cloned();
        let top = match keep.or_else(|| stacking::preferred_top(ctx, named).cloned()) {
            Some(t) => t,
            None if *hidden => return Err(rule(format!("the stack in {h} has lost its top unit"))),
            None => continue,
        };
        tops.insert(*h, top);
    }
    let mut provenance = fog.provenance.clone();
    for side in Side::BOTH {
        provenance[side.index()]
            .retain(|h, set| !set.is_empty() && ctx.occupant(state, *h) == Some(side) && stacks.contains_key(h));
    }
    let overstack = match &state.decision {
        Some(d) => match d.kind {
            DecisionKind::Overstack { hex, .. } => Some((d.by.other(), hex)),
            _ => None,
        },
        None => None,
    };
    let fog = state.fog.as_mut().ok_or_else(|| rule("fog of war vanished"))?;
    fog.tops = tops;
    fog.provenance = provenance;
    if let (Some((owner, hex)), None) = (overstack, &fog.reveal) {
        let indices = provenance_of(state, owner, [hex]);
        if !indices.is_empty() {
            let mut owing = [BTreeSet::new(), BTreeSet::new()];
            owing[owner.index()] = indices;
            let why = format!("the over-stack in {hex} is opened before its losses are chosen (7.4)");
            log.push(
                Happened::Reveal { owing: owing.clone(), why: why.clone() }
                    .event(format!("7.7: {why}: {}", owing_text(ctx, &owing))),
            );
            if let Some(f) = state.fog.as_mut() {
                f.reveal = Some(Reveal { owing, why, then: None });
            }
        }
    }
    Ok(())
}
