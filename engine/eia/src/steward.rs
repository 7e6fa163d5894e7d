//! The `steward` bot: a simple rules-following player for an uncontrolled major power (8.11,
//! R8.11 in RECONSTRUCTION.md). A power no player wants sits in a seat of its own played by
//! this bot (`grognard bot run --bot steward` by mail, or any local or self-played game), and
//! keeps to its own affairs:
//!
//! - it declares no war, in the political phase or before a battle, and combines with nobody
//!   (4.2, 7.3.8.3, 4.9), backs down from a minor country
//!   (4.6.4), seeks no minor country (4.6.2) and supports none (4.6.5);
//! - it keeps faith with its allies: it answers their calls when the rules let it (4.3);
//! - it makes no new alliance, accepts an informal peace, offers a conditional peace when
//!   sued, takes no more terms than the rules make it take, and lets a separate peace be
//!   (4.4, 4.5, 4.4.7);
//! - it takes the reinforcements it is given (5.2), moves nothing, fights the battles the
//!   rules make it fight (7.5.1), assaulting as attacker and defending as defender, and
//!   spends nothing it need not in the economic phase.
//!
//! Every choice is one of the ruleset's legal commands, from the bot's own view of the game
//! ([`crate::knowledge::player_view`]); the same view always gives the same command.

use crate::ctx::Ctx;
use crate::politics::{Proposal, Question};
use crate::sequence::Phase;
use crate::state::State;
use crate::Command;
use grognard_engine::{AnyRuleset, Bot, GameState, Pending, PlayerId, Viewer};
use serde_json::Value;

/// The uncontrolled major powers' bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Steward;

impl Bot for Steward {
    fn name(&self) -> &'static str {
        "steward"
    }

    fn choose(&self, ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, _seed: u64) -> Option<Value> {
        let view = ruleset.player_view(state, Viewer::Player(player));
        let typed = view.downcast_ref::<State>()?;
        let ctx = Ctx::builtin().ok()?;
        let chosen = choose(ctx, typed, player)?;
        serde_json::to_value(chosen).ok()
    }
}

/// The steward's command for `player` in `view` (its own view of the game), or `None` when it
/// owes nothing.
pub fn choose(ctx: &Ctx, view: &State, player: PlayerId) -> Option<Command> {
    let legal = crate::legal::commands(ctx, view, player);
    if legal.is_empty() {
        return None;
    }
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    let first_of = |prefixes: &[&str]| -> Option<Command> {
        prefixes.iter().find_map(|p| texts.iter().position(|t| t.starts_with(p)).map(|i| legal[i].clone()))
    };
    let preferences = preferences(ctx, view, player);
    first_of(&preferences).or_else(|| legal.first().cloned())
}

/// What the steward looks for first among the legal commands, by the start of their text.
fn preferences(ctx: &Ctx, view: &State, player: PlayerId) -> Vec<&'static str> {
    if let Some(q) = view.politics.round.as_ref().and_then(|r| r.questions.first()) {
        return match q {
            Question::Call { .. } => vec!["answer call", "refuse call"],
            Question::Proposal { what: Proposal::InformalPeace, .. } => vec!["accept proposal"],
            Question::Proposal { what: Proposal::Alliance, .. } => vec!["decline proposal"],
            Question::Control { .. } => vec!["decline control"],
            Question::Support { .. } => vec!["support none"],
            Question::Separate { .. } => vec!["accept separate peace"],
            Question::Peace { .. } => vec![
                "offer conditional peace",
                "accept unconditional peace",
                "no more terms",
                "no more ceding",
                "no more removals",
                "keep empire",
                "term ",
                "cede ",
            ],
        };
    }
    // 7.3.8.3: it declares no war, not even beside an ally attacked where its corps stand.
    if view.book.war_question.is_some() {
        return vec!["stand aside"];
    }
    if view.battle.is_some() {
        return vec!["chit defend", "chit assault", "chit "];
    }
    if let Pending::Sealed { players, .. } = crate::ruleset::pending(ctx, view) {
        if players.contains(&player) {
            return vec!["declare none", "combine none", "back down"];
        }
    }
    if !view.losses.is_empty() {
        return vec!["lose "];
    }
    match view.sequence.phase {
        Phase::ArmyReinforcement | Phase::NavalReinforcement => vec!["place corps ", "place ", "end"],
        // 7.5.1: `end` is legal only when no battle is owed.
        Phase::Land(_) => vec!["end", "battle ", "assault ", "besiege "],
        _ => vec!["end"],
    }
}
