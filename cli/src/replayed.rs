//! A verified match ready to be replayed step by step, shared by `grognard replay` (the
//! terminal) and `grognard export-html` (one HTML page): opening a local game or a journal
//! file, the turn of every step, the replay after a step, each die with the witnesses'
//! values and seed behind it, and the picture of the board.

use crate::cmd::verify::Verdict;
use crate::failure::{Failure, Result};
use crate::output::one_line;
use crate::picture::Choices;
use crate::{registry, seat};
use grognard_engine::{AnyRuleset, GameState, TurnMark, View, Viewer};
use grognard_journal::entry::SignedEntry;
use grognard_journal::hidden::Knowledge;
use grognard_journal::ids::EntryId;
use grognard_journal::replay::{LogItem, Replay};
use grognard_journal::rolls;
use grognard_journal::store::LockMode;
use serde_json::{json, Value};
use std::path::Path;

/// The largest journal file read.
const MAX_JOURNAL_FILE_BYTES: usize = 1 << 30;

/// A verified match, ready to be replayed step by step.
pub struct Match {
    pub ruleset: &'static dyn AnyRuleset,
    pub entries: Vec<SignedEntry>,
    pub knowledge: Knowledge,
    /// The log of the whole match: step k is `log[k]` (the entry of the same index).
    pub log: Vec<LogItem>,
    /// Where the game stood after each step (`turns[0]`: at its creation), so step k was
    /// made in `turns[k - 1]`.
    pub turns: Vec<Option<TurnMark>>,
    pub names: Vec<String>,
    pub viewer: Viewer,
    /// The game id's first 8 hex digits.
    pub short: String,
    /// What `grognard verify` says of the journal.
    pub verdict: Verdict,
}

impl Match {
    /// The last step (0 when the match has none after its creation).
    pub fn last(&self) -> usize {
        self.log.len().saturating_sub(1)
    }

    /// The turn step `k` was made in: where the game stood before it.
    pub fn made_in(&self, k: usize) -> Option<TurnMark> {
        self.turns.get(k.checked_sub(1)?).cloned().flatten()
    }

    /// A fresh replay at the match's creation, knowing what this copy knows.
    fn start(&self) -> Result<Replay<'static>> {
        let mut r =
            Replay::start(self.ruleset, &self.entries[0]).map_err(|e| Failure::new("journal", e.to_string()))?;
        r.knowledge = self.knowledge.clone();
        Ok(r)
    }

    /// The replay after the first `k` steps.
    pub fn replay_to(&self, k: usize) -> Result<Replay<'static>> {
        let mut r = self.start()?;
        for e in self.entries.iter().skip(1).take(k) {
            r.apply(e).map_err(|e| Failure::new("journal", e.to_string()))?;
        }
        Ok(r)
    }

    /// Replay the whole match once, calling `at(k, state)` after each step k in `steps`
    /// (ascending).
    pub fn walk(&self, steps: &[usize], mut at: impl FnMut(usize, &GameState) -> Result<()>) -> Result<()> {
        let mut r = self.start()?;
        let mut done = 0;
        for &k in steps {
            for e in self.entries.iter().skip(1 + done).take(k.saturating_sub(done)) {
                r.apply(e).map_err(|e| Failure::new("journal", e.to_string()))?;
            }
            done = done.max(k);
            at(k, &r.state)?;
        }
        Ok(())
    }

    /// The board of `state` as an SVG document, for rulesets with a map (`None` for others),
    /// on whichever kind of map the ruleset's view is.
    pub fn board_svg(&self, state: &GameState, choices: &Choices) -> Result<Option<String>> {
        board_svg(self.ruleset.view(state, self.viewer), choices)
    }

    /// The dice of step `k` and what produced them: for fair dice, each witness's revealed
    /// chain value and the seed they make (docs/PROTOCOL.md section 5.4).
    pub fn dice_of(&self, k: usize) -> Option<Value> {
        let item = self.log.get(k)?;
        if item.rolls.is_empty() {
            return None;
        }
        let request: EntryId = item.entry.id;
        let (mut reveals, extra) = item.seed_from.clone().unwrap_or_default();
        let seed = (!reveals.is_empty())
            .then(|| rolls::fair_seed_with(&self.entries[0].entry.game, &request, &reveals, extra));
        reveals.extend(extra);
        Some(json!({
            "faces": item.rolls.iter().map(|(s, f)| json!({"sides": s, "face": f})).collect::<Vec<_>>(),
            "how": item.dice,
            "request": request.to_hex(),
            "reveals": reveals.iter().map(|(p, v)| json!({"player": p, "name": self.names.get(usize::from(*p)), "value": v.to_hex()})).collect::<Vec<_>>(),
            "seed": seed.map(hex::encode),
        }))
    }
}

