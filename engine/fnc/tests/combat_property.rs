//! Property test: many random battles on the test map, every decision answered with an
//! option the combat module lists; each battle must end with nothing owed, no hex holding
//! both sides, every listed option accepted, and battle VP only ever growing.

use crate::combat_harness;

use combat_harness::*;
use grognard_engine::{ApplyError, ScriptedDice};
use grognard_fnc::{combat, DecisionKind, Location, Side, State};

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

const FRENCH: [&str; 11] =
    ["fr-1-1", "fr-1-2", "fr-a", "fr-b", "fr-c", "fr-d", "fr-e", "fr-f", "fr-r", "fr-eng", "fr-sc"];
const OTTOMAN: [&str; 8] = ["ot-1", "ot-2", "ot-3", "ot-4", "ot-5", "ot-6", "ot-mm", "br-rm"];
const TARGETS: [&str; 4] = ["0404", "0506", "0604", "0303"];

fn no_mixed_hexes(ctx: &grognard_fnc::Ctx, s: &State) {
    for h in ctx.map.land_hexes() {
        let sides: Vec<Side> = s.units_in(h).into_iter().filter_map(|u| ctx.side_of(u)).collect();
        assert!(sides.windows(2).all(|w| w[0] == w[1]), "both sides in {h}");
    }
}

#[test]
fn random_battles_always_finish_with_listed_answers() {
    let ctx = ctx();
    let mut rng = Lcg(20_260_101);
    let mut fought = 0;
    for _ in 0..400 {
        let target = hex(TARGETS[rng.next(TARGETS.len() as u64) as usize]);
        let attacker = if rng.next(2) == 0 { Side::First } else { Side::Second };
        let (ours, theirs) =
            if attacker == Side::First { (&FRENCH[..], &OTTOMAN[..]) } else { (&OTTOMAN[..], &FRENCH[..]) };
        let neighbours: Vec<_> = target.neighbours().map(|(_, h)| h).filter(|h| ctx.map.is_land(*h)).collect();
        let mut s = state(&ctx, 4, attacker, &[]);
        let mut count = std::collections::BTreeMap::new();
        for u in theirs {
            if rng.next(3) == 0 {
                s.units.insert(u.to_string(), Location::Hex(target));
            }
        }
        if theirs.contains(&"fr-sc") && rng.next(4) == 0 {
            s.units.insert("fr-sc".into(), Location::Hex(target));
        }
        let mut attackers = Vec::new();
        for u in ours {
            if *u == "fr-sc" || rng.next(2) == 0 {
                continue;
            }
            let h = neighbours[rng.next(neighbours.len() as u64) as usize];
            let n = count.entry(h).or_insert(0);
            if *n >= 3 {
                continue;
            }
            *n += 1;
            s.units.insert(u.to_string(), Location::Hex(h));
            attackers.push(*u);
        }
        // Some defenders elsewhere, to block retreats.
        for h in &neighbours {
            if !count.contains_key(h) && rng.next(3) == 0 {
                if let Some(u) = theirs.iter().find(|u| s.units.get(**u) == Some(&Location::Pool)) {
                    s.units.insert(u.to_string(), Location::Hex(*h));
                }
            }
        }
        let faces: Vec<u32> = (0..30).map(|_| rng.next(6) as u32 + 1).collect();
        let Ok((mut s, _, _)) = attack(&ctx, &s, attacker, &attackers, &target.to_string(), &[], &faces) else {
            continue;
        };
        fought += 1;
        let mut vp = (s.vp[0].battle, s.vp[1].battle);
        for _ in 0..10 {
            let Some(d) = s.decision.clone() else { break };
            let mut dice = ScriptedDice::new(&faces);
            let mut log = Vec::new();
            let next = match &d.kind {
                DecisionKind::Losses { .. } => {
                    let options = combat::loss_options(&ctx, &s, 5);
                    assert!(!options.is_empty(), "no loss option listed");
                    combat::apply_losses(&ctx, &s, d.by, &options[0], &mut dice, &mut log)
                }
                DecisionKind::Retreat { .. } => {
                    let options = combat::retreat_options(&ctx, &s, d.by, 5);
                    if options.is_empty() {
                        let placed: Vec<_> = s.units.iter().filter(|(_, l)| matches!(l, Location::Hex(_))).collect();
                        panic!("no retreat option listed: {d:?} {placed:?}");
                    }
                    combat::apply_retreat(&ctx, &s, d.by, &options[0], &mut dice, &mut log)
                }
                DecisionKind::Advance { units, .. } => {
                    let pick: Vec<String> = units.iter().take(rng.next(3) as usize).cloned().collect();
                    combat::apply_advance(&ctx, &s, d.by, &pick, &mut dice, &mut log)
                        .or_else(|_| combat::apply_advance(&ctx, &s, d.by, &[], &mut dice, &mut log))
                }
                other => panic!("combat owes no {other:?}"),
            };
            s = match next {
                Ok(n) => n,
                Err(ApplyError::NeedDice) => panic!("thirty faces should do"),
                Err(e) => panic!("a listed answer was refused: {e}"),
            };
            assert!(s.vp[0].battle >= vp.0 && s.vp[1].battle >= vp.1);
            vp = (s.vp[0].battle, s.vp[1].battle);
        }
        assert!(s.decision.is_none(), "a battle still owes {:?}", s.decision);
        assert!(s.battles.is_empty());
        no_mixed_hexes(&ctx, &s);
    }
    assert!(fought > 100, "only {fought} battles were fought");
}
