//! The guard of the one-binary test suites (`engine/fnc`, `engine/eia`, `cli`,
//! `tests/acceptance`): each `tests/main.rs` declares every file of its `tests/` as a module,
//! and a file left out would never run. Included by each `tests/main.rs` with `#[path]`.

/// The files and directories of `manifest_dir/tests/` that are Rust modules but neither
/// declared `mod NAME;` in `main` (the text of `tests/main.rs`) nor one of `standalone`, test
/// binaries of their own declared in `cargo` (the crate's Cargo.toml).
pub fn undeclared(manifest_dir: &str, main: &str, cargo: &str, standalone: &[&str]) -> Vec<String> {
    let dir = std::path::Path::new(manifest_dir).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
        let is_module = path.extension().is_some_and(|e| e == "rs") || path.join("mod.rs").is_file();
        let alone = standalone.contains(&stem) && cargo.contains(&format!("path = \"tests/{stem}.rs\""));
        if is_module && stem != "main" && !alone && !main.contains(&format!("\nmod {stem};")) {
            missing.push(stem.to_string());
        }
    }
    missing.sort();
    missing
}
