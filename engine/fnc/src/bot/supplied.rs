//! Where a side's units would be in supply now (12.2-12.9), and which hexes would lose it if
//! the enemy stood in one more hex, for the evaluation: a unit that ends its side's player
//! turn out of supply is eliminated in the Supply Phase (12.1), so a bot that does not look
//! at its lines marches its army beyond an enemy unit on the road and loses it (the French in
//! EC, beyond a single Ottoman unit on the coast road to Syria, or a British landing at the
//! one road hex by which every road leaves Alexandria).
//!
//! The supply rules trace one line per unit (`crate::supply::check`); the evaluation weighs
//! hundreds of positions a decision, so here the lines are flooded once outward from every
//! source the side holds, the same way the rules trace them: the road net from the source
//! through hexes free of enemy units (12.2), then off-road legs of at most
//! [`OFF_ROAD_LIMIT`] passable hexes from that net, or from the source itself (12.3), with
//! the game's limits on the hexsides a line may cross (12.6 El Minya, 12.8 Sveaborg). A hex
//! the flood misses is asked of the rules (port, island and box supply, 12.4, 12.6, 12.8).
//! `tests/bots.rs` checks the flood against the rules.
//!
//! Within one decision the enemy's positions rarely change, so the last floods are kept,
//! each by what it was computed from: a cache, with the same answers as computing afresh.

use crate::calendar::is_winter;
use crate::ctx::Ctx;
use crate::state::{Effect, Game, Location, Side, State};
use crate::supply::{self, SourceLine, OFF_ROAD_LIMIT};
use grognard_board::{Barrier, HexId, Terrain, WaterKind};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::rc::Rc;

/// Hexes are indexed by their number.
const SPAN: usize = HexId::COUNT as usize;
const ROAD: u8 = 1;
const SEA: u8 = 2;
const BORDER: u8 = 4;

fn index(h: HexId) -> usize {
    usize::from(h.number())
}

/// A map's hexes and hexsides as a supply line sees them, built once per game.
struct Graph {
    land: Vec<bool>,
    road: Vec<bool>,
    lake: Vec<bool>,
    /// Each hex's neighbours on the map, with what lies along the hexside.
    next: Vec<Vec<(HexId, u8)>>,
}

impl Graph {
    fn build(ctx: &Ctx) -> Graph {
        let mut g = Graph {
            land: vec![false; SPAN],
            road: vec![false; SPAN],
            lake: vec![false; SPAN],
            next: vec![Vec::new(); SPAN],
        };
        for h in ctx.map.hexes() {
            let i = index(h);
            g.road[i] = ctx.map.is_road_hex(h);
            match ctx.map.terrain(h) {
                Some(Terrain::Water(w)) => g.lake[i] = ctx.map.water(w).kind == WaterKind::Lake,
                Some(_) => g.land[i] = true,
                None => {}
            }
            for (_, n) in h.neighbours() {
                if ctx.map.terrain(n).is_none() {
                    continue;
                }
                let side = ctx.map.hexside(h, n);
                let mut flags = 0;
                if ctx.map.road_between(h, n) {
                    flags |= ROAD;
                }
                if side.barrier == Some(Barrier::Sea) {
                    flags |= SEA;
                }
                if side.border.is_some() {
                    flags |= BORDER;
                }
                g.next[i].push((n, flags));
            }
        }
        g
    }
}

/// What a side's lines depend on: the enemy's hexes, the sources the side holds (12.9) and
/// what limits the lines to them (12.8: the enemy's naval victory), a frozen turn (9.18).
#[derive(Clone, PartialEq, Eq)]
struct Key {
    game: Game,
    side: Side,
    frozen: bool,
    enemy_victory: bool,
    enemy: BTreeSet<HexId>,
    held: Vec<HexId>,
}

/// A side's supply lines as they stand, and what one more enemy hex would cut.
pub struct Lines {
    key: Key,
    sources: Vec<SourceLine>,
    graph: Rc<Graph>,
    /// The hexes a line reaches, sources included.
    reached: Vec<bool>,
    /// The road hexes a line reaches and the sources, ascending.
    net: Vec<HexId>,
    /// The hexes each blocked hex would cut off, computed when first asked.
    cuts: RefCell<BTreeMap<HexId, Rc<Vec<HexId>>>>,
}

