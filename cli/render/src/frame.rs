//! Where hexes fall in the picture: flat-topped hexes of the printed sheet, turned a quarter
//! to the left when north lies to the right of the sheet, then moved into place.

use grognard_board::{Dir, HexId};

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A rectangle in picture coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
}

/// The hex geometry of one picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Hex radius (centre to corner) in pixels.
    pub r: f64,
    north_right: bool,
    dx: f64,
    dy: f64,
}

impl Frame {
    pub fn new(r: f64, north_right: bool) -> Frame {
        Frame { r, north_right, dx: 0.0, dy: 0.0 }
    }

    /// The same frame moved by `(dx, dy)` pixels.
    pub fn shifted(self, dx: f64, dy: f64) -> Frame {
        Frame { dx: self.dx + dx, dy: self.dy + dy, ..self }
    }

    /// A point of the sheet (x right, y down, hex radius 1) in the picture.
    fn turn(&self, x: f64, y: f64) -> (f64, f64) {
        if self.north_right {
            // north (sheet right) becomes up: a quarter turn to the left
            (y, -x)
        } else {
            (x, y)
        }
    }

    /// The centre of a hex.
    pub fn centre(&self, hex: HexId) -> (f64, f64) {
        let (col, rows) = hex.sheet_centre();
        let (x, y) = self.turn(col * self.r, rows * SQRT3 * self.r);
        (x + self.dx, y + self.dy)
    }

    /// Corner `k` (0..6) of a hex; corner k of the sheet lies at 60k degrees from east, y down.
    pub fn corner(&self, hex: HexId, k: usize) -> (f64, f64) {
        let (cx, cy) = self.centre(hex);
        let (ox, oy) = self.offset(k as f64 * 60.0, self.r);
        (cx + ox, cy + oy)
    }

    /// A sheet-relative offset (angle in degrees from sheet east, y down) turned into the picture.
    pub fn offset(&self, degrees: f64, length: f64) -> (f64, f64) {
        let a = degrees.to_radians();
        self.turn(length * a.cos(), length * a.sin())
    }

    /// The six corners of a hex.
    pub fn corners(&self, hex: HexId) -> [(f64, f64); 6] {
        std::array::from_fn(|k| self.corner(hex, k))
    }

    /// The two ends of the hexside of `hex` facing `dir`.
    pub fn side_ends(&self, hex: HexId, dir: Dir) -> ((f64, f64), (f64, f64)) {
        // N is the edge between corners 4 (240 degrees) and 5 (300 degrees), then clockwise.
        let i = dir.index();
        (self.corner(hex, (4 + i) % 6), self.corner(hex, (5 + i) % 6))
    }

    /// The rectangle holding the given hexes.
    pub fn bounds(&self, hexes: impl Iterator<Item = HexId>) -> Rect {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for hex in hexes {
            for (x, y) in self.corners(hex) {
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x);
                y1 = y1.max(y);
            }
        }
        if x0 > x1 {
            return Rect { x: 0.0, y: 0.0, w: 0.0, h: 0.0 };
        }
        Rect { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn neighbours_share_their_hexside_ends() {
        for north_right in [false, true] {
            let f = Frame::new(10.0, north_right);
            for a in [h("1210"), h("1127"), h("0508")] {
                for (d, b) in a.neighbours() {
                    let (p, q) = f.side_ends(a, d);
                    let (s, t) = f.side_ends(b, d.opposite());
                    let close = |u: (f64, f64), v: (f64, f64)| (u.0 - v.0).abs() < 1e-9 && (u.1 - v.1).abs() < 1e-9;
                    assert!(close(p, t) && close(q, s), "{a} {d:?} {b}");
                }
            }
        }
    }

    #[test]
    fn north_right_sheets_turn_so_higher_columns_are_up() {
        let f = Frame::new(10.0, true);
        assert!(f.centre(h("1310")).1 < f.centre(h("1210")).1);
        assert!(f.centre(h("1211")).0 > f.centre(h("1210")).0);
        let g = Frame::new(10.0, false);
        assert!(g.centre(h("1211")).1 > g.centre(h("1210")).1);
    }
}
