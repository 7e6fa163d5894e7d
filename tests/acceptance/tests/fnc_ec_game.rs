//! Acceptance: a scripted game of The Egyptian Campaign from the historical set-up, several
//! full game turns through real journals with scripted dice, then full verification.

use grognard_acceptance::fnc::{
    battles, check_battle, events, expected as x, hex, Script, ScriptedGame, FIRST, SECOND,
};
use grognard_engine::Event;
use grognard_fnc::Phase;
use serde_json::{json, Value};

const F: usize = FIRST;
const O: usize = SECOND;

/// Game turn 1 (summer, 5.3: no random events nor reinforcements). The French march along
/// the coast road, rout the Bedouin at Damanhur (DR, advance) and lose the Guides before
/// Rosetta (AC). The Mamelukes ride down the Rosetta road and retake Damanhur (DES with the
/// ferocity shift; the Ottoman chooses which Mameluke is lost and advances).
fn turn1(s: &mut Script) {
    s.cmd(F, "move fr-2-1,fr-2-2,fr-3-1,fr-3-2,fr-cav-1,fr-gu 1327");
    s.cmd(F, "move fr-1-1,fr-1-2 1227");
    s.cmd(F, "move fr-4-1,fr-4-2,fr-5-1,fr-5-2,fr-cav-2 1029");
    s.cmd(F, "end");
    s.roll(F, "attack fr-cav-1 1428", &[3]);
    s.cmd(F, "advance fr-cav-1");
    s.roll(F, "attack fr-gu 1427", &[1, 2]);
    s.cmd(F, "end");
    s.cmd(F, "roll");
    s.cmd(F, "roll");
    // Ottoman
    s.cmd(O, "move ot-mm-1,ot-mm-2 1732 1632 1631 1630 1629 1528");
    s.cmd(O, "move ot-mm-4 1931 1932 1833 1732 1632 1631 1630");
    s.cmd(O, "move ot-mm-3 1737 1736 1735 1835 1834 1833 1732 1632 1631 1630");
    s.cmd(O, "end");
    s.roll(O, "attack ot-mm-1,ot-mm-2 1428", &[1, 3]);
    s.cmd(O, "lose ot-mm-2");
    s.cmd(O, "advance ot-mm-1");
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.cmd(O, "roll");
}

/// Game turn 2 (Nile flood). Plague: each side recycles a unit. The French draw the Dromedary
/// Corps from the cup, close every landward side of Rosetta and retake Damanhur (BB,
/// advance). Four Ottoman reinforcements arrive, three at Cairo and one at Jaffa; Mamelukes and a landing from
/// Damietta surround Alexandria, whose garrison surrenders (13.2). Rosetta's Janissaries,
/// cut off, are eliminated in the Ottoman supply phase.
fn turn2(s: &mut Script) {
    s.roll(F, "roll", &[4, 1, 2]);
    s.roll(F, "remove fr-or", &[2]);
    s.cmd(O, "remove ot-be-3");
    s.roll(F, "roll", &[2]);
    s.cmd(F, "enter fr-dc 1127");
    s.cmd(F, "end");
    s.cmd(F, "move fr-dc 1227 1327 1328 1429 1528 1527 1526");
    s.cmd(F, "move fr-sc 1227 1327 1328 1429 1528 1527");
    s.cmd(F, "move fr-eng,fr-siege 1227 1327");
    s.cmd(F, "move fr-2-1,fr-2-2 1328 1429 1528 1527");
    s.cmd(F, "move fr-1-1,fr-1-2 1327");
    s.cmd(F, "move fr-4-1,fr-4-2,fr-5-1,fr-5-2,fr-cav-2 1129 1229");
    s.cmd(F, "end");
    s.roll(F, "attack fr-3-1,fr-3-2 1428", &[2, 3]);
    s.cmd(F, "advance fr-3-2");
    s.cmd(F, "end");
    s.cmd(F, "roll");
    s.cmd(F, "roll");
    // Ottoman
    s.roll(O, "roll", &[6, 14, 14, 3, 6, 5]);
    s.cmd(O, "enter ot-si-2 1833");
    s.cmd(O, "enter ot-si-3 3623");
    s.cmd(O, "enter ot-be-5 1833");
    s.cmd(O, "enter ot-jn-4 1833");
    s.cmd(O, "enter ot-ni-1 anatolia");
    s.cmd(O, "end");
    s.cmd(O, "move ot-mm-3,ot-mm-4 1629 1528 1429 1328 1228");
    s.cmd(O, "move ot-mm-3 1227");
    s.cmd(O, "sail ot-jn-2 1028");
    s.cmd(O, "end");
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.roll(O, "roll", &[6, 2]);
    s.cmd(O, "advance ot-mm-3,ot-mm-4,ot-jn-2");
}

