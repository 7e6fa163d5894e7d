//! Grognard's acceptance tests: whole games through real journals, tampering, crashes, dice.
//!
//! Every file of `tests/` is a module of this one binary (one link instead of one a file),
//! but those of [`STANDALONE`], test binaries of their own (Cargo.toml);
//! `every_test_file_is_a_module` refuses a file left out.

mod backdated_chain;
mod chain_after_the_end;
mod copies_duel;
mod copies_eia;
mod copies_fnc;
mod dice;
mod dice_attacks;
mod dice_witnesses_concerned;
mod eia_campaign_quarter;
mod eia_scripted_game;
mod eia_selfplay;
mod example_matches;
mod fnc_ec_game;
mod fnc_rsw_game;
mod fog_fnc;
mod fork;
mod full_game;
mod hidden;
mod legacy_position_genesis;
mod limits;
mod local_play;
mod mail_legs;
mod recorded_matches;
mod seats;
mod selfplay_checks;
mod simulation;
mod snapshot;
mod tamper_matches;
mod tampering;

/// Tests that kill processes at moments measured from a calibration run: each runs alone, with
/// the machine to itself, so that other tests' load does not skew the moments.
const STANDALONE: &[&str] = &["crash"];

#[path = "../../test_modules.rs"]
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
