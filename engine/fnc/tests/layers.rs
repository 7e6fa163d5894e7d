//! The FNC crate is layers, and dependencies point one way (ARCHITECTURE.md, "FNC"): this
//! test reads every `crate::` path in `src/` and fails on an import against the layers, a
//! cycle between modules, or a module the layers do not place.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first, and the top-level modules of each.
const LAYERS: &[(&str, &[&str])] = &[
    ("data", &["data"]),
    ("model", &["ids", "state", "battle", "command", "orders", "happened"]),
    ("per-game facts", &["games"]),
    ("context", &["ctx", "courses"]),
    ("shared rules", &["calendar", "choices", "control", "stacking", "recycling", "supply"]),
    ("phases", &["setup", "events", "reinforcements", "movement", "combat"]),
    ("sequencing and the command table", &["sequence", "position", "table", "standing", "reveal"]),
    ("the ruleset and its presentation", &["scenario", "ruleset", "aids", "view", "fog_view"]),
    ("readers of the whole game: computer opponents and invariants", &["bot", "invariants"]),
];

/// Imports the layers allow against their order, each with its reason. `ruleset` names the
/// ruleset's bots (`Ruleset::bots` returns `bot::fnc_bots()`: a trait's items live in one
/// impl), while the bots play through the ruleset; nothing else in `ruleset` may use `bot`.
const ALLOWED_UPWARD: &[(&str, &str)] = &[("ruleset", "bot")];

/// The layer whose modules may not import one another.
const SEALED: &str = "phases";

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("src is readable").map(|e| e.expect("an entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a source file belongs to (`combat/siege.rs` -> `combat`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let first = rel.components().next().expect("a component").as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

/// The code without comments (line comments, doc comments included).
fn code(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The first segments of the paths in a `crate::` use or path: `crate::a::b` gives `a`,
/// `crate::{a, b::{c, d}}` gives `a` and `b`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while let Some(found) = code[at..].find("crate::") {
        let start = at + found + "crate::".len();
        at = start;
        // `$crate::` and `grognard_crate::` are not this crate.
        if start > 7
            && (bytes[start - 8].is_ascii_alphanumeric() || bytes[start - 8] == b'_' || bytes[start - 8] == b'$')
        {
            continue;
        }
        if bytes.get(start) == Some(&b'{') {
            let mut depth = 0;
            let mut item = String::new();
            let mut items = Vec::new();
            for &b in &bytes[start..] {
                match b {
                    b'{' => {
                        depth += 1;
                        if depth > 1 {
                            item.push('{');
                        }
                    }
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            items.push(std::mem::take(&mut item));
                            break;
                        }
                        item.push('}');
                    }
                    b',' if depth == 1 => items.push(std::mem::take(&mut item)),
                    _ => item.push(b as char),
                }
            }
            for item in items {
                let name: String = item.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !name.is_empty() && name != "self" {
                    out.insert(name);
                }
            }
        } else {
            let name: String = code[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut deps: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in all {
        let module = module_of(&src, &file);
        if module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        let used = crate_paths(&code(&text));
        let entry = deps.entry(module.clone()).or_default();
        entry.extend(
            used.into_iter().filter(|m| *m != module && !ALLOWED_UPWARD.contains(&(module.as_str(), m.as_str()))),
        );
    }
    deps
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, modules)| modules.contains(&module))
}

#[test]
fn every_module_is_placed_in_a_layer() {
    let unplaced: Vec<String> = graph().into_keys().filter(|m| layer_of(m).is_none()).collect();
    assert!(unplaced.is_empty(), "modules no layer places (add them to LAYERS and ARCHITECTURE.md): {unplaced:?}");
}

#[test]
fn imports_point_down_the_layers_and_phases_import_no_other_phase() {
    let mut wrong = Vec::new();
    for (module, used) in graph() {
        let Some(mine) = layer_of(&module) else { continue };
        for dep in used {
            // Items of the crate root (`crate::Ctx` re-exports) are not modules.
            let Some(theirs) = layer_of(&dep) else { continue };
            if theirs > mine {
                wrong.push(format!(
                    "{module} ({}) imports {dep} ({}), a higher layer",
                    LAYERS[mine].0, LAYERS[theirs].0
                ));
            } else if theirs == mine && LAYERS[mine].0 == SEALED {
                wrong.push(format!("the phase {module} imports the phase {dep}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_modules_import_each_other_even_through_others() {
    let deps = graph();
    // Depth-first search for a cycle: 0 unseen, 1 on the path, 2 done.
    fn visit(
        m: &str,
        deps: &BTreeMap<String, BTreeSet<String>>,
        mark: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match mark.get(m) {
            Some(1) => {
                let from = path.iter().position(|p| p == m).unwrap_or(0);
                let mut cycle = path[from..].to_vec();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            Some(2) => return None,
            _ => {}
        }
        mark.insert(m.to_string(), 1);
        path.push(m.to_string());
        for d in deps.get(m).into_iter().flatten() {
            if deps.contains_key(d) {
                if let Some(c) = visit(d, deps, mark, path) {
                    return Some(c);
                }
            }
        }
        path.pop();
        mark.insert(m.to_string(), 2);
        None
    }
    let mut mark = BTreeMap::new();
    for m in deps.keys() {
        if let Some(cycle) = visit(m, &deps, &mut mark, &mut Vec::new()) {
            panic!("an import cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_ruleset_uses_the_bot_module_only_to_list_its_bots() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ruleset.rs")).expect("ruleset");
    let code = code(&text);
    assert_eq!(code.matches("crate::bot").count(), 1, "ruleset.rs names `crate::bot` once, for `Ruleset::bots`");
    assert!(code.contains("crate::bot::fnc_bots()"));
}

#[test]
fn the_reader_of_imports_sees_groups_and_nested_paths() {
    let found = crate_paths("use crate::{a, b::{c, d}, self};\nlet x = crate::e::f(); $crate::g; grognard_crate::h");
    assert_eq!(found, ["a", "b", "e"].into_iter().map(String::from).collect());
}
