//! Where the words and the stacks go, so that nothing written covers anything else.
//!
//! Fixed first: the city symbols, the sea zones' names and the rows of stacks (each at its
//! place). Then the areas' names, the most important first (capitals, then cities by their
//! spires): each tries spots around its label point (below, above, right, left), smaller
//! letters and shorter forms of the name (the part before a comma, "and" or a bracket),
//! and takes the first spot that lies in its own area and covers nothing placed. A name
//! that finds none is set at its first spot in its shortest form (on a crowded whole map;
//! a close-up has room). City names come last and are left out where they do not fit.

use super::draw::{places, stacks};
use super::geometry::Pt;
use super::layout::AreaPicture;
use super::sizes;
use crate::draw::{text_width, Type};
use crate::palette::INK;
use grognard_board::AreaLocation;
use std::collections::BTreeMap;

/// A box in picture pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Spot {
    fn around(c: (f64, f64), half_w: f64, half_h: f64) -> Spot {
        Spot { x0: c.0 - half_w, y0: c.1 - half_h, x1: c.0 + half_w, y1: c.1 + half_h }
    }

    pub fn overlaps(&self, o: &Spot) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn centre(&self) -> (f64, f64) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }
}

/// What kind of name a label is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Area,
    City,
    Sea,
}

/// A name set in the picture: its lines, centred on `x`, the first baseline at `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub kind: NameKind,
    pub lines: Vec<String>,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    /// The box it covers.
    pub spot: Spot,
}

/// Where the stacks of a place go: the middle of their row.
#[derive(Clone, Debug, PartialEq)]
pub struct StackRow {
    pub location: AreaLocation,
    pub centre: (f64, f64),
}

/// A marker placed: its centre and the id of its legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkerSpot {
    pub at: (f64, f64),
    pub id: String,
}

/// Where the crossed swords of a battle go (index in the view's highlights).
#[derive(Clone, Debug, PartialEq)]
pub struct BattleSpot {
    pub highlight: usize,
    pub at: (f64, f64),
}

/// Everything placed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Placement {
    pub names: Vec<Name>,
    pub stacks: Vec<StackRow>,
    pub battles: Vec<BattleSpot>,
    pub markers: Vec<MarkerSpot>,
}

/// Line height over letter size.
pub const LEADING: f64 = 1.12;

/// Place everything of `p`.
pub fn place(p: &AreaPicture) -> Placement {
    let mut out = Placement::default();
    let mut taken: Vec<Spot> = Vec::new();
    let u = p.u;
    for area in p.map.areas().filter(|a| p.shown.contains(&a.id)) {
        if let Some(room) = place_room(p, &area.id) {
            if let Some(c) = p.site_px(&area.id) {
                taken.push(Spot::around(c, room, room));
            }
        }
        if let Some(at) = places::anchor_at(p, &area.id) {
            taken.push(Spot::around(at, 5.5 * u, 5.5 * u));
        }
    }
    let mut sea_heights: BTreeMap<&str, f64> = BTreeMap::new();
    for sea in p.map.seas().filter(|z| p.shown.contains(&z.id)) {
        let Some(c) = p.site_px(&sea.id) else { continue };
        let size = sizes::sea_name(u);
        let lines = wrap(&sea.name, 16.0 * 0.6 * size, size);
        let name = inside(p, block(NameKind::Sea, lines, size, c, 0.5));
        taken.push(name.spot);
        sea_heights.insert(sea.id.as_str(), name.spot.y1 - name.spot.y0);
        out.names.push(name);
    }
    let c = sizes::counter(u);
    let per_row = sizes::stacks_per_row(p.close_up());
    let mut rows = Vec::new();
    for (location, groups) in stacks::at_locations(p) {
        let Some(site) = p.site_px(location.id()) else { continue };
        let room = place_room(p, location.id()).unwrap_or(0.0);
        let centre = match &location {
            AreaLocation::Land(_) => (site.0, site.1 - room - 2.0 * u - c / 2.0),
            AreaLocation::Port(area) => {
                let towards = port_direction(p, area);
                let reach = room + 3.0 * u + c * 0.75;
                (site.0 + towards.0 * reach, site.1 + towards.1 * reach)
            }
            AreaLocation::Sea(id) => {
                (site.0, site.1 + sea_heights.get(id.as_str()).copied().unwrap_or(0.0) / 2.0 + 3.0 * u + c / 2.0)
            }
            AreaLocation::Box(_) => continue,
        };
        let slots = groups.len().min(per_row) as f64;
        taken.push(Spot::around(centre, slots * sizes::stack_slot(u) / 2.0, c * 0.6));
        rows.push(StackRow { location, centre });
    }
    out.battles = battles(p, &rows, &mut taken);
    out.stacks = rows;
    let mut order: Vec<&grognard_board::area::LandArea> = p.map.areas().filter(|a| p.shown.contains(&a.id)).collect();
    order.sort_by_key(|a| {
        let capital = p.map.is_capital(&a.id);
        let supply = p.map.city(&a.id).map_or(0, |c| c.supply);
        (!capital, std::cmp::Reverse(supply), a.id.clone())
    });
    for area in &order {
        if let Some(name) = area_name(p, area, &taken) {
            taken.push(name.spot);
            out.names.push(name);
        }
    }
    for area in &order {
        if let Some(name) = city_name(p, &area.id, &area.name, &taken) {
            taken.push(name.spot);
            out.names.push(name);
        }
    }
    out.markers = markers(p, &out.names, &mut taken);
    out
}

