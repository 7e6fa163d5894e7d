//! Hidden corps strengths (2.4.2): only a corps' owner knows the factors it holds ("which
//! corps each counter represents is shown on the back of the counter and may be examined by
//! only the owning player"), until a rule reveals them. Played on the platform's concealed
//! commands (docs/PROTOCOL.md section 12) when the game records the option `hidden-corps`.
//!
//! The one rule: a command that changes a corps' factors, or whose check reads the factors of
//! a corps the other players do not know, is concealed. Its projection ([`Veiled`]) shows
//! what the others see on the table: the area, the face-up garrison counters that change
//! (2.4.1), a corps counter leaving the map; never which corps gained or lost what. Every
//! corps the command may have changed or read gets the command in its veil (`Corps::veil`,
//! public: computed from the projection alone), so a rule that needs the corps' strength
//! later (a battle, an assault: `reveal.rs`) demands exactly those openings.
//!
//! A copy that knows the whole command (its author's, or anyone's once it is opened) applies
//! it as an ordinary command, with every check; the others apply the projection, checking
//! what it shows and leaving to the opening the checks that read hidden factors
//! (`State::lenient`). Both leave the same public part of the state.

use crate::command::{Command, Holder};
use crate::ctx::Ctx;
use crate::factor::FactorKind;
use crate::forces::Factors;
use crate::power::Power;
use crate::sequence::{LandStep, Phase};
use crate::state::{State, Veil};
use grognard_engine::{Applied, ApplyError, Concealed, Event, NoDice, PlayerId, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeSet;
use std::fmt;

/// What every player sees of a concealed command (its public projection).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "veiled", rename_all = "kebab-case")]
pub enum Veiled {
    /// 5.2.2.1: `count` `kind` due in `area` joined one of the power's corps there; with
    /// `nation`, bought factors of that nation (5.2.2.2), which its corps in `area` took.
    Place {
        area: String,
        count: u16,
        kind: FactorKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nation: Option<String>,
    },
    /// 5.2.3, 7.3.3: factors changed hands in `area` between one of the power's corps and
    /// another corps, or a garrison (`garrison`: the face-up side of it); `emptied`: the corps
    /// that gave its last factors and left the map.
    Transfer {
        area: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        garrison: Option<GarrisonShare>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        emptied: Option<String>,
    },
    /// 7.4.1.3: `corps` lost the factors it owed, as its owner chose; `emptied`: all it had.
    Lose { corps: String, emptied: bool },
    /// A command shown whole, one of whose checks reads hidden factors (a city's room for a
    /// corps entering it or for reinforcements, 7.3.3.4; whether reinforcements could still
    /// be placed at the end of the step, 5.2.2): the check is made when it is opened.
    /// (The field is `shown` in JSON: `command` is the tag of the command holding it.)
    Checked {
        #[serde(rename = "shown")]
        command: Box<Command>,
    },
    /// 2.4.2: the power ended its step (`command`, an `end`) and its look-alike counters
    /// standing together (`groups`, `lookalike.rs`) were shuffled in secret: which strength
    /// each holds now is hidden.
    Shuffled {
        groups: Vec<Vec<String>>,
        #[serde(rename = "shown")]
        command: Box<Command>,
    },
}

/// The face-up side of a transfer: a city or depot garrison gains (`gains`) or gives these
/// factors, counted as the garrison holds them (7.3.3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GarrisonShare {
    pub holder: Holder,
    pub factors: Factors,
    pub gains: bool,
}

impl fmt::Display for Veiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Veiled::Place { area, count, kind, nation: None } => {
                write!(f, "(hidden) place {count} {kind} in a corps in {area}")
            }
            Veiled::Place { area, count, kind, nation: Some(n) } => {
                write!(f, "(hidden) place {count} {kind} of {n} in a corps in {area}")
            }
            Veiled::Transfer { area, garrison, emptied } => {
                write!(f, "(hidden) transfer factors in {area}")?;
                if let Some(g) = garrison {
                    write!(f, ", {} {} {}", g.holder, if g.gains { "gaining" } else { "giving" }, g.factors)?;
                }
                if let Some(c) = emptied {
                    write!(f, ", emptying {c}")?;
                }
                Ok(())
            }
            Veiled::Lose { corps, emptied } => {
                write!(f, "(hidden) {corps} loses the factors it owes{}", if *emptied { ", all it had" } else { "" })
            }
            Veiled::Checked { command } => write!(f, "(checked when opened) {command}"),
            Veiled::Shuffled { groups, command } => {
                let groups: Vec<String> = groups.iter().map(|g| g.join("/")).collect();
                write!(f, "{command} (hidden: look-alike counters shuffled, {})", groups.join(", "))
            }
        }
    }
}

