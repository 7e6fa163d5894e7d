//! Scripted games of Forgotten Napoleonic Campaigns through real journals: two players, each
//! with a key and a game directory of their own, who play a fixed list of commands with
//! scripted dice, exactly as `grognard` does: a player stages or signs his commands in his
//! own journal and sends a packet whenever the other player is to act next.
//!
//! Every step names the player, the command as typed and the dice faces it must roll; the
//! game's scripted faces are those lists end to end, and each step checks that its command
//! rolled exactly its own faces, so a rule that rolls one die more or less than the script
//! expects stops the game at that step instead of shifting every later roll.

use grognard_engine::{AnyRuleset, Event, PlayerId, Setup};
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
use grognard_journal::game::Game;
use grognard_journal::keys::SecretKey;
use grognard_journal::local;
use grognard_journal::store::Store;
use grognard_journal::verify;
use serde_json::Value;

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;

/// The rulesets a scripted FNC game is played and verified with.
pub fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&FNC]
}

/// The first side's player (French in EC, Russian in RSW, 5.2).
pub const FIRST: usize = 0;
/// The second side's player (Ottoman in EC, Swedish in RSW).
pub const SECOND: usize = 1;

/// One scripted command: who gives it, its text, and the faces of the dice it rolls; or a
/// command the rules must refuse, with a part of the refusal's message.
#[derive(Clone, Debug)]
pub struct Step {
    pub player: usize,
    pub command: String,
    pub dice: Vec<u32>,
    pub refused: Option<String>,
}

/// A list of steps built in order.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub steps: Vec<Step>,
}

impl Script {
    /// An empty script.
    pub fn new() -> Script {
        Script::default()
    }

    /// The script that `turn` writes (one function per game turn in the scripted games).
    pub fn of(turn: fn(&mut Script)) -> Script {
        let mut s = Script::new();
        turn(&mut s);
        s
    }

    /// `player` gives `command`, which rolls no dice.
    pub fn cmd(&mut self, player: usize, command: &str) -> &mut Script {
        self.roll(player, command, &[])
    }

    /// `player` gives `command`, which rolls exactly `dice` (six-sided faces, in order).
    pub fn roll(&mut self, player: usize, command: &str, dice: &[u32]) -> &mut Script {
        self.steps.push(Step { player, command: command.to_string(), dice: dice.to_vec(), refused: None });
        self
    }

    /// `player` tries `command`, which the rules must refuse with a message containing
    /// `expected` (a rule number, say); the game goes on as if it had not been tried.
    pub fn refuse(&mut self, player: usize, command: &str, expected: &str) -> &mut Script {
        let refused = Some(expected.to_string());
        self.steps.push(Step { player, command: command.to_string(), dice: Vec::new(), refused });
        self
    }

    /// The steps of `parts`, one after the other.
    pub fn concat(parts: &[Script]) -> Script {
        Script { steps: parts.iter().flat_map(|p| p.steps.iter().cloned()).collect() }
    }

    /// Every face of the script, in the order the game rolls them.
    pub fn faces(&self) -> Vec<u32> {
        self.steps.iter().flat_map(|s| s.dice.iter().copied()).collect()
    }
}

/// What one played step did.
#[derive(Clone, Debug)]
pub struct Played {
    pub step: Step,
    pub events: Vec<Event>,
}

impl Played {
    /// The events' structured data.
    pub fn data(&self) -> impl Iterator<Item = &Value> {
        self.events.iter().map(|e| &e.data)
    }

    /// The first event whose data has `"type": kind`.
    pub fn event(&self, kind: &str) -> Option<&Value> {
        self.data().find(|d| d["type"] == kind)
    }
}

/// The events of `played` whose data has `"type": kind`, in order.
pub fn events<'a>(played: &'a [Played], kind: &str) -> Vec<&'a Value> {
    played.iter().flat_map(|p| p.data()).filter(|d| d["type"] == kind).collect()
}

/// The battle reports (11.2) of `played`, in order.
pub fn battles(played: &[Played]) -> Vec<&Event> {
    played.iter().flat_map(|p| p.events.iter()).filter(|e| e.data["type"] == "battle").collect()
}

