//! Which renderer draws a ruleset's view: its kind decides. The engine knows no map, so a
//! view is a neutral value: hex boards (`grognard_board::BoardView`) and area maps
//! (`grognard_board::AreaBoardView`) are drawn by `grognard-render`.

use grognard_board::{AreaBoardView, BoardView};
use grognard_engine::{View, ViewKind};

/// The hex board of `view`, or, for another kind of map, why not.
pub fn hex_board(view: &View) -> Result<&BoardView, String> {
    match view.kind {
        ViewKind::Hex => {
            view.downcast::<BoardView>().ok_or_else(|| "the ruleset's hex map view holds no hex board".to_string())
        }
        other => Err(format!("this game is played on {}, and grognard cannot draw that kind of map here", kind(other))),
    }
}

/// The area board of `view`, or, for another kind of map, why not.
#[allow(dead_code, reason = "the callers of `hex_board` (show, replayed, mailer) move to `svg`")]
pub fn area_board(view: &View) -> Result<&AreaBoardView, String> {
    match view.kind {
        ViewKind::Area => view
            .downcast::<AreaBoardView>()
            .ok_or_else(|| "the ruleset's area map view holds no area board".to_string()),
        other => Err(format!("this game is played on {}, not on an area map", kind(other))),
    }
}

/// The picture of `view` as an SVG document, by the renderer of its kind. `options` are a
/// hex board's; an area map takes their scale, highlights and ids, and draws the whole map
/// (a close-up around a hex means nothing on it).
#[allow(dead_code, reason = "the callers of `hex_board` (show, replayed, mailer) move to it")]
pub fn svg(view: &View, options: &grognard_render::Options) -> Result<String, String> {
    match view.kind {
        ViewKind::Area => {
            if let Some((hex, _)) = options.around {
                return Err(format!("this game is played on an area map, which has no hex {hex} to draw around"));
            }
            let area = grognard_render::AreaOptions {
                around: None,
                highlights: options.highlights,
                scale: options.scale,
                ids: options.ids,
            };
            grognard_render::area_svg(area_board(view)?, &area).map_err(|e| e.to_string())
        }
        _ => grognard_render::svg(hex_board(view)?, options).map_err(|e| e.to_string()),
    }
}

/// The kind of map with its article, for messages.
fn kind(kind: ViewKind) -> String {
    let name = kind.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_board::AreaMap;
    use std::sync::Arc;

    #[test]
    fn a_view_that_holds_no_board_of_its_kind_is_an_error_not_a_panic() {
        let view = View::new(ViewKind::Hex, "not a board");
        let why = hex_board(&view).err().unwrap_or_default();
        assert!(why.contains("holds no hex board"), "{why}");
        let view = View::new(ViewKind::Area, "not a board");
        let why = area_board(&view).err().unwrap_or_default();
        assert!(why.contains("holds no area board"), "{why}");
        let why = hex_board(&view).err().unwrap_or_default();
        assert!(why.contains("played on an area map"), "{why}");
    }

    #[test]
    fn an_area_view_is_drawn_by_the_area_renderer() {
        let map = "[map]\ngame = t\ntitle = Tiny\nwidth = 400\nheight = 300\n[nations]\na major x Alpha\n\
                   [provinces]\np a home x Province\n[areas]\nx p clear 3 - 100 150 Ex Plain\n\
                   y p forest 2 - 300 150 Why Woods\n[cities]\nx 2 - Ex Town\n[land]\nx: y\ny: x\n";
        let map = AreaMap::parse(map).unwrap_or_else(|e| panic!("{e}"));
        let board = AreaBoardView {
            map: Arc::new(map),
            title: "Tiny".into(),
            turn: None,
            sides: Vec::new(),
            pieces: Vec::new(),
            control: Vec::new(),
            markers: Vec::new(),
            highlights: Vec::new(),
            legend: Vec::new(),
            hidden: Vec::new(),
            boxes: Vec::new(),
        };
        let view = View::new(ViewKind::Area, board);
        let drawn = svg(&view, &grognard_render::Options::default()).unwrap_or_else(|e| panic!("{e}"));
        assert!(drawn.starts_with("<svg") && drawn.contains("Why Woods"));
    }
}
