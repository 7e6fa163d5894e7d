//! The scenarios after 1805 (13.3-13.6, reconstructed): each built-in file against the rules
//! and history, the `[held]` section (13.1.3: areas held at the start by another nation than
//! the map's), and a month of random legal play from each opening.

use grognard_eia::ctx::Ctx;
use grognard_eia::data::cards::Owner;
use grognard_eia::data::scenario::{FleetLocation, Month, Scenario};
use grognard_eia::invariants::broken;
use grognard_eia::{Eia, Power};
use grognard_engine::{ApplyError, Pending, Ruleset, Seats, Setup, StreamDice};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The scenarios this file checks, by id.
const IDS: [&str; 4] = ["1809", "1812", "1813", "peninsular"];

fn ctx() -> &'static Ctx {
    Ctx::builtin().unwrap_or_else(|e| panic!("{e}"))
}

fn scenario(id: &str) -> &'static Scenario {
    ctx().scenarios.iter().find(|s| s.id == id).unwrap_or_else(|| panic!("no built-in scenario {id}"))
}

fn month(text: &str) -> Month {
    Month::parse(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The nation holding `area` at the start of `s`.
fn holder<'a>(s: &'a Scenario, area: &str) -> &'a str {
    let map_nation = &ctx().map.area(area).unwrap_or_else(|| panic!("no area {area}")).nation;
    s.area_nation(area, map_nation)
}

fn points(s: &Scenario, cities: &[&str]) -> u16 {
    cities
        .iter()
        .map(|c| *s.victory.objectives.get(*c).unwrap_or_else(|| panic!("{c} is no objective of {}", s.id)))
        .sum()
}

// ---- every scenario ----------------------------------------------------------------------------

#[test]
fn r13_every_scenario_is_offered_and_puts_every_power_on_a_side() {
    let offered: Vec<String> = Eia.scenarios().into_iter().map(|s| s.id).collect();
    for id in IDS {
        assert!(offered.iter().any(|o| o == id), "{id} is offered: {offered:?}");
        let s = scenario(id);
        for p in Power::ALL {
            assert!(s.side_of(p).is_some(), "{id}: {p} on a side");
        }
        assert!(s.victory.rule.starts_with("R13."), "{id}: {}", s.victory.rule);
        let file = format!("scenario-{id}.txt");
        assert!(ctx().data_files().iter().any(|(name, _)| *name == file), "{file} is hashed into the genesis");
    }
}

#[test]
fn r13_1_1_every_scenario_sets_forces_on_ground_they_may_stand_on() {
    let c = ctx();
    for id in IDS {
        let s = scenario(id);
        for corps in s.corps.values() {
            let card = c.cards.corps_card(&corps.card).expect("a card");
            let power = s.force_controller(&card.owner).expect("a free state's or a power's");
            assert!(s.friendly(power, holder(s, &corps.area)), "{id}: {} in {}", corps.card, corps.area);
        }
        for g in &s.garrisons {
            let power = s.force_controller(&g.owner).expect("a controller");
            assert!(s.friendly(power, holder(s, &g.city)), "{id}: {} in {}", g.owner, g.city);
            if let Owner::Minor(minor) = &g.owner {
                assert_eq!(holder(s, &g.city), minor, "{id}: 7.3.3.1.1 {} at home", g.owner);
            }
        }
        for f in s.fleets.values() {
            let card = c.cards.fleet_card(&f.card).expect("a card");
            let power = s.force_controller(&card.owner).expect("a controller");
            match &f.at {
                FleetLocation::Port(area) => assert!(s.friendly(power, holder(s, area)), "{id}: {}", f.card),
                FleetLocation::Blockade(area) => {
                    let enemy = s.controller(holder(s, area)).expect("a holder");
                    assert!(s.at_war(power, enemy), "{id}: {} blockades {area}", f.card);
                }
                FleetLocation::Sea(_) => {}
            }
        }
        for (leader, with) in &s.leaders {
            let l = c.leaders.get(leader).expect("a leader");
            assert!(l.available(s.first), "{id}: {leader}");
            let owner = &c
                .cards
                .corps_card(with)
                .map(|x| x.owner.clone())
                .or_else(|| c.cards.fleet_card(with).map(|x| x.owner.clone()))
                .expect("a card");
            assert_eq!(s.force_controller(owner), Some(l.power), "{id}: {leader}");
        }
        for power in Power::ALL {
            let corps = s
                .corps
                .values()
                .filter(|x| c.cards.corps_card(&x.card).is_some_and(|k| k.owner == Owner::Major(power)))
                .count();
            assert!(corps <= c.cards.corps_of(&Owner::Major(power)).count(), "{id}: {power}");
        }
    }
}

