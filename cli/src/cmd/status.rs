use super::GameArgs;
use crate::failure::Result;
use grognard_engine::PlayerId;
use grognard_journal::entry::DiceMode;
use grognard_journal::local::{self, owes_mechanical};
use grognard_journal::replay::Owed;
use serde_json::{json, Value};

fn owed_json(o: &Owed) -> Value {
    match o {
        Owed::Join => json!({"kind": "join"}),
        Owed::Decide(p) => json!({"kind": "decide", "pending": p}),
        Owed::Seal { step, prompt } => json!({"kind": "seal", "step": step, "prompt": prompt}),
        Owed::Unseal { step } => json!({"kind": "unseal", "step": step}),
        Owed::Reveal { request, generation, roller, request_seq, acked } => {
            json!({"kind": "reveal", "request": request.to_hex(), "chain": generation, "roller": roller.0,
                   "request_seq": request_seq, "acked": acked})
        }
    }
}

/// A duration in words: "3 minutes", "2 hours", "5 days".
fn ago(seconds: u64) -> String {
    let (n, unit) = match seconds {
        s if s < 120 => (s, "second"),
        s if s < 2 * 3600 => (s / 60, "minute"),
        s if s < 2 * 86400 => (s / 3600, "hour"),
        s => (s / 86400, "day"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

pub fn run(args: GameArgs, json: bool) -> Result<()> {
    let local = args.open()?;
    let game = &local.game;
    let r = &game.replay;
    let g = &r.genesis;
    let staged = local::staged(game)?;
    let (preview, _) = local::preview(game, local.me, &staged)?;
    let owed = r.owed();
    let holders: Vec<PlayerId> = {
        let mut v: Vec<PlayerId> = owed.iter().map(|(p, _)| *p).collect();
        v.dedup();
        v
    };
    let players: Vec<Value> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({"index": i, "name": p.name, "email": p.email, "powers": p.powers,
                   "fingerprint": r.keys[i].fingerprint(), "joined": r.joined[i], "you": i == local.me.index()})
        })
        .collect();
    let fair_note = match g.dice.mode {
        DiceMode::Fair if r.v2() => "fair dice".to_string(),
        DiceMode::Fair => {
            "fair dice of protocol version 1: NOT protected against a witness who chooses or vetoes rolls".to_string()
        }
        DiceMode::Casual => "CASUAL dice (predictable, not a fair game)".to_string(),
        DiceMode::Scripted => "SCRIPTED dice (fixed in advance, not a fair game)".to_string(),
    };
    let staged_text: Vec<String> = staged.commands.iter().map(|c| r.ruleset.format_command(c)).collect();
    let waiting = local::waiting_sentence(game);
    let over = r.over().map(|(result, winners)| json!({"result": result, "winners": winners}));
    // Since when the game waits, by this machine's clock (information only): the arrival of
    // the open dice request, or else of the last entry.
    let waited_on = owed
        .iter()
        .find_map(|(_, o)| match o {
            Owed::Reveal { request, .. } => Some(*request),
            _ => None,
        })
        .or_else(|| game.entries.last().map(|e| e.id));
    let since = waited_on.and_then(|id| game.arrival(&id));
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let value = json!({
        "ok": true, "game": r.game.to_hex(), "ruleset": g.ruleset, "ruleset_version": g.ruleset_version,
        "scenario": g.scenario, "dice": g.dice.mode.as_str(), "fair": g.dice.mode == DiceMode::Fair,
        "protocol": r.version,
        "players": players, "me": local.me.0, "entries": game.entries.len(),
        "waiting": owed.iter().map(|(p, o)| json!({"player": p.0, "name": r.name(*p), "owes": owed_json(o)})).collect::<Vec<_>>(),
        "holders": holders.iter().map(|p| p.0).collect::<Vec<_>>(), "waiting_since": since,
        "staged": staged_text, "summary": r.ruleset.summary(&preview), "over": over,
        "torn_tail": game.torn_tail.as_ref().map(|t| json!({"offset": t.offset, "bytes": t.bytes.len()})),
    });
    super::emit(json, value, || {
        let mut t = format!(
            "Game {} — {} {} ({}), scenario {}; {fair_note}; {} entries\n",
            r.game,
            g.ruleset,
            g.ruleset_version,
            r.ruleset.info().name,
            crate::registry::scenario_label(&g.ruleset, &g.scenario),
            game.entries.len()
        );
        for (i, p) in g.players.iter().enumerate() {
            t.push_str(&format!(
                "  {} {} <{}> [{}] {}{}{}\n",
                i,
                p.name,
                p.email,
                p.powers.join(", "),
                r.keys[i].fingerprint(),
                if r.joined[i] { "" } else { " (not joined yet)" },
                if i == local.me.index() { " (you)" } else { "" }
            ));
        }
        t.push_str(&r.ruleset.summary(&preview));
        t.push('\n');
        if !staged_text.is_empty() {
            t.push_str(&format!("Staged, not sent yet: {}\n", staged_text.join("; ")));
        }
        if let Some(tail) = &game.torn_tail {
            t.push_str(&format!(
                "Warning: the journal ends with {} bytes of an append that never completed (at byte {}); they are ignored and will be cut by the next change.\n",
                tail.bytes.len(), tail.offset
            ));
        }
        if r.over().is_some() {
            t.push_str(&format!("{waiting}\n"));
        } else {
            let names: Vec<&str> = holders.iter().map(|p| r.name(*p)).collect();
            let how_long = since.map(|s| format!(" (for {} by this machine's clock)", ago(now.saturating_sub(s))));
            t.push_str(&format!(
                "Waiting for: {waiting}\nHolding the game: {}{}\n",
                names.join(", "),
                how_long.unwrap_or_default()
            ));
            t.push_str(&next_step(&local, &staged.commands));
        }
        t
    })?;
    Ok(())
}

/// What the local player should run next.
fn next_step(local: &crate::seat::LocalGame, staged: &[Value]) -> String {
    let game = &local.game;
    let mine: Vec<Owed> = game.replay.owed().into_iter().filter(|(p, _)| *p == local.me).map(|(_, o)| o).collect();
    if owes_mechanical(game, local.me) {
        return "You: run `grognard send` to open your sealed choice / reveal your dice, and send the packet.\n".into();
    }
    if mine.iter().any(|o| matches!(o, Owed::Decide(_) | Owed::Seal { .. })) {
        return "You: your move — `grognard moves` lists the legal commands, `grognard do <command>` plays one.\n"
            .into();
    }
    if !staged.is_empty() {
        return "You: run `grognard send` to sign and send your staged commands.\n".into();
    }
    "You: nothing to do until the next packet arrives (`grognard receive <packet>`).\n".into()
}
