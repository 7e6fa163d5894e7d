use crate::failure::Result;
use crate::registry;
use serde_json::json;

pub fn run(json: bool) -> Result<()> {
    let mut list = Vec::new();
    let mut options = Vec::new();
    let mut text = String::new();
    for r in registry::all() {
        let info = r.info();
        let tag = if info.test_only { " [test ruleset]" } else { "" };
        text.push_str(&format!("{} {} — {}{tag}\n", info.id, info.version, info.name));
        for s in r.scenarios() {
            let powers: Vec<String> = s.powers.iter().map(|p| format!("{} ({})", p.id, p.side)).collect();
            text.push_str(&format!(
                "  {}: {} — {} players; powers: {}\n    {}\n",
                s.id,
                s.name,
                if s.min_players == s.max_players {
                    s.min_players.to_string()
                } else {
                    format!("{}-{}", s.min_players, s.max_players)
                },
                powers.join(", "),
                s.description
            ));
            list.push(json!({"ruleset": info.id, "version": info.version, "test_only": info.test_only, "scenario": s}));
        }
        for o in r.options() {
            text.push_str(&format!("  option {}: {}\n", o.id, o.description));
            options.push(json!({"ruleset": info.id, "option": o}));
        }
    }
    super::emit(json, json!({"ok": true, "scenarios": list, "options": options}), || text)?;
    Ok(())
}
