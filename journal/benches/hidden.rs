//! The cost of hidden information (docs/PROTOCOL.md section 12): the same game played with
//! every command in the clear, and with every command concealed and then opened.
//!
//! The game is `Tally`, a ruleset defined here to isolate the journal's cost from any rules:
//! two players take turns adding 1, 2 or 3 to a total (`{"add":2}`). In its `plain` scenario
//! a turn is one `command` entry. In its `concealed` scenario the ruleset conceals every
//! addition (public projection `"concealed"`, the total becomes unknown to a copy that does
//! not know it) and demands its opening at once, as Duel's rule 8.4 demands a charge's
//! opening when it is fired: a turn is a `hidden` entry and an `open` entry. Dice are casual
//! and never rolled. Both journals have `TURNS` turns after the genesis and the join, signed
//! with fresh nonces and the links and acks of `game::sign_after`.
//!
//! Benchmarks (group `hidden`), on the first 5,000 turns of each journal:
//! `verify_plain_5k`, `verify_concealed_5k` (`verify::check_records`: parsing, signatures,
//! order and replay, as opening a game does) and `replay_plain_5k`, `replay_concealed_5k`
//! (`verify::check` without signatures: the replay's own part, commitment checks and the
//! knowledge of openings included); and `replay_plain_20k`, `replay_concealed_20k` on the
//! whole journals (20,000 turns), to see whether the replay's cost is linear. The sizes of
//! the 5,000-turn journals, and of a Duel `prime 2` in the clear, concealed and opened, are
//! printed before the measurements.
//!
//! Run: `cargo bench -p grognard-journal --bench hidden` (about two minutes on two cores).
//! Figures: `BENCHMARKS.md` at the workspace root.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode, Throughput};
use grognard_engine::{
    AnyRuleset, Applied, ApplyError, Concealed, DiceSource, Event, Owing, Pending, PlayerId, PowerInfo, RuleError,
    Ruleset, RulesetInfo, ScenarioInfo, Seats, Setup,
};
use grognard_journal::create::{genesis, NewGame};
use grognard_journal::entry::{
    Ack, Body, DiceConfig, DiceMode, Entry, PlayerInfo, SignedEntry, Witnesses, ENTRY_VERSION,
};
use grognard_journal::hidden::{self, Opening};
use grognard_journal::ids::{EntryId, GameId, Hash32};
use grognard_journal::keys::SecretKey;
use grognard_journal::nonce;
use grognard_journal::verify::{self, SigCheck};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Duration;

/// Turns played in each journal.
const TURNS: usize = 20_000;
/// The shorter journals, a prefix of the long ones: where most figures are taken.
const SHORT: usize = 5_000;

/// A turn: add 1 to 3 to the total; `Concealed` is what the others see of a concealed one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Tally {
    Add(u8),
    Concealed,
}

#[derive(Clone, Debug, Serialize)]
struct TallyState {
    /// The `concealed` scenario: every addition is concealed and opened at once.
    concealed: bool,
    turn: u64,
    /// The total, when this copy knows every addition.
    total: Option<u64>,
    /// The player who must open their concealed command of this index now.
    opening: Option<(PlayerId, u32)>,
    /// Concealed commands so far, per player.
    hidden: [u32; 2],
}

impl TallyState {
    fn to_play(&self) -> PlayerId {
        PlayerId((self.turn % 2) as u8)
    }

    fn check_turn(&self, player: PlayerId) -> Result<(), RuleError> {
        if self.opening.is_some() || player != self.to_play() {
            return Err(RuleError::new("1", format!("it is not {player}'s turn")));
        }
        Ok(())
    }
}

fn check_add(k: u8) -> Result<u64, RuleError> {
    if (1..=3).contains(&k) {
        Ok(u64::from(k))
    } else {
        Err(RuleError::new("2", format!("add 1 to 3, not {k}")))
    }
}

struct TallyRules;

static TALLY: TallyRules = TallyRules;

impl Ruleset for TallyRules {
    type State = TallyState;
    type Command = Tally;

