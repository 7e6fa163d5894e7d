//! Area board views: everything a picture of an area map shows at one moment, as plain data.
//!
//! The area-map counterpart of [`BoardView`](crate::BoardView): the rules engine of a game
//! played on areas (Empires in Arms) fills an [`AreaBoardView`]; the renderer draws it.
//! Nothing here draws. The view serializes its map as the map-file text ([`AreaMap`]'s serde
//! form), so a deserialized view holds a map that has been checked again.
//!
//! Nothing here belongs to one game: the kinds of piece and the markers are ids that the
//! view's [`legend`](AreaBoardView::legend) explains with a label and a [`Glyph`](crate::Glyph),
//! and places are the map's ids of land areas and sea zones. The turn track, the sides with
//! their colours and victory points and the legend entries are the hex view's types.

use crate::{AreaMap, LegendEntry, SideView, TurnView};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One picture's worth of an area board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaBoardView {
    /// The map drawn underneath.
    pub map: Arc<AreaMap>,
    /// Caption, e.g. "Empires in Arms — October 1805, French land phase".
    pub title: String,
    /// The turn record track, if the picture shows one.
    pub turn: Option<TurnView>,
    /// The sides; a side's index here is the side number used by the other fields.
    pub sides: Vec<SideView>,
    /// The pieces, in stacking order (top first) within each place.
    pub pieces: Vec<AreaPieceView>,
    /// Who controls which land area, for tinting: the area's id and the controlling side's
    /// index. An area not listed is drawn without a side's tint.
    pub control: Vec<(String, usize)>,
    /// Markers on places: the id of a land area or sea zone, and the id of the marker's
    /// [`LegendEntry`].
    pub markers: Vec<(String, String)>,
    /// Moves and battles drawn over the map.
    pub highlights: Vec<AreaHighlight>,
    /// What the ids of [`AreaPieceView::symbol`] and [`AreaBoardView::markers`] stand for, in
    /// the order a key lists them.
    #[serde(default)]
    pub legend: Vec<LegendEntry>,
    /// Counters whose pieces this picture does not show (hidden information): they belong to
    /// the stack of their place, count in its size and are drawn face down.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<AreaHiddenCounters>,
    /// Off-map boxes the picture draws beside the map, in this order, with the pieces that
    /// are [`AreaLocation::Box`] in them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<AreaBox>,
}

impl AreaBoardView {
    /// The legend entry of `id`, if the legend has one.
    pub fn entry(&self, id: &str) -> Option<&LegendEntry> {
        self.legend.iter().find(|e| e.id == id)
    }

    /// The pieces at `location`, top first.
    pub fn pieces_at<'v>(&'v self, location: &'v AreaLocation) -> impl Iterator<Item = &'v AreaPieceView> + 'v {
        self.pieces.iter().filter(move |p| p.location == *location)
    }

    /// The counters at `location` drawn face down, all sides together.
    pub fn hidden_at(&self, location: &AreaLocation) -> usize {
        self.hidden.iter().filter(|h| h.location == *location).map(|h| usize::from(h.count)).sum()
    }

    /// The side controlling land area `area`, if the view says (the first entry for it).
    pub fn controller(&self, area: &str) -> Option<usize> {
        self.control.iter().find(|(a, _)| a == area).map(|(_, side)| *side)
    }
}

/// Where a piece is on an area map.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AreaLocation {
    /// In a land area (by area id), in the field.
    Land(String),
    /// At sea, in a sea zone (by sea zone id).
    Sea(String),
    /// In the port of a land area's city (by area id).
    Port(String),
    /// In an off-map box (by the id of an [`AreaBox`]).
    Box(String),
}

impl AreaLocation {
    /// The id the location names: a land area, a sea zone or a box.
    pub fn id(&self) -> &str {
        match self {
            AreaLocation::Land(id) | AreaLocation::Sea(id) | AreaLocation::Port(id) | AreaLocation::Box(id) => id,
        }
    }
}

/// One counter as drawn (the area-map counterpart of [`PieceView`](crate::PieceView)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaPieceView {
    /// The counter's stable id.
    pub id: String,
    pub location: AreaLocation,
    /// Owning side's index in [`AreaBoardView::sides`].
    pub side: usize,
    /// Nation, e.g. "france"; pieces of one side and nation in one place stack together.
    pub nation: String,
    /// The id of the counter's [`LegendEntry`]: the kind of piece, drawn as its glyph.
    pub symbol: String,
    /// Unit size printed on the counter, or empty.
    pub size: String,
    /// Printed factors or strength, e.g. "6", "4-3", or empty.
    pub factors: String,
    /// Identification, e.g. "I" (a corps number) or "Nap".
    pub label: String,
    /// Colour overriding the side's colour (e.g. an allied nation's on a side).
    pub colour: Option<[u8; 3]>,
}