fn is_veiled(state: &State, corps: &str) -> bool {
    state.corps.get(corps).is_some_and(|c| !c.veil.is_empty())
}

/// The corps of `power` in `area` (not at sea): those a hidden place or transfer there may
/// have changed.
fn own_corps_in(state: &State, power: Power, area: &str) -> BTreeSet<String> {
    state
        .corps
        .iter()
        .filter(|(_, c)| c.area == area && c.aboard.is_none() && state.controller_of_nation(c.side()) == Some(power))
        .map(|(id, _)| id.clone())
        .collect()
}

/// The veiled corps inside the city of `area`: a check of its room reads their factors.
fn veiled_in_city(state: &State, area: &str) -> BTreeSet<String> {
    state
        .corps
        .iter()
        .filter(|(_, c)| c.area == area && c.in_city && !c.veil.is_empty())
        .map(|(id, _)| id.clone())
        .collect()
}

/// The only land area a corps at sea may land in without naming one (7.3.5), if there is
/// just one: its fleet's port's, or the one shore of its fleet's sea.
fn landing_area(state: &State, corps: &str) -> Option<String> {
    let fleet = state.corps.get(corps)?.aboard.as_ref()?;
    let place = &state.fleets.get(fleet)?.place;
    let ctx = crate::ctx::Ctx::builtin().ok()?;
    match crate::naval::transport::landing_areas(ctx, place).as_slice() {
        [only] => Some(only.clone()),
        _ => None,
    }
}

/// The veiled corps whose factors a check of `command` reads (for [`Veiled::Checked`]).
fn read_by(state: &State, power: Power, command: &Command) -> BTreeSet<String> {
    match command {
        Command::EnterCity { corps } => {
            let mut read = state.corps.get(corps).map(|c| veiled_in_city(state, &c.area)).unwrap_or_default();
            if is_veiled(state, corps) {
                read.insert(corps.clone());
            }
            read
        }
        Command::Place { into: Holder::City(a), .. } | Command::Transfer { to: Holder::City(a), .. } => {
            veiled_in_city(state, a)
        }
        // 7.3.5: a landing straight into a besieged port city reads its room, as `EnterCity`.
        Command::Naval(crate::naval::NavalCommand::Disembark { corps, area, into_city: true }) => {
            let target = area.clone().or_else(|| landing_area(state, corps));
            let mut read = target.map(|a| veiled_in_city(state, &a)).unwrap_or_default();
            if is_veiled(state, corps) {
                read.insert(corps.clone());
            }
            read
        }
        // 7.3.6.2: a depot's garrison going into the city reads its room.
        Command::DepotAnswer { destroy: true, surrender: false } => {
            state.book.depot_question.as_ref().map(|q| veiled_in_city(state, &q.area)).unwrap_or_default()
        }
        Command::End if state.sequence.phase == Phase::ArmyReinforcement => {
            // The scenario's factors go to corps of their area; bought ones (5.2.2.2) to any corps
            // of their nation.
            let (mut areas, mut nations): (BTreeSet<&str>, BTreeSet<&str>) = Default::default();
            for d in state.due.get(&power).into_iter().flatten() {
                match d {
                    crate::reinforcement::Due::Factors { area, campaign: false, .. } => areas.insert(area.as_str()),
                    crate::reinforcement::Due::Factors { nation, .. } => nations.insert(nation.as_str()),
                    crate::reinforcement::Due::Corps { .. } => false,
                };
            }
            let anywhere =
                state.corps.iter().filter(|(_, c)| nations.contains(c.nation.as_str())).map(|(id, _)| id.clone());
            areas
                .into_iter()
                .flat_map(|a| own_corps_in(state, power, a))
                .chain(anywhere)
                .filter(|c| is_veiled(state, c))
                .collect()
        }
        _ => BTreeSet::new(),
    }
}

