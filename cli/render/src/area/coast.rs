//! Where a coastal area ends: the water around the land.
//!
//! A coastal area (one that touches a sea zone) reaches at most a little past halfway to
//! its farthest land neighbour. Each direction that leads to water cuts it a short way out
//! (half the typical distance between labels) with a straight coast across that direction,
//! reaching 60 degrees either side of it, no further, so a coast on one side never cuts the
//! land on another. A direction leads to water when the nearest label that way (within 30
//! degrees) is a coastal area it has no land border with, or one across a sea crossing
//! arrow; or when no label lies that way and one of the sea zones it touches does. The
//! coast never comes nearer than the middle of a land border (with some width either
//! side), so the land stays joined where the rules join it.

use super::cells::Shapes;
use super::geometry::{directions, Beyond, Polygon, Pt};
use grognard_board::area::Crossing;

/// A coastal area reaches at most this part of the way to its farthest land neighbour.
const COAST_REACH: f64 = 0.62;
/// How far a coastal area reaches towards the water, as a part of the typical distance
/// between labels.
const SHORE: f64 = 0.5;
/// A coast across a direction reaches this far either side of it: cos(60 degrees).
const COAST_SPAN: f64 = 0.5;
/// Half the width a coastal area keeps towards a land neighbour, as a part of the distance
/// between their labels.
const NECK: f64 = 0.3;
/// The cone around a direction in which a label counts as lying that way: cos(30 degrees).
const CONE: f64 = 0.866;
/// How far a label may lie and still count as lying that way, in typical distances.
const FAR: f64 = 3.0;
/// A sea zone lies that way from an area when the angle between the direction and the way
/// to its label is under 90 degrees (the cosine is above this).
const SEA_SIDE: f64 = 0.0;