/// The room kept around the city symbol of `area`, if it has a city.
fn place_room(p: &AreaPicture, area: &str) -> Option<f64> {
    let city = p.map.city(area)?;
    Some(sizes::place_room(city.supply, p.map.is_capital(area), city.fortress, p.u))
}

/// The unit vector from the label of `area` towards the first sea zone its port opens on
/// (east when it has none).
pub fn port_direction(p: &AreaPicture, area: &str) -> (f64, f64) {
    let from = p.cells.site(area);
    let to = p.map.port(area).and_then(|port| port.seas.first()).and_then(|s| p.cells.site(s));
    match (from, to) {
        (Some(a), Some(b)) if a.dist(b) > 0.0 => {
            let d = a.dist(b);
            ((b.x - a.x) / d, (b.y - a.y) / d)
        }
        _ => (1.0, 0.0),
    }
}

/// The shorter forms of a name, longest first: the whole name, the part before a bracket,
/// before a comma, before " and ".
fn forms(name: &str) -> Vec<String> {
    let mut out = vec![name.to_string()];
    for cut in ["(", ",", " and "] {
        if let Some(i) = name.find(cut) {
            let short = name[..i].trim().to_string();
            if !short.is_empty() && !out.contains(&short) {
                out.push(short);
            }
        }
    }
    out.sort_by_key(|f| std::cmp::Reverse(f.chars().count()));
    out
}

/// `text` in lines at most `max` pixels wide at letter size `size` (a long word keeps its
/// own line).
pub fn wrap(text: &str, max: f64, size: f64) -> Vec<String> {
    let t = Type::new(size, INK);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), t) <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A block of lines centred horizontally on `at.0`, its top `along` of its height above
/// `at.1` (0: the top at `at.1`; 0.5: centred; 1: the bottom at `at.1`).
fn block(kind: NameKind, lines: Vec<String>, size: f64, at: (f64, f64), along: f64) -> Name {
    let t = Type::new(size, INK);
    let w = lines.iter().map(|l| text_width(l, t)).fold(0.0, f64::max);
    let h = lines.len() as f64 * size * LEADING;
    let top = at.1 - along * h;
    let spot = Spot { x0: at.0 - w / 2.0, y0: top, x1: at.0 + w / 2.0, y1: top + h };
    Name { kind, lines, x: at.0, y: top + size * 0.86, size, spot }
}

