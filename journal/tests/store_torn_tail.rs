//! Crash safety of journal appends: a crash at any byte of an append leaves the earlier records
//! intact plus a torn tail that load() reports and the next append() cuts away.

use grognard_journal::store::*;
use std::fs::{self, OpenOptions};
use std::io::Write;

fn three_records() -> Vec<Vec<u8>> {
    vec![
        br#"{"seq":0,"kind":"genesis","players":["ann","bob"]}"#.to_vec(),
        "{\"seq\":1,\"kind\":\"move\",\"note\":\"Stra\u{df}e \u{2192} h\u{fc}gel\"}".as_bytes().to_vec(),
        vec![b'{', 0x00, 0xff, 0xfe, b'\r', b'\t', b'}'],
    ]
}

fn lines(records: &[Vec<u8>]) -> Vec<u8> {
    records.iter().flat_map(|r| r.iter().copied().chain([b'\n'])).collect()
}

/// Write raw bytes at the end of the journal, as an interrupted append would have left them.
fn write_raw(store: &Store, bytes: &[u8]) {
    let mut file = OpenOptions::new().append(true).open(store.journal_path()).unwrap();
    file.write_all(bytes).unwrap();
}

#[test]
fn crash_at_every_byte_of_an_append() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let store = Store::create(tmp.path()).unwrap();
    let base = three_records();
    let base_bytes = lines(&base);
    let fourth = br#"{"seq":3,"kind":"roll","dice":[4,6],"sig":"00ff"}"#.to_vec();
    let fourth_line = lines(std::slice::from_ref(&fourth));
    let replacement = br#"{"seq":3,"kind":"pass"}"#.to_vec();

    // Every strict prefix of the 4th line, including the empty one (crash before any byte
    // reached the file) and the whole record without its newline.
    for cut in 0..fourth_line.len() {
        store.rewrite(&base).unwrap();
        let prefix = &fourth_line[..cut];
        write_raw(&store, prefix);

        let loaded = Store::open(tmp.path()).unwrap().load().unwrap();
        assert_eq!(loaded.records, base, "cut at {cut}");
        if cut == 0 {
            assert_eq!(loaded.torn_tail, None, "cut at {cut}");
        } else {
            let torn = loaded.torn_tail.unwrap_or_else(|| panic!("cut at {cut}: torn tail not reported"));
            assert_eq!(torn.offset, base_bytes.len() as u64, "cut at {cut}");
            assert_eq!(torn.bytes, prefix, "cut at {cut}");
        }

        store.append(std::slice::from_ref(&replacement)).unwrap();
        let mut expected = base.clone();
        expected.push(replacement.clone());
        let loaded = store.load().unwrap();
        assert_eq!(loaded.records, expected, "cut at {cut}");
        assert_eq!(loaded.torn_tail, None, "cut at {cut}");
        assert_eq!(fs::read(store.journal_path()).unwrap(), lines(&expected), "cut at {cut}");
    }

    // The complete 4th line is a record, not a torn tail.
    store.rewrite(&base).unwrap();
    write_raw(&store, &fourth_line);
    let loaded = store.load().unwrap();
    assert_eq!(loaded.records.len(), 4);
    assert_eq!(loaded.records[3], fourth);
    assert_eq!(loaded.torn_tail, None);
}

#[test]
fn full_record_missing_only_its_newline_is_torn() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let store = Store::create(tmp.path()).unwrap();
    let base = three_records();
    store.append(&base).unwrap();
    let fourth = br#"{"seq":3,"kind":"move","to":"e5"}"#.to_vec();
    write_raw(&store, &fourth);

    let loaded = store.load().unwrap();
    assert_eq!(loaded.records, base);
    assert_eq!(loaded.torn_tail, Some(TornTail { offset: lines(&base).len() as u64, bytes: fourth.clone() }));

    // Appending the same record again yields it exactly once.
    store.append(std::slice::from_ref(&fourth)).unwrap();
    let mut expected = base.clone();
    expected.push(fourth);
    assert_eq!(store.load().unwrap(), Loaded { records: expected.clone(), torn_tail: None });

    // Several records in one append after a torn tail.
    write_raw(&store, b"{\"seq\":4");
    let more = vec![b"{\"seq\":4}".to_vec(), b"{\"seq\":5}".to_vec()];
    store.append(&more).unwrap();
    expected.extend(more);
    assert_eq!(store.load().unwrap(), Loaded { records: expected, torn_tail: None });
}

#[test]
fn torn_tail_on_an_otherwise_empty_journal() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let store = Store::create(tmp.path()).unwrap();
    write_raw(&store, b"{\"seq\":0,\"kin");
    let loaded = store.load().unwrap();
    assert!(loaded.records.is_empty());
    assert_eq!(loaded.torn_tail, Some(TornTail { offset: 0, bytes: b"{\"seq\":0,\"kin".to_vec() }));
    store.append(&[b"{\"seq\":0}".to_vec()]).unwrap();
    assert_eq!(fs::read(store.journal_path()).unwrap(), b"{\"seq\":0}\n");
}