#[test]
fn r13_every_scenario_reads_back_from_json() {
    for id in IDS {
        let s = scenario(id);
        let json = serde_json::to_string(s).expect("serializes");
        let back: Scenario = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(&back, s, "{id}");
    }
}

// ---- [held] ------------------------------------------------------------------------------------

#[test]
fn r13_1_held_provinces_start_controlled_by_their_holder() {
    let c = ctx();
    let s = scenario("1809");
    let held = s.held.get("venice").expect("Venetia is held");
    assert_eq!(held.holder, "kingdom-of-italy");
    assert!(held.ceded, "Pressburg ceded Venetia");
    assert!(!s.held.get("madrid").expect("Madrid is held").ceded, "Madrid is only occupied");
    let seats = Seats::round_robin(&powers(s), 2).unwrap_or_else(|e| panic!("{e}"));
    let state = Eia.setup(&Setup::scenario("1809"), &seats).unwrap_or_else(|e| panic!("{e}"));
    // Ceded as a peace cedes (B.7, C.4): controlled by the holder, never given back.
    assert_eq!(state.area_controller(c, "venice"), Some("kingdom-of-italy"));
    assert!(state.in_territory(c, Power::France, "venice"), "Italy is France's free state");
    assert!(!state.in_territory(c, Power::Austria, "venice"));
    assert!(state.politics.ceded.iter().any(|a| a == "venice"));
    assert_eq!(state.area_controller(c, "warsaw"), Some("saxony"), "the Duchy of Warsaw");
    assert!(!state.in_territory(c, Power::Prussia, "warsaw"));
    // Occupied as an army occupies: controlled by the occupier, not ceded.
    assert_eq!(state.area_controller(c, "madrid"), Some("france"));
    assert!(!state.politics.ceded.iter().any(|a| a == "madrid"));
    // Areas no line names keep the map's nation.
    assert_eq!(state.area_controller(c, "vienna"), Some("austria"));
    assert!(broken(c, &state).is_empty(), "{:?}", broken(c, &state));
}

const BASE: &str = "[scenario]
id = test
name = Test
first = 1809-04
last = 1809-07
[sides]
france: france russia
coalition: britain austria spain
prussia: prussia
turkey: turkey
[wars]
france: austria britain spain
[victory]
scorer = france
otherwise = coalition
needed = 4
[objectives]
vienna 4
";

fn parse(extra: &str) -> Result<Scenario, grognard_board::MapError> {
    let c = ctx();
    Scenario::parse(&format!("{BASE}{extra}"), &c.map, &c.cards, &c.leaders)
}

