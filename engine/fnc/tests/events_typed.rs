//! The typed events (`src/happened.rs`): hand-built events keep the exact JSON the rules
//! wrote before the events were typed (each expected value below is built the way its rule
//! used to build it, from the same Rust values), read back as the same value, and the event
//! types documented in EVENTS.md are exactly the enum's. The random play checks every event
//! it meets the same way (`tests/support/driver.rs`).

use grognard_board::HexId;
use grognard_fnc::combat::odds::Shift;
use grognard_fnc::combat::strengths::UnitStrength;
use grognard_fnc::command::BatchAttack;
use grognard_fnc::data::CrtResult;
use grognard_fnc::happened::{
    BattleShift, BattleUnit, ChosenBy, CupDraw, EventEffect, Happened, Modifier, MoveStep, SupplyVia,
};
use grognard_fnc::{Location, Phase, Side, VpKind};
use serde_json::{json, Value};
use std::collections::BTreeSet;

fn hex(text: &str) -> HexId {
    HexId::parse(text).expect("a hex")
}

fn units(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|u| u.to_string()).collect()
}

/// The event's data is `expected` exactly, and `expected` reads back as the same value.
fn keeps(happened: Happened, expected: Value) {
    let event = happened.clone().event("what happened");
    assert_eq!(event.text, "what happened");
    assert_eq!(event.data, expected, "the JSON of {happened:?}");
    let back: Happened = serde_json::from_value(expected).expect("the JSON reads back");
    assert_eq!(back, happened);
}

#[test]
fn a_ground_move_keeps_its_json() {
    // movement/ground.rs: the steps, then the move.
    let (start, trace) = (Location::Box("anatolia".into()), vec![hex("1226"), hex("1326")]);
    let plan_steps = [(hex("1226"), "1".to_string(), "clear".to_string()), (hex("1326"), "0.5".into(), "road".into())];
    let steps: Vec<_> = plan_steps.iter().map(|(h, c, why)| json!({"hex": h, "cost": c, "why": why})).collect();
    let expected = json!({"type": "move", "units": units(&["fr-1", "fr-2"]), "from": start, "path": trace,
                          "cost": "1.5", "steps": steps});
    let typed = Happened::Move {
        units: units(&["fr-1", "fr-2"]),
        from: start.clone(),
        path: trace.clone(),
        cost: "1.5".into(),
        steps: plan_steps.iter().map(|(h, c, why)| MoveStep { hex: *h, cost: c.clone(), why: why.clone() }).collect(),
    };
    keeps(typed, expected);
}

#[test]
fn a_battle_keeps_its_json() {
    // combat/resolve.rs: the forces' unit strengths and the shifts as the odds hold them.
    let attack = vec![
        UnitStrength { unit: "fr-1".into(), printed: 4, division_bonus: 1, doubled: false, total: 5 },
        UnitStrength { unit: "fr-2".into(), printed: 2, division_bonus: 0, doubled: true, total: 4 },
    ];
    let defense = vec![UnitStrength { unit: "ot-1".into(), printed: 3, division_bonus: 0, doubled: false, total: 3 }];
    let fleets: Vec<(String, u32)> = vec![("fr-fleet".into(), 2)];
    let shifts = vec![Shift::new("11.6 defender in hills", -1), Shift::new("11.9 concentric attack", 1)];
    let (die, percent): (Option<u32>, Option<u32>) = (Some(4), Some(366));
    let expected = json!({
        "type": "battle", "rule": "11.2", "side": Side::First, "hex": hex("1226"),
        "attackers": attack, "fleets": fleets, "invasion": units(&[]),
        "defenders": defense, "attack_strength": 11, "defense_strength": 3,
        "percent": percent, "base_column": "3-1",
        "shifts": shifts, "net_shift": 0, "clamped": false,
        "final_column": "3-1", "die": die, "result": CrtResult::DR.code(),
        "automatic": false,
    });
    let typed = Happened::Battle {
        rule: "11.2".into(),
        side: Side::First,
        hex: hex("1226"),
        attackers: attack.iter().map(BattleUnit::from).collect(),
        fleets,
        invasion: Vec::new(),
        defenders: defense.iter().map(BattleUnit::from).collect(),
        attack_strength: 11,
        defense_strength: 3,
        percent,
        base_column: "3-1".into(),
        shifts: shifts.iter().map(BattleShift::from).collect(),
        net_shift: 0,
        clamped: false,
        final_column: "3-1".into(),
        die,
        result: CrtResult::DR,
        automatic: false,
    };
    keeps(typed, expected);
    // An SC alone (14.3): no die, and with no defense strength no percentage: both null.
    let automatic = Happened::Battle {
        rule: "11.2".into(),
        side: Side::Second,
        hex: hex("0910"),
        attackers: vec![BattleUnit::from(&attack[0])],
        fleets: Vec::new(),
        invasion: Vec::new(),
        defenders: Vec::new(),
        attack_strength: 5,
        defense_strength: 0,
        percent: None,
        base_column: "6-1".into(),
        shifts: Vec::new(),
        net_shift: 0,
        clamped: false,
        final_column: "6-1".into(),
        die: None,
        result: CrtResult::DC,
        automatic: true,
    };
    let expected = json!({
        "type": "battle", "rule": "11.2", "side": "second", "hex": "0910", "attackers": [attack[0]],
        "fleets": [], "invasion": [], "defenders": [], "attack_strength": 5, "defense_strength": 0,
        "percent": null, "base_column": "6-1", "shifts": [], "net_shift": 0, "clamped": false,
        "final_column": "6-1", "die": null, "result": "DC", "automatic": true,
    });
    keeps(automatic, expected);
}

