//! The scenarios (13.0): the 1805 scenario's opening, its reinforcements and money month by
//! month and its victory conditions, read from `data/scenario-1805.txt`; the options a game
//! may choose.

use crate::ctx::Ctx;
use crate::data::cards::Owner;
use crate::data::scenario::{FleetLocation, MinorState as DataMinor, Scenario};
use crate::forces::Factors;
use crate::power::Power;
use crate::reinforcement::Due;
use crate::sequence::Sequence;
use crate::state::{
    Corps, Depot, Fleet, FleetPlace, Garrison, LeaderPlace, MinorState, Outcome, PowerState, Relations, State,
};
use grognard_engine::{Event, OptionInfo, PowerInfo, RuleError, ScenarioInfo, Seats, Setup};
use std::collections::BTreeMap;

/// The option playing the campaign games' naval rules in a scenario (5.1, 6.0, 7.3.5, 7.4.3).
pub const OPTION_NAVAL: &str = "naval";
/// Option 12.2.1: the optional sea crossing arrows (the Channel, the Danish and Swedish ones).
pub const OPTION_ARROWS: &str = "crossing-arrows";
/// Hidden corps strengths (2.4.2): recorded in every new game of two players or more,
/// unless `open-corps` is chosen.
pub const OPTION_HIDDEN: &str = "hidden-corps";
/// Every corps' strength shown to every player (no hidden strengths).
pub const OPTION_OPEN: &str = "open-corps";

pub fn options() -> Vec<OptionInfo> {
    vec![
        OptionInfo {
            id: OPTION_ARROWS.into(),
            description: "option 12.2.1: the optional sea crossing arrows (Dover-Calais, the Sound, the Sea of Aland)"
                .into(),
        },
        OptionInfo {
            id: OPTION_HIDDEN.into(),
            description: "2.4.2: only a corps' owner knows its strength until a rule reveals it (a battle, an \
                          assault); recorded by default in games of two players or more"
                .into(),
        },
        OptionInfo {
            id: OPTION_OPEN.into(),
            description: "show every corps' strength to every player (no hidden strengths, 2.4.2)".into(),
        },
        OptionInfo {
            id: OPTION_NAVAL.into(),
            description: "play the campaign games' naval reinforcements, naval phase, disembarking and sea supply \
                          (5.1, 6.0, 7.3.5, 7.4.3), which the scenarios leave out"
                .into(),
        },
        OptionInfo {
            id: crate::economy::OPTION_ECONOMIC.into(),
            description: "play the campaign games' economic phase at the end of March, June, September and December: \
                          victory points, taxation, trade and manpower, loans, maintenance, debts, buying factors, \
                          corps, ships and fleets, status adjustment, civil disorder, the December levy (3.5, 8.0); \
                          it replaces the scenario's monthly money (5.2.5)"
                .into(),
        },
        OptionInfo {
            id: crate::economy::economic_manipulation::OPTION_ECONOMIC_MANIPULATION.into(),
            description: "option 12.5 (with `economic`): economic manipulation: in the manipulation step each power \
                          may move its marker a box a phase (`raise taxes`, `lower taxes`); each box above 0 \
                          yields money and manpower every phase and costs political points, each box below 0 the \
                          reverse (8.4.2)"
                .into(),
        },
        OptionInfo {
            id: crate::economy::militia_conversion::OPTION_MILITIA_CONVERSION.into(),
            description: "option 12.1.1 (with `economic`): militia conversion: in the expenditure step a power may \
                          convert militia of its garrisons in its home cities into infantry for money \
                          (`convert N militia at AREA`, 8.5.6)"
                .into(),
        },
        OptionInfo {
            id: crate::economy::combinations::OPTION_COMBINATIONS.into(),
            description: "with the economic phase, its new political combinations step (3.5 I, 8.9, options \
                          11.1-11.6 and 11.8, reconstructed): the Grand Duchy of Warsaw, the Kingdoms of Italy, \
                          Westphalia and Bavaria, the Confederation of the Rhine, the Ottoman Empire"
                .into(),
        },
        OptionInfo {
            id: crate::politics::restrictions::OPTION_PEACE_RESTRICTIONS.into(),
            description: "option 11.9 (with `political`, reconstructed): political restrictions on peace: a peace \
                          leaves a major power at least half its home provinces (11.9.1, the balance of power); \
                          Great Britain and France make no informal or conditional peace with each other (11.9.2)"
                .into(),
        },
        OptionInfo {
            id: crate::politics::OPTION_POLITICAL.into(),
            description: "play the campaign games' political phase at the start of every month: declarations of war \
                          sealed and revealed together, calls to allies, peace and its terms, alliances, control of \
                          minor countries, free states (4.2-4.8)"
                .into(),
        },
    ]
}