#[test]
fn r13_1_held_areas_make_forces_welcome_and_refuse_bad_lines() {
    // A French corps may stand in Madrid only while France holds it.
    assert!(parse("[corps]\nfr-1 madrid infantry=4 -\n").is_err());
    let s = parse("[held]\nmadrid france occupied\n[corps]\nfr-1 madrid infantry=4 -\n").expect("parses");
    assert_eq!(s.area_nation("madrid", "spain"), "france");
    // A minor country's garrison may stand in an area ceded to it (7.3.3.1.1).
    let s = parse("[minors]\nkingdom-of-italy free-state france\n[held]\nvenice kingdom-of-italy ceded\n[garrisons]\nkingdom-of-italy venice infantry=3\n");
    assert!(s.is_ok(), "{s:?}");
    // An Austrian corps may no longer stand there.
    let err = parse("[held]\nvenice france ceded\n[corps]\nau-1 venice infantry=4 -\n").expect_err("refused");
    assert!(err.message.contains("held by france"), "{err}");
    for (line, says) in [
        ("atlantis france ceded", "unknown land area"),
        ("venice narnia ceded", "neither a major power"),
        ("vienna austria ceded", "nothing to hold"),
        ("venice france taken", "neither ceded"),
    ] {
        let err = parse(&format!("[held]\n{line}\n")).expect_err(line);
        assert!(err.message.contains(says), "{line}: {err}");
        assert_eq!(err.line, BASE.lines().count() + 2, "{line}: names its line");
    }
    let err = parse("[held]\nvenice france ceded\nvenice france occupied\n").expect_err("twice");
    assert!(err.message.contains("twice"), "{err}");
    let c = ctx();
    let text = BASE.replace("needed = 4", "needed = 4\nrule = 13.3");
    let err = Scenario::parse(&text, &c.map, &c.cards, &c.leaders).expect_err("a rule without R");
    assert!(err.message.contains("R13.3"), "{err}");
}

// ---- 1809 --------------------------------------------------------------------------------------

#[test]
fn r13_3_the_1809_scenario_is_the_war_of_the_fifth_coalition() {
    let s = scenario("1809");
    assert_eq!((s.first, s.last), (month("1809-04"), month("1809-07")));
    assert!(s.at_war(Power::France, Power::Austria));
    assert!(s.at_war(Power::Britain, Power::France));
    assert!(s.at_war(Power::Spain, Power::France), "the patriot Junta");
    assert!(s.allied(Power::Britain, Power::Austria) && s.allied(Power::Britain, Power::Spain));
    assert!(s.allied(Power::France, Power::Russia), "Tilsit");
    assert!(s.at_war(Power::Russia, Power::Turkey), "the Russo-Turkish war of 1806-1812");
    assert!(Power::ALL.iter().all(|p| !s.at_war(Power::Prussia, *p)), "Prussia at peace");
    assert_eq!(holder(s, "verona"), "kingdom-of-italy", "Pressburg");
    assert_eq!(holder(s, "magdeburg"), "hesse-kassel", "Westphalia, Tilsit");
    assert_eq!(holder(s, "oporto"), "france", "Soult at Oporto");
    assert_eq!(holder(s, "tyrol"), "austria", "the Tyrol risen");
    assert_eq!(s.corps.get("fr-3").map(|c| c.area.as_str()), Some("munich"), "Davout at Regensburg");
    assert_eq!(s.leaders.get("archduke-charles").map(String::as_str), Some("au-4"));
    assert_eq!(s.leaders.get("wellington").map(String::as_str), Some("br-1"));
    assert_eq!(s.corps.get("br-1").map(|c| c.area.as_str()), Some("lisbon"));
    // R13.3: what France holds at the start is not enough; the end of July 1809 (Vienna,
    // Linz, Brünn, Trieste, Salzburg, Cracow; Oporto lost) is a French victory.
    let start = ["munich", "dresden", "warsaw", "madrid", "oporto"];
    assert!(points(s, &start) < s.victory.needed);
    let july = ["vienna", "linz", "brunn", "trieste", "cracow", "salzburg", "munich", "dresden", "warsaw", "madrid"];
    assert!(points(s, &july) >= s.victory.needed);
}

// ---- 1812 --------------------------------------------------------------------------------------

