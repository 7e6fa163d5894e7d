//! Acceptance: a scripted game of The Russo-Swedish War from the historical set-up, several
//! full game turns through real journals with scripted dice, then full verification.

use grognard_acceptance::fnc::{
    battles, check_battle, events, expected as x, hex, Script, ScriptedGame, FIRST, SECOND,
};
use grognard_fnc::Phase;
use serde_json::{json, Value};

const R: usize = FIRST;
const S: usize = SECOND;

/// Game turn 1 (winter). The 21st Division and the siege train close on Svartholma, which
/// surrenders (13.2); the 5th Division takes St Michel (DR, advance). The South Finland
/// brigades counterattack and are routed (AR).
fn turn1(s: &mut Script) {
    s.cmd(R, "move ru-pi,ru-siege 1412");
    s.cmd(R, "move ru-21-1,ru-21-2,ru-21-3,ru-21-cav 1412 1411");
    s.cmd(R, "move ru-5-1,ru-5-2,ru-5-3,ru-5-cav 1713 1813 1912");
    s.cmd(R, "end");
    s.roll(R, "attack ru-5-1,ru-5-2,ru-5-3,ru-5-cav 2013", &[3, 3]);
    s.cmd(R, "advance ru-5-cav");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.roll(R, "roll", &[6]);
    s.cmd(R, "advance ru-21-cav");
    // Swedish
    s.cmd(S, "move sw-sf-1,sw-sf-2 1410");
    s.cmd(S, "end");
    s.roll(S, "attack sw-sf-1,sw-sf-2 1411", &[3, 4]);
    s.cmd(S, "end");
    s.cmd(S, "roll");
    s.cmd(S, "roll");
}

/// Game turn 2. The Russians win the naval victory; the 6th Division enters from the box;
/// the second South Finland brigade is destroyed (DC). Borga, with no port supply and both
/// landward neighbours Russian, starves (12.1).
fn turn2(s: &mut Script) {
    s.roll(R, "roll", &[2, 5]);
    s.cmd(R, "enter ru-6-1 russian");
    s.cmd(R, "enter ru-6-2 russian");
    s.cmd(R, "enter ru-6-3 russian");
    s.cmd(R, "enter ru-6-cav russian");
    s.cmd(R, "end");
    s.cmd(R, "move ru-6-1,ru-6-2,ru-6-3,ru-6-cav 1318 1317 1417 1416 1515");
    s.cmd(R, "end");
    s.roll(R, "attack ru-21-1,ru-21-2,ru-21-3 1410", &[5, 2]);
    s.cmd(R, "advance ru-21-2");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.cmd(R, "roll");
    // Swedish
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.roll(S, "roll", &[2]);
    s.cmd(S, "roll");
}

/// Game turn 3. Command shake-up halves the Swedish movement. The 14th Division and a
/// Cossack regiment arrive; Helsingfors is occupied (and Sveaborg besieged without result);
/// Heinola falls (DES, the Russian chooses his loss). The Sveaborg brigades strike across
/// the channel (AES) and retake Helsingfors.
fn turn3(s: &mut Script) {
    s.roll(R, "roll", &[3, 1]);
    for unit in ["ru-14-1", "ru-14-2", "ru-14-3", "ru-14-cav", "ru-c-2"] {
        s.cmd(R, &format!("enter {unit} russian"));
    }
    s.cmd(R, "end");
    s.cmd(R, "move ru-21-2 1309");
    s.cmd(R, "move ru-17-1,ru-17-2,ru-17-3,ru-17-cav 1514");
    s.cmd(R, "move ru-6-1,ru-6-2,ru-6-3,ru-6-cav 1616");
    s.cmd(R, "move ru-14-1,ru-14-2,ru-14-3,ru-14-cav 1318 1317 1417 1416 1515");
    s.cmd(R, "move ru-5-1,ru-5-2 1911");
    s.cmd(R, "end");
    s.roll(R, "attack ru-5-1,ru-5-2 1811", &[2, 3]);
    s.roll(R, "lose ru-5-2", &[1]);
    s.cmd(R, "advance ru-5-1");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.roll(R, "roll", &[2]);
    // Swedish
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.roll(S, "attack sw-sb-1,sw-sb-2 1309", &[4]);
    s.roll(S, "lose sw-sb-1", &[3, 2]);
    s.cmd(S, "advance sw-sb-2");
    s.cmd(S, "end");
    s.cmd(S, "roll");
    s.cmd(S, "roll");
}

