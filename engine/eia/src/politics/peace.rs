//! Formal peace (4.4.2-4.4.6): a power sues some of its enemies for peace (4.4.2.1); each
//! offers a conditional or an unconditional peace (4.4.2.2), the loser accepts or refuses an
//! unconditional one; political points change once (4.4.2.3, 4.4.5); the loser picks its list
//! A term for each conditional victor (4.4.3), the victors choose theirs in turn
//! (`terms.rs`, 4.4.4, 4.4.5); then every peace has its effects (4.4.6) and an enforced peace
//! (4.4.6.3) lengthened for the loser by the terms that say so.

use super::command::PoliticalCommand;
use super::terms::{Selection, Surrender};
use super::{points, Enforced, Question, TermInForce};
use crate::ctx::Ctx;
use crate::data::peace::List;
use crate::data::politics::Points;
use crate::date::Month;
use crate::power::Power;
use crate::state::State;
use grognard_engine::{ApplyError, DiceSource, Event, RuleError};
use serde::{Deserialize, Serialize};

/// Where a formal peace stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "kebab-case")]
pub enum Stage {
    /// The victor at this index is asked for its offer.
    Offers { index: usize },
    /// The loser accepts or refuses the unconditional offers.
    Unconditional,
    /// The loser picks its list A term for the conditional victor at this index.
    LoserTerms { index: usize },
    /// The victors of this group (0: conditional, 1: unconditional) choose their terms.
    Terms { group: usize },
    /// The victors whose terms cede territory name it, in order (B.7, C.4).
    Cession { index: usize },
    /// The victor of B.4 names the loser's corps it borrows (`loan.rs`).
    Loan,
    /// The victors of an abdication name the loser's leaders removed, in order (C.6).
    Abdication { index: usize },
    /// C.6 against the Holy Roman Emperor: the first victor of the abdication says whether
    /// the Empire is dissolved or re-established (`answered` once it has).
    Empire { answered: bool },
}

/// A victor's territory still to take by a ceding term.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ceding {
    pub victor: Power,
    pub term: String,
    pub left: u32,
    /// A.5 for this victor: minor countries only.
    pub minors_only: bool,
}

/// A formal peace being made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Talks {
    pub loser: Power,
    /// The powers sued, in the order they went to war with the loser (4.4.5.2).
    pub victors: Vec<Power>,
    /// Their offers, in that order.
    pub offers: Vec<(Power, Surrender)>,
    pub stage: Stage,
    /// The selections of terms: conditional victors, then unconditional ones.
    pub selections: Vec<Selection>,
    /// The ceding terms in effect, once the terms are chosen.
    #[serde(default)]
    pub ceding: Vec<Ceding>,
    /// C.6: the victors who name the leaders removed, in order, and how many more they may
    /// name together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removing: Vec<Power>,
    #[serde(default)]
    pub removals_left: u32,
    /// B.4: the victor still to name the corps it borrows, and for how many months.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrower: Option<(Power, u32)>,
}

