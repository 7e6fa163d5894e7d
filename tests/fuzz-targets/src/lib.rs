//! What each fuzz target checks. Every reader of input that comes from another player or from
//! a file a player gives is one target: a function of arbitrary bytes that must not panic and
//! that asserts the target's properties. Two drivers run them:
//!
//! - `tests/fuzz` (cargo-fuzz, libFuzzer, a nightly toolchain): coverage-guided, on demand;
//! - `tests/short_run.rs` here: each target over its seeds and a fixed number of seeded
//!   mutations of them ([`mutate`]), in every `cargo test`.
//!
//! FUZZING.md describes the targets and reports the runs.

pub mod command;
pub mod data;
pub mod mail;
pub mod mutate;
pub mod packet;
pub mod position;
pub mod record;

/// A fuzz target: its name (the directory of its seeds in `tests/fuzz/seeds/`) and its check.
pub struct Target {
    pub name: &'static str,
    pub check: fn(&[u8]),
}

/// Every target, in the order `tests/fuzz/run.sh` runs them.
pub const TARGETS: [Target; 6] = [
    Target { name: "packet", check: packet::check },
    Target { name: "record", check: record::check },
    Target { name: "command", check: command::check },
    Target { name: "position", check: position::check },
    Target { name: "mail", check: mail::check },
    Target { name: "data", check: data::check },
];