impl Lines {
    /// Does a line reach `hex`?
    pub fn reaches(&self, hex: HexId) -> bool {
        self.reached.get(index(hex)).copied().unwrap_or(false)
    }

    /// The supply sources the side holds.
    pub fn sources(&self) -> impl Iterator<Item = HexId> + '_ {
        self.sources.iter().map(|s| s.hex)
    }

    /// The road hexes a line reaches, and the sources, ascending: where one enemy unit cuts
    /// the most.
    pub fn net(&self) -> &[HexId] {
        &self.net
    }

    /// The hexes that would lose their line if the enemy stood in `hex` as well (or took it,
    /// when it is a source), `hex` itself included when a line reaches it.
    pub fn cut_by(&self, hex: HexId) -> Rc<Vec<HexId>> {
        if let Some(found) = self.cuts.borrow().get(&hex) {
            return found.clone();
        }
        let mut still = vec![false; SPAN];
        for source in self.sources.iter().filter(|s| s.hex != hex) {
            flood(&self.graph, &self.key, source, Some(hex), &mut still);
        }
        let lost: Vec<HexId> = (0..SPAN)
            .filter(|i| self.reached[*i] && !still[*i])
            .filter_map(|i| HexId::new((i / 100) as u8, (i % 100) as u8))
            .collect();
        let lost = Rc::new(lost);
        self.cuts.borrow_mut().insert(hex, lost.clone());
        lost
    }
}

/// How many sets of lines are kept.
const KEPT: usize = 48;

thread_local! {
    static GRAPHS: RefCell<Vec<(Game, Rc<Graph>)>> = const { RefCell::new(Vec::new()) };
    static LINES: RefCell<VecDeque<Rc<Lines>>> = const { RefCell::new(VecDeque::new()) };
}

fn graph(ctx: &Ctx, game: Game) -> Rc<Graph> {
    if let Some(g) = GRAPHS.with(|g| g.borrow().iter().find(|(k, _)| *k == game).map(|(_, g)| g.clone())) {
        return g;
    }
    let built = Rc::new(Graph::build(ctx));
    GRAPHS.with(|g| g.borrow_mut().push((game, built.clone())));
    built
}

/// The hexes holding units of the enemy of `side`, as this copy of the game sees them (under
/// fog of war, every stack has a top in view).
fn enemy_hexes(ctx: &Ctx, state: &State, side: Side) -> BTreeSet<HexId> {
    let mut out = supply::enemy_hexes(ctx, state, side);
    if let Some(fog) = &state.fog {
        out.extend(fog.unseen.iter().filter(|(_, c)| c[side.other().index()] > 0).map(|(h, _)| *h));
    }
    out
}

/// `side`'s supply lines (12.2, 12.3) in `state`.
pub fn lines(ctx: &Ctx, state: &State, side: Side) -> Rc<Lines> {
    lines_among(ctx, state, side, enemy_hexes(ctx, state, side))
}

/// `side`'s supply lines (12.2, 12.3) in `state`, where the enemy's ground units stand in
/// `enemy` (the hexes they hold, as the side sees them).
pub fn lines_among(ctx: &Ctx, state: &State, side: Side, enemy: BTreeSet<HexId>) -> Rc<Lines> {
    // As `supply::source_lines` takes them: every source the enemy does not control.
    let held = ctx
        .map
        .sources(ctx.rules.side_id(side))
        .iter()
        .filter(|h| state.control.get(h).is_none_or(|c| *c == side))
        .copied()
        .collect();
    lines_held(ctx, state, side, enemy, held)
}

/// `side`'s supply lines if the enemy's units in `hex` were gone and the side held it again
/// (an attack that takes it back, 11.25, 12.9): what winning there would bring back.
pub fn lines_freed(ctx: &Ctx, state: &State, side: Side, enemy: &BTreeSet<HexId>, hex: HexId) -> Rc<Lines> {
    let mut enemy = enemy.clone();
    enemy.remove(&hex);
    let held = ctx
        .map
        .sources(ctx.rules.side_id(side))
        .iter()
        .filter(|h| **h == hex || state.control.get(h).is_none_or(|c| *c == side))
        .copied()
        .collect();
    lines_held(ctx, state, side, enemy, held)
}

