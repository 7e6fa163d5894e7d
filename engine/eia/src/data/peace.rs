//! `data/peace.txt`: the peace terms of a formal peace (4.4.3, 4.4.4), the VICTORY CONDITIONS
//! CHART of the game card, with the counts each side chooses and the enforced peace's length
//! (4.4.6.3). A reconstruction: see RECONSTRUCTION.md, "The peace terms".

use grognard_board::text::{split_named, Line};
use grognard_board::MapError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The built-in file.
pub const PEACE_TEXT: &str = include_str!("../../data/peace.txt");

/// The list of the chart a term belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum List {
    /// The loser's choice in a conditional peace, one per victor (4.4.3).
    A,
    /// The victor's choice in a conditional or an unconditional peace (4.4.3, 4.4.4).
    B,
    /// The victor's choice in an unconditional peace only (4.4.4).
    C,
}

impl List {
    /// The list's letter as the file writes it (`a`, `b`, `c`).
    pub fn letter(self) -> &'static str {
        match self {
            List::A => "a",
            List::B => "b",
            List::C => "c",
        }
    }
}

/// A fraction `numerator/denominator` (no floats), e.g. half of a tax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Fraction {
    /// The numerator.
    pub numerator: u32,
    /// The denominator, at least 1.
    pub denominator: u32,
}

/// Payment spread over several economic phases: `share` in each of `phases` phases (B.3's
/// third in each of the next two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Spread {
    /// The part paid in each phase.
    pub share: Fraction,
    /// How many economic phases, at least 1.
    pub phases: u32,
}

/// What a term does beyond the keys of numbers (`effect=` in `data/peace.txt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// B.3, C.3: `share` of the loser's home nation printed tax value paid to the victor in
    /// the next economic phase, or `spread` (R4.4.6.5).
    Reparations,
    /// B.4: a corps of the loser lent to the victor.
    Loan,
    /// B.5: a royal marriage, broken as an alliance is (4.6.4.2.2).
    Marriage,
    /// B.6: the loser closes its trade to the victor's enemies, each losing `share` of its
    /// overseas trade (R4.4.6.6).
    Embargo,
    /// C.6: the victors remove up to `leaders` of the loser's leaders (8.4.3).
    Abdication,
    /// C.7: `share` of the loser's colonial trade to the victor for `months`.
    Colonial,
}

impl Effect {
    /// The word of the data file.
    pub fn id(self) -> &'static str {
        match self {
            Effect::Reparations => "reparations",
            Effect::Loan => "loan",
            Effect::Marriage => "marriage",
            Effect::Embargo => "embargo",
            Effect::Abdication => "abdication",
            Effect::Colonial => "colonial",
        }
    }

    /// Every effect.
    pub const ALL: [Effect; 6] =
        [Effect::Reparations, Effect::Loan, Effect::Marriage, Effect::Embargo, Effect::Abdication, Effect::Colonial];
}

/// One peace term of the chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    /// The chart's id: `A.1` to `A.5`, `B.1` ..., `C.1` ....
    pub id: String,
    /// Its list.
    pub list: List,
    /// The terms it cannot stand with, ascending: those its line names and those whose lines
    /// name it (the reader makes the relation symmetric). For an A term, the B terms it
    /// cancels for its victor (4.4.3); for a B or C term, the terms whose choice forbids it.
    pub excludes: Vec<String>,
    /// Terms it narrows without forbidding them (A.5 leaves B.7 only minor countries).
    pub restricts: Vec<String>,
    /// A duration in months (B.2's 24, B.4's 12).
    pub months: Option<u32>,
    /// `months` is how long the loser may not declare war on the victor (4.4.6.3: B.2, C.2
    /// lengthen the enforced peace for the loser).
    pub truce: bool,
    /// The victor's forces are not repatriated (4.4.6.2 EXCEPTION: C.5).
    pub access: bool,
    /// A number of corps (B.1's 3).
    pub corps: Option<u32>,
    /// A fraction (B.1's half of the corps, B.3's half of the tax value).
    pub share: Option<Fraction>,
    /// The alternative of paying in instalments (B.3's third in each of two phases).
    pub spread: Option<Spread>,
    /// A number of provinces or minor countries (B.7's 1, C.4's 3).
    pub count: Option<u32>,
    /// A number of the loser's leaders (C.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaders: Option<u32>,
    /// What the term does beyond its numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<Effect>,
    /// The term takes effect only if every victor chose it (C.6, 4.4.5.3); it is the one
    /// term more than one victor may choose.
    pub all_victors: bool,
    /// What the term does, in a few words.
    pub description: String,
}

