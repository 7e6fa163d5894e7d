//! Combat losses (11.14-11.21): how much strength a result takes from each side and which
//! sets of units the owning player may give up.
//!
//! A loss requirement is "eliminate involved units whose printed strength is at least X%
//! of the involved strength". The owner chooses the units (11.21), within three orders:
//! the one engineer that earned the engineer shift goes first (11.7), siege trains that
//! attacked a fortress go last (11.8), and the SC goes last (14.3).
//!
//! **Involved strength.** The sum of the printed factors of the side's involved units still
//! in the battle (attack factors for the attacker, a siege train's `*` counting 0; defense
//! factors for the defender); the battle's modified strengths (divisional integrity,
//! siege-train doubling) and fleets do not count, since losses are measured in printed
//! strength and fleets are never affected (10.2). The requirement is rounded up: half of 9
//! is 5.
//!
//! **Minimal.** A choice may hold no needless unit: it is refused if any one unit could
//! be dropped from it while the rest still meets the requirement and the orders above.
//! (So a player cannot throw away extra units to empty a hex, nor pick a choice that keeps
//! an obligatory unit out.)

pub use crate::battle::LossRequirement;

/// One unit that may be given up, with what the ordering rules say about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossCandidate<U> {
    pub unit: U,
    /// The printed strength counted for this side in this battle (attack factor for the
    /// attacker, defense factor for the defender).
    pub strength: u32,
    /// Must be the first unit given up whenever any loss is due (the credited engineer, 11.7).
    pub first: bool,
    /// May be given up only after every other candidate (siege trains vs a fortress 11.8, SC 14.3).
    pub last: bool,
}

/// The strength a requirement takes, and the rule that fixes it, for the log.
pub fn required_strength(requirement: LossRequirement, involved: u32) -> u32 {
    match requirement {
        LossRequirement::None => 0,
        LossRequirement::All => involved,
        LossRequirement::Percent(p) => (p * involved).div_ceil(100),
    }
}

/// Does `chosen` (indexes into `candidates`) meet the requirement and the ordering rules,
/// leaving minimality aside?
fn meets<U>(requirement: LossRequirement, candidates: &[LossCandidate<U>], chosen: &[bool]) -> bool {
    let involved: u32 = candidates.iter().map(|c| c.strength).sum();
    match requirement {
        LossRequirement::None => chosen.iter().all(|c| !c),
        LossRequirement::All => chosen.iter().all(|c| *c),
        LossRequirement::Percent(p) => {
            let sum: u32 = candidates.iter().zip(chosen).filter(|(_, c)| **c).map(|(u, _)| u.strength).sum();
            let needed = (p * involved).div_ceil(100);
            if needed == 0 {
                return chosen.iter().all(|c| !c);
            }
            if sum < needed {
                return false;
            }
            // 11.7: the credited engineer goes first.
            if candidates.iter().zip(chosen).any(|(u, c)| u.first && !c) {
                return false;
            }
            // 11.8, 14.3: "last" units only once every other unit is given up.
            let any_last = candidates.iter().zip(chosen).any(|(u, c)| u.last && *c);
            let all_others = candidates.iter().zip(chosen).all(|(u, c)| u.last || *c);
            !any_last || all_others
        }
    }
}

/// Check a chosen set of units. Errors cite the rule broken.
pub fn check_choice<U: PartialEq + Clone + std::fmt::Display>(
    requirement: LossRequirement,
    candidates: &[LossCandidate<U>],
    chosen: &[U],
) -> Result<(), grognard_engine::RuleError> {
    use grognard_engine::RuleError;
    let mut mask = vec![false; candidates.len()];
    for unit in chosen {
        let Some(i) = candidates.iter().position(|c| &c.unit == unit) else {
            return Err(RuleError::new("11.21", format!("{unit} is not among the units involved in this battle")));
        };
        if mask[i] {
            return Err(RuleError::new("11.21", format!("{unit} is named twice")));
        }
        mask[i] = true;
    }
    if !meets(requirement, candidates, &mask) {
        if let Some(eng) = candidates.iter().zip(&mask).find(|(u, c)| u.first && !**c) {
            return Err(RuleError::new("11.7", format!("the engineer {} must be the first unit given up", eng.0.unit)));
        }
        let any_last = candidates.iter().zip(&mask).find(|(u, c)| u.last && **c);
        if let Some((last, _)) = any_last {
            if candidates.iter().zip(&mask).any(|(u, c)| !u.last && !c) {
                return Err(RuleError::new(
                    "11.8",
                    format!("{} may be given up only after every other involved unit (11.8, 14.3)", last.unit),
                ));
            }
        }
        let involved: u32 = candidates.iter().map(|c| c.strength).sum();
        return Err(RuleError::new(
            "11.21",
            format!(
                "the losses must total at least {} of the {} involved strength points",
                required_strength(requirement, involved),
                involved
            ),
        ));
    }
    for i in 0..mask.len() {
        if mask[i] {
            mask[i] = false;
            let still = meets(requirement, candidates, &mask);
            mask[i] = true;
            if still {
                return Err(RuleError::new(
                    "11.21",
                    format!("{} is not needed to meet the losses; give up no more than required", candidates[i].unit),
                ));
            }
        }
    }
    Ok(())
}