/// Game turn 3. Disputes in the Ottoman chain of command. No French reinforcement can enter
/// (no town in supply without Alexandria); the French storm Alexandria with the siege train
/// and the engineers (DC, Fort De), move a brigade pair up the Nile by RCLM and the SC to
/// Sais. A lone Bedouin attack fails (AR).
fn turn3(s: &mut Script) {
    s.roll(F, "roll", &[5, 4]);
    s.roll(F, "roll", &[9]);
    s.refuse(F, "enter fr-mo 1428", "8.4");
    s.cmd(F, "end");
    s.cmd(F, "move fr-1-1,fr-1-2,fr-eng,fr-siege 1227");
    s.cmd(F, "move fr-4-1,fr-4-2,fr-5-1,fr-5-2,fr-cav-2 1228");
    s.cmd(F, "river fr-2-1,fr-2-2 1528 1629 1630 1631 1632");
    s.cmd(F, "move fr-sc 1528 1629");
    s.cmd(F, "end");
    s.roll(F, "attack fr-1-1,fr-1-2,fr-eng,fr-siege,fr-4-1,fr-4-2,fr-5-1,fr-5-2,fr-cav-2 1127", &[3]);
    s.cmd(F, "advance fr-1-1,fr-1-2");
    s.cmd(F, "end");
    s.cmd(F, "roll");
    s.cmd(F, "roll");
    // Ottoman
    s.roll(O, "roll", &[4, 10, 10, 5]);
    s.cmd(O, "enter ot-se-3 1833");
    s.cmd(O, "enter ot-se-4 1833");
    s.cmd(O, "end");
    s.cmd(O, "move ot-be-5 1732");
    s.cmd(O, "end");
    s.roll(O, "attack ot-be-5 1632", &[3]);
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.cmd(O, "roll");
}

/// Game turn 4. The British intervene. The French cup draw and the recycled units enter at
/// Alexandria and Aboukir; Cairo falls (DR: the Ottoman chooses the losses, the survivors
/// retreat, the French advance). The Ottoman roll of 1 returns a unit to the container; their
/// counterattack on Cairo is an AES in which both sides choose a loss.
fn turn4(s: &mut Script) {
    s.roll(F, "roll", &[6]);
    s.cmd(O, "enter br-rm anatolia");
    s.cmd(O, "enter br-phil anatolia");
    s.cmd(O, "enter br-rn anatolia");
    s.roll(F, "roll", &[8]);
    s.cmd(F, "enter fr-gu 1127");
    s.cmd(F, "enter fr-or 1127");
    s.cmd(F, "enter fr-ln 1127");
    s.cmd(F, "enter fr-cav-1 1127");
    s.cmd(F, "enter fr-mo 1227");
    s.cmd(F, "enter fr-mar 1227");
    s.cmd(F, "end");
    s.cmd(F, "move fr-2-1,fr-2-2 1732");
    s.cmd(F, "move fr-dc 1527 1528 1629 1630 1631 1632 1732 1832");
    s.cmd(F, "move fr-4-1,fr-4-2,fr-5-1,fr-5-2 1327 1428 1527 1528 1629 1630 1631 1632 1732");
    s.cmd(F, "end");
    s.roll(F, "attack fr-2-1,fr-2-2,fr-4-1,fr-4-2,fr-5-1,fr-5-2,fr-dc 1833", &[3]);
    s.cmd(O, "lose ot-si-2,ot-jn-4");
    s.cmd(O, "retreat ot-se-3,ot-se-4 1834");
    s.cmd(F, "advance fr-2-1,fr-2-2");
    s.cmd(F, "end");
    s.cmd(F, "roll");
    s.cmd(F, "roll");
    // Ottoman
    s.roll(O, "roll", &[1]);
    s.cmd(O, "remove ot-be-1");
    s.cmd(O, "end");
    s.cmd(O, "end");
    s.roll(O, "attack ot-se-3,ot-se-4 1833", &[6]);
    s.cmd(O, "lose ot-se-4");
    s.roll(F, "lose fr-2-2", &[4]);
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.cmd(O, "roll");
}

