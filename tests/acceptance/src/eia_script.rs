//! A scripted game of Empires in Arms through real journals: one [`ScriptedBot`] a player
//! plays its power's orders for each month and step of a [`Script`], and answers what the
//! fair dice make unforeseeable (losses owed, interceptions, retreats, the chits of battles
//! the script did not plan) by a fixed policy. [`play`] carries every command through signed
//! journals, packets and fair dice ([`conduct`], the self-play harness's checks on a schedule
//! for seven players); the dice are fair, so they differ from game to game, and a script
//! says which of its orders may be passed over when the dice have made them impossible.
//! [`rehearse`] plays a script on the rules alone in a fraction of a second, for writing it
//! and for trying it against many rolls of the dice. [`Played`] says what the bots did and
//! what of the script they never got to play; [`chronicle`] reads what happened from a
//! journal as a third party verifies it.

use crate::{eia, selfplay, Table};
use grognard_eia::data::scenario::Month;
use grognard_eia::sequence::Phase;
use grognard_eia::{Power, State};
use grognard_engine::{
    owes_decision, AnyRuleset, ApplyError, Bot, Event, GameState, NoDice, Pending, PlayerId, Seats, Setup, StreamDice,
    Viewer,
};
use grognard_journal::entry::{DiceConfig, DiceMode, Genesis, Witnesses, ENTRY_VERSION};
use grognard_journal::game::Game as JournalGame;
use grognard_journal::hidden::Knowledge;
use grognard_journal::local;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Replay;
use grognard_journal::store::Store;
use grognard_journal::verify;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A month of the scenario, `(1805, 9)`.
pub fn month(year: u16, month: u8) -> Month {
    Month::new(year, month).unwrap_or_else(|| panic!("no month {year}-{month}"))
}

/// What each power does, month by month and step by step.
#[derive(Default)]
pub struct Script {
    /// The acting power's commands in a step, in order; `end` follows them.
    orders: BTreeMap<(Month, Phase, Power), Vec<Order>>,
    /// A side's chit in the battle fought in an area in a month.
    chits: BTreeMap<(Month, String, Power), String>,
    /// A power's preferred answers to the decisions the rules ask of it (the first of them
    /// that is an option wins).
    answers: BTreeMap<Power, Vec<String>>,
    /// A power's declarations of war in a month's political phase (4.2), sealed; `declare
    /// none` when the script names none.
    declarations: BTreeMap<(Month, Power), String>,
}

/// A scripted command, and whether it may be passed over.
#[derive(Clone, Debug)]
struct Order {
    command: String,
    /// Played only if the rules take it when its turn comes: the fair dice of earlier
    /// months may have made it impossible (a corps beaten, an enemy gone).
    optional: bool,
}

impl Script {
    /// `power`'s commands in `phase` of `month`, before its `end`; each must be played.
    pub fn orders(&mut self, month: Month, phase: Phase, power: Power, commands: &[&str]) {
        self.add(month, phase, power, commands, false);
    }

    /// Commands played only if the rules take them when their turn comes (the story after
    /// a roll of the fair dice, which may have gone otherwise).
    pub fn orders_if_possible(&mut self, month: Month, phase: Phase, power: Power, commands: &[&str]) {
        self.add(month, phase, power, commands, true);
    }

    fn add(&mut self, month: Month, phase: Phase, power: Power, commands: &[&str], optional: bool) {
        let orders = self.orders.entry((month, phase, power)).or_default();
        orders.extend(commands.iter().map(|c| Order { command: c.to_string(), optional }));
    }

    /// `power`'s chit (`chit ID ...`) in the battle in `area` in `month`.
    pub fn chit(&mut self, month: Month, area: &str, power: Power, chit: &str) {
        self.chits.insert((month, area.to_string(), power), chit.to_string());
    }

    /// `power`'s declarations of war (`declare on ...`) in the political phase of `month`.
    pub fn declare(&mut self, month: Month, power: Power, declarations: &str) {
        self.declarations.insert((month, power), declarations.to_string());
    }

    /// `power` answers a decision with the first of these that the rules offer.
    pub fn answers(&mut self, power: Power, answers: &[&str]) {
        self.answers.entry(power).or_default().extend(answers.iter().map(|c| c.to_string()));
    }
}