/// `loser` sues `to` for peace.
pub fn sue(ctx: &Ctx, next: &mut State, loser: Power, to: &[Power], log: &mut Vec<Event>) -> Result<(), ApplyError> {
    for (i, v) in to.iter().enumerate() {
        if to[..i].contains(v) {
            return Err(RuleError::new("4.4.2", format!("{} is named twice", v.name())).into());
        }
        if !next.relations.at_war(loser.id(), v.id()) {
            return Err(RuleError::new("4.4.2", format!("{} is not at war with {}", loser.name(), v.name())).into());
        }
    }
    let enemies = super::enemies(next, loser);
    if let Some(v) = to.iter().find(|v| !forces_in_home_nation(ctx, next, **v, loser)) {
        if !enemies.iter().all(|e| to.contains(e)) {
            return Err(RuleError::new(
                "4.4.2.1",
                format!(
                    "{} has no forces in {}'s home nation: {} may sue it for peace only by suing every major power \
                     it is at war with at the same time",
                    v.name(),
                    loser.name(),
                    loser.name()
                ),
            )
            .into());
        }
    }
    let mut victors = to.to_vec();
    // 4.4.5.2: the order they went to war with the loser; a call to allies comes after the
    // declarations of its month; powers that went to war at the same moment keep the order
    // of 4.6.3.2 (R4.4.5.2).
    victors.sort_by_key(|v| {
        let began = next.politics.war_began(loser, *v);
        let rank = super::ORDER.iter().position(|p| p == v);
        (began.map(|(m, called, _)| (m, called)), rank)
    });
    log.push(Event::new(
        format!(
            "{} sues for peace to {} (4.4.2)",
            loser.name(),
            victors.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
        ),
        serde_json::json!({"kind": "sue", "loser": loser, "to": victors}),
    ));
    let round = next.politics.round.as_mut().ok_or_else(|| RuleError::new("4.4", "no political phase"))?;
    round.peace = Some(Talks {
        loser,
        victors,
        offers: Vec::new(),
        stage: Stage::Offers { index: 0 },
        selections: Vec::new(),
        ceding: Vec::new(),
        removing: Vec::new(),
        removals_left: 0,
        borrower: None,
    });
    Ok(())
}

/// 4.4.2.1: has `victor` (or a minor it runs) forces within `loser`'s home nation?
fn forces_in_home_nation(ctx: &Ctx, state: &State, victor: Power, loser: Power) -> bool {
    let ours = |nation: &str| state.controller_of_nation(nation) == Some(victor);
    state.corps.values().any(|c| ours(c.side()) && super::declaration::home_area(ctx, loser, &c.area))
        || state.garrisons.iter().any(|(a, g)| ours(&g.nation) && super::declaration::home_area(ctx, loser, a))
}

/// Who is asked now, or `None` when the peace is made (and applied by `settle`).
fn asked(ctx: &Ctx, talks: &Talks) -> Option<Power> {
    match &talks.stage {
        Stage::Offers { index } => talks.victors.get(*index).copied(),
        Stage::Unconditional | Stage::LoserTerms { .. } => Some(talks.loser),
        Stage::Terms { group } => talks.selections.get(*group).and_then(|s| s.next_victor(&ctx.peace)),
        Stage::Cession { index } => talks.ceding.get(*index).map(|c| c.victor),
        Stage::Loan => talks.borrower.map(|(victor, _)| victor),
        Stage::Abdication { index } => talks.removing.get(*index).copied(),
        Stage::Empire { answered: false } => talks.removing.first().copied(),
        Stage::Empire { answered: true } => None,
    }
}

/// What the ceding victor at `index` may still take.
fn cession_options(ctx: &Ctx, state: &State, talks: &Talks, index: usize) -> Vec<String> {
    let Some(c) = talks.ceding.get(index) else { return Vec::new() };
    if c.left == 0 || state.politics.out.contains(&talks.loser) {
        return Vec::new();
    }
    super::cession::options(ctx, state, talks.loser, c.victor, c.minors_only)
}

/// C.6: the leaders the victors may still remove.
fn removal_options(ctx: &Ctx, state: &State, talks: &Talks) -> Vec<String> {
    if talks.removals_left == 0 || state.politics.out.contains(&talks.loser) {
        return Vec::new();
    }
    super::term_effects::removable_leaders(ctx, state, talks.loser)
}

/// The ceding is over: the victor of B.4, if it is in effect, names the corps it borrows.
fn open_loan(ctx: &Ctx, next: &mut State, talks: &Talks) {
    let borrower = talks.selections.iter().flat_map(|s| s.in_effect(&ctx.peace)).find_map(|(victor, term)| {
        let t = ctx.peace.term(&term).filter(|t| t.effect == Some(crate::data::peace::Effect::Loan))?;
        Some((victor, t.months.unwrap_or(0)))
    });
    if let Some(t) = next.politics.round.as_mut().and_then(|r| r.peace.as_mut()) {
        t.borrower = borrower;
        t.stage = Stage::Loan;
    }
}

