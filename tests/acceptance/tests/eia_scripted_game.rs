//! Acceptance (issue 12): a scripted game of Empires in Arms, the whole 1805 scenario
//! (September to December 1805) with the naval rules, played through signed journals by seven
//! players, one power each, with fair dice witnessed by the players each roll concerns
//! (`grognard_acceptance::eia_script`: each player's bot plays its power's script, and a
//! fixed policy where the dice decide). The dice are fair, so they differ from run to run:
//! what the tests check is scripted so that it happens whatever they roll, and what may go
//! otherwise (the French march on Ulm, Munich and Prague) is played only if the rules still
//! take it. The game is played once; each test checks a part of the story from the journals
//! a third party verified, and the last one that the seven journals end byte-identical.

use grognard_acceptance::eia_script::{self, events_of, month, Chronicle, Script, Told};
use grognard_eia::ctx::Ctx;
use grognard_eia::sequence::{LandStep, Phase};
use grognard_eia::{Power, State};
use grognard_engine::Event;
use grognard_journal::entry::Witnesses;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use Power::{Austria, Britain, France, Russia};

const NAVAL: Phase = Phase::Naval;
const DEPOTS: Phase = Phase::Land(LandStep::Depots);
const MOVEMENT: Phase = Phase::Land(LandStep::Movement);
const COMBAT: Phase = Phase::Land(LandStep::Combat);

/// The War of the Third Coalition, as scripted.
///
/// September 1805. Naval phase: Great Britain moves first; the Russian squadron at Corfu
/// embarks corps ru-7 and sails into the Tyrrhenian Sea. Land phase: France places a depot
/// in Baden; Murat's cavalry (fr-cav-1, fr-cav-2) rides into the Breisgau against the
/// Austrian light corps, Soult, Lannes and Ney march from the Channel towards the Rhine, Ney
/// foraging as he stops; in the Breisgau France seals an outflank, fr-cav-2 pinning, Austria
/// a defence. Kutuzov (ru-1) marches to Olmütz, Bagration (ru-2) to Lemberg foraging, and
/// ru-7 lands at Naples. Austria's Archduke John (au-4) comes down from the Tyrol, besieges
/// Ulm and storms it.
///
/// October 1805. Trafalgar: the French squadrons come out of Cádiz and Nelson's blockading
/// fleets intercept them in the blockade box. France places a depot at Stuttgart and, if
/// the Breisgau went its way, attacks the Austrians before Ulm. Russia places a depot at
/// Lemberg, where Bagration stands (7.2.3.3.2), and Bagration marches on to Olmütz.
///
/// November 1805. Russia places a depot at Olmütz, two areas on from Lemberg, and Kutuzov
/// marches to Brünn, four areas from any depot the Russians began with: his supply comes
/// through the chain Zhitomir, Lemberg, Olmütz. If the road is open, France carries its
/// chain of depots on to Ulm and marches to Munich.
///
/// December 1805. If it can, France lays siege to Prague. The scenario ends.
fn script() -> Script {
    let mut s = Script::default();
    s.answers(Britain, &["position 1", "intercept blockade:cadiz"]);

    let sep = month(1805, 9);
    s.orders(
        sep,
        NAVAL,
        Russia,
        &["embark ru-7 on ru-fleet-4", "sail ru-fleet-4 to blockade:corfu ionian-sea tyrrhenian-sea"],
    );
    // 2.4.2: factors change hands between corps in secret (concealed commands, opened at the
    // end of the game).
    s.orders(sep, Phase::ArmyReinforcement, Austria, &["transfer 1 cavalry from au-1 to au-2"]);
    s.orders(sep, Phase::ArmyReinforcement, Russia, &["transfer 2 infantry from ru-2 to ru-1"]);
    s.orders(sep, DEPOTS, France, &["depot karlsruhe"]);
    s.orders(
        sep,
        MOVEMENT,
        France,
        &[
            "move fr-cav-1 to breisgau",
            "move fr-cav-2 to lorraine alsace breisgau",
            "move fr-4 to champagne lorraine alsace",
            "move fr-5 to champagne lorraine mainz",
            "move fr-6 to champagne lorraine forage",
        ],
    );
    s.orders(sep, COMBAT, France, &["battle breisgau"]);
    s.chit(sep, "breisgau", France, "chit outflank pinning fr-cav-2");
    s.chit(sep, "breisgau", Austria, "chit defend");
    s.orders(
        sep,
        MOVEMENT,
        Russia,
        &["move ru-1 to lemberg cracow olmutz", "move ru-2 to lemberg forage", "disembark ru-7 naples"],
    );
    s.orders(sep, MOVEMENT, Austria, &["move au-4 to ulm", "besiege ulm"]);
    s.orders(sep, COMBAT, Austria, &["assault ulm"]);

    let oct = month(1805, 10);
    s.orders(oct, NAVAL, France, &["sail fr-fleet-1 fr-fleet-2 to blockade:cadiz gulf-of-cadiz"]);
    s.orders(oct, DEPOTS, France, &["depot stuttgart"]);
    s.orders_if_possible(
        oct,
        MOVEMENT,
        France,
        &[
            "move fr-4 to breisgau ulm",
            "move fr-5 to karlsruhe stuttgart ulm",
            "move fr-6 to alsace breisgau ulm forage",
        ],
    );
    s.orders_if_possible(oct, COMBAT, France, &["battle ulm"]);
    s.chit(oct, "ulm", France, "chit assault");
    s.chit(oct, "ulm", Austria, "chit cordon");
    s.orders(oct, DEPOTS, Russia, &["depot lemberg"]);
    s.orders(oct, MOVEMENT, Russia, &["move ru-2 to cracow olmutz"]);

    let nov = month(1805, 11);
    s.orders(nov, DEPOTS, Russia, &["depot olmutz"]);
    s.orders(nov, MOVEMENT, Russia, &["move ru-1 to brunn"]);
    s.orders_if_possible(nov, DEPOTS, France, &["depot ulm"]);
    s.orders_if_possible(nov, MOVEMENT, France, &["move fr-4 to munich", "move fr-5 to munich"]);

    let dec = month(1805, 12);
    s.orders_if_possible(dec, DEPOTS, France, &["remove depot picardy", "depot munich"]);
    s.orders_if_possible(dec, MOVEMENT, France, &["move fr-5 to prague", "besiege prague"]);
    s.orders_if_possible(dec, COMBAT, France, &["assault prague"]);
    s
}