/// A decision a bot made.
#[derive(Clone, Debug)]
pub struct Decision {
    pub month: Month,
    pub phase: Phase,
    pub power: Power,
    pub command: String,
    /// Did the script name it (or is it the fixed policy's)?
    pub scripted: bool,
}

/// What the bots did.
#[derive(Default)]
pub struct Played {
    cursor: BTreeMap<(Month, Phase, Power), usize>,
    chits: Vec<(Month, String, Power)>,
    pub decisions: Vec<Decision>,
    /// The optional orders the rules did not take when their turn came.
    pub passed_over: Vec<String>,
}

impl Played {
    /// The script's orders that must be played and were not (a story that did not happen as
    /// written).
    pub fn unplayed(&self, script: &Script) -> Vec<String> {
        let mut out = Vec::new();
        for (key, orders) in &script.orders {
            let done = self.cursor.get(key).copied().unwrap_or(0);
            for o in orders[done..].iter().filter(|o| !o.optional) {
                out.push(format!("{} {} {}: {}", key.0, key.1, key.2.name(), o.command));
            }
        }
        out
    }

    /// Was the chit scripted for `power` in the battle in `area` in `month` sealed?
    pub fn sealed(&self, month: Month, area: &str, power: Power) -> bool {
        self.chits.contains(&(month, area.to_string(), power))
    }
}

/// Do the rules take `command` from `player` in `view` (perhaps waiting for dice)?
fn accepted(ruleset: &dyn AnyRuleset, view: &GameState, player: PlayerId, command: &str) -> bool {
    ruleset.parse_command(command).is_ok_and(|c| match ruleset.apply(view, player, &c, &mut NoDice) {
        Ok(_) | Err(ApplyError::NeedDice) => true,
        Err(ApplyError::Rule(_)) => false,
    })
}

/// A player's bot: its power's script, then the fixed policy.
pub struct ScriptedBot {
    script: Arc<Script>,
    played: Arc<Mutex<Played>>,
}

/// The fixed answer to a decision the script does not settle: decline what may be declined
/// (no interception, no pursuit, no evasion), else the first option the rules list.
fn policy(options: &[String]) -> Option<String> {
    ["intercept none", "accept battle", "pursue fleets none", "chit defend", "chit assault"]
        .iter()
        .find(|p| options.iter().any(|o| o == *p))
        .map(|p| p.to_string())
        .or_else(|| options.first().cloned())
}

/// The acting power's step once its script is played: `end` when the rules take it (it may
/// wait for dice), else the first legal command (a reinforcement that may not wait, 5.2.2).
fn fallback(ruleset: &dyn AnyRuleset, view: &GameState, player: PlayerId) -> Option<String> {
    if accepted(ruleset, view, player, "end") {
        return Some("end".to_string());
    }
    ruleset.legal_commands(view, player).first().map(|c| ruleset.format_command(c))
}

