//! Supply (12.0): tracing supply lines from units to supply sources, port and box supply,
//! and the Supply Phase that eliminates unsupplied units (12.1).
//!
//! A supply line (12.2, 12.3) is either a road path of any length along hexsides a road
//! crosses, or an off-road leg of at most [`OFF_ROAD_LIMIT`] passable hexes ending at a road
//! hex from which such a road path runs, or an off-road leg of at most that many hexes
//! straight to the source. No hex of the line may hold enemy units.
//!
//! Interpretations (the text leaves them open):
//! - the off-road leg may pass through road hexes whose road does not reach a source; every
//!   hex counts once, the unit's own hex not included;
//! - a unit on a road hex whose road does not reach a source may still trace an off-road leg
//!   (12.3 applies to it as to any other unit);
//! - in a frozen turn (9.18) all-lake hexes are passable like clear terrain.
//!
//! Lines are searched outward from each source (hexsides are crossed the same way in both
//! directions), in the source order the map gives, and the first line found is reported:
//! the shortest road path, or the shortest off-road leg and then the shortest road path.

use crate::ctx::Ctx;
use crate::games::logistics_facts::PortSupply;
use crate::happened::{Happened, SupplyVia};
use crate::state::{Effect, Location, Phase, Side, State, UnitId};
use grognard_board::{Barrier, HexId, Map, Terrain, WaterId, WaterKind};
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// The longest off-road leg of a supply line, in hexes (12.3).
pub const OFF_ROAD_LIMIT: u32 = 10;

/// One supply source as this side may use it now, with the restrictions on lines traced to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLine {
    pub hex: HexId,
    /// The source's name, for the log.
    pub name: String,
    /// Lines to this source may not cross a border hexside (12.6: El Minya).
    pub no_border_crossing: bool,
    /// Lines may enter the source hex only across its landward hexsides (12.8, errata 6A:
    /// Sveaborg only across its channel hexside).
    pub landward_entry_only: bool,
    /// No line may reach the source from outside its hex; units in it are still supplied
    /// (12.8: Sveaborg after a Russian naval victory).
    pub cut_from_outside: bool,
}

/// The ground a supply line is traced over: the map and the hexes it may not enter.
pub struct Ground<'a> {
    pub map: &'a Map,
    /// Hexes holding enemy units (12.2, 12.3).
    pub enemy: &'a BTreeSet<HexId>,
    /// A frozen turn (9.18): lake hexes count as land.
    pub frozen: bool,
}

/// A supply line that was found: its hexes from the unit's hex to the source, and how many of
/// them (after the unit's hex) are the off-road leg.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub source: HexId,
    pub hexes: Vec<HexId>,
    pub off_road: usize,
}

impl<'a> Ground<'a> {
    /// May a supply line stand in `hex`: on the map, land (or frozen lake), no enemy there.
    fn open(&self, hex: HexId) -> bool {
        if self.enemy.contains(&hex) {
            return false;
        }
        match self.map.terrain(hex) {
            None => false,
            Some(Terrain::Water(w)) => self.frozen && self.map.water(w).kind == WaterKind::Lake,
            Some(_) => true,
        }
    }

    /// May a line cross from `a` to the adjacent `b` for a line traced to `source`?
    fn crossable(&self, a: HexId, b: HexId, source: &SourceLine) -> bool {
        let side = self.map.hexside(a, b);
        if side.barrier == Some(Barrier::Sea) {
            return false;
        }
        if source.no_border_crossing && side.border.is_some() {
            return false;
        }
        if source.landward_entry_only && (a == source.hex || b == source.hex) {
            let other = if a == source.hex { b } else { a };
            if !self.map.landward_neighbours(source.hex).contains(&other) {
                return false;
            }
        }
        true
    }

