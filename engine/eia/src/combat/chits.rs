//! Step one of field combat (7.5.2.1): each side picks an operational possibilities chit in
//! secret. A chit is the sealed choice of a journal sealed step; the outflanker's division
//! of its force (7.5.2.3, made before the other chit is seen) and a withdrawing force's
//! destination travel sealed with it.

use crate::combat::battle::Battle;
use crate::combat::forces;
use crate::ctx::Ctx;
use crate::data::tables::{AttackerChit, DefenderChit};
use crate::state::State;
use crate::FactorKind;
use grognard_engine::RuleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A side's chit, with what goes sealed with it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chit {
    /// The chit's id (`assault`, `outflank`, `defend`, `withdraw`, ...).
    pub chit: String,
    /// With `outflank`: the corps of the pinning force (7.5.2.3.1); the rest outflank.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pinning: Vec<String>,
    /// With `withdraw`: the adjacent area the force withdraws to (7.5.2.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Corps of the side's power in areas next to the battle that try to march to it
    /// (7.5.2.11, R7.5.2.11), named in secret with the chit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reinforcing: Vec<String>,
}

impl fmt::Display for Chit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chit {}", self.chit)?;
        if !self.pinning.is_empty() {
            write!(f, " pinning {}", self.pinning.join(","))?;
        }
        if let Some(to) = &self.to {
            write!(f, " to {to}")?;
        }
        if !self.reinforcing.is_empty() {
            write!(f, " reinforcing {}", self.reinforcing.join(","))?;
        }
        Ok(())
    }
}

impl Chit {
    /// Parses the words after `chit`: `ID [pinning CORPS,CORPS] [to AREA] [reinforcing
    /// CORPS,CORPS]`.
    pub fn parse(words: &[&str]) -> Result<Chit, RuleError> {
        let bad = || {
            RuleError::new(
                "input",
                "a chit reads: chit ID [pinning CORPS,CORPS...] [to AREA] [reinforcing CORPS,CORPS...]",
            )
        };
        let (id, rest) = words.split_first().ok_or_else(bad)?;
        let mut chit = Chit { chit: id.to_string(), ..Chit::default() };
        let mut rest = rest;
        while let [key, value, more @ ..] = rest {
            match *key {
                "pinning" if chit.pinning.is_empty() => {
                    chit.pinning = value.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
                }
                "to" if chit.to.is_none() => chit.to = Some(value.to_string()),
                "reinforcing" if chit.reinforcing.is_empty() => {
                    chit.reinforcing = value.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
                }
                _ => return Err(bad()),
            }
            rest = more;
        }
        if !rest.is_empty() {
            return Err(bad());
        }
        Ok(chit)
    }
}

/// The attacker's or the defender's chit, checked against the chart's chits; or the
/// defender's retirement into the area's city (7.5.1.1).
pub enum Picked {
    Attacker(AttackerChit),
    Defender(DefenderChit),
    Retire,
}

/// The defender's answer that is not a chit: its whole force retires into the area's city
/// (7.5.1.1), sealed like a chit so that the attacker chooses without knowing it.
pub const RETIRE: &str = "retire";

/// May the defenders of `battle` retire into the area's city (7.5.1.1): a friendly or vacant,
/// unbesieged city that can hold every factor of every corps (7.5.1.1.4)? Depot garrisons stay.
pub fn may_retire(ctx: &Ctx, state: &State, battle: &Battle) -> Result<(), RuleError> {
    let city = ctx
        .map
        .city(&battle.area)
        .ok_or_else(|| RuleError::new("7.5.1.1", format!("{} has no city to retire into", ctx.name(&battle.area))))?;
    let room = crate::land::city_room(ctx, state, battle.defender, &battle.area)
        .ok_or_else(|| RuleError::new("7.5.1.1", format!("{} is besieged or held by another power", city.name)))?;
    let need: u16 = battle.defenders.iter().filter_map(|c| state.corps.get(c)).map(|c| c.factors.total()).sum();
    // 2.4.2: with strengths still hidden, the room is checked once they are opened, before
    // the battle is resolved (`ruleset::resolve_battle`).
    let hidden = battle.defenders.iter().filter_map(|c| state.corps.get(c)).any(|c| !c.veil.is_empty())
        || state.corps.values().any(|c| c.area == battle.area && c.in_city && !c.veil.is_empty());
    if need > room && !hidden {
        return Err(RuleError::new(
            "7.5.1.1",
            format!("{} can take {room} more factors, not the defenders' {need}", city.name),
        ));
    }
    let nations: Vec<&str> = battle.defenders.iter().filter_map(|c| state.corps.get(c)).map(|c| c.side()).collect();
    if nations.iter().any(|n| !state.friendly_to(battle.defender, n)) {
        return Err(RuleError::new(
            "7.5.1.1.1",
            "defending powers that are not allies do not retire into one city together",
        ));
    }
    Ok(())
}