/// The picture of `view` as an SVG document, by the renderer of its kind; `None` for a
/// ruleset without a map (no view).
pub fn board_svg(view: Option<View>, choices: &Choices) -> Result<Option<String>> {
    Ok(view.map(|view| crate::picture::svg(&view, choices)).transpose()?)
}

/// Who a replay of a local game is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum For {
    /// The local player: their own concealed commands are shown whole (`grognard replay`).
    Me,
    /// Anyone the output may reach (`grognard export-html` writes a page to share): only
    /// what the journal itself shows, concealed commands by their projection until opened.
    Everyone,
}

/// Open the match: a journal file when `target` names one, else a local game, replayed for
/// `reader` (a journal file shows only what it holds, whoever reads it).
pub fn load(target: Option<&str>, reader: For) -> Result<Match> {
    let rulesets = registry::all();
    if let Some(path) = target.map(Path::new).filter(|p| p.is_file()) {
        // The same reading as `grognard verify --file`: a journal file, or a packet holding a
        // whole journal; an incomplete last line is left out.
        let checked = crate::cmd::verify::read_input(path, MAX_JOURNAL_FILE_BYTES)?.check(&rulesets).map_err(|f| {
            let shown = one_line(&path.display().to_string()).into_owned();
            let why = f.message.strip_prefix("verification failed: ").unwrap_or(&f.message).to_string();
            Failure { message: format!("{shown} does not verify: {why}"), ..f }
        })?;
        let knowledge = checked.replay.knowledge.clone();
        return Ok(analyse(checked.replay, checked.entries, knowledge, Viewer::Everyone));
    }
    let home = seat::home()?;
    let local = seat::open(&seat::select(&home, target)?, LockMode::Shared)?;
    let game = local.game;
    if reader == For::Everyone {
        // The journal alone: the local player's own concealed commands stay concealed.
        let checked = grognard_journal::verify::check(
            &rulesets,
            game.entries,
            grognard_journal::verify::SigCheck::Only(&Default::default()),
        )
        .map_err(|p| Failure::new(p.code(), p.to_string()))?;
        let knowledge = checked.replay.knowledge.clone();
        return Ok(analyse(checked.replay, checked.entries, knowledge, Viewer::Everyone));
    }
    let knowledge = game.replay.knowledge.clone();
    Ok(analyse(game.replay, game.entries, knowledge, Viewer::Player(local.me)))
}

/// The turn after every step, by one replay of the whole match.
fn analyse(replay: Replay<'static>, entries: Vec<SignedEntry>, knowledge: Knowledge, viewer: Viewer) -> Match {
    let ruleset = replay.ruleset;
    let mut turns = Vec::with_capacity(entries.len());
    if let Ok(mut r) = Replay::start(ruleset, &entries[0]) {
        r.knowledge = knowledge.clone();
        turns.push(ruleset.turn(&r.state));
        for e in entries.iter().skip(1) {
            // The entries verified already; a failure here would be a bug, and shows as
            // steps without a turn.
            let _ = r.apply(e);
            turns.push(ruleset.turn(&r.state));
        }
    }
    let names = replay.genesis.players.iter().map(|p| p.name.clone()).collect();
    let verdict = Verdict::of(&replay, &entries);
    Match {
        ruleset,
        short: replay.game.to_hex()[..8].to_string(),
        log: replay.log,
        entries,
        knowledge,
        turns,
        names,
        viewer,
        verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::testing::area_view;

    #[test]
    fn a_replay_step_draws_an_area_map_and_nothing_for_a_ruleset_without_a_map() {
        let svg = board_svg(Some(area_view()), &Choices::default()).unwrap_or_else(|f| panic!("{}", f.message));
        let svg = svg.unwrap_or_default();
        assert!(svg.starts_with("<svg") && svg.contains("Why Woods") && svg.contains(">Alpha<"), "{svg}");
        assert!(matches!(board_svg(None, &Choices::default()), Ok(None)));
        let not_a_board = View::new(grognard_engine::ViewKind::Area, 7_u8);
        let failure = board_svg(Some(not_a_board), &Choices::default()).err().map(|f| f.code);
        assert_eq!(failure, Some("unsupported-picture"));
    }
}