/// What a battle report must say (11.2): the defended hex, both strengths, the percentage,
/// the initial and final CRT columns, the net shift, the die and the result.
#[derive(Clone, Copy, Debug)]
pub struct Expected<'a> {
    pub hex: &'a str,
    pub attack: u32,
    pub defense: u32,
    pub percent: u32,
    pub columns: (&'a str, &'a str),
    pub net: i32,
    pub die: u32,
    pub result: &'a str,
}

/// A battle report's expected contents, in the order a battle line gives them.
#[allow(clippy::too_many_arguments)]
pub fn expected<'a>(
    hex: &'a str,
    attack: u32,
    defense: u32,
    percent: u32,
    columns: (&'a str, &'a str),
    net: i32,
    die: u32,
    result: &'a str,
) -> Expected<'a> {
    Expected { hex, attack, defense, percent, columns, net, die, result }
}

/// Check a battle report's data and that its text explains the battle to the players.
pub fn check_battle(e: &Event, x: Expected<'_>) {
    let b = &e.data;
    assert_eq!(b["hex"], x.hex, "{}", e.text);
    assert_eq!(b["attack_strength"], x.attack, "{}", e.text);
    assert_eq!(b["defense_strength"], x.defense, "{}", e.text);
    assert_eq!(b["percent"], x.percent, "{}", e.text);
    assert_eq!(b["base_column"], x.columns.0, "{}", e.text);
    assert_eq!(b["final_column"], x.columns.1, "{}", e.text);
    assert_eq!(b["net_shift"], x.net, "{}", e.text);
    assert_eq!(b["die"], x.die, "{}", e.text);
    assert_eq!(b["result"], x.result, "{}", e.text);
    for part in [
        x.hex.to_string(),
        format!("{}%", x.percent),
        format!("= {} against", x.attack),
        format!("= {}:", x.defense),
        format!("column {}", x.columns.1),
        format!("die {}: {}", x.die, x.result),
    ] {
        assert!(e.text.contains(&part), "the battle report `{}` does not say `{part}`", e.text);
    }
}

/// A hex location in its JSON form, as [`ScriptedGame::loc`] gives it.
pub fn hex(h: &str) -> Value {
    serde_json::json!({ "hex": h })
}

struct Seat {
    key: SecretKey,
    game: Game<'static>,
    me: PlayerId,
}

/// A game of FNC between two local players with scripted dice.
pub struct ScriptedGame {
    tmp: tempfile::TempDir,
    seats: Vec<Seat>,
    /// Every step played so far.
    pub played: Vec<Played>,
}

fn powers(scenario: &str) -> Vec<String> {
    FNC.scenarios()
        .into_iter()
        .find(|s| s.id == scenario)
        .map(|s| s.powers.into_iter().map(|p| p.id).collect())
        .unwrap_or_else(|| panic!("FNC has no scenario `{scenario}`"))
}

impl ScriptedGame {
    /// Create a two-player game of `scenario` whose dice are the faces of `script`; the
    /// second player joins.
    pub fn new(scenario: &str, script: &Script) -> ScriptedGame {
        let tmp = tempfile::tempdir().expect("temp dir");
        let keys: Vec<SecretKey> = (0..2u8).map(|i| SecretKey::from_seed(&[i + 41; 32])).collect();
        let powers = powers(scenario);
        let players = keys
            .iter()
            .enumerate()
            .map(|(i, k)| PlayerInfo {
                name: format!("Player{i}"),
                email: format!("p{i}@example.org"),
                key: k.public().to_hex(),
                powers: vec![powers[i].clone()],
            })
            .collect();
        let dice = DiceConfig { mode: DiceMode::Scripted, witnesses: Witnesses::Opponents, faces: script.faces() };
        let new =
            NewGame { ruleset: &FNC, setup: Setup::scenario(scenario), players, creator: 0, dice, chain_length: 64 };
        let (game0, invitation) =
            create::create(&tmp.path().join("p0"), &rulesets(), &new, &keys[0]).expect("create the game");
        let (game1, _) = create::join(&tmp.path().join("p1"), &rulesets(), &invitation, &keys[1]).expect("join");
        let mut seats = vec![
            Seat { key: SecretKey::from_seed(keys[0].seed()), game: game0, me: PlayerId(0) },
            Seat { key: SecretKey::from_seed(keys[1].seed()), game: game1, me: PlayerId(1) },
        ];
        let joiner = &mut seats[1];
        let join = local::send(&mut joiner.game, joiner.me, &joiner.key).expect("send the join");
        seats[0].game.import(&join).expect("the join is accepted");
        ScriptedGame { tmp, seats, played: Vec::new() }
    }

