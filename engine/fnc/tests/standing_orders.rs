//! Standing orders answering the decisions that are not a battle's: over-stack removals by
//! the opponent (7.4) and units an event makes a side recycle (6.3, 6.4). The battles'
//! decisions (11.21, 11.22, 11.25) are in combat_batch_11_3.rs.

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::NoDice;
use grognard_fnc::command::Command;
use grognard_fnc::orders::Orders;
use grognard_fnc::ruleset::apply_command;
use grognard_fnc::state::Decision;
use grognard_fnc::{stacking, DecisionKind, Location, Side};

fn answer(ctx: &grognard_fnc::Ctx, s: &grognard_fnc::State, side: Side, text: &str) -> Option<Command> {
    grognard_fnc::standing::answer(ctx, s, side, &Orders::parse(text).expect("orders"))
        .expect("answered")
        .map(|(c, _)| c)
}

#[test]
fn rule_7_4_standing_order_removes_the_strongest_or_the_cheapest_over_stacked_units() {
    let ctx = ctx();
    let units = ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d", "fr-e", "fr-f", "fr-r"];
    let placed: Vec<(&str, &str)> = units.iter().map(|u| (*u, "0505")).collect();
    let mut s = state(&ctx, 4, Side::First, &placed);
    stacking::check_overstacks(&ctx, &mut s, &mut Vec::new());
    let Some(Decision { by: Side::Second, kind: DecisionKind::Overstack { count, .. } }) = s.decision.clone() else {
        panic!("an over-stack removal owed by the Ottoman player: {:?}", s.decision)
    };
    let strongest = answer(&ctx, &s, Side::Second, "overstack strongest").expect("an answer");
    let Command::Remove { units: removed } = &strongest else { panic!("a removal") };
    assert_eq!(removed.len(), usize::from(count));
    // fr-f (10-6) is the strongest French unit there; it is among those removed.
    assert!(removed.contains(&"fr-f".to_string()), "{removed:?}");
    let cheapest = answer(&ctx, &s, Side::Second, "overstack cheapest").expect("an answer");
    assert_ne!(strongest, cheapest);
    let after = apply_command(&ctx, &s, Side::Second, &strongest, &mut NoDice).expect("a legal removal");
    for u in removed {
        assert_ne!(at(&after.state, u), Location::Hex(hex("0505")));
    }
    // The owner's orders never answer the opponent's decision.
    assert_eq!(answer(&ctx, &s, Side::First, "overstack strongest"), None);
    assert_eq!(answer(&ctx, &s, Side::Second, "losses cheapest"), None);
}

#[test]
fn rule_6_3_standing_order_recycles_the_cheapest_units_that_are_not_kept() {
    let ctx = ctx();
    let mut s =
        state(&ctx, 4, Side::First, &[("fr-a", "0303"), ("fr-r", "0303"), ("fr-d", "0505"), ("fr-eng", "0606")]);
    s.decision = Some(Decision {
        by: Side::First,
        kind: DecisionKind::Recycle { count: 2, min_strength: 0, reason: "plague".into() },
    });
    // Worth (attack + defense): fr-eng 2, fr-r 4, fr-a 6, fr-d 12.
    assert_eq!(
        answer(&ctx, &s, Side::First, "remove cheapest"),
        Some(Command::Remove { units: ids(&["fr-eng", "fr-r"]) })
    );
    assert_eq!(
        answer(&ctx, &s, Side::First, "remove cheapest keep fr-eng"),
        Some(Command::Remove { units: ids(&["fr-r", "fr-a"]) })
    );
    // Too few units left once the kept ones are set aside: the decision waits for the player.
    assert_eq!(answer(&ctx, &s, Side::First, "remove cheapest keep fr-eng,fr-r,fr-a"), None);
    assert_eq!(answer(&ctx, &s, Side::First, "overstack strongest"), None);
}

#[test]
fn rule_8_8_standing_order_places_the_units_an_event_brings_nearest_the_target() {
    use grognard_fnc::command::Place;
    use grognard_fnc::events::british_units;
    use grognard_fnc::{Ctx, Game};
    let ctx = Ctx::embedded(Game::Ec).expect("EC data");
    let text = include_str!("fixtures/four_fronts_ec.txt");
    let mut s = grognard_fnc::position::parse(ctx, text).expect("the position");
    // The British intervene (6.3, 8.8): the Ottoman player places their units now.
    let units = british_units(ctx, &s);
    assert!(!units.is_empty(), "British units to place");
    let count = units.len() as u8;
    s.decision = Some(Decision {
        by: Side::Second,
        kind: DecisionKind::Place { units, count, reason: "british-intervention".into() },
    });
    let target = hex("3718"); // Acre
    let legal = grognard_fnc::table::commands(ctx, &s, Side::Second);
    let nearest = legal
        .iter()
        .filter_map(|c| match c {
            Command::Enter { to: Place::Hex(h), .. } => Some(h.distance(target)),
            _ => None,
        })
        .min()
        .expect("places open to the British");
    let (c, why) =
        grognard_fnc::standing::answer(ctx, &s, Side::Second, &Orders::parse("place nearest Acre").expect("orders"))
            .expect("answered")
            .expect("an answer");
    assert_eq!(why, "place nearest Acre");
    let Command::Enter { to: Place::Hex(at), .. } = &c else { panic!("a placement: {c}") };
    assert_eq!(at.distance(target), nearest, "{c}");
    apply_command(ctx, &s, Side::Second, &c, &mut NoDice).expect("a legal placement");
    // Without a place order the decision waits for the player.
    assert_eq!(answer(ctx, &s, Side::Second, "losses cheapest"), None);
}