/// Game turn 4. Truce: no attacks, no sieges. Recycled units return on both sides with the
/// scheduled Swedish reinforcements; Russians never use RCLM.
fn turn4(s: &mut Script) {
    s.roll(R, "roll", &[4]);
    s.cmd(R, "enter ru-5-2 russian");
    s.cmd(R, "end");
    s.refuse(R, "river ru-5-1 1810", "9.15");
    s.cmd(R, "end");
    s.refuse(R, "attack ru-5-1 1907", "6.4");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.cmd(R, "roll");
    // Swedish
    s.cmd(S, "enter sw-lifb swedish");
    s.cmd(S, "enter sw-sk 1708");
    s.cmd(S, "enter sw-ag 1708");
    s.cmd(S, "enter sw-sf-2 1309");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "roll");
    s.cmd(S, "roll");
}

/// Game turn 5. Volunteers mobilize. Helsingfors falls again (DR, the Swedish choice of
/// loss, a retreat across the channel into Sveaborg); the Finnish dragoons cross Lake
/// Nasijarvi by RCLM.
fn turn5(s: &mut Script) {
    s.roll(R, "roll", &[5]);
    s.cmd(S, "enter sw-mil-1 1708");
    s.cmd(R, "enter ru-21-2 russian");
    s.cmd(R, "end");
    s.cmd(R, "move ru-21-1,ru-21-3 1410");
    s.cmd(R, "move ru-21-cav 1411 1410");
    s.cmd(R, "end");
    s.roll(R, "attack ru-21-1,ru-21-3,ru-21-cav 1309", &[6]);
    s.roll(S, "lose sw-sf-2", &[5]);
    s.cmd(S, "retreat sw-sb-2 1210");
    s.cmd(R, "advance ru-21-1");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.roll(R, "roll", &[1]);
    // Swedish
    s.cmd(S, "enter sw-sf-1 1708");
    s.cmd(S, "end");
    s.cmd(S, "river sw-fin 1908 2008");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "roll");
    s.cmd(S, "roll");
}

/// Game turn 6. The Swedes are losing in Norway and recycle their guard brigade; the
/// Russians commit the 2nd Division (two VP to the Swedes), one division a turn.
fn turn6(s: &mut Script) {
    s.roll(R, "roll", &[1, 5]);
    s.roll(S, "remove sw-lifb", &[2]);
    s.cmd(R, "commit 2");
    s.refuse(R, "commit 4", "8.9");
    s.cmd(R, "end");
    s.cmd(R, "move ru-2-gr,ru-2-2,ru-2-3,ru-2-cav 1318 1317");
    s.cmd(R, "end");
    s.cmd(R, "end");
    s.cmd(R, "roll");
    s.roll(R, "roll", &[1]);
    // Swedish
    s.cmd(S, "enter sw-jc 1708");
    s.cmd(S, "enter sw-sb-1 1708");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "end");
    s.cmd(S, "roll");
    s.cmd(S, "roll");
}

