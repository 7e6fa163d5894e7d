//! Proof of misbehaviour, kept: when a command meets an equivocation (one player signed two
//! different entries for one place of their feed) or a forfeit (a concealed command whose
//! opening fails, docs/PROTOCOL.md section 12), both signed records are written to a
//! file anyone can check, in the game's directory (`evidence/`) or, for a game that is not
//! on this machine, in `$GROGNARD_HOME/evidence/`. The failure names the file, in text and
//! in `--json` (`evidence`: its path and the two records).

use crate::failure::Failure;
use grognard_journal::entry::SignedEntry;
use grognard_journal::error::Problem;
use grognard_journal::game::GameError;
use grognard_journal::store::write_file_atomic;
use serde_json::json;
use std::path::{Path, PathBuf};

/// The directory that holds evidence, inside a game directory or a home.
pub const EVIDENCE_DIR: &str = "evidence";

/// The failure for `e`, with an equivocation's proof stored in `game_dir`'s evidence (or the
/// home's when `game_dir` is `None`).
pub fn failure_in(game_dir: Option<&Path>, e: GameError) -> Failure {
    let mut failure = Failure::new(e.code(), e.to_string());
    failure.rule = e.rule().map(Box::from);
    if let GameError::Store(grognard_journal::store::StoreError::Io { action: "append to", .. }) = &e {
        // The journal is appended whole or not at all (a partial append is cut back).
        return failure
            .hint("nothing was added to the journal; make room on the disk (or fix it) and run the command again");
    }
    let (what, author, seq, first, second) = match &e {
        GameError::Problem(Problem::Equivocation { author, seq, first, second }) => {
            (Proof::Equivocation, *author, *seq, first, second)
        }
        GameError::Problem(Problem::Forfeit { player, hidden, opening, .. }) => {
            (Proof::Forfeit, *player, hidden.entry.seq, hidden, opening)
        }
        _ => return failure,
    };
    let records = [record_text(first), record_text(second)];
    let failure = failure.hint(format!("proof ({}):\n{}\n{}", what.short(), records[0], records[1]));
    let dir = match game_dir {
        Some(d) => d.join(EVIDENCE_DIR),
        None => match crate::seat::home() {
            Ok(home) => home.root().join(EVIDENCE_DIR),
            Err(_) => return failure,
        },
    };
    let game = first.entry.game.to_hex();
    match store(&dir, &game, what, author, seq, &records) {
        Ok(path) => {
            let hint = format!(
                "the proof is kept in {}: send it to the other players; anyone can check both signatures",
                path.display()
            );
            let mut failure = failure.hint(hint);
            failure.evidence = Some(json!({"evidence": path, "game": game, "author": author, "seq": seq,
                                           "records": records}));
            failure
        }
        Err(why) => failure.hint(format!("the proof could not be kept in {}: {why}", dir.display())),
    }
}

/// What a pair of signed records proves.
#[derive(Clone, Copy)]
enum Proof {
    /// Two entries for one place of a feed.
    Equivocation,
    /// A concealed command and its failed opening.
    Forfeit,
}

impl Proof {
    fn short(self) -> &'static str {
        match self {
            Proof::Equivocation => "two signed entries for one place",
            Proof::Forfeit => "a concealed command and its failed opening, both signed",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Proof::Equivocation => "equivocation",
            Proof::Forfeit => "forfeit",
        }
    }

    fn header(self, game: &str, author: u8, seq: u64) -> String {
        match self {
            Proof::Equivocation => format!(
                "# Grognard evidence: an equivocation in game {game}.\n\
                 # Player {author} signed two different entries for place #{seq} of their feed; an honest\n\
                 # program never does. Each line below is a signed record (signature, space, entry) as in\n\
                 # the journal (docs/PROTOCOL.md): check both signatures against the player's public key.\n"
            ),
            Proof::Forfeit => format!(
                "# Grognard evidence: a forfeit in game {game}.\n\
                 # Player {author} concealed a command (entry #{seq} of their feed, first line) and opened it\n\
                 # (second line) to a command that fails its commitment or the rules (docs/PROTOCOL.md,\n\
                 # section 12). Check both signatures against the player's public key, then replay.\n"
            ),
        }
    }
}

fn record_text(e: &SignedEntry) -> String {
    String::from_utf8_lossy(&e.record()).into_owned()
}

/// Write the evidence file (atomically); an identical file already there is reused.
fn store(dir: &Path, game: &str, what: Proof, author: u8, seq: u64, records: &[String; 2]) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let text = format!("{}{}\n{}\n", what.header(game, author, seq), records[0], records[1]);
    let kind = what.name();
    for n in 1..100u32 {
        let short = &game[..8.min(game.len())];
        let name = if n == 1 {
            format!("{kind}-{short}-{author}-{seq}.txt")
        } else {
            format!("{kind}-{short}-{author}-{seq}-{n}.txt")
        };
        let path: PathBuf = dir.join(name);
        match std::fs::read_to_string(&path) {
            Ok(existing) if existing == text => return Ok(path),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_file_atomic(&path, text.as_bytes(), 0o644).map_err(|e| e.to_string())?;
                return Ok(path);
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err("too many evidence files of this place already".into())
}
