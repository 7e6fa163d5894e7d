use crate::failure::Result;
use crate::seat;
use serde_json::json;

pub fn run(json: bool) -> Result<()> {
    let home = seat::home()?;
    let mut list = Vec::new();
    let mut text = String::new();
    for dir in seat::game_dirs(&home)? {
        let id = dir.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
        match seat::open(&dir) {
            Ok(local) => {
                let g = &local.game.replay.genesis;
                let waiting = grognard_journal::local::waiting_sentence(&local.game);
                text.push_str(&format!(
                    "{id}  {} {}  as {}  — {waiting}\n",
                    g.ruleset,
                    crate::registry::scenario_label(&g.ruleset, &g.scenario),
                    local.identity.name
                ));
                list.push(json!({"game": id, "ruleset": g.ruleset, "scenario": g.scenario, "me": local.me.0, "waiting": waiting}));
            }
            Err(f) => {
                text.push_str(&format!("{id}  cannot be opened: {}\n", f.message));
                list.push(json!({"game": id, "error": f.message}));
            }
        }
    }
    if list.is_empty() {
        text = "No games yet: `grognard new` starts one, `grognard join <packet>` joins one.".into();
    }
    super::emit(json, json!({"ok": true, "games": list}), || text);
    Ok(())
}