#[test]
fn r13_4_the_1812_scenario_is_the_russian_campaign() {
    let s = scenario("1812");
    assert_eq!((s.first, s.last), (month("1812-06"), month("1812-12")));
    assert!(s.at_war(Power::France, Power::Russia));
    assert!(s.allied(Power::France, Power::Austria) && s.allied(Power::France, Power::Prussia), "the auxiliary corps");
    assert!(s.at_war(Power::Austria, Power::Russia) && s.at_war(Power::Prussia, Power::Russia));
    assert!(s.at_war(Power::Spain, Power::France) && s.at_war(Power::Britain, Power::France));
    assert!(Power::ALL.iter().all(|p| !s.at_war(Power::Turkey, *p)), "Bucharest: Turkey at peace with Russia");
    assert_eq!(holder(s, "bessarabia"), "russia", "Bucharest");
    assert_eq!(holder(s, "abo"), "russia", "Fredrikshamn");
    assert_eq!(holder(s, "warsaw"), "saxony", "the Duchy of Warsaw");
    assert_eq!(holder(s, "trieste"), "france", "the Illyrian Provinces");
    // The Grande Armée on the Niemen: in East Prussia and the Duchy of Warsaw.
    let theatre = ["konigsberg", "masuria", "warsaw"];
    let on_niemen =
        s.corps.values().filter(|c| c.card.starts_with("fr-") && theatre.contains(&c.area.as_str())).count();
    assert!(on_niemen >= 8, "{on_niemen} French corps on the Niemen");
    assert!(theatre.contains(&s.corps["fr-guard"].area.as_str()));
    assert_eq!(s.leaders.get("napoleon").map(String::as_str), Some("fr-guard"));
    assert_eq!(s.leaders.get("yorck").map(String::as_str), Some("pr-1"));
    assert_eq!(s.leaders.get("schwarzenberg").map(String::as_str), Some("au-1"));
    assert_eq!(s.leaders.get("barclay").map(|c| s.corps[c].area.as_str()), Some("vilna"));
    assert!(s.reinforcements.iter().any(|r| r.leaders.iter().any(|l| l == "kutuzov") && r.corps.is_some()));
    // R13.4: December 1812 (Warsaw, Königsberg, Madrid, Valencia, Salamanca) is a French defeat;
    // wintering in Moscow, or in Lithuania with Riga, wins.
    let december = ["warsaw", "konigsberg", "madrid", "valencia", "salamanca"];
    assert!(points(s, &december) < s.victory.needed);
    let start = ["warsaw", "konigsberg", "madrid", "seville", "valencia", "salamanca"];
    assert!(points(s, &start) < s.victory.needed);
    assert!(points(s, &[&start[..], &["moscow"]].concat()) >= s.victory.needed);
    assert!(points(s, &[&start[..], &["vilna", "riga"]].concat()) >= s.victory.needed);
}

// ---- 1813-1814 ---------------------------------------------------------------------------------

#[test]
fn r13_5_the_1813_scenario_is_the_war_of_liberation() {
    let s = scenario("1813");
    assert_eq!((s.first, s.last), (month("1813-04"), month("1814-04")));
    for enemy in [Power::Russia, Power::Prussia, Power::Britain, Power::Austria, Power::Spain] {
        assert!(s.at_war(Power::France, enemy), "{enemy}");
        assert_eq!(s.side_of(enemy), s.side_of(Power::Russia));
    }
    assert!(s.allied(Power::Russia, Power::Prussia), "Kalisch");
    assert_eq!(holder(s, "dresden"), "russia");
    assert_eq!(holder(s, "warsaw"), "russia", "the Duchy overrun");
    assert_eq!(holder(s, "danzig"), "france", "Rapp's garrison");
    assert_eq!(holder(s, "madrid"), "spain", "Joseph left Madrid in March 1813");
    assert_eq!(s.leaders.get("blucher").map(String::as_str), Some("pr-1"));
    assert_eq!(s.leaders.get("napoleon").map(|c| s.corps[c].area.as_str()), Some("weimar"));
    // Austria's army arrives over the summer.
    let austrian = s.reinforcements.iter().filter(|r| r.owner == Owner::Major(Power::Austria) && r.corps.is_some());
    assert!(austrian.count() >= 3);
    // R13.5: France starts above the line and falls short in April 1814 (Paris lost; Hamburg,
    // Magdeburg, Mainz, Antwerp, Barcelona and Italy still held).
    let start = [
        "paris",
        "magdeburg",
        "hamburg",
        "danzig",
        "amsterdam",
        "mainz",
        "antwerp",
        "lyon",
        "milan",
        "venice",
        "catalonia",
        "valencia",
    ];
    assert!(points(s, &start) >= s.victory.needed);
    let april = ["hamburg", "magdeburg", "mainz", "antwerp", "milan", "venice", "catalonia"];
    assert!(points(s, &april) < s.victory.needed);
}

