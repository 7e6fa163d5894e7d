//! Hex numbers and the geometry of the printed grid.
//!
//! Flat-topped hexes in vertical columns; `XXYY` = column `XX`, row `YY`. Odd columns sit
//! half a hex lower than even ones (so 1210 touches 1209, 1309 and 1310: FNC 16.0 Q6).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex by its printed four-digit number `XXYY` (column 0-99, row 0-99).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HexId(u16);

/// The six directions, named as seen on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    N,
    Ne,
    Se,
    S,
    Sw,
    Nw,
}

impl Dir {
    /// The six directions, clockwise from north.
    pub const ALL: [Dir; 6] = [Dir::N, Dir::Ne, Dir::Se, Dir::S, Dir::Sw, Dir::Nw];

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::Ne => Dir::Sw,
            Dir::Se => Dir::Nw,
            Dir::S => Dir::N,
            Dir::Sw => Dir::Ne,
            Dir::Nw => Dir::Se,
        }
    }

    /// 0..6 clockwise from north.
    pub fn index(self) -> usize {
        match self {
            Dir::N => 0,
            Dir::Ne => 1,
            Dir::Se => 2,
            Dir::S => 3,
            Dir::Sw => 4,
            Dir::Nw => 5,
        }
    }
}

impl HexId {
    /// How many hex numbers there are (0000 to 9999).
    pub const COUNT: u16 = 10_000;

    /// The hex at `col`, `row`, if both are 0..=99.
    pub fn new(col: u8, row: u8) -> Option<HexId> {
        (col <= 99 && row <= 99).then(|| HexId(col as u16 * 100 + row as u16))
    }

    /// The column, `XX`.
    pub fn col(self) -> u8 {
        (self.0 / 100) as u8
    }

    /// The row, `YY`.
    pub fn row(self) -> u8 {
        (self.0 % 100) as u8
    }

    /// The printed number as an integer (1127 for Alexandria).
    pub fn number(self) -> u16 {
        self.0
    }

    /// Parse exactly four ASCII digits.
    pub fn parse(text: &str) -> Result<HexId, String> {
        let b = text.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_digit) {
            return Err(format!("`{text}` is not a four-digit hex number"));
        }
        Ok(HexId(text.parse::<u16>().map_err(|e| e.to_string())?))
    }

    /// The neighbour in direction `dir`, if it is on the 00-99 grid.
    pub fn step(self, dir: Dir) -> Option<HexId> {
        let (c, r) = (self.col() as i16, self.row() as i16);
        let odd = c % 2 == 1;
        let (dc, dr) = match (dir, odd) {
            (Dir::N, _) => (0, -1),
            (Dir::S, _) => (0, 1),
            (Dir::Ne, false) => (1, -1),
            (Dir::Se, false) => (1, 0),
            (Dir::Sw, false) => (-1, 0),
            (Dir::Nw, false) => (-1, -1),
            (Dir::Ne, true) => (1, 0),
            (Dir::Se, true) => (1, 1),
            (Dir::Sw, true) => (-1, 1),
            (Dir::Nw, true) => (-1, 0),
        };
        let (nc, nr) = (c + dc, r + dr);
        if (0..=99).contains(&nc) && (0..=99).contains(&nr) {
            HexId::new(nc as u8, nr as u8)
        } else {
            None
        }
    }

    /// The neighbours that exist on the 00-99 grid, with their directions, clockwise from north.
    pub fn neighbours(self) -> impl Iterator<Item = (Dir, HexId)> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(d).map(|h| (d, h)))
    }

    /// The direction from `self` to `other` if they are adjacent.
    pub fn direction_to(self, other: HexId) -> Option<Dir> {
        self.neighbours().find(|(_, h)| *h == other).map(|(d, _)| d)
    }

    /// Whether `other` is one of the six neighbours of `self`.
    pub fn is_adjacent(self, other: HexId) -> bool {
        self.direction_to(other).is_some()
    }

    /// Distance in hexes on the grid.
    pub fn distance(self, other: HexId) -> u32 {
        let (a, b) = (self.cube(), other.cube());
        ((a.0 - b.0).abs().max((a.1 - b.1).abs()).max((a.2 - b.2).abs())) as u32
    }

    /// Cube coordinates (x + y + z = 0) for distances.
    fn cube(self) -> (i32, i32, i32) {
        let c = self.col() as i32;
        let r = self.row() as i32;
        // odd columns shifted down ("odd-q")
        let x = c;
        let z = r - (c - (c & 1)) / 2;
        (x, -x - z, z)
    }

    /// Centre of the hex on the sheet, in units where a hex is 2 wide (corner to corner)
    /// and sqrt(3) tall: `(x, y)` with x = 1.5 * col, y = sqrt(3) * (row + col_is_odd / 2).
    /// Returned as `(1.5 * col, row + odd/2)`, the second in hex heights, so callers scale.
    pub fn sheet_centre(self) -> (f64, f64) {
        let c = self.col() as f64;
        let r = self.row() as f64 + if self.col() % 2 == 1 { 0.5 } else { 0.0 };
        (1.5 * c, r)
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.0)
    }
}