#[test]
fn random_event_effects_keep_their_json() {
    // events/mod.rs: one `effect` type, told apart by the `effect` key.
    let turn: u8 = 4;
    keeps(
        Happened::Effect(EventEffect::Infighting { area: "syria".into(), fleet: true, turn }),
        json!({"type": "effect", "effect": "infighting", "area": "syria", "fleet": true, "turn": turn}),
    );
    keeps(
        Happened::Effect(EventEffect::MovementMinusOne { side: Side::Second, turn }),
        json!({"type": "effect", "effect": "movement-minus-one", "side": Side::Second, "turn": turn}),
    );
    keeps(
        Happened::Effect(EventEffect::NorwegianFront { won: true, units: Some(Vec::new()) }),
        json!({"type": "effect", "effect": "norwegian-front", "won": true, "units": []}),
    );
    keeps(
        Happened::Effect(EventEffect::NorwegianFront { won: false, units: None }),
        json!({"type": "effect", "effect": "norwegian-front", "won": false}),
    );
    keeps(
        Happened::Effect(EventEffect::NavalVictory { winner: Side::First, vp: 2 }),
        json!({"type": "effect", "effect": "naval-victory", "winner": Side::First, "vp": 2}),
    );
    keeps(Happened::Effect(EventEffect::Truce { turn }), json!({"type": "effect", "effect": "truce", "turn": turn}));
    // The militia events name themselves by the event's id.
    let (wanted, available, count): (u32, Vec<String>, usize) = (3, units(&["sw-m1", "sw-m2"]), 2);
    keeps(
        Happened::Effect(EventEffect::Uprising { due: wanted, available: available.clone(), count }),
        json!({"type": "effect", "effect": "uprising", "due": wanted, "available": available, "count": count}),
    );
    keeps(
        Happened::Effect(EventEffect::Volunteers { due: 1, available: Vec::new(), count: 0 }),
        json!({"type": "effect", "effect": "volunteers", "due": 1, "available": [], "count": 0}),
    );
}

#[test]
fn keys_sometimes_null_and_sometimes_absent_keep_both_forms() {
    // reinforcements/placement.rs: `"event": event` with an `Option` writes null for 8.2.
    let event: Option<String> = None;
    keeps(
        Happened::Enter { unit: "ot-1".into(), to: Location::Hex(hex("1226")), rule: "8.2".into(), event: Some(None) },
        json!({"type": "enter", "unit": "ot-1", "to": Location::Hex(hex("1226")), "rule": "8.2", "event": event}),
    );
    keeps(
        Happened::Enter {
            unit: "ot-1".into(),
            to: Location::Box("anatolia".into()),
            rule: "8.3".into(),
            event: Some(Some("british-intervention".into())),
        },
        json!({"type": "enter", "unit": "ot-1", "to": {"box": "anatolia"}, "rule": "8.3", "event": "british-intervention"}),
    );
    // reinforcements/draw.rs: a drawn unit arriving in a box has no `event` key at all.
    keeps(
        Happened::Enter { unit: "ot-1".into(), to: Location::Box("anatolia".into()), rule: "8.6".into(), event: None },
        json!({"type": "enter", "unit": "ot-1", "to": Location::Box("anatolia".into()), "rule": "8.6"}),
    );
    // A draw from a cup of one unit rolls no die: null.
    let (pool, die): (Vec<String>, Option<u32>) = (units(&["rs-9"]), None);
    keeps(
        Happened::Draw {
            side: Side::First,
            units: None,
            rule: Some("8.4".into()),
            cup: Some(pool.clone()),
            die: Some(die),
            unit: Some("rs-9".into()),
        },
        json!({"type": "draw", "side": Side::First, "rule": "8.4", "cup": pool, "die": die, "unit": "rs-9"}),
    );
    keeps(
        Happened::Draw { side: Side::Second, units: Some(Vec::new()), rule: None, cup: None, die: None, unit: None },
        json!({"type": "draw", "side": Side::Second, "units": []}),
    );
    // reinforcements/container.rs: `from` is where the unit was.
    let from = Some(Location::Hex(hex("1530")));
    keeps(
        Happened::ReturnToCup {
            unit: Some("ot-4".into()),
            from: Some(from.clone()),
            rule: Some("8.5".into()),
            units: None,
        },
        json!({"type": "return_to_cup", "unit": "ot-4", "from": from, "rule": "8.5"}),
    );
    keeps(
        Happened::ReturnToCup { unit: None, from: None, rule: None, units: Some(Vec::new()) },
        json!({"type": "return_to_cup", "units": []}),
    );
}

