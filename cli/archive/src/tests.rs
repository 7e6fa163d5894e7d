use super::*;
use std::fs;

/// A journal of `lines` ("entries" are its lines: the tests' ids).
fn journal(lines: &[&str]) -> Vec<u8> {
    lines.iter().map(|l| format!("{l}\n")).collect::<String>().into_bytes()
}

/// How a test journal relates to another: its lines are its entry ids.
fn by_lines(offered: &[u8]) -> impl FnOnce(&[u8]) -> Result<Relation, String> + '_ {
    move |stored: &[u8]| {
        let ids = |b: &[u8]| b.split(|&c| c == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect::<Vec<_>>();
        Ok(Relation::of(&ids(stored), &ids(offered)))
    }
}

fn player(seat: u8, name: &str, winner: bool) -> Player {
    Player {
        seat,
        name: name.into(),
        email: format!("{}@example.org", name.to_lowercase()),
        fingerprint: format!("{seat}{seat}aa-bbbb-cccc-dddd"),
        powers: vec![format!("power-{seat}")],
        winner,
    }
}

fn facts(game: char, lines: usize, result: Option<&str>) -> Facts {
    Facts {
        game: game.to_string().repeat(64),
        ruleset: "duel".into(),
        ruleset_version: "3".into(),
        scenario: "standard".into(),
        from_position: false,
        dice: "fair".into(),
        protocol: 2,
        players: vec![player(0, "Alice", result.is_some()), player(1, "Bob", false)],
        entries: lines as u64,
        commands: 2 * lines as u64,
        result: result.map(str::to_string),
        all_opened: true,
        last_arrival: Some(1_700_000_000),
    }
}

fn temp() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(FILE_NAME);
    (dir, path)
}

#[test]
fn a_new_archive_is_created_at_the_current_schema() {
    let (_dir, path) = temp();
    assert!(Archive::open_if_present(&path).unwrap().is_none());
    assert!(!path.exists(), "nothing is created by a look");
    let archive = Archive::open(&path).unwrap();
    assert_eq!(archive.schema_version().unwrap(), schema::current());
    assert!(archive.search(&Filter::default()).unwrap().is_empty());
    drop(archive);
    // Opening again migrates nothing.
    let archive = Archive::open_if_present(&path).unwrap().unwrap();
    assert_eq!(archive.schema_version().unwrap(), schema::current());
}

#[test]
fn add_get_and_read_back() {
    let (_dir, path) = temp();
    let mut archive = Archive::open(&path).unwrap();
    let j = journal(&["a", "b", "c"]);
    let f = facts('a', 3, Some("Alice wins"));
    assert_eq!(archive.add(&f, &j, 1_700_000_100, by_lines(&j)).unwrap(), Added::New);
    let stored = archive.get(&f.game).unwrap().unwrap();
    assert_eq!(stored.facts, f);
    assert_eq!(stored.added_at, 1_700_000_100);
    assert_eq!(stored.replaced_at, None);
    assert_eq!(stored.journal_bytes, j.len() as u64);
    assert_eq!(stored.journal_sha256, hex::encode(Sha256::digest(&j)));
    assert_eq!(archive.journal(&f.game).unwrap(), j);
    assert_eq!(archive.find("aaa").unwrap(), vec![f.game.clone()]);
    assert_eq!(archive.find("AAA").unwrap(), vec![f.game.clone()]);
    assert!(archive.find("b").unwrap().is_empty());
    assert!(archive.get(&"b".repeat(64)).unwrap().is_none());
    assert_eq!(archive.find("xyz").unwrap_err().code(), "usage");
    assert_eq!(archive.journal(&"b".repeat(64)).unwrap_err().code(), "not-archived");
    let bad = Facts { game: "not an id".into(), ..f };
    assert_eq!(archive.add(&bad, &j, 0, by_lines(&j)).unwrap_err().code(), "usage");
}

