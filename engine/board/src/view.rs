//! Board views: everything a picture of the board shows at one moment, as plain data.
//!
//! The rules engine fills a [`BoardView`]; the renderer draws it. Nothing here draws.
//! A view serializes its map as the map-file text ([`Map`]'s serde form), so a
//! deserialized view holds a map that has been checked again.
//!
//! Nothing here belongs to one game: the kinds of unit and the markers a game uses are
//! data of the view, ids that its [`legend`](BoardView::legend) explains with a label and a
//! [`Glyph`] from a small, generic drawing vocabulary the renderer knows.

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
    /// Other markers on hexes: the hex and the id of the marker's [`LegendEntry`].
    pub markers: Vec<(HexId, String)>,
    /// Paths and battles drawn over the board.
    pub highlights: Vec<Highlight>,
    /// What the ids of [`PieceView::symbol`] and [`BoardView::markers`] stand for, in the
    /// order a key lists them.
    #[serde(default)]
    pub legend: Vec<LegendEntry>,
    /// Counters whose units this picture does not show (hidden information, e.g. beneath
    /// the top of a stack under fog of war): they belong to the stack of their hex, count
    /// in its size and are drawn face down. Absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<HiddenCounters>,
}

impl BoardView {
    /// The legend entry of `id`, if the legend has one.
    pub fn entry(&self, id: &str) -> Option<&LegendEntry> {
        self.legend.iter().find(|e| e.id == id)
    }

    /// The counters of `hex` drawn face down, all sides together.
    pub fn hidden_in(&self, hex: HexId) -> usize {
        self.hidden.iter().filter(|h| h.hex == hex).map(|h| usize::from(h.count)).sum()
    }
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
    /// Victory points held (or what [`SideView::unit`] names).
    pub vp: i32,
    /// What the score counts, as the picture's panel writes it after the number: empty for
    /// victory points ("VP"); Empires in Arms scores political points ("PP").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unit: String,
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
    /// The id of the counter's [`LegendEntry`]: the kind of unit, drawn as its glyph.
    pub symbol: String,
    /// Unit size: `X`, `[X]`, `III`, `I` or empty.
    pub size: String,
    /// Printed factors: "4-6", "0-4-0", "*-2-4".
    pub factors: String,
    /// Identification, e.g. "2/1" (FNC: division/brigade, the order of the id `fr-2-1`) or "Gu".
    pub label: String,
    /// Colour overriding the side's colour (e.g. British red on the Ottoman side).
    pub colour: Option<[u8; 3]>,
}

/// Counters of one side on one hex that a picture shows face down: the viewer knows they
/// are there, not which units they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenCounters {
    pub hex: HexId,
    /// Owning side's index in [`BoardView::sides`].
    pub side: usize,
    pub count: u8,
}

/// What an id of a view stands for: its words in the key and its glyph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegendEntry {
    /// The id pieces and markers carry, e.g. "infantry", "fort-destroyed".
    pub id: String,
    /// The words in the key, e.g. "Camel cavalry", "Fortress destroyed".
    pub label: String,
    pub glyph: Glyph,
}

/// How a kind of unit or a marker is drawn: a small vocabulary the renderer knows, after the
/// NATO conventions for land units, with a few pictures those conventions lack. A game's
/// own kinds are drawn with the nearest glyph and told apart by their legend labels.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Glyph {
    /// A cross in the unit frame.
    Infantry,
    /// A diagonal stroke in the unit frame.
    Cavalry,
    /// Infantry's cross with a dot.
    CombinedArms,
    /// A gun: a ball over two wheels, in the unit frame.
    Artillery,
    /// The engineers' sign (a span on three legs) in the unit frame.
    Engineers,
    /// A battlemented wall in the unit frame: troops tied to a place.
    Garrison,
    /// Infantry's cross with a bar under it.
    Militia,
    /// A line across the lower part of the unit frame.
    Supply,
    /// A star in the unit frame: a commander.
    Leader,
    /// A star-shaped fort, without a frame.
    Fortress,
    /// A ship under sail, without a frame.
    Fleet,
    /// A small armed boat, without a frame.
    Boat,
    /// A few letters standing for the kind, e.g. "Sci", without a frame.
    Text(String),
    /// A marker tag: `text` in colour `ink` on a label of colour `fill` (RGB).
    Marker { text: String, fill: [u8; 3], ink: [u8; 3] },
}

/// Something drawn over the board to explain an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Highlight {
    /// A move along `hexes` by a unit of `side`.
    Path { hexes: Vec<HexId>, side: usize },
    /// A battle: attackers' hexes, the defender's hex, the attacking side and the result text.
    Battle { attackers: Vec<HexId>, defender: HexId, side: usize, result: String },
}