    /// The supply line from `from` to `source`, if one exists (12.2, 12.3).
    pub fn trace(&self, from: HexId, source: &SourceLine) -> Option<Line> {
        if from == source.hex {
            return Some(Line { source: source.hex, hexes: vec![from], off_road: 0 });
        }
        if source.cut_from_outside || !self.open(source.hex) {
            return None;
        }
        // Road paths (12.2): breadth-first outward from the source along road hexsides.
        let mut road_pred: BTreeMap<HexId, HexId> = BTreeMap::new();
        let mut road_order: Vec<HexId> = Vec::new();
        if self.map.is_road_hex(source.hex) {
            road_order.push(source.hex);
            let mut queue = VecDeque::from([source.hex]);
            let mut seen = BTreeSet::from([source.hex]);
            while let Some(h) = queue.pop_front() {
                for (_, n) in h.neighbours() {
                    if seen.contains(&n)
                        || !self.map.road_between(h, n)
                        || !self.open(n)
                        || !self.crossable(h, n, source)
                    {
                        continue;
                    }
                    seen.insert(n);
                    road_pred.insert(n, h);
                    road_order.push(n);
                    queue.push_back(n);
                }
            }
        }
        let road_path = |mut h: HexId| {
            let mut path = vec![h];
            while let Some(&p) = road_pred.get(&h) {
                path.push(p);
                h = p;
            }
            path
        };
        if road_pred.contains_key(&from) {
            return Some(Line { source: source.hex, hexes: road_path(from), off_road: 0 });
        }
        // Off-road legs (12.3): at most OFF_ROAD_LIMIT hexes to a road hex of the road net
        // above, or to the source itself.
        let mut anchors: Vec<HexId> = road_order.clone();
        if anchors.is_empty() {
            anchors.push(source.hex);
        }
        let mut dist: BTreeMap<HexId, u32> = anchors.iter().map(|&h| (h, 0)).collect();
        let mut pred: BTreeMap<HexId, HexId> = BTreeMap::new();
        let mut queue: VecDeque<HexId> = anchors.iter().copied().collect();
        while let Some(h) = queue.pop_front() {
            let d = dist[&h];
            if d == OFF_ROAD_LIMIT {
                continue;
            }
            for (_, n) in h.neighbours() {
                if dist.contains_key(&n) || !self.crossable(h, n, source) {
                    continue;
                }
                // The unit's own hex holds friendly units; it ends the search.
                if n != from && !self.open(n) {
                    continue;
                }
                if n == from && self.map.terrain(n).is_none() {
                    continue;
                }
                dist.insert(n, d + 1);
                pred.insert(n, h);
                if n == from {
                    let mut hexes = vec![from];
                    let mut cur = from;
                    while let Some(&p) = pred.get(&cur) {
                        hexes.push(p);
                        cur = p;
                    }
                    let off_road = hexes.len() - 1;
                    let anchor = cur;
                    let mut rest = road_path(anchor);
                    rest.remove(0);
                    hexes.extend(rest);
                    return Some(Line { source: source.hex, hexes, off_road });
                }
                queue.push_back(n);
            }
        }
        None
    }
}

/// How a unit or stack is in supply, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Supplied {
    /// A supply line to a source (12.2, 12.3); the hexes run from the unit to the source.
    Line(Line),
    /// In a port on water where its side conducts naval operations (12.4).
    Port { water: String },
    /// In an Ottoman port after British intervention (12.6).
    InterventionPort,
    /// In an off-map holding box that supplies its units (8.6, 8.9, 8.10, 12.6-12.8).
    Box(String),
    /// In the game's island region while the side holds every town there (12.8: the Aland
    /// Isles and Marienhamm).
    Islands { region: String },
}

impl Supplied {
    /// A sentence for the log.
    pub fn describe(&self, ctx: &Ctx) -> String {
        match self {
            Supplied::Line(line) => {
                let name = ctx.map.locale(line.source).map_or_else(|| line.source.to_string(), |l| l.name.clone());
                let hexes: Vec<String> = line.hexes.iter().map(|h| h.to_string()).collect();
                if line.hexes.len() == 1 {
                    format!("in the supply source {name} itself (12.9)")
                } else if line.off_road == 0 {
                    format!("road supply line (12.2) to {name}: {}", hexes.join(" "))
                } else if line.off_road + 1 == line.hexes.len() {
                    format!(
                        "off-road supply line of {} hexes (12.3) straight to {name}: {}",
                        line.off_road,
                        hexes.join(" ")
                    )
                } else {
                    format!(
                        "supply line (12.3) of {} off-road hexes, then by road to {name}: {}",
                        line.off_road,
                        hexes.join(" ")
                    )
                }
            }
            Supplied::Port { water } => {
                format!("in a port on the {water}, where its side conducts naval operations (12.4)")
            }
            Supplied::InterventionPort => "in a port after British intervention (12.6)".to_string(),
            Supplied::Box(b) => format!("in the off-map box {b}, always in supply (12.6-12.8)"),
            Supplied::Islands { region } => format!("in the {region}, every town of which its side holds (12.8)"),
        }
    }