/// Game turn 5. Ottoman infighting in Egypt holds the Ottomans still; the gunboats enter on
/// the Nile; Alexandria, no longer a fortress, holds only six units; the SC loots Giza.
fn turn5(s: &mut Script) {
    s.roll(F, "roll", &[3, 1]);
    s.roll(F, "roll", &[2]);
    s.cmd(F, "enter fr-gb 1833");
    s.refuse(F, "enter fr-3-1 1127", "7.1");
    s.cmd(F, "enter fr-3-1 1227");
    s.cmd(F, "end");
    s.cmd(F, "move fr-sc 1630 1631 1632 1732 1733");
    s.cmd(F, "end");
    s.cmd(F, "end");
    s.cmd(F, "roll");
    s.cmd(F, "roll");
    // Ottoman
    s.roll(O, "roll", &[2]);
    s.cmd(O, "end");
    s.refuse(O, "move ot-se-3 1835", "6.3");
    s.cmd(O, "end");
    s.refuse(O, "attack ot-se-3 1733", "6.3");
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.cmd(O, "roll");
}

/// The causes of a battle's column shifts.
fn shift_causes(b: &Event) -> Vec<String> {
    b.data["shifts"]
        .as_array()
        .map_or_else(Vec::new, |a| a.iter().map(|s| s["cause"].as_str().unwrap_or("").to_string()).collect())
}

