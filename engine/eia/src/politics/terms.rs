//! The choice of peace terms in a formal peace (4.4.3 to 4.4.5): the loser's list A term for
//! each victor in a conditional peace, then the victors in turn, each up to its maximum, no
//! term taken twice but C.6, which takes effect only if every victor chose it. Pure: the chart
//! (`data/peace.txt`, [`PeaceChart`]) says what the terms are and which exclude which; this
//! module only keeps the order and the prohibitions. What a term does to the map, the treasury
//! or the enforced peace is applied elsewhere once [`Selection::in_effect`] is known.

use crate::data::peace::{List, PeaceChart};
use crate::power::Power;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How the loser surrendered (4.4.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Surrender {
    /// 4.4.3: the loser chooses one list A term per victor; each victor up to two from B.
    Conditional,
    /// 4.4.4: each victor chooses up to three from B and C; the loser chooses nothing.
    Unconditional,
}

/// The state of a formal peace's term selection with one loser and one or more victors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    /// Conditional or unconditional.
    pub kind: Surrender,
    /// The victors in the order of 4.4.5.2 (the order they went to war with the loser, ties
    /// settled by die rolls before this is built), each once.
    pub victors: Vec<Power>,
    /// Conditional peace: the list A term the loser chose for each victor (4.4.3).
    pub loser_a: BTreeMap<Power, String>,
    /// The victors' terms, in the order they were chosen.
    pub chosen: Vec<(Power, String)>,
    /// Victors who want no more terms (4.4.5.1, "possible and/or desired").
    pub passed: BTreeSet<Power>,
}

impl Selection {
    /// A selection not yet begun. `victors` is in the order of 4.4.5.2; a power listed twice
    /// keeps its first place.
    pub fn new(kind: Surrender, victors: Vec<Power>) -> Selection {
        let mut order: Vec<Power> = Vec::new();
        for v in victors {
            if !order.contains(&v) {
                order.push(v);
            }
        }
        Selection { kind, victors: order, loser_a: BTreeMap::new(), chosen: Vec::new(), passed: BTreeSet::new() }
    }

    /// 4.4.3: the loser's list A choice for `victor` (conditional only; exactly one per victor,
    /// before the victors choose).
    pub fn choose_a(&mut self, chart: &PeaceChart, victor: Power, term: &str) -> Result<(), RuleError> {
        if self.kind == Surrender::Unconditional {
            return Err(RuleError::new("4.4.4", "in an unconditional peace the loser chooses no list A term"));
        }
        self.check_victor(victor)?;
        let t = chart.term(term).ok_or_else(|| unknown(term))?;
        if t.list != List::A {
            return Err(RuleError::new("4.4.3", format!("the loser chooses from list A, and {term} is not on it")));
        }
        if !self.chosen.is_empty() {
            return Err(RuleError::new("4.4.3", "the loser's list A terms come before the victors choose theirs"));
        }
        if let Some(first) = self.loser_a.get(&victor) {
            return Err(RuleError::new(
                "4.4.3",
                format!("the loser has already chosen {first} for {}: one list A term per victor", victor.name()),
            ));
        }
        self.loser_a.insert(victor, term.to_string());
        Ok(())
    }

    /// The first victor (in order) for whom the loser of a conditional peace has yet to choose
    /// its list A term; while there is one, no victor chooses (4.4.3). None in an
    /// unconditional peace.
    pub fn awaiting_loser_a(&self) -> Option<Power> {
        match self.kind {
            Surrender::Unconditional => None,
            Surrender::Conditional => self.victors.iter().copied().find(|v| !self.loser_a.contains_key(v)),
        }
    }

    /// Whose choice it is now: 4.4.5.1, the victors alternate in `victors` order, skipping a
    /// victor with its maximum, one who passed and one with nothing left to choose. None when
    /// the selection is over, and also while the loser still owes a list A term
    /// ([`Selection::awaiting_loser_a`]).
    pub fn next_victor(&self, chart: &PeaceChart) -> Option<Power> {
        if self.awaiting_loser_a().is_some() || self.victors.is_empty() {
            return None;
        }
        // The turn passes on from the last victor who chose; a victor who passed is skipped
        // for good, so the last choice alone fixes whose turn it is.
        let start = match self.chosen.last() {
            Some((last, _)) => self.victors.iter().position(|v| v == last).map_or(0, |i| i + 1),
            None => 0,
        };
        (0..self.victors.len())
            .map(|k| self.victors[(start + k) % self.victors.len()])
            .find(|&v| !self.passed.contains(&v) && !self.available(chart, v).is_empty())
    }