/// The loan is settled (or there is none): the victors of an abdication in effect (C.6) name the leaders removed,
/// up to the term's number together.
fn open_abdication(ctx: &Ctx, next: &mut State, talks: &Talks) {
    let mut removing: Vec<Power> = Vec::new();
    let mut left = 0;
    for (victor, term) in talks.selections.iter().flat_map(|s| s.in_effect(&ctx.peace)) {
        let Some(t) = ctx.peace.term(&term).filter(|t| t.effect == Some(crate::data::peace::Effect::Abdication)) else {
            continue;
        };
        left = left.max(t.leaders.unwrap_or(0));
        if !removing.contains(&victor) {
            removing.push(victor);
        }
    }
    if let Some(t) = next.politics.round.as_mut().and_then(|r| r.peace.as_mut()) {
        t.removing = removing;
        t.removals_left = left;
        t.stage = Stage::Abdication { index: 0 };
    }
}

/// The talks go on: the next question, or the end of the peace.
pub fn settle(ctx: &Ctx, next: &mut State, dice: &mut dyn DiceSource, log: &mut Vec<Event>) -> Result<(), ApplyError> {
    loop {
        let Some(talks) = next.politics.round.as_ref().and_then(|r| r.peace.clone()) else { return Ok(()) };
        if let Stage::Terms { group } = talks.stage {
            if asked(ctx, &talks).is_none() {
                if group + 1 < talks.selections.len() {
                    set_stage(next, Stage::Terms { group: group + 1 });
                    continue;
                }
                open_cession(ctx, next, &talks);
                continue;
            }
        }
        if let Stage::Cession { index } = talks.stage {
            if cession_options(ctx, next, &talks, index).is_empty() {
                if index + 1 < talks.ceding.len() {
                    set_stage(next, Stage::Cession { index: index + 1 });
                    continue;
                }
                open_loan(ctx, next, &talks);
                continue;
            }
        }
        if let Stage::Loan = talks.stage {
            let Some((victor, _)) = talks.borrower else {
                open_abdication(ctx, next, &talks);
                continue;
            };
            // B.4: the victor chooses knowing what the loser's corps hold (2.4.2).
            let owing = super::loan::owing(next, talks.loser);
            if !owing.is_empty() {
                if next.reveal.is_none() {
                    next.reveal = Some(crate::reveal::Reveal {
                        owing,
                        then: crate::reveal::Then::Talks,
                        why: format!("B.4: {} chooses the corps on loan knowing what it holds", victor.name()),
                    });
                    log.push(Event::new(
                        format!(
                            "B.4: {} opens the hidden strengths of its corps for {}'s choice (2.4.2)",
                            talks.loser.name(),
                            victor.name()
                        ),
                        serde_json::json!({"kind": "reveal-asked", "rule": "2.4.2"}),
                    ));
                }
                return Ok(());
            }
            if super::loan::options(ctx, next, talks.loser).is_empty() {
                log.push(Event::new(
                    format!(
                        "B.4: no corps of {} on land holds half its card's factors: {} borrows none (R4.4.6.9)",
                        talks.loser.name(),
                        victor.name()
                    ),
                    serde_json::json!({"kind": "loan-none", "victor": victor, "loser": talks.loser}),
                ));
                if let Some(t) = next.politics.round.as_mut().and_then(|r| r.peace.as_mut()) {
                    t.borrower = None;
                }
                continue;
            }
        }
        if let Stage::Abdication { index } = talks.stage {
            if removal_options(ctx, next, &talks).is_empty() || talks.removing.get(index).is_none() {
                // C.6: against the emperor, the abdication may also dissolve or re-establish
                // the Holy Roman Empire (4.4.1, R11.5).
                if !talks.removing.is_empty() && talks.loser == ctx.combinations.empire.emperor {
                    set_stage(next, Stage::Empire { answered: false });
                    continue;
                }
                conclude(ctx, next, &talks, dice, log)?;
                return Ok(());
            }
        }
        if let Stage::Empire { answered: true } = talks.stage {
            conclude(ctx, next, &talks, dice, log)?;
            return Ok(());
        }
        if let Stage::LoserTerms { index } = talks.stage {
            if conditional(&talks).get(index).is_none() {
                set_stage(next, Stage::Terms { group: 0 });
                continue;
            }
        }
        if let Some(power) = asked(ctx, &talks) {
            if let Some(round) = next.politics.round.as_mut() {
                round.questions.push(Question::Peace { power });
            }
        }
        return Ok(());
    }
}

