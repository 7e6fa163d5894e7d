//! Plane geometry for the cells of an area map: convex polygons clipped by half-planes,
//! each edge remembering what lies beyond it. Floats are for drawing only: no rule reads
//! them, and every step is an IEEE operation whose result is the same on every machine
//! (sums, products, quotients, square roots; no sines or cosines).

/// A point in map units (x right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }

    pub fn dist(self, other: Pt) -> f64 {
        self.dist2(other).sqrt()
    }

    pub fn dist2(self, other: Pt) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }

    /// The point `t` of the way from `self` to `other`.
    pub fn lerp(self, other: Pt, t: f64) -> Pt {
        Pt::new(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)
    }
}

/// What lies beyond an edge of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Beyond {
    /// The edge of the map's drawing coordinates.
    Frame,
    /// Water: the cell was cut back from the sea, or from land it does not border.
    Coast,
    /// The land cell of this index.
    Land(usize),
    /// The sea cell of this index.
    Sea(usize),
}

/// A convex (or, from a map's outline, any simple) polygon; `beyond[k]` belongs to the edge
/// from `points[k]` to the next point.
#[derive(Clone, Debug, PartialEq)]
pub struct Polygon {
    pub points: Vec<Pt>,
    pub beyond: Vec<Beyond>,
}

/// An axis-aligned box in map units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Bounds {
    pub fn width(&self) -> f64 {
        self.x1 - self.x0
    }

    pub fn height(&self) -> f64 {
        self.y1 - self.y0
    }

    pub fn contains(&self, p: Pt) -> bool {
        p.x >= self.x0 && p.x <= self.x1 && p.y >= self.y0 && p.y <= self.y1
    }

    pub fn overlaps(&self, other: &Bounds) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    /// The smallest box holding every point, or `None` for no points.
    pub fn around(points: impl IntoIterator<Item = Pt>) -> Option<Bounds> {
        points.into_iter().fold(None, |b: Option<Bounds>, p| {
            Some(match b {
                None => Bounds { x0: p.x, y0: p.y, x1: p.x, y1: p.y },
                Some(b) => Bounds { x0: b.x0.min(p.x), y0: b.y0.min(p.y), x1: b.x1.max(p.x), y1: b.y1.max(p.y) },
            })
        })
    }
}

impl Polygon {
    /// The rectangle `b`, every edge on the frame.
    pub fn rect(b: Bounds) -> Polygon {
        Polygon {
            points: vec![Pt::new(b.x0, b.y0), Pt::new(b.x1, b.y0), Pt::new(b.x1, b.y1), Pt::new(b.x0, b.y1)],
            beyond: vec![Beyond::Frame; 4],
        }
    }

    /// Whether the polygon has no area to draw.
    pub fn is_empty(&self) -> bool {
        self.points.len() < 3
    }

