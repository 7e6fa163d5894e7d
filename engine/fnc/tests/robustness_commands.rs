//! No command, however malformed, makes the engine panic: random text and random JSON fed
//! through the object-safe ruleset (as the journal does) from states of every phase kind.
//! Each is either applied or refused with a rule error (or waits for dice).

use grognard_engine::{AnyRuleset, ApplyError, GameState, PlayerId, ScriptedDice, Seats, Setup, Viewer};
use grognard_fnc::command::CommandKind;
use grognard_fnc::Fnc;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

static FNC: Fnc = Fnc;

fn any() -> &'static dyn AnyRuleset {
    &FNC
}

fn start(scenario: &str) -> Option<GameState> {
    let info = any().scenarios().into_iter().find(|s| s.id == scenario)?;
    any().setup(&Setup::scenario(scenario), &Seats::round_robin(&info.powers, 2).ok()?).ok()
}

/// Words a random command is made of: the verbs of every kind of command, then others.
const OTHER_WORDS: &[&str] = &[
    "fr-1-1",
    "fr-1-1,fr-1-2",
    "ot-mm-1",
    "ru-5-1",
    "sw-sk",
    "1127",
    "1227",
    "9999",
    "0000",
    "anatolia",
    "x",
    ";",
    "-1",
    "fr-fort",
    ",,",
    "",
];

/// The words: the verbs of every kind of command, then the others.
fn words() -> Vec<&'static str> {
    CommandKind::ALL.iter().map(|k| k.verb()).chain(OTHER_WORDS.iter().copied()).collect()
}

fn pick<'a>(rng: &mut ChaCha8Rng, list: &[&'a str]) -> &'a str {
    list[(rng.next_u32() as usize) % list.len()]
}

fn random_text(rng: &mut ChaCha8Rng) -> String {
    let n = rng.next_u32() % 6;
    (0..n).map(|_| pick(rng, &words())).collect::<Vec<_>>().join(" ")
}

fn random_json(rng: &mut ChaCha8Rng, depth: u32) -> Value {
    match rng.next_u32() % if depth > 2 { 4 } else { 7 } {
        0 => Value::Null,
        1 => json!(rng.next_u32() as i64 - (1 << 31)),
        2 => json!(pick(rng, &words())),
        3 => json!(rng.next_u32() & 1 == 0),
        4 => Value::Array((0..rng.next_u32() % 4).map(|_| random_json(rng, depth + 1)).collect()),
        5 => {
            let mut m = serde_json::Map::new();
            m.insert(pick(rng, &words()).to_string(), random_json(rng, depth + 1));
            Value::Object(m)
        }
        _ => {
            // Near-miss shapes of real commands.
            let verb = pick(rng, &["move", "attack", "place", "sail", "retreat", "remove", "enter"]);
            json!({ verb: { "units": [pick(rng, &words())], "path": [pick(rng, &words())], "hex": pick(rng, &words()),
                            "unit": pick(rng, &words()), "to": random_json(rng, depth + 1) } })
        }
    }
}

#[test]
fn rule_5_1_nothing_panics_and_every_refusal_names_its_rule() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for scenario in ["ec", "ec-historical", "rsw", "rsw-historical"] {
        let Some(state) = start(scenario) else { continue };
        // A few states along the game: the start, and after each player's legal commands.
        let mut states = vec![state.clone()];
        let mut s = state;
        for _ in 0..6 {
            let player = any().pending(&s).players().first().copied().unwrap_or(PlayerId(0));
            let Some(cmd) = any().legal_commands(&s, player).into_iter().last() else { break };
            let faces = [3u32; 40];
            let mut dice = ScriptedDice::new(&faces);
            match any().apply(&s, player, &cmd, &mut dice) {
                Ok((next, _)) => {
                    s = next;
                    states.push(s.clone());
                }
                Err(_) => break,
            }
        }
        for st in &states {
            for _ in 0..150 {
                for player in [PlayerId(0), PlayerId(1), PlayerId(5)] {
                    let text = random_text(&mut rng);
                    if let Ok(value) = any().parse_command(&text) {
                        let _ = any().format_command(&value);
                        let faces = [2u32; 20];
                        if let Err(ApplyError::Rule(e)) =
                            any().apply(st, player, &value, &mut ScriptedDice::new(&faces))
                        {
                            assert!(
                                !e.rule.is_empty() && !e.message.is_empty(),
                                "`{text}`: a refusal without its rule"
                            );
                        }
                    }
                    let value = random_json(&mut rng, 0);
                    let faces = [4u32; 20];
                    match any().apply(st, player, &value, &mut ScriptedDice::new(&faces)) {
                        Err(ApplyError::Rule(e)) => assert!(!e.rule.is_empty(), "{value}: a refusal without its rule"),
                        Ok(_) | Err(ApplyError::NeedDice) => {}
                    }
                    let _ = any().check_sealed(st, player, &value);
                }
            }
            let _ = any().summary(st);
            let _ = any().view(st, Viewer::Everyone);
        }
    }
}