// ---- the Peninsular War ------------------------------------------------------------------------

#[test]
fn r13_6_the_peninsular_scenario_is_limited_to_the_peninsula() {
    let s = scenario("peninsular");
    assert_eq!((s.first, s.last), (month("1808-06"), month("1814-04")));
    assert!(s.at_war(Power::France, Power::Spain) && s.at_war(Power::France, Power::Britain));
    assert!(s.allied(Power::Britain, Power::Spain));
    for neutral in [Power::Austria, Power::Prussia, Power::Russia, Power::Turkey] {
        assert!(Power::ALL.iter().all(|p| !s.at_war(neutral, *p)), "{neutral} at peace");
        assert_eq!(s.sides.get(neutral.id()).map(Vec::as_slice), Some(&[neutral][..]), "{neutral} alone");
        assert!(s
            .corps
            .values()
            .all(|c| ctx().cards.corps_card(&c.card).is_some_and(|k| k.owner != Owner::Major(neutral))));
    }
    // Every field force on the map or arriving is in the Peninsula or southern France.
    let peninsula = |area: &str| {
        let nation = &ctx().map.area(area).expect("an area").nation;
        ["spain", "portugal"].contains(&nation.as_str()) || ["roussillon", "bordeaux", "toulouse"].contains(&area)
    };
    assert!(s.corps.values().all(|c| peninsula(&c.area)), "corps in the Peninsula");
    assert!(s.reinforcements.iter().all(|r| peninsula(&r.area)), "arrivals in the Peninsula");
    assert_eq!(holder(s, "lisbon"), "france", "Junot");
    assert_eq!(holder(s, "madrid"), "france");
    assert_eq!(holder(s, "seville"), "spain");
    assert!(s.reinforcements.iter().any(|r| r.leaders.iter().any(|l| l == "wellington")));
    // R13.6: France must take Lisbon or Cadiz; its high tide of 1812 without them falls short.
    let start = ["madrid", "lisbon", "catalonia", "old-castile", "navarre", "bordeaux", "toulouse"];
    assert!(points(s, &start) < s.victory.needed);
    let tide = [
        "madrid",
        "seville",
        "valencia",
        "catalonia",
        "aragon",
        "salamanca",
        "old-castile",
        "navarre",
        "bordeaux",
        "toulouse",
    ];
    assert!(points(s, &tide) < s.victory.needed);
    assert!(points(s, &[&tide[..], &["cadiz"]].concat()) >= s.victory.needed);
    assert!(points(s, &["catalonia"]) < s.victory.needed, "April 1814");
}

// ---- a month of random legal play --------------------------------------------------------------

fn powers(s: &Scenario) -> Vec<grognard_engine::PowerInfo> {
    Eia.scenarios().into_iter().find(|i| i.id == s.id).map(|i| i.powers).unwrap_or_default()
}

/// Random legal play from the opening of `id` to the start of its second month: no panic, no
/// legal command refused, no invariant broken. Returns the commands played.
fn one_month(id: &str, seed: u64, players: usize) -> usize {
    months(id, seed, players, 1, &[])
}

