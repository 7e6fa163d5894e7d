//! The rules tests of Empires in Arms: one module a rule section or concern.
//!
//! Every file of `tests/` is a module of this one binary (one link instead of one a file);
//! `every_test_file_is_a_module` refuses a file left out.

mod economy_support;
mod naval_support;
mod support;

mod campaign_placement;
mod combinations;
mod combined_movement;
mod conquest;
mod data_cards;
mod data_leaders;
mod data_scenario;
mod data_tables;
mod economy;
mod economy_america;
mod economy_options;
mod economy_random_play;
mod hidden_strengths;
mod irregulars;
mod land_combat;
mod land_movement;
mod leaders;
mod lookalike;
mod naval_combat;
mod naval_interception;
mod naval_movement;
mod naval_ports;
mod naval_random_play;
mod naval_reinforcement;
mod naval_transport;
mod political_random_play;
mod politics;
mod port_cities;
mod random_play;
mod reinforcements;
mod roll_concerns;
mod scenarios_other;
mod sieges;
mod steward;
mod supply;
mod war_before_battle;

#[path = "../../../tests/test_modules.rs"]
mod test_modules;

/// A file of `tests/` that is not declared above would never run: refuse it.
#[test]
fn every_test_file_is_a_module() {
    let missing = test_modules::undeclared(
        env!("CARGO_MANIFEST_DIR"),
        include_str!("main.rs"),
        include_str!("../Cargo.toml"),
        &[],
    );
    assert!(missing.is_empty(), "tests/ files not declared in tests/main.rs: {missing:?}");
}
