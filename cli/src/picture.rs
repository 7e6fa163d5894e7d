//! Which renderer draws a ruleset's view: its kind decides. The engine knows no map, so a
//! view is a neutral value: hex boards (`grognard_board::BoardView`) and area maps
//! (`grognard_board::AreaBoardView`) are drawn by `grognard-render`. Every picture the
//! program makes (`show`, `play`, the replay and its web page, the turn mails) is drawn here.

use crate::failure::Failure;
use grognard_board::{AreaBoardView, BoardView, HexId};
use grognard_engine::{View, ViewKind};

/// The close-up radius when none is given: hexes on a hex map, steps on an area map.
pub const HEX_RADIUS: u32 = 6;
pub const AREA_RADIUS: u32 = 2;

/// How to draw a picture, whatever the kind of map.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    /// A close-up: the place at its centre as the user named it (a hex number on a hex map,
    /// the id of a land area or sea zone on an area map) and how far around it to draw
    /// (hexes or steps; `None`: [`HEX_RADIUS`] or [`AREA_RADIUS`]). `None`: the whole map.
    pub around: Option<(String, Option<u32>)>,
    /// Draw the last moves and the battles.
    pub highlights: bool,
    /// Print each hex's number (hex maps only: an area map has none to leave out).
    pub hex_numbers: bool,
    /// Size multiplier, 0.25 to 4.
    pub scale: f64,
    /// Print the pieces' ids on the counters instead of their labels.
    pub ids: bool,
}

impl Default for Choices {
    fn default() -> Choices {
        let hex = grognard_render::Options::default();
        Choices {
            around: None,
            highlights: hex.highlights,
            hex_numbers: hex.hex_numbers,
            scale: hex.scale,
            ids: hex.ids,
        }
    }
}

/// Why a picture was not drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The view's kind of map cannot be drawn here, or the view holds no board of its kind.
    Unsupported(String),
    /// A choice that does not fit this map (a close-up around a place it lacks, an option
    /// only hex maps have, a scale out of range): the user's to change.
    Choice { message: String, hint: Option<String> },
    /// The picture could not be drawn or encoded.
    Failed(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Unsupported(why) | Refusal::Failed(why) | Refusal::Choice { message: why, .. } => f.write_str(why),
        }
    }
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        match refusal {
            Refusal::Unsupported(why) => {
                Failure::new("unsupported-picture", why).hint("`grognard status` describes the position in words")
            }
            Refusal::Choice { message, hint: Some(hint) } => Failure::usage(message).hint(hint),
            Refusal::Choice { message, hint: None } => Failure::usage(message),
            Refusal::Failed(why) => Failure::new("picture", why),
        }
    }
}

fn choice(message: impl Into<String>, hint: impl Into<String>) -> Refusal {
    Refusal::Choice { message: message.into(), hint: Some(hint.into()) }
}

/// The hex board of `view`, or, for another kind of map, why not.
pub fn hex_board(view: &View) -> Result<&BoardView, Refusal> {
    match view.kind {
        ViewKind::Hex => view
            .downcast::<BoardView>()
            .ok_or_else(|| Refusal::Unsupported("the ruleset's hex map view holds no hex board".into())),
        other => Err(Refusal::Unsupported(format!(
            "this game is played on {}, and grognard cannot draw that kind of map here",
            kind(other)
        ))),
    }
}

/// The area board of `view`, or, for another kind of map, why not.
pub fn area_board(view: &View) -> Result<&AreaBoardView, Refusal> {
    match view.kind {
        ViewKind::Area => view
            .downcast::<AreaBoardView>()
            .ok_or_else(|| Refusal::Unsupported("the ruleset's area map view holds no area board".into())),
        other => Err(Refusal::Unsupported(format!("this game is played on {}, not on an area map", kind(other)))),
    }
}

/// The title of the board `view` shows.
pub fn title(view: &View) -> Result<String, Refusal> {
    Ok(match view.kind {
        ViewKind::Area => area_board(view)?.title.clone(),
        _ => hex_board(view)?.title.clone(),
    })
}