impl ScriptedBot {
    fn pick(&self, ruleset: &dyn AnyRuleset, view: &GameState, player: PlayerId) -> Option<String> {
        let state = view.downcast_ref::<State>()?;
        let power_of = |p: Power| state.player_of(p) == Some(player.0);
        let legal = || -> Vec<String> {
            ruleset.legal_commands(view, player).iter().map(|c| ruleset.format_command(c)).collect()
        };
        let mut played = self.played.lock().unwrap_or_else(|e| e.into_inner());
        let (power, command, scripted) = if let Some(battle) = &state.battle {
            let power = [battle.attacker, battle.defender].into_iter().find(|p| power_of(*p))?;
            let key = (state.date, battle.area.clone(), power);
            match self.script.chits.get(&key) {
                Some(chit) => {
                    played.chits.push(key);
                    (power, chit.clone(), true)
                }
                None => (power, policy(&legal())?, false),
            }
        } else if let (Pending::Sealed { .. }, Phase::Political(_)) = (ruleset.pending(view), state.sequence.phase) {
            let power = state.powers_of(player.0).first().copied()?;
            let combining =
                state.sequence.phase == Phase::Political(grognard_eia::politics::PoliticalStep::CombinedMovement);
            let text = if combining {
                self.script
                    .answers
                    .get(&power)
                    .and_then(|a| a.iter().find(|x| x.starts_with("combine")))
                    .cloned()
                    .unwrap_or_else(|| "combine none".to_string())
            } else if grognard_eia::politics::minor_control::backdown(state).is_some() {
                let preferred =
                    self.script.answers.get(&power).and_then(|a| a.iter().find(|x| x.as_str() == "back down"));
                preferred.cloned().unwrap_or_else(|| "remain at war".to_string())
            } else {
                self.script
                    .declarations
                    .get(&(state.date, power))
                    .cloned()
                    .unwrap_or_else(|| "declare none".to_string())
            };
            (power, text, true)
        } else if let Some(due) = state.losses.first() {
            (due.power, legal().first()?.clone(), false)
        } else if let Pending::Choice { options, .. } = ruleset.pending(view) {
            let question = state.politics.round.as_ref().and_then(|r| r.questions.first()).map(|q| q.power());
            let power = grognard_eia::depot_garrison::decider(state)
                .or_else(|| grognard_eia::naval::decider(state))
                .or(question)?;
            let preferred = self.script.answers.get(&power).and_then(|a| a.iter().find(|x| options.contains(x)));
            match preferred {
                Some(answer) => (power, answer.clone(), true),
                None => (power, policy(&options)?, false),
            }
        } else {
            let power = match grognard_eia::politics::actor(state, player) {
                Ok(Some(power)) => power,
                _ => state.sequence.acting()?,
            };
            let key = (state.date, state.sequence.phase, power);
            let orders = self.script.orders.get(&key).map(Vec::as_slice).unwrap_or_default();
            let mut next = None;
            while next.is_none() {
                let done = played.cursor.entry(key).or_default();
                let Some(order) = orders.get(*done) else { break };
                *done += 1;
                if order.optional && !accepted(ruleset, view, player, &order.command) {
                    played.passed_over.push(format!("{} {} {}: {}", key.0, key.1, power.name(), order.command));
                } else {
                    next = Some(order.command.clone());
                }
            }
            match next {
                Some(command) => (power, command, true),
                None => (power, fallback(ruleset, view, player)?, false),
            }
        };
        played.decisions.push(Decision {
            month: state.date,
            phase: state.sequence.phase,
            power,
            command: command.clone(),
            scripted,
        });
        Some(command)
    }
}

impl Bot for ScriptedBot {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn choose(&self, ruleset: &dyn AnyRuleset, state: &GameState, player: PlayerId, _seed: u64) -> Option<Value> {
        let view = ruleset.player_view(state, Viewer::Player(player));
        if !owes_decision(ruleset, &view, player) {
            return None;
        }
        let text = self.pick(ruleset, &view, player)?;
        ruleset.parse_command(&text).ok()
    }
}

/// A finished scripted game.
pub struct Game {
    pub report: selfplay::Report,
    pub played: Arc<Mutex<Played>>,
    pub script: Arc<Script>,
}

/// The 1805 scenario with the naval rules and hidden corps strengths (2.4.2), as every new
/// game of several players records them.
pub fn setup() -> Setup {
    Setup::scenario("1805").with_options(["naval".to_string(), grognard_eia::scenario::OPTION_HIDDEN.to_string()])
}

/// A scripted bot for each of the seven players, sharing the record of what they play.
fn bots(script: &Arc<Script>, played: &Arc<Mutex<Played>>) -> Vec<&'static dyn Bot> {
    (0..7)
        .map(|_| {
            let bot: &'static ScriptedBot =
                Box::leak(Box::new(ScriptedBot { script: script.clone(), played: played.clone() }));
            bot as &'static dyn Bot
        })
        .collect()
}

/// Play `script` in the 1805 scenario with the naval rules, seven players (France, Great
/// Britain, Spain, Austria, Prussia, Russia and Turkey, one each, in that seat order), fair
/// dice witnessed by the players each roll concerns, through real journals, to the end.
pub fn play(script: Script, seed: u64) -> Result<Game, String> {
    play_with(script, seed, setup(), &Extras::default())
}