/// The options a new game records: `hidden-corps` unless `open-corps` is chosen or one
/// player runs every power (2.4.2).
pub fn recorded_options(chosen: &[String], players: usize) -> Vec<String> {
    grognard_engine::hidden_by_default(chosen, players, OPTION_HIDDEN, OPTION_OPEN)
}

fn side_names(s: &Scenario) -> String {
    s.sides
        .iter()
        .map(|(id, powers)| {
            let names: Vec<&str> = powers.iter().map(|p| p.name()).collect();
            format!("{id} ({})", names.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The scenarios of this build.
pub fn scenarios() -> Vec<ScenarioInfo> {
    let Ok(ctx) = Ctx::builtin() else { return Vec::new() };
    ctx.scenarios
        .iter()
        .map(|s| ScenarioInfo {
            id: s.id.clone(),
            name: s.name.clone(),
            description: if s.campaign {
                format!(
                    "{} to {}, one turn a month; the campaign game: seven major powers, each for itself, one to seven \
                     players (a player may run several powers); the naval rules, the political phase every month and \
                     the economic phase every quarter; victory by victory points. A reconstruction: see \
                     engine/eia/RECONSTRUCTION.md.",
                    s.first, s.last
                )
            } else {
                format!(
                    "{} to {}, one turn a month; seven major powers, one to seven players (a player may run several \
                     powers); sides: {}. A reconstruction: see engine/eia/RECONSTRUCTION.md.",
                    s.first,
                    s.last,
                    side_names(s)
                )
            },
            powers: powers(s),
            min_players: 1,
            max_players: Power::ALL.len(),
        })
        .collect()
}

fn powers(s: &Scenario) -> Vec<PowerInfo> {
    Power::ALL
        .iter()
        .filter_map(|p| {
            s.side_of(*p).map(|side| PowerInfo { id: p.id().into(), name: p.name().into(), side: side.into() })
        })
        .collect()
}

fn find<'a>(ctx: &'a Ctx, id: &str) -> Result<&'a Scenario, RuleError> {
    ctx.scenarios.iter().find(|s| s.id == id).ok_or_else(|| {
        let known: Vec<&str> = ctx.scenarios.iter().map(|s| s.id.as_str()).collect();
        RuleError::new("input", format!("Empires in Arms has no scenario `{id}` (scenarios: {})", known.join(", ")))
    })
}

/// The bytes the genesis hashes: every data file the game reads, each after a line naming it.
pub fn scenario_data(setup: &Setup) -> Result<Vec<u8>, RuleError> {
    let id = setup.scenario_only("Empires in Arms")?;
    let ctx = Ctx::builtin()?;
    find(ctx, id)?;
    let mut out = Vec::new();
    for (name, text) in ctx.data_files() {
        out.extend_from_slice(format!("== {name} ({} bytes)\n", text.len()).as_bytes());
        out.extend_from_slice(text.as_bytes());
    }
    Ok(out)
}

/// The forces' nation id of a scenario owner.
fn nation(owner: &Owner) -> String {
    owner.id().to_string()
}

fn factors(f: &crate::data::cards::Factors) -> Factors {
    let mut out = Factors::new();
    for (k, n) in f.iter() {
        out.add(k, n);
    }
    out
}

/// The options a game of scenario `s` plays: those chosen, and in a campaign game (R14) every
/// campaign rule: the naval rules, the political and the economic phases.
fn played_options(s: &Scenario, chosen: &[String]) -> Vec<String> {
    let mut out = chosen.to_vec();
    if s.campaign {
        for o in [OPTION_NAVAL, crate::politics::OPTION_POLITICAL, crate::economy::OPTION_ECONOMIC] {
            if !out.iter().any(|c| c == o) {
                out.push(o.to_string());
            }
        }
    }
    out
}

/// The opening of a game of `setup` for these seats.
pub fn setup(ctx: &Ctx, setup: &Setup, seats: &Seats) -> Result<State, RuleError> {
    let s = find(ctx, setup.scenario_only("Empires in Arms")?)?;
    let mut players = BTreeMap::new();
    let mut power_states = BTreeMap::new();
    for p in Power::ALL {
        let Some(side) = s.side_of(p) else { continue };
        let player =
            seats.owner(p.id()).ok_or_else(|| RuleError::new("setup", format!("no player runs {}", p.name())))?;
        players.insert(p, player.0);
        let money = s.money.get(&p).map_or(0, |m| i32::from(m.start));
        power_states.insert(p, PowerState { side: side.to_string(), money, political: 0 });
    }
    let mut relations = Relations::default();
    for (a, b) in &s.wars {
        relations.declare_war(a.id(), b.id());
    }
    for (a, b) in &s.alliances {
        relations.ally(a.id(), b.id());
    }
    let minors = s
        .minors
        .iter()
        .map(|(id, m)| {
            let state = match m {
                DataMinor::Neutral => MinorState { controller: None, free_state: true },
                DataMinor::FreeState(p) => MinorState { controller: Some(*p), free_state: true },
                DataMinor::Conquered(p) => MinorState { controller: Some(*p), free_state: false },
            };
            (id.clone(), state)
        })
        .collect();
    let mut corps = BTreeMap::new();
    for (id, c) in &s.corps {
        let card = ctx.cards.corps_card(id).ok_or_else(|| RuleError::new("data", format!("no card for corps {id}")))?;
        corps.insert(
            id.clone(),
            Corps {
                nation: nation(&card.owner),
                area: c.area.clone(),
                in_city: c.in_city,
                factors: factors(&c.factors),
                aboard: None,
                veil: Default::default(),
                loan: None,
            },
        );
    }
    let mut garrisons = BTreeMap::new();
    for g in &s.garrisons {
        let entry = garrisons
            .entry(g.city.clone())
            .or_insert_with(|| Garrison { nation: nation(&g.owner), factors: Factors::new() });
        entry.factors.add_all(&factors(&g.factors));
    }
    let mut fleets = BTreeMap::new();
    for (id, f) in &s.fleets {
        let card = ctx.cards.fleet_card(id).ok_or_else(|| RuleError::new("data", format!("no card for fleet {id}")))?;
        let place = match &f.at {
            FleetLocation::Port(a) => FleetPlace::Port(a.clone()),
            FleetLocation::Sea(a) => FleetPlace::Sea(a.clone()),
            FleetLocation::Blockade(a) => FleetPlace::Blockade(a.clone()),
        };
        fleets.insert(id.clone(), Fleet { nation: nation(&card.owner), place, ships: f.ships });
    }
    let depots =
        s.depots.iter().map(|d| (d.area.clone(), Depot { power: d.power, garrison: Factors::new() })).collect();
    let leaders = s
        .leaders
        .iter()
        .map(|(l, with)| {
            let place = if ctx.cards.fleet_card(with).is_some() {
                LeaderPlace::Fleet(with.clone())
            } else {
                LeaderPlace::Corps(with.clone())
            };
            (l.clone(), place)
        })
        .collect();
    let present: Vec<Power> = power_states.keys().copied().collect();
    let options = played_options(s, &setup.options);
    let naval = options.iter().any(|o| o == OPTION_NAVAL);
    let political = options.iter().any(|o| o == crate::politics::OPTION_POLITICAL);
    let first_phase = Sequence::phases(naval, political)[0];
    let mut state = State {
        scenario: s.id.clone(),
        options,
        date: s.first,
        first: s.first,
        last: s.last,
        sequence: Sequence { phase: first_phase, order: Sequence::order_of(first_phase, &present, 0), index: 0 },
        players,
        powers: power_states,
        minors,
        relations,
        occupied: BTreeMap::new(),
        corps,
        fleets,
        garrisons,
        depots,
        fleet_depots: Default::default(),
        city_depots: Default::default(),
        sieges: Default::default(),
        leaders,
        due: BTreeMap::new(),
        book: Default::default(),
        losses: Vec::new(),
        battle: None,
        battles_fought: 0,
        reveal: None,
        lenient: false,
        politics: Default::default(),
        economy: Default::default(),
        over: None,
    };
    // 13.1.3: areas held at the start by another nation than the map's: ceded ones as a peace
    // cedes them (B.7, C.4), occupied ones as a corps takes an enemy city and its area (R10.3.2).
    for (area, held) in &s.held {
        if held.ceded {
            crate::politics::cession::record_ceded(&mut state, area, &held.holder);
        } else {
            state.occupied.insert(area.clone(), held.holder.clone());
        }
    }
    let mut log = Vec::new();
    crate::politics::open(ctx, &mut state);
    crate::economy::open(ctx, &mut state);
    if political {
        crate::politics::start(&mut state);
    }
    new_month(ctx, &mut state, &mut log);
    crate::turn::skip_idle(ctx, &mut state, &mut log);
    Ok(state)
}

/// The start of a month: its reinforcements fall due and its money arrives (5.2.1.1,
/// 5.2.2.1, 5.2.5: scenario money comes with the army reinforcement step, counted here).
pub fn new_month(ctx: &Ctx, state: &mut State, log: &mut Vec<Event>) {
    state.due = dues(ctx, state);
    crate::economy::new_month(ctx, state, log);
    crate::retirement::new_month(state);
    // 5.2.5: in the campaign games money arrives in the economic phase instead (R8.2).
    if crate::economy::played(state) {
        return;
    }
    let Ok(s) = find(ctx, &state.scenario) else { return };
    for (power, p) in state.powers.iter_mut() {
        let monthly = s.money.get(power).map_or(0, |m| i32::from(m.monthly));
        if monthly > 0 {
            p.money += monthly;
            log.push(Event::new(
                format!("{} receives {monthly} money points (5.2.5)", power.name()),
                serde_json::json!({"kind": "money", "power": power, "amount": monthly, "rule": "5.2.5"}),
            ));
        }
    }
}

/// The reinforcements due to each power this month (5.2.1.1, 5.2.2.1).
pub fn dues(ctx: &Ctx, state: &State) -> BTreeMap<Power, Vec<Due>> {
    let mut out: BTreeMap<Power, Vec<Due>> = BTreeMap::new();
    let Ok(s) = find(ctx, &state.scenario) else { return out };
    for r in s.reinforcements.iter().filter(|r| r.month == state.date) {
        let Some(power) = s.force_controller(&r.owner) else { continue };
        let list = out.entry(power).or_default();
        let nation = nation(&r.owner);
        match &r.corps {
            Some(corps) => list.push(Due::Corps {
                corps: corps.clone(),
                nation,
                area: r.area.clone(),
                factors: factors(&r.factors),
                leaders: r.leaders.clone(),
                campaign: false,
            }),
            None => {
                for (kind, count) in r.factors.iter() {
                    list.push(Due::Factors {
                        nation: nation.clone(),
                        area: r.area.clone(),
                        kind,
                        count,
                        campaign: false,
                    });
                }
            }
        }
    }
    out
}

/// Who holds the city of `area`: the nation of the forces inside it, else the area's
/// controller (R10.3.2).
pub fn city_holder<'a>(ctx: &'a Ctx, state: &'a State, area: &str) -> Option<&'a str> {
    if let Some(g) = state.garrisons.get(area).filter(|g| !g.factors.is_empty()) {
        return Some(g.nation.as_str());
    }
    if let Some(c) = state.corps.values().find(|c| c.area == area && c.in_city) {
        return Some(c.side());
    }
    state.area_controller(ctx, area)
}

/// The scenario's victory (reconstructed: R13.21 for 1805, its own R13.x for the others): the
/// scoring side's points for the objective cities it holds at the end, against what it needs.
pub fn victory(ctx: &Ctx, state: &State) -> Outcome {
    let Ok(s) = find(ctx, &state.scenario) else {
        return Outcome { result: "the scenario is unknown".into(), winners: Vec::new() };
    };
    if s.campaign {
        return crate::economy::victory::outcome(ctx, state);
    }
    let v = &s.victory;
    let mut points = 0u32;
    let mut held = Vec::new();
    for (area, p) in &v.objectives {
        let holder = city_holder(ctx, state, area).and_then(|n| state.controller_of_nation(n));
        if holder.is_some_and(|h| s.side_of(h) == Some(v.scorer.as_str())) {
            points += u32::from(*p);
            held.push(ctx.map.city(area).map_or(area.clone(), |c| c.name.clone()));
        }
    }
    let winner = if points >= u32::from(v.needed) { &v.scorer } else { &v.otherwise };
    let winners: Vec<Power> = s.sides.get(winner).cloned().unwrap_or_default();
    let result = format!(
        "the {winner} side wins ({}): the {} side holds {points} of the {} objective points it needs{}",
        v.rule,
        v.scorer,
        v.needed,
        if held.is_empty() { String::new() } else { format!(" ({})", held.join(", ")) }
    );
    Outcome { result, winners }
}