    /// Whether the selection is over: the loser has chosen its list A terms and no victor has a
    /// choice left (4.4.5.1).
    pub fn is_over(&self, chart: &PeaceChart) -> bool {
        self.awaiting_loser_a().is_none() && self.next_victor(chart).is_none()
    }

    /// The terms `victor` may choose now, in the chart's order (empty when it is not its turn).
    pub fn options(&self, chart: &PeaceChart, victor: Power) -> Vec<String> {
        if self.next_victor(chart) != Some(victor) {
            return Vec::new();
        }
        self.available(chart, victor)
    }

    /// Chooses `term` for `victor`. Refused unless it is that victor's turn (4.4.5.1), the
    /// term's list fits the kind of peace (4.4.3: B only; 4.4.4: B or C), no one chose it
    /// before (4.4.5.3; C.6 excepted, once per victor), no term already chosen by anyone
    /// precludes it (4.4.4, 4.4.5.3), the loser's list A term for this victor does not cancel
    /// it (4.4.3) and the victor is under its maximum (4.4.3, 4.4.4).
    pub fn choose(&mut self, chart: &PeaceChart, victor: Power, term: &str) -> Result<(), RuleError> {
        self.check_victor(victor)?;
        chart.term(term).ok_or_else(|| unknown(term))?;
        if let Some(v) = self.awaiting_loser_a() {
            return Err(RuleError::new(
                "4.4.3",
                format!("the loser has yet to choose its list A term for {}; the victors choose after", v.name()),
            ));
        }
        if self.passed.contains(&victor) {
            return Err(RuleError::new("4.4.5.1", format!("{} has said it wants no more terms", victor.name())));
        }
        self.legal(chart, victor, term)?;
        match self.next_victor(chart) {
            Some(v) if v == victor => {}
            Some(v) => {
                return Err(RuleError::new(
                    "4.4.5.1",
                    format!("it is {}'s turn to choose, not {}'s (4.4.5.2 order)", v.name(), victor.name()),
                ))
            }
            None => return Err(RuleError::new("4.4.5.1", "the choice of terms is over")),
        }
        self.chosen.push((victor, term.to_string()));
        Ok(())
    }

    /// `victor` wants no more terms (4.4.5.1, "desired"); it may say so at any time, and is
    /// skipped from then on.
    pub fn pass(&mut self, victor: Power) -> Result<(), RuleError> {
        self.check_victor(victor)?;
        if !self.passed.insert(victor) {
            return Err(RuleError::new(
                "4.4.5.1",
                format!("{} has already said it wants no more terms", victor.name()),
            ));
        }
        Ok(())
    }

    /// The terms in effect per victor once the selection is over, in the order chosen: every
    /// term chosen, but C.6 (a term chosen by all victors) only if every victor chose it
    /// (4.4.5.3).
    pub fn in_effect(&self, chart: &PeaceChart) -> Vec<(Power, String)> {
        self.chosen
            .iter()
            .filter(|(_, id)| {
                let joint = chart.term(id).is_some_and(|t| t.all_victors);
                !joint || self.victors.iter().all(|v| self.chosen.iter().any(|(w, x)| w == v && x == id))
            })
            .cloned()
            .collect()
    }