/// [`play`] for any game of seven players (`setup`), with letters and an early stop.
pub fn play_with(script: Script, seed: u64, setup: Setup, extras: &Extras) -> Result<Game, String> {
    let script = Arc::new(script);
    let played = Arc::new(Mutex::new(Played::default()));
    let cfg = selfplay::Config {
        ruleset: eia::ruleset(),
        setup,
        bots: bots(&script, &played),
        seed,
        max_rounds: 5_000,
        invariants: Some(eia::invariants),
    };
    let dice = DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Concerned, faces: Vec::new() };
    let report = conduct_with(&cfg, dice, extras)?;
    Ok(Game { report, played, script })
}

/// Play `cfg`'s game to its end through real journals, as the self-play harness does, but
/// scheduled for a game of many players who mostly wait (`selfplay::play` would replay
/// every journal some seventy times a round): every copy stays open; in each round only the
/// players who owe something (a decision, a seal, a reveal, an opening) catch up on the
/// packets they have not seen, act and send; player 0's copy imports every packet at once
/// and says who owes what next; the others receive their packets when they must act, and
/// all of them at every checkpoint (each new game turn, and the end). At a checkpoint every
/// journal is read again from its file and verified, they must be byte-identical, show
/// everyone the same state and keep the ruleset's invariants; the invariants are checked on
/// the acting copy after every command too. At the end a third party verifies the journal
/// (`selfplay::finish`).
pub fn conduct(cfg: &selfplay::Config, dice: DiceConfig) -> Result<selfplay::Report, String> {
    conduct_with(cfg, dice, &Extras::default())
}

/// What a scripted game does besides its commands: letters between players (4.1, carried
/// sealed in the packets, docs/PROTOCOL.md section 14), and a month after which it stops
/// (a campaign game runs for years).
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// (month, author's seat, readers' seats, text): written by the author just before the
    /// first packet it sends once the game has reached that month.
    pub letters: Vec<(Month, usize, Vec<usize>, String)>,
    /// Stop once the game has passed this month (its time record done).
    pub until: Option<Month>,
}