#[test]
fn adding_again_keeps_one_history() {
    let (_dir, path) = temp();
    let mut archive = Archive::open(&path).unwrap();
    let short = journal(&["g", "x"]);
    let long = journal(&["g", "x", "y"]);
    let other = journal(&["g", "x", "z"]);
    let game = facts('c', 2, None).game;
    assert_eq!(archive.add(&facts('c', 2, None), &short, 100, by_lines(&short)).unwrap(), Added::New);
    // The same entries: nothing changes, not even the time.
    assert_eq!(archive.add(&facts('c', 2, None), &short, 200, by_lines(&short)).unwrap(), Added::Unchanged);
    assert_eq!(archive.get(&game).unwrap().unwrap().replaced_at, None);
    // A longer journal replaces it; the first time it was added is kept.
    let done = facts('c', 3, Some("Bob wins"));
    assert_eq!(archive.add(&done, &long, 300, by_lines(&long)).unwrap(), Added::Extended { before: 2 });
    let stored = archive.get(&game).unwrap().unwrap();
    assert_eq!((stored.added_at, stored.replaced_at, stored.facts.entries), (100, Some(300), 3));
    assert_eq!(stored.facts.result.as_deref(), Some("Bob wins"));
    assert_eq!(archive.journal(&game).unwrap(), long);
    // The shorter one again is refused, and so is another history.
    let err = archive.add(&facts('c', 2, None), &short, 400, by_lines(&short)).unwrap_err();
    assert_eq!(err.code(), "archive-older", "{err}");
    assert!(err.to_string().contains("3 entries, every one of the 2 offered"), "{err}");
    let err = archive.add(&facts('c', 3, None), &other, 400, by_lines(&other)).unwrap_err();
    assert_eq!(err.code(), "archive-other-history", "{err}");
    assert_eq!(archive.journal(&game).unwrap(), long, "a refusal changes nothing");
    assert_eq!(archive.get(&game).unwrap().unwrap(), stored);
    // A judge that cannot read the stored journal refuses.
    let err = archive.add(&facts('c', 3, None), &other, 400, |_| Err("unreadable".into())).unwrap_err();
    assert_eq!(err.code(), "archive-damaged", "{err}");
}

#[test]
fn relations_by_entries() {
    assert_eq!(Relation::of(&[1, 2], &[2, 1]), Relation::Same);
    assert_eq!(Relation::of(&[1, 2], &[3, 1, 2]), Relation::Extends);
    assert_eq!(Relation::of(&[1, 2, 3], &[1, 3]), Relation::Older);
    assert_eq!(Relation::of(&[1, 2], &[1, 3]), Relation::Other);
}

