//! What a picture of a game shows, as a neutral value: the engine knows no map.
//!
//! A ruleset fills a [`View`] of its own kind (a hex board, an area map) and the program that
//! draws pictures picks its renderer by the view's [`ViewKind`], then takes the value out
//! with [`View::downcast`] to the type that kind stands for. The engine never looks
//! inside: a new kind of map needs a new kind and a renderer, not a change here.

use crate::PlayerId;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::sync::Arc;

/// The kind of picture a [`View`] holds, which chooses the renderer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum ViewKind {
    /// A hex map: the value is a `grognard_board::BoardView`.
    Hex,
    /// A map of areas and sea zones and their connections, as Empires in Arms is played on:
    /// the value is a `grognard_board::AreaBoardView`.
    Area,
}

impl ViewKind {
    /// A word for the kind, for messages.
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::Hex => "hex map",
            ViewKind::Area => "area map",
        }
    }
}

/// Whom a view is for. Every ruleset today shows everything to everyone, so the two give
/// the same view; the viewer is there for rulesets with hidden information (units seen
/// only by their owner, fog of war), which will show each player only what that player
/// may see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// Anyone: what every player may see (e.g. a picture mailed to all the players).
    Everyone,
    /// One player: what this player may see.
    Player(PlayerId),
}

/// A ruleset's picture of a game state: its kind and a value of the type that kind stands
/// for. Cheap to clone (the value is shared, never copied or serialized).
#[derive(Clone)]
pub struct View {
    /// The kind of picture, which picks the renderer.
    pub kind: ViewKind,
    value: Arc<dyn Any + Send + Sync>,
}

impl View {
    /// A view of `kind` holding `value` (for [`ViewKind::Hex`], a `grognard_board::BoardView`;
    /// for [`ViewKind::Area`], a `grognard_board::AreaBoardView`).
    pub fn new<T: Any + Send + Sync>(kind: ViewKind, value: T) -> View {
        View { kind, value: Arc::new(value) }
    }

    /// The value, if it is a `T`.
    pub fn downcast<T: 'static>(&self) -> Option<&T> {
        self.value.downcast_ref::<T>()
    }
}

impl std::fmt::Debug for View {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("View").field("kind", &self.kind).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_gives_back_its_value_only_as_its_own_type() {
        let view = View::new(ViewKind::Hex, String::from("a board"));
        assert_eq!(view.kind, ViewKind::Hex);
        assert_eq!(view.downcast::<String>().map(String::as_str), Some("a board"));
        assert!(view.downcast::<u32>().is_none());
        let copy = view.clone();
        assert!(std::ptr::eq(copy.downcast::<String>().unwrap(), view.downcast::<String>().unwrap()));
        assert_eq!(format!("{view:?}"), "View { kind: Hex, .. }");
    }
}
