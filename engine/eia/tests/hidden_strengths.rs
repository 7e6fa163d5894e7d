//! Hidden corps strengths (2.4.2): only a corps' owner knows its factors. Commands that change
//! them are concealed (their projections show the area, the face-up garrisons and a corps
//! leaving the map), every corps they may have changed is veiled, and a battle waits for the
//! veils of its corps to be opened (7.5.2.6.3). The per-copy simulation of whole random games
//! is `tests/acceptance/tests/copies_eia.rs`.

use crate::support;

use grognard_eia::command::Command;
use grognard_eia::ruleset::{apply_command, apply_sealed, pending};
use grognard_eia::scenario::OPTION_HIDDEN;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::state::{State, Veil};
use grognard_eia::veiled::Veiled;
use grognard_eia::Eia;
use grognard_engine::{Concealed, NoDice, Pending, PlayerId, Ruleset, ScriptedDice, Viewer};
use support::*;

const FRANCE: PlayerId = PlayerId(0);
const AUSTRIA: PlayerId = PlayerId(3);

fn hidden(mut state: State) -> State {
    state.options.push(OPTION_HIDDEN.to_string());
    state
}

fn parse(text: &str) -> Command {
    Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A game with hidden strengths in France's army reinforcement step.
fn french_army_step() -> State {
    let mut state = hidden(bare());
    state.sequence.phase = Phase::ArmyReinforcement;
    state.sequence.order =
        grognard_eia::sequence::Sequence::order_of(Phase::ArmyReinforcement, &grognard_eia::Power::ALL, 0);
    state.sequence.index = state.sequence.order.iter().position(|p| *p == grognard_eia::Power::France).unwrap_or(0);
    state
}

/// The state after `player`'s concealed `command`, applied whole (`known`) or by its
/// projection alone.
fn concealed(state: &State, player: PlayerId, command: &Command, known: bool) -> State {
    let public = Eia.conceal(state, player, command).unwrap_or_else(|| panic!("{command} is not concealed"));
    let c = Concealed { index: 0, public, full: known.then(|| command.clone()), opened: false };
    Eia.apply_concealed(state, player, &c, &mut NoDice).unwrap_or_else(|e| panic!("{command}: {e:?}")).state
}

#[test]
fn r2_4_2_a_detachment_hides_which_corps_gave_it_and_both_ways_agree_in_public() {
    let mut state = hidden(bare());
    corps(&mut state, "fr-3", "france", "alsace", 12);
    corps(&mut state, "fr-5", "france", "alsace", 8);
    let command = parse("transfer 2 infantry from fr-3 to city alsace");
    let public = Eia.conceal(&state, FRANCE, &command);
    match &public {
        Some(Command::Veiled(Veiled::Transfer { area, garrison: Some(g), emptied: None })) => {
            assert_eq!(area, "alsace");
            assert!(g.gains);
            assert_eq!(g.factors.total(), 2);
        }
        other => panic!("{other:?}"),
    }
    let author = concealed(&state, FRANCE, &command, true);
    let other = concealed(&state, FRANCE, &command, false);
    assert_eq!(author.corps["fr-3"].factors.total(), 10, "the author's copy knows");
    assert_eq!(other.corps["fr-3"].factors.total(), 12, "the others' copies do not");
    assert_eq!(author.garrisons["alsace"].factors.total(), 2, "the garrison's counters are face up (2.4.1)");
    for s in [&author, &other] {
        for c in ["fr-3", "fr-5"] {
            assert_eq!(
                s.corps[c].veil.iter().copied().collect::<Vec<_>>(),
                vec![Veil { player: 0, index: 0, opened: false }]
            );
        }
    }
    let everyone = |s: &State| serde_json::to_value(Eia.player_view(s, Viewer::Everyone)).unwrap_or_default();
    assert_eq!(everyone(&author), everyone(&other), "every copy shows everyone the same");
    assert!(Eia.player_view(&author, Viewer::Everyone).corps["fr-3"].factors.is_empty());
    assert_eq!(Eia.player_view(&author, Viewer::Player(FRANCE)).corps["fr-3"].factors.total(), 10);
    // A command given in the clear with a projection is refused by the journal; a projection
    // given in the clear is refused by the rules.
    let e = Eia.apply(&state, FRANCE, &public.unwrap_or(Command::End), &mut NoDice).err();
    assert!(format!("{e:?}").contains("2.4.2"), "{e:?}");
}

#[test]
fn r2_4_2_a_transfer_that_empties_a_corps_says_so() {
    let mut state = french_army_step();
    corps(&mut state, "fr-3", "france", "alsace", 2);
    corps(&mut state, "fr-5", "france", "alsace", 8);
    let e = run(&state, grognard_eia::Power::France, "transfer 2 infantry from fr-3 to fr-5", &[])
        .err()
        .unwrap_or_default();
    assert!(e.starts_with("2.4.2|"), "{e}");
    let done =
        Eia.complete(&state, FRANCE, parse("transfer 2 infantry from fr-3 to fr-5")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(done.to_string(), "transfer 2 infantry from fr-3 to fr-5 emptying");
    let other = concealed(&state, FRANCE, &done, false);
    assert!(!other.corps.contains_key("fr-3"), "the emptied corps leaves the map in every copy (5.2.3)");
}

#[test]
fn r7_5_2_6_3_a_battle_waits_for_its_corps_strengths_to_be_opened() {
    let mut state = hidden(bare());
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.occupied.insert("breisgau".into(), "austria".into());
    corps(&mut state, "fr-3", "france", "breisgau", 12);
    corps(&mut state, "au-2", "austria", "breisgau", 10);
    state.corps.get_mut("fr-3").map(|c| c.veil.insert(Veil { player: 0, index: 4, opened: false }));
    let started = apply_command(ctx(), &state, FRANCE, &parse("battle breisgau"), &mut NoDice)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .state;
    let chits = [(FRANCE, parse("chit assault")), (AUSTRIA, parse("chit defend"))];
    let parked = apply_sealed(ctx(), &started, &chits, &mut NoDice).unwrap_or_else(|e| panic!("{e:?}")).state;
    match pending(ctx(), &parked) {
        Pending::Open { owing, .. } => {
            assert_eq!(owing.len(), 1);
            assert_eq!(owing[0].player, FRANCE);
            assert_eq!(owing[0].indices, vec![4]);
        }
        other => panic!("{other:?}"),
    }
    let e = run(&parked, grognard_eia::Power::France, "end", &[]).err().unwrap_or_default();
    assert!(e.starts_with("2.4.2|"), "{e}");
    assert!(Eia.apply_opened(&parked, AUSTRIA, &mut NoDice).is_err(), "Austria owes nothing");
    let mut dice = ScriptedDice::new(&[3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4]);
    let fought = Eia.apply_opened(&parked, FRANCE, &mut dice).unwrap_or_else(|e| panic!("{e:?}")).state;
    assert!(fought.reveal.is_none() && fought.battle.is_none(), "the battle is fought once opened");
    assert!(fought.corps.values().all(|c| c.veil.is_empty()), "the opened command leaves every veil");
}

#[test]
fn r2_4_2_every_projection_reads_back_from_the_json_of_the_journal() {
    // A projection stands in a `hidden` entry as JSON, inside the command's own tag: each
    // kind must read back (a field called `command` once clashed with that tag).
    let mut state = hidden(bare());
    corps(&mut state, "fr-3", "france", "alsace", 12);
    corps(&mut state, "fr-4", "france", "alsace", 4);
    let projections = [
        Command::Veiled(Veiled::Place {
            area: "alsace".into(),
            count: 2,
            kind: grognard_eia::FactorKind::Infantry,
            nation: None,
        }),
        Eia.conceal(&state, FRANCE, &parse("transfer 2 infantry from fr-3 to city alsace")).unwrap_or(Command::End),
        Command::Veiled(Veiled::Lose { corps: "fr-3".into(), emptied: true }),
        Command::Veiled(Veiled::Checked { command: Box::new(parse("enter fr-3")) }),
        Eia.conceal(&state, FRANCE, &Command::End).unwrap_or(Command::End),
    ];
    for p in projections {
        assert!(matches!(p, Command::Veiled(_)), "{p:?}");
        let text = serde_json::to_string(&p).unwrap_or_default();
        let back: Result<Command, _> = serde_json::from_str(&text);
        assert_eq!(back.as_ref().ok(), Some(&p), "{text}: {back:?}");
        let value = serde_json::to_value(&p).unwrap_or_default();
        let back: Result<Command, _> = serde_json::from_value(value);
        assert_eq!(back.ok(), Some(p));
    }
}

#[test]
fn r7_3_8_7_a_declaration_before_a_battle_opens_the_defenders_strengths_first() {
    // France attacks Prussia in Magdeburg, where Russia, Prussia's ally at peace with France,
    // has a corps too; both defenders' strengths are hidden.
    let mut state = hidden(bare());
    state.options.push("political".into());
    state.sequence.phase = Phase::Land(LandStep::Combat);
    state.relations = Default::default();
    state.relations.declare_war("france", "prussia");
    state.relations.ally("russia", "prussia");
    corps(&mut state, "fr-3", "france", "magdeburg", 12);
    corps(&mut state, "pr-1", "prussia", "magdeburg", 8);
    corps(&mut state, "ru-1", "russia", "magdeburg", 9);
    state.corps.get_mut("pr-1").map(|c| c.veil.insert(Veil { player: 4, index: 1, opened: false }));
    state.corps.get_mut("ru-1").map(|c| c.veil.insert(Veil { player: 5, index: 2, opened: false }));
    let asked = run(&state, grognard_eia::Power::France, "battle magdeburg", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(asked.reveal.is_none(), "one defending power: nothing to open yet");
    // Russia's declaration makes two defending powers: R7.3.8.7 reads their strengths, which
    // are opened before the battle begins.
    let parked =
        run(&asked, grognard_eia::Power::Russia, "declare war on france", &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(parked.battle.is_none() && parked.book.war_question.is_some(), "the answer waits");
    match pending(ctx(), &parked) {
        Pending::Open { owing, .. } => {
            let players: Vec<u8> = owing.iter().map(|o| o.player.0).collect();
            assert_eq!(players, vec![4, 5]);
        }
        other => panic!("{other:?}"),
    }
    let opened = Eia.apply_opened(&parked, PlayerId(4), &mut NoDice).unwrap_or_else(|e| panic!("{e:?}")).state;
    let begun = Eia.apply_opened(&opened, PlayerId(5), &mut NoDice).unwrap_or_else(|e| panic!("{e:?}")).state;
    let battle = begun.battle.as_ref().unwrap_or_else(|| panic!("the battle begins once opened"));
    assert!(begun.relations.at_war("russia", "france"));
    assert_eq!(battle.defender, grognard_eia::Power::Russia, "R7.3.8.7: the most factors choose the chit");
}

#[test]
fn r5_2_2_2_bought_factors_placed_in_a_hidden_corps_name_their_nation_and_every_copy_agrees() {
    use grognard_eia::reinforcement::Due;
    use grognard_eia::FactorKind;
    let mut state = french_army_step();
    corps(&mut state, "fr-3", "france", "lorraine", 6);
    corps(&mut state, "ba-1", "bavaria", "lorraine", 4);
    state.due.insert(
        grognard_eia::Power::France,
        vec![
            Due::Factors {
                nation: "bavaria".into(),
                area: "munich".into(),
                kind: FactorKind::Infantry,
                count: 2,
                campaign: true,
            },
            Due::Factors {
                nation: "france".into(),
                area: "paris".into(),
                kind: FactorKind::Infantry,
                count: 2,
                campaign: true,
            },
        ],
    );
    let command = parse("place 2 infantry in fr-3");
    match Eia.conceal(&state, FRANCE, &command) {
        Some(Command::Veiled(Veiled::Place { area, nation, .. })) => {
            assert_eq!((area.as_str(), nation.as_deref()), ("lorraine", Some("france")));
        }
        other => panic!("{other:?}"),
    }
    let author = concealed(&state, FRANCE, &command, true);
    let other = concealed(&state, FRANCE, &command, false);
    assert_eq!(author.corps["fr-3"].factors.total(), 8);
    assert_eq!(other.corps["fr-3"].factors.total(), 6, "the others' copies do not know which corps took them");
    let french_due = |s: &State| {
        s.due[&grognard_eia::Power::France]
            .iter()
            .any(|d| matches!(d, Due::Factors { nation, .. } if nation == "france"))
    };
    assert!(!french_due(&author) && !french_due(&other), "both copies took France's due, not Bavaria's");
    assert_eq!(author.due, other.due);
    // Bavarian factors do not go into a Bavarian corps outside Bavaria with no depot near.
    let e = run(&state, grognard_eia::Power::France, "place 2 infantry in ba-1", &[]).err().unwrap_or_default();
    assert!(e.starts_with("5.2.2.2.3|"), "{e}");
}