/// `name` moved the least way that puts it inside the map (if it fits).
fn inside(p: &AreaPicture, name: Name) -> Name {
    let m = p.map_rect;
    let shift = |lo: f64, hi: f64, min: f64, max: f64| {
        if lo < min {
            min - lo
        } else if hi > max {
            (max - hi).max(min - lo)
        } else {
            0.0
        }
    };
    let dx = shift(name.spot.x0, name.spot.x1, m.x, m.right());
    let dy = shift(name.spot.y0, name.spot.y1, m.y, m.bottom());
    let spot = Spot { x0: name.spot.x0 + dx, y0: name.spot.y0 + dy, x1: name.spot.x1 + dx, y1: name.spot.y1 + dy };
    Name { x: name.x + dx, y: name.y + dy, spot, ..name }
}

/// Whether a spot is free: inside the map, covering nothing taken.
fn free(p: &AreaPicture, spot: &Spot, taken: &[Spot]) -> bool {
    let m = p.map_rect;
    spot.x0 >= m.x
        && spot.y0 >= m.y
        && spot.x1 <= m.right()
        && spot.y1 <= m.bottom()
        && !taken.iter().any(|t| t.overlaps(spot))
}

/// Whether a picture point lies in the cell of land area `id`.
fn in_cell(p: &AreaPicture, id: &str, at: (f64, f64)) -> bool {
    let world = Pt::new(p.world.x0 + (at.0 - p.map_rect.x) / p.k, p.world.y0 + (at.1 - p.map_rect.y) / p.k);
    p.cells.land_of(id).and_then(|i| p.cells.land.get(i)).is_some_and(|c| c.polygon.contains(world))
}

/// The name of `area`, at the first free spot in its cell (see the module).
fn area_name(p: &AreaPicture, area: &grognard_board::area::LandArea, taken: &[Spot]) -> Option<Name> {
    let site = p.site_px(&area.id)?;
    let cell = p.cells.land_of(&area.id).and_then(|i| p.cells.land.get(i))?;
    let u = p.u;
    let room = place_room(p, &area.id).unwrap_or(0.0);
    let gap = 1.5 * u;
    let has_stack = has_land_stack(p, &area.id);
    let (left, right) = cell.polygon.span_at(cell.site);
    let span = (right - left) * p.k * 0.92;
    let forms = forms(&area.name);
    for form in &forms {
        for scale in [1.0, 0.88, 0.76] {
            let size = sizes::area_name(u) * scale;
            let max = span.clamp(7.0 * 0.6 * size, 20.0 * 0.6 * size);
            let lines = wrap(form, max, size);
            let probe = block(NameKind::Area, lines.clone(), size, (0.0, 0.0), 0.0);
            let (w, h) = (probe.spot.x1 - probe.spot.x0, probe.spot.y1 - probe.spot.y0);
            let mut spots = vec![(site.0, site.1 + room + gap, 0.0), (site.0, site.1 + room + gap + 0.7 * h, 0.0)];
            if !has_stack {
                spots.push((site.0, site.1 - room - gap, 1.0));
            }
            spots.push((site.0 + room + gap + w / 2.0, site.1, 0.5));
            spots.push((site.0 - room - gap - w / 2.0, site.1, 0.5));
            spots.push((site.0 + w / 3.0, site.1 + room + gap, 0.0));
            spots.push((site.0 - w / 3.0, site.1 + room + gap, 0.0));
            for (x, y, along) in spots {
                let name = block(NameKind::Area, lines.clone(), size, (x, y), along);
                if free(p, &name.spot, taken) && in_cell(p, &area.id, name.spot.centre()) {
                    return Some(name);
                }
            }
        }
    }
    // Nowhere free: the shortest form, small, below its place.
    let size = sizes::area_name(u) * 0.76;
    let short = forms.last().cloned().unwrap_or_default();
    let lines = wrap(&short, span.clamp(7.0 * 0.6 * size, 20.0 * 0.6 * size), size);
    Some(block(NameKind::Area, lines, size, (site.0, site.1 + room + gap), 0.0))
}

