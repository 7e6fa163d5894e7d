//! How the CLI fails: a message that says what is wrong and what to do, a stable code for
//! scripts, and the exit status (1 refused or failed, 2 usage, 141 standard output closed).

use crate::output;
use grognard_journal::game::GameError;
use serde_json::{json, Value};
use std::process::ExitCode;

#[derive(Debug)]
pub struct Failure {
    pub code: &'static str,
    pub message: String,
    pub hint: Option<String>,
    pub usage: bool,
    /// Already reported by the command itself: only the exit status is left to give.
    pub reported: bool,
    /// Kept proof of misbehaviour (an equivocation): where it is stored and what it holds.
    pub evidence: Option<Value>,
    /// The rule of the game that refused (a rule number, or `input` for unreadable text).
    pub rule: Option<Box<str>>,
}

impl Failure {
    pub fn new(code: &'static str, message: impl Into<String>) -> Failure {
        Failure { code, message: message.into(), hint: None, usage: false, reported: false, evidence: None, rule: None }
    }

    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { usage: true, ..Failure::new("usage", message) }
    }

    /// Add a line of advice (after any already there).
    pub fn hint(mut self, hint: impl Into<String>) -> Failure {
        let hint = hint.into();
        self.hint = Some(match self.hint.take() {
            Some(first) => format!("{first}\n  {hint}"),
            None => hint,
        });
        self
    }

    /// A failure the command has already told the user about (exit status 1).
    pub fn reported(code: &'static str) -> Failure {
        Failure { reported: true, ..Failure::new(code, "") }
    }

    /// Standard output was closed by its reader: end quietly.
    pub fn broken_pipe() -> Failure {
        Failure { reported: true, ..Failure::new("broken-pipe", "") }
    }

    pub fn report(&self, json: bool) -> ExitCode {
        if self.code == "broken-pipe" && self.reported {
            return ExitCode::from(output::BROKEN_PIPE_STATUS);
        }
        if self.reported {
            return ExitCode::from(1);
        }
        // A failure to write to standard output is told on standard error, whatever the format.
        if json && self.code != "output" {
            let v = json!({"ok": false, "error": self.code, "rule": self.rule, "message": self.message,
                           "hint": self.hint, "evidence": self.evidence});
            if let Err(f) = output::json(&v) {
                return f.report(false);
            }
        } else {
            output::error_text(&format!("grognard: {}\n", self.message));
            if let Some(h) = &self.hint {
                output::error_text(&format!("  {h}\n"));
            }
        }
        ExitCode::from(if self.usage { 2 } else { 1 })
    }
}

impl From<GameError> for Failure {
    fn from(e: GameError) -> Failure {
        crate::evidence::failure_in(None, e)
    }
}

impl From<crate::home::HomeError> for Failure {
    fn from(e: crate::home::HomeError) -> Failure {
        Failure::new("identity", e.to_string())
    }
}

impl From<grognard_archive::ArchiveError> for Failure {
    fn from(e: grognard_archive::ArchiveError) -> Failure {
        use grognard_archive::ArchiveError as E;
        let failure = Failure::new(e.code(), e.to_string());
        match &e {
            E::Damaged { path, .. } => failure.hint(format!(
                "nothing was changed or used; keep the file for inspection (`mv {0} {0}.damaged`), and a new \
                 archive starts with the next `grognard archive add`",
                path.display()
            )),
            E::Newer { .. } => failure.hint("use a grognard release that knows its schema; nothing was changed"),
            E::Busy { .. } => failure.hint("run the command again once the other one has finished"),
            E::OtherHistory { game } => failure.hint(format!(
                "the archive keeps one history per game; `grognard archive export {} --out FILE` writes the one it holds",
                crate::cmd::archive::short(game)
            )),
            E::Older { .. } => failure.hint("nothing was changed: the archive already holds every entry of this journal"),
            E::Query(_) => Failure { usage: true, ..failure },
            E::NotArchived { .. } => failure.hint("`grognard archive list` shows what the archive holds"),
            E::Sqlite { .. } => failure.hint(
                "nothing was added; if the disk is full or read-only, make room or fix it and run the command again",
            ),
            E::TooLarge { .. } => failure,
        }
    }
}

pub type Result<T> = std::result::Result<T, Failure>;