fn set_stage(next: &mut State, stage: Stage) {
    if let Some(t) = next.politics.round.as_mut().and_then(|r| r.peace.as_mut()) {
        t.stage = stage;
    }
}

fn conditional(talks: &Talks) -> Vec<Power> {
    talks.offers.iter().filter(|(_, s)| *s == Surrender::Conditional).map(|(p, _)| *p).collect()
}

/// The answers `power` may give the talks now.
pub fn answers(ctx: &Ctx, state: &State, power: Power) -> Vec<PoliticalCommand> {
    let Some(talks) = state.politics.round.as_ref().and_then(|r| r.peace.as_ref()) else { return Vec::new() };
    if asked(ctx, talks) != Some(power) {
        return Vec::new();
    }
    match &talks.stage {
        Stage::Offers { .. } => {
            let conditional = super::restrictions::conditional(state, power, talks.loser).is_ok();
            [false, true]
                .into_iter()
                .filter(|u| *u || conditional)
                .map(|unconditional| PoliticalCommand::Offer { unconditional })
                .collect()
        }
        Stage::Unconditional => vec![
            PoliticalCommand::AnswerUnconditional { accept: true },
            PoliticalCommand::AnswerUnconditional { accept: false },
        ],
        Stage::LoserTerms { .. } => ctx
            .peace
            .terms
            .iter()
            .filter(|t| t.list == List::A)
            .map(|t| PoliticalCommand::Term { term: Some(t.id.clone()) })
            .collect(),
        Stage::Cession { index } => {
            let mut out: Vec<PoliticalCommand> = Vec::new();
            for what in cession_options(ctx, state, talks, *index) {
                if state.minors.get(&what).is_some_and(|m| m.free_state) {
                    out.push(PoliticalCommand::CedeConquered { what: what.clone() });
                }
                out.push(PoliticalCommand::Cede { what: Some(what) });
            }
            out.push(PoliticalCommand::Cede { what: None });
            out
        }
        Stage::Loan => super::loan::options(ctx, state, talks.loser)
            .into_iter()
            .map(|corps| PoliticalCommand::Borrow { corps })
            .collect(),
        Stage::Empire { .. } => {
            let exists = crate::economy::combinations::empire_exists(ctx, state);
            vec![PoliticalCommand::Empire { change: Some(exists) }, PoliticalCommand::Empire { change: None }]
        }
        Stage::Abdication { .. } => {
            let mut out: Vec<PoliticalCommand> = removal_options(ctx, state, talks)
                .into_iter()
                .map(|leader| PoliticalCommand::RemoveLeader { leader: Some(leader) })
                .collect();
            out.push(PoliticalCommand::RemoveLeader { leader: None });
            out
        }
        Stage::Terms { group } => {
            let Some(selection) = talks.selections.get(*group) else { return Vec::new() };
            let mut out: Vec<PoliticalCommand> = selection
                .options(&ctx.peace, power)
                .into_iter()
                .map(|t| PoliticalCommand::Term { term: Some(t) })
                .collect();
            out.push(PoliticalCommand::Term { term: None });
            out
        }
    }
}

