//! The limits of docs/PROTOCOL.md section 10 that every ruleset shares, each at the limit and
//! one past it: the length of a typed command and of a written position (the journal's own
//! limits, on entries, packets, nesting and games, are tested in the journal crate).

use grognard_engine::{AnyRuleset, MAX_COMMAND_BYTES, MAX_POSITION_BYTES};

static FNC: grognard_fnc::Fnc = grognard_fnc::Fnc;
static EIA: grognard_eia::Eia = grognard_eia::Eia;

fn ruleset(id: &str) -> &'static dyn AnyRuleset {
    match id {
        "fnc" => &FNC,
        "eia" => &EIA,
        _ => grognard_acceptance::duel(),
    }
}

/// `text` padded with spaces to exactly `len` bytes.
fn padded(text: &str, len: usize) -> String {
    format!("{text}{}", " ".repeat(len - text.len()))
}

#[test]
fn a_command_is_read_up_to_its_limit_and_refused_one_byte_past_it_by_every_ruleset() {
    for (id, command) in [("fnc", "end"), ("eia", "end"), ("duel", "rest")] {
        let r = ruleset(id);
        let at = padded(command, MAX_COMMAND_BYTES);
        assert!(r.parse_command(command).is_ok(), "{id}: {command}");
        assert_eq!(r.parse_command(&at).ok(), r.parse_command(command).ok(), "{id}: at the limit");
        let past = padded(command, MAX_COMMAND_BYTES + 1);
        let e = r.parse_command(&past).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(&format!("at most {MAX_COMMAND_BYTES} bytes")), "{id}: {e}");
    }
}

#[test]
fn a_position_is_read_up_to_its_limit_and_refused_one_byte_past_it() {
    let r = ruleset("fnc");
    let position = "fnc-position 1\ngame ec\nturn 2\nphase movement\nphasing french\nhex 1127: fr-fort fr-1-1 fr-1-2\n";
    // Padded with a comment to the limit: read as the position it is.
    let comment = format!("# {}\n", "x".repeat(MAX_POSITION_BYTES - position.len() - 3));
    let at = format!("{position}{comment}");
    assert_eq!(at.len(), MAX_POSITION_BYTES);
    assert!(r.position_setup(&at).is_ok(), "{:?}", r.position_setup(&at).err());
    let past = format!("{at}#");
    let e = r.position_setup(&past).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains(&format!("at most {MAX_POSITION_BYTES} bytes")), "{e}");
}
