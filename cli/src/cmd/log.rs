use super::GameArgs;
use crate::failure::Result;
use crate::output::one_line;
use grognard_journal::replay::Replay;
use serde_json::{json, Value};

pub fn run(args: GameArgs, json: bool) -> Result<()> {
    let local = args.open()?;
    let r = &local.game.replay;
    super::emit(
        json,
        json!({"ok": true, "game": r.game.to_hex(), "dice": r.genesis.dice.mode.as_str(), "log": items(r)}),
        || text(r),
    )?;
    Ok(())
}

/// The story of a replay as `--json` gives it: one value per line of the log.
pub fn items(r: &Replay) -> Vec<Value> {
    r.log
        .iter()
        .map(|i| {
            json!({"author": i.entry.author, "seq": i.entry.seq, "id": i.entry.id.to_hex(), "kind": i.entry.kind,
                   "text": i.text, "rolls": i.rolls.iter().map(|(s, f)| json!({"sides": s, "face": f})).collect::<Vec<_>>(),
                   "dice": i.dice, "events": i.events})
        })
        .collect()
}

/// The story of a replay as text: numbered lines, each with its dice and events.
pub fn text(r: &Replay) -> String {
    let mut t = String::new();
    for (n, i) in r.log.iter().enumerate() {
        t.push_str(&format!("{:>4}  {}\n", n + 1, one_line(&i.text)));
        if !i.rolls.is_empty() {
            let faces: Vec<String> = i.rolls.iter().map(|(s, f)| format!("d{s}={f}")).collect();
            t.push_str(&format!("      dice: {} ({})\n", faces.join(" "), i.dice.clone().unwrap_or_default()));
        } else if let Some(d) = &i.dice {
            t.push_str(&format!("      dice: {d}\n"));
        }
        for e in &i.events {
            t.push_str(&format!("      {}\n", one_line(&e.text)));
        }
    }
    t
}
