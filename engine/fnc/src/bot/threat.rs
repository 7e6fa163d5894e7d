//! What the enemy's next player turn could do to a side's supply, for the evaluation: a
//! rough second ply that plays no enemy move but asks, for each road hex of the side's supply
//! net and each of its sources, whether an enemy unit could stand there after the enemy's
//! next movement or combat phase, and how much of the side's army would then be out of supply
//! (12.1, 12.2-12.9). An empty hex is entered by any enemy unit that reaches it; a held one
//! falls with a chance read off the CRT (11.2) by the odds the enemy can bring against it.
//!
//! The enemy's reach is estimated, not searched: a unit on the map goes its movement factor
//! and half again (roads halve the cost, 9.19), a unit in a holding box enters by its entry
//! hexes, and a side that may move amphibiously (10.3-10.6) lands anywhere on the coasts of
//! its seas, with the units of its strongest port (up to the sea's capacity) and the support
//! of its fleets (10.2). Under fog of war a counter the bot cannot name counts
//! [`UNSEEN_ATTACK`] factors and moves as the top of its stack.

use super::supplied::Lines;
use crate::ctx::Ctx;
use crate::data::{Counter, UnitType};
use crate::movement::common::movement_allowance;
use crate::movement::cost::step_cost;
use crate::movement::naval::{areas, waters_of};
use crate::state::{Game, Location, Side, State};
use grognard_board::{HexId, WaterId};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::rc::Rc;

/// A unit of the game as the evaluation reads it: where it is, its counter and its side.
pub struct Piece<'a> {
    pub id: &'a str,
    pub at: &'a Location,
    pub counter: &'a Counter,
    pub side: Side,
}

/// Every unit of `state` with its counter and side, read once for the whole evaluation.
pub fn pieces<'a>(ctx: &'a Ctx, state: &'a State) -> Vec<Piece<'a>> {
    state
        .units
        .iter()
        .filter_map(|(unit, at)| {
            let counter = ctx.counter(unit)?;
            Some(Piece { id: unit, at, counter, side: ctx.side_by_id(&counter.side)? })
        })
        .collect()
}

/// How far, in percent of its movement factor in hexes, an enemy unit is taken to reach in a
/// turn: roads halve the cost (9.19), and the threat is better overestimated.
const ENEMY_STRIDE: u32 = 150;

/// Attack factors assumed for an enemy counter hidden in a stack.
pub const UNSEEN_ATTACK: u32 = 2;

/// The chance, in percent, that a hex is taken from its defenders at each column of the CRT
/// (11.2; DES, DR and DC, with half of BB), from `<=49%` to `>=600%`.
const TAKEN: [u32; 8] = [0, 8, 33, 50, 75, 92, 100, 100];

/// What the enemy could bring to each hex next turn.
pub struct Reach {
    /// Enemy units that move on land: where they stand, how far they go, their attack and
    /// defence.
    land: Vec<(HexId, u32, u32, u32)>,
    /// Seas the enemy may land on, with the attack and the defence a landing brings.
    seas: Vec<(Vec<WaterId>, u32, u32)>,
    /// The attack of the enemy's fleets in play (10.2 support for a coastal attack).
    fleets: u32,
}

impl Reach {
    /// The enemy of `side`, as `state` (read into `pieces`) shows it.
    pub fn of_enemy(ctx: &Ctx, state: &State, side: Side, pieces: &[Piece]) -> Reach {
        Reach::of(ctx, state, side.other(), pieces, ENEMY_STRIDE)
    }

