//! Sea zones.

use crate::area::Point;

/// A sea zone ("sea area"): the unit of naval movement, one movement point to enter (6.2.1.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeaZone {
    pub id: String,
    pub name: String,
    /// North of the ice line: closed to fleets, sea supply and invasion supply in winter
    /// (6.2.1.4, 7.4.3.3, 7.4.4.5).
    pub ice: bool,
    /// The Dardanelles sea area, entered only by leave of whoever holds Constantinople
    /// (6.2.1.3, 6.3.5.1.2, 7.4.3.3, 10.7).
    pub dardanelles: bool,
    /// Where its label is drawn.
    pub label: Point,
}
