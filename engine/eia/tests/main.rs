//! The rules tests of Empires in Arms: one module a rule section or concern.
//!
//! Every file of `tests/` is a module of this one binary (one link instead of one a file);
//! `every_test_file_is_a_module` refuses a file left out.

mod economy_support;
mod naval_support;
mod support;

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

/// A file of `tests/` that is not declared above would never run: refuse it.
#[test]
fn every_test_file_is_a_module() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        let is_module = path.extension().is_some_and(|e| e == "rs") || path.join("mod.rs").is_file();
        if is_module && stem != "main" && !main.contains(&format!("\nmod {stem};")) {
            missing.push(stem.to_string());
        }
    }
    assert!(missing.is_empty(), "tests/ files not declared in tests/main.rs: {missing:?}");
}