/// What the tests read: every journal as a third party reads it, and their bytes.
struct Played {
    chronicles: Vec<Chronicle>,
    journals: Vec<Vec<u8>>,
    unplayed: Vec<String>,
    sealed_breisgau: [bool; 2],
    /// Concealed commands in the journal (2.4.2), every one opened by the end.
    concealed: usize,
}

#[test]
fn the_script_is_played_whatever_the_dice_on_the_rules_alone() {
    // Rehearsals without journals, each with other dice: every order that must be played is.
    for seed in 0..12 {
        let (story, played) =
            eia_script::rehearse(script(), seed, 20_000).unwrap_or_else(|e| panic!("dice {seed}: {e}"));
        assert!(played.unplayed(&script()).is_empty(), "dice {seed}: {:#?}", played.unplayed(&script()));
        assert!(events_of(&story, "game-over").len() == 1, "dice {seed}: the game ends");
        let happened = |kind: &str, month: &str, keep: &dyn Fn(&Event) -> bool| {
            assert!(!find_in(&story, kind, month, keep).is_empty(), "dice {seed}: no {kind} in {month}");
        };
        happened("naval-battle", "1805-10", &|e| field(e, "attacker") == "britain");
        happened("disembark", "1805-09", &|e| field(e, "corps") == "ru-7");
        happened("chits", "1805-09", &|e| field(e, "attacker") == "outflank");
        happened("assault", "1805-09", &|e| field(e, "area") == "ulm");
        happened("depot-supply", "1805-11", &|e| {
            field(e, "power") == "russia" && e.data["corps"].as_array().is_some_and(|c| c.iter().any(|c| c == "ru-1"))
        });
    }
}

