//! Look-alike corps counters (2.4.2): counters of one nation with the same face standing
//! together cannot be told apart by the other players, so a power ending its step shuffles
//! them in secret (`lookalike.rs`): the strength a player saw on one of them no longer tells
//! where it went. The per-copy simulation of whole random games is
//! `tests/acceptance/tests/copies_eia.rs`.

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::scenario::OPTION_HIDDEN;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::{LeaderPlace, State, Veil};
use grognard_eia::veiled::Veiled;
use grognard_eia::Eia;
use grognard_engine::{ApplyError, Concealed, NoDice, PlayerId, Ruleset, Viewer};
use support::*;

const FRANCE: PlayerId = PlayerId(0);
const AUSTRIA: PlayerId = PlayerId(3);

/// France's land movement step, hidden strengths: fr-3 (12) and fr-4 (4), two infantry
/// corps, stand together in Alsace; the Guard, a cavalry corps and fr-5 elsewhere too.
fn alsace() -> State {
    let mut state = bare();
    state.options.push(OPTION_HIDDEN.to_string());
    corps(&mut state, "fr-3", "france", "alsace", 12);
    corps(&mut state, "fr-4", "france", "alsace", 4);
    corps(&mut state, "fr-guard", "france", "alsace", 6);
    corps(&mut state, "fr-5", "france", "lorraine", 9);
    state
}

