use super::GameArgs;
use crate::failure::Result;
use grognard_engine::{GameState, Pending, PlayerId, Viewer};
use grognard_journal::entry::{DiceMode, Witnesses};
use grognard_journal::local::{self, owes_mechanical};
use grognard_journal::replay::Owed;
use serde_json::{json, Value};

fn owed_json(o: &Owed) -> Value {
    match o {
        Owed::Join => json!({"kind": "join"}),
        Owed::Decide(p) => json!({"kind": "decide", "pending": p}),
        Owed::Seal { step, prompt } => json!({"kind": "seal", "step": step, "prompt": prompt}),
        Owed::Unseal { step } => json!({"kind": "unseal", "step": step}),
        Owed::Open { indices, at_end } => json!({"kind": "open", "indices": indices, "at_end": at_end}),
        Owed::Reveal { request, generation, roller, request_seq, acked } => {
            json!({"kind": "reveal", "request": request.to_hex(), "chain": generation, "roller": roller.0,
                   "request_seq": request_seq, "acked": acked})
        }
    }
}

/// What the journal says of seat `p` changing hands: former holders, a resignation, the
/// votes on its holder (docs/PROTOCOL.md section 13).
fn seat_notes(game: &grognard_journal::game::Game, p: PlayerId) -> Vec<String> {
    use grognard_journal::seat_change::Round;
    let r = &game.replay;
    let mut out = Vec::new();
    let holders = &r.holders[p.index()];
    for pair in holders.windows(2) {
        out.push(format!("held by {} <{}> up to entry #{}", pair[0].name, pair[0].email, pair[1].from - 1));
    }
    if r.awaits_take(p) {
        out.push(format!("{} has not taken the seat yet (they join from the whole journal)", r.name(p)));
    }
    if let Some(at) = r.resigned[p.index()] {
        out.push(format!("resigned at entry #{at}: vacant until the others replace its holder (`grognard replace`)"));
    }
    if let Some(second) = r.agreed_second(p) {
        out.push(format!(
            "second: {} <{}>, agreed by every player, after {} hours of holding the game",
            second.name, second.email, second.hours
        ));
    } else if !r.seconds[p.index()].is_empty() {
        let who: Vec<String> = r.seconds[p.index()]
            .iter()
            .map(|(q, s)| format!("{} for {} after {} hours", r.name(*q), s.name, s.hours))
            .collect();
        out.push(format!("second proposed, not agreed by every player yet: {}", who.join("; ")));
    }
    let votes = grognard_journal::seat_local::votes(game, p);
    if let Some(round) = votes.iter().map(|v| v.1).max() {
        let state = votes.iter().find(|v| v.1 == round).map_or(Round::Open, |v| v.4);
        let of_round: Vec<String> = votes
            .iter()
            .filter(|v| v.1 == round)
            .map(|v| format!("{} for {} after #{}", r.name(v.0), v.3.name, v.2))
            .collect();
        let state = match state {
            Round::Open => "open",
            Round::Failed => "failed: the votes differ; vote again in the next round",
            Round::Complete => "complete",
        };
        out.push(format!("votes to replace its holder, round {round} ({state}): {}", of_round.join("; ")));
    }
    out
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
    // What the player sees of it: the ruleset takes out what is not theirs to know.
    let seen = r.ruleset.player_view(&preview, Viewer::Player(local.me));
    // One account of the game: with staged commands, the position they lead to (staging
    // happens only while the journal waits for an ordinary command, so nothing but the
    // local player's own decision is replaced).
    let owed = if staged.commands.is_empty() { r.owed() } else { owed_of(&r.ruleset.pending(&seen)) };
    let holders: Vec<PlayerId> = {
        // Who holds the game is the journal's fact: staged commands are not sent yet.
        let mut v: Vec<PlayerId> = r.owed().iter().map(|(p, _)| *p).collect();
        v.dedup();
        v
    };
    // Each seat's current holder, and what changed hands (docs/PROTOCOL.md section 13).
    // Every seat has its genesis holder at least (`Replay::start`).
    let genesis_holders = r.genesis_holders();
    let holder = |i: usize| r.holder(PlayerId(i as u8)).unwrap_or(&genesis_holders[i]);
    let seat_notes: Vec<Vec<String>> = (0..g.players.len()).map(|i| seat_notes(game, PlayerId(i as u8))).collect();
    let players: Vec<Value> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let h = holder(i);
            json!({"index": i, "name": h.name, "email": h.email, "powers": p.powers,
                   "fingerprint": h.key.fingerprint(), "joined": r.joined[i], "you": i == local.me.index(),
                   "holders": r.holders[i].len(), "resigned": r.resigned[i].is_some(), "seat": seat_notes[i]})
        })
        .collect();
    let fair_note = match g.dice.mode {
        DiceMode::Fair if r.v2() && g.dice.witnesses == Witnesses::Concerned => {
            "fair dice, each roll witnessed by the players it concerns".to_string()
        }
        DiceMode::Fair if r.v2() => "fair dice".to_string(),
        DiceMode::Fair => {
            "fair dice of protocol version 1: NOT protected against a witness who chooses or vetoes rolls".to_string()
        }
        DiceMode::Casual => "CASUAL dice (predictable, not a fair game)".to_string(),
        DiceMode::Scripted => "SCRIPTED dice (fixed in advance, not a fair game)".to_string(),
    };
    let staged_text: Vec<String> = staged.commands.iter().map(|c| r.ruleset.format_command(c)).collect();
    let waiting =
        if staged.commands.is_empty() { local::waiting_sentence(game) } else { staged_sentence(r, &owed, &seen) };
    let next = next_step(&local, &staged.commands, &owed);
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
    // A finished game is offered for the archive (`grognard archive add`) until it is kept whole.
    let kept = match r.over() {
        Some(_) => Some(super::archive::kept(&crate::seat::home()?, &r.game, game.entries.len())),
        None => None,
    };
    let archived = match kept {
        Some(Some(k)) => json!(k == super::archive::Kept::Whole),
        _ => Value::Null,
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let value = json!({
        "ok": true, "game": r.game.to_hex(), "ruleset": g.ruleset, "ruleset_version": g.ruleset_version,
        "scenario": r.setup.scenario, "from_position": r.setup.is_position(),
        "dice": g.dice.mode.as_str(), "fair": g.dice.mode == DiceMode::Fair, "witnesses": g.dice.witnesses.as_str(),
        "protocol": r.version,
        "players": players, "me": local.me.0, "entries": game.entries.len(),
        "waiting": owed.iter().map(|(p, o)| json!({"player": p.0, "name": r.name(*p), "owes": owed_json(o)})).collect::<Vec<_>>(),
        "holders": holders.iter().map(|p| p.0).collect::<Vec<_>>(), "waiting_since": since,
        "staged": staged_text, "next": {"action": next.0, "text": next.1}, "summary": r.ruleset.summary(&seen), "over": over,
        "torn_tail": game.torn_tail.as_ref().map(|t| json!({"offset": t.offset, "bytes": t.bytes.len()})),
        "archived": archived,
    });
    super::emit(json, value, || {
        let mut t = format!(
            "Game {} — {} {} ({}), scenario {}; {fair_note}; {} entries\n",
            r.game,
            g.ruleset,
            g.ruleset_version,
            r.ruleset.info().name,
            r.setup,
            game.entries.len()
        );
        for (i, p) in g.players.iter().enumerate() {
            let h = holder(i);
            t.push_str(&format!(
                "  {} {} <{}> [{}] {}{}{}\n",
                i,
                h.name,
                h.email,
                p.powers.join(", "),
                h.key.fingerprint(),
                if r.joined[i] { "" } else { " (not joined yet)" },
                match (i == local.me.index(), h.key == local.identity.public) {
                    (true, true) => " (you)",
                    (true, false) => " (you held this seat; your key signs nothing more here)",
                    _ => "",
                }
            ));
            for note in &seat_notes[i] {
                t.push_str(&format!("      {note}\n"));
            }
        }
        t.push_str(&r.ruleset.summary(&seen));
        t.push('\n');
        if !staged_text.is_empty() {
            t.push_str(&format!(
                "Staged, not sent yet (the position above includes them): {}\n",
                staged_text.join("; ")
            ));
        }
        if let Some(tail) = &game.torn_tail {
            t.push_str(&format!(
                "Warning: the journal ends with {} bytes of an append that never completed (at byte {}); they are ignored and will be cut by the next change.\n",
                tail.bytes.len(), tail.offset
            ));
        }
        if r.over().is_some() {
            t.push_str(&format!("{waiting}\n"));
            if let Some(line) = kept.and_then(|k| super::archive::offer(&r.game, k)) {
                t.push_str(&format!("{line}\n"));
            }
        } else {
            let names: Vec<&str> = holders.iter().map(|p| r.name(*p)).collect();
            let how_long = since.map(|s| format!(" (for {} by this machine's clock)", ago(now.saturating_sub(s))));
            let label = if staged_text.is_empty() { "Waiting for" } else { "Next, with your staged commands" };
            t.push_str(&format!(
                "{label}: {waiting}\nHolding the game: {}{}\n",
                names.join(", "),
                how_long.unwrap_or_default()
            ));
            t.push_str(&next.1);
            t.push('\n');
        }
        t
    })?;
    Ok(())
}