/// The game, played once for all the tests of this file.
fn game() -> &'static Played {
    static GAME: OnceLock<Result<Played, String>> = OnceLock::new();
    GAME.get_or_init(|| {
        let game = eia_script::play(script(), 1805)?;
        let r = &game.report;
        let t = &r.table;
        let chronicles = (0..t.seats.len()).map(|i| eia_script::chronicle(t, i)).collect::<Result<Vec<_>, _>>()?;
        let played = game.played.lock().unwrap_or_else(|e| e.into_inner());
        let scripted = played.decisions.iter().filter(|d| d.scripted).count();
        eprintln!(
            "the 1805 scenario, seven players: {} rounds, {} commands ({scripted} scripted, {} concealed), {} entries, {:.1} s: {}",
            r.rounds, r.commands, r.concealed, r.entries, r.seconds, r.result
        );
        for passed in &played.passed_over {
            eprintln!("  passed over (the dice went otherwise): {passed}");
        }
        let sep = month(1805, 9);
        Ok(Played {
            journals: (0..t.seats.len()).map(|i| t.journal_bytes(i)).collect(),
            chronicles,
            unplayed: played.unplayed(&game.script),
            sealed_breisgau: [played.sealed(sep, "breisgau", France), played.sealed(sep, "breisgau", Austria)],
            concealed: r.concealed,
        })
    })
    .as_ref()
    .unwrap_or_else(|e| panic!("{e}"))
}

fn story() -> &'static [Told] {
    &game().chronicles[0].story
}

fn state(told: &Told) -> &State {
    told.before.downcast_ref::<State>().unwrap_or_else(|| panic!("not an Empires in Arms state"))
}

fn ctx() -> &'static Ctx {
    Ctx::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn field<'a>(e: &'a Event, key: &str) -> &'a str {
    e.data.get(key).and_then(|v| v.as_str()).unwrap_or_default()
}

fn month_of(told: &Told) -> String {
    let m = state(told).date;
    format!("{}-{:02}", m.year(), m.month())
}

/// The events of `kind` in `month` (`1805-09`) for which `keep` holds, in the journal's story.
fn find<'a>(kind: &str, month: &str, keep: impl Fn(&Event) -> bool) -> Vec<(&'a Told, &'a Event)> {
    find_in(story(), kind, month, keep)
}

fn find_in<'a>(
    story: &'a [Told],
    kind: &str,
    month: &str,
    keep: impl Fn(&Event) -> bool,
) -> Vec<(&'a Told, &'a Event)> {
    events_of(story, kind).into_iter().filter(|(t, e)| month_of(t) == month && keep(e)).collect()
}

#[test]
fn r3_0_four_full_months_are_played_by_seven_players_one_power_each() {
    let g = game();
    assert!(g.unplayed.is_empty(), "scripted orders never played: {:#?}", g.unplayed);
    let genesis = &g.chronicles[0].genesis;
    let powers: Vec<Vec<String>> = genesis.players.iter().map(|p| p.powers.clone()).collect();
    let expected = ["france", "britain", "spain", "austria", "prussia", "russia", "turkey"];
    assert_eq!(powers, expected.map(|p| vec![p.to_string()]));
    assert_eq!(genesis.dice.witnesses, Witnesses::Concerned);
    assert_eq!(genesis.options, vec!["hidden-corps".to_string(), "naval".to_string()]);
    let started: Vec<&str> = events_of(story(), "phase")
        .into_iter()
        .filter(|(_, e)| e.data["phase"]["phase"] == "naval-reinforcement")
        .map(|(_, e)| field(e, "date"))
        .collect();
    assert_eq!(started, ["1805-10", "1805-11", "1805-12"], "the months after September begin in turn");
    let end = &g.chronicles[0].state;
    let end = end.downcast_ref::<State>().unwrap_or_else(|| panic!("not an Empires in Arms state"));
    assert!(end.over.is_some(), "the game ends after December 1805");
    assert_eq!(events_of(story(), "game-over").len(), 1);
}

#[test]
fn r6_2_naval_moves_and_6_3_trafalgar_a_naval_battle_in_the_blockade_box_of_cadiz() {
    let moves = find("fleet-move", "1805-10", |e| field(e, "power") == "france");
    assert!(!moves.is_empty(), "the French squadrons sail out of Cádiz");
    let intercepted = find("interception", "1805-10", |e| field(e, "power") == "britain");
    assert_eq!(intercepted.len(), 1, "Nelson's fleets intercept them");
    assert_eq!(intercepted[0].0.command, "Player1: intercept blockade:cadiz");
    let battles =
        find("naval-battle", "1805-10", |e| field(e, "attacker") == "britain" && field(e, "defender") == "france");
    assert_eq!(battles.len(), 1, "one naval battle off Cádiz");
    let battle = &battles[0].1.data;
    assert_eq!(battle["place"]["blockade"], "cadiz");
    assert_eq!(battle["defenders"], serde_json::json!(["fr-fleet-1", "fr-fleet-2"]));
    assert!(!find("political-points", "1805-10", |_| true).is_empty(), "the battle wins and loses points (6.3.4.2)");
}