    /// The same, for the log's data.
    fn via(&self) -> SupplyVia {
        match self {
            Supplied::Line(l) => SupplyVia::Line { source: l.source, path: l.hexes.clone(), off_road: l.off_road },
            Supplied::Port { water } => SupplyVia::Port { water: water.clone() },
            Supplied::InterventionPort => SupplyVia::InterventionPort,
            Supplied::Box(b) => SupplyVia::Box { r#box: b.clone() },
            Supplied::Islands { region } => SupplyVia::Islands { region: region.clone() },
        }
    }
}

/// The supply sources of `side` as they stand now (12.5-12.9): the map's sources of the side
/// that the side controls, with the game's restrictions on the lines traced to them.
pub fn source_lines(ctx: &Ctx, state: &State, side: Side) -> (Vec<SourceLine>, Vec<String>) {
    let mut lines = Vec::new();
    let mut notes = Vec::new();
    let facts = ctx.rules;
    let enemy_victory = state.has_effect(&Effect::NavalVictory(side.other()));
    for &hex in ctx.map.sources(ctx.rules.side_id(side)) {
        let name = ctx.map.locale(hex).map_or_else(|| hex.to_string(), |l| l.name.clone());
        if state.control.get(&hex).is_some_and(|c| *c != side) {
            notes.push(format!("{name} ({hex}) is held by the enemy and supplies nothing (12.9)"));
            continue;
        }
        // 12.6, 12.8: the game's limits on lines to this source (El Minya, Sveaborg).
        let limits = facts.source_limits(side, &name, enemy_victory);
        let line = SourceLine {
            hex,
            name: name.clone(),
            no_border_crossing: limits.no_border_crossing,
            landward_entry_only: limits.landward_entry_only,
            cut_from_outside: limits.cut_from_outside,
        };
        if line.cut_from_outside {
            notes.push(format!("{name} ({hex}) supplies only its own hex after the enemy's naval victory (12.8)"));
        }
        lines.push(line);
    }
    (lines, notes)
}

/// The hexes holding units of the enemy of `side`.
pub fn enemy_hexes(ctx: &Ctx, state: &State, side: Side) -> BTreeSet<HexId> {
    state.units.iter().filter_map(|(u, l)| l.hex().filter(|_| ctx.side_of(u) == Some(side.other()))).collect()
}

/// The water bodies where `side` conducts naval operations now (10.4-10.6), for port supply
/// (12.4), less the water a naval victory took from the side (6.4 event 2).
pub fn naval_waters(ctx: &Ctx, state: &State, side: Side) -> Vec<WaterId> {
    let winter = crate::calendar::is_winter(ctx, state);
    let british = state.has_effect(&Effect::BritishIntervention);
    let victor = Side::BOTH.into_iter().find(|s| state.has_effect(&Effect::NavalVictory(*s)));
    // 10.6, 6.4 event 2: less the seas where the side may no longer have naval activity.
    let allowed = ctx.rules.naval_waters(side, victor);
    let mut out = Vec::new();
    for area in ctx.rules.naval_areas(side, state.turn, british, victor, winter) {
        for name in &area.waters {
            if let Some(w) = ctx.map.water_by_name(name) {
                if allowed.is_some_and(|a| !a.contains(&name.as_str())) {
                    continue;
                }
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
    out
}

/// Is a unit of `side` in `hex` in supply by its port (12.4, 12.6)?
fn port_supply(ctx: &Ctx, state: &State, side: Side, hex: HexId) -> Option<Supplied> {
    ctx.map.locale(hex).filter(|l| l.port)?;
    let british = state.has_effect(&Effect::BritishIntervention);
    match ctx.rules.port_supply(side, british) {
        PortSupply::None => None,
        PortSupply::Every => Some(Supplied::InterventionPort),
        PortSupply::NavalWaters => {
            let waters = naval_waters(ctx, state, side);
            ctx.map
                .shore_of(hex)
                .into_iter()
                .find(|w| waters.contains(w))
                .map(|w| Supplied::Port { water: ctx.map.water(w).name.clone() })
        }
    }
}

/// The game's island region (12.8: the Aland Isles), supplied while the side controls every
/// town there (Marienhamm).
fn island_supply(ctx: &Ctx, state: &State, side: Side, hex: HexId) -> Option<Supplied> {
    let islands = ctx.rules.island_region(side)?;
    let region = ctx.map.region(hex)?;
    if !region.starts_with(islands) {
        return None;
    }
    let towns: Vec<HexId> = ctx
        .map
        .locales()
        .filter(|l| (l.town || l.city) && ctx.map.region(l.hex) == Some(region))
        .map(|l| l.hex)
        .collect();
    (!towns.is_empty() && towns.iter().all(|t| state.control.get(t) == Some(&side)))
        .then(|| Supplied::Islands { region: region.to_string() })
}

/// Why a unit or stack is out of supply, for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupplied {
    pub reasons: Vec<String>,
}

/// Is a unit of `side` at `location` in supply (12.2-12.9)? `overland_only` leaves out port
/// supply (8.10 after a Russian naval victory).
pub fn check(
    ctx: &Ctx,
    state: &State,
    side: Side,
    location: &Location,
    overland_only: bool,
) -> Result<Supplied, Unsupplied> {
    let hex = match location {
        Location::Hex(h) => *h,
        Location::Box(b) => {
            return if ctx.map.box_by_id(b).is_some_and(|x| x.supply) {
                Ok(Supplied::Box(b.clone()))
            } else {
                Err(Unsupplied { reasons: vec![format!("the box {b} gives no supply")] })
            };
        }
        other => return Err(Unsupplied { reasons: vec![format!("not in play ({other:?})")] }),
    };
    if !overland_only {
        if let Some(p) = port_supply(ctx, state, side, hex) {
            return Ok(p);
        }
    }
    if let Some(a) = island_supply(ctx, state, side, hex) {
        return Ok(a);
    }
    let enemy = enemy_hexes(ctx, state, side);
    let frozen = crate::calendar::is_winter(ctx, state);
    let ground = Ground { map: &ctx.map, enemy: &enemy, frozen };
    let (sources, mut reasons) = source_lines(ctx, state, side);
    for source in &sources {
        if let Some(line) = ground.trace(hex, source) {
            return Ok(Supplied::Line(line));
        }
    }
    if sources.is_empty() {
        reasons.push("no supply source of its side is working (12.9)".to_string());
    } else {
        let names: Vec<String> = sources.iter().map(|s| format!("{} ({})", s.name, s.hex)).collect();
        reasons.push(format!(
            "no road path (12.2) nor off-road path of at most {OFF_ROAD_LIMIT} passable hexes (12.3) free of enemy units to {}",
            names.join(", ")
        ));
    }
    Err(Unsupplied { reasons })
}

/// `roll` in the Supply Phase (12.1): check every unit and stack of the phasing side; each
/// unit out of supply is eliminated and recycled if eligible (8.11-8.13). Each check is
/// logged with its supply line or the reasons there is none. The sequence of play then
/// moves on (`book.rolled`).
pub fn apply_supply_phase(
    ctx: &Ctx,
    state: &State,
    side: Side,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    if state.phase != Phase::Supply {
        return Err(RuleError::new("12.1", "supply is checked in the Supply Phase").into());
    }
    if side != state.phasing {
        return Err(
            RuleError::new("12.1", "each player checks the supply of his own units in his own Supply Phase").into()
        );
    }
    if state.decision.is_some() {
        return Err(RuleError::new("12.1", "a decision is owed first").into());
    }
    let mut s = state.clone();
    let mut out: Vec<UnitId> = Vec::new();
    let mut by_place: BTreeMap<Location, Vec<UnitId>> = BTreeMap::new();
    for (u, loc) in &state.units {
        if !matches!(loc, Location::Hex(_) | Location::Box(_)) || ctx.side_of(u) != Some(side) {
            continue;
        }
        // Fleets are markers at sea, not units that need supply (10.2).
        if ctx.counter(u).is_some_and(|c| !c.kind.is_ground()) {
            continue;
        }
        if let Location::Hex(h) = loc {
            if !ctx.map.is_land(*h) {
                continue;
            }
        }
        by_place.entry(loc.clone()).or_default().push(u.clone());
    }
    for (loc, units) in &by_place {
        let place = match loc {
            Location::Hex(h) => h.to_string(),
            Location::Box(b) => b.clone(),
            _ => String::new(),
        };
        match check(ctx, state, side, loc, false) {
            Ok(how) => log.push(
                Happened::Supply {
                    units: units.clone(),
                    at: loc.clone(),
                    supplied: true,
                    how: Some(how.via()),
                    reasons: None,
                }
                .event(format!(
                    "Supply (12.1): {} in {place} in supply: {}",
                    units.join(", "),
                    how.describe(ctx)
                )),
            ),
            Err(why) => {
                log.push(
                    Happened::Supply {
                        units: units.clone(),
                        at: loc.clone(),
                        supplied: false,
                        how: None,
                        reasons: Some(why.reasons.clone()),
                    }
                    .event(format!(
                        "Supply (12.1): {} in {place} out of supply: {}; eliminated",
                        units.join(", "),
                        why.reasons.join("; ")
                    )),
                );
                out.extend(units.iter().cloned());
            }
        }
    }
    crate::recycling::eliminate(ctx, &mut s, &out, "out of supply (12.1)", dice, log)?;
    s.book.rolled = true;
    Ok(s)
}