    /// The terms of `victor` chosen so far.
    pub fn terms_of(&self, victor: Power) -> impl Iterator<Item = &str> + '_ {
        self.chosen.iter().filter(move |(v, _)| *v == victor).map(|(_, t)| t.as_str())
    }

    /// The most terms a victor chooses in this kind of peace (4.4.3, 4.4.4).
    pub fn maximum(&self, chart: &PeaceChart) -> u32 {
        match self.kind {
            Surrender::Conditional => chart.conditional_b,
            Surrender::Unconditional => chart.unconditional,
        }
    }

    /// Every term `victor` could choose now, its turn aside.
    fn available(&self, chart: &PeaceChart, victor: Power) -> Vec<String> {
        if self.passed.contains(&victor) {
            return Vec::new();
        }
        chart.terms.iter().filter(|t| self.legal(chart, victor, &t.id).is_ok()).map(|t| t.id.clone()).collect()
    }

    /// The checks of [`Selection::choose`] but the turn's.
    fn legal(&self, chart: &PeaceChart, victor: Power, term: &str) -> Result<(), RuleError> {
        let t = chart.term(term).ok_or_else(|| unknown(term))?;
        match (self.kind, t.list) {
            (_, List::A) => {
                return Err(RuleError::new("4.4.3", format!("{term} is on list A, the loser's, not a victor's")))
            }
            (Surrender::Conditional, List::C) => {
                return Err(RuleError::new(
                    "4.4.3",
                    format!("{term} is on list C, for an unconditional peace only; a conditional peace takes list B"),
                ))
            }
            _ => {}
        }
        let own = self.terms_of(victor).count();
        let max = self.maximum(chart);
        if own >= usize::try_from(max).unwrap_or(usize::MAX) {
            let (rule, what) = match self.kind {
                Surrender::Conditional => ("4.4.3", "list B terms"),
                Surrender::Unconditional => ("4.4.4", "terms from lists B and C"),
            };
            return Err(RuleError::new(rule, format!("{} has already chosen its {max} {what}", victor.name())));
        }
        for (v, x) in &self.chosen {
            if x == term {
                if !t.all_victors {
                    return Err(RuleError::new(
                        "4.4.5.3",
                        format!("{term} is already chosen by {}; no term is chosen twice but C.6", v.name()),
                    ));
                }
                if *v == victor {
                    return Err(RuleError::new("4.4.5.3", format!("{} has already chosen {term}", victor.name())));
                }
            }
        }
        for (v, x) in &self.chosen {
            if chart.excludes(x, term) {
                let rule = match (*v == victor, self.kind) {
                    (false, _) => "4.4.5.3",
                    (true, Surrender::Unconditional) => "4.4.4",
                    (true, Surrender::Conditional) => "4.4.3",
                };
                return Err(RuleError::new(
                    rule,
                    format!("{term} is precluded by {x}, already chosen by {}", v.name()),
                ));
            }
        }
        if let Some(a) = self.loser_a.get(&victor) {
            if chart.excludes(a, term) {
                return Err(RuleError::new(
                    "4.4.3",
                    format!("{term} is cancelled by {a}, the loser's list A term for {}", victor.name()),
                ));
            }
        }
        Ok(())
    }

    fn check_victor(&self, power: Power) -> Result<(), RuleError> {
        if self.victors.contains(&power) {
            Ok(())
        } else {
            Err(RuleError::new("4.4.5", format!("{} is not a victor of this peace", power.name())))
        }
    }
}