    fn info(&self) -> RulesetInfo {
        RulesetInfo { id: "tally".into(), version: "1".into(), name: "Tally (benchmark)".into(), test_only: true }
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        let powers = ["a", "b"].map(|p| PowerInfo { id: p.into(), name: p.into(), side: p.into() }).to_vec();
        ["plain", "concealed"]
            .map(|id| ScenarioInfo {
                id: id.into(),
                name: id.into(),
                description: String::new(),
                powers: powers.clone(),
                min_players: 2,
                max_players: 2,
            })
            .to_vec()
    }

    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        Ok(setup.scenario.as_bytes().to_vec())
    }

    fn setup(&self, setup: &Setup, _seats: &Seats) -> Result<TallyState, RuleError> {
        let concealed = setup.scenario == "concealed";
        Ok(TallyState { concealed, turn: 0, total: Some(0), opening: None, hidden: [0, 0] })
    }

    fn pending(&self, s: &TallyState) -> Pending {
        match s.opening {
            Some((player, index)) => {
                Pending::Open { owing: vec![Owing { player, indices: vec![index] }], prompt: "open it".into() }
            }
            None => Pending::Command { player: s.to_play(), prompt: "add 1 to 3".into() },
        }
    }

    fn legal_commands(&self, _s: &TallyState, _player: PlayerId) -> Vec<Tally> {
        (1..=3).map(Tally::Add).collect()
    }

    fn apply(
        &self,
        s: &TallyState,
        player: PlayerId,
        command: &Tally,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<TallyState>, ApplyError> {
        s.check_turn(player)?;
        let Tally::Add(k) = command else { return Err(RuleError::new("2", "add 1 to 3").into()) };
        if s.concealed {
            return Err(RuleError::new("3", "additions are concealed in this scenario").into());
        }
        let added = check_add(*k)?;
        let mut next = s.clone();
        next.total = s.total.map(|t| t + added);
        next.turn += 1;
        Ok(Applied { state: next, events: vec![Event::new(format!("{player} adds {k}"), json!({"add": k}))] })
    }

    fn conceal(&self, s: &TallyState, _player: PlayerId, command: &Tally) -> Option<Tally> {
        (s.concealed && matches!(command, Tally::Add(_))).then_some(Tally::Concealed)
    }

    fn apply_concealed(
        &self,
        s: &TallyState,
        player: PlayerId,
        concealed: &Concealed<Tally>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<TallyState>, ApplyError> {
        s.check_turn(player)?;
        if !s.concealed || concealed.public != Tally::Concealed {
            return Err(RuleError::new("3", "only additions of the concealed scenario are concealed").into());
        }
        let added = match &concealed.full {
            Some(Tally::Add(k)) => Some(check_add(*k)?),
            Some(Tally::Concealed) => return Err(RuleError::new("2", "add 1 to 3").into()),
            None => None,
        };
        let mut next = s.clone();
        next.total = s.total.zip(added).map(|(t, k)| t + k);
        next.opening = Some((player, concealed.index));
        next.hidden[player.index()] += 1;
        Ok(Applied { state: next, events: Vec::new() })
    }

    fn apply_opened(
        &self,
        s: &TallyState,
        player: PlayerId,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<TallyState>, ApplyError> {
        if s.opening.map(|(p, _)| p) != Some(player) {
            return Err(RuleError::new("3", "nothing of theirs is to be opened").into());
        }
        let mut next = s.clone();
        next.opening = None;
        next.turn += 1;
        Ok(Applied { state: next, events: Vec::new() })
    }

    fn parse_command(&self, text: &str) -> Result<Tally, RuleError> {
        match text.strip_prefix("add ") {
            Some("?") => Ok(Tally::Concealed),
            Some(k) => k.parse().map(Tally::Add).map_err(|_| RuleError::new("input", "add 1 to 3")),
            None => Err(RuleError::new("input", "add 1 to 3")),
        }
    }

    fn format_command(&self, command: &Tally) -> String {
        match command {
            Tally::Add(k) => format!("add {k}"),
            Tally::Concealed => "add ?".into(),
        }
    }

    fn summary(&self, s: &TallyState) -> String {
        format!("turn {}, total {:?}", s.turn, s.total)
    }
}

fn rulesets() -> Vec<&'static dyn AnyRuleset> {
    vec![&TALLY]
}

#[path = "common/signer.rs"]
mod signer;
use signer::Signer;

/// A journal of `TURNS` turns of Tally's `scenario`, as record lines (verified).
fn journal(scenario: &str) -> Vec<Vec<u8>> {
    let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32])];
    let players = keys
        .iter()
        .enumerate()
        .map(|(i, k)| PlayerInfo {
            name: format!("Player{i}"),
            email: format!("p{i}@example.org"),
            key: k.public().to_hex(),
            powers: vec![["a", "b"][i].to_string()],
        })
        .collect();
    let new = NewGame {
        ruleset: &TALLY,
        setup: Setup::scenario(scenario),
        players,
        creator: 0,
        dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: Vec::new() },
        chain_length: 64,
    };
    let game = GameId([5; 16]);
    let first = genesis(&new, &keys[0], game).expect("the genesis is signed");
    let mut signer = Signer::new(&first, 2);
    let mut entries = vec![first.clone()];
    entries.push(signer.sign(PlayerId(1), &keys[1], Body::Join { chain: None }));
    for turn in 0..TURNS {
        let player = PlayerId((turn % 2) as u8);
        let key = &keys[player.index()];
        let command = json!({"add": turn % 3 + 1});
        if scenario == "plain" {
            entries.push(signer.sign(player, key, Body::Command { command, nonce: Some(nonce::fresh()) }));
        } else {
            let nonce = nonce::fresh();
            let salt = hidden::salt(key, &game, &first.id, &nonce);
            let commitment = hidden::commitment(&game, player.0, &salt, &command);
            let concealed = signer.sign(player, key, Body::Hidden { public: json!("concealed"), commitment, nonce });
            let opening = Opening { entry: concealed.id, salt, command };
            entries.push(concealed);
            let open = Body::Open { openings: vec![opening], nonce: nonce::fresh() };
            entries.push(signer.sign(player, key, open));
        }
    }
    let records: Vec<Vec<u8>> = entries.iter().map(SignedEntry::record).collect();
    let checked = verify::check_records(&rulesets(), &records).map_err(|e| e.to_string()).expect("valid");
    let total: u64 = (0..TURNS as u64).map(|t| t % 3 + 1).sum();
    let state = checked.replay.ruleset.state_json(&checked.replay.state);
    assert_eq!(state["total"], json!(total), "a verifier knows every opened command");
    records
}