#[test]
fn rsw_historical_scripted_game_plays_six_turns_and_verifies() {
    let turns: Vec<Script> = [turn1, turn2, turn3, turn4, turn5, turn6].into_iter().map(Script::of).collect();
    let all = Script::concat(&turns);
    let mut g = ScriptedGame::new("rsw-historical", &all);
    let st = g.state();
    assert_eq!((st.turn, st.phase), (1, Phase::Movement), "the quick start begins with the Russian movement");
    assert_eq!(g.vp(), (7, 30), "15.1: 7 Russian and 30 Swedish VP at the start");
    assert_eq!(g.loc("sw-sb-1"), hex("1210"), "4.1: two brigades start in Sveaborg");

    // Turn 1 (winter): a DR at St Michel, Svartholma surrenders to the siege train, the
    // Swedish counterattack is an AR.
    let t1 = g.play(&turns[0].steps);
    let b = battles(&t1);
    assert_eq!(b.len(), 2);
    check_battle(b[0], x("2013", 18, 4, 450, ("400-599", "300-399"), -1, 3, "DR"));
    assert_eq!(b[0].data["attackers"][3]["division_bonus"], 1, "11.10: the whole 5th Division attacks together");
    check_battle(b[1], x("1411", 7, 13, 53, ("50-99", "<=49"), -1, 3, "AR"));
    let siege = events(&t1, "siege");
    assert_eq!(siege.len(), 1);
    assert_eq!(siege[0]["hex"], "1311");
    assert_eq!(siege[0]["surrender"], true);
    assert_eq!(siege[0]["modifiers"].as_array().map(Vec::len), Some(2), "+1 siege train, -1 Swedish VP lead (13.2)");
    assert_eq!(g.loc("sw-fort-svartholm"), json!("eliminated"));
    assert_eq!(g.loc("ru-21-cav"), hex("1311"), "13.3: advance into the surrendered fortress");
    assert_eq!(g.control("1311"), "first");
    assert_eq!(g.loc("sw-sk"), json!({"track": 4}), "8.12: die 3, back on turn 4");
    assert_eq!(g.vp(), (13, 28));

    // Turn 2: Russian naval victory; the 6th Division arrives on schedule; Borga is cut off.
    let t2 = g.play(&turns[1].steps);
    let random = events(&t2, "random_event");
    assert_eq!(random[0]["event"], "naval-victory");
    assert_eq!(g.state().vp[0].event, 2, "6.4 event 2: two VP to the winner");
    assert_eq!(g.loc("ru-6-1"), hex("1515"), "8.9: from the box onto the map through its entry hexes");
    check_battle(battles(&t2)[0], x("1410", 13, 3, 433, ("400-599", "300-399"), -1, 5, "DC"));
    let starved: Vec<&Value> = events(&t2, "supply").into_iter().filter(|d| d["supplied"] == false).collect();
    assert_eq!(starved.len(), 1);
    assert_eq!(starved[0]["units"], json!(["sw-ag"]), "no port supply in the Gulf of Finland after the defeat");
    assert_eq!(g.loc("sw-ag"), json!({"track": 4}));

    // Turn 3: command shake-up; the 14th Division; a DES with the Russian choosing his
    // loss; Sveaborg besieged without success; the Sveaborg brigades strike across the
    // channel (AES) and retake Helsingfors.
    let t3 = g.play(&turns[2].steps);
    assert_eq!(events(&t3, "random_event")[0]["event"], "command-shake-up");
    let b = battles(&t3);
    check_battle(b[0], x("1811", 8, 2, 400, ("400-599", "300-399"), -1, 2, "DES"));
    check_battle(b[1], x("1309", 6, 4, 150, ("150-199", "50-99"), -2, 4, "AES"));
    let siege = events(&t3, "siege");
    assert_eq!((siege[0]["hex"].as_str(), siege[0]["surrender"].as_bool()), (Some("1210"), Some(false)));
    assert_eq!(g.loc("ru-5-2"), json!({"track": 4}), "the Russian's choice of loss recycles");
    assert_eq!(g.loc("sw-sb-2"), hex("1309"));
    assert_eq!(g.control("1309"), "second");

    // Turn 4: truce; recycled units return on both sides; Swedish reinforcements enter.
    let t4 = g.play(&turns[3].steps);
    assert_eq!(events(&t4, "random_event")[0]["event"], "truce");
    assert!(battles(&t4).is_empty() && events(&t4, "siege").is_empty());
    assert_eq!(g.loc("ru-5-2"), json!({"box": "russian"}), "8.13: a recycled Russian re-enters through the box");
    assert_eq!(g.loc("sw-lifb"), json!({"box": "swedish"}));
    assert_eq!(g.loc("sw-sk"), hex("1708"));
    assert_eq!(g.loc("sw-sf-2"), hex("1309"), "8.10: Helsingfors has an overland supply line");

    // Turn 5: volunteers mobilize; Helsingfors falls again: a DR, the Swedish choice of
    // loss, a retreat across the channel into Sveaborg, the advance, a failed siege.
    let t5 = g.play(&turns[4].steps);
    assert_eq!(events(&t5, "random_event")[0]["event"], "volunteers");
    check_battle(battles(&t5)[0], x("1309", 12, 6, 200, ("200-299", "150-199"), -1, 6, "DR"));
    assert_eq!(g.loc("sw-sf-2"), json!("eliminated"), "8.13: a return after the last turn is no return");
    assert_eq!(g.loc("sw-sb-2"), hex("1210"), "11.22, 11.23: retreat across the channel, away from the attackers");
    assert_eq!(g.loc("ru-21-1"), hex("1309"));
    assert_eq!(g.control("1309"), "first");
    assert_eq!(events(&t5, "siege")[0]["surrender"], false);
    assert_eq!(g.loc("sw-mil-1"), hex("1708"), "8.3: placed at once");
    assert_eq!(g.loc("sw-fin"), hex("2008"), "9.15: Swedish RCLM on Lake Nasijarvi");

    // Turn 6: the Swedes lose in Norway; the Russians commit the 2nd Division.
    let t6 = g.play(&turns[5].steps);
    assert_eq!(events(&t6, "random_event")[0]["event"], "norwegian-front");
    assert_eq!(g.loc("sw-lifb"), json!({"track": 8}));
    assert_eq!(events(&t6, "contingency")[0]["division"], "2");
    assert_eq!(g.loc("ru-2-gr"), hex("1317"));
    assert_eq!(g.state().vp[1].event, 2, "8.9: two VP to the Swedes per division committed");
    assert_eq!(g.loc("sw-jc"), hex("1708"));
    let st = g.state();
    assert_eq!((st.turn, st.phase), (7, Phase::RandomEvents));
    let used: Vec<&str> = st.events_used.iter().map(|e| e.event.as_str()).collect();
    assert_eq!(used, ["naval-victory", "command-shake-up", "truce", "volunteers", "norwegian-front"]);
    assert_eq!(g.vp(), (24, 27), "locales, battles, the naval victory and the committed division");

    // The whole journal verifies from disk, as `grognard verify` does, for both players.
    let entries = g.verify();
    assert!(entries > 80, "{entries} entries");
}