fn parse(text: &str) -> Command {
    Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `player`'s concealed `command` applied whole (`known`) or by its projection alone.
fn concealed(state: &State, player: PlayerId, command: &Command, known: bool) -> Result<State, ApplyError> {
    let public = Eia.conceal(state, player, command).unwrap_or_else(|| panic!("{command} is not concealed"));
    let c = Concealed { index: 7, public, full: known.then(|| command.clone()), opened: false };
    Eia.apply_concealed(state, player, &c, &mut NoDice).map(|a| a.state)
}

fn strength(state: &State, viewer: Viewer, corps: &str) -> u16 {
    Eia.player_view(state, viewer).corps[corps].factors.total()
}

#[test]
fn r2_4_2_look_alike_counters_standing_together_are_shuffled_in_secret_as_the_step_ends() {
    let state = alsace();
    let shuffle = parse("end shuffling fr-3/fr-4");
    let public = Eia.conceal(&state, FRANCE, &shuffle);
    assert_eq!(public, Eia.conceal(&state, FRANCE, &Command::End), "a shuffle that moves nothing looks the same");
    match &public {
        Some(Command::Veiled(Veiled::Shuffled { groups, command })) => {
            assert_eq!(groups, &vec![vec!["fr-3".to_string(), "fr-4".to_string()]], "the Guard looks different");
            assert_eq!(**command, Command::End);
        }
        other => panic!("{other:?}"),
    }
    let author = concealed(&state, FRANCE, &shuffle, true).unwrap_or_else(|e| panic!("{e:?}"));
    let other = concealed(&state, FRANCE, &shuffle, false).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(strength(&author, Viewer::Player(FRANCE), "fr-3"), 4, "the owner knows where each strength is");
    assert_eq!(strength(&author, Viewer::Player(FRANCE), "fr-4"), 12);
    for s in [&author, &other] {
        assert_ne!(s.sequence, state.sequence, "France's step ended");
        for c in ["fr-3", "fr-4"] {
            assert_eq!(strength(s, Viewer::Player(AUSTRIA), c), 0, "{c}'s strength is hidden from Austria");
            assert_eq!(
                s.corps[c].veil.iter().copied().collect::<Vec<_>>(),
                vec![Veil { player: 0, index: 7, opened: false }]
            );
        }
        assert_eq!(strength(s, Viewer::Player(AUSTRIA), "fr-guard"), 6, "a counter unlike the others stays known");
        assert_eq!(strength(s, Viewer::Player(AUSTRIA), "fr-5"), 9);
    }
    let everyone = |s: &State| serde_json::to_value(Eia.player_view(s, Viewer::Everyone)).unwrap_or_default();
    assert_eq!(everyone(&author), everyone(&other), "every copy shows everyone the same");
    // Opened (a battle needs one of them, 7.5.2.6.3), every copy knows both again.
    let opened = Concealed {
        index: 7,
        public: public.clone().unwrap_or(Command::End),
        full: Some(shuffle.clone()),
        opened: true,
    };
    let known = Eia.apply_concealed(&state, FRANCE, &opened, &mut NoDice).unwrap_or_else(|e| panic!("{e:?}")).state;
    assert_eq!(strength(&known, Viewer::Player(AUSTRIA), "fr-3"), 4);
    assert_eq!(strength(&known, Viewer::Player(AUSTRIA), "fr-4"), 12);
}

#[test]
fn r2_4_2_the_private_draw_fills_in_a_shuffle_and_leaves_other_ends_alone() {
    let state = alsace();
    let mut moved = 0;
    for k in 0u8..64 {
        let drawn = Eia.private_draw(&state, FRANCE, Command::End, &[k; 32]);
        match &drawn {
            Command::EndShuffling { swaps } => moved += usize::from(!swaps.is_empty()),
            other => panic!("{other}"),
        }
        assert!(concealed(&state, FRANCE, &drawn, true).is_ok(), "{drawn}");
    }
    assert!((16..=48).contains(&moved), "about half the draws swap a pair: {moved} of 64");
    // Not France's turn, another command, or nobody alike: nothing to draw.
    assert_eq!(Eia.private_draw(&state, AUSTRIA, Command::End, &[1; 32]), Command::End);
    assert_eq!(Eia.private_draw(&state, FRANCE, parse("forage fr-3"), &[1; 32]), parse("forage fr-3"));
    let mut apart = state.clone();
    if let Some(c) = apart.corps.get_mut("fr-4") {
        c.area = "lorraine".into();
    }
    let mut fr5 = apart.clone();
    fr5.corps.remove("fr-5");
    assert_eq!(Eia.private_draw(&fr5, FRANCE, Command::End, &[1; 32]), Command::End);
    assert_eq!(Eia.conceal(&fr5, FRANCE, &Command::End), None, "an end with nothing to shuffle is public");
    // Without hidden strengths there is nothing to hide.
    let mut open = alsace();
    open.options.clear();
    assert_eq!(Eia.private_draw(&open, FRANCE, Command::End, &[1; 32]), Command::End);
    assert_eq!(Eia.conceal(&open, FRANCE, &parse("end shuffling fr-3/fr-4")), None);
    let e = Eia.apply(&open, FRANCE, &parse("end shuffling fr-3/fr-4"), &mut NoDice).err();
    assert!(format!("{e:?}").contains("2.4.2"), "{e:?}");
}

#[test]
fn r2_4_2_counters_told_apart_in_public_are_not_shuffled() {
    // fr-4 is in the city, fr-6 owes losses, the Guard has another face: none looks like
    // another. fr-3 has Davout with it: it still looks like fr-7.
    let mut state = alsace();
    corps(&mut state, "fr-6", "france", "alsace", 3);
    corps(&mut state, "fr-7", "france", "alsace", 3);
    state.leaders.insert("davout".into(), LeaderPlace::Corps("fr-3".into()));
    if let Some(c) = state.corps.get_mut("fr-4") {
        c.in_city = true;
    }
    state.losses.push(grognard_eia::state::LossDue {
        power: grognard_eia::Power::France,
        corps: "fr-6".into(),
        count: 1,
        rule: "7.4.1.3".into(),
    });
    let groups = grognard_eia::lookalike::groups(ctx(), &state, grognard_eia::Power::France);
    assert_eq!(groups, vec![vec!["fr-3".to_string(), "fr-7".to_string()]]);
    state.losses.clear();
    state.corps.remove("fr-6");
    let e = concealed(&state, FRANCE, &parse("end shuffling fr-3/fr-4"), true).err();
    assert!(format!("{e:?}").contains("2.4.2"), "{e:?}");
    // An Austrian corps in the same area is never France's to shuffle.
    corps(&mut state, "au-2", "austria", "alsace", 3);
    let e = concealed(&state, FRANCE, &parse("end shuffling fr-7/au-2"), true).err();
    assert!(format!("{e:?}").contains("2.4.2"), "{e:?}");
}

#[test]
fn r2_4_2_a_leader_keeps_his_counter_and_its_strength_unless_the_owner_shuffles_it() {
    // The client's draw leaves Davout's counter as it is; France may still bluff and move
    // the strengths under him, and the others cannot tell which it did.
    let mut state = alsace();
    state.leaders.insert("davout".into(), LeaderPlace::Corps("fr-3".into()));
    for k in 0u8..32 {
        let drawn = Eia.private_draw(&state, FRANCE, Command::End, &[k; 32]);
        assert_eq!(drawn, Command::EndShuffling { swaps: Vec::new() });
    }
    let bluff = parse("end shuffling fr-4/fr-3");
    assert_eq!(Eia.conceal(&state, FRANCE, &bluff), Eia.conceal(&state, FRANCE, &Command::End));
    let author = concealed(&state, FRANCE, &bluff, true).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(author.corps["fr-3"].factors.total(), 4);
    assert_eq!(author.leaders["davout"], LeaderPlace::Corps("fr-3".into()), "the leader stays with his counter");
}

#[test]
fn r2_4_2_a_shuffle_pools_the_veils_of_its_group() {
    // fr-3 was veiled by an earlier transfer: after the shuffle either counter may hold what
    // depends on it, so both wait for both openings.
    let mut state = alsace();
    let earlier = Veil { player: 0, index: 2, opened: false };
    state.corps.get_mut("fr-3").map(|c| c.veil.insert(earlier));
    let after = concealed(&state, FRANCE, &Command::End, false).unwrap_or_else(|e| panic!("{e:?}"));
    for c in ["fr-3", "fr-4"] {
        assert_eq!(
            after.corps[c].veil.iter().copied().collect::<Vec<_>>(),
            vec![earlier, Veil { player: 0, index: 7, opened: false }],
            "{c}"
        );
    }
}

#[test]
fn r2_4_2_shuffles_happen_only_as_a_step_of_gathering_ends() {
    // The land combat step ends in the clear, and a shuffle typed there is refused.
    let mut state = alsace();
    state.sequence.phase = Phase::Land(LandStep::Combat);
    assert_eq!(Eia.conceal(&state, FRANCE, &Command::End), None);
    let e = rule_of(run(&state, grognard_eia::Power::France, "end shuffling fr-3/fr-4", &[]));
    assert_eq!(e, "2.4.2");
    // The army reinforcement and naval steps shuffle as the movement step does.
    for phase in [Phase::ArmyReinforcement, Phase::Naval] {
        let mut s = alsace();
        s.sequence.phase = phase;
        s.sequence.order = grognard_eia::sequence::Sequence::order_of(phase, &grognard_eia::Power::ALL, 0);
        s.sequence.index = s.sequence.order.iter().position(|p| *p == grognard_eia::Power::France).unwrap_or(0);
        assert!(
            matches!(Eia.conceal(&s, FRANCE, &Command::End), Some(Command::Veiled(Veiled::Shuffled { .. }))),
            "{phase}"
        );
    }
}

#[test]
fn r2_4_2_the_1805_set_up_stands_look_alike_counters_together() {
    // The random games of copies_eia therefore shuffle from their first steps: France's
    // IV, V and VI Corps in Picardy, Austria's in Linz and Verona, Russia's at Zhitomir.
    let info = Eia.scenarios().into_iter().find(|s| s.id == "1805").unwrap_or_else(|| panic!("no 1805"));
    let seats = grognard_engine::Seats::round_robin(&info.powers, 7).unwrap_or_else(|e| panic!("{e}"));
    let setup = grognard_engine::Setup::scenario("1805").with_options([OPTION_HIDDEN.to_string()]);
    let state = Eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{e}"));
    let groups: Vec<Vec<String>> =
        grognard_eia::Power::ALL.into_iter().flat_map(|p| grognard_eia::lookalike::groups(ctx(), &state, p)).collect();
    let ids = |g: &[&str]| g.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for expected in
        [ids(&["fr-4", "fr-5", "fr-6"]), ids(&["au-1", "au-2"]), ids(&["au-6", "au-7"]), ids(&["ru-1", "ru-2"])]
    {
        assert!(groups.contains(&expected), "{expected:?} in {groups:?}");
    }
}