/// Import `packets` into player `i`'s copy, keeping the letters written to it.
fn import_all(g: &mut JournalGame<'static>, me: PlayerId, packets: &[Packet]) -> Result<(), String> {
    g.import_many(packets).map_err(|e| format!("player {} refused a packet: {e}", me.0))?;
    for p in packets {
        grognard_journal::letters_local::receive(g, me, &p.letters).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// [`conduct`], with letters and an early stop.
pub fn conduct_with(cfg: &selfplay::Config, dice: DiceConfig, extras: &Extras) -> Result<selfplay::Report, String> {
    let started = Instant::now();
    let mut letters_due: Vec<(Month, usize, Vec<usize>, String)> = extras.letters.clone();
    let date = |g: &JournalGame| g.replay.state.downcast_ref::<State>().map(|s| (s.date, s.over.is_some()));
    let players = cfg.bots.len();
    let t = Table::of_game(cfg.ruleset, cfg.setup.clone(), players, dice, 64, ENTRY_VERSION);
    let mut copies: Vec<JournalGame<'static>> = (0..players).map(|i| t.open(i)).collect();
    let mut unseen: Vec<Vec<Packet>> = vec![Vec::new(); players];
    let mut commands = 0;
    let turn = |g: &JournalGame| g.replay.ruleset.turn(&g.replay.state).map(|m| m.game_turn);
    let mut last_turn = turn(&copies[0]);
    let fail = |round: usize, m: String| format!("seed {}, round {round}: {m}", cfg.seed);
    for round in 0..cfg.max_rounds {
        let hub = &copies[0];
        let stopped = match (extras.until, date(hub)) {
            (Some(until), Some((now, _))) => now > until,
            _ => false,
        };
        if stopped || (hub.replay.over().is_some() && hub.replay.unopened().is_empty()) {
            checkpoint(cfg, &t, &mut copies, &mut unseen).map_err(|m| fail(round, m))?;
            return selfplay::finish(cfg, t, round, commands, started);
        }
        let owing: BTreeSet<usize> = hub.replay.owed().iter().map(|(p, _)| p.index()).collect();
        let mut sent = Vec::new();
        for &i in &owing {
            let (g, seat) = (&mut copies[i], &t.seats[i]);
            if !unseen[i].is_empty() {
                import_all(g, seat.me, &unseen[i]).map_err(|m| fail(round, m))?;
                unseen[i].clear();
            }
            commands += selfplay::decide_in(g, seat, cfg, i, round)?;
            let now = date(g).map(|d| d.0);
            let mut letters = Vec::new();
            for (month, from, to, text) in letters_due.iter().filter(|l| l.1 == i && now.is_some_and(|n| n >= l.0)) {
                let _ = month;
                let to: Vec<PlayerId> = to.iter().map(|r| t.seats[*r].me).collect();
                letters.push(
                    grognard_journal::letters_local::write(g, t.seats[*from].me, &seat.key, &to, text)
                        .map_err(|e| fail(round, format!("player {i}'s letter: {e}")))?,
                );
            }
            letters_due.retain(|l| !(l.1 == i && now.is_some_and(|n| n >= l.0)));
            let mut packet = local::send(g, seat.me, &seat.key).map_err(|e| fail(round, format!("player {i}: {e}")))?;
            if !letters.is_empty() {
                packet.letters = letters;
                grognard_journal::letters_local::sent(g).map_err(|e| fail(round, e.to_string()))?;
            }
            if !packet.entries.is_empty() || !packet.letters.is_empty() {
                sent.push((i, packet));
            }
        }
        if sent.is_empty() {
            return Err(fail(round, format!("players {owing:?} owe something and sent nothing")));
        }
        let to_hub: Vec<Packet> = sent.iter().filter(|(i, _)| *i != 0).map(|(_, p)| p.clone()).collect();
        if !to_hub.is_empty() {
            let me = t.seats[0].me;
            import_all(&mut copies[0], me, &to_hub).map_err(|m| fail(round, m))?;
        }
        for (i, packet) in &sent {
            for (j, queue) in unseen.iter_mut().enumerate().skip(1) {
                if j != *i {
                    queue.push(packet.clone());
                }
            }
        }
        if turn(&copies[0]) != last_turn {
            checkpoint(cfg, &t, &mut copies, &mut unseen).map_err(|m| fail(round, m))?;
            last_turn = turn(&copies[0]);
        }
    }
    Err(fail(cfg.max_rounds, "the game did not end".into()))
}

/// Every copy receives what it has not seen; then each journal, read again from its file and
/// verified, must be byte-identical to player 0's, show everyone the same state and keep the
/// ruleset's invariants.
fn checkpoint(
    cfg: &selfplay::Config,
    t: &Table,
    copies: &mut [JournalGame<'static>],
    unseen: &mut [Vec<Packet>],
) -> Result<(), String> {
    for (i, g) in copies.iter_mut().enumerate() {
        if !unseen[i].is_empty() {
            import_all(g, t.seats[i].me, &unseen[i])?;
            unseen[i].clear();
        }
    }
    let (journal, public) = (t.journal_bytes(0), selfplay::public_hash(t, 0));
    for (i, copy) in copies.iter_mut().enumerate() {
        if t.journal_bytes(i) != journal {
            return Err(format!("the journals of players 0 and {i} differ"));
        }
        if selfplay::public_hash(t, i) != public {
            return Err(format!("players 0 and {i} show everyone different states"));
        }
        *copy = t.open(i);
        if let Some(invariants) = cfg.invariants {
            invariants(None, &copy.replay.state).map_err(|v| format!("player {i}'s copy: {v}"))?;
        }
    }
    Ok(())
}

/// Rehearse `script` on the rules alone, without journals: the same bots, dice from a stream
/// seeded with `seed` (not the journal's, so the story differs wherever dice decide). For
/// writing a script: a command the rules refuse shows at once. Returns the story and what
/// was played, or the refusal.
pub fn rehearse(script: Script, seed: u8, max_steps: usize) -> Result<(Vec<Told>, Played), String> {
    let ruleset = eia::ruleset();
    let script = Arc::new(script);
    let played = Arc::new(Mutex::new(Played::default()));
    let bots = bots(&script, &played);
    let powers = ruleset.scenario_of(&setup()).ok_or("no 1805 scenario")?.powers;
    let seats = Seats::round_robin(&powers, 7).map_err(|e| format!("{e:?}"))?;
    let mut state = ruleset.setup(&setup(), &seats).map_err(|e| e.to_string())?;
    let mut dice = StreamDice::from_seed([seed; 32]);
    let mut story = Vec::new();
    for _ in 0..max_steps {
        let (next, told) = match ruleset.pending(&state) {
            Pending::Over { .. } => break,
            Pending::Sealed { players, .. } => {
                let mut choices = Vec::new();
                for p in players {
                    let c = bots[p.index()].choose(ruleset, &state, p, 0).ok_or("no chit")?;
                    choices.push((p, c));
                }
                let text: Vec<String> = choices.iter().map(|(_, c)| ruleset.format_command(c)).collect();
                let (next, events) =
                    ruleset.apply_sealed(&state, &choices, &mut dice).map_err(|e| format!("{text:?}: {e:?}"))?;
                (next, Told { before: state.clone(), command: text.join(" / "), events })
            }
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                let c = bots[player.index()].choose(ruleset, &state, player, 0).ok_or("no command")?;
                let text = ruleset.format_command(&c);
                let (next, events) =
                    ruleset.apply(&state, player, &c, &mut dice).map_err(|e| format!("{player} `{text}`: {e:?}"))?;
                (next, Told { before: state.clone(), command: text, events })
            }
            Pending::Open { .. } => return Err("an opening is owed: rehearsals apply every command whole".into()),
        };
        state = next;
        story.push(told);
    }
    let played = std::mem::take(&mut *played.lock().unwrap_or_else(|e| e.into_inner()));
    Ok((story, played))
}

/// A line of the story: a command (or a sealed step's opening) as a third party's replay of
/// the journal tells it, the state it was given in and what the rules said happened.
#[derive(Clone, Debug)]
pub struct Told {
    pub before: GameState,
    pub command: String,
    pub events: Vec<Event>,
}

/// A journal as a third party reads it: verified whole from its file alone, then replayed
/// entry by entry for its story.
pub struct Chronicle {
    /// The genesis: players, their powers, the dice and their witnesses.
    pub genesis: Genesis,
    pub entries: usize,
    pub story: Vec<Told>,
    /// The state at the end.
    pub state: GameState,
}

/// Player `i`'s journal file, verified by a third party (`grognard verify`'s check) and told.
pub fn chronicle(t: &Table, i: usize) -> Result<Chronicle, String> {
    let loaded = Store::open(&t.seats[i].dir).and_then(|s| s.load()).map_err(|e| e.to_string())?;
    let checked = verify::check_records(&t.rulesets, &loaded.records)
        .map_err(|p| format!("player {i}'s journal does not verify: {p}"))?;
    let genesis = checked.entries.first().ok_or("an empty journal")?;
    let mut replay = Replay::start(checked.replay.ruleset, genesis).map_err(|p| p.to_string())?;
    replay.knowledge = Knowledge::of(&checked.entries, None);
    // The state each line of the story began in: a command waiting for dice is told when it is
    // made and its events are added to its line when the last witness reveals.
    let mut befores = Vec::new();
    for e in checked.entries.iter().skip(1) {
        let before = replay.state.clone();
        replay.apply(e).map_err(|p| p.to_string())?;
        befores.resize(replay.log.len(), before);
    }
    let story = replay
        .log
        .iter()
        .zip(befores)
        .map(|(item, before)| Told { before, command: item.text.clone(), events: item.events.clone() })
        .collect();
    let ruleset = replay.ruleset;
    if ruleset.state_json(&replay.state) != ruleset.state_json(&checked.replay.state) {
        return Err(format!("player {i}'s journal told entry by entry ends elsewhere than verified"));
    }
    Ok(Chronicle {
        genesis: checked.replay.genesis.clone(),
        entries: checked.entries.len(),
        story,
        state: replay.state,
    })
}

/// The events of the story whose data has this `kind`, each with its line.
pub fn events_of<'a>(story: &'a [Told], kind: &str) -> Vec<(&'a Told, &'a Event)> {
    story
        .iter()
        .flat_map(|t| t.events.iter().map(move |e| (t, e)))
        .filter(|(_, e)| e.data.get("kind").and_then(Value::as_str) == Some(kind))
        .collect()
}