/// What `power` is asked.
pub fn prompt(ctx: &Ctx, state: &State, power: Power) -> String {
    let Some(talks) = state.politics.round.as_ref().and_then(|r| r.peace.as_ref()) else { return String::new() };
    let loser = talks.loser.name();
    match &talks.stage {
        Stage::Offers { .. } if super::restrictions::conditional(state, power, talks.loser).is_err() => format!(
            "{loser} sues {} for peace: `offer unconditional peace` (4.4.2.2; between Great Britain and France a \
             peace is a surrender, R11.9.2)",
            power.name()
        ),
        Stage::Offers { .. } => format!(
            "{loser} sues {} for peace: `offer conditional peace` (which {loser} must accept) or `offer \
             unconditional peace` (4.4.2.2)",
            power.name()
        ),
        Stage::Unconditional => {
            format!("{loser}: `accept unconditional peace` or `refuse unconditional peace` (the war goes on, 4.4.2.2)")
        }
        Stage::LoserTerms { index } => format!(
            "{loser} surrenders conditionally to {}: choose its term from list A (`term A.N`, 4.4.3)",
            conditional(talks).get(*index).map_or("?", |v| v.name())
        ),
        Stage::Terms { group } => format!(
            "{}: choose a peace term imposed on {loser} ({}), or `no more terms` (4.4.3-4.4.5)",
            power.name(),
            match talks.selections.get(*group).map(|s| s.kind) {
                Some(Surrender::Conditional) => "`term B.N`: a conditional peace",
                _ => "`term B.N` or `term C.N`: an unconditional peace",
            }
        ),
        Stage::Cession { index } => format!(
            "{}: name a home province or minor country {loser} cedes ({} left; `cede ID`, or `cede MINOR as \
             conquered` to make a free state a conquered country, 4.4.6.4) or `no more ceding` (B.7, C.4; its \
             capital's province last, 4.4.8)",
            power.name(),
            talks.ceding.get(*index).map_or(0, |c| c.left)
        ),
        Stage::Empire { .. } => format!(
            "{}: the abdication of {loser}'s ruler may end or restore the Holy Roman Empire: `dissolve empire` or \
             `re-establish empire` as it stands, or `keep empire` (C.6, R11.5)",
            power.name()
        ),
        Stage::Loan => {
            // B.4: the choice is informed: what each corps holds, and where.
            let offered: Vec<String> = super::loan::options(ctx, state, talks.loser)
                .iter()
                .filter_map(|id| state.corps.get(id).map(|c| format!("{id} ({}) in {}", c.factors, ctx.name(&c.area))))
                .collect();
            format!(
                "{}: name the corps of {loser} on loan to you for {} months (`borrow corps ID`, B.4): {}",
                power.name(),
                talks.borrower.map_or(0, |(_, months)| months),
                offered.join(", ")
            )
        }
        Stage::Abdication { .. } => format!(
            "{}: name a leader of {loser} removed by abdication ({} left; `remove leader ID`) or `no more removals` \
             (C.6; 8.4.3 returns them)",
            power.name(),
            talks.removals_left
        ),
    }
}