/// The chart: every term, and the numbers of the peace step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeaceChart {
    /// The terms in the file's order.
    pub terms: Vec<Term>,
    /// 4.4.6.3: months of enforced peace after a formal peace (18).
    pub enforced_months: u32,
    /// 4.4.3: list A terms the loser of a conditional peace chooses for each victor (1).
    pub loser_a: u32,
    /// 4.4.3: list B terms each victor of a conditional peace chooses at most (2).
    pub conditional_b: u32,
    /// 4.4.4: list B and C terms each victor of an unconditional peace chooses at most (3).
    pub unconditional: u32,
}

impl PeaceChart {
    /// Reads a peace file, refusing it whole on any error (naming the line).
    pub fn parse(text: &str) -> Result<PeaceChart, MapError> {
        let sections = split_named(text, &["peace", "terms"])?;
        let peace = sections.required("peace")?;
        let mut values: BTreeMap<&str, u32> = BTreeMap::new();
        const KEYS: [&str; 4] = ["enforced-months", "loser-a", "conditional-b", "unconditional"];
        for line in &peace.lines {
            let (key, value) = line
                .text
                .split_once('=')
                .ok_or_else(|| line.error(format!("expected `key = N` (keys: {})", KEYS.join(", "))))?;
            let key = key.trim();
            let Some(key) = KEYS.iter().copied().find(|k| *k == key) else {
                return Err(line.error(format!("unknown key `{key}` in [peace] (keys: {})", KEYS.join(", "))));
            };
            if values.contains_key(key) {
                return Err(line.error(format!("`{key}` appears twice in [peace]")));
            }
            let n = whole(line, value.trim())?;
            if n == 0 || n > 120 {
                return Err(line.error(format!("`{key}` is {n}, not from 1 to 120")));
            }
            values.insert(key, n);
        }
        let get = |key: &str| {
            values
                .get(key)
                .copied()
                .ok_or_else(|| MapError::new(peace.header, format!("[peace] lacks the key `{key}`")))
        };
        let (enforced_months, loser_a, conditional_b, unconditional) =
            (get(KEYS[0])?, get(KEYS[1])?, get(KEYS[2])?, get(KEYS[3])?);

        let section = sections.required("terms")?;
        let mut terms: Vec<Term> = Vec::new();
        let mut first: BTreeMap<String, usize> = BTreeMap::new();
        let mut named: Vec<(Line<'_>, Vec<String>)> = Vec::new();
        for line in &section.lines {
            let term = parse_term(line)?;
            if let Some(at) = first.get(&term.id) {
                return Err(line.error(format!("term `{}` appears twice (first at line {at})", term.id)));
            }
            first.insert(term.id.clone(), line.number);
            let mut references = term.excludes.clone();
            references.extend(term.restricts.iter().cloned());
            named.push((*line, references));
            terms.push(term);
        }
        if terms.is_empty() {
            return Err(MapError::new(section.header, "[terms] lists no term"));
        }
        for (line, references) in &named {
            for id in references {
                if !first.contains_key(id) {
                    return Err(line.error(format!("`{id}` is not a term of the chart")));
                }
            }
        }
        for list in [List::A, List::B, List::C] {
            if !terms.iter().any(|t| t.list == list) {
                return Err(MapError::new(section.header, format!("[terms] has no list {} term", list.letter())));
            }
        }
        // The relation is symmetric: a term named by another's line excludes that one too.
        let pairs: Vec<(String, String)> =
            terms.iter().flat_map(|t| t.excludes.iter().map(move |x| (x.clone(), t.id.clone()))).collect();
        for (holder, other) in pairs {
            if let Some(term) = terms.iter_mut().find(|t| t.id == holder) {
                term.excludes.push(other);
            }
        }
        for term in &mut terms {
            let set: BTreeSet<String> = term.excludes.drain(..).collect();
            term.excludes = set.into_iter().collect();
        }
        Ok(PeaceChart { terms, enforced_months, loser_a, conditional_b, unconditional })
    }

    /// The built-in chart (`data/peace.txt`).
    pub fn builtin() -> Result<PeaceChart, MapError> {
        PeaceChart::parse(PEACE_TEXT)
    }

    /// The term `id`.
    pub fn term(&self, id: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.id == id)
    }