fn plain() -> &'static Vec<Vec<u8>> {
    static PLAIN: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    PLAIN.get_or_init(|| journal("plain"))
}

fn concealed() -> &'static Vec<Vec<u8>> {
    static CONCEALED: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    CONCEALED.get_or_init(|| journal("concealed"))
}

/// Bytes of the record lines of `records` whose entries are of `kind`, and their number.
fn bytes_of(records: &[Vec<u8>], kind: &str) -> (usize, usize) {
    let needle = format!(r#""kind":"{kind}""#);
    let lines: Vec<&Vec<u8>> = records.iter().filter(|r| String::from_utf8_lossy(r).contains(&needle)).collect();
    (lines.iter().map(|r| r.len() + 1).sum(), lines.len())
}

/// The journal sizes, and a Duel `prime 2` three ways (an entry with one ack, as in a
/// two-player game).
fn sizes() {
    for (name, records) in [("plain", plain()), ("concealed", concealed())] {
        let records = prefix(records, SHORT);
        let total: usize = records.iter().map(|r| r.len() + 1).sum();
        eprintln!("{name}: {} entries, {total} bytes ({:.1} bytes a turn)", records.len(), total as f64 / SHORT as f64);
        for kind in ["command", "hidden", "open"] {
            let (bytes, n) = bytes_of(records, kind);
            if n > 0 {
                eprintln!(
                    "  {kind}: {n} entries, {:.1} bytes each (record line and line feed)",
                    bytes as f64 / n as f64
                );
            }
        }
    }
    let key = SecretKey::from_seed(&[1; 32]);
    let (game, genesis) = (GameId([3; 16]), EntryId([4; 32]));
    let ack = Ack { author: 1, seq: 3, id: EntryId([5; 32]) };
    let at = |body: Body| {
        let entry =
            Entry { v: ENTRY_VERSION, game, author: 0, seq: 4, prev: Some(EntryId([6; 32])), acks: vec![ack], body };
        SignedEntry::sign(entry, &key)
    };
    let prime = json!({"prime": {"grains": 2}});
    let nonce = Hash32([0x41; 32]);
    let salt = hidden::salt(&key, &game, &genesis, &nonce);
    let commitment = hidden::commitment(&game, 0, &salt, &prime);
    let clear = at(Body::Command { command: prime.clone(), nonce: Some(nonce) });
    let concealed = at(Body::Hidden { public: json!("primed"), commitment, nonce });
    let open = at(Body::Open { openings: vec![Opening { entry: concealed.id, salt, command: prime }], nonce });
    eprintln!(
        "Duel `prime 2` (record line and line feed): in the clear {} bytes, concealed {} bytes, its opening {} bytes",
        clear.record().len() + 1,
        concealed.record().len() + 1,
        open.record().len() + 1
    );
}

/// The first `turns` turns of a journal: its genesis, its join and the entries of those turns.
fn prefix(records: &[Vec<u8>], turns: usize) -> &[Vec<u8>] {
    let per_turn = (records.len() - 2) / TURNS;
    &records[..2 + per_turn * turns]
}

fn bench(c: &mut Criterion) {
    sizes();
    let rulesets = rulesets();
    let mut group = c.benchmark_group("hidden");
    group.sample_size(10).sampling_mode(SamplingMode::Flat).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(SHORT as u64));
    let k = SHORT / 1000;
    for (name, records) in [("plain", plain()), ("concealed", concealed())] {
        let records = prefix(records, SHORT);
        group.bench_function(format!("verify_{name}_{k}k"), |b| {
            b.iter(|| verify::check_records(&rulesets, records).expect("verifies"))
        });
    }
    // The replay alone, on the short and the long journals: is its cost linear?
    let none = HashSet::new();
    for turns in [SHORT, TURNS] {
        group.throughput(Throughput::Elements(turns as u64));
        for (name, records) in [("plain", plain()), ("concealed", concealed())] {
            let entries: Vec<SignedEntry> =
                prefix(records, turns).iter().map(|r| SignedEntry::parse_record(r).expect("a record")).collect();
            group.bench_function(format!("replay_{name}_{}k", turns / 1000), |b| {
                b.iter_batched(
                    || entries.clone(),
                    |entries| verify::check(&rulesets, entries, SigCheck::Only(&none)).expect("replays"),
                    BatchSize::PerIteration,
                )
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
