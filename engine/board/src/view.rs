//! Board views: everything a picture of the board shows at one moment, as plain data.
//!
//! The rules engine fills a [`BoardView`]; the renderer draws it. Nothing here draws.
//! A view serializes its map as the map-file text ([`Map`]'s serde form), so a
//! deserialized view holds a map that has been checked again.

use crate::{HexId, Map};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One picture's worth of board state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The map drawn underneath.
    pub map: Arc<Map>,
    /// Caption, e.g. "The Egyptian Campaign — Game Turn 3 (Oct 1798), French Movement Phase".
    pub title: String,
    /// The turn record track, if the picture shows one.
    pub turn: Option<TurnView>,
    /// The sides; a side's index here is the side number used by the other fields.
    pub sides: Vec<SideView>,
    /// The pieces, in stacking order (top first) within each location.
    pub pieces: Vec<PieceView>,
    /// Locale control markers: the hex and the controlling side's index.
    pub control: Vec<(HexId, usize)>,
    /// Other markers on hexes.
    pub markers: Vec<(HexId, Marker)>,
    /// Paths and battles drawn over the board.
    pub highlights: Vec<Highlight>,
}

/// The turn record track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    /// The current game turn, from 1.
    pub number: u8,
    /// The last game turn.
    pub last: u8,
    /// The current turn's label, e.g. "Oct 1798".
    pub label: String,
    /// The season, e.g. "summer", "winter", "flood".
    pub season: Option<String>,
    /// The label of every turn, first to last.
    pub track: Vec<String>,
    /// The units due on each turn (first to last; may be shorter than `track`): arriving
    /// reinforcements and units returning from recycling, as labelled on their counters.
    #[serde(default)]
    pub due: Vec<Vec<DueUnit>>,
}

/// A unit due on a turn of the turn track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DueUnit {
    /// The counter's stable id.
    pub id: String,
    /// Owning side's index in [`BoardView::sides`].
    pub side: usize,
    /// The counter's label (as [`PieceView::label`]).
    pub label: String,
}

/// One side of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub name: String,
    /// Victory points held.
    pub vp: i32,
    /// Counter background colour (RGB).
    pub colour: [u8; 3],
    /// Counter text colour (RGB).
    pub text_colour: [u8; 3],
}

/// Where a piece is: a hex or an off-map box (by box id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceLocation {
    Hex(HexId),
    Box(String),
}

/// One counter as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    /// The counter's stable id.
    pub id: String,
    pub location: PieceLocation,
    /// Owning side's index in [`BoardView::sides`].
    pub side: usize,
    /// Nation, e.g. "british" on the Ottoman side.
    pub nation: String,
    pub symbol: Symbol,
    /// Unit size: `X`, `[X]`, `III`, `I` or empty.
    pub size: String,
    /// Printed factors: "4-6", "0-4-0", "*-2-4".
    pub factors: String,
    /// Identification, e.g. "2/1" (FNC: division/brigade, the order of the id `fr-2-1`) or "Gu".
    pub label: String,
    /// Colour overriding the side's colour (e.g. British red on the Ottoman side).
    pub colour: Option<[u8; 3]>,
}

/// The unit-type symbol of a counter (2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Symbol {
    Infantry,
    CombinedArms,
    CamelCavalry,
    Cavalry,
    SiegeTrain,
    Engineers,
    Fortress,
    Garrison,
    Militia,
    Gunboats,
    Fleet,
    Science,
}

/// A marker placed on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Marker {
    /// The hex's fortress has been destroyed.
    FortDestroyed,
    /// The hex's victory points have been taken.
    VpTaken,
}

/// Something drawn over the board to explain an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Highlight {
    /// A move along `hexes` by a unit of `side`.
    Path { hexes: Vec<HexId>, side: usize },
    /// A battle: attackers' hexes, the defender's hex, the attacking side and the result text.
    Battle { attackers: Vec<HexId>, defender: HexId, side: usize, result: String },
}