#[test]
fn r6_2_5_a_corps_boards_a_fleet_sails_and_7_3_5_lands_at_naples() {
    let embark = find("embark", "1805-09", |e| field(e, "corps") == "ru-7");
    assert_eq!(embark.len(), 1, "ru-7 boards at Corfu");
    assert_eq!((field(embark[0].1, "fleet"), field(embark[0].1, "port")), ("ru-fleet-4", "corfu"));
    let sailed = find("fleet-move", "1805-09", |e| field(e, "power") == "russia");
    assert_eq!(sailed.len(), 1, "the squadron sails");
    let (told, e) = sailed[0];
    assert_eq!(e.data["path"], serde_json::json!(["corfu", "blockade:corfu", "ionian-sea", "tyrrhenian-sea"]));
    assert_eq!(state(told).corps["ru-7"].aboard.as_deref(), Some("ru-fleet-4"), "with ru-7 aboard");
    let landed = find("disembark", "1805-09", |e| field(e, "corps") == "ru-7");
    assert_eq!(landed.len(), 1, "ru-7 lands");
    assert_eq!(field(landed[0].1, "area"), "naples");
    let after = story().iter().skip_while(|t| !std::ptr::eq(*t, landed[0].0)).nth(1).map(state);
    let ru7 = after.and_then(|s| s.corps.get("ru-7")).unwrap_or_else(|| panic!("ru-7 is on the map after landing"));
    assert_eq!((ru7.area.as_str(), ru7.aboard.as_deref()), ("naples", None));
}

#[test]
fn r7_3_land_moves_and_7_4_1_1_foraging_as_the_corps_stops() {
    let moves = find("move", "1805-09", |e| field(e, "power") == "france");
    assert!(moves.len() >= 5, "the Grande Armée marches: {}", moves.len());
    for (command, corps) in
        [("Player0: move fr-6 to champagne lorraine forage", "fr-6"), ("Player5: move ru-2 to lemberg forage", "ru-2")]
    {
        let told = story().iter().find(|t| t.command == command).unwrap_or_else(|| panic!("`{command}` is played"));
        let kinds: Vec<&str> = told.events.iter().map(|e| field(e, "kind")).collect();
        assert!(kinds.contains(&"move") && kinds.contains(&"forage"), "{command}: {kinds:?}");
        let forage = told.events.iter().find(|e| field(e, "kind") == "forage").map(|e| field(e, "corps"));
        assert_eq!(forage, Some(corps));
    }
}

#[test]
fn r7_5_2_chits_sealed_in_secret_and_7_5_2_3_an_outflank_with_its_pinning_force() {
    assert_eq!(game().sealed_breisgau, [true, true], "both sides sealed their scripted chits");
    let sealed: Vec<&str> = story()
        .iter()
        .map(|t| t.command.as_str())
        .filter(|c| c.contains("seals a choice for `battle-1805-09-breisgau") && !c.contains("-day"))
        .collect();
    assert_eq!(sealed.len(), 2, "France and Austria seal before either opens: {sealed:?}");
    assert!(story().iter().any(|t| t.command == "Player0 opens: chit outflank pinning fr-cav-2"));
    assert!(story().iter().any(|t| t.command == "Player3 opens: chit defend"));
    // The first day's chits (an undecided day is followed by another, R7.5.2.13.2).
    let chits = find("chits", "1805-09", |e| field(e, "area") == "breisgau");
    assert!(!chits.is_empty() && chits.len() <= 2, "{}", chits.len());
    let (told, e) = chits[0];
    assert_eq!((field(e, "attacker"), field(e, "defender")), ("outflank", "defend"));
    let battle = state(told).battle.as_ref().unwrap_or_else(|| panic!("the battle waits for its chits"));
    assert_eq!(battle.attackers, ["fr-cav-1", "fr-cav-2"], "fr-cav-2 pins, Murat's fr-cav-1 outflanks");
    assert_eq!(battle.defenders, ["au-lt-1"]);
    let result = find("battle-result", "1805-09", |e| field(e, "area") == "breisgau");
    assert_eq!(result.len(), 1, "the battle is fought to a result");
}