    /// The terms of `list`, in the file's order.
    pub fn list(&self, list: List) -> impl Iterator<Item = &Term> + '_ {
        self.terms.iter().filter(move |t| t.list == list)
    }

    /// Whether two terms exclude each other (symmetric). A term does not exclude itself:
    /// choosing the same term twice is 4.4.5.3's other prohibition.
    pub fn excludes(&self, a: &str, b: &str) -> bool {
        self.term(a).is_some_and(|t| t.excludes.iter().any(|x| x == b))
            || self.term(b).is_some_and(|t| t.excludes.iter().any(|x| x == a))
    }
}

fn whole(line: &Line<'_>, text: &str) -> Result<u32, MapError> {
    text.parse().map_err(|_| line.error(format!("`{text}` is not a whole number")))
}

fn fraction(line: &Line<'_>, text: &str) -> Result<Fraction, MapError> {
    let bad = || line.error(format!("`{text}` is not a fraction N/D (whole numbers, D at least 1, N at most D)"));
    let (n, d) = text.split_once('/').ok_or_else(bad)?;
    let numerator: u32 = n.parse().map_err(|_| bad())?;
    let denominator: u32 = d.parse().map_err(|_| bad())?;
    if denominator == 0 || numerator > denominator {
        return Err(bad());
    }
    Ok(Fraction { numerator, denominator })
}