/// Who owes what in a position of the game's ruleset, as the journal's replay says it of
/// its own state.
fn owed_of(pending: &Pending) -> Vec<(PlayerId, Owed)> {
    match pending {
        Pending::Sealed { step, players, prompt } => {
            players.iter().map(|p| (*p, Owed::Seal { step: step.clone(), prompt: prompt.clone() })).collect()
        }
        Pending::Over { .. } => Vec::new(),
        Pending::Open { owing, .. } => {
            owing.iter().map(|o| (o.player, Owed::Open { indices: o.indices.clone(), at_end: false })).collect()
        }
        other => other.players().into_iter().map(|p| (p, Owed::Decide(other.clone()))).collect(),
    }
}

/// The "waiting for" sentence of the staged position.
fn staged_sentence(r: &grognard_journal::replay::Replay, owed: &[(PlayerId, Owed)], preview: &GameState) -> String {
    if let Pending::Over { result, .. } = r.ruleset.pending(preview) {
        return format!("the game is over: {result}");
    }
    let parts: Vec<String> = owed
        .iter()
        .map(|(p, o)| {
            let who = r.name(*p);
            match o {
                Owed::Decide(pending) => format!("{who}: {}", pending.prompt()),
                Owed::Seal { step, prompt } => format!("{who} must seal a choice for `{step}` ({prompt})"),
                Owed::Open { indices, .. } => format!(
                    "{who} must open concealed command{} {} (`grognard send` does it)",
                    if indices.len() == 1 { "" } else { "s" },
                    indices.iter().map(|i| format!("#{i}")).collect::<Vec<_>>().join(", ")
                ),
                _ => who.to_string(),
            }
        })
        .collect();
    parts.join("; ")
}