/// The picture of `view` as an SVG document, by the renderer of its kind.
pub fn svg(view: &View, choices: &Choices) -> Result<String, Refusal> {
    match view.kind {
        ViewKind::Area => {
            let board = area_board(view)?;
            let options = area_options(board, choices)?;
            grognard_render::area_svg(board, &options).map_err(|e| refused(e, area_example(board)))
        }
        _ => {
            let board = hex_board(view)?;
            let options = hex_options(choices)?;
            grognard_render::svg(board, &options).map_err(|e| refused(e, HEX_AROUND.into()))
        }
    }
}

/// The picture of `view` as a PNG image, by the renderer of its kind.
pub fn png(view: &View, choices: &Choices) -> Result<Vec<u8>, Refusal> {
    png_from_svg(&svg(view, choices)?)
}

/// A picture drawn by [`svg`], rasterised.
pub fn png_from_svg(svg: &str) -> Result<Vec<u8>, Refusal> {
    grognard_render::png_from_svg(svg).map_err(|e| Refusal::Failed(e.to_string()))
}

fn hex_options(choices: &Choices) -> Result<grognard_render::Options, Refusal> {
    let around = match &choices.around {
        Some((text, radius)) => Some((
            HexId::parse(text).map_err(|e| choice(format!("--around: {e}"), "e.g. --around 1833"))?,
            radius.unwrap_or(HEX_RADIUS),
        )),
        None => None,
    };
    Ok(grognard_render::Options {
        around,
        highlights: choices.highlights,
        hex_numbers: choices.hex_numbers,
        scale: choices.scale,
        ids: choices.ids,
    })
}

fn area_options(board: &AreaBoardView, choices: &Choices) -> Result<grognard_render::AreaOptions, Refusal> {
    if !choices.hex_numbers {
        return Err(choice(
            "this game is played on an area map, which has no hex numbers to leave out",
            "leave out --no-hex-numbers",
        ));
    }
    let around = choices.around.as_ref().map(|(place, radius)| (place.clone(), radius.unwrap_or(AREA_RADIUS)));
    if let Some((place, _)) = &around {
        if place.is_empty() {
            return Err(choice("--around: no place named", area_example(board)));
        }
    }
    Ok(grognard_render::AreaOptions { around, highlights: choices.highlights, scale: choices.scale, ids: choices.ids })
}

const HEX_AROUND: &str = "--around takes a hex of the map, e.g. one `grognard status` names";

/// What `--around` takes on the area map of `board`, with an example.
fn area_example(board: &AreaBoardView) -> String {
    let example = board.map.areas().next().map(|a| a.id.as_str()).unwrap_or("paris");
    format!("on an area map --around takes the id of a land area or sea zone, e.g. --around {example}")
}

/// A renderer's refusal; `around`: what `--around` takes on this kind of map.
fn refused(e: grognard_render::RenderError, around: String) -> Refusal {
    use grognard_render::RenderError;
    match e {
        RenderError::NotOnMap(_) | RenderError::PlaceNotOnMap(_) => choice(e.to_string(), around),
        RenderError::BadScale(_) => Refusal::Choice { message: e.to_string(), hint: None },
        _ => Refusal::Failed(e.to_string()),
    }
}

