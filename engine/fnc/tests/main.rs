//! The rules tests of Forgotten Napoleonic Campaigns: one module a rule section or concern.
//!
//! Every file of `tests/` is a module of this one binary (one link instead of one a file);
//! `every_test_file_is_a_module` refuses a file left out.

mod aids_common;
mod combat_harness;
mod core_common;
mod logistics_common;
mod support;

mod aids_board;
mod aids_no_panic;
mod aids_odds;
mod aids_reach;
mod bots;
mod charts_data;
mod combat_batch_11_3;
mod combat_declaration;
mod combat_odds;
mod combat_positions;
mod combat_property;
mod combat_results;
mod combat_retreat;
mod combat_rsw;
mod control_14;
mod counters_data;
mod events_6_ec;
mod events_6_legal_commands;
mod events_6_rsw;
mod events_typed;
mod fog_7_7_moves;
mod fog_7_7_views;
mod layers;
mod legal_complete;
mod legal_movement_complete;
mod map_data;
mod movement_10_naval;
mod movement_9;
mod movement_9_13_rclm;
mod movement_9_18_winter;
mod movement_9_19_ec_roads;
mod position_random_roundtrip;
mod position_roundtrip;
mod prompts_per_game;
mod properties_no_panic;
mod properties_random_play;
mod recycling_8_11;
mod recycling_8_11_game_data;
mod reinforcements_8_ec;
mod reinforcements_8_rsw;
mod robustness_commands;
mod sequence_5;
mod setup_3;
mod setup_4;
mod siege_13;
mod standing_orders;
mod supply_12_1_phase;
mod supply_12_8_rsw;
mod supply_12_game_data;
mod supply_12_lines;
mod view_7_8;

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