/// `A.1`: a list letter, a dot, a number.
fn check_id(line: &Line<'_>, id: &str) -> Result<List, MapError> {
    let bad = || line.error(format!("`{id}` is not a term id like `B.4` (list A, B or C, a dot, a number)"));
    let (letter, number) = id.split_once('.').ok_or_else(bad)?;
    let list = match letter {
        "A" => List::A,
        "B" => List::B,
        "C" => List::C,
        _ => return Err(bad()),
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.starts_with('0') {
        return Err(bad());
    }
    Ok(list)
}

fn parse_term(line: &Line<'_>) -> Result<Term, MapError> {
    const LAYOUT: &str = "id list excludes [key=value ...] [all-victors] : description";
    let (fields, description) =
        line.text.split_once(':').ok_or_else(|| line.error(format!("no `:` before the description ({LAYOUT})")))?;
    let description = description.trim();
    if description.is_empty() {
        return Err(line.error(format!("the term has no description ({LAYOUT})")));
    }
    let words: Vec<&str> = fields.split_whitespace().collect();
    let [id, list, excludes, rest @ ..] = words.as_slice() else {
        return Err(line.error(format!("expected at least id, list and excludes ({LAYOUT})")));
    };
    let (id, list, excludes) = (*id, *list, *excludes);
    let id_list = check_id(line, id)?;
    let list = match list {
        "a" => List::A,
        "b" => List::B,
        "c" => List::C,
        other => return Err(line.error(format!("list `{other}` is not `a`, `b` or `c` (4.4.3, 4.4.4)"))),
    };
    if list != id_list {
        return Err(line.error(format!(
            "`{id}` is written in list {} but its id is of list {}",
            list.letter(),
            id_list.letter()
        )));
    }
    let ids = |text: &str, what: &str| -> Result<Vec<String>, MapError> {
        if text == "-" {
            return Ok(Vec::new());
        }
        let mut out: Vec<String> = Vec::new();
        for x in text.split(',') {
            check_id(line, x)?;
            if x == id {
                return Err(line.error(format!("`{id}` {what} itself")));
            }
            if out.iter().any(|y| y == x) {
                return Err(line.error(format!("`{x}` is named twice")));
            }
            out.push(x.to_string());
        }
        Ok(out)
    };
    let excludes = ids(excludes, "excludes")?;
    if list == List::A {
        if let Some(x) = excludes.iter().find(|x| !x.starts_with("B.")) {
            return Err(line.error(format!("a list A term cancels only list B terms (4.4.3), not `{x}`")));
        }
    } else if let Some(x) = excludes.iter().find(|x| x.starts_with("A.")) {
        return Err(line.error(format!(
            "write the cancelling on the list A term's line, not `{x}` on a list {} term's",
            list.letter()
        )));
    }
    let mut term = Term {
        id: id.to_string(),
        list,
        excludes,
        restricts: Vec::new(),
        months: None,
        truce: false,
        access: false,
        corps: None,
        share: None,
        spread: None,
        count: None,
        leaders: None,
        effect: None,
        all_victors: false,
        description: description.to_string(),
    };
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for word in rest {
        let (key, value) = word.split_once('=').unwrap_or((word, ""));
        if !seen.insert(key) {
            return Err(line.error(format!("`{key}` appears twice")));
        }
        match key {
            "all-victors" if value.is_empty() => term.all_victors = true,
            "truce" if value.is_empty() => term.truce = true,
            "access" if value.is_empty() => term.access = true,
            "months" => term.months = Some(positive(line, value)?),
            "corps" => term.corps = Some(positive(line, value)?),
            "count" => term.count = Some(positive(line, value)?),
            "leaders" => term.leaders = Some(positive(line, value)?),
            "effect" => {
                let effect = Effect::ALL.into_iter().find(|e| e.id() == value).ok_or_else(|| {
                    let known: Vec<&str> = Effect::ALL.iter().map(|e| e.id()).collect();
                    line.error(format!("`{value}` is no effect ({})", known.join(", ")))
                })?;
                term.effect = Some(effect);
            }
            "share" => term.share = Some(fraction(line, value)?),
            "spread" => {
                let bad = || line.error(format!("`{value}` is not a spread N/DxK (a fraction in each of K phases)"));
                let (share, phases) = value.split_once('x').ok_or_else(bad)?;
                let phases: u32 = phases.parse().map_err(|_| bad())?;
                if phases == 0 {
                    return Err(bad());
                }
                term.spread = Some(Spread { share: fraction(line, share)?, phases });
            }
            "restricts" => term.restricts = ids(value, "restricts")?,
            _ => {
                return Err(line.error(format!(
                    "unknown key `{word}` (keys: months=N corps=N count=N leaders=N share=N/D spread=N/DxK \
                     restricts=ID effect=WORD all-victors truce access)"
                )))
            }
        }
    }
    if term.all_victors && term.list == List::A {
        return Err(line.error("a list A term is the loser's: `all-victors` is for victors' terms (4.4.5.3)"));
    }
    Ok(term)
}

fn positive(line: &Line<'_>, text: &str) -> Result<u32, MapError> {
    let n = whole(line, text)?;
    if n == 0 {
        return Err(line.error(format!("`{text}` is not at least 1")));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> PeaceChart {
        PeaceChart::parse(PEACE_TEXT).unwrap_or_else(|e| panic!("line {}: {}", e.line, e.message))
    }

    const HEAD: &str = "[peace]\nenforced-months = 18\nloser-a = 1\nconditional-b = 2\nunconditional = 3\n[terms]\n";

    #[test]
    fn r4_4_every_term_of_the_chart_is_read() {
        let chart = chart();
        let ids: Vec<&str> = chart.terms.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "A.1", "A.2", "A.3", "A.4", "A.5", "B.1", "B.2", "B.3", "B.4", "B.5", "B.6", "B.7", "C.1", "C.2",
                "C.3", "C.4", "C.5", "C.6", "C.7"
            ]
        );
        assert_eq!(chart.list(List::A).count(), 5);
        assert_eq!(chart.list(List::B).count(), 7);
        assert_eq!(chart.list(List::C).count(), 7);
        assert!(chart.terms.iter().all(|t| !t.description.is_empty()));
    }

    #[test]
    fn r4_4_3_list_a_cancels_its_b_terms() {
        let chart = chart();
        for (a, b) in [("A.1", "B.1"), ("A.2", "B.3"), ("A.3", "B.2"), ("A.4", "B.6")] {
            assert!(chart.excludes(a, b), "{a} cancels {b}");
            assert!(chart.excludes(b, a), "symmetric: {b} / {a}");
        }
        assert!(!chart.excludes("A.1", "B.3"));
        // A.5 only narrows B.7.
        assert!(!chart.excludes("A.5", "B.7"));
        assert_eq!(chart.term("A.5").map(|t| t.restricts.clone()), Some(vec!["B.7".to_string()]));
        assert_eq!(chart.loser_a, 1);
        assert_eq!(chart.conditional_b, 2);
        assert_eq!(chart.unconditional, 3);
    }

    #[test]
    fn r4_4_5_3_b4_precludes_b1_and_c1_both_ways() {
        let chart = chart();
        assert!(chart.excludes("B.4", "B.1") && chart.excludes("B.1", "B.4"));
        assert!(chart.excludes("B.4", "C.1") && chart.excludes("C.1", "B.4"));
        assert!(chart.term("B.4").is_some_and(|t| t.excludes.contains(&"C.1".to_string())));
        for (b, c) in [("B.1", "C.1"), ("B.2", "C.2"), ("B.3", "C.3"), ("B.7", "C.4")] {
            assert!(chart.excludes(b, c) && chart.excludes(c, b), "{b} / {c}");
        }
        assert!(!chart.excludes("B.4", "B.4"));
        assert!(!chart.excludes("B.5", "C.6"));
        assert!(!chart.excludes("Z.9", "B.1"));
    }

    #[test]
    fn r4_4_6_3_numbers_of_the_terms() {
        let chart = chart();
        assert_eq!(chart.enforced_months, 18);
        let t = |id: &str| chart.term(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(t("B.2").months, Some(24));
        assert!(t("B.2").truce && t("C.2").truce && !t("B.4").truce, "B.2 and C.2 lengthen the loser's enforced peace");
        assert!(t("C.2").months.is_some_and(|m| m > 24));
        assert_eq!(t("B.4").months, Some(12));
        assert_eq!(t("B.1").corps, Some(3));
        assert_eq!(t("B.1").share, Some(Fraction { numerator: 1, denominator: 2 }));
        assert_eq!(t("B.3").spread, Some(Spread { share: Fraction { numerator: 1, denominator: 3 }, phases: 2 }));
        assert_eq!(t("B.7").count, Some(1));
        assert_eq!(t("C.4").count, Some(3));
        let all: Vec<&str> = chart.terms.iter().filter(|t| t.all_victors).map(|t| t.id.as_str()).collect();
        assert_eq!(all, ["C.6"]);
        let with = |e: Effect| -> Vec<&str> {
            chart.terms.iter().filter(|t| t.effect == Some(e)).map(|t| t.id.as_str()).collect()
        };
        assert_eq!(with(Effect::Reparations), ["B.3", "C.3"]);
        assert_eq!(with(Effect::Loan), ["B.4"]);
        assert_eq!(with(Effect::Marriage), ["B.5"]);
        assert_eq!(with(Effect::Embargo), ["B.6"]);
        assert_eq!(with(Effect::Abdication), ["C.6"]);
        assert_eq!(with(Effect::Colonial), ["C.7"]);
        assert!(t("C.6").leaders.is_some());
        assert!(t("B.6").share.is_some() && t("C.7").share.is_some() && t("C.7").months.is_some());
    }

    #[test]
    fn a_bad_peace_file_is_refused_naming_its_line() {
        for (terms, line) in [
            ("A.1 a B.9 : x\nB.1 b - : y\nC.1 c - : z\n", 7),
            ("A.1 a B.1 : x\nB.1 b - : y\nB.1 b - : again\nC.1 c - : z\n", 9),
            ("A.1 a B.1 : x\nB.1 d - : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 c - : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - months=0 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - share=3/2 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - share=0.5 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - colour=red : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - effect=plunder : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b - leaders=0 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b -\nC.1 c - : z\n", 8),
            ("A.1 a C.1 : x\nB.1 b - : y\nC.1 c - : z\n", 7),
            ("A.1 a B.1 all-victors : x\nB.1 b - : y\nC.1 c - : z\n", 7),
            ("A.1 a B.1 : x\nB.1 b B.1 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nB.1 b A.1 : y\nC.1 c - : z\n", 8),
            ("A.1 a B.1 : x\nBB.1 b - : y\nC.1 c - : z\n", 8),
        ] {
            let text = format!("{HEAD}{terms}");
            let e = PeaceChart::parse(&text).err().unwrap_or_else(|| panic!("accepted {terms:?}"));
            assert_eq!(e.line, line, "{terms:?}: {}", e.message);
        }
        let e = PeaceChart::parse(&format!("{HEAD}A.1 a B.9 : x\nB.1 b - : y\nC.1 c - : z\n")).err();
        assert!(e.is_some_and(|e| e.message.contains("B.9")));
        let e = PeaceChart::parse(&format!("{HEAD}A.1 a B.1 : x\nB.1 b - : y\nB.1 b - : z\nC.1 c - : w\n")).err();
        assert!(e.is_some_and(|e| e.message.contains("twice") && e.message.contains("line 8")));
        // The [peace] section: a missing key, an unknown key, a zero.
        let e = PeaceChart::parse("[peace]\nenforced-months = 18\n[terms]\nA.1 a - : x\n").err();
        assert_eq!(e.map(|e| e.line), Some(1));
        let e = PeaceChart::parse("[peace]\ntruce = 18\n").err();
        assert_eq!(e.map(|e| e.line), Some(2));
        let e = PeaceChart::parse(
            "[peace]\nenforced-months = 0\nloser-a = 1\nconditional-b = 2\nunconditional = 3\n[terms]\n",
        )
        .err();
        assert_eq!(e.map(|e| e.line), Some(2));
        // A chart lacking a list is refused at the [terms] header.
        let e = PeaceChart::parse(&format!("{HEAD}A.1 a B.1 : x\nB.1 b - : y\n")).err();
        assert_eq!(e.map(|e| e.line), Some(6));
    }
}
