//! The legal commands of the political phase, for prompts, bots and random play: the answers
//! a question allows, and what a power may do in its turn of a step.

use super::command::{Declarations, PoliticalCommand};
use super::{PoliticalStep, Proposal, Question};
use crate::ctx::Ctx;
use crate::power::Power;
use crate::state::State;
use grognard_engine::PlayerId;

/// The answers `q` allows.
pub fn answers(ctx: &Ctx, state: &State, q: &Question) -> Vec<PoliticalCommand> {
    use PoliticalCommand as P;
    match q {
        Question::Call { ally, enemy, .. } => {
            let mut out = Vec::new();
            if super::allies::may_answer(ctx, state, *ally, *enemy) {
                out.push(P::AnswerCall { join: true });
            }
            out.push(P::AnswerCall { join: false });
            out
        }
        Question::Proposal { .. } => vec![P::AnswerProposal { accept: true }, P::AnswerProposal { accept: false }],
        Question::Separate { .. } => vec![P::Demand { demand: true }, P::Demand { demand: false }],
        Question::Control { minor, .. } => {
            vec![P::Control { minor: minor.clone(), seek: true }, P::Control { minor: minor.clone(), seek: false }]
        }
        Question::Peace { power } => super::peace::answers(ctx, state, *power),
        Question::Support { minor, power } => super::minor_control::support_answers(ctx, state, minor, *power)
            .into_iter()
            .map(|against| P::Support { against })
            .collect(),
    }
}

/// Every single declaration `player`'s powers may make now, and `declare none` (the sealed
/// choices a bot or random play picks from; several declarations may be combined).
pub fn declarations(ctx: &Ctx, state: &State, player: PlayerId) -> Vec<PoliticalCommand> {
    let mut out = vec![PoliticalCommand::Declare { powers: Vec::new() }];
    let mut targets: Vec<String> = Power::ALL.iter().map(|p| p.id().to_string()).collect();
    targets.extend(state.minors.iter().filter(|(_, m)| m.controller.is_none()).map(|(id, _)| id.clone()));
    for power in state.powers_of(player.0) {
        for t in &targets {
            if super::declaration::check_one(ctx, state, power, t).is_ok() {
                out.push(PoliticalCommand::Declare {
                    powers: vec![Declarations { by: Some(power), on: vec![t.clone()] }],
                });
            }
        }
    }
    out
}

/// What `power` may do in its turn of the political phase (besides `end`).
pub fn commands(ctx: &Ctx, state: &State, power: Power) -> Vec<PoliticalCommand> {
    use PoliticalCommand as P;
    let crate::sequence::Phase::Political(step) = state.sequence.phase else { return Vec::new() };
    let others: Vec<Power> = state.powers.keys().copied().filter(|p| *p != power).collect();
    match step {
        PoliticalStep::CallToAllies => {
            let Some(round) = &state.politics.round else { return Vec::new() };
            let defender = round.callers.get(round.next_caller).is_some_and(|c| c.power == power && c.defender);
            let mut out = Vec::new();
            for enemy in super::allies::enemies(state, power, defender) {
                for ally in &others {
                    if super::allies::callable(state, power, *ally, enemy).is_ok() {
                        out.push(P::Call { allies: vec![*ally], enemy: enemy.id().to_string() });
                    }
                }
            }
            out
        }
        PoliticalStep::Peace => {
            let mut out = Vec::new();
            let enemies: Vec<Power> = super::enemies(state, power).into_iter().collect();
            for e in &enemies {
                if super::alliance::may_propose(state, power, *e, Proposal::InformalPeace).is_ok() {
                    out.push(P::ProposeInformal { to: *e });
                }
            }
            if !enemies.is_empty() {
                let mut try_sue = |to: Vec<Power>| {
                    let mut copy = state.clone();
                    let mut log = Vec::new();
                    if super::peace::sue(ctx, &mut copy, power, &to, &mut log).is_ok() {
                        out.push(P::Sue { to });
                    }
                };
                for e in &enemies {
                    try_sue(vec![*e]);
                }
                if enemies.len() > 1 {
                    try_sue(enemies.clone());
                }
            }
            out
        }
        PoliticalStep::Alliances => others
            .iter()
            .filter(|p| super::alliance::may_propose(state, power, **p, Proposal::Alliance).is_ok())
            .map(|p| P::ProposeAlliance { to: *p })
            .collect(),
        PoliticalStep::BreakingAlliances => others
            .iter()
            .filter(|p| {
                state.relations.allied(power.id(), p.id()) || super::term_effects::married(ctx, state, power, **p)
            })
            .map(|p| P::BreakAlliance { with: *p })
            .collect(),
        PoliticalStep::FreeStates => state
            .minors
            .iter()
            .filter(|(id, m)| {
                m.controller == Some(power)
                    && !m.free_state
                    && ctx.cards.corps_of(&crate::data::cards::Owner::Minor((*id).clone())).next().is_some()
            })
            .map(|(id, _)| P::FreeState { minor: id.clone() })
            .collect(),
        PoliticalStep::Declarations | PoliticalStep::MinorControl | PoliticalStep::CombinedMovement => Vec::new(),
    }
}