/// What the local player should run next: a stable action name (for `--json`) and the
/// sentence. `owed` is the account of the position shown (with the staged commands).
fn next_step(local: &crate::seat::LocalGame, staged: &[Value], owed: &[(PlayerId, Owed)]) -> (&'static str, String) {
    let game = &local.game;
    if owes_mechanical(game, local.me) {
        return (
            "send",
            "You: run `grognard send` to open your sealed choice or concealed commands / reveal your dice, and send \
             the packet."
                .into(),
        );
    }
    if game.replay.over().is_some() {
        return ("over", "You: the game is over.".into());
    }
    let mine = owed.iter().any(|(p, o)| *p == local.me && matches!(o, Owed::Decide(_) | Owed::Seal { .. }));
    match (staged.len(), mine) {
        (0, true) => (
            "decide",
            "You: your move — `grognard moves` lists the legal commands, `grognard do <command>` plays one.".into(),
        ),
        (0, false) => ("wait", "You: nothing to do until the next packet arrives (`grognard receive <packet>`).".into()),
        (n, true) => (
            "stage-or-send",
            format!(
                "You: {n} staged command{} not sent yet; stage more (`grognard moves` lists them, `grognard do <command>`) \
                 or run `grognard send` to sign and send what is staged.",
                if n == 1 { "" } else { "s" }
            ),
        ),
        (n, false) => (
            "send",
            format!(
                "You: run `grognard send` to sign and send your {n} staged command{}; then it is the others' turn.",
                if n == 1 { "" } else { "s" }
            ),
        ),
    }
}
