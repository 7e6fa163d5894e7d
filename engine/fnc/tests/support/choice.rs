//! How random play chooses its next command: `end` with a set chance (or never while
//! anything else is legal), otherwise a weighted draw that prefers attacks, moves, and
//! above all moves that close on the enemy, so that armies meet within a few turns.

use grognard_board::HexId;
use grognard_fnc::{Command, Ctx, State};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;

/// How the driver chooses among the legal commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Random commands, ending a phase with this chance in percent at each choice (or
    /// when nothing else is legal); attacks and moves are preferred to other commands.
    Random { end_percent: u32 },
    /// Never end a phase while any other command is legal: exhausts each phase, which
    /// shows that the rules run out of commands by themselves.
    Exhaust,
}

/// The weight of a command for the random policy: fighting and moving are what break things.
fn weight(command: &Command) -> u64 {
    match command {
        Command::Attack { .. } => 6,
        Command::Move { .. } | Command::Sail { .. } | Command::River { .. } | Command::Fleet { .. } => 3,
        Command::Historical => 2,
        _ => 1,
    }
}

/// The distance from `hex` to the nearest of `targets`.
fn nearest(hex: HexId, targets: &[HexId]) -> u32 {
    targets.iter().map(|t| hex.distance(*t)).min().unwrap_or(0)
}

/// Moves that close on the enemy weigh more, so that armies meet and fight within a few
/// turns of random play.
fn closing_bonus(ctx: &Ctx, state: &State, command: &Command) -> u64 {
    let (units, to) = match command {
        Command::Move { units, path, .. } | Command::River { units, path } => (units, path.last().copied()),
        Command::Sail { units, to } => (units, Some(*to)),
        _ => return 1,
    };
    let Some(side) = units.first().and_then(|u| ctx.side_of(u)) else { return 1 };
    let enemy: Vec<HexId> =
        state.units.iter().filter(|(u, _)| ctx.side_of(u) == Some(side.other())).filter_map(|(_, l)| l.hex()).collect();
    let from = units.first().and_then(|u| state.location(u)).and_then(|l| l.hex());
    match (from, to) {
        (Some(from), Some(to)) if nearest(to, &enemy) < nearest(from, &enemy) => 4,
        (None, Some(_)) => 2,
        _ => 1,
    }
}

/// Choose one of the legal commands or accepted candidates (`extra`); says whether it was
/// a candidate.
pub fn pick(
    ctx: &Ctx,
    state: &State,
    legal: &[Command],
    extra: &[Command],
    policy: Policy,
    rng: &mut ChaCha8Rng,
) -> (Command, bool) {
    let others: Vec<(&Command, bool)> = legal
        .iter()
        .map(|c| (c, false))
        .chain(extra.iter().map(|c| (c, true)))
        .filter(|(c, _)| **c != Command::End)
        .collect();
    let end = legal.iter().find(|c| **c == Command::End);
    match (end, policy) {
        (Some(end), _) if others.is_empty() => return (end.clone(), false),
        (Some(end), Policy::Random { end_percent }) if rng.next_u32() % 100 < end_percent => {
            return (end.clone(), false)
        }
        _ => {}
    }
    // An accepted candidate weighs as much as all the one-hex sample moves of a unit.
    // Each target hex weighs as one attack, however many groups may attack it (the list
    // gives every group), so that attacks do not drown batches and the other commands.
    let mut per_target: std::collections::BTreeMap<HexId, u64> = std::collections::BTreeMap::new();
    for (c, _) in &others {
        if let Command::Attack { defender, .. } = c {
            *per_target.entry(*defender).or_default() += 1;
        }
    }
    const SCALE: u64 = 1 << 20;
    let share = |c: &Command| match c {
        Command::Attack { defender, .. } => SCALE / per_target.get(defender).copied().unwrap_or(1).max(1),
        _ => SCALE,
    };
    let w = |c: &Command, extra: bool| {
        (weight(c) * closing_bonus(ctx, state, c) * if extra { 4 } else { 1 } * share(c)).max(1)
    };
    let total: u64 = others.iter().map(|(c, x)| w(c, *x)).sum();
    let mut at = rng.next_u64() % total.max(1);
    for (c, x) in &others {
        let cw = w(c, *x);
        if at < cw {
            return ((*c).clone(), *x);
        }
        at -= cw;
    }
    others.last().map(|(c, x)| ((*c).clone(), *x)).unwrap_or_else(|| (legal[0].clone(), false))
}