#[test]
fn searches_combine_their_conditions() {
    let (_dir, path) = temp();
    let mut archive = Archive::open(&path).unwrap();
    let day = |t: &str| Date::parse(t).unwrap();
    let mut fnc = facts('f', 10, Some("The Ottoman win: French 7 VP, Ottoman 34 VP"));
    fnc.ruleset = "fnc".into();
    fnc.scenario = "ec-historical".into();
    fnc.players = vec![player(0, "Jean Lannes", false), player(1, "Murad Bey", true)];
    let duel = facts('d', 4, Some("Alice wins"));
    let open = facts('e', 2, None);
    for (f, at) in
        [(&fnc, day("2025-01-10").start() + 5), (&duel, day("2025-02-01").start()), (&open, day("2025-03-01").start())]
    {
        let j = journal(&["only"]);
        archive.add(f, &j, at, by_lines(&j)).unwrap();
    }
    let games = |filter: Filter| -> Vec<char> {
        archive.search(&filter).unwrap().iter().map(|s| s.facts.game.chars().next().unwrap()).collect()
    };
    assert_eq!(games(Filter::default()), vec!['f', 'd', 'e'], "by the time they were added");
    let text = |s: &str| Some(s.to_string());
    assert_eq!(games(Filter { player: text("lannes"), ..Filter::default() }), vec!['f']);
    assert_eq!(games(Filter { player: text("ALICE@example.org"), ..Filter::default() }), vec!['d', 'e']);
    assert_eq!(games(Filter { player: text("11AA-bb"), ..Filter::default() }), vec!['f', 'd', 'e']);
    assert_eq!(games(Filter { winner: text("murad"), ..Filter::default() }), vec!['f']);
    assert_eq!(games(Filter { winner: text("alice"), ..Filter::default() }), vec!['d']);
    assert_eq!(games(Filter { winner: text("bob"), ..Filter::default() }), Vec::<char>::new());
    assert_eq!(games(Filter { ruleset: text("duel"), ..Filter::default() }), vec!['d', 'e']);
    assert_eq!(games(Filter { scenario: text("EC-historical"), ..Filter::default() }), vec!['f']);
    assert_eq!(games(Filter { result: text("ottoman win"), ..Filter::default() }), vec!['f']);
    assert_eq!(games(Filter { over: Some(false), ..Filter::default() }), vec!['e']);
    assert_eq!(games(Filter { over: Some(true), ..Filter::default() }), vec!['f', 'd']);
    let since = Some(day("2025-02-01"));
    assert_eq!(games(Filter { added_since: since, ..Filter::default() }), vec!['d', 'e']);
    assert_eq!(games(Filter { added_until: since, ..Filter::default() }), vec!['f', 'd'], "the last day included");
    assert_eq!(games(Filter { added_since: since, added_until: since, ..Filter::default() }), vec!['d']);
    assert_eq!(games(Filter { min_commands: Some(8), ..Filter::default() }), vec!['f', 'd']);
    assert_eq!(games(Filter { max_commands: Some(8), ..Filter::default() }), vec!['d', 'e']);
    assert_eq!(
        games(Filter { ruleset: text("duel"), over: Some(true), min_commands: Some(8), ..Filter::default() }),
        vec!['d']
    );
    // Texts that look like SQL are only texts.
    assert!(games(Filter { player: text("%' OR 1=1 --"), ..Filter::default() }).is_empty());
    let err =
        archive.search(&Filter { player: Some("x".repeat(MAX_QUERY_TEXT + 1)), ..Filter::default() }).unwrap_err();
    assert_eq!(err.code(), "too-large", "{err}");
}

#[test]
fn a_journal_past_the_limit_is_refused() {
    let (_dir, path) = temp();
    let mut archive = Archive::open(&path).unwrap();
    let huge = vec![0u8; MAX_JOURNAL_BYTES + 1];
    let err = archive.add(&facts('a', 1, None), &huge, 0, |_| Ok(Relation::Other)).unwrap_err();
    assert_eq!(err.code(), "too-large", "{err}");
    assert!(archive.search(&Filter::default()).unwrap().is_empty());
}

#[test]
fn a_newer_schema_is_refused() {
    let (_dir, path) = temp();
    drop(Archive::open(&path).unwrap());
    let raw = Connection::open(&path).unwrap();
    raw.pragma_update(None, "user_version", schema::current() + 1).unwrap();
    drop(raw);
    let err = Archive::open(&path).err().unwrap();
    assert_eq!(err.code(), "archive-newer", "{err}");
    assert!(err.to_string().contains("newer grognard"), "{err}");
    let raw = Connection::open(&path).unwrap();
    raw.pragma_update(None, "user_version", -3).unwrap();
    drop(raw);
    assert_eq!(Archive::open(&path).err().unwrap().code(), "archive-damaged");
}

#[test]
fn a_file_of_schema_zero_is_migrated_once() {
    let (_dir, path) = temp();
    // An SQLite file that is not yet an archive (version 0) is migrated whole.
    let raw = Connection::open(&path).unwrap();
    raw.execute_batch("CREATE TABLE unrelated (x INTEGER)").unwrap();
    drop(raw);
    let mut archive = Archive::open(&path).unwrap();
    assert_eq!(archive.schema_version().unwrap(), schema::current());
    let j = journal(&["a"]);
    archive.add(&facts('a', 1, None), &j, 0, by_lines(&j)).unwrap();
}