/// The minimal choices (see the module doc), at most `limit` of them, each as indexes into
/// `candidates` in candidate order. Below the limit the list is complete: every choice
/// [`check_choice`] accepts is in it, once. The search takes each candidate before leaving
/// it out, in candidate order, so the result is deterministic.
pub fn minimal_choices<U>(
    requirement: LossRequirement,
    candidates: &[LossCandidate<U>],
    limit: usize,
) -> Vec<Vec<usize>> {
    if limit == 0 {
        return Vec::new();
    }
    let involved: u32 = candidates.iter().map(|c| c.strength).sum();
    let needed = match requirement {
        // 11.14, 11.18: every involved unit; no losses: nobody.
        LossRequirement::All => return vec![(0..candidates.len()).collect()],
        LossRequirement::None => return vec![Vec::new()],
        LossRequirement::Percent(_) => required_strength(requirement, involved),
    };
    if needed == 0 {
        return vec![Vec::new()];
    }
    // The strength of the candidates from each index on, for the bound below.
    let mut rest = vec![0u32; candidates.len() + 1];
    for i in (0..candidates.len()).rev() {
        rest[i] = rest[i + 1] + candidates[i].strength;
    }
    let mut out = Vec::new();
    // A unit both "first" and "last" (no counter is) would void the cut below.
    let cut = !candidates.iter().any(|c| c.first && c.last);
    let mut search = Search { requirement, candidates, needed, rest, limit, cut };
    search.walk(&mut vec![false; candidates.len()], 0, 0, false, &mut out);
    out
}

fn is_minimal<U>(requirement: LossRequirement, candidates: &[LossCandidate<U>], mask: &mut [bool]) -> bool {
    if !meets(requirement, candidates, mask) {
        return false;
    }
    for i in 0..mask.len() {
        if mask[i] {
            mask[i] = false;
            let still = meets(requirement, candidates, mask);
            mask[i] = true;
            if still {
                return false;
            }
        }
    }
    true
}

/// The depth-first search of [`minimal_choices`] for a percentage requirement of `needed`
/// strength points. Every leaf is judged by [`is_minimal`]; a branch is cut only when no
/// leaf below it could pass.
struct Search<'a, U> {
    requirement: LossRequirement,
    candidates: &'a [LossCandidate<U>],
    needed: u32,
    /// `rest[i]`: the strength of candidates `i..`.
    rest: Vec<u32>,
    limit: usize,
    /// Whether the cut of a satisfied choice may be made.
    cut: bool,
}