/// `power` answered the talks with `c` (an answer [`answers`] listed).
pub fn answered(
    ctx: &Ctx,
    next: &mut State,
    power: Power,
    c: &PoliticalCommand,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let _ = dice;
    let mut talks = next
        .politics
        .round
        .as_ref()
        .and_then(|r| r.peace.clone())
        .ok_or_else(|| RuleError::new("4.4", "no peace is being made"))?;
    match (&talks.stage, c) {
        (Stage::Offers { index }, PoliticalCommand::Offer { unconditional }) => {
            if !unconditional {
                super::restrictions::conditional(next, power, talks.loser)?;
            }
            let kind = if *unconditional { Surrender::Unconditional } else { Surrender::Conditional };
            talks.offers.push((power, kind));
            log.push(Event::new(
                format!(
                    "{} offers {} {} peace (4.4.2.2)",
                    power.name(),
                    talks.loser.name(),
                    if *unconditional { "an unconditional" } else { "a conditional" }
                ),
                serde_json::json!({"kind": "peace-offer", "victor": power, "loser": talks.loser, "unconditional": unconditional}),
            ));
            talks.stage = if index + 1 < talks.victors.len() {
                Stage::Offers { index: index + 1 }
            } else if talks.offers.iter().any(|(_, s)| *s == Surrender::Unconditional) {
                Stage::Unconditional
            } else {
                accept(ctx, next, &mut talks, log);
                Stage::LoserTerms { index: 0 }
            };
        }
        (Stage::Unconditional, PoliticalCommand::AnswerUnconditional { accept: yes }) => {
            if !yes {
                log.push(Event::new(
                    format!("{} refuses the unconditional peace: those wars go on (4.4.2.2)", talks.loser.name()),
                    serde_json::json!({"kind": "peace-refused", "loser": talks.loser}),
                ));
                talks.offers.retain(|(_, s)| *s == Surrender::Conditional);
            }
            accept(ctx, next, &mut talks, log);
            talks.stage = Stage::LoserTerms { index: 0 };
        }
        (Stage::LoserTerms { index }, PoliticalCommand::Term { term: Some(term) }) => {
            let victor =
                *conditional(&talks).get(*index).ok_or_else(|| RuleError::new("4.4.3", "no victor to choose for"))?;
            let selection =
                talks.selections.first_mut().ok_or_else(|| RuleError::new("4.4.3", "no conditional peace"))?;
            selection.choose_a(&ctx.peace, victor, term)?;
            log.push(Event::new(
                format!("{} chooses {term} for its peace with {} (4.4.3)", talks.loser.name(), victor.name()),
                serde_json::json!({"kind": "peace-term", "loser": talks.loser, "victor": victor, "term": term}),
            ));
            talks.stage = Stage::LoserTerms { index: index + 1 };
        }
        (Stage::Terms { group }, PoliticalCommand::Term { term }) => {
            let selection =
                talks.selections.get_mut(*group).ok_or_else(|| RuleError::new("4.4.5", "no terms are being chosen"))?;
            match term {
                Some(t) => {
                    selection.choose(&ctx.peace, power, t)?;
                    log.push(Event::new(
                        format!("{} imposes {t} on {} (4.4.3-4.4.5)", power.name(), talks.loser.name()),
                        serde_json::json!({"kind": "peace-term", "victor": power, "loser": talks.loser, "term": t}),
                    ));
                }
                None => selection.pass(power)?,
            }
        }
        (Stage::Cession { index }, PoliticalCommand::CedeConquered { what }) => {
            if !next.minors.get(what).is_some_and(|m| m.free_state && m.controller == Some(talks.loser)) {
                return Err(RuleError::new(
                    "4.4.6.4",
                    format!("`{what}` is no minor free state of {}: only those are made conquered", talks.loser.name()),
                )
                .into());
            }
            if !cession_options(ctx, next, &talks, *index).contains(what) {
                return Err(RuleError::new("4.4.8", format!("{} may not take `{what}`", power.name())).into());
            }
            super::cession::cede(ctx, next, talks.loser, power, what, log)?;
            super::cession::conquer(ctx, next, what, "4.4.6.4", log);
            if let Some(c) = talks.ceding.get_mut(*index) {
                c.left = c.left.saturating_sub(1);
            }
        }
        (Stage::Cession { index }, PoliticalCommand::Cede { what }) => {
            let index = *index;
            match what {
                Some(what) => {
                    if !cession_options(ctx, next, &talks, index).contains(what) {
                        return Err(RuleError::new(
                            "4.4.8",
                            format!(
                                "{} may not take `{what}`: a home province of {} (its capital's only when no other is \
                                 left; none after A.5) or a minor country it controls",
                                power.name(),
                                talks.loser.name()
                            ),
                        )
                        .into());
                    }
                    super::cession::cede(ctx, next, talks.loser, power, what, log)?;
                    if let Some(c) = talks.ceding.get_mut(index) {
                        c.left = c.left.saturating_sub(1);
                    }
                }
                None => {
                    if let Some(c) = talks.ceding.get_mut(index) {
                        c.left = 0;
                    }
                }
            }
        }
        (Stage::Abdication { index }, PoliticalCommand::RemoveLeader { leader }) => match leader {
            Some(leader) => {
                if talks.removals_left == 0 {
                    return Err(RuleError::new("C.6", "the victors have removed every leader the term allows").into());
                }
                let by = talks.removing.clone();
                super::term_effects::remove_leader(ctx, next, talks.loser, &by, leader, log)?;
                talks.removals_left -= 1;
            }
            None => talks.stage = Stage::Abdication { index: index + 1 },
        },
        (Stage::Loan, PoliticalCommand::Borrow { corps }) => {
            let (victor, months) = talks.borrower.ok_or_else(|| RuleError::new("B.4", "no corps is lent now"))?;
            super::loan::lend(ctx, next, victor, talks.loser, corps, months, log)?;
            talks.borrower = None;
        }
        (Stage::Empire { answered: false }, PoliticalCommand::Empire { change }) => {
            let exists = crate::economy::combinations::empire_exists(ctx, next);
            match change {
                Some(dissolve) if *dissolve != exists => {
                    let now = if exists { "exists" } else { "is already dissolved" };
                    return Err(RuleError::new("C.6", format!("the Holy Roman Empire {now}")).into());
                }
                Some(dissolve) => crate::economy::combinations::set_empire(ctx, next, !dissolve, log),
                None => {}
            }
            talks.stage = Stage::Empire { answered: true };
        }
        (_, c) => return Err(RuleError::new("4.4", format!("`{c}` does not answer the peace being made")).into()),
    }
    if let Some(round) = next.politics.round.as_mut() {
        round.peace = Some(talks);
    }
    Ok(())
}

