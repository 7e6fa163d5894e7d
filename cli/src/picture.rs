//! Which renderer draws a ruleset's view: its kind decides. The engine knows no map, so a
//! view is a neutral value; only hex boards (`grognard_board::BoardView`, drawn by
//! `grognard-render`) can be drawn so far.

use grognard_board::BoardView;
use grognard_engine::{View, ViewKind};

/// The hex board of `view`, or, for a kind of map no renderer draws yet, why not.
pub fn hex_board(view: &View) -> Result<&BoardView, String> {
    match view.kind {
        ViewKind::Hex => {
            view.downcast::<BoardView>().ok_or_else(|| "the ruleset's hex map view holds no hex board".to_string())
        }
        other => {
            Err(format!("this game is played on a {}, and grognard cannot draw that kind of map yet", other.name()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_that_holds_no_board_of_its_kind_is_an_error_not_a_panic() {
        let view = View::new(ViewKind::Hex, "not a board");
        let why = hex_board(&view).err().unwrap_or_default();
        assert!(why.contains("holds no hex board"), "{why}");
    }
}