    /// Play `steps` in order; panics, naming the step, if a command is refused or rolls
    /// other dice than the script says. A player signs and sends what he has done when the
    /// other player is to give the next command, and at the end of `steps`.
    pub fn play(&mut self, steps: &[Step]) -> Vec<Played> {
        let mut out = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            if let Some(expected) = &step.refused {
                let text = self.refused(step.player, &step.command, expected);
                println!("refused: player {}: {}\n    {text}", step.player, step.command);
                continue;
            }
            out.push(self.step(step));
            if steps.get(i + 1).is_none_or(|next| next.player != step.player) {
                self.hand_over(step.player);
            }
        }
        out
    }

    /// Play one step without sending it: the player gives the command; a command that rolls
    /// dice is signed into his journal at once (with what he staged before it).
    pub fn step(&mut self, step: &Step) -> Played {
        let n = self.played.len() + 1;
        let before = self.summary_of(step.player);
        let context = || format!("step {n} (player {}: `{}`)\nbefore it: {before}", step.player, step.command);
        let seat = &mut self.seats[step.player];
        let outcome = match local::do_command(&mut seat.game, seat.me, &seat.key, &step.command) {
            Ok(outcome) => outcome,
            Err(e) => panic!("{} was refused: {e}", context()),
        };
        let (events, faces) = match outcome {
            local::DoOutcome::Staged { events } => (events, Vec::new()),
            local::DoOutcome::Signed { .. } => {
                let item = seat.game.replay.log.last().cloned().expect("the command is in the story");
                (item.events, item.rolls.iter().map(|(_, face)| *face).collect())
            }
            local::DoOutcome::Sealed { step, .. } => panic!("{}: FNC sealed a choice for `{step}`", context()),
        };
        // Shown when a test fails (or with --nocapture): the story of the game so far.
        println!("step {n}: player {}: {}", step.player, step.command);
        for e in &events {
            println!("    {}", e.text);
        }
        assert_eq!(faces, step.dice, "{}: the command rolled other dice than the script gives it", context());
        let played = Played { step: step.clone(), events };
        self.played.push(played.clone());
        played
    }

    /// `player` signs what he staged and sends it; the other player imports the packet.
    pub fn hand_over(&mut self, player: usize) {
        let seat = &mut self.seats[player];
        let packet = local::send(&mut seat.game, seat.me, &seat.key).expect("send");
        if let Err(e) = self.seats[1 - player].game.import(&packet) {
            panic!("player {} refused the packet of player {player}: {e}", 1 - player);
        }
    }

    /// `player` gives `command`, which the rules must refuse with a message containing
    /// `expected`; nothing is staged or signed.
    pub fn refused(&mut self, player: usize, command: &str, expected: &str) -> String {
        let seat = &mut self.seats[player];
        match local::do_command(&mut seat.game, seat.me, &seat.key, command) {
            Ok(_) => panic!("`{command}` was accepted; the rules should refuse it ({expected})"),
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains(expected), "`{command}` was refused with `{text}`, not `{expected}`");
                text
            }
        }
    }

    /// The state of the game as player 0's journal replays it.
    pub fn state(&self) -> grognard_fnc::State {
        let replay = &self.seats[0].game.replay;
        serde_json::from_value(replay.ruleset.state_json(&replay.state)).expect("an FNC state")
    }

    /// The journal's one-line summary and what it waits for.
    pub fn summary(&self) -> String {
        self.summary_of(0)
    }

    /// The summary as `player` sees the game: his journal and what he has staged on it.
    fn summary_of(&self, player: usize) -> String {
        let seat = &self.seats[player];
        let ruleset = seat.game.replay.ruleset;
        let staged = local::staged(&seat.game).unwrap_or_default();
        let state = local::preview(&seat.game, seat.me, &staged)
            .map_or_else(|_| seat.game.replay.state.clone(), |(state, _)| state);
        format!("{} | {}", ruleset.summary(&state), ruleset.pending(&state).prompt())
    }

    /// Where a unit is, in its JSON form (`{"hex":"1428"}`, `{"track":4}`, `"pool"`,
    /// `{"box":"anatolia"}`, `"eliminated"`).
    pub fn loc(&self, unit: &str) -> Value {
        serde_json::to_value(self.location(unit)).expect("a location serializes")
    }

    /// Who controls a hex (14.2, 15.2): `"first"`, `"second"`, or null.
    pub fn control(&self, hex: &str) -> Value {
        serde_json::to_value(self.state().control).expect("control serializes")[hex].clone()
    }

    /// Both sides' victory point totals (14.5, 15.4), first side first.
    pub fn vp(&self) -> (i32, i32) {
        let st = self.state();
        (st.vp[0].total(), st.vp[1].total())
    }

    /// Where a unit is now.
    pub fn location(&self, unit: &str) -> grognard_fnc::Location {
        self.state().units.get(unit).cloned().unwrap_or_else(|| panic!("no unit `{unit}`"))
    }

    /// Verify both players' journal files from disk as `grognard verify` does (signatures,
    /// links, canonical order, scripted dice and every command through the rules), check
    /// that the two files are identical, that the game used every scripted face and that
    /// the verified replay ends in the state the players saw; return the number of entries.
    pub fn verify(&self) -> usize {
        let mut bytes = Vec::new();
        let mut count = 0;
        let live = serde_json::to_value(self.state()).expect("the state serializes");
        for seat in &self.seats {
            let store = Store::open(seat.game.store().dir()).expect("the game directory");
            let loaded = store.load().expect("the journal loads");
            assert!(loaded.torn_tail.is_none(), "no torn append");
            let checked = verify::check_records(&rulesets(), &loaded.records)
                .unwrap_or_else(|p| panic!("verification of {}: {p}", seat.game.store().dir().display()));
            assert_eq!(checked.replay.genesis.dice.mode, DiceMode::Scripted);
            let rolled: usize = checked.replay.log.iter().map(|i| i.rolls.len()).sum();
            assert_eq!(rolled, checked.replay.script_used, "every scripted face used was rolled");
            assert_eq!(
                checked.replay.script_used,
                checked.replay.genesis.dice.faces.len(),
                "no scripted face left over"
            );
            let replayed = checked.replay.ruleset.state_json(&checked.replay.state);
            assert_eq!(replayed, live, "the verified replay ends where the game stands");
            count = checked.entries.len();
            bytes.push(std::fs::read(store.journal_path()).expect("journal file"));
        }
        assert_eq!(bytes[0], bytes[1], "both players hold the same journal");
        count
    }

    /// The directory holding the players' game directories.
    pub fn dir(&self) -> &std::path::Path {
        self.tmp.path()
    }
}

/// FNC's invariants (`grognard_fnc::invariants`, those of its property tests) on a copy's
/// state, and between two states of it, for the self-play harness.
pub fn invariants(
    before: Option<&grognard_engine::GameState>,
    after: &grognard_engine::GameState,
) -> Result<(), String> {
    use grognard_fnc::invariants::{check_state, check_step};
    let after = after.downcast_ref::<grognard_fnc::State>().ok_or("not an FNC state")?;
    let ctx = grognard_fnc::Ctx::embedded(after.game).map_err(|e| e.to_string())?;
    check_state(ctx, after).map_err(|v| v.to_string())?;
    if let Some(before) = before.and_then(|b| b.downcast_ref::<grognard_fnc::State>()) {
        check_step(ctx, before, after).map_err(|v| v.to_string())?;
    }
    Ok(())
}
