//! `odds ATTACKERS HEX`: what an attack would be, before it is declared: both forces with
//! each unit's factor and modifiers, the percentage, the base column, every column shift
//! with its cause, the final column and the result of each die face on the table in force.
//!
//! Nothing is reckoned here: the declaration is checked by [`combat::declare::check`] (so an
//! illegal attack is refused with the rule `attack` cites) and the odds come from
//! [`combat::odds()`], the functions `attack` resolves with; the state is not changed.

use crate::combat;
use crate::combat::declare;
use crate::combat::strengths::Force;
use crate::ctx::Ctx;
use crate::data::{CrtResult, UnitType, DIE_FACES};
use crate::state::{State, UnitId};
use grognard_board::HexId;
use grognard_engine::{AidAnswer, RuleError};
use serde_json::json;

fn force_lines(ctx: &Ctx, force: &Force) -> Vec<String> {
    let mut out: Vec<String> = force
        .units
        .iter()
        .map(|u| {
            let mut s = format!("    {} {}", u.unit, u.printed);
            if u.division_bonus > 0 {
                s.push_str(&format!(" +{} divisional integrity (11.10)", u.division_bonus));
            }
            if u.doubled {
                s.push_str(" x2 siege train against an intact fortress (11.8)");
            }
            let counter = ctx.counter(&u.unit);
            if u.total == 0 {
                let why = match counter {
                    Some(c) if c.kind == UnitType::SiegeTrain => " (a siege train adds no factor, 11.8)",
                    Some(c) if c.kind == UnitType::Sc => " (the SC has no combat factor, 14.3)",
                    _ => " (a factor of zero, 11.27)",
                };
                s.push_str(why);
            }
            s.push_str(&format!(" = {}", u.total));
            s
        })
        .collect();
    out.extend(force.fleets.iter().map(|(f, a)| format!("    {f} {a} fleet support (10.2)")));
    out
}

/// The `odds` aid's answer. Fleets may be named among the attackers: they support the
/// attack as `attack UNITS HEX FLEETS` would name them (10.2).
pub fn answer(ctx: &Ctx, state: &State, named: &[UnitId], hex: HexId) -> Result<AidAnswer, RuleError> {
    let (fleets, attackers): (Vec<UnitId>, Vec<UnitId>) =
        named.iter().cloned().partition(|u| ctx.counter(u).is_some_and(|c| c.kind == UnitType::Fleet));
    let side = attackers.first().and_then(|u| ctx.side_of(u)).unwrap_or(state.phasing);
    let d = declare::check(ctx, state, side, &attackers, hex, &fleets)?;
    let o = combat::odds(ctx, state, &d);
    let crt = ctx.charts.crt();
    let label = |c: usize| crt.columns.get(c).map_or_else(|| c.to_string(), |col| col.label.clone());
    let faces: Vec<(u8, CrtResult)> = (1..=DIE_FACES as u8)
        .map(|face| (face, if d.sc_alone { CrtResult::DC } else { crt.result(o.final_column, face) }))
        .collect();
    let mut text = format!(
        "Attack on {hex} by the {} (nothing is declared; 11.2):\n  attack {}:\n{}\n  defense {}{}:\n{}\n",
        ctx.rules.side_name(side),
        o.attack.total(),
        force_lines(ctx, &o.attack).join("\n"),
        o.defense.total(),
        if d.fortress { " in an intact fortress" } else { "" },
        force_lines(ctx, &o.defense).join("\n"),
    );
    if d.sc_alone {
        text.push_str("  the SC alone: an automatic DC, no die is rolled (14.3)\n");
    } else {
        text.push_str(&format!(
            "  {} / {} = {} (11.2): column {}\n",
            o.attack.total(),
            o.defense.total(),
            o.percent.map_or_else(|| "no defense strength".to_string(), |p| format!("{p}%")),
            label(o.base_column)
        ));
        if o.shifts.is_empty() {
            text.push_str("  no column shift (11.5)\n");
        }
        for s in &o.shifts {
            text.push_str(&format!("  shift {s}\n"));
        }
        text.push_str(&format!(
            "  net {:+}{}: column {}\n",
            o.net,
            if o.clamped { " (held at the extreme column, 11.11)" } else { "" },
            label(o.final_column)
        ));
    }
    let results: Vec<String> = faces.iter().map(|(f, r)| format!("{f}: {}", r.code())).collect();
    text.push_str(&format!("  die {}\n", results.join(", ")));
    let json = json!({
        "aid": "odds", "rule": "11.2", "side": ctx.rules.side_id(side), "hex": hex,
        "attackers": o.attack.units, "fleets": o.attack.fleets, "invasion": d.invasion,
        "defenders": o.defense.units, "fortress": d.fortress,
        "attack_strength": o.attack.total(), "defense_strength": o.defense.total(),
        "percent": o.percent, "base_column": label(o.base_column),
        "shifts": o.shifts, "net_shift": o.net, "clamped": o.clamped,
        "final_column": label(o.final_column), "automatic": d.sc_alone,
        "engineer": o.engineer,
        "results": faces.iter().map(|(f, r)| json!({"die": f, "result": r.code(),
            "rule": combat::steps::result_rule(r.code())})).collect::<Vec<_>>(),
    });
    Ok(AidAnswer { text, json })
}
