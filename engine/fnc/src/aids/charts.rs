//! `charts`: the Terrain Effects Chart and the Combat Results Table in force this game turn,
//! read from the game's `charts.txt` with the turn's conditions applied (summer, winter, the
//! Nile flood: 9.16-9.18).

use crate::ctx::Ctx;
use crate::data::{Barrier, BarrierKey, Cost, HexTerrain};
use crate::state::State;
use grognard_engine::{AidAnswer, RuleError};
use serde_json::json;

/// The `charts` aid's answer.
pub fn answer(ctx: &Ctx, state: &State) -> Result<AidAnswer, RuleError> {
    let Some(turn) = ctx.turn(state.turn) else {
        return Err(RuleError::new("5.4", format!("turn {} is not on the turn record track", state.turn)));
    };
    let season = match turn.season {
        Some(s) => format!("{s:?}").to_lowercase(),
        None => "no season".into(),
    };
    let mut text = format!(
        "Charts in force on game turn {} ({}; {}{})\n\nTerrain Effects Chart (9.9-9.20, 11.6)\n  {:<10} {:>6} {:>6}\n",
        turn.number,
        turn.label,
        season,
        if turn.nile_flood { "; the Nile in flood, 9.16" } else { "" },
        "terrain",
        "MP",
        "shift"
    );
    let mut terrain_rows = Vec::new();
    for t in HexTerrain::ALL {
        let cost = ctx.charts.entry_cost(t, turn);
        let shift = ctx.charts.terrain_shift(t, turn);
        text.push_str(&format!("  {:<10} {:>6} {:>+6}\n", t.name(), cost.to_string(), shift));
        terrain_rows
            .push(json!({"terrain": t.name(), "entry": cost.to_string(), "prohibited": cost == Cost::Prohibited,
            "shift": shift}));
    }
    text.push_str(&format!(
        "  {:<10} {:>6}   (along a road, no hexside cost, 9.19)\n  hexsides: extra MP to cross off-road, and the shift when every attacker attacks across one (16.0 3A)\n",
        "road",
        Cost::HalfMp(ctx.charts.road_cost()).to_string()
    ));
    let mut keys: Vec<BarrierKey> =
        Barrier::ALL.into_iter().map(|barrier| BarrierKey { barrier, name: None }).collect();
    keys.extend(ctx.charts.named_barriers());
    let mut side_rows = Vec::new();
    for k in keys {
        let cost = ctx.charts.crossing_cost(k.barrier, k.name.as_deref(), turn);
        let shift = ctx.charts.all_across_shift(k.barrier, k.name.as_deref(), turn);
        text.push_str(&format!("  {:<16} {:>6} {:>+6}\n", k.to_string(), cost.to_string(), shift));
        side_rows.push(json!({"hexside": k.to_string(), "crossing": cost.to_string(),
            "prohibited": cost == Cost::Prohibited, "shift_all_across": shift}));
    }
    let crt = ctx.charts.crt();
    text.push_str("\nCombat Results Table (11.2, 11.11-11.20)\n  die ");
    for c in &crt.columns {
        text.push_str(&format!("{:>8}", c.label));
    }
    text.push('\n');
    let mut rows = Vec::new();
    for (i, row) in crt.results.iter().enumerate() {
        text.push_str(&format!("  {:>3} ", i + 1));
        for r in row {
            text.push_str(&format!("{:>8}", r.code()));
        }
        text.push('\n');
        rows.push(json!({"die": i + 1, "results": row.iter().map(|r| r.code()).collect::<Vec<_>>()}));
    }
    let json = json!({
        "aid": "charts",
        "turn": {"number": turn.number, "label": turn.label, "season": turn.season, "nile_flood": turn.nile_flood},
        "terrain": terrain_rows, "road": Cost::HalfMp(ctx.charts.road_cost()).to_string(), "hexsides": side_rows,
        "crt": {"columns": crt.columns.iter().map(|c| c.label.clone()).collect::<Vec<_>>(), "rows": rows},
    });
    Ok(AidAnswer { text, json })
}
