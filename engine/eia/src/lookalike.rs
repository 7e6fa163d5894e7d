//! Look-alike corps counters (2.4.2): "the corps and fleet counters when face-up on the map
//! only show their general type and movement allowance. Which corps each counter represents
//! is shown on the back of the counter and may be examined by only the owning player". Two
//! counters of one nation with the same face that stand together cannot be told apart by
//! the other players; once they part, nobody but their owner knows which went where.
//!
//! Here a corps id names a counter, and what a counter holds is hidden under the option
//! `hidden-corps` (`veiled.rs`). Without more, the ids would tell the others which strength
//! went where when look-alikes part: a strength they once saw (at set-up, or opened in a
//! battle) would stay tied to its counter for ever. So, when a power ends a step in which
//! its corps gather and part (army reinforcement, naval, land movement), the look-alike
//! counters of each of its groups are shuffled in secret: the owner's client draws a
//! permutation of their strengths ([`draw`], through `Ruleset::private_draw`), the `end` is
//! concealed (its projection names the groups, `Veiled::Shuffled`), and every corps of a
//! group is veiled by it together with the veils of the others in its group (any of them
//! may now hold what any of them held). A battle that needs one of their strengths then
//! has the `end` opened, as it has every concealed command in the corps' veil (7.5.2.6.3).
//!
//! Counters that are told apart in public are never in one group: another card face
//! (kind, movement, capacity, a feudal corps' home province), losses owed by one, or a
//! different place (in the city or in the field, aboard a fleet).
//!
//! A leader stays with his counter (leaders are public, `LeaderPlace::Corps`), whatever it
//! holds after a shuffle. An owner who keeps his corps under their commanders would not
//! shuffle those counters; the client's draw therefore leaves a counter with a leader where
//! it is and shuffles the others uniformly, and an owner who wants to bluff types the
//! shuffle himself (`end shuffling fr-4/fr-5`). The others then know what they would know
//! across the table: nothing certain, but what the owner's habits suggest.

use crate::ctx::Ctx;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::{LeaderPlace, State};
use grognard_engine::RuleError;
use std::collections::BTreeSet;

/// Two counters whose strengths swap places (applied in order, they make a permutation).
pub type Swap = [String; 2];

/// Does an `end` now end the acting power's step with a shuffle: hidden strengths, a step in
/// which corps gather and part (army reinforcement, naval, land movement), and nothing else
/// waiting (losses, a question, a naval decision, a battle, openings)?
pub fn ends_step(state: &State) -> bool {
    state.hidden_strengths()
        && state.over.is_none()
        && matches!(state.sequence.phase, Phase::ArmyReinforcement | Phase::Naval | Phase::Land(LandStep::Movement))
        && state.losses.is_empty()
        && state.book.depot_question.is_none()
        && state.battle.is_none()
        && state.reveal.is_none()
        && !crate::naval::waiting(state)
}

/// Do corps `a` and `b` look alike where they stand (same nation, card face and place)?
/// From the public state alone.
fn alike(ctx: &Ctx, state: &State, a: &str, b: &str) -> bool {
    let (Some(x), Some(y)) = (state.corps.get(a), state.corps.get(b)) else { return false };
    let (Some(cx), Some(cy)) = (ctx.cards.corps_card(a), ctx.cards.corps_card(b)) else { return false };
    x.nation == y.nation
        && x.area == y.area
        && x.in_city == y.in_city
        && x.aboard == y.aboard
        && cx.kind == cy.kind
        && cx.movement == cy.movement
        && cx.capacity == cy.capacity
        && cx.home == cy.home
}

/// Is `corps` told apart in public whatever its face: it owes losses?
fn marked(state: &State, corps: &str) -> bool {
    state.losses.iter().any(|d| d.corps == corps)
}

