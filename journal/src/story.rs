//! What a set of entries did, told for people: the sentence of each entry, the events and
//! rolls of its commands, and the results of earlier dice requests its reveals completed.
//! The same text goes into turn mails and `grognard receive`'s report.

use crate::entry::Body;
use crate::game::Game;
use crate::ids::EntryId;
use crate::local::waiting_sentence;
use crate::replay::LogItem;
use grognard_engine::PlayerId;
use std::collections::HashSet;

/// Who reads a story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// The local player: their own concealed commands are told whole.
    Local,
    /// The other players (a turn mail): concealed commands are told as the others see them
    /// (docs/PROTOCOL.md section 12).
    Others,
}

fn item_lines(item: &LogItem, reader: Reader, out: &mut Vec<String>) {
    let (text, events) = match (&item.public, reader) {
        (Some(told), Reader::Others) => (&told.text, &told.events),
        _ => (&item.text, &item.events),
    };
    out.push(text.clone());
    if !item.rolls.is_empty() {
        let faces: Vec<String> = item.rolls.iter().map(|(s, f)| format!("d{s}={f}")).collect();
        out.push(format!("  dice: {} ({})", faces.join(" "), item.dice.clone().unwrap_or_default()));
    }
    out.extend(events.iter().map(|e| format!("  {}", e.text)));
}

/// The story of the entries `ids`, in journal order, for `reader`.
pub fn story(game: &Game, ids: &HashSet<EntryId>, reader: Reader) -> Vec<String> {
    // Requests whose dice one of these entries revealed: their results are news too.
    let completed: HashSet<EntryId> = game
        .entries
        .iter()
        .filter(|e| ids.contains(&e.id))
        .filter_map(|e| match &e.entry.body {
            Body::Reveal { request, .. } => Some(*request),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for item in &game.replay.log {
        if ids.contains(&item.entry.id) {
            item_lines(item, reader, &mut out);
        } else if completed.contains(&item.entry.id) && !item.rolls.is_empty() {
            out.push(format!("Dice for: {}", item.text));
            item_lines(item, reader, &mut out);
        }
    }
    out
}

/// What the game waits for and, for `reader`, the command to run.
pub fn next_step(game: &Game, reader: PlayerId) -> String {
    let waiting = waiting_sentence(game);
    if game.replay.over().is_some() {
        return waiting;
    }
    let owed: Vec<_> = game.replay.owed().into_iter().filter(|(p, _)| *p == reader).map(|(_, o)| o).collect();
    let todo = if owed.is_empty() {
        "nothing to do until the next packet arrives".to_string()
    } else if crate::local::owes_mechanical(game, reader) {
        "run `grognard send`: it opens your sealed choice or concealed commands, or reveals your dice".to_string()
    } else {
        "your move: `grognard moves` lists the legal commands, `grognard do <command>` plays one, `grognard send` sends"
            .to_string()
    };
    format!("Waiting for: {waiting}\n{}: {todo}.", game.replay.name(reader))
}
