//! The command-line tool's tests: each module runs the `grognard` binary as players do.
//!
//! Every file of `tests/` is a module of this one binary (one link instead of one a file),
//! but those of [`STANDALONE`], test binaries of their own (Cargo.toml);
//! `every_test_file_is_a_module` refuses a file left out.

mod common;

mod answer_at_once;
mod archive;
mod bots;
mod broken_games;
mod by_mail;
mod evidence_and_keys;
mod export_html;
mod flood;
mod fnc_position;
mod fog_fnc;
mod full_disk;
mod hidden_powder;
mod imap_idle;
mod letters;
mod mail_servers;
mod mail_turn;
mod output_errors;
mod parallel_writers;
mod play_aids;
mod player_files;
mod protocol_v1_games;
mod read_only_game;
mod replay;
mod seat_changes;
mod show;
mod show_area_map;
mod status_staged;
mod two_players;
mod typed_refusals;
mod untrusted_text;
mod waiting_since;
mod witnesses_concerned;

/// Tests that kill processes at moments measured from a calibration run: each runs alone, with
/// the machine to itself, so that other tests' load does not skew the moments.
const STANDALONE: &[&str] = &["crash_commands", "crash_create"];

#[path = "../../tests/test_modules.rs"]
mod test_modules;

/// A file of `tests/` that is not declared above would never run: refuse it.
#[test]
fn every_test_file_is_a_module() {
    let missing = test_modules::undeclared(
        env!("CARGO_MANIFEST_DIR"),
        include_str!("main.rs"),
        include_str!("../Cargo.toml"),
        STANDALONE,
    );
    assert!(missing.is_empty(), "tests/ files not declared in tests/main.rs: {missing:?}");
}
