use crate::failure::Result;
use crate::seat;
use grognard_journal::store::LockMode;
use serde_json::json;

pub fn run(json: bool) -> Result<()> {
    let home = seat::home()?;
    crate::install::clean_leftovers(&home.games_dir());
    let mut list = Vec::new();
    let mut text = String::new();
    for dir in seat::game_dirs(&home)? {
        let id = seat::dir_name(&dir);
        match seat::open(&dir, LockMode::Shared) {
            Ok(local) => {
                let g = &local.game.replay.genesis;
                // What the game starts from, typed: `ec`, or `ec (from a position)`.
                let setup = &local.game.replay.setup;
                let waiting = grognard_journal::local::waiting_sentence(&local.game);
                text.push_str(&format!("{id}  {} {}  as {}  — {waiting}\n", g.ruleset, setup, local.identity.name));
                list.push(json!({"game": id, "ruleset": g.ruleset, "scenario": setup.scenario,
                                 "from_position": setup.is_position(), "me": local.me.0, "waiting": waiting}));
            }
            Err(f) if f.code == "locked" => {
                text.push_str(&format!("{id}  busy: {}\n", f.message));
                list.push(json!({"game": id, "busy": true, "error": f.message}));
            }
            Err(f) => {
                let fix = seat::repair_hint(&dir);
                text.push_str(&format!("{id}  BROKEN: {}\n  {fix}\n", f.message));
                list.push(json!({"game": id, "broken": true, "error": f.message, "fix": fix}));
            }
        }
    }
    if list.is_empty() {
        text = "No games yet: `grognard new` starts one, `grognard join <packet>` joins one.".into();
    }
    super::emit(json, json!({"ok": true, "games": list}), || text)?;
    Ok(())
}
