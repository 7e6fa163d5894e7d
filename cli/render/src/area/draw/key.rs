//! The key under the map: terrain, water, borders, rivers, sea crossings, cities, control,
//! and the markers and kinds of piece of the view's legend, only what the picture shows.

use super::{lines, places, stacks};
use crate::area::borders::{BorderLine, Level, Link};
use crate::area::cells::Cells;
use crate::area::layout::AreaPicture;
use crate::area::sizes;
use crate::draw::{counters, key, line, rect};
use crate::num::{hex_colour, N};
use crate::palette;
use grognard_board::area::{AreaMap, AreaTerrain, Crossing};
use grognard_board::{AreaBoardView, AreaHighlight, AreaLocation};
use std::collections::BTreeSet;
use std::fmt::Write;

const ITEM_W: f64 = 170.0;

/// One entry of the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Terrain(AreaTerrain),
    Sea,
    Ice,
    Border(Level),
    River,
    Closed,
    Link,
    Strait,
    OptionalStrait,
    City,
    Capital,
    Fortress,
    Port,
    /// Areas controlled by this side (index in the view's sides).
    Control(usize),
    /// A marker of the view's legend (index in `legend`).
    Marker(usize),
    Stack,
    FaceDown,
    /// A kind of piece of the view's legend (index in `legend`).
    Unit(usize),
    Move,
    Battle,
}

/// What the picture shows, as the key lists it.
pub struct Shown<'a> {
    pub view: &'a AreaBoardView,
    pub map: &'a AreaMap,
    pub cells: &'a Cells,
    pub borders: &'a [BorderLine],
    pub links: &'a [Link],
    /// The places whose label is in the picture.
    pub places: &'a BTreeSet<String>,
    pub highlights: bool,
}

/// The entries for what the picture shows.
pub fn items(shown: &Shown) -> Vec<Item> {
    let Shown { view, map, cells, borders, links, places, highlights } = *shown;
    let mut out = Vec::new();
    let areas: Vec<&grognard_board::area::LandArea> = map.areas().filter(|a| places.contains(&a.id)).collect();
    for terrain in AreaTerrain::ALL {
        if areas.iter().any(|a| a.terrain == terrain) {
            out.push(Item::Terrain(terrain));
        }
    }
    let seas: Vec<_> = map.seas().filter(|z| places.contains(&z.id)).collect();
    if !seas.is_empty() {
        out.push(Item::Sea);
    }
    if seas.iter().any(|z| z.ice) {
        out.push(Item::Ice);
    }
    let named = |i: usize| cells.land.get(i).is_some_and(|c| places.contains(&c.id));
    let lines: Vec<&BorderLine> = borders.iter().filter(|l| named(l.areas.0) || named(l.areas.1)).collect();
    for level in [Level::Nation, Level::Province, Level::Area] {
        if lines.iter().any(|l| l.level == level) {
            out.push(Item::Border(level));
        }
    }
    if lines.iter().any(|l| l.river) {
        out.push(Item::River);
    }
    if lines.iter().any(|l| l.closed) {
        out.push(Item::Closed);
    }
    if links.iter().any(|l| named(l.areas.0) || named(l.areas.1)) {
        out.push(Item::Link);
    }
    let straits: Vec<_> =
        map.straits().into_iter().filter(|(a, b, _)| places.contains(*a) || places.contains(*b)).collect();
    if straits.iter().any(|(_, _, c)| matches!(c, Crossing::Strait { optional: false, .. })) {
        out.push(Item::Strait);
    }
    if straits.iter().any(|(_, _, c)| matches!(c, Crossing::Strait { optional: true, .. })) {
        out.push(Item::OptionalStrait);
    }
    let cities: Vec<_> = map.cities().filter(|c| places.contains(&c.area)).collect();
    if cities.iter().any(|c| !map.is_capital(&c.area)) {
        out.push(Item::City);
    }
    if cities.iter().any(|c| map.is_capital(&c.area)) {
        out.push(Item::Capital);
    }
    if cities.iter().any(|c| c.fortress) {
        out.push(Item::Fortress);
    }
    if cities.iter().any(|c| map.port(&c.area).is_some()) {
        out.push(Item::Port);
    }
    let controllers: BTreeSet<usize> = view
        .control
        .iter()
        .filter(|(a, _)| places.contains(a))
        .map(|(_, s)| *s)
        .filter(|s| *s < view.sides.len())
        .collect();
    out.extend(controllers.into_iter().map(Item::Control));
    let marked = |id: &str| view.markers.iter().any(|(place, m)| m == id && places.contains(place));
    out.extend(key::entries(&view.legend, marked).map(Item::Marker));
    let drawn = |location: &AreaLocation| match location {
        AreaLocation::Box(id) => view.boxes.iter().any(|b| b.id == *id),
        other => places.contains(other.id()),
    };
    let mut locations: BTreeSet<&AreaLocation> = view.pieces.iter().map(|p| &p.location).collect();
    locations.extend(view.hidden.iter().filter(|h| h.count > 0).map(|h| &h.location));
    let groups: Vec<stacks::Group> =
        locations.into_iter().filter(|l| drawn(l)).flat_map(|l| stacks::groups_at(view, l)).collect();
    if groups.iter().any(|g| g.total() > 1) {
        out.push(Item::Stack);
    }
    if groups.iter().any(|g| !g.backs.is_empty()) {
        out.push(Item::FaceDown);
    }
    out.extend(
        key::entries(&view.legend, |id| view.pieces.iter().any(|p| p.symbol == id && drawn(&p.location)))
            .map(Item::Unit),
    );
    if highlights {
        let on_map = |id: &String| places.contains(id);
        if view.highlights.iter().any(|h| matches!(h, AreaHighlight::Path { places, .. } if places.iter().any(on_map)))
        {
            out.push(Item::Move);
        }
        if view.highlights.iter().any(|h| matches!(h, AreaHighlight::Battle { place, .. } if on_map(place))) {
            out.push(Item::Battle);
        }
    }
    out
}