/// The corps a transfer's projection names as emptied, from the command alone.
fn emptied_by(command: &Command) -> Option<String> {
    match command {
        Command::Transfer { from: Holder::Corps(c), emptying: true, .. } => Some(c.clone()),
        _ => None,
    }
}

/// The face-up garrison side of a transfer, as the garrison counts the factors (cavalry and
/// guard become infantry in a city, 7.3.3.2).
fn garrison_share(from: &Holder, to: &Holder, count: u16, kind: FactorKind) -> Option<GarrisonShare> {
    let mut factors = Factors::new();
    match (from, to) {
        (Holder::Corps(_), Holder::City(_)) => {
            factors.add(kind.in_city(), count);
            Some(GarrisonShare { holder: to.clone(), factors, gains: true })
        }
        (Holder::Corps(_), Holder::Depot(_)) => {
            factors.add(kind, count);
            Some(GarrisonShare { holder: to.clone(), factors, gains: true })
        }
        (Holder::City(_) | Holder::Depot(_), Holder::Corps(_)) => {
            factors.add(kind, count);
            Some(GarrisonShare { holder: from.clone(), factors, gains: false })
        }
        _ => None,
    }
}

/// The area a holder stands in, from the public state.
fn holder_area(state: &State, holder: &Holder) -> Option<String> {
    match holder {
        Holder::Corps(c) => state.corps.get(c).map(|c| c.area.clone()),
        Holder::City(a) | Holder::Depot(a) => Some(a.clone()),
    }
}

/// The projection of `command` given by `player` (`Ruleset::conceal`): `None` when the whole
/// command is public. Made from the command and the public part of the state alone.
pub fn projection(state: &State, player: PlayerId, command: &Command) -> Option<Command> {
    if !state.hidden_strengths() || state.over.is_some() {
        return None;
    }
    let power = crate::ruleset::acting_power_of(state, player).ok()?;
    let veiled = match command {
        // 2.4.2: an end that shuffles look-alike counters, whether or not it moved any.
        Command::End | Command::EndShuffling { .. } if crate::lookalike::ends_step(state) => {
            let ctx = Ctx::builtin().ok()?;
            let groups = crate::lookalike::groups(ctx, state, power);
            if groups.is_empty() {
                return match command {
                    Command::End if !read_by(state, power, command).is_empty() => {
                        Some(Command::Veiled(Veiled::Checked { command: Box::new(command.clone()) }))
                    }
                    _ => None,
                };
            }
            Veiled::Shuffled { groups, command: Box::new(Command::End) }
        }
        Command::Place { count, kind, into: into @ Holder::Corps(id) } => {
            let area = holder_area(state, into)?;
            // 5.2.2.2: with no scenario reinforcement of the kind due in the area, the factors
            // are bought ones, of the receiving corps' nation (public in the list of dues).
            let scenario = state.due.get(&power).into_iter().flatten().any(|d| {
                matches!(d, crate::reinforcement::Due::Factors { area: a, kind: k, count: n, campaign: false, .. }
                    if *a == area && k == kind && n >= count)
            });
            let nation = if scenario { None } else { Some(state.corps.get(id)?.nation.clone()) };
            Veiled::Place { area, count: *count, kind: *kind, nation }
        }
        Command::Transfer { count, kind, from, to, .. }
            if matches!(from, Holder::Corps(_)) || matches!(to, Holder::Corps(_)) =>
        {
            Veiled::Transfer {
                area: holder_area(state, from)?,
                garrison: garrison_share(from, to, *count, *kind),
                emptied: emptied_by(command),
            }
        }
        Command::Lose { emptying, .. } if state.losses.first().is_some_and(|d| is_veiled(state, &d.corps)) => {
            Veiled::Lose { corps: state.losses.first()?.corps.clone(), emptied: *emptying }
        }
        _ if !read_by(state, power, command).is_empty() => Veiled::Checked { command: Box::new(command.clone()) },
        _ => return None,
    };
    Some(Command::Veiled(veiled))
}