/// The offers stand: political points change once (4.4.2.3, 4.4.5) and the selections of
/// terms are opened; with no offer left the talks end.
fn accept(ctx: &Ctx, next: &mut State, talks: &mut Talks, log: &mut Vec<Event>) {
    let loser = talks.loser;
    let any_unconditional = talks.offers.iter().any(|(_, s)| *s == Surrender::Unconditional);
    for (victor, kind) in &talks.offers {
        let (which, rule) = match kind {
            Surrender::Conditional => (Points::ConditionalVictor, "4.4.2.3.1"),
            Surrender::Unconditional => (Points::UnconditionalVictor, "4.4.2.3.2"),
        };
        points::change(ctx, next, *victor, which, 1, rule, &format!("accepting {}'s surrender", loser.name()), log);
    }
    if !talks.offers.is_empty() {
        let (which, rule) = if any_unconditional {
            (Points::UnconditionalLoser, "4.4.2.3.2, 4.4.5")
        } else {
            (Points::ConditionalLoser, "4.4.2.3.1, 4.4.5")
        };
        points::change(ctx, next, loser, which, 1, rule, "surrendering", log);
    }
    let group =
        |kind: Surrender| -> Vec<Power> { talks.offers.iter().filter(|(_, s)| *s == kind).map(|(p, _)| *p).collect() };
    talks.selections = [Surrender::Conditional, Surrender::Unconditional]
        .into_iter()
        .map(|kind| (kind, group(kind)))
        .filter(|(_, victors)| !victors.is_empty())
        .map(|(kind, victors)| Selection::new(kind, victors))
        .collect();
}

