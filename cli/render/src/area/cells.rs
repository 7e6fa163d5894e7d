//! The shape of every land area and sea zone in the picture.
//!
//! An area with an outline in the map file is drawn as that outline. An area without one
//! (the Empires in Arms file gives label points only) is drawn as the cell around its label
//! point: the points nearer to it than to any other area's label (its Voronoi cell), cut
//! from the map's frame by the half-plane of every nearby label. Two areas joined only by a
//! sea crossing arrow are cut back a little from the middle, leaving water between them.
//!
//! An inland area is its cell: bounded by its neighbours, and where none lie beyond it,
//! running to the map's edge (the land goes on off the map). A coastal area is also shaped
//! by the water (`coast`). An island of one area is a small round shape apart from its
//! nearest neighbour.
//!
//! Sea zones are the cells of their labels among the sea zones alone, drawn under the land:
//! where no land cell covers the water, the sea zone of the nearest label shows.

use super::geometry::{overlap, Beyond, Bounds, Polygon, Pt};
use grognard_board::area::{AreaMap, Crossing, Point};
use std::collections::BTreeMap;

/// How far towards each other (as a part of the distance between their labels) two areas
/// joined by a sea crossing arrow are cut back from the middle, leaving water between.
const STRAIT_GAP: f64 = 0.07;
/// The nearest any cut comes to a label, as a part of the distance to the other label.
const NEAREST_CUT: f64 = 0.5 - STRAIT_GAP;
/// An island of one area keeps within this part of the distance to its nearest neighbour.
const ISLAND: f64 = 0.4;

/// A land area's cell.
#[derive(Clone, Debug, PartialEq)]
pub struct LandCell {
    pub id: String,
    /// The label point.
    pub site: Pt,
    pub polygon: Polygon,
}

/// A sea zone's cell.
#[derive(Clone, Debug, PartialEq)]
pub struct SeaCell {
    pub id: String,
    /// The label point.
    pub site: Pt,
    pub polygon: Polygon,
}

/// The cells of a whole map (land cells in ascending area id, sea cells in ascending sea id:
/// the order of `Beyond::Land` and `Beyond::Sea` indices).
#[derive(Clone, Debug, PartialEq)]
pub struct Cells {
    pub frame: Bounds,
    pub land: Vec<LandCell>,
    pub seas: Vec<SeaCell>,
    /// The typical distance between neighbouring labels (the median of each label's
    /// distance to its nearest neighbour), in map units.
    pub spacing: f64,
    land_index: BTreeMap<String, usize>,
    sea_index: BTreeMap<String, usize>,
}

fn pt(p: Point) -> Pt {
    Pt::new(f64::from(p.x), f64::from(p.y))
}

impl Cells {
    pub fn build(map: &AreaMap) -> Cells {
        let frame = Bounds { x0: 0.0, y0: 0.0, x1: f64::from(map.width), y1: f64::from(map.height) };
        let land_ids: Vec<&str> = map.areas().map(|a| a.id.as_str()).collect();
        let land_sites: Vec<Pt> = map.areas().map(|a| pt(a.label)).collect();
        let sea_ids: Vec<&str> = map.seas().map(|s| s.id.as_str()).collect();
        let sea_sites: Vec<Pt> = map.seas().map(|s| pt(s.label)).collect();
        let land_index: BTreeMap<String, usize> =
            land_ids.iter().enumerate().map(|(i, id)| (id.to_string(), i)).collect();
        let sea_index: BTreeMap<String, usize> =
            sea_ids.iter().enumerate().map(|(i, id)| (id.to_string(), i)).collect();
        let spacing = typical_spacing(&land_sites);
        let shapes = Shapes {
            map,
            frame,
            land_ids: &land_ids,
            land_sites: &land_sites,
            sea_sites: &sea_sites,
            sea_index: &sea_index,
            spacing,
        };
        let mut land: Vec<LandCell> = (0..land_ids.len())
            .map(|i| LandCell { id: land_ids[i].to_string(), site: land_sites[i], polygon: shapes.land_cell(i) })
            .collect();
        let outlined: Vec<usize> = (0..land_ids.len()).filter(|i| map.outline(land_ids[*i]).is_some()).collect();
        join_outlines(&mut land, &outlined);
        let seas = (0..sea_ids.len())
            .map(|i| SeaCell {
                id: sea_ids[i].to_string(),
                site: sea_sites[i],
                polygon: shapes.sea_cell(sea_ids[i], i),
            })
            .collect();
        Cells { frame, land, seas, spacing, land_index, sea_index }
    }

    /// The index of land area `id`.
    pub fn land_of(&self, id: &str) -> Option<usize> {
        self.land_index.get(id).copied()
    }

    /// The index of sea zone `id`.
    pub fn sea_of(&self, id: &str) -> Option<usize> {
        self.sea_index.get(id).copied()
    }

    /// The label point of a land area or sea zone.
    pub fn site(&self, id: &str) -> Option<Pt> {
        self.land_of(id)
            .and_then(|i| self.land.get(i).map(|c| c.site))
            .or_else(|| self.sea_of(id).and_then(|i| self.seas.get(i).map(|c| c.site)))
    }
}