/// The corps whose veil a concealed command joins: those it may have changed or read.
fn veiled_corps(state: &State, power: Power, veiled: &Veiled) -> BTreeSet<String> {
    match veiled {
        Veiled::Place { area, .. } | Veiled::Transfer { area, .. } => own_corps_in(state, power, area),
        Veiled::Lose { corps, .. } => BTreeSet::from([corps.clone()]),
        Veiled::Checked { command } => read_by(state, power, command),
        Veiled::Shuffled { groups, command } => {
            let mut corps = read_by(state, power, command);
            corps.extend(groups.iter().flatten().cloned());
            corps
        }
    }
}

/// Apply a concealed command of `player` (`Ruleset::apply_concealed`).
pub fn apply(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    concealed: &Concealed<Command>,
) -> Result<Applied<State>, ApplyError> {
    let power = crate::ruleset::acting_power_of(state, player)?;
    if state.reveal.is_some() {
        return Err(RuleError::new("2.4.2", "the strengths a rule asked for must be opened first").into());
    }
    let Command::Veiled(public) = &concealed.public else {
        return Err(RuleError::new("2.4.2", "a concealed command is shown as a hidden one").into());
    };
    let touched = veiled_corps(state, power, public);
    let mut applied = match &concealed.full {
        Some(full) => {
            if projection(state, player, full).as_ref() != Some(&concealed.public) {
                return Err(
                    RuleError::new("2.4.2", "the command does not match what the other players saw of it").into()
                );
            }
            crate::ruleset::apply_command(ctx, state, player, full, &mut NoDice)?
        }
        None => crate::ruleset::apply_command(ctx, state, player, &concealed.public, &mut NoDice)?,
    };
    if let Veiled::Shuffled { groups, .. } = public {
        crate::lookalike::pool_veils(&mut applied.state, groups);
    }
    let veil = Veil { player: player.0, index: concealed.index, opened: concealed.opened };
    for id in &touched {
        if let Some(c) = applied.state.corps.get_mut(id) {
            c.veil.insert(veil);
        }
    }
    Ok(applied)
}