/// Height of a key of `n` entries for a picture `width` wide.
pub fn height(n: usize, width: f64, s: f64) -> f64 {
    key::height(n, ITEM_W, width, s)
}

pub fn draw(p: &AreaPicture, out: &mut String) {
    key::draw(out, p.legend_y, (p.width, p.margin), p.s, (p.key.len(), ITEM_W), |i, c, out| {
        sample(p, &p.key[i], c, out)
    });
}

/// A swatch of ground `fill` centred at `c`.
fn swatch(out: &mut String, c: (f64, f64), s: f64, fill: &str) {
    rect(
        out,
        c.0 - 12.0 * s,
        c.1 - 9.0 * s,
        24.0 * s,
        18.0 * s,
        &format!(r#"rx="{}" fill="{fill}" stroke="{}" stroke-width="{}""#, N(2.0 * s), palette::GRID, N(0.6 * s)),
    );
}

/// Draw the sample of `item` centred at `c` and give its words.
fn sample(p: &AreaPicture, item: &Item, c: (f64, f64), out: &mut String) -> String {
    let s = p.s;
    let (a, b) = ((c.0 - 12.0 * s, c.1), (c.0 + 12.0 * s, c.1));
    match item {
        Item::Terrain(t) => {
            swatch(out, c, s, palette::ground_fill(&super::land::ground(*t)));
            if let Some(mark) = super::land::marks(*t) {
                let _ = write!(
                    out,
                    r##"<g transform="translate({} {}) scale({})"><use xlink:href="#{mark}" x="0" y="0"/></g>"##,
                    N(c.0),
                    N(c.1),
                    N(s / p.u)
                );
            }
            let word = match t {
                AreaTerrain::Clear => "Clear",
                AreaTerrain::Forest => "Forest",
                AreaTerrain::Mountain => "Mountain",
                AreaTerrain::Marsh => "Marsh",
            };
            word.to_string()
        }
        Item::Sea => {
            swatch(out, c, s, super::seas::water());
            line(
                out,
                (c.0, c.1 - 9.0 * s),
                (c.0, c.1 + 9.0 * s),
                &format!(
                    r#"stroke="{}" stroke-width="{}" {}"#,
                    super::seas::SEA_LINE,
                    N(1.3 * s),
                    super::seas::sea_dash(s * 0.5)
                ),
            );
            "Sea zone and its edge".to_string()
        }
        Item::Ice => {
            swatch(out, c, s, super::seas::ICE_WATER);
            "Sea beyond the ice line".to_string()
        }
        Item::Border(level) => {
            line(out, a, b, &lines::style(*level, s));
            match level {
                Level::Nation => "National border",
                Level::Province => "Provincial border",
                Level::Area => "Area line",
            }
            .to_string()
        }
        Item::River => {
            line(out, a, b, &lines::river_style(s));
            "River".to_string()
        }
        Item::Closed => {
            line(out, a, b, &lines::closed_style(s));
            "No border (not adjacent)".to_string()
        }
        Item::Link => {
            lines::link(out, a, b, false, s);
            "Adjacent areas".to_string()
        }
        Item::Strait => {
            lines::strait(out, a, b, false, s);
            "Sea crossing arrow".to_string()
        }
        Item::OptionalStrait => {
            lines::strait(out, a, b, true, s);
            "Optional sea crossing".to_string()
        }
        Item::City => {
            places::city(out, (c.0 - 6.0 * s, c.1), 1, false, false, s);
            places::city(out, (c.0 + 6.0 * s, c.1), 4, false, false, s);
            "City (size: spires)".to_string()
        }
        Item::Capital => {
            places::city(out, c, 3, true, false, s);
            "Capital".to_string()
        }
        Item::Fortress => {
            places::city(out, c, 2, false, true, s);
            "Fortress".to_string()
        }
        Item::Port => {
            places::anchor(out, c, s);
            "Port".to_string()
        }
        Item::Control(side) => {
            let colour = p.view.sides.get(*side).map(|x| hex_colour(x.colour)).unwrap_or_default();
            swatch(out, c, s, super::land::clear_fill());
            rect(
                out,
                c.0 - 12.0 * s,
                c.1 - 9.0 * s,
                24.0 * s,
                18.0 * s,
                &format!(
                    r#"rx="{}" fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-opacity="0.85" stroke-width="{}""#,
                    N(2.0 * s),
                    N(3.0 * s)
                ),
            );
            let name = p.view.sides.get(*side).map(|x| x.name.as_str()).unwrap_or("");
            format!("Held by {name}")
        }
        Item::Marker(i) => match p.view.legend.get(*i) {
            Some(entry) => key::marker(out, entry, c, sizes::helper_r(s)),
            None => String::new(),
        },
        Item::Stack => {
            stacks::badge(out, c, 24.0 * s, "3", true);
            "Counters in stack".to_string()
        }
        Item::FaceDown => {
            stacks::badge(out, c, 24.0 * s, "2?", false);
            "Counters not known".to_string()
        }
        Item::Unit(i) => match p.view.legend.get(*i) {
            Some(entry) => {
                counters::face(out, key::UNIT_PAPER, c.0 - 11.0 * s, c.1 - 11.0 * s, 22.0 * s);
                key::unit(out, entry, c, s)
            }
            None => String::new(),
        },
        Item::Move => key::moves(out, c, s),
        Item::Battle => key::battle(out, c, s),
    }
}