fn lines_held(ctx: &Ctx, state: &State, side: Side, enemy: BTreeSet<HexId>, held: Vec<HexId>) -> Rc<Lines> {
    let enemy_victory = state.has_effect(&Effect::NavalVictory(side.other()));
    let key = Key { game: state.game, side, frozen: is_winter(ctx, state), enemy_victory, enemy, held };
    if let Some(found) = LINES.with(|f| f.borrow().iter().find(|l| l.key == key).cloned()) {
        return found;
    }
    // 12.5-12.9 as `supply::source_lines` gives them, for the sources in `held`.
    let sources: Vec<SourceLine> = key
        .held
        .iter()
        .map(|&hex| {
            let name = ctx.map.locale(hex).map_or_else(|| hex.to_string(), |l| l.name.clone());
            let limits = ctx.rules.source_limits(side, &name, enemy_victory);
            SourceLine {
                hex,
                name,
                no_border_crossing: limits.no_border_crossing,
                landward_entry_only: limits.landward_entry_only,
                cut_from_outside: limits.cut_from_outside,
            }
        })
        .collect();
    let graph = graph(ctx, state.game);
    let mut reached = vec![false; SPAN];
    for source in &sources {
        flood(&graph, &key, source, None, &mut reached);
    }
    let net: Vec<HexId> = ctx
        .map
        .hexes()
        .filter(|h| reached[index(*h)] && (graph.road[index(*h)] || sources.iter().any(|s| s.hex == *h)))
        .collect::<BTreeSet<HexId>>()
        .into_iter()
        .collect();
    let made = Rc::new(Lines { key, sources, graph, reached, net, cuts: RefCell::new(BTreeMap::new()) });
    LINES.with(|f| {
        let mut f = f.borrow_mut();
        if f.len() == KEPT {
            f.pop_front();
        }
        f.push_back(made.clone());
    });
    made
}

/// Mark in `out` the hexes a line to `source` reaches, with `blocked` held by the enemy too.
fn flood(g: &Graph, key: &Key, source: &SourceLine, blocked: Option<HexId>, out: &mut [bool]) {
    let open = |h: HexId| {
        let i = index(h);
        Some(h) != blocked && !key.enemy.contains(&h) && (g.land[i] || (key.frozen && g.lake[i]))
    };
    let crossable = |a: HexId, b: HexId, flags: u8| {
        if flags & SEA != 0 || (source.no_border_crossing && flags & BORDER != 0) {
            return false;
        }
        // 12.8: only across the source's landward hexsides.
        !source.landward_entry_only || (a != source.hex && b != source.hex) || g.land[index(a)] && g.land[index(b)]
    };
    if Some(source.hex) == blocked {
        return;
    }
    out[index(source.hex)] = true;
    if source.cut_from_outside || !open(source.hex) {
        return;
    }
    let mut dist = vec![u8::MAX; SPAN];
    let mut queue: VecDeque<HexId> = VecDeque::new();
    dist[index(source.hex)] = 0;
    queue.push_back(source.hex);
    // 12.2: the road net from the source.
    if g.road[index(source.hex)] {
        let mut road = VecDeque::from([source.hex]);
        while let Some(h) = road.pop_front() {
            for &(n, flags) in &g.next[index(h)] {
                if flags & ROAD == 0 || dist[index(n)] != u8::MAX || !open(n) || !crossable(h, n, flags) {
                    continue;
                }
                dist[index(n)] = 0;
                road.push_back(n);
                queue.push_back(n);
            }
        }
    }
    // 12.3: off-road legs from that net, or from the source itself.
    while let Some(h) = queue.pop_front() {
        out[index(h)] = true;
        let d = dist[index(h)];
        if u32::from(d) >= OFF_ROAD_LIMIT {
            continue;
        }
        for &(n, flags) in &g.next[index(h)] {
            if dist[index(n)] != u8::MAX || !open(n) || !crossable(h, n, flags) {
                continue;
            }
            dist[index(n)] = d + 1;
            queue.push_back(n);
        }
    }
}

/// Is a unit of `side` at `location` in supply, given the side's [`lines`]?
pub fn supplied(ctx: &Ctx, state: &State, side: Side, location: &Location, lines: &Lines) -> bool {
    match location {
        Location::Hex(h) => {
            lines.reaches(*h)
                || ((ctx.map.locale(*h).is_some_and(|l| l.port) || ctx.rules.island_region(side).is_some())
                    && supply::check(ctx, state, side, location, false).is_ok())
        }
        Location::Box(_) => supply::check(ctx, state, side, location, false).is_ok(),
        _ => true,
    }
}