/// Whether pieces (or face-down counters) stand in land area `area`.
fn has_land_stack(p: &AreaPicture, area: &str) -> bool {
    p.view.pieces.iter().any(|x| x.location == AreaLocation::Land(area.to_string()))
        || p.view.hidden.iter().any(|h| h.count > 0 && h.location == AreaLocation::Land(area.to_string()))
}

/// The name of the city of `area`, beside its symbol, when it differs from the area's name
/// and there is room: every city in a close-up, the capitals and the larger cities (three
/// spires or more) on the whole map.
fn city_name(p: &AreaPicture, area: &str, area_name: &str, taken: &[Spot]) -> Option<Name> {
    let city = p.map.city(area)?;
    if city.name == area_name || !(p.close_up() || p.map.is_capital(area) || city.supply >= 3) {
        return None;
    }
    let site = p.site_px(area)?;
    let room = place_room(p, area).unwrap_or(0.0) + 1.5 * p.u;
    let size = sizes::city_name(p.u);
    let w = text_width(&city.name, Type::new(size, INK));
    let spots = [
        (site.0 + room + w / 2.0, site.1 - 0.5 * size),
        (site.0 - room - w / 2.0, site.1 - 0.5 * size),
        (site.0 + room + w / 2.0, site.1 + 0.5 * size),
        (site.0 - room - w / 2.0, site.1 + 0.5 * size),
    ];
    spots
        .into_iter()
        .map(|(x, y)| block(NameKind::City, vec![city.name.clone()], size, (x, y), 0.5))
        .find(|n| free(p, &n.spot, taken))
}

/// The battles of the view (when highlights are drawn), each left of the stacks of its
/// place, or over its label point when none are there, with room for the result above.
fn battles(p: &AreaPicture, rows: &[StackRow], taken: &mut Vec<Spot>) -> Vec<BattleSpot> {
    let mut out = Vec::new();
    if !p.options.highlights {
        return out;
    }
    let (u, c, r) = (p.u, sizes::counter(p.u), sizes::helper_r(p.u));
    for (i, h) in p.view.highlights.iter().enumerate() {
        let grognard_board::AreaHighlight::Battle { place, result, .. } = h else { continue };
        if !p.shown.contains(place) {
            continue;
        }
        let Some(site) = p.site_px(place) else { continue };
        let row = rows.iter().find(|row| {
            row.location.id() == place && matches!(row.location, AreaLocation::Land(_) | AreaLocation::Sea(_))
        });
        let at = match row {
            Some(row) => {
                let groups = stacks::groups_at(p.view, &row.location).len().min(sizes::stacks_per_row(p.close_up()));
                (row.centre.0 - groups as f64 * sizes::stack_slot(u) / 2.0 - 0.3 * r, row.centre.1)
            }
            None => (site.0, site.1 - place_room(p, place).unwrap_or(0.0) - 2.0 * u - c * 0.5),
        };
        taken.push(Spot::around(at, 0.3 * r, 0.3 * r));
        if !result.is_empty() {
            let w = text_width(result, Type::new(0.34 * r, INK).bold()) + 0.2 * r;
            taken.push(Spot::around((at.0, at.1 - 0.55 * r), w / 2.0, 0.22 * r));
        }
        out.push(BattleSpot { highlight: i, at });
    }
    out
}