    /// The edges, each with what lies beyond it.
    pub fn edges(&self) -> impl Iterator<Item = (Pt, Pt, Beyond)> + '_ {
        let n = self.points.len();
        (0..n).map(move |k| (self.points[k], self.points[(k + 1) % n], self.beyond[k]))
    }

    /// The part of the polygon where `normal · p <= limit`, the new edge (along the line)
    /// having `beyond` beyond it. Exact for a convex polygon.
    pub fn clip(&self, normal: Pt, limit: f64, beyond: Beyond) -> Polygon {
        let side = |p: Pt| normal.x * p.x + normal.y * p.y - limit;
        let n = self.points.len();
        let mut points = Vec::with_capacity(n + 1);
        let mut tags = Vec::with_capacity(n + 1);
        for k in 0..n {
            let (a, b, tag) = (self.points[k], self.points[(k + 1) % n], self.beyond[k]);
            let (sa, sb) = (side(a), side(b));
            let cut = || a.lerp(b, sa / (sa - sb));
            match (sa <= 0.0, sb <= 0.0) {
                (true, true) => {
                    points.push(a);
                    tags.push(tag);
                }
                (true, false) => {
                    points.push(a);
                    tags.push(tag);
                    points.push(cut());
                    tags.push(beyond);
                }
                (false, true) => {
                    points.push(cut());
                    tags.push(tag);
                }
                (false, false) => {}
            }
        }
        let mut out = Polygon { points, beyond: tags };
        out.drop_repeats();
        out
    }

    /// Remove points that repeat the one before them (a clip through a corner).
    fn drop_repeats(&mut self) {
        let mut k = 0;
        while self.points.len() > 1 && k < self.points.len() {
            let next = (k + 1) % self.points.len();
            if self.points[k].dist2(self.points[next]) < 1e-12 {
                // the edge from k is empty: the point k goes, with its edge
                self.points.remove(k);
                self.beyond.remove(k);
            } else {
                k += 1;
            }
        }
    }

    /// The part of the polygon nearer to `site` than to `other`, shifted by `fraction`: the
    /// cut lies `fraction` of the way from `site` to `other` (0.5 is the bisector).
    pub fn clip_towards(&self, site: Pt, other: Pt, fraction: f64, beyond: Beyond) -> Polygon {
        let normal = Pt::new(other.x - site.x, other.y - site.y);
        let at = site.lerp(other, fraction);
        if normal.x == 0.0 && normal.y == 0.0 {
            return self.clone();
        }
        self.clip(normal, normal.x * at.x + normal.y * at.y, beyond)
    }

    /// The part of the polygon within `radius` of `centre` (the disc as a 64-gon), the cut
    /// edges on the coast.
    pub fn clip_disc(&self, centre: Pt, radius: f64) -> Polygon {
        let inner = radius * DISC_INNER;
        if self.points.iter().all(|p| p.dist2(centre) <= inner * inner) {
            return self.clone();
        }
        let mut out = self.clone();
        for d in directions() {
            if out.is_empty() {
                break;
            }
            out = out.clip(d, d.x * centre.x + d.y * centre.y + inner, Beyond::Coast);
        }
        out
    }

    /// The farthest vertex's distance from `p`.
    pub fn reach_from(&self, p: Pt) -> f64 {
        self.points.iter().map(|q| q.dist2(p)).fold(0.0, f64::max).sqrt()
    }

    #[cfg(test)]
    /// The signed area (positive when the points run clockwise on a y-down picture).
    pub fn area(&self) -> f64 {
        self.edges().map(|(a, b, _)| a.x * b.y - b.x * a.y).sum::<f64>() / 2.0
    }

    /// The bounding box (a polygon without points has an empty box at the origin).
    pub fn bounds(&self) -> Bounds {
        Bounds::around(self.points.iter().copied()).unwrap_or(Bounds { x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0 })
    }

    /// Whether `p` is inside (even-odd rule).
    pub fn contains(&self, p: Pt) -> bool {
        let mut inside = false;
        for (a, b, _) in self.edges() {
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if p.x < x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// Where the horizontal line through `p` enters and leaves the polygon around `p`: the
    /// nearest crossings left and right of it (`p.x` itself where there is none).
    pub fn span_at(&self, p: Pt) -> (f64, f64) {
        let (mut left, mut right) = (f64::MIN, f64::MAX);
        for (a, b, _) in self.edges() {
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x <= p.x {
                    left = left.max(x);
                } else {
                    right = right.min(x);
                }
            }
        }
        (if left == f64::MIN { p.x } else { left }, if right == f64::MAX { p.x } else { right })
    }
}

/// A regular 64-gon's inner radius over its outer one (cos(pi/64)), so the clipped disc
/// never reaches beyond `radius`.
const DISC_INNER: f64 = 0.998_795_456_205_172_4;

