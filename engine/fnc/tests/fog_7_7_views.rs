//! 7.7 fog of war, the views (engine/fnc/FOG_OF_WAR.md section 8): "You may not look beneath
//! the top unit of any enemy stack". After concealed moves of part of a stack, the owner's
//! copy and the opponent's copy give the same view for everyone; no view or picture meant
//! for the opponent names a unit beneath a top; the owner sees all of its own units; and
//! without fog a view is the state itself.

use grognard_board::BoardView;
use grognard_engine::{Concealed, NoDice, PlayerId, Ruleset, Seats, Setup, Viewer};
use grognard_fnc::movement::concealed::counters;
use grognard_fnc::scenario::{game_of_setup, FOG_OF_WAR};
use grognard_fnc::{Command, Ctx, Fnc, Location, State, UnitId};
use std::collections::BTreeSet;

fn start(options: &[&str]) -> (&'static Ctx, State) {
    let setup = Setup::scenario("ec-historical").with_options(options.iter().map(|o| o.to_string()));
    let ctx = Ctx::embedded(game_of_setup(&setup).expect("ec")).expect("data");
    let info = Fnc.scenario_of(&setup).expect("ec-historical");
    let ids: Vec<Vec<String>> = info.powers.iter().map(|p| vec![p.id.clone()]).collect();
    let seats = Seats::new(&info.powers, &ids).expect("seats");
    (ctx, Fnc.setup(&setup, &seats).expect("setup"))
}

/// A completed move of two units out of a stack of at least three of the phasing side, in
/// the owner's copy `state`.
fn partial_move(ctx: &Ctx, state: &State) -> Option<Command> {
    let side = state.phasing;
    let mover = state.owners[side.index()];
    for c in Fnc.legal_commands(state, mover) {
        let Command::Move { units, path, .. } = c else { continue };
        let Some(Location::Hex(h)) = units.first().and_then(|u| state.units.get(u)).cloned() else { continue };
        if units.len() != 1 || counters(ctx, state, h, side) < 3 {
            continue;
        }
        for mate in ctx.side_units_in(state, h, side) {
            let pair = vec![units[0].clone(), mate.clone()];
            let plain = Command::Move { units: pair, path: path.clone(), from: None, left_top: None };
            if *mate != units[0] && Fnc.apply(state, mover, &plain, &mut NoDice).is_ok() {
                return Fnc.complete(state, mover, plain).ok();
            }
        }
    }
    None
}

/// Both copies of one game: the owner's (the phasing side's moves applied whole) and the
/// opponent's (their projections alone), after `moves` concealed moves of part of a stack.
fn two_copies(moves: u32) -> (&'static Ctx, State, State) {
    let (ctx, state) = start(&[FOG_OF_WAR]);
    assert!(state.fog.is_some(), "the option plays fog of war");
    let mover = state.owners[state.phasing.index()];
    let (mut own, mut seen) = (state.clone(), state);
    for index in 0..moves {
        let command = partial_move(ctx, &own).expect("a move of two units out of a larger stack");
        let public = Fnc.conceal(&own, mover, &command).expect("a ground move is concealed under fog");
        let whole = Concealed { index, public: public.clone(), full: Some(command), opened: false };
        own = Fnc.apply_concealed(&own, mover, &whole, &mut NoDice).expect("the owner applies it whole").state;
        let projected = Concealed { index, public, full: None, opened: false };
        seen = Fnc.apply_concealed(&seen, mover, &projected, &mut NoDice).expect("the projection applies").state;
    }
    (ctx, own, seen)
}

/// The units a copy cannot name.
fn unseen(state: &State) -> BTreeSet<UnitId> {
    state.units.iter().filter(|(_, l)| **l == Location::Unseen).map(|(u, _)| u.clone()).collect()
}

/// The ids of `hidden` that occur, quoted, in `json`.
fn named_in(json: &str, hidden: &BTreeSet<UnitId>) -> Vec<UnitId> {
    hidden.iter().filter(|u| json.contains(&format!("\"{u}\""))).cloned().collect()
}

fn board(state: &State, viewer: Viewer) -> BoardView {
    let view = Fnc.view(state, viewer).expect("FNC draws a hex board");
    view.downcast::<BoardView>().cloned().expect("a hex view holds a BoardView")
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializes")
}

fn opponent(state: &State) -> PlayerId {
    state.owners[state.phasing.other().index()]
}

#[test]
fn rule_7_7_both_copies_give_the_same_view_for_everyone() {
    for moves in 1..=3 {
        let (_, own, seen) = two_copies(moves);
        assert!(!unseen(&seen).is_empty(), "the opponent's copy cannot name the units beneath a top");
        let from_owner = Fnc.player_view(&own, Viewer::Everyone);
        let from_opponent = Fnc.player_view(&seen, Viewer::Everyone);
        assert_eq!(json(&from_owner), json(&from_opponent), "after {moves} concealed moves");
        // The public names no more than the opponent's copy: every unit that copy cannot name
        // is out of the view.
        let hidden = unseen(&seen);
        assert!(hidden.iter().all(|u| !from_owner.units.contains_key(u)), "after {moves} concealed moves");
        // The opponent's own view of its copy is the public view: it runs none of the units it
        // cannot name.
        let opp = Fnc.player_view(&seen, Viewer::Player(opponent(&seen)));
        assert_eq!(json(&opp), json(&from_opponent));
        assert_eq!(
            board(&own, Viewer::Everyone),
            board(&seen, Viewer::Everyone),
            "both copies draw the same picture for everyone"
        );
    }
}