fn unknown(term: &str) -> RuleError {
    RuleError::new("4.4", format!("there is no peace term {term} on the chart"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::peace::PEACE_TEXT;

    fn chart() -> PeaceChart {
        PeaceChart::parse(PEACE_TEXT).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message))
    }

    fn ok(result: Result<(), RuleError>) {
        if let Err(e) = result {
            panic!("{e}");
        }
    }

    fn refused(result: Result<(), RuleError>, rule: &str) -> String {
        match result {
            Ok(()) => panic!("accepted, expected a {rule} refusal"),
            Err(e) => {
                assert_eq!(e.rule, rule, "{e}");
                e.to_string()
            }
        }
    }

    const AU: Power = Power::Austria;
    const RU: Power = Power::Russia;
    const PR: Power = Power::Prussia;

    #[test]
    fn r4_4_3_the_loser_s_a_term_cancels_its_b_term_for_that_victor_only() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Conditional, vec![AU, RU]);
        assert_eq!(s.next_victor(&chart), None, "the loser chooses first");
        assert_eq!(s.awaiting_loser_a(), Some(AU));
        refused(s.choose(&chart, AU, "B.2"), "4.4.3");
        refused(s.choose_a(&chart, AU, "B.1"), "4.4.3");
        ok(s.choose_a(&chart, AU, "A.1"));
        refused(s.choose_a(&chart, AU, "A.2"), "4.4.3");
        assert_eq!(s.awaiting_loser_a(), Some(RU));
        ok(s.choose_a(&chart, RU, "A.2"));
        assert!(s.awaiting_loser_a().is_none());
        assert_eq!(s.next_victor(&chart), Some(AU));
        let options = s.options(&chart, AU);
        assert!(!options.contains(&"B.1".to_string()), "A.1 cancels B.1 for Austria: {options:?}");
        assert!(options.contains(&"B.3".to_string()), "A.2 is Russia's, not Austria's: {options:?}");
        let e = refused(s.choose(&chart, AU, "B.1"), "4.4.3");
        assert!(e.starts_with("4.4.3: B.1 is cancelled by A.1"), "{e}");
        ok(s.choose(&chart, AU, "B.3"));
        // Russia's A.2 would have cancelled B.3, but Austria took it first anyway.
        refused(s.choose(&chart, RU, "B.3"), "4.4.5.3");
        assert!(s.options(&chart, RU).contains(&"B.1".to_string()), "A.1 is Austria's only");
        ok(s.choose(&chart, RU, "B.1"));
        refused(s.choose_a(&chart, RU, "A.3"), "4.4.3");
        refused(s.choose_a(&chart, PR, "A.3"), "4.4.5");
    }

    #[test]
    fn r4_4_3_a_victor_takes_at_most_two_b_terms_and_no_c() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Conditional, vec![AU]);
        ok(s.choose_a(&chart, AU, "A.4"));
        assert!(s.options(&chart, AU).iter().all(|t| t.starts_with("B.")));
        assert!(!s.options(&chart, AU).contains(&"B.6".to_string()));
        let e = refused(s.choose(&chart, AU, "C.4"), "4.4.3");
        assert!(e.contains("list C"), "{e}");
        refused(s.choose(&chart, AU, "A.1"), "4.4.3");
        refused(s.choose(&chart, AU, "B.6"), "4.4.3");
        ok(s.choose(&chart, AU, "B.7"));
        assert_eq!(s.next_victor(&chart), Some(AU));
        ok(s.choose(&chart, AU, "B.2"));
        assert_eq!(s.next_victor(&chart), None);
        assert!(s.is_over(&chart));
        let e = refused(s.choose(&chart, AU, "B.3"), "4.4.3");
        assert!(e.contains("already chosen its 2 list B terms"), "{e}");
        assert_eq!(s.in_effect(&chart), vec![(AU, "B.7".to_string()), (AU, "B.2".to_string())]);
    }

    #[test]
    fn r4_4_3_a5_does_not_forbid_b7() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Conditional, vec![AU]);
        ok(s.choose_a(&chart, AU, "A.5"));
        ok(s.choose(&chart, AU, "B.7"));
    }

    #[test]
    fn r4_4_4_an_unconditional_victor_takes_three_from_b_and_c() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Unconditional, vec![RU]);
        refused(s.choose_a(&chart, RU, "A.1"), "4.4.4");
        assert_eq!(s.next_victor(&chart), Some(RU));
        refused(s.choose(&chart, RU, "A.1"), "4.4.3");
        ok(s.choose(&chart, RU, "C.4"));
        ok(s.choose(&chart, RU, "B.3"));
        ok(s.choose(&chart, RU, "C.5"));
        assert!(s.is_over(&chart));
        let e = refused(s.choose(&chart, RU, "B.2"), "4.4.4");
        assert!(e.contains("3 terms"), "{e}");
        assert_eq!(s.in_effect(&chart).len(), 3);
    }

    #[test]
    fn r4_4_4_b_and_c_terms_preclude_each_other() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Unconditional, vec![RU]);
        ok(s.choose(&chart, RU, "C.2"));
        let options = s.options(&chart, RU);
        assert!(!options.contains(&"B.2".to_string()) && !options.contains(&"C.2".to_string()), "{options:?}");
        let e = refused(s.choose(&chart, RU, "B.2"), "4.4.4");
        assert_eq!(e, "4.4.4: B.2 is precluded by C.2, already chosen by Russia");
        ok(s.choose(&chart, RU, "B.3"));
        refused(s.choose(&chart, RU, "C.3"), "4.4.4");
        ok(s.choose(&chart, RU, "B.1"));
        assert!(s.is_over(&chart));
    }

    #[test]
    fn r4_4_5_1_victors_alternate() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Unconditional, vec![PR, AU, RU]);
        assert_eq!(s.next_victor(&chart), Some(PR));
        assert!(s.options(&chart, AU).is_empty(), "not Austria's turn");
        let e = refused(s.choose(&chart, AU, "C.4"), "4.4.5.1");
        assert!(e.contains("Prussia's turn"), "{e}");
        ok(s.choose(&chart, PR, "C.4"));
        assert_eq!(s.next_victor(&chart), Some(AU));
        ok(s.choose(&chart, AU, "C.3"));
        assert_eq!(s.next_victor(&chart), Some(RU));
        // Russia wants no more: the turn goes back to Prussia, and skips Russia from now on.
        ok(s.pass(RU));
        refused(s.pass(RU), "4.4.5.1");
        assert_eq!(s.next_victor(&chart), Some(PR));
        ok(s.choose(&chart, PR, "B.2"));
        assert_eq!(s.next_victor(&chart), Some(AU));
        ok(s.choose(&chart, AU, "C.5"));
        assert_eq!(s.next_victor(&chart), Some(PR));
        refused(s.choose(&chart, RU, "B.6"), "4.4.5.1");
        ok(s.choose(&chart, PR, "B.6"));
        // Prussia has its three; Austria chooses its last, then it is over.
        assert_eq!(s.next_victor(&chart), Some(AU));
        ok(s.choose(&chart, AU, "B.5"));
        assert_eq!(s.next_victor(&chart), None);
        assert!(s.is_over(&chart));
        refused(s.pass(Power::Turkey), "4.4.5");
        let order: Vec<Power> = s.chosen.iter().map(|(v, _)| *v).collect();
        assert_eq!(order, [PR, AU, PR, AU, PR, AU]);
    }

    #[test]
    fn r4_4_5_1_selection_ends_when_no_term_is_left() {
        let chart = chart();
        // Six victors of an unconditional peace, 18 choices at most: 14 B and C terms, some
        // precluding others, C.6 open to all.
        let mut s = Selection::new(Surrender::Unconditional, Power::ALL[1..].to_vec());
        let mut rounds = 0;
        while let Some(v) = s.next_victor(&chart) {
            let options = s.options(&chart, v);
            let first = options.first().cloned().unwrap_or_else(|| panic!("{v:?} has no option"));
            ok(s.choose(&chart, v, &first));
            rounds += 1;
            assert!(rounds < 100);
        }
        assert!(s.is_over(&chart));
        let taken: Vec<&str> = s.chosen.iter().map(|(_, t)| t.as_str()).collect();
        for (i, a) in taken.iter().enumerate() {
            for b in &taken[i + 1..] {
                assert!(!chart.excludes(a, b), "{a} and {b} both taken");
                assert!(a != b || *a == "C.6", "{a} taken twice");
            }
        }
    }

    #[test]
    fn r4_4_5_3_the_text_s_example_b4_precludes_b1_and_c1_for_every_victor() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Unconditional, vec![AU, PR, RU]);
        ok(s.choose(&chart, AU, "B.4"));
        for v in [PR, RU] {
            for t in ["B.1", "B.4", "C.1"] {
                assert!(!s.available(&chart, v).contains(&t.to_string()), "{v:?} may not choose {t}");
            }
        }
        let e = refused(s.choose(&chart, PR, "B.1"), "4.4.5.3");
        assert_eq!(e, "4.4.5.3: B.1 is precluded by B.4, already chosen by Austria");
        let e = refused(s.choose(&chart, PR, "C.1"), "4.4.5.3");
        assert_eq!(e, "4.4.5.3: C.1 is precluded by B.4, already chosen by Austria");
        let e = refused(s.choose(&chart, PR, "B.4"), "4.4.5.3");
        assert!(e.starts_with("4.4.5.3: B.4 is already chosen by Austria"), "{e}");
        assert_eq!(s.next_victor(&chart), Some(PR));
        ok(s.choose(&chart, PR, "B.2"));
        // Austria itself cannot take them either (4.4.4 for its own choice).
        ok(s.choose(&chart, RU, "C.3"));
        refused(s.choose(&chart, AU, "C.1"), "4.4.4");
    }

    #[test]
    fn r4_4_5_3_c6_takes_effect_only_if_every_victor_chose_it() {
        let chart = chart();
        let mut s = Selection::new(Surrender::Unconditional, vec![AU, RU]);
        ok(s.choose(&chart, AU, "C.6"));
        assert!(s.options(&chart, RU).contains(&"C.6".to_string()), "C.6 may be chosen again");
        ok(s.choose(&chart, RU, "C.4"));
        refused(s.choose(&chart, AU, "C.6"), "4.4.5.3");
        ok(s.choose(&chart, AU, "B.3"));
        ok(s.pass(RU));
        ok(s.pass(AU));
        assert!(s.is_over(&chart));
        // Russia did not choose C.6: it is void, Austria's slot spent.
        assert_eq!(s.in_effect(&chart), vec![(RU, "C.4".to_string()), (AU, "B.3".to_string())]);

        let mut s = Selection::new(Surrender::Unconditional, vec![AU, RU]);
        ok(s.choose(&chart, AU, "C.6"));
        ok(s.choose(&chart, RU, "C.6"));
        ok(s.pass(AU));
        ok(s.pass(RU));
        assert_eq!(s.in_effect(&chart), vec![(AU, "C.6".to_string()), (RU, "C.6".to_string())]);

        // A single victor is every victor.
        let mut s = Selection::new(Surrender::Unconditional, vec![PR]);
        ok(s.choose(&chart, PR, "C.6"));
        assert_eq!(s.in_effect(&chart), vec![(PR, "C.6".to_string())]);
    }

    #[test]
    fn r4_4_5_2_a_victor_listed_twice_keeps_its_first_place() {
        let s = Selection::new(Surrender::Conditional, vec![RU, AU, RU]);
        assert_eq!(s.victors, [RU, AU]);
        let chart = chart();
        let mut s = s;
        refused(s.choose(&chart, RU, "Z.1"), "4.4");
    }
}
