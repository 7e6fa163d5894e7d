//! What a viewer may know of the corps' strengths (2.4.2), at the boundary where a client
//! presents a game: summaries, pictures, the state's JSON and the bots' views pass through
//! [`player_view`]; and the client's completion of a command from what its player knows.

use crate::command::{Command, Holder};
use crate::state::{Corps, State};
use grognard_engine::Viewer;

/// Does `viewer` know the factors of `corps`? Its power's player does; everyone does once
/// every command in its veil is opened in the journal.
pub fn knows(state: &State, viewer: Viewer, corps: &Corps) -> bool {
    if corps.veil.iter().all(|v| v.opened) {
        return true;
    }
    match viewer {
        Viewer::Everyone => false,
        Viewer::Player(p) => state.controller_of_nation(corps.side()).and_then(|c| state.player_of(c)) == Some(p.0),
    }
}

/// Is the strength of `corps` hidden in a view (its factors taken out)?
pub fn hidden(corps: &Corps) -> bool {
    !corps.veil.is_empty() && corps.factors.is_empty()
}

/// `state` as `viewer` may see it: the factors of the corps it may not know taken out.
pub fn player_view(state: &State, viewer: Viewer) -> State {
    let mut seen = state.clone();
    for c in seen.corps.values_mut() {
        if !knows(state, viewer, c) {
            c.factors = Default::default();
        }
    }
    seen
}

/// Fill in what a command must say that only its author knows (2.4.2): a transfer or a
/// choice of losses that takes a corps' last factors says `emptying`.
pub fn complete(state: &State, command: Command) -> Command {
    match command {
        Command::Transfer { count, kind, from, to, .. } => {
            let emptying = matches!(&from, Holder::Corps(c) if state.corps.get(c).is_some_and(|k| k.factors.total() == count && k.factors.get(kind) == count));
            Command::Transfer { count, kind, from, to, emptying }
        }
        Command::Lose { losses, .. } => {
            let emptying =
                state.losses.first().and_then(|d| state.corps.get(&d.corps)).is_some_and(|c| c.factors == losses);
            Command::Lose { losses, emptying }
        }
        other => other,
    }
}