/// The terms are chosen: the ceding terms in effect are asked of their victors in turn.
fn open_cession(ctx: &Ctx, next: &mut State, talks: &Talks) {
    let in_effect: Vec<(Power, String)> = talks.selections.iter().flat_map(|s| s.in_effect(&ctx.peace)).collect();
    let minors_only = |victor: Power| {
        talks
            .selections
            .iter()
            .any(|s| s.loser_a.get(&victor).and_then(|a| ctx.peace.term(a)).is_some_and(|a| !a.restricts.is_empty()))
    };
    let ceding = in_effect
        .iter()
        .filter_map(|(victor, term)| {
            let count = ctx.peace.term(term)?.count?;
            Some(Ceding { victor: *victor, term: term.clone(), left: count, minors_only: minors_only(*victor) })
        })
        .collect();
    if let Some(t) = next.politics.round.as_mut().and_then(|r| r.peace.as_mut()) {
        t.ceding = ceding;
        t.stage = Stage::Cession { index: 0 };
    }
}

/// Every term is settled: every peace of the talks is made.
fn conclude(
    ctx: &Ctx,
    next: &mut State,
    talks: &Talks,
    dice: &mut dyn DiceSource,
    log: &mut Vec<Event>,
) -> Result<(), ApplyError> {
    let loser = talks.loser;
    let in_effect: Vec<(Power, String)> = talks.selections.iter().flat_map(|s| s.in_effect(&ctx.peace)).collect();
    // The random picks of corps first, on a copy: a roll still owed leaves the state as it was.
    let mut after = next.clone();
    for (victor, term) in &in_effect {
        super::term_effects::remove_corps(ctx, &mut after, *victor, loser, term, dice, log)?;
    }
    *next = after;
    if let Some(round) = next.politics.round.as_mut() {
        round.peace = None;
    }
    for (victor, _) in &talks.offers {
        let victor = *victor;
        next.relations.make_peace(loser.id(), victor.id());
        log.push(Event::new(
            format!("{} and {} make peace (4.4)", loser.name(), victor.name()),
            serde_json::json!({"kind": "peace", "informal": false, "loser": loser, "victor": victor}),
        ));
        let mut loser_months = ctx.peace.enforced_months;
        let mut access = None;
        for (v, term) in in_effect.iter().filter(|(v, _)| *v == victor) {
            if let Some(t) = ctx.peace.term(term) {
                if let Some(months) = t.months.filter(|_| t.truce) {
                    loser_months = loser_months.max(months);
                }
                if t.access {
                    access = Some(victor);
                }
            }
            next.politics.terms.push(TermInForce { victor: *v, loser, term: term.clone(), from: next.date });
            crate::economy::peace_terms::opened(ctx, next, *v, loser, term, log);
        }
        let date = next.date;
        next.politics.enforced.push(Enforced {
            by: victor,
            on: loser,
            until: add_months(date, ctx.peace.enforced_months),
        });
        next.politics.enforced.push(Enforced { by: loser, on: victor, until: add_months(date, loser_months) });
        super::repatriation::exchange_prisoners(ctx, next, victor, loser, log);
        super::repatriation::repatriate(ctx, next, victor, loser, access, log);
    }
    // 4.4.7: once every peace of the talks is made, the victors' allies still at war with the
    // loser may demand a break.
    for (victor, _) in &talks.offers {
        super::separate_peace::ask(next, *victor, loser);
    }
    Ok(())
}

/// `months` after `date` (the last month of the time record at most).
pub fn add_months(date: Month, months: u32) -> Month {
    let mut out = date;
    for _ in 0..months {
        match out.next() {
            Some(m) => out = m,
            None => break,
        }
    }
    out
}

/// 4.4.6.1, 4.4.6.2: what every peace between `a` and `b` does.
pub fn effects(ctx: &Ctx, next: &mut State, a: Power, b: Power, log: &mut Vec<Event>) {
    super::repatriation::exchange_prisoners(ctx, next, a, b, log);
    super::repatriation::repatriate(ctx, next, a, b, None, log);
}
