//! 7.7 fog of war, work in progress: a concealed ground move applied whole by its owner and
//! by its projection alone by the other side leaves both copies with the same public part:
//! the same counters in every hex, the same tops, the same provenance; the opponent cannot
//! name the units beneath the top, and its presence checks still see them.

use grognard_engine::{Concealed, NoDice, PlayerId, Ruleset, Seats, Setup};
use grognard_fnc::movement::concealed::counters;
use grognard_fnc::scenario::{game_of_setup, FOG_OF_WAR};
use grognard_fnc::{Command, Ctx, Fnc, Location, Side, State};

fn start() -> (&'static Ctx, State) {
    let setup = Setup::scenario("ec-historical").with_options([FOG_OF_WAR.to_string()]);
    let ctx = Ctx::embedded(game_of_setup(&setup).expect("ec")).expect("data");
    let info = Fnc.scenario_of(&setup).expect("ec-historical");
    let ids: Vec<Vec<String>> = info.powers.iter().map(|p| vec![p.id.clone()]).collect();
    let seats = Seats::new(&info.powers, &ids).expect("seats");
    (ctx, Fnc.setup(&setup, &seats).expect("setup"))
}

#[test]
fn rule_7_7_a_concealed_move_leaves_both_copies_the_same_public_part() {
    let (ctx, state) = start();
    assert!(state.fog.is_some(), "the option plays fog of war");
    let mover = state.owners[state.phasing.index()];
    // A move of two units out of a stack of at least three: part of a stack leaves.
    let side = state.phasing;
    let mut command = None;
    'search: for c in Fnc.legal_commands(&state, mover) {
        let Command::Move { units, path, from: Some(grognard_fnc::command::Place::Hex(h)), .. } = c else { continue };
        if units.len() != 1 || counters(ctx, &state, h, side) < 3 {
            continue;
        }
        for mate in ctx.side_units_in(&state, h, side) {
            let pair = vec![units[0].clone(), mate.clone()];
            let plain = Command::Move { units: pair.clone(), path: path.clone(), from: None, left_top: None };
            if *mate != units[0] && Fnc.apply(&state, mover, &plain, &mut NoDice).is_ok() {
                command = Fnc.complete(&state, mover, plain).ok();
                break 'search;
            }
        }
    }
    let command = command.expect("a move of two units out of a larger stack");
    let public = Fnc.conceal(&state, mover, &command).expect("a ground move is concealed under fog");
    let Command::Moved { count, ref top, .. } = public else { panic!("not a projection: {public:?}") };
    assert_eq!(count, 2);
    let own = Fnc
        .apply_concealed(
            &state,
            mover,
            &Concealed { index: 0, public: public.clone(), full: Some(command.clone()), opened: false },
            &mut NoDice,
        )
        .expect("the owner applies it whole")
        .state;
    let seen = Fnc
        .apply_concealed(
            &state,
            mover,
            &Concealed { index: 0, public: public.clone(), full: None, opened: false },
            &mut NoDice,
        )
        .expect("the other side applies its projection")
        .state;
    let side = state.phasing;
    let mut hexes: Vec<_> = own.units.values().filter_map(Location::hex).collect();
    hexes.sort();
    hexes.dedup();
    for h in hexes {
        for s in Side::BOTH {
            assert_eq!(counters(ctx, &own, h, s), counters(ctx, &seen, h, s), "counters of {s:?} in {h}");
        }
    }
    let (of, ff) = (own.fog.as_ref().expect("fog"), seen.fog.as_ref().expect("fog"));
    assert_eq!(of.tops, ff.tops, "the same tops");
    assert_eq!(of.provenance, ff.provenance, "the same provenance");
    assert!(of.unseen.is_empty(), "the owner names all of its own units");
    let Command::Move { units, path, .. } = &command else { unreachable!() };
    let to = *path.last().expect("a path");
    assert_eq!(seen.units.get(top), Some(&Location::Hex(to)), "the top is seen where it went");
    assert_eq!(seen.units.get(&units[1]), Some(&Location::Unseen), "the unit beneath is not named");
    assert_eq!(seen.fog.as_ref().and_then(|f| f.unseen.get(&to)).map(|c| c[side.index()]), Some(1));
    // The other side's presence checks count the unseen counter: the hex is held.
    assert_eq!(ctx.occupant(&seen, to), Some(side));
    let _ = PlayerId(0);
}