/// Check `chit` for the side of `battle` that `attacker` names (7.5.2.1, 7.5.2.3, 7.5.2.5).
pub fn check(ctx: &Ctx, state: &State, battle: &Battle, attacker: bool, chit: &Chit) -> Result<Picked, RuleError> {
    let corps = if attacker { &battle.attackers } else { &battle.defenders };
    if !attacker && chit.chit == RETIRE {
        if !chit.pinning.is_empty() || chit.to.is_some() || !chit.reinforcing.is_empty() {
            return Err(RuleError::new("7.5.1.1", "a retirement into the city names nothing more"));
        }
        may_retire(ctx, state, battle)?;
        return Ok(Picked::Retire);
    }
    let picked = if attacker {
        Picked::Attacker(AttackerChit::from_id(&chit.chit).ok_or_else(|| {
            let ids: Vec<&str> = AttackerChit::ALL.iter().map(|c| c.id()).collect();
            RuleError::new("7.5.2.1", format!("the attacker's chits are {}, not `{}`", ids.join(", "), chit.chit))
        })?)
    } else {
        Picked::Defender(DefenderChit::from_id(&chit.chit).ok_or_else(|| {
            let ids: Vec<&str> = DefenderChit::ALL.iter().map(|c| c.id()).collect();
            RuleError::new("7.5.2.1", format!("the defender's chits are {}, not `{}`", ids.join(", "), chit.chit))
        })?)
    };
    let outflank = chit.chit == "outflank";
    if outflank {
        let non_artillery = corps
            .iter()
            .filter(|id| ctx.cards.corps_card(id).is_some_and(|c| c.kind != crate::data::cards::CorpsKind::Artillery))
            .count();
        if non_artillery < 2 || forces::leaders(state, corps).is_empty() {
            return Err(RuleError::new(
                "7.5.2.1",
                "an outflank chit needs at least two non-artillery corps and a leader in the force",
            ));
        }
        if chit.pinning.is_empty() {
            return Err(RuleError::new(
                "7.5.2.3.1",
                "an outflank names its pinning corps: chit outflank pinning CORPS,...",
            ));
        }
        for id in &chit.pinning {
            if !corps.contains(id) {
                return Err(RuleError::new("7.5.2.3.1", format!("corps {id} is not in this battle's force")));
            }
        }
        let pinning_ok = chit
            .pinning
            .iter()
            .any(|id| ctx.cards.corps_card(id).is_some_and(|c| c.kind != crate::data::cards::CorpsKind::Artillery));
        if !pinning_ok {
            return Err(RuleError::new("7.5.2.3.1", "the pinning force holds at least one non-artillery corps"));
        }
        for id in corps {
            match (state.corps.get(id).and_then(|c| c.irregular()), chit.pinning.contains(id)) {
                (Some(FactorKind::Guerrilla), false) => {
                    return Err(RuleError::new(
                        "7.5.2.3.1",
                        format!("guerrillas fight with the pinning force: name {id} among the pinning corps"),
                    ))
                }
                (Some(FactorKind::Cossack | FactorKind::Freikorps), true) => {
                    return Err(RuleError::new(
                        "7.5.2.3.2",
                        format!("cossacks and freikorps move around the flank: {id} may not pin"),
                    ))
                }
                _ => {}
            }
        }
        let outflanking = corps
            .iter()
            .filter(|c| !chit.pinning.contains(c))
            .any(|id| state.corps.get(id).is_some_and(|c| c.proper()));
        if !outflanking {
            return Err(RuleError::new("7.5.2.3.2", "the outflanking force holds at least one corps"));
        }
    } else if !chit.pinning.is_empty() {
        return Err(RuleError::new("7.5.2.3", "only an outflank divides its force"));
    }
    if chit.chit == "withdraw" {
        let to = chit.to.as_deref().ok_or_else(|| {
            RuleError::new("7.5.2.5", "a withdrawal names the adjacent area it goes to: chit withdraw to AREA")
        })?;
        crate::combat::retreat::check_destination(ctx, state, battle, !attacker, to)
            .map_err(|e| RuleError::new("7.5.2.5", e))?;
    } else if chit.to.is_some() {
        return Err(RuleError::new("7.5.2.5", "only a withdrawal names where it goes"));
    }
    for id in &chit.reinforcing {
        crate::combat::reinforcing::check(ctx, state, battle, attacker, id)?;
    }
    Ok(picked)
}
