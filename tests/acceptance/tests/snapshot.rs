//! The verified-prefix snapshot (`journal/src/snapshot.rs`): opening a game checks again the
//! signatures only of records the client has not verified and written itself, and only
//! while the bytes it verified are exactly the same. Played as the fault or the forger
//! would: a record changed in place (a signature byte flipped, the same length) is caught at
//! the next opening, snapshot or not; a snapshot that names more records than the journal
//! holds, or other bytes, is ignored.

use grognard_acceptance::{dice, Lcg, Table};
use grognard_journal::entry::DiceMode;
use grognard_journal::game::Game;
use grognard_journal::snapshot::{self, SNAPSHOT_FILE};

fn records(bytes: &[u8]) -> Vec<Vec<u8>> {
    bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect()
}

#[test]
fn a_record_changed_under_the_snapshot_is_caught_at_the_next_opening() {
    let table = Table::new("standard", 2, dice(DiceMode::Fair, vec![]));
    let mut rng = Lcg(5);
    table.play(&mut rng, 3);
    let dir = &table.seats[0].dir;
    let bytes = table.journal_bytes(0);
    let recs = records(&bytes);
    let g = table.open(0);
    assert_eq!(snapshot::verified_prefix(g.store(), &recs), recs.len(), "every record written was verified");
    drop(g);
    // Flip one hex digit of a signature in the middle of the journal: same length, same id.
    let mut forged = bytes.clone();
    let line_start = bytes.iter().enumerate().filter(|(_, &b)| b == b'\n').nth(recs.len() / 2).map(|(i, _)| i + 1);
    let at = line_start.expect("a middle record") + 10;
    forged[at] = if forged[at] == b'0' { b'1' } else { b'0' };
    std::fs::write(table.journal_path(0), &forged).expect("write the forged journal");
    let err = Game::open(dir, &table.rulesets).err().expect("the forged signature is caught");
    assert_eq!(err.code(), "bad-signature", "{err}");
    // A snapshot that claims more records than the journal holds, or is garbage, counts for
    // nothing: everything is checked.
    std::fs::write(table.journal_path(0), &bytes).expect("restore");
    std::fs::write(dir.join(SNAPSHOT_FILE), format!("{} {}\n", recs.len() + 5, "00".repeat(32))).expect("a lie");
    let g = Game::open(dir, &table.rulesets).expect("opens, checking every signature");
    assert_eq!(snapshot::verified_prefix(g.store(), &recs), 0);
    drop(g);
    std::fs::write(dir.join(SNAPSHOT_FILE), b"not a snapshot").expect("garbage");
    std::fs::write(table.journal_path(0), &forged).expect("forge again");
    let err = Game::open(dir, &table.rulesets).err().expect("caught without a snapshot");
    assert_eq!(err.code(), "bad-signature", "{err}");
}