/// A projection applied by a copy that does not know the whole command (dispatched by
/// `ruleset::apply_command`, never given in the clear): what it shows is checked; what reads
/// hidden factors waits for the opening.
pub fn apply_public(
    ctx: &Ctx,
    state: &State,
    player: PlayerId,
    power: Power,
    public: &Veiled,
    log: &mut Vec<Event>,
) -> Result<State, ApplyError> {
    let rule = |r: &str, m: String| -> ApplyError { RuleError::new(r, m).into() };
    match public {
        Veiled::Place { area, count, kind, nation } => {
            if state.sequence.phase != Phase::ArmyReinforcement {
                return Err(rule("5.2.2.1", "army factors are placed in the army reinforcement step".into()));
            }
            if own_corps_in(state, power, area).is_empty() {
                return Err(rule("5.2.2.1", format!("{} has no corps in {}", power.name(), ctx.name(area))));
            }
            let mut next = state.clone();
            match nation {
                None => {
                    crate::reinforcement::take_due(ctx, &mut next, power, area, *kind, *count)?;
                }
                Some(nation) => {
                    // 5.2.2.2: one of the nation's corps there may take them, as far as where it
                    // stands tells; its room is checked when the command is opened.
                    let fits = own_corps_in(state, power, area).into_iter().any(|id| {
                        state.corps.get(&id).is_some_and(|c| &c.nation == nation && c.loan.is_none())
                            && crate::campaign_placement::check(ctx, state, power, nation, &Holder::Corps(id), *kind)
                                .is_ok()
                    });
                    if !fits {
                        return Err(rule(
                            "5.2.2.2",
                            format!("no corps of {nation} in {} may take bought factors", ctx.name(area)),
                        ));
                    }
                    crate::reinforcement::take_campaign_due(&mut next, power, nation, *kind, *count)?;
                }
            }
            log.push(Event::new(
                format!(
                    "{} places {count} {kind} in a corps in {} (2.4.2: which one is hidden)",
                    power.name(),
                    ctx.name(area)
                ),
                json!({"kind": "reinforcement", "area": area, "count": count, "factor": kind, "rule": "5.2.2.1"}),
            ));
            Ok(next)
        }
        Veiled::Transfer { area, garrison, emptied } => {
            let phase = state.sequence.phase;
            if phase != Phase::ArmyReinforcement && phase != Phase::Land(LandStep::Movement) {
                return Err(rule(
                    "5.2.3",
                    "factors change hands only in the army reinforcement step, or detach and absorb in the land movement step (7.3.3)".into(),
                ));
            }
            let mine = own_corps_in(state, power, area);
            if mine.is_empty() {
                return Err(rule("5.2.3", format!("{} has no corps in {}", power.name(), ctx.name(area))));
            }
            if garrison.is_none() && phase != Phase::ArmyReinforcement {
                return Err(rule("5.2.3", "corps exchange factors only in the army reinforcement step (7.3.3)".into()));
            }
            let mut next = state.clone();
            if let Some(g) = garrison {
                next.lenient = true;
                for (kind, n) in g.factors.iter() {
                    if g.gains {
                        crate::reinforcement::add_to_garrison(ctx, &mut next, power, &g.holder, kind, n)?;
                    } else if !crate::reinforcement::take_from_garrison(&mut next, power, &g.holder, kind, n) {
                        return Err(rule(
                            "5.2.3",
                            format!("{} holds fewer than {n} {kind} of {}", g.holder, power.name()),
                        ));
                    }
                }
                next.lenient = false;
            }
            if let Some(c) = emptied {
                if !mine.contains(c) {
                    return Err(rule("5.2.3", format!("corps {c} is not {}'s in {}", power.name(), ctx.name(area))));
                }
                next.corps.remove(c);
            }
            log.push(Event::new(
                format!("{}: {}", power.name(), public),
                json!({"kind": "transfer", "area": area, "hidden": true, "rule": "5.2.3"}),
            ));
            Ok(next)
        }
        Veiled::Lose { corps, emptied } => {
            let due = state.losses.first().ok_or_else(|| rule("7.4.1.3", "no losses are owed now".into()))?;
            if due.power != power || due.corps != *corps {
                return Err(rule(
                    &due.rule,
                    format!("{} owes the losses of corps {} now", due.power.name(), due.corps),
                ));
            }
            let mut next = state.clone();
            let due = next.losses.remove(0);
            if *emptied {
                crate::land::remove_emptied(&mut next, corps, &due.rule, log);
            } else {
                log.push(Event::new(
                    format!(
                        "Corps {corps} loses {} factor(s), chosen by its owner (2.4.2: which ones is hidden)",
                        due.count
                    ),
                    json!({"kind": "losses", "corps": corps, "count": due.count, "rule": due.rule}),
                ));
            }
            Ok(next)
        }
        Veiled::Shuffled { groups, command } => {
            if **command != Command::End || !crate::lookalike::ends_step(state) {
                return Err(rule("2.4.2", "look-alike counters are shuffled only as a power ends its step".into()));
            }
            if *groups != crate::lookalike::groups(ctx, state, power) {
                return Err(rule("2.4.2", format!("{} has other look-alike counters than those shown", power.name())));
            }
            let mut lenient = state.clone();
            lenient.lenient = !read_by(state, power, command).is_empty();
            let mut applied = crate::ruleset::apply_command(ctx, &lenient, player, command, &mut NoDice)?;
            applied.state.lenient = false;
            let shown: Vec<String> = groups.iter().map(|g| g.join("/")).collect();
            log.push(Event::new(
                format!(
                    "{}'s look-alike counters {} are shuffled in secret: which strength each holds is hidden (2.4.2)",
                    power.name(),
                    shown.join(", ")
                ),
                json!({"kind": "shuffle", "groups": groups, "hidden": true, "rule": "2.4.2"}),
            ));
            log.append(&mut applied.events);
            Ok(applied.state)
        }
        Veiled::Checked { command } => {
            let mut lenient = state.clone();
            lenient.lenient = true;
            let mut applied = crate::ruleset::apply_command(ctx, &lenient, player, command, &mut NoDice)?;
            applied.state.lenient = false;
            log.append(&mut applied.events);
            Ok(applied.state)
        }
    }
}
