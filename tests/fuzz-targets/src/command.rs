//! Command text for every ruleset (Duel, FNC, Empires in Arms): a command that parses prints
//! as a text that parses back to the same command.

use grognard_engine::AnyRuleset;

static DUEL: grognard_duel::Duel = grognard_duel::Duel;
static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
static EIA: grognard_eia::Eia = grognard_eia::Eia;

/// The target.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rulesets: [&dyn AnyRuleset; 3] = [&DUEL, &FNC, &EIA];
    for r in rulesets {
        if let Ok(command) = r.parse_command(text) {
            let printed = r.format_command(&command);
            let again = r.parse_command(&printed);
            assert_eq!(again.as_ref().ok(), Some(&command), "{}: `{text}` prints as `{printed}`", r.info().id);
        }
    }
}