#[test]
fn ec_historical_scripted_game_plays_five_turns_and_verifies() {
    let turns: Vec<Script> = [turn1, turn2, turn3, turn4, turn5].into_iter().map(Script::of).collect();
    let all = Script::concat(&turns);
    let mut g = ScriptedGame::new("ec-historical", &all);
    let st = g.state();
    assert_eq!((st.turn, st.phase), (1, Phase::Movement), "the quick start begins with the French movement (5.3)");
    assert_eq!(g.vp(), (3, 31), "14.1: 3 French and 31 Ottoman VP at the start");
    assert_eq!(g.loc("fr-fort"), hex("1127"), "3.1: the garrison stands in Alexandria");

    // Turn 1: road moves, a DR and an AC by the French; a DES with ferocity by the Ottomans.
    let t1 = g.play(&turns[0].steps);
    let b = battles(&t1);
    assert_eq!(b.len(), 3);
    check_battle(b[0], x("1428", 3, 1, 300, ("300-399", "300-399"), 0, 3, "DR"));
    check_battle(b[1], x("1427", 2, 3, 66, ("50-99", "50-99"), 0, 1, "AC"));
    assert_eq!(shift_causes(b[1]).len(), 2, "mud (+1) and every attacker across the lake (-1) cancel out (11.6)");
    check_battle(b[2], x("1428", 10, 3, 333, ("300-399", "400-599"), 1, 1, "DES"));
    assert!(shift_causes(b[2])[0].starts_with("5.3"), "Mameluke ferocity on game turn 1");
    assert_eq!(g.loc("ot-be-2"), json!("pool"), "8.7: an eliminated Ottoman goes back into the container");
    assert_eq!(g.loc("fr-gu"), json!({"track": 3}), "8.12: die 2 +1 -1 = 2, back on turn 3");
    assert_eq!(g.loc("fr-cav-1"), json!({"track": 4}));
    assert_eq!(g.loc("ot-mm-2"), json!("eliminated"), "the Ottoman's loss choice; 8.7: Mamelukes never return");
    assert_eq!(g.loc("ot-mm-1"), hex("1428"), "advance after combat (11.25)");
    assert_eq!(g.vp(), (4, 33));

    // Turn 2: plague; French cup draw; the Rosetta pocket starves; Alexandria surrenders.
    let t2 = g.play(&turns[1].steps);
    let random = events(&t2, "random_event");
    assert_eq!(random[0]["event"], "plague");
    assert_eq!(events(&t2, "draw")[0]["unit"], "fr-dc");
    assert_eq!(events(&t2, "draw")[0]["cup"].as_array().map(Vec::len), Some(11), "errata 5A: 11 French reinforcements");
    let b = battles(&t2);
    check_battle(b[0], x("1428", 11, 5, 220, ("200-299", "200-299"), 0, 2, "BB"));
    assert_eq!(b[0].data["attackers"][0]["division_bonus"], 1, "11.10: both brigades of the 3rd Division");
    let roll = events(&t2, "reinforcement_roll");
    assert_eq!((roll[0]["die"].as_u64(), roll[0]["result"].as_i64()), (Some(6), Some(4)), "8.5: die minus two");
    assert_eq!(g.loc("ot-si-2"), hex("1833"), "8.6: arrivals in Egypt enter at Cairo");
    assert_eq!(g.loc("ot-si-3"), hex("3623"), "errata 1A: a Reinf. S-P unit enters at a fortress of its area");
    assert_eq!(g.loc("ot-ni-1"), json!({"box": "anatolia"}), "a Reinf. Anat. unit enters its box");
    let starved: Vec<&Value> = events(&t2, "supply").into_iter().filter(|d| d["supplied"] == false).collect();
    assert_eq!(starved.len(), 1);
    assert_eq!(starved[0]["units"], json!(["ot-jn-1"]), "Rosetta cut off on every landward side (12.3)");
    assert_eq!(g.loc("ot-jn-1"), json!("pool"));
    let siege = events(&t2, "siege");
    assert_eq!(siege.len(), 1);
    assert_eq!(
        (siege[0]["hex"].as_str(), siege[0]["die"].as_u64(), siege[0]["final"].as_i64()),
        (Some("1127"), Some(6), Some(6))
    );
    assert_eq!(siege[0]["surrender"], true, "13.2: 6 or more surrenders");
    assert_eq!(siege[0]["modifiers"].as_array().map(Vec::len), Some(2), "+1 VP lead, -1 Alexandria");
    assert_eq!(g.loc("fr-fort"), json!("eliminated"), "8.11: garrisons never recycle");
    assert_eq!(g.loc("fr-ln"), json!({"track": 4}));
    assert_eq!(g.loc("ot-mm-3"), hex("1127"), "13.3: advance after the surrender");
    assert_eq!(g.control("1127"), "second", "the Ottomans hold Alexandria (14.2)");
    assert_eq!(g.control("1427"), "second", "Rosetta stays Ottoman: they last had units there");
    assert_eq!(g.vp(), (2, 37));

    // Turn 3: a blocked reinforcement, RCLM up the Nile, Alexandria stormed (Fort De), an
    // Ottoman AR, the SC loots Sais.
    let t3 = g.play(&turns[2].steps);
    assert_eq!(events(&t3, "random_event")[0]["event"], "chain-of-command");
    let b = battles(&t3);
    check_battle(b[0], x("1127", 49, 12, 408, ("400-599", ">=600"), 2, 3, "DC"));
    assert_eq!(b[0].data["clamped"], true, "11.11: held at the extreme column");
    assert_eq!(b[0].data["attackers"][0]["doubled"], true, "11.8: the siege train doubles its hex");
    check_battle(b[1], x("1632", 1, 10, 10, ("<=49", "<=49"), 0, 3, "AR"));
    assert!(g.state().fort_destroyed.iter().any(|h| h.to_string() == "1127"), "13.4: Fort De");
    assert_eq!(g.control("1127"), "first");
    assert_eq!(g.loc("fr-2-1"), hex("1632"), "9.13: five hexes by river");
    assert_eq!(g.loc("fr-mo"), json!({"track": 3}), "8.2: held off-map while no entry hex is in supply");
    assert!(g.state().looted.iter().any(|h| h.to_string() == "1629"), "14.3: the SC loots Sais");
    assert_eq!(g.state().vp[0].looting, 1);
    assert_eq!(g.vp(), (10, 34));

    // Turn 4: the British intervene; recycled units return; Cairo falls (DR, retreat,
    // advance); the Ottoman counterattack is an AES with both sides choosing losses.
    let t4 = g.play(&turns[3].steps);
    assert_eq!(events(&t4, "random_event")[0]["event"], "british-intervention");
    assert_eq!(g.loc("br-rn"), json!({"box": "anatolia"}));
    for unit in ["fr-gu", "fr-or", "fr-ln", "fr-cav-1"] {
        assert_eq!(g.loc(unit), hex("1127"), "{unit} back from recycling (8.13, errata 4A)");
    }
    let b = battles(&t4);
    check_battle(b[0], x("1833", 34, 8, 425, ("400-599", "400-599"), 0, 3, "DR"));
    check_battle(b[1], x("1833", 4, 10, 40, ("<=49", "<=49"), 0, 6, "AES"));
    assert_eq!(g.loc("ot-se-3"), hex("1834"), "11.22: the survivor of the DR retreated");
    assert_eq!(g.loc("ot-si-2"), json!("pool"), "the Ottoman's choice of losses (11.21)");
    assert_eq!(g.loc("fr-2-1"), hex("1833"), "advance into Cairo");
    assert_eq!(g.loc("fr-2-2"), json!({"track": 8}), "the French choice of the AES loss");
    assert_eq!(g.loc("ot-be-1"), json!("pool"), "8.5: a roll of 1 returns a unit to the container");
    assert_eq!(g.vp(), (18, 30));

    // Turn 5: Ottoman infighting in Egypt; the SC loots the Pyramids.
    let t5 = g.play(&turns[4].steps);
    assert_eq!(events(&t5, "random_event")[0]["event"], "ottoman-infighting");
    assert_eq!(g.loc("fr-gb"), hex("1833"), "8.4: the gunboats enter on the Nile");
    let st = g.state();
    assert_eq!((st.turn, st.phase), (6, Phase::RandomEvents));
    assert_eq!(st.looted.len(), 2);
    let events_used: Vec<&str> = st.events_used.iter().map(|e| e.event.as_str()).collect();
    assert_eq!(events_used, ["plague", "chain-of-command", "british-intervention", "ottoman-infighting"]);
    assert_eq!(g.vp(), (19, 30));
    assert_eq!(st.vp[0].battle + st.vp[0].locale + st.vp[0].looting, 19);

    // Every result of the CRT came up (11.14-11.20).
    let mut results: Vec<String> =
        battles(&g.played).iter().map(|b| b.data["result"].as_str().unwrap_or("").to_string()).collect();
    results.sort();
    results.dedup();
    assert_eq!(results, ["AC", "AES", "AR", "BB", "DC", "DES", "DR"]);

    // The whole journal verifies from disk, as `grognard verify` does, for both players.
    let entries = g.verify();
    assert!(entries > 100, "{entries} entries");
}