/// Random legal play from the opening of `id` with `options` for `count` months (or to its end).
fn months(id: &str, seed: u64, players: usize, count: u32, options: &[&str]) -> usize {
    let c = ctx();
    let s = scenario(id);
    let seats = Seats::round_robin(&powers(s), players).unwrap_or_else(|e| panic!("{e}"));
    let mut setup = Setup::scenario(id);
    setup.options = options.iter().map(|o| o.to_string()).collect();
    let mut state = Eia.setup(&setup, &seats).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert!(broken(c, &state).is_empty(), "{id} opening: {:?}", broken(c, &state));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = 0;
    let mut end = s.first;
    for _ in 0..count {
        end = end.next().unwrap_or(end);
    }
    for step in 0..4000 * count as usize {
        if state.date >= end && end > s.first {
            return played;
        }
        let player = match Eia.pending(&state) {
            Pending::Over { .. } => return played,
            Pending::Command { player, .. } | Pending::Choice { player, .. } => player,
            Pending::Sealed { players, .. } => {
                let mut choices = Vec::new();
                for p in players {
                    let legal = Eia.legal_commands(&state, p);
                    assert!(!legal.is_empty(), "{id} step {step}: no chit for {p}");
                    choices.push((p, legal[rng.next_u64() as usize % legal.len()].clone()));
                }
                let mut bytes = [0u8; 32];
                rng.fill_bytes(&mut bytes);
                let mut dice = StreamDice::from_seed(bytes);
                state = Eia.apply_sealed(&state, &choices, &mut dice).unwrap_or_else(|e| panic!("{id}: {e}")).state;
                continue;
            }
            other => panic!("{id} step {step}: unexpected {other:?}"),
        };
        let legal = Eia.legal_commands(&state, player);
        assert!(!legal.is_empty(), "{id} step {step}: no legal command");
        let busy: Vec<&grognard_eia::Command> = legal
            .iter()
            .filter(|c| !matches!(c, grognard_eia::Command::End | grognard_eia::Command::Demobilise { .. }))
            .collect();
        let command = if !busy.is_empty() && rng.next_u64() % 3 != 0 {
            busy[rng.next_u64() as usize % busy.len()]
        } else {
            &legal[rng.next_u64() as usize % legal.len()]
        };
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        let mut dice = StreamDice::from_seed(bytes);
        match Eia.apply(&state, player, command, &mut dice) {
            Ok(applied) => state = applied.state,
            Err(ApplyError::NeedDice) => panic!("a stream of dice never runs out"),
            Err(ApplyError::Rule(e)) => panic!("{id} step {step}: legal `{command}` refused: {e}"),
        }
        let bad = broken(c, &state);
        assert!(bad.is_empty(), "{id} step {step} after `{command}`: {bad:?}");
        played += 1;
    }
    panic!("{id}: {count} month(s) did not end in {} commands", 4000 * count);
}

fn month_of_play(id: &str) {
    let played = one_month(id, 7, 2);
    eprintln!("{id}: {played} commands in the first month");
    assert!(played > 0, "{id}");
}

#[test]
fn r13_3_a_month_of_random_legal_play_from_1809() {
    month_of_play("1809");
}

#[test]
fn r13_4_a_month_of_random_legal_play_from_1812() {
    month_of_play("1812");
}

#[test]
fn r13_5_a_month_of_random_legal_play_from_1813() {
    month_of_play("1813");
}

#[test]
fn r13_6_a_month_of_random_legal_play_from_the_peninsular_war() {
    month_of_play("peninsular");
}

/// Longer random play (several months of every scenario, their arrivals included): run on
/// demand with `cargo test -p grognard-eia --test rules scenarios_other:: -- --ignored`.
#[test]
#[ignore]
fn r13_several_months_of_random_legal_play_from_every_scenario() {
    for id in IDS {
        for seed in 0..2 {
            let played = months(id, seed, 7, 5, &[]);
            eprintln!("{id} seed {seed}: {played} commands in five months");
        }
    }
}

/// A month of a scenario with every campaign rule chosen (the naval rules, the political and
/// the economic phases): the held areas, blockades and minor countries of each opening work
/// with them too.
fn month_with_campaign_rules(id: &str) {
    let options = ["naval", "political", "economic", "open-corps"];
    let played = months(id, 3, 3, 1, &options);
    eprintln!("{id}: {played} commands in the first month with every campaign rule");
}

#[test]
fn r13_3_a_month_of_1809_with_every_campaign_rule() {
    month_with_campaign_rules("1809");
}

#[test]
fn r13_4_a_month_of_1812_with_every_campaign_rule() {
    month_with_campaign_rules("1812");
}

#[test]
fn r13_5_a_month_of_1813_with_every_campaign_rule() {
    month_with_campaign_rules("1813");
}

#[test]
fn r13_6_a_month_of_the_peninsular_war_with_every_campaign_rule() {
    month_with_campaign_rules("peninsular");
}
