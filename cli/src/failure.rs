//! How the CLI fails: a message that says what is wrong and what to do, a stable code for
//! scripts, and the exit status (1 refused or failed, 2 usage).

use grognard_journal::error::Problem;
use grognard_journal::game::GameError;
use serde_json::json;
use std::process::ExitCode;

#[derive(Debug)]
pub struct Failure {
    pub code: String,
    pub message: String,
    pub hint: Option<String>,
    pub usage: bool,
    /// Already reported by the command itself: only the exit status is left to give.
    pub reported: bool,
}

impl Failure {
    pub fn new(code: &str, message: impl Into<String>) -> Failure {
        Failure { code: code.into(), message: message.into(), hint: None, usage: false, reported: false }
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
    pub fn reported(code: &str) -> Failure {
        Failure { reported: true, ..Failure::new(code, "") }
    }

    pub fn report(&self, json: bool) -> ExitCode {
        if self.reported {
            return ExitCode::from(1);
        }
        if json {
            let v = json!({"ok": false, "error": self.code, "message": self.message, "hint": self.hint});
            println!("{v}");
        } else {
            eprintln!("grognard: {}", self.message);
            if let Some(h) = &self.hint {
                eprintln!("  {h}");
            }
        }
        ExitCode::from(if self.usage { 2 } else { 1 })
    }
}

impl From<GameError> for Failure {
    fn from(e: GameError) -> Failure {
        let failure = Failure::new(e.code(), e.to_string());
        match &e {
            // The proof: both signed entries, so anyone can check it.
            GameError::Problem(Problem::Equivocation { first, second, .. }) => failure.hint(format!(
                "proof (two signed entries for one place):\n{}\n{}",
                String::from_utf8_lossy(&first.record()),
                String::from_utf8_lossy(&second.record())
            )),
            _ => failure,
        }
    }
}

impl From<crate::home::HomeError> for Failure {
    fn from(e: crate::home::HomeError) -> Failure {
        Failure::new("identity", e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, Failure>;