impl TryFrom<String> for HexId {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        HexId::parse(&s)
    }
}

impl From<HexId> for String {
    fn from(h: HexId) -> String {
        h.to_string()
    }
}

/// A hexside: the two hexes it separates, lower number first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hexside(pub HexId, pub HexId);

impl Hexside {
    /// The hexside between two adjacent hexes, in canonical order.
    pub fn between(a: HexId, b: HexId) -> Option<Hexside> {
        if !a.is_adjacent(b) {
            return None;
        }
        Some(if a < b { Hexside(a, b) } else { Hexside(b, a) })
    }

    /// Parse `AAAA/BBBB`.
    pub fn parse(text: &str) -> Result<Hexside, String> {
        let (a, b) = text.split_once('/').ok_or_else(|| format!("`{text}` is not a hexside AAAA/BBBB"))?;
        let (a, b) = (HexId::parse(a)?, HexId::parse(b)?);
        Hexside::between(a, b).ok_or_else(|| format!("{a} and {b} are not adjacent"))
    }
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn sveaborg_neighbours_match_errata_16_0_q6() {
        let n: Vec<String> = h("1210").neighbours().map(|(_, x)| x.to_string()).collect();
        assert_eq!(n, ["1209", "1309", "1310", "1211", "1110", "1109"]);
        for x in ["1209", "1309", "1310", "1211", "1110", "1109"] {
            assert!(h("1210").is_adjacent(h(x)), "{x}");
        }
        assert!(!h("1210").is_adjacent(h("1311")));
        assert!(!h("1210").is_adjacent(h("1111")));
    }

    #[test]
    fn adjacency_is_symmetric_and_opposite() {
        for c in 1..30u8 {
            for r in 1..30u8 {
                let a = HexId::new(c, r).unwrap();
                for (d, b) in a.neighbours() {
                    assert_eq!(b.step(d.opposite()), Some(a));
                    assert_eq!(a.distance(b), 1);
                }
            }
        }
    }

    #[test]
    fn distance_counts_hexes() {
        assert_eq!(h("1210").distance(h("1210")), 0);
        assert_eq!(h("1210").distance(h("1212")), 2);
        assert_eq!(h("1127").distance(h("1227")), 1);
        assert_eq!(h("1127").distance(h("1028")), 1);
    }

    #[test]
    fn parse_refuses_bad_numbers() {
        assert!(HexId::parse("121").is_err());
        assert!(HexId::parse("12a0").is_err());
        assert!(Hexside::parse("1210/1311").is_err());
        assert_eq!(Hexside::parse("1309/1210").unwrap().to_string(), "1210/1309");
    }
}