/// Markers under the name of their place (or under its label point), one under another.
fn markers(p: &AreaPicture, names: &[Name], taken: &mut Vec<Spot>) -> Vec<MarkerSpot> {
    let r = sizes::helper_r(p.u);
    let (w, h) = (0.95 * r, 0.3 * r);
    let mut out: Vec<MarkerSpot> = Vec::new();
    for (place, id) in &p.view.markers {
        if !p.shown.contains(place) {
            continue;
        }
        let Some(site) = p.site_px(place) else { continue };
        let below = names
            .iter()
            .filter(|n| n.kind != NameKind::City && n.spot.x0 <= site.0 && site.0 <= n.spot.x1)
            .filter(|n| (n.spot.y0 - site.1).abs() < 4.0 * n.size)
            .map(|n| n.spot.y1)
            .fold(site.1 + h, f64::max);
        let mut at = (site.0, below + h * 0.7);
        while taken.iter().any(|t| t.overlaps(&Spot::around(at, w / 2.0, h / 2.0))) && at.1 < below + 6.0 * h {
            at.1 += h * 1.1;
        }
        taken.push(Spot::around(at, w / 2.0, h / 2.0));
        out.push(MarkerSpot { at, id: id.clone() });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::area::options::AreaOptions;
    use grognard_board::{AreaBoardView, AreaMap};
    use std::sync::Arc;

    const EIA: &str = include_str!("../../../../engine/eia/data/map.txt");

    fn bare(map: &str) -> AreaBoardView {
        AreaBoardView {
            map: Arc::new(AreaMap::parse(map).unwrap_or_else(|e| panic!("{e}"))),
            title: String::new(),
            turn: None,
            sides: Vec::new(),
            pieces: Vec::new(),
            control: Vec::new(),
            markers: Vec::new(),
            highlights: Vec::new(),
            legend: Vec::new(),
            hidden: Vec::new(),
            boxes: Vec::new(),
        }
    }

    /// The pairs of names placed over one another.
    fn clashes(placement: &Placement) -> Vec<(String, String)> {
        let names = &placement.names;
        let mut out = Vec::new();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                if a.spot.overlaps(&b.spot) {
                    out.push((a.lines.join(" "), b.lines.join(" ")));
                }
            }
        }
        out
    }

    #[test]
    fn no_names_overlap_on_the_whole_empires_in_arms_map() {
        let view = bare(EIA);
        let options = AreaOptions::default();
        let p = AreaPicture::lay_out(&view, &options).unwrap_or_else(|e| panic!("{e}"));
        let placement = place(&p);
        let count = |kind: NameKind| placement.names.iter().filter(|n| n.kind == kind).count();
        assert_eq!(count(NameKind::Area), view.map.areas().count());
        assert_eq!(count(NameKind::Sea), view.map.seas().count());
        assert!(count(NameKind::City) > 30, "the larger cities are named");
        assert_eq!(clashes(&placement), Vec::<(String, String)>::new());
    }

    #[test]
    fn no_names_overlap_in_close_ups_of_the_empires_in_arms_map() {
        let view = bare(EIA);
        for centre in ["paris", "vienna", "berlin", "madrid", "naples", "constantinople", "copenhagen", "channel"] {
            let options = AreaOptions { around: Some((centre.to_string(), 2)), ..AreaOptions::default() };
            let p = AreaPicture::lay_out(&view, &options).unwrap_or_else(|e| panic!("{e}"));
            let placement = place(&p);
            assert!(placement.names.len() > 5, "{centre}");
            assert_eq!(clashes(&placement), Vec::<(String, String)>::new(), "around {centre}");
        }
    }

    #[test]
    fn names_shorten_at_brackets_commas_and_ands() {
        assert_eq!(forms("Polesia (the Pripet Marshes)"), ["Polesia (the Pripet Marshes)", "Polesia"]);
        assert_eq!(
            forms("The Midlands, Lancashire and Wales"),
            ["The Midlands, Lancashire and Wales", "The Midlands, Lancashire", "The Midlands"]
        );
        assert_eq!(forms("Paris"), ["Paris"]);
    }

    #[test]
    fn lines_wrap_at_words() {
        let size = 10.0;
        assert_eq!(wrap("Seville, Córdoba and Jaén", 80.0, size), ["Seville,", "Córdoba and", "Jaén"]);
        assert_eq!(wrap("Paris", 10.0, size), ["Paris"]);
    }
}