/// The corps a leader stands with: the client's draw leaves them where they are.
pub fn led(state: &State) -> BTreeSet<String> {
    state
        .leaders
        .values()
        .filter_map(|p| match p {
            LeaderPlace::Corps(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

/// The groups of look-alike counters of `power` (corps of the nations it moves), each of at
/// least two, members and groups in the order of their ids.
pub fn groups(ctx: &Ctx, state: &State, power: Power) -> Vec<Vec<String>> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    for (id, c) in &state.corps {
        if state.controller_of_nation(c.side()) != Some(power) || marked(state, id) {
            continue;
        }
        match groups.iter_mut().find(|g| alike(ctx, state, &g[0], id)) {
            Some(g) => g.push(id.clone()),
            None => groups.push(vec![id.clone()]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// A uniform permutation of each group's members not in `kept`, as swaps, drawn from
/// `entropy` by a Fisher-Yates shuffle (for i from the last member down to the second, swap
/// it with a member at or before it, drawn uniformly by rejection from a SplitMix64 stream seeded by folding the
/// entropy's four words through SplitMix64). A private draw: nothing public depends on how it was made.
pub fn draw(groups: &[Vec<String>], kept: &BTreeSet<String>, entropy: &[u8; 32]) -> Vec<Swap> {
    let mut seed = 0u64;
    for chunk in entropy.chunks(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        seed = SplitMix(seed ^ u64::from_le_bytes(word)).next();
    }
    let mut stream = SplitMix(seed);
    let mut swaps = Vec::new();
    for g in groups {
        let mut order: Vec<String> = g.iter().filter(|id| !kept.contains(*id)).cloned().collect();
        for i in (1..order.len()).rev() {
            let j = stream.below(i as u64 + 1) as usize;
            if j != i {
                swaps.push([order[i].clone(), order[j].clone()]);
                order.swap(i, j);
            }
        }
    }
    swaps
}

/// 2.4.2: every swap is between two counters of one group.
pub fn check(groups: &[Vec<String>], swaps: &[Swap]) -> Result<(), RuleError> {
    for [a, b] in swaps {
        if a == b || !groups.iter().any(|g| g.contains(a) && g.contains(b)) {
            return Err(RuleError::new(
                "2.4.2",
                format!("corps {a} and {b} are not look-alike counters standing together: they may not be shuffled"),
            ));
        }
    }
    Ok(())
}

/// Swap the strengths of the counters as `swaps` say, in order (in a copy that knows them).
pub fn apply(state: &mut State, swaps: &[Swap]) {
    for [a, b] in swaps {
        let (Some(x), Some(y)) = (state.corps.get(a), state.corps.get(b)) else { continue };
        let (fx, fy) = (x.factors.clone(), y.factors.clone());
        if let Some(x) = state.corps.get_mut(a) {
            x.factors = fy;
        }
        if let Some(y) = state.corps.get_mut(b) {
            y.factors = fx;
        }
    }
}

/// Give every corps of each group the veils of all of them (from the state before the
/// shuffle, so every copy computes the same).
pub fn pool_veils(state: &mut State, groups: &[Vec<String>]) {
    for g in groups {
        let pooled: BTreeSet<_> =
            g.iter().filter_map(|id| state.corps.get(id)).flat_map(|c| c.veil.iter().copied()).collect();
        for id in g {
            if let Some(c) = state.corps.get_mut(id) {
                c.veil.extend(pooled.iter().copied());
            }
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014), for the private draw only.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n ≥ 1), by rejection of the last incomplete range.
    fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(ids: &[&str]) -> Vec<String> {
        ids.iter().map(|s| s.to_string()).collect()
    }

    /// Apply swaps to the positions of a group's members: the permutation they make.
    fn permutation(g: &[String], swaps: &[Swap]) -> Vec<String> {
        let mut order = g.to_vec();
        for [a, b] in swaps {
            let (Some(i), Some(j)) = (order.iter().position(|x| x == a), order.iter().position(|x| x == b)) else {
                continue;
            };
            order.swap(i, j);
        }
        order
    }

    #[test]
    fn r2_4_2_the_draw_gives_every_order_of_three_counters_about_as_often() {
        let g = group(&["fr-1", "fr-2", "fr-3"]);
        let mut counts = std::collections::BTreeMap::new();
        for k in 0u32..6000 {
            let mut entropy = [0u8; 32];
            entropy[..4].copy_from_slice(&k.to_le_bytes());
            entropy[8..12].copy_from_slice(&k.wrapping_mul(2_654_435_761).to_le_bytes());
            let swaps = draw(std::slice::from_ref(&g), &BTreeSet::new(), &entropy);
            assert!(check(std::slice::from_ref(&g), &swaps).is_ok());
            *counts.entry(permutation(&g, &swaps)).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 6, "{counts:?}");
        for n in counts.values() {
            // 1000 expected for each of the six orders; 800 is more than six standard deviations off.
            assert!((800..=1200).contains(n), "{counts:?}");
        }
    }

    #[test]
    fn r2_4_2_the_draw_leaves_a_counter_with_a_leader_where_it_is() {
        let g = group(&["fr-1", "fr-2", "fr-3"]);
        let kept = BTreeSet::from(["fr-2".to_string()]);
        for k in 0u8..100 {
            let swaps = draw(std::slice::from_ref(&g), &kept, &[k; 32]);
            assert!(swaps.iter().flatten().all(|id| id != "fr-2"), "{swaps:?}");
            assert_eq!(permutation(&g, &swaps)[1], "fr-2");
        }
    }

    #[test]
    fn r2_4_2_a_swap_outside_a_group_is_refused() {
        let groups = vec![group(&["fr-1", "fr-2"]), group(&["fr-5", "fr-6"])];
        assert!(check(&groups, &[["fr-1".into(), "fr-2".into()]]).is_ok());
        for bad in [["fr-1", "fr-5"], ["fr-1", "fr-1"], ["fr-1", "fr-9"]] {
            let e = check(&groups, &[[bad[0].to_string(), bad[1].to_string()]]).err().map(|e| e.to_string());
            assert!(e.as_deref().is_some_and(|e| e.contains("2.4.2")), "{bad:?}: {e:?}");
        }
    }
}
