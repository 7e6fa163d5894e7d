//! The one way the CLI writes to standard output and standard error.
//!
//! - Text goes through [`safe_text`]: control characters (C0 but the newline and the tab,
//!   DEL, C1) and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069)
//!   are shown escaped (`\x1b`, `\u{202e}`), so a string from a packet or a mail cannot drive
//!   the terminal or reorder what is shown. Fragments that must stay on one line (command
//!   text, step names, origins) go through [`one_line`] first, which escapes the newline and
//!   the tab too. JSON output is escaped by serde_json.
//! - A closed pipe (`grognard log | head -1`) ends the command quietly with exit status 141
//!   (128 + SIGPIPE, what a shell reports for a program killed by a broken pipe). Everything
//!   the command changed on disk was written and synced before its output.
//! - Any other write error (a full disk: `grognard log > /dev/full`) is a failure with a
//!   message, exit status 1. Standard error is written on a best-effort basis: a failure to
//!   report a failure is ignored, never a panic.

use crate::failure::{Failure, Result};
use std::borrow::Cow;
use std::io::{ErrorKind, Write};

/// Exit status of a command whose standard output was closed by its reader.
pub const BROKEN_PIPE_STATUS: u8 = 141;

/// Write `text` and a newline to standard output, escaped with [`safe_text`].
pub fn line(text: &str) -> Result<()> {
    let mut s = safe_text(text).into_owned();
    s.push('\n');
    raw(s.as_bytes())
}

/// Write a JSON document and a newline to standard output.
pub fn json(value: &serde_json::Value) -> Result<()> {
    let mut s = value.to_string();
    s.push('\n');
    raw(s.as_bytes())
}

/// Write bytes as they are to standard output and flush.
fn raw(bytes: &[u8]) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(write_failure)
}

fn write_failure(e: std::io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        return Failure::broken_pipe();
    }
    Failure::new("output", format!("cannot write to standard output: {e}")).hint(
        "the output is incomplete; nothing in the game was lost (its files are written and synced \
         before any output). Free some space or send the output elsewhere, then run the command again",
    )
}

/// Write `text` (escaped with [`safe_text`]) to standard error; errors are ignored.
pub fn error_text(text: &str) {
    let _ = std::io::stderr().lock().write_all(safe_text(text).as_bytes());
}

/// Is `c` shown escaped in text output (the newline and the tab aside)?
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape_char(c: char, out: &mut String) {
    let n = u32::from(c);
    if n < 0x80 {
        out.push_str(&format!("\\x{n:02x}"));
    } else {
        out.push_str(&format!("\\u{{{n:x}}}"));
    }
}

/// `text` with every control character but the newline and the tab, and every bidi
/// override or isolate, escaped.
pub fn safe_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| unsafe_char(c) && c != '\n' && c != '\t') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) && c != '\n' && c != '\t' {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` (an untrusted fragment) escaped to stay on one line: as [`safe_text`], and the
/// newline and the tab escaped too.
pub fn one_line(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            escape_char(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_overrides_are_escaped() {
        assert_eq!(safe_text("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(safe_text("\x1b[31mred\x07"), "\\x1b[31mred\\x07");
        assert_eq!(safe_text("del\x7f c1\u{9b}"), "del\\x7f c1\\u{9b}");
        assert_eq!(safe_text("a\u{202e}b\u{2066}c\u{2069}"), "a\\u{202e}b\\u{2066}c\\u{2069}");
        assert_eq!(safe_text("carriage\rreturn"), "carriage\\x0dreturn");
        assert_eq!(one_line("two\nlines\tand \x1b"), "two\\x0alines\\x09and \\x1b");
        assert_eq!(one_line("Grande Armée ✓"), "Grande Armée ✓");
    }
}