    /// What `mover`'s units could bring to each hex, a unit going `stride` percent of its
    /// movement factor in hexes.
    fn of(ctx: &Ctx, state: &State, mover: Side, pieces: &[Piece], stride: u32) -> Reach {
        let enemy = mover;
        let open = areas(ctx, state, enemy);
        let mut land = Vec::new();
        let mut fleets = 0;
        let mut by_origin: BTreeMap<&Location, Vec<(u32, u32)>> = BTreeMap::new();
        for p in pieces.iter().filter(|p| p.side == enemy) {
            let c = p.counter;
            let attack = u32::from(c.attack.unwrap_or(0));
            let defence = u32::from(c.defense);
            if c.kind == UnitType::Fleet {
                if matches!(p.at, Location::Hex(_)) {
                    fleets += attack;
                }
                continue;
            }
            let mf = u32::from(c.movement);
            if mf == 0 || !c.kind.is_ground() {
                continue;
            }
            let far = mf * stride / 100;
            match p.at {
                Location::Hex(h) => land.push((*h, far, attack, defence)),
                Location::Box(b) => {
                    if let Some(bx) = ctx.map.box_by_id(b) {
                        land.extend(bx.entry.iter().map(|e| (*e, far.saturating_sub(1), attack, defence)));
                    }
                }
                _ => continue,
            }
            if !open.is_empty() {
                by_origin.entry(p.at).or_default().push((attack, defence));
            }
        }
        let mut hidden_at: Vec<(Location, Vec<(u32, u32)>)> = Vec::new();
        if let Some(fog) = &state.fog {
            for (hex, counts) in &fog.unseen {
                let hidden = u32::from(counts[enemy.index()]);
                let top = fog.tops.get(hex).and_then(|t| ctx.counter(t));
                if let (true, Some(top)) = (hidden > 0, top) {
                    let mf = u32::from(top.movement);
                    if mf > 0 {
                        for _ in 0..hidden {
                            land.push((*hex, mf * stride / 100, UNSEEN_ATTACK, UNSEEN_ATTACK));
                        }
                        hidden_at
                            .push((Location::Hex(*hex), (0..hidden).map(|_| (UNSEEN_ATTACK, UNSEEN_ATTACK)).collect()));
                    }
                }
            }
        }
        for (at, force) in &hidden_at {
            if !open.is_empty() {
                by_origin.entry(at).or_default().extend(force.iter().copied());
            }
        }
        let mut seas = Vec::new();
        for area in open {
            let names: BTreeSet<String> = area.waters.iter().cloned().collect();
            let waters: Vec<WaterId> = area.waters.iter().filter_map(|w| ctx.map.water_by_name(w)).collect();
            let mut best = (0, 0);
            for (origin, force) in &by_origin {
                let port = match *origin {
                    Location::Hex(h) => ctx.map.locale(*h).is_some_and(|l| l.port),
                    Location::Box(b) => ctx.map.box_by_id(b).is_some_and(|bx| bx.port),
                    _ => false,
                };
                if !port || waters_of(ctx, origin).is_disjoint(&names) {
                    continue;
                }
                let mut force = force.clone();
                force.sort_unstable_by(|a, b| b.cmp(a));
                let landed = force.iter().take(usize::from(area.capacity));
                // A force of 0-attack units still lands and takes an empty hex.
                let strength =
                    (landed.clone().map(|f| f.0).sum::<u32>().max(1), landed.map(|f| f.1).max().unwrap_or(0));
                best = best.max(strength);
            }
            if best.0 > 0 {
                seas.push((waters, best.0, best.1));
            }
        }
        Reach { land, seas, fleets }
    }

    /// Does the enemy have anything that moves?
    pub fn is_empty(&self) -> bool {
        self.land.is_empty() && self.seas.is_empty()
    }

    /// The strongest landing the enemy can make on `hex`, if any: its attack and defence.
    fn landing(&self, ctx: &Ctx, hex: HexId) -> Option<(u32, u32)> {
        if !ctx.map.is_land(hex) {
            return None;
        }
        if self.seas.is_empty() {
            return None;
        }
        let shore = ctx.map.shore_of(hex);
        self.seas.iter().filter(|(w, _, _)| w.iter().any(|w| shore.contains(w))).map(|(_, a, d)| (*a, *d)).max()
    }

    /// Could an enemy unit end its move in the empty `hex`?
    pub fn enters(&self, ctx: &Ctx, hex: HexId) -> bool {
        self.land.iter().any(|(h, far, _, _)| h.distance(hex) <= *far) || self.landing(ctx, hex).is_some()
    }

    /// The defence of the strongest force the enemy could leave in `hex`: a landing, or its
    /// strongest unit that gets there.
    pub fn holds_with(&self, ctx: &Ctx, hex: HexId) -> u32 {
        let by_land =
            self.land.iter().filter(|(h, far, _, _)| h.distance(hex) <= *far).map(|(_, _, _, d)| *d).max().unwrap_or(0);
        by_land.max(self.landing(ctx, hex).map_or(0, |(_, d)| d))
    }

    /// The attack factors the enemy could bring against `hex`.
    pub fn attack_on(&self, ctx: &Ctx, hex: HexId) -> u32 {
        let by_land: u32 =
            self.land.iter().filter(|(h, far, _, _)| h.distance(hex) <= far + 1).map(|(_, _, a, _)| a).sum();
        let by_sea = self.landing(ctx, hex).map_or(0, |(a, _)| a + self.fleets);
        by_land + by_sea
    }
}