impl Shapes<'_> {
    /// How far a coastal area reaches at most: a little past halfway to its farthest land
    /// neighbour, so it meets every neighbour.
    fn coast_reach(&self, i: usize) -> f64 {
        let site = self.land_sites[i];
        let farthest = self
            .map
            .neighbours(self.land_ids[i])
            .iter()
            .filter(|b| !b.crossing.is_strait())
            .filter_map(|b| self.land_ids.iter().position(|id| *id == b.to))
            .map(|j| site.dist(self.land_sites[j]))
            .fold(0.0, f64::max);
        (COAST_REACH * farthest).max(SHORE * self.spacing)
    }

    /// The part of the Voronoi cell `cell` of coastal area `i` that is land (see the module).
    /// Built by rays from the label, evenly around and through each corner of the cell, so
    /// the cell's edges towards its neighbours are kept exactly.
    pub(super) fn coast(&self, i: usize, cell: &Polygon) -> Polygon {
        let site = self.land_sites[i];
        let voronoi = &cell.clip_disc(site, self.coast_reach(i));
        if voronoi.is_empty() {
            return voronoi.clone();
        }
        let necks = self.necks(i);
        // The coasts: a direction towards water, and how far out the coast across it lies.
        let coasts: Vec<(Pt, f64)> = directions()
            .into_iter()
            .filter(|d| self.water_towards(i, *d))
            .map(|d| {
                let out = necks
                    .iter()
                    .map(|p| (p.x - site.x) * d.x + (p.y - site.y) * d.y)
                    .fold(SHORE * self.spacing, f64::max);
                (d, out)
            })
            .collect();
        if coasts.is_empty() {
            return voronoi.clone();
        }
        let mut rays: Vec<Pt> = directions();
        rays.extend(voronoi.points.iter().filter_map(|p| {
            let d = site.dist(*p);
            (d > 0.0).then(|| Pt::new((p.x - site.x) / d, (p.y - site.y) / d))
        }));
        rays.sort_by(|a, b| turn(*a).total_cmp(&turn(*b)));
        rays.dedup_by(|a, b| turn(*a) == turn(*b));
        // Each ray's end, and the edges of the cell it ends on (none: it ends on the coast).
        let ends: Vec<(Pt, Vec<usize>)> = rays
            .iter()
            .filter_map(|u| {
                let (t, edges) = exit(voronoi, site, *u)?;
                let coast = coasts
                    .iter()
                    .filter_map(|(d, out)| {
                        let cos = u.x * d.x + u.y * d.y;
                        (cos >= COAST_SPAN).then(|| out / cos)
                    })
                    .fold(f64::MAX, f64::min);
                Some(if coast < t {
                    (Pt::new(site.x + u.x * coast, site.y + u.y * coast), Vec::new())
                } else {
                    (Pt::new(site.x + u.x * t, site.y + u.y * t), edges)
                })
            })
            .collect();
        let n = ends.len();
        let mut out = Polygon { points: Vec::with_capacity(n), beyond: Vec::with_capacity(n) };
        for k in 0..n {
            let (a, on_a) = &ends[k];
            let (_, on_b) = &ends[(k + 1) % n];
            let shared = on_a.iter().find(|e| on_b.contains(e));
            out.points.push(*a);
            out.beyond.push(shared.and_then(|e| voronoi.beyond.get(*e).copied()).unwrap_or(Beyond::Coast));
        }
        out
    }

    /// The points a coastal area's cell keeps towards each land neighbour (not across an
    /// arrow): either side of the middle of the way to it.
    fn necks(&self, i: usize) -> Vec<Pt> {
        let site = self.land_sites[i];
        let mut out = Vec::new();
        for border in self.map.neighbours(self.land_ids[i]).iter().filter(|b| !b.crossing.is_strait()) {
            let Some(k) = self.land_ids.iter().position(|id| *id == border.to) else { continue };
            let other = self.land_sites[k];
            let d = site.dist(other);
            if d <= 0.0 {
                continue;
            }
            let middle = site.lerp(other, 0.5);
            let w = (NECK * d).min(SHORE * self.spacing);
            let (px, py) = (-(other.y - site.y) / d * w, (other.x - site.x) / d * w);
            out.push(Pt::new(middle.x + px, middle.y + py));
            out.push(Pt::new(middle.x - px, middle.y - py));
        }
        out
    }

    /// Whether one of the sea zones area `i` touches has its label that way from it: less
    /// than 90 degrees from direction `d`.
    fn sea_lies_towards(&self, i: usize, d: Pt) -> bool {
        let site = self.land_sites[i];
        self.map.coastal_seas(self.land_ids[i]).iter().filter_map(|s| self.sea_index.get(s.as_str())).any(|s| {
            let sea = self.sea_sites[*s];
            let dist = site.dist(sea);
            dist > 0.0 && ((sea.x - site.x) * d.x + (sea.y - site.y) * d.y) / dist > SEA_SIDE
        })
    }

    /// Whether the way from area `i` in direction `d` (a unit vector) leads to water: the
    /// nearest land label that way (within 30 degrees and three typical distances) is a
    /// coastal area `i` has no land border with, or one across a sea crossing arrow; or no
    /// label lies that way and a sea zone `i` touches does.
    fn water_towards(&self, i: usize, d: Pt) -> bool {
        let site = self.land_sites[i];
        let far = FAR * self.spacing;
        let nearest = self
            .land_sites
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != i)
            .filter_map(|(k, p)| {
                let dist = site.dist(*p);
                let along = ((p.x - site.x) * d.x + (p.y - site.y) * d.y) / dist.max(1e-9);
                (dist > 0.0 && dist <= far && along >= CONE).then_some((dist, k))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let Some((_, k)) = nearest else { return self.sea_lies_towards(i, d) };
        let (id, other) = (self.land_ids[i], self.land_ids[k]);
        match self.map.crossing(id, other) {
            Some(Crossing::None | Crossing::River) => false,
            Some(Crossing::Strait { .. }) => true,
            None => self.map.is_coastal(other),
        }
    }
}

/// A number that grows with the angle of direction `u` from east, clockwise (y down), from
/// 0 to 4: sorts directions around the circle with no trigonometry.
fn turn(u: Pt) -> f64 {
    let sum = u.x.abs() + u.y.abs();
    if sum == 0.0 {
        return 0.0;
    }
    let p = u.x / sum;
    if u.y >= 0.0 {
        1.0 - p
    } else {
        3.0 + p
    }
}

/// Where the ray from `site` (inside convex `polygon`) in direction `u` leaves it: the
/// distance, and the edges it leaves through (two at a corner).
fn exit(polygon: &Polygon, site: Pt, u: Pt) -> Option<(f64, Vec<usize>)> {
    let n = polygon.points.len();
    let mut best: Option<(f64, Vec<usize>)> = None;
    for k in 0..n {
        let (a, b) = (polygon.points[k], polygon.points[(k + 1) % n]);
        let (ex, ey) = (b.x - a.x, b.y - a.y);
        let denom = u.x * ey - u.y * ex;
        if denom.abs() < 1e-12 {
            continue;
        }
        let (wx, wy) = (a.x - site.x, a.y - site.y);
        let t = (wx * ey - wy * ex) / denom;
        let along = (wx * u.y - wy * u.x) / denom;
        if t <= 1e-9 || !(-1e-7..=1.0 + 1e-7).contains(&along) {
            continue;
        }
        best = match best {
            Some((bt, mut edges)) if (bt - t).abs() <= 1e-6 * bt.max(1.0) => {
                edges.push(k);
                Some((bt.min(t), edges))
            }
            Some((bt, edges)) if bt < t => Some((bt, edges)),
            _ => Some((t, vec![k])),
        };
    }
    best
}