#[test]
fn rolls_with_modifiers_supply_and_the_rest_keep_their_json() {
    // recycling.rs: `final` is a keyword in Rust, a key in the JSON.
    let mods: Vec<(i32, &str)> = vec![(-1, "out of supply"), (1, "in a city")];
    let mod_json: Vec<_> = mods.iter().map(|(m, why)| json!({"modifier": m, "cause": why})).collect();
    let (die, total, to) = (3, 3, Location::Track(5));
    keeps(
        Happened::Recycling {
            unit: "fr-3".into(),
            cause: "DR in the battle for 1226".into(),
            from: Location::Hex(hex("1226")),
            side: Side::First,
            die,
            modifiers: mods.iter().map(|(m, why)| Modifier { modifier: *m, cause: why.to_string() }).collect(),
            r#final: total,
            to: to.clone(),
            rule: "8.12".into(),
        },
        json!({
            "type": "recycling", "unit": "fr-3", "cause": "DR in the battle for 1226", "from": Location::Hex(hex("1226")),
            "side": Side::First, "die": die, "modifiers": mod_json, "final": total, "to": to, "rule": "8.12",
        }),
    );
    keeps(
        Happened::Eliminated {
            unit: "ot-2".into(),
            cause: "out of supply (12.1)".into(),
            from: Location::Hex(hex("0101")),
            to: Location::Pool,
            rule: "8.7".into(),
        },
        json!({"type": "eliminated", "unit": "ot-2", "cause": "out of supply (12.1)", "from": Location::Hex(hex("0101")),
               "to": "pool", "rule": "8.7"}),
    );
    // supply.rs: how a stack is in supply, by `via`.
    let line = (hex("1226"), vec![hex("1326"), hex("1226")], 1usize);
    keeps(
        Happened::Supply {
            units: units(&["fr-1"]),
            at: Location::Hex(hex("1326")),
            supplied: true,
            how: Some(SupplyVia::Line { source: line.0, path: line.1.clone(), off_road: line.2 }),
            reasons: None,
        },
        json!({"type": "supply", "units": ["fr-1"], "at": Location::Hex(hex("1326")), "supplied": true,
               "how": json!({"via": "line", "source": line.0, "path": line.1, "off_road": line.2})}),
    );
    for (via, expected) in [
        (SupplyVia::Port { water: "Mediterranean".into() }, json!({"via": "port", "water": "Mediterranean"})),
        (SupplyVia::InterventionPort, json!({"via": "intervention-port"})),
        (SupplyVia::Box { r#box: "anatolia".into() }, json!({"via": "box", "box": "anatolia"})),
        (SupplyVia::Islands { region: "Aland Isles".into() }, json!({"via": "islands", "region": "Aland Isles"})),
    ] {
        let none: Vec<String> = Vec::new();
        keeps(
            Happened::Supply { units: Vec::new(), at: Location::Pool, supplied: true, how: Some(via), reasons: None },
            json!({"type": "supply", "units": none, "at": "pool", "supplied": true, "how": expected}),
        );
    }
    keeps(
        Happened::Supply {
            units: units(&["sw-1"]),
            at: Location::Box("swedish".into()),
            supplied: false,
            how: None,
            reasons: Some(vec!["the box swedish gives no supply".into()]),
        },
        json!({"type": "supply", "units": ["sw-1"], "at": {"box": "swedish"}, "supplied": false,
               "reasons": ["the box swedish gives no supply"]}),
    );
    // The rest of the shapes: a batch with an automatic attack, losses, VP, the phase.
    let attacks = vec![
        BatchAttack { attackers: units(&["fr-1"]), defender: hex("1226"), fleets: Vec::new(), from: Vec::new() },
        BatchAttack {
            attackers: units(&["fr-2"]),
            defender: hex("2030"),
            fleets: units(&["fr-fleet"]),
            from: Vec::new(),
        },
    ];
    let dice: Vec<Option<u32>> = vec![None, Some(6)];
    keeps(
        Happened::Batch {
            rule: "11.3".into(),
            side: Side::First,
            attacks: attacks.clone(),
            orders: "none".into(),
            dice: dice.clone(),
        },
        json!({"type": "batch", "rule": "11.3", "side": Side::First, "attacks": attacks, "orders": "none", "dice": dice}),
    );
    keeps(
        Happened::Losses {
            hex: hex("1226"),
            side: Side::Second,
            units: units(&["ot-1"]),
            required: 3,
            involved: 7,
            chosen_by: ChosenBy::Forced,
            rule: "11.19".into(),
        },
        json!({"type": "losses", "hex": hex("1226"), "side": Side::Second, "units": ["ot-1"], "required": 3,
               "involved": 7, "chosen_by": "forced", "rule": "11.19"}),
    );
    keeps(
        Happened::Vp {
            kind: VpKind::Battle,
            side: Side::First,
            points: 2,
            loser_strength: 9,
            ruins: false,
            rule: "11.13".into(),
        },
        json!({"type": "vp", "kind": "battle", "side": Side::First, "points": 2, "loser_strength": 9, "ruins": false,
               "rule": "11.13"}),
    );
    keeps(
        Happened::Phase { phase: Phase::Setup(Side::Second), turn: 1, phasing: Side::Second },
        json!({"type": "phase", "phase": Phase::Setup(Side::Second), "turn": 1, "phasing": Side::Second}),
    );
    keeps(
        Happened::ReinforcementRoll {
            rule: "8.5".into(),
            die: 4,
            result: 2,
            draws: Some(vec![
                CupDraw { faces: 5, die: Some(2), unit: "ot-7".into() },
                CupDraw { faces: 1, die: None, unit: "ot-8".into() },
            ]),
            units: Some(units(&["ot-7", "ot-8"])),
        },
        json!({"type": "reinforcement_roll", "rule": "8.5", "die": 4, "result": 2,
               "draws": [{"faces": 5, "die": 2, "unit": "ot-7"}, {"faces": 1, "die": null, "unit": "ot-8"}],
               "units": ["ot-7", "ot-8"]}),
    );
    // Types and shapes the random play seldom or never meets: a dropped attack of a batch,
    // an overrun on a river move and on a ground move.
    let reason = "11.4: 1226 is attacked twice".to_string();
    keeps(
        Happened::BatchDropped { hex: hex("1226"), reason: reason.clone(), rule: "11.3".into() },
        json!({"type": "batch_dropped", "hex": hex("1226"), "reason": reason, "rule": "11.3"}),
    );
    keeps(
        Happened::Overrun { units: Some(units(&["ot-sc"])), unit: None, hex: None },
        json!({"type": "overrun", "units": ["ot-sc"]}),
    );
    keeps(
        Happened::Overrun { units: None, unit: Some("ot-sc".into()), hex: Some(hex("1226")) },
        json!({"type": "overrun", "unit": "ot-sc", "hex": hex("1226")}),
    );
    keeps(
        Happened::Victory { winner: Side::Second, vp: [10, 7] },
        json!({"type": "victory", "winner": "second", "vp": [10, 7]}),
    );
}

/// The names serde knows for an internally tagged enum, read from its refusal of an unknown
/// one ("unknown variant `?`, expected one of `a`, `b`, ...").
fn variants<T: serde::de::DeserializeOwned + std::fmt::Debug>(tag: &str) -> BTreeSet<String> {
    let err = serde_json::from_value::<T>(json!({ tag: "?" })).expect_err("no such variant");
    let text = err.to_string();
    let listed = text.split("expected one of").nth(1).expect("serde lists the variants");
    listed.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// The names in the first column of the tables of EVENTS.md whose header row starts with
/// `| first |` (a cell may name several: `` `volunteers`, `uprising` ``).
fn documented(first: &str) -> BTreeSet<String> {
    let text = include_str!("../EVENTS.md");
    let mut out = BTreeSet::new();
    let mut in_table = false;
    for line in text.lines() {
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let cell = line.split('|').nth(1).unwrap_or("").trim();
        if cell == first {
            in_table = true;
            continue;
        }
        if in_table && !cell.starts_with("---") {
            out.extend(cell.split(',').map(|n| n.trim().trim_matches('`').to_string()));
        }
    }
    out
}

#[test]
fn events_md_documents_every_event_type_and_effect() {
    let types = variants::<Happened>("type");
    assert_eq!(types.len(), 48, "{types:?}");
    assert_eq!(documented("type"), types, "the types of EVENTS.md and of Happened");
    assert_eq!(documented("effect"), variants::<EventEffect>("effect"), "the effects of EVENTS.md and of EventEffect");
}
