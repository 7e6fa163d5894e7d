//! Recycling eligibility (8.7, 8.8, 8.11) against the games' own counter mixes: the rules'
//! categories agree with the `recycle` column, the four Mameluke 5-8 are found, and every
//! Ottoman unit but the British goes back into the container.

use grognard_fnc::data::UnitType;
use grognard_fnc::recycling::{self, Fate};
use grognard_fnc::{Ctx, Game};

#[test]
fn rule_8_11_fates_agree_with_the_recycle_column_of_both_games() {
    for game in Game::ALL {
        let ctx = Ctx::embedded(game).expect("the game's data parse");
        for c in ctx.counters.iter() {
            let fate = recycling::fate(ctx, c);
            match fate {
                Fate::Recycle => assert!(c.recycle, "{} recycles but its counter says no", c.id),
                Fate::Container => {
                    assert_eq!(game, Game::Ec, "{}", c.id);
                    assert_eq!(c.nation, "ottoman", "{}: only Ottoman units go back to the container", c.id);
                }
                Fate::Permanent(_) => {
                    assert!(!c.recycle || c.kind == UnitType::Fleet, "{} may recycle by its counter", c.id)
                }
            }
            if c.kind == UnitType::Fortress {
                assert!(matches!(fate, Fate::Permanent(_)), "{}: fortress garrisons never recycle", c.id);
            }
        }
    }
}

#[test]
fn rule_8_7_the_four_mameluke_5_8_never_come_back() {
    let ctx = Ctx::embedded(Game::Ec).expect("the EC data parse");
    let gone: Vec<&str> = ctx
        .counters
        .iter()
        .filter(|c| c.nation == "ottoman" && c.kind != UnitType::Fortress)
        .filter(|c| matches!(recycling::fate(ctx, c), Fate::Permanent(_)))
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(gone, vec!["ot-mm-1", "ot-mm-2", "ot-mm-3", "ot-mm-4"]);
    let british: Vec<&str> = ctx
        .counters
        .iter()
        .filter(|c| c.nation == "british" && recycling::fate(ctx, c) == Fate::Recycle)
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(british, vec!["br-rm", "br-phil"], "8.8: the two British ground units recycle");
}