/// Make an archive with one match, then let `damage` change the closed file.
fn damaged_by(damage: impl FnOnce(&Path)) -> (tempfile::TempDir, PathBuf, String) {
    let (dir, path) = temp();
    let mut archive = Archive::open(&path).unwrap();
    // A journal of several pages, so that damage lands among them.
    let lines: Vec<String> = (0..2000).map(|i| format!("entry number {i:05} of the test journal")).collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    let j = journal(&refs);
    let f = facts('a', lines.len(), Some("Alice wins"));
    archive.add(&f, &j, 0, by_lines(&j)).unwrap();
    drop(archive);
    assert!(!path.with_extension("sqlite-wal").exists(), "the log is checkpointed on close");
    damage(&path);
    (dir, path, f.game)
}

#[test]
fn garbage_is_not_an_archive() {
    let (_dir, path, _) = damaged_by(|p| fs::write(p, vec![0x5a; 20_000]).unwrap());
    let err = Archive::open(&path).err().unwrap();
    assert_eq!(err.code(), "archive-damaged", "{err}");
    assert!(err.to_string().contains("not a database"), "{err}");
}

#[test]
fn a_truncated_file_is_damaged() {
    let (_dir, path, _) = damaged_by(|p| {
        let len = fs::metadata(p).unwrap().len();
        fs::OpenOptions::new().write(true).open(p).unwrap().set_len(len / 2).unwrap();
    });
    let err = Archive::open(&path).err().unwrap();
    assert_eq!(err.code(), "archive-damaged", "{err}");
}

#[test]
fn garbage_in_the_pages_is_damage() {
    // Overwrite the second page (the first of the tables) with garbage.
    let (_dir, path, _) = damaged_by(|p| {
        let mut bytes = fs::read(p).unwrap();
        let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
        for (i, b) in bytes[page..2 * page].iter_mut().enumerate() {
            *b = (i * 7 + 3) as u8;
        }
        fs::write(p, bytes).unwrap();
    });
    let err = Archive::open(&path).err().unwrap();
    assert_eq!(err.code(), "archive-damaged", "{err}");
}

#[test]
fn a_changed_journal_is_caught_by_its_digest() {
    let (_dir, path, game) = damaged_by(|p| {
        let mut bytes = fs::read(p).unwrap();
        let needle = b"entry number 01000";
        let at = bytes.windows(needle.len()).position(|w| w == needle).unwrap();
        bytes[at + 13] = b'9';
        fs::write(p, bytes).unwrap();
    });
    // The file's structure is sound: it opens, lists, and refuses to give the journal.
    let archive = Archive::open(&path).unwrap();
    assert_eq!(archive.search(&Filter::default()).unwrap().len(), 1);
    let err = archive.journal(&game).unwrap_err();
    assert_eq!(err.code(), "archive-damaged", "{err}");
    assert!(err.to_string().contains("does not match its SHA-256"), "{err}");
}

#[test]
fn two_processes_at_once() {
    // Threads with a connection each, as two processes would have: they create the file,
    // migrate it and add matches at the same moment.
    let (_dir, path) = temp();
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
    let workers: Vec<_> = ['a', 'b', 'c', 'd']
        .into_iter()
        .map(|game| {
            let (path, barrier) = (path.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let mut archive = Archive::open(&path).unwrap();
                for n in 1..=5 {
                    let lines: Vec<String> = (0..n).map(|i| format!("{game}{i}")).collect();
                    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
                    let j = journal(&refs);
                    archive.add(&facts(game, n, None), &j, 0, by_lines(&j)).unwrap();
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let archive = Archive::open(&path).unwrap();
    let all = archive.search(&Filter::default()).unwrap();
    assert_eq!(all.len(), 4);
    assert!(all.iter().all(|s| s.facts.entries == 5 && s.replaced_at.is_some()));
}

#[test]
fn many_processes_create_the_archive_at_once() {
    // Switching a new file to a write-ahead log takes a lock SQLite does not wait for: every
    // opener that loses the race must wait and try again, never report the file busy.
    for _ in 0..20 {
        let (_dir, path) = temp();
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
        let openers: Vec<_> = (0..8)
            .map(|_| {
                let (path, barrier) = (path.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    Archive::open(&path).map(|a| a.schema_version())
                })
            })
            .collect();
        for opener in openers {
            let version = opener.join().unwrap().unwrap().unwrap();
            assert_eq!(version, schema::current());
        }
    }
}