#[test]
fn rule_7_7_no_view_for_the_opponent_names_a_unit_beneath_a_top() {
    let (_, own, seen) = two_copies(3);
    let hidden = unseen(&seen);
    let opp = opponent(&seen);
    for (what, text) in [
        ("the owner's copy for everyone", json(&Fnc.player_view(&own, Viewer::Everyone))),
        ("the owner's copy for the opponent", json(&Fnc.player_view(&own, Viewer::Player(opp)))),
        ("the opponent's copy for the opponent", json(&Fnc.player_view(&seen, Viewer::Player(opp)))),
        ("the opponent's copy for everyone", json(&Fnc.player_view(&seen, Viewer::Everyone))),
        ("the picture of the owner's copy for everyone", json(&board(&own, Viewer::Everyone))),
        ("the picture of the owner's copy for the opponent", json(&board(&own, Viewer::Player(opp)))),
        ("the picture of the opponent's copy", json(&board(&seen, Viewer::Player(opp)))),
    ] {
        assert_eq!(named_in(&text, &hidden), Vec::<UnitId>::new(), "{what} names hidden units");
    }
    // The owner's own copy does name them: the search would find a leak.
    assert_eq!(named_in(&json(&own), &hidden), hidden.iter().cloned().collect::<Vec<_>>());
}

#[test]
fn rule_7_7_a_picture_shows_each_stack_by_its_top_and_its_number_of_counters() {
    let (ctx, own, seen) = two_copies(2);
    let side = own.phasing;
    let fog = own.fog.as_ref().expect("fog");
    let picture = board(&own, Viewer::Everyone);
    let drawn_in = |hex| {
        picture
            .pieces
            .iter()
            .filter(|p| p.location == grognard_board::PieceLocation::Hex(hex) && p.side == side.index())
            .map(|p| p.id.clone())
            .collect::<Vec<_>>()
    };
    let mut stacks = 0;
    for (hex, set) in &fog.provenance[side.index()] {
        let n = counters(ctx, &own, *hex, side);
        if set.is_empty() || n == 0 {
            continue;
        }
        stacks += 1;
        let top = fog.tops.get(hex).expect("a stack has a public top");
        let fleets = drawn_in(*hex).into_iter().filter(|u| !grognard_fnc::stacking::counts(ctx, u)).count();
        let shown: Vec<UnitId> =
            drawn_in(*hex).into_iter().filter(|u| grognard_fnc::stacking::counts(ctx, u)).collect();
        assert_eq!(shown, vec![top.clone()], "only the top of {hex} is drawn (besides {fleets} fleets)");
        assert_eq!(shown.len() + picture.hidden_in(*hex), n, "the stack in {hex} shows its {n} counters");
        assert_eq!(counters(ctx, &seen, *hex, side), n, "the opponent's copy counts them too");
    }
    assert!(stacks >= 2, "the moves left stacks of several counters with a public top");
    // The owner's own picture draws every unit, face up.
    let mover = own.owners[side.index()];
    let mine = board(&own, Viewer::Player(mover));
    assert!(mine.hidden.iter().all(|h| h.side != side.index()));
    for (unit, at) in &own.units {
        if ctx.side_of(unit) == Some(side) && at.hex().is_some() {
            assert!(mine.pieces.iter().any(|p| &p.id == unit), "{unit} is drawn for its owner");
        }
    }
}

#[test]
fn rule_7_7_the_owner_sees_all_of_its_own_units() {
    let (ctx, own, seen) = two_copies(3);
    let side = own.phasing;
    let mover = own.owners[side.index()];
    let mine = Fnc.player_view(&own, Viewer::Player(mover));
    for (unit, at) in &own.units {
        if ctx.side_of(unit) == Some(side) {
            assert_eq!(mine.units.get(unit), Some(at), "{unit} as its owner knows it");
        }
    }
    assert!(unseen(&mine).is_empty(), "the owner names every unit of its copy");
    assert_eq!(mine.units, own.units);
    assert_eq!(mine.book, own.book, "its own moves stay recorded for the owner");
    // The opponent's copy never names those units, whoever it is viewed for.
    let theirs = Fnc.player_view(&seen, Viewer::Player(mover));
    assert!(unseen(&seen).iter().all(|u| !theirs.units.contains_key(u)));
}

#[test]
fn rule_7_7_without_fog_a_view_is_the_state_itself() {
    let (ctx, state) = start(&[]);
    assert!(state.fog.is_none(), "stacks are open without the option");
    let mover = state.owners[state.phasing.index()];
    let mut after = state.clone();
    if let Some(command) = partial_move(ctx, &state) {
        after = Fnc.apply(&state, mover, &command, &mut NoDice).expect("an open move").state;
    }
    assert_ne!(after, state, "a move was made");
    for s in [&state, &after] {
        for viewer in [Viewer::Everyone, Viewer::Player(s.owners[0]), Viewer::Player(s.owners[1])] {
            let view = Fnc.player_view(s, viewer);
            assert_eq!(&view, s, "{viewer:?}");
            assert_eq!(json(&view), json(s));
            let picture = board(s, viewer);
            assert!(picture.hidden.is_empty());
            assert!(!json(&picture).contains("\"hidden\""), "an open picture keeps its old form");
        }
    }
}