/// The kind of map with its article, for messages.
pub fn kind(kind: ViewKind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// A small area map view (two land areas, a sea zone, a fleet and a corps) for the tests of
/// every path that draws pictures.
#[cfg(test)]
pub mod testing {
    use grognard_board::{AreaBoardView, AreaLocation, AreaMap, AreaPieceView, Glyph, LegendEntry, SideView};
    use grognard_engine::{View, ViewKind};
    use std::sync::Arc;

    const MAP: &str = "[map]\ngame = t\ntitle = Tiny\nwidth = 400\nheight = 300\n[nations]\na major x Alpha\n\
                       [provinces]\np a home x Province\n[areas]\nx p clear 3 - 100 150 Ex Plain\n\
                       y p forest 2 - 300 150 Why Woods\n[cities]\nx 2 - Ex Town\n[land]\nx: y\ny: x\n";

    pub fn area_board() -> AreaBoardView {
        let map = AreaMap::parse(MAP).unwrap_or_else(|e| panic!("{e}"));
        let piece = AreaPieceView {
            id: "a-1".into(),
            location: AreaLocation::Land("x".into()),
            side: 0,
            nation: "a".into(),
            symbol: "corps".into(),
            size: String::new(),
            factors: "6".into(),
            label: "I".into(),
            colour: None,
        };
        AreaBoardView {
            map: Arc::new(map),
            title: "Tiny — a test position".into(),
            turn: None,
            sides: vec![SideView {
                name: "Alpha".into(),
                vp: 4,
                colour: [52, 92, 168],
                text_colour: [255; 3],
                unit: String::new(),
            }],
            pieces: vec![piece],
            control: vec![("x".into(), 0)],
            markers: Vec::new(),
            highlights: Vec::new(),
            legend: vec![LegendEntry { id: "corps".into(), label: "Corps".into(), glyph: Glyph::Infantry }],
            hidden: Vec::new(),
            boxes: Vec::new(),
        }
    }

    pub fn area_view() -> View {
        View::new(ViewKind::Area, area_board())
    }
}

#[cfg(test)]
mod tests {
    use super::testing::area_view;
    use super::*;

    #[test]
    fn a_view_that_holds_no_board_of_its_kind_is_an_error_not_a_panic() {
        let view = View::new(ViewKind::Hex, "not a board");
        let why = hex_board(&view).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(why.contains("holds no hex board"), "{why}");
        assert!(matches!(svg(&view, &Choices::default()), Err(Refusal::Unsupported(_))));
        let view = View::new(ViewKind::Area, "not a board");
        let why = area_board(&view).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(why.contains("holds no area board"), "{why}");
        let why = hex_board(&view).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(why.contains("played on an area map"), "{why}");
        assert!(matches!(png(&view, &Choices::default()), Err(Refusal::Unsupported(_))));
        assert!(title(&view).is_err());
    }

    #[test]
    fn an_area_view_is_drawn_by_the_area_renderer_as_svg_and_png() {
        let view = area_view();
        let drawn = svg(&view, &Choices::default()).unwrap_or_else(|e| panic!("{e}"));
        assert!(drawn.starts_with("<svg") && drawn.contains("Why Woods") && drawn.contains(">Corps<"));
        let board = area_board(&view).unwrap_or_else(|e| panic!("{e}"));
        let direct = grognard_render::area_svg(board, &grognard_render::AreaOptions::default());
        assert_eq!(Ok(drawn), direct.map_err(|e| e.to_string()), "the default choices are the renderer's defaults");
        let png = png(&view, &Choices::default()).unwrap_or_else(|e| panic!("{e}"));
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(title(&view), Ok("Tiny — a test position".to_string()));
        let ids = svg(&view, &Choices { ids: true, ..Choices::default() }).unwrap_or_default();
        assert!(ids.contains(">a-1<"), "ids go on the counters");
    }

    #[test]
    fn an_area_close_up_takes_a_place_and_refuses_a_hex_or_a_hex_only_option_with_words_of_areas() {
        let view = area_view();
        let close = Choices { around: Some(("y".into(), None)), ..Choices::default() };
        let drawn = svg(&view, &close).unwrap_or_else(|e| panic!("{e}"));
        assert!(drawn.contains("Close-up: the areas within 2 steps of Why Woods"), "the default radius is 2 steps");
        let one = Choices { around: Some(("y".into(), Some(1))), ..Choices::default() };
        assert!(svg(&view, &one).unwrap_or_default().contains("within 1 step of Why Woods"));
        let hex = Choices { around: Some(("1833".into(), None)), ..Choices::default() };
        match svg(&view, &hex) {
            Err(Refusal::Choice { message, hint }) => {
                assert_eq!(message, "land area or sea zone 1833 is not on the map");
                assert!(!message.contains("hex"), "{message}");
                let hint = hint.unwrap_or_default();
                assert!(hint.contains("land area or sea zone") && hint.contains("--around x"), "{hint}");
            }
            other => panic!("{other:?}"),
        }
        let failure = Failure::from(svg(&view, &hex).err().unwrap_or(Refusal::Failed(String::new())));
        assert!(failure.usage, "a choice to change is a usage error");
        let numbers = Choices { hex_numbers: false, ..Choices::default() };
        let why = svg(&view, &numbers).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(why.contains("area map, which has no hex numbers"), "{why}");
        let empty = Choices { around: Some((String::new(), None)), ..Choices::default() };
        assert!(matches!(svg(&view, &empty), Err(Refusal::Choice { .. })));
        let scale = Choices { scale: 9.0, ..Choices::default() };
        assert!(matches!(svg(&view, &scale), Err(Refusal::Choice { hint: None, .. })));
    }
}