/// The chance, in percent, that defenders of `defence` factors lose their hex to an attack of
/// `attack` factors (11.2, before shifts).
pub fn taken(attack: u32, defence: u32) -> u32 {
    if defence == 0 {
        return if attack > 0 { 100 } else { 0 };
    }
    let percent = 100 * attack / defence;
    let column = match percent {
        0..=49 => 0,
        50..=99 => 1,
        100..=149 => 2,
        150..=199 => 3,
        200..=299 => 4,
        300..=399 => 5,
        400..=599 => 6,
        _ => 7,
    };
    TAKEN[column]
}

/// The worst the enemy's next turn could do to `side`'s supply: the value of the units a
/// single enemy unit in one more hex (a road hex of the net, or a source taken) would cut
/// off, times the chance it gets there, times the chance the side fails to throw it out in
/// its own next turn (its own reach, estimated as the enemy's). `value` gives each hex's units' worth
/// and `defence` their defence factors.
#[allow(clippy::too_many_arguments)]
pub fn worst_cut(
    ctx: &Ctx,
    state: &State,
    side: Side,
    lines: &Lines,
    reach: &Reach,
    pieces: &[Piece],
    value: &BTreeMap<HexId, i64>,
    defence: &BTreeMap<HexId, u32>,
    candidates: &[HexId],
) -> i64 {
    let mut worst = 0i64;
    for &hex in candidates {
        let chance = match defence.get(&hex) {
            None if reach.enters(ctx, hex) => 100,
            None => 0,
            Some(d) => taken(reach.attack_on(ctx, hex), *d),
        };
        if chance == 0 {
            continue;
        }
        let kept = 100 - taken(counter_attack(ctx, state, side, pieces, hex), reach.holds_with(ctx, hex).max(1));
        if kept == 0 {
            continue;
        }
        let cut = lines.cut_by(hex);
        let lost: i64 = value.iter().filter(|(h, _)| cut.binary_search(h).is_ok()).map(|(_, v)| *v).sum();
        worst = worst.max(lost * i64::from(chance) * i64::from(kept) / 10_000);
    }
    worst
}

/// The attack factors `side` could bring against `hex` in its next player turn: its units
/// that can march next to it within their movement allowance (9.0, by `march`).
pub fn counter_attack(ctx: &Ctx, state: &State, side: Side, pieces: &[Piece], hex: HexId) -> u32 {
    let costs = march(ctx, state.game, state.turn, hex);
    pieces
        .iter()
        .filter(|p| p.side == side && p.counter.kind.is_ground())
        .filter_map(|p| {
            let Location::Hex(h) = p.at else { return None };
            let attack = u32::from(p.counter.attack.unwrap_or(0));
            let cost = costs.get(usize::from(h.number())).copied().unwrap_or(u16::MAX);
            (attack > 0 && cost <= movement_allowance(ctx, state, p.id)).then_some(attack)
        })
        .sum()
}

/// A march table (see [`march`]) by the game, turn and target it was computed for.
type March = ((Game, u8, HexId), Rc<Vec<u16>>);

thread_local! {
    static MARCHES: RefCell<VecDeque<March>> = const { RefCell::new(VecDeque::new()) };
}

/// How many march tables are kept.
const MARCHES_KEPT: usize = 16;

/// The cost, in half movement points, of the cheapest march from each hex (by its number) to
/// a hex next to `target`, on game turn `turn`'s terrain (9.8-9.20; the enemy's units and
/// stacking are left out). Computed once per game, turn and target.
fn march(ctx: &Ctx, game: Game, turn: u8, target: HexId) -> Rc<Vec<u16>> {
    let key = (game, turn, target);
    if let Some(found) = MARCHES.with(|m| m.borrow().iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())) {
        return found;
    }
    let mut cost = vec![u16::MAX; usize::from(HexId::COUNT)];
    if let Some(chart) = ctx.turn(turn) {
        let mut queue: BTreeSet<(u16, HexId)> = BTreeSet::new();
        for (_, n) in target.neighbours() {
            if ctx.map.is_land(n) {
                cost[usize::from(n.number())] = 0;
                queue.insert((0, n));
            }
        }
        while let Some((c, to)) = queue.pop_first() {
            if c > cost[usize::from(to.number())] {
                continue;
            }
            for (_, from) in to.neighbours() {
                if !ctx.map.is_land(from) {
                    continue;
                }
                let Ok(step) = step_cost(ctx, chart, from, to) else { continue };
                let next = c.saturating_add(step.half_mp);
                let slot = &mut cost[usize::from(from.number())];
                if next < *slot {
                    *slot = next;
                    queue.insert((next, from));
                }
            }
        }
    }
    let made = Rc::new(cost);
    MARCHES.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() == MARCHES_KEPT {
            m.pop_front();
        }
        m.push_back((key, made.clone()));
    });
    made
}