/// The median distance from each point to its nearest other point (1 when there are fewer
/// than two points).
fn typical_spacing(sites: &[Pt]) -> f64 {
    let mut nearest: Vec<f64> = sites
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            sites
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, q)| p.dist(*q))
                .filter(|d| *d > 0.0)
                .reduce(f64::min)
        })
        .collect();
    if nearest.is_empty() {
        return 1.0;
    }
    nearest.sort_by(f64::total_cmp);
    nearest[nearest.len() / 2]
}

/// What the cells are cut from.
pub(super) struct Shapes<'a> {
    pub map: &'a AreaMap,
    pub frame: Bounds,
    pub land_ids: &'a [&'a str],
    pub land_sites: &'a [Pt],
    pub sea_sites: &'a [Pt],
    pub sea_index: &'a BTreeMap<String, usize>,
    /// The typical distance between labels.
    pub spacing: f64,
}

impl Shapes<'_> {
    fn land_cell(&self, i: usize) -> Polygon {
        let id = self.land_ids[i];
        if let Some(outline) = self.map.outline(id) {
            return self.outlined(outline);
        }
        let site = self.land_sites[i];
        // An island's disc first: it keeps the cell small, so the search ends soon.
        let mut cell = Polygon::rect(self.frame);
        if let Some(radius) = self.island_reach(i) {
            cell = cell.clip_disc(site, radius);
        }
        for j in by_distance(site, self.land_sites, Some(i)) {
            let other = self.land_sites[j];
            if cell.is_empty() || site.dist(other) * NEAREST_CUT > cell.reach_from(site) {
                break;
            }
            let (fraction, beyond) = match self.map.crossing(id, self.land_ids[j]) {
                Some(Crossing::None | Crossing::River) => (0.5, Beyond::Land(j)),
                Some(Crossing::Strait { .. }) => (0.5 - STRAIT_GAP, Beyond::Coast),
                None => (0.5, Beyond::Land(j)),
            };
            cell = cell.clip_towards(site, other, fraction, beyond);
        }
        if self.map.is_coastal(id) {
            cell = self.coast(i, &cell);
        }
        cell
    }

    /// The radius of the disc an island of one area (an area with no land border) keeps
    /// within: a modest shape, apart from its nearest neighbour. `None` for other areas.
    fn island_reach(&self, i: usize) -> Option<f64> {
        let joined = self.map.neighbours(self.land_ids[i]).iter().any(|b| !b.crossing.is_strait());
        if joined {
            return None;
        }
        let site = self.land_sites[i];
        let nearest = by_distance(site, self.land_sites, Some(i))
            .first()
            .map_or(self.spacing, |j| site.dist(self.land_sites[*j]))
            .max(1.0);
        Some((ISLAND * nearest).clamp(0.25 * self.spacing, 0.5 * self.spacing))
    }

    fn sea_cell(&self, id: &str, i: usize) -> Polygon {
        if let Some(outline) = self.map.outline(id) {
            return self.outlined(outline);
        }
        let site = self.sea_sites[i];
        let mut cell = Polygon::rect(self.frame);
        for j in by_distance(site, self.sea_sites, Some(i)) {
            let other = self.sea_sites[j];
            if cell.is_empty() || site.dist(other) * 0.5 > cell.reach_from(site) {
                break;
            }
            cell = cell.clip_towards(site, other, 0.5, Beyond::Sea(j));
        }
        cell
    }

    /// An outline from the map file, every edge on the coast until `join_outlines` finds
    /// the outlines on its other side.
    fn outlined(&self, outline: &[Point]) -> Polygon {
        let points: Vec<Pt> = outline.iter().map(|p| pt(*p)).collect();
        let beyond = vec![Beyond::Coast; points.len()];
        Polygon { points, beyond }
    }
}

/// Mark the edges two outlines share (in part) as the border between their areas.
fn join_outlines(land: &mut [LandCell], outlined: &[usize]) {
    for &i in outlined {
        for k in 0..land[i].polygon.points.len() {
            let (a, b, _) = edge(&land[i].polygon, k);
            let shared = outlined.iter().copied().filter(|j| *j != i).find(|j| {
                let other = &land[*j].polygon;
                (0..other.points.len()).any(|m| {
                    let (c, d, _) = edge(other, m);
                    overlap(a, b, c, d, 0.5).is_some()
                })
            });
            if let Some(j) = shared {
                land[i].polygon.beyond[k] = Beyond::Land(j);
            }
        }
    }
}

fn edge(polygon: &Polygon, k: usize) -> (Pt, Pt, Beyond) {
    let n = polygon.points.len();
    (polygon.points[k], polygon.points[(k + 1) % n], polygon.beyond[k])
}

/// The indices of `sites` by distance from `from`, nearest first (ties by index), leaving
/// out `skip`.
fn by_distance(from: Pt, sites: &[Pt], skip: Option<usize>) -> Vec<usize> {
    let mut order: Vec<(f64, usize)> =
        sites.iter().enumerate().filter(|(j, _)| Some(*j) != skip).map(|(j, p)| (from.dist2(*p), j)).collect();
    order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    order.into_iter().map(|(_, j)| j).collect()
}