impl<U> Search<'_, U> {
    /// Decide candidates `next..` with `sum` chosen so far (`last`: a "last" unit is among
    /// them).
    fn walk(&mut self, mask: &mut Vec<bool>, next: usize, sum: u32, last: bool, out: &mut Vec<Vec<usize>>) {
        if out.len() >= self.limit {
            return;
        }
        // Every choice must reach the required strength (11.15-11.20).
        if sum + self.rest[next] < self.needed {
            return;
        }
        let Some(c) = self.candidates.get(next) else {
            if is_minimal(self.requirement, self.candidates, mask) {
                out.push(mask.iter().enumerate().filter(|(_, c)| **c).map(|(i, _)| i).collect());
            }
            return;
        };
        // Once the choice meets the strength without a "last" unit, one more unit that is
        // neither "first" nor "last" could be dropped again: no minimal choice holds it. (With
        // a "last" unit chosen every other unit must be, 11.8 and 14.3, so that cut is not
        // made then.)
        let satisfied = self.cut && sum >= self.needed && !last;
        if !(satisfied && !c.first && !c.last) {
            mask[next] = true;
            self.walk(mask, next + 1, sum + c.strength, last || c.last, out);
            mask[next] = false;
        }
        // 11.7: the credited engineer is in every choice.
        if !c.first {
            self.walk(mask, next + 1, sum, last, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(unit: &'static str, strength: u32) -> LossCandidate<&'static str> {
        LossCandidate { unit, strength, first: false, last: false }
    }

    #[test]
    fn rule_11_15_half_of_the_involved_strength_rounds_up() {
        assert_eq!(required_strength(LossRequirement::Percent(50), 9), 5);
        assert_eq!(required_strength(LossRequirement::Percent(25), 9), 3);
        assert_eq!(required_strength(LossRequirement::Percent(25), 8), 2);
        assert_eq!(required_strength(LossRequirement::All, 8), 8);
    }

    #[test]
    fn rule_11_21_owner_chooses_but_no_needless_unit() {
        let cands = [c("a", 4), c("b", 4), c("c", 2)];
        // 50% of 10 = 5: {a, c}, {b, c} or {a, b}; {a, b, c} holds a needless unit.
        assert!(check_choice(LossRequirement::Percent(50), &cands, &["a", "c"]).is_ok());
        assert!(check_choice(LossRequirement::Percent(50), &cands, &["a", "b"]).is_ok());
        assert!(check_choice(LossRequirement::Percent(50), &cands, &["a"]).is_err());
        assert!(check_choice(LossRequirement::Percent(50), &cands, &["a", "b", "c"]).is_err());
        assert_eq!(minimal_choices(LossRequirement::Percent(50), &cands, 10).len(), 3);
    }

    #[test]
    fn rule_11_7_engineer_first() {
        let mut cands = vec![c("eng", 1), c("inf", 6)];
        cands[0].first = true;
        // 25% of 7 = 2: the engineer alone is not enough, the infantry is; both are needed
        // because the engineer may not be left out.
        assert_eq!(check_choice(LossRequirement::Percent(25), &cands, &["inf"]).unwrap_err().rule, "11.7");
        assert!(check_choice(LossRequirement::Percent(25), &cands, &["eng", "inf"]).is_ok());
        assert_eq!(minimal_choices(LossRequirement::Percent(25), &cands, 10), vec![vec![0, 1]]);
    }

    /// 11.21, 11.7, 11.8: below the limit, the minimal choices are exactly the choices
    /// `check_choice` accepts, over many small forces (every subset tried).
    #[test]
    fn rule_11_21_minimal_choices_are_every_accepted_choice() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        const NAMES: [&str; 9] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
        let mut checked = 0;
        for _ in 0..3000 {
            let n = 1 + next(8) as usize;
            let mut cands: Vec<LossCandidate<&str>> = (0..n)
                .map(|i| LossCandidate { unit: NAMES[i], strength: next(7) as u32, first: false, last: false })
                .collect();
            // Now and then an engineer first (11.7), one or two "last" units (11.8, 14.3),
            // and, once in a while, a unit both (no counter is, but the search must not care).
            match next(6) {
                0 => cands[next(n as u64) as usize].first = true,
                1 => cands[next(n as u64) as usize].last = true,
                2 => {
                    cands[next(n as u64) as usize].last = true;
                    cands[next(n as u64) as usize].last = true;
                }
                3 => {
                    let i = next(n as u64) as usize;
                    cands[i].first = true;
                    cands[i].last = true;
                }
                _ => {}
            }
            let requirement = match next(8) {
                0 => LossRequirement::All,
                1 => LossRequirement::None,
                2 => LossRequirement::Percent(25),
                3 => LossRequirement::Percent(100),
                _ => LossRequirement::Percent(50),
            };
            let mut expected: Vec<Vec<usize>> = Vec::new();
            for bits in 0u32..(1 << n) {
                let chosen: Vec<&str> = (0..n).filter(|i| bits & (1 << i) != 0).map(|i| NAMES[i]).collect();
                if check_choice(requirement, &cands, &chosen).is_ok() {
                    expected.push((0..n).filter(|i| bits & (1 << i) != 0).collect());
                }
            }
            let mut found = minimal_choices(requirement, &cands, 1000);
            assert_eq!(found.len(), expected.len(), "{requirement:?} {cands:?}: {found:?} vs {expected:?}");
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{requirement:?} {cands:?}");
            checked += expected.len();
            // The limit cuts the list, never adds to it.
            let cut = minimal_choices(requirement, &cands, 1);
            assert_eq!(cut.len(), expected.len().min(1));
        }
        assert!(checked > 3000, "the forces offered choices: {checked}");
    }

    #[test]
    fn rule_11_8_siege_train_last() {
        let mut cands = vec![c("st", 0), c("a", 3), c("b", 3)];
        cands[0].last = true;
        assert_eq!(check_choice(LossRequirement::Percent(50), &cands, &["st", "a"]).unwrap_err().rule, "11.8");
        assert_eq!(minimal_choices(LossRequirement::Percent(50), &cands, 10), vec![vec![1], vec![2]]);
    }
}