/// 64 unit vectors evenly around the circle, from east clockwise, built from the compass
/// points by halving angles with square roots only, so the same on every machine.
pub fn directions() -> Vec<Pt> {
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let mut dirs: Vec<Pt> = vec![
        Pt::new(1.0, 0.0),
        Pt::new(h, h),
        Pt::new(0.0, 1.0),
        Pt::new(-h, h),
        Pt::new(-1.0, 0.0),
        Pt::new(-h, -h),
        Pt::new(0.0, -1.0),
        Pt::new(h, -h),
    ];
    while dirs.len() < 64 {
        let n = dirs.len();
        let mut finer = Vec::with_capacity(2 * n);
        for k in 0..n {
            let (a, b) = (dirs[k], dirs[(k + 1) % n]);
            let (x, y) = (a.x + b.x, a.y + b.y);
            let len = (x * x + y * y).sqrt();
            finer.push(a);
            finer.push(Pt::new(x / len, y / len));
        }
        dirs = finer;
    }
    dirs
}

/// The part of segment `a`-`b` that segment `c`-`d` also covers, when both lie on one line
/// (within `tolerance`), or `None`.
pub fn overlap(a: Pt, b: Pt, c: Pt, d: Pt, tolerance: f64) -> Option<(Pt, Pt)> {
    let len = a.dist(b);
    if len < 1e-9 {
        return None;
    }
    let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
    let off = |p: Pt| ((p.x - a.x) * uy - (p.y - a.y) * ux).abs();
    if off(c) > tolerance || off(d) > tolerance {
        return None;
    }
    let along = |p: Pt| (p.x - a.x) * ux + (p.y - a.y) * uy;
    let (tc, td) = (along(c), along(d));
    let (lo, hi) = (tc.min(td).max(0.0), tc.max(td).min(len));
    (hi - lo > tolerance).then(|| (Pt::new(a.x + ux * lo, a.y + uy * lo), Pt::new(a.x + ux * hi, a.y + uy * hi)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Polygon {
        Polygon::rect(Bounds { x0: 0.0, y0: 0.0, x1: 10.0, y1: 10.0 })
    }

    #[test]
    fn a_clip_keeps_one_side_and_names_the_new_edge() {
        let half = square().clip_towards(Pt::new(2.0, 5.0), Pt::new(8.0, 5.0), 0.5, Beyond::Land(7));
        assert!((half.area() - 50.0).abs() < 1e-9);
        assert_eq!(half.beyond.iter().filter(|b| **b == Beyond::Land(7)).count(), 1);
        assert!(half.contains(Pt::new(1.0, 1.0)) && !half.contains(Pt::new(9.0, 1.0)));
        let gone = square().clip(Pt::new(1.0, 0.0), -1.0, Beyond::Coast);
        assert!(gone.is_empty());
    }

    #[test]
    fn a_disc_clip_stays_within_its_radius() {
        let disc = square().clip_disc(Pt::new(5.0, 5.0), 3.0);
        assert!(disc.reach_from(Pt::new(5.0, 5.0)) <= 3.0 + 1e-9);
        assert!((disc.area() - std::f64::consts::PI * 9.0).abs() < 0.2);
        assert!(disc.beyond.iter().all(|b| *b == Beyond::Coast));
        assert_eq!(directions().len(), 64);
    }

    #[test]
    fn overlapping_collinear_segments_give_their_common_part() {
        let o = overlap(Pt::new(0.0, 0.0), Pt::new(10.0, 0.0), Pt::new(12.0, 0.0), Pt::new(4.0, 0.0), 0.01);
        assert_eq!(o, Some((Pt::new(4.0, 0.0), Pt::new(10.0, 0.0))));
        assert_eq!(overlap(Pt::new(0.0, 0.0), Pt::new(10.0, 0.0), Pt::new(0.0, 1.0), Pt::new(5.0, 1.0), 0.01), None);
    }

    #[test]
    fn the_span_of_a_point_reaches_the_edges_left_and_right() {
        assert_eq!(square().span_at(Pt::new(3.0, 4.0)), (0.0, 10.0));
    }
}