#[test]
fn r7_3_7_1_a_siege_and_r7_5_4_1_an_assault() {
    let sieges = find("siege", "1805-09", |e| field(e, "power") == "austria" && field(e, "area") == "ulm");
    assert_eq!(sieges.len(), 1, "Austria besieges Ulm");
    let assaults = find("assault", "1805-09", |e| field(e, "area") == "ulm");
    assert_eq!(assaults.len(), 1, "and storms it");
    assert_eq!(assaults[0].0.command, "Player3: assault ulm");
    assert_eq!(field(assaults[0].1, "defender"), "france", "Bavaria's garrison defends for France");
    assert!(state(assaults[0].0).sieges.contains("ulm"));
}

#[test]
fn r7_2_3_depots_placed_in_a_chain_and_7_4_2_supply_drawn_through_it() {
    let placed = |power: &str| -> Vec<&str> {
        events_of(story(), "depot")
            .into_iter()
            .filter(|(_, e)| field(e, "power") == power)
            .map(|(_, e)| field(e, "area"))
            .collect()
    };
    let russian = placed("russia");
    assert_eq!(russian, ["lemberg", "olmutz"]);
    assert!(placed("france").starts_with(&["karlsruhe", "stuttgart"]), "{:?}", placed("france"));
    // Russia's supply step of November: Kutuzov in Brünn pays for depot supply.
    let paid = find("depot-supply", "1805-11", |e| field(e, "power") == "russia");
    assert_eq!(paid.len(), 1);
    let (told, e) = paid[0];
    assert!(e.data["corps"].as_array().is_some_and(|c| c.iter().any(|c| c == "ru-1")), "{}", e.text);
    assert!(e.data["cost"].as_i64().is_some_and(|c| c > 0));
    let before = state(told);
    assert_eq!(before.corps["ru-1"].area, "brunn");
    // Brünn is four areas from every depot Russia began with: only the chain of depots it
    // placed (Zhitomir, a supply source, then Lemberg, then Olmütz) reaches it.
    let valid = grognard_eia::supply::valid_depots(ctx(), before, Russia);
    let chain: BTreeSet<String> = ["zhitomir", "lemberg", "olmutz"].map(String::from).into();
    assert!(valid.is_superset(&chain), "{valid:?}");
    let winter = ctx().rules.winter(before.date.month());
    let cost = |depots: &BTreeSet<String>| {
        grognard_eia::supply::depot_cost_halves(ctx(), before, Russia, "brunn", depots, winter)
    };
    assert_eq!(cost(&valid), Some(2), "one area from the depot at Olmütz");
    let original: BTreeSet<String> =
        valid.iter().filter(|d| !["lemberg", "olmutz"].contains(&d.as_str())).cloned().collect();
    assert_eq!(cost(&original), None, "without the placed depots ru-1 would have to forage");
}

#[test]
fn every_journal_verifies_and_the_seven_end_byte_identical() {
    let g = game();
    assert_eq!(g.journals.len(), 7);
    for (i, journal) in g.journals.iter().enumerate() {
        assert!(journal == &g.journals[0], "the journals of players 0 and {i} differ");
    }
    let entries: Vec<usize> = g.chronicles.iter().map(|c| c.entries).collect();
    assert!(entries.iter().all(|n| *n == entries[0] && *n > 100), "{entries:?}");
    let states: Vec<String> =
        g.chronicles.iter().map(|c| grognard_acceptance::eia::ruleset().state_json(&c.state).to_string()).collect();
    assert!(states.iter().all(|s| *s == states[0]), "every journal ends in the same state");
}

/// 2.4.2: the transfers between Austrian and between Russian corps travel as concealed
/// commands, and the journal that verifies at the end holds every one of them opened.
#[test]
fn r2_4_2_factors_change_hands_between_corps_in_secret_and_are_opened_at_the_end() {
    let g = game();
    assert!(g.concealed >= 2, "{} concealed commands", g.concealed);
    let transfers: Vec<&str> = events_of(story(), "transfer")
        .into_iter()
        .filter(|(t, _)| month_of(t) == "1805-09")
        .map(|(t, _)| t.command.as_str())
        .collect();
    for order in ["transfer 1 cavalry from au-1 to au-2", "transfer 2 infantry from ru-2 to ru-1"] {
        assert!(
            transfers.iter().any(|t| t.contains(order) && t.contains("concealed, opened later")),
            "{order}: {transfers:?}"
        );
    }
}