/// Counters of one side at one place that a picture shows face down: the viewer knows they
/// are there, not which pieces they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaHiddenCounters {
    pub location: AreaLocation,
    /// Owning side's index in [`AreaBoardView::sides`].
    pub side: usize,
    pub count: u8,
}

/// An off-map box: a holding area the rules use (pieces not yet placed, eliminated or
/// away), drawn beside the map with its pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaBox {
    /// The id [`AreaLocation::Box`] names.
    pub id: String,
    /// The box's title in the picture.
    pub name: String,
}

/// Something drawn over the map to explain an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AreaHighlight {
    /// A move through `places` (ids of land areas and sea zones, first to last) by a piece of
    /// `side`, drawn as an arrow from area to area.
    Path { places: Vec<String>, side: usize },
    /// A battle in `place` (a land area or a sea zone) attacked by `side` from `attackers`
    /// (the places the attackers came from; empty when they fought where they stood), and
    /// the result text.
    Battle { place: String, attackers: Vec<String>, side: usize, result: String },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Glyph;

    const MAP: &str = "[map]\ngame = t\ntitle = T\nwidth = 100\nheight = 100\n\
        [nations]\na major x Alpha\n\
        [provinces]\np a home x P\n\
        [areas]\nx p clear 3 - 10 10 Ex\ny p forest 2 - 60 10 Why\n\
        [cities]\nx 2 - Ex Town\n\
        [seas]\ns - 50 80 Sea\n\
        [coasts]\nx: s\ny: s\n\
        [land]\nx: y\ny: x\n";

    fn view() -> AreaBoardView {
        let map = AreaMap::parse(MAP).unwrap_or_else(|e| panic!("{e}"));
        let piece = |id: &str, location: AreaLocation| AreaPieceView {
            id: id.into(),
            location,
            side: 0,
            nation: "alpha".into(),
            symbol: "corps".into(),
            size: String::new(),
            factors: "6".into(),
            label: "I".into(),
            colour: None,
        };
        AreaBoardView {
            map: Arc::new(map),
            title: "T".into(),
            turn: None,
            sides: vec![SideView {
                name: "Alpha".into(),
                vp: 3,
                colour: [1, 2, 3],
                text_colour: [9, 9, 9],
                unit: String::new(),
            }],
            pieces: vec![
                piece("c1", AreaLocation::Land("x".into())),
                piece("f1", AreaLocation::Sea("s".into())),
                piece("f2", AreaLocation::Port("x".into())),
                piece("c2", AreaLocation::Land("x".into())),
            ],
            control: vec![("x".into(), 0)],
            markers: vec![("y".into(), "revolt".into())],
            highlights: vec![
                AreaHighlight::Path { places: vec!["x".into(), "y".into()], side: 0 },
                AreaHighlight::Battle { place: "y".into(), attackers: vec![], side: 0, result: "won".into() },
            ],
            legend: vec![LegendEntry { id: "corps".into(), label: "Corps".into(), glyph: Glyph::Infantry }],
            hidden: vec![AreaHiddenCounters { location: AreaLocation::Land("y".into()), side: 0, count: 2 }],
            boxes: vec![AreaBox { id: "pool".into(), name: "Force pool".into() }],
        }
    }

    #[test]
    fn a_view_reads_back_from_json_with_its_map_checked_again() {
        let view = view();
        let json = serde_json::to_string(&view).unwrap_or_default();
        assert!(json.contains("[land]"), "the map travels as its text");
        let back: AreaBoardView = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, view);
        let broken = json.replace("x: y\\n", "x: z\\n");
        assert!(serde_json::from_str::<AreaBoardView>(&broken).is_err(), "a broken map is refused");
    }

    #[test]
    fn queries_find_pieces_hidden_counters_and_control() {
        let view = view();
        let x = AreaLocation::Land("x".into());
        let ids: Vec<&str> = view.pieces_at(&x).map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["c1", "c2"]);
        assert_eq!(view.hidden_at(&AreaLocation::Land("y".into())), 2);
        assert_eq!(view.hidden_at(&x), 0);
        assert_eq!(view.controller("x"), Some(0));
        assert_eq!(view.controller("y"), None);
        assert_eq!(view.entry("corps").map(|e| e.label.as_str()), Some("Corps"));
        assert_eq!(AreaLocation::Port("x".into()).id(), "x");
    }
}
