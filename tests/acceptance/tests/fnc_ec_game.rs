//! Acceptance: a scripted game of The Egyptian Campaign from the historical set-up, several
//! full game turns through real journals with scripted dice, then full verification.

use grognard_acceptance::fnc::{Script, ScriptedGame, FIRST, SECOND};

const F: usize = FIRST;
const O: usize = SECOND;

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

fn turn2(s: &mut Script) {
    s.roll(F, "roll", &[4, 1, 2]);
    s.roll(F, "remove fr-or", &[2]);
    s.cmd(O, "remove ot-be-3");
    s.roll(F, "roll", &[2]);
    s.cmd(F, "enter fr-dc 1127");
    s.cmd(F, "end");
    s.cmd(F, "move fr-dc 1227 1327 1328 1429 1528 1527 1526");
    s.cmd(F, "move fr-2-1,fr-2-2 1328 1429 1528 1527");
    s.cmd(F, "move fr-sc 1227 1327 1328 1429 1528 1527");
    s.cmd(F, "move fr-eng,fr-siege 1227 1327");
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
    s.cmd(O, "enter ot-si-3 1833");
    s.cmd(O, "enter ot-be-5 1833");
    s.cmd(O, "enter ot-jn-4 1833");
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

fn turn3(s: &mut Script) {
    s.roll(F, "roll", &[5, 4]);
    s.roll(F, "roll", &[9]);
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
    s.cmd(O, "move ot-be-5,ot-jn-4 1732");
    s.cmd(O, "end");
    s.roll(O, "attack ot-be-5,ot-jn-4 1632", &[3]);
    s.cmd(O, "end");
    s.cmd(O, "roll");
    s.cmd(O, "roll");
}

#[test]
fn ec_scripted_game() {
    let mut s = Script::new();
    turn1(&mut s);
    turn2(&mut s);
    turn3(&mut s);
    let mut g = ScriptedGame::new("ec-historical", &s);
    g.play(&s.steps);
    println!("{}", g.summary());
    g.verify();
}
