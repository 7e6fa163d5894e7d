//! On-disk storage of one game directory.
//!
//! The journal is the file `journal` in the game directory: one record per line, each line
//! opaque bytes without `b'\n'` followed by `b'\n'`. This layer never parses records; it only
//! provides durability and crash safety:
//!
//! - [`Store::append`] writes all new lines with a single `write_all` on a file opened for
//!   append, then syncs. A crash at any instant leaves the old content, the old content plus a
//!   torn partial last line, or the new content.
//! - [`Store::load`] reports a torn last line (bytes after the last `b'\n'`) separately; it is
//!   never dropped silently and never mistaken for a record, even when only the `b'\n'` is
//!   missing. The next [`Store::append`] cuts it off before writing.
//! - [`Store::rewrite`] and side files use [`write_file_atomic`]: temporary file, fsync,
//!   rename, fsync of the directory.
//! - [`Store::try_lock`] takes the OS advisory lock (`flock` on unix) of the file `lock` in
//!   the game directory, shared (readers) or exclusive (writers). The file is never deleted:
//!   the operating system releases the lock when its holder ends, even by `kill -9`, so a
//!   crash never leaves a stale lock. An exclusive holder writes its pid into the file, as a
//!   hint for whoever waits.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// File name of the journal inside a game directory.
pub const JOURNAL_FILE: &str = "journal";
/// File name of the lock file inside a game directory.
pub const LOCK_FILE: &str = "lock";
/// Suffix of the temporary file used by [`write_file_atomic`].
const TMP_SUFFIX: &str = ".tmp";

/// An error of the storage layer; every message names the path concerned.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot {action} {}: {err}", path.display())]
    Io { action: &'static str, path: PathBuf, err: io::Error },
    #[error("a game journal already exists at {}", .0.display())]
    AlreadyExists(PathBuf),
    #[error("no game journal at {} (is this a game directory?)", .0.display())]
    NoJournal(PathBuf),
    #[error("{} is not a regular file", .0.display())]
    NotAFile(PathBuf),
    #[error("record {index} to be written to {} contains a newline", path.display())]
    NewlineInRecord { path: PathBuf, index: usize },
    #[error(
        "`{name}` is not a valid side-file name in {} (letters, digits, '.', '_' and '-' only, \
         not starting with '.', not ending with '{TMP_SUFFIX}', not `{JOURNAL_FILE}` or `{LOCK_FILE}`)",
        dir.display()
    )]
    BadName { dir: PathBuf, name: String },
}

fn io_err<'a>(action: &'static str, path: &'a Path) -> impl FnOnce(io::Error) -> StoreError + 'a {
    move |err| StoreError::Io { action, path: path.to_path_buf(), err }
}

/// The bytes after the last complete line of the journal: what a crash in the middle of an
/// append leaves behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    /// Offset of the first torn byte (the length of the complete lines).
    pub offset: u64,
    /// The torn bytes (never empty, never containing `b'\n'`).
    pub bytes: Vec<u8>,
}

/// The journal as read from disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// Complete lines without their `b'\n'`, in order. An empty line gives an empty record.
    pub records: Vec<Vec<u8>>,
    /// An incomplete last line, if any.
    pub torn_tail: Option<TornTail>,
}

/// One game directory on disk.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Create the directory (and its parents) and an empty journal in it. Fails if a journal
    /// already exists there. The journal file and the directory are synced.
    pub fn create(dir: &Path) -> Result<Store, StoreError> {
        fs::create_dir_all(dir).map_err(io_err("create directory", dir))?;
        let store = Store { dir: dir.to_path_buf() };
        let path = store.journal_path();
        let file = match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(StoreError::AlreadyExists(path)),
            Err(e) => return Err(io_err("create", &path)(e)),
        };
        file.sync_all().map_err(io_err("sync", &path))?;
        sync_dir(dir)?;
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            sync_dir(parent)?;
        }
        Ok(store)
    }

    /// Open an existing game directory; fails if it holds no journal.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        let store = Store { dir: dir.to_path_buf() };
        let path = store.journal_path();
        match fs::metadata(&path) {
            Ok(meta) if meta.is_file() => Ok(store),
            Ok(_) => Err(StoreError::NotAFile(path)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(StoreError::NoJournal(path)),
            Err(e) => Err(io_err("inspect", &path)(e)),
        }
    }

    /// The game directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The journal file.
    pub fn journal_path(&self) -> PathBuf {
        self.dir.join(JOURNAL_FILE)
    }

    /// Read the journal: its complete lines, and separately the torn tail, if any.
    pub fn load(&self) -> Result<Loaded, StoreError> {
        let path = self.journal_path();
        let bytes = fs::read(&path).map_err(|e| self.journal_err("read", &path, e))?;
        Ok(split_lines(bytes))
    }

    /// Append records as lines. Every record is checked for `b'\n'` before anything is
    /// written. A torn tail left by an earlier crash is truncated away (and the truncation
    /// synced) first; then all lines go out in a single `write_all` followed by `sync_data`.
    pub fn append(&self, records: &[Vec<u8>]) -> Result<(), StoreError> {
        let path = self.journal_path();
        check_records(&path, records)?;
        if records.is_empty() {
            return Ok(());
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&path)
            .map_err(|e| self.journal_err("open for appending", &path, e))?;
        let len = file.metadata().map_err(io_err("inspect", &path))?.len();
        let complete = complete_len(&mut file, len).map_err(io_err("read", &path))?;
        if complete != len {
            file.set_len(complete).map_err(io_err("cut the torn tail of", &path))?;
            file.sync_all().map_err(io_err("sync", &path))?;
        }
        let bytes = join_lines(records);
        if let Err(e) = file.write_all(&bytes) {
            // Best effort: do not leave a partial line behind (load() would report it anyway).
            let _ = file.set_len(complete).and_then(|()| file.sync_all());
            return Err(io_err("append to", &path)(e));
        }
        file.sync_data().map_err(io_err("sync", &path))
    }

    /// Replace the whole journal atomically with the given records (checked for `b'\n'`).
    pub fn rewrite(&self, records: &[Vec<u8>]) -> Result<(), StoreError> {
        let path = self.journal_path();
        check_records(&path, records)?;
        write_file_atomic(&path, &join_lines(records), 0o644)
    }

    /// Atomically write the side file `name` with mode 0600 (on unix; the umask applies).
    pub fn write_private(&self, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        write_file_atomic(&self.side_path(name)?, bytes, 0o600)
    }

    /// Atomically write the side file `name` with mode 0644 (on unix; the umask applies).
    pub fn write_public(&self, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        write_file_atomic(&self.side_path(name)?, bytes, 0o644)
    }

    /// Append `bytes` to the side file `name` (created if absent), without syncing: for
    /// local notes that nothing depends on, such as when entries arrived.
    pub fn append_side(&self, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        let path = self.side_path(name)?;
        let mut file = OpenOptions::new().create(true).append(true).open(&path).map_err(io_err("open", &path))?;
        file.write_all(bytes).map_err(io_err("append to", &path))
    }

    /// Read the side file `name`; `None` if it does not exist.
    pub fn read_side(&self, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let path = self.side_path(name)?;
        match fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_err("read", &path)(e)),
        }
    }

    /// Remove the side file `name` (and sync the directory); nothing to do if it is absent.
    pub fn remove_side(&self, name: &str) -> Result<(), StoreError> {
        let path = self.side_path(name)?;
        match fs::remove_file(&path) {
            Ok(()) => sync_dir(&self.dir),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_err("remove", &path)(e)),
        }
    }

    /// Take the game directory's lock in `mode` without waiting; `Ok(None)` when another
    /// process holds it in a mode that excludes this one. See [`try_lock_dir`].
    pub fn try_lock(&self, mode: LockMode) -> Result<Option<GameLock>, StoreError> {
        try_lock_dir(&self.dir, mode)
    }

    /// Path of a side file, after checking its name.
    fn side_path(&self, name: &str) -> Result<PathBuf, StoreError> {
        if valid_side_name(name) {
            Ok(self.dir.join(name))
        } else {
            Err(StoreError::BadName { dir: self.dir.clone(), name: name.to_string() })
        }
    }

    fn journal_err(&self, action: &'static str, path: &Path, e: io::Error) -> StoreError {
        if e.kind() == io::ErrorKind::NotFound {
            StoreError::NoJournal(path.to_path_buf())
        } else {
            io_err(action, path)(e)
        }
    }
}

/// How a game directory's lock is held: by any number of readers, or by one writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockMode {
    Shared,
    Exclusive,
}

/// A held lock on a game directory; released when dropped or when the process ends.
#[derive(Debug)]
pub struct GameLock {
    _file: File,
    path: PathBuf,
    mode: LockMode,
}

impl GameLock {
    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn mode(&self) -> LockMode {
        self.mode
    }
}

/// Take the lock of the directory `dir` (which must exist) in `mode` without waiting:
/// `Ok(None)` when another process holds it in a mode that excludes this one. The file
/// `lock` is created if needed and never removed; an exclusive holder writes its pid in it.
pub fn try_lock_dir(dir: &Path, mode: LockMode) -> Result<Option<GameLock>, StoreError> {
    let path = dir.join(LOCK_FILE);
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io_err("open the lock file", &path))?;
    let taken = match mode {
        LockMode::Shared => file.try_lock_shared(),
        LockMode::Exclusive => file.try_lock(),
    };
    match taken {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
        Err(std::fs::TryLockError::Error(e)) => return Err(io_err("lock", &path)(e)),
    }
    if mode == LockMode::Exclusive {
        // Only a hint for a person or process waiting: never synced, never trusted.
        let mut f = &file;
        let _ = file.set_len(0).and_then(|()| f.write_all(format!("{}\n", std::process::id()).as_bytes()));
    }
    Ok(Some(GameLock { _file: file, path, mode }))
}

/// The pid the last exclusive holder of `dir`'s lock wrote into the lock file, if any.
pub fn lock_holder_hint(dir: &Path) -> Option<u32> {
    let mut text = String::new();
    File::open(dir.join(LOCK_FILE)).ok()?.take(32).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Replace `path` atomically with `bytes`: write `<path>.tmp` (created afresh with `mode` on
/// unix, subject to the umask), sync it, rename it over `path`, sync the directory. On error
/// the old file is untouched and the temporary file is removed if possible.
pub fn write_file_atomic(path: &Path, bytes: &[u8], mode: u32) -> Result<(), StoreError> {
    let file_name = path.file_name().ok_or_else(|| StoreError::Io {
        action: "write",
        path: path.to_path_buf(),
        err: io::Error::new(io::ErrorKind::InvalidInput, "not a file path"),
    })?;
    let mut tmp_name = file_name.to_os_string();
    tmp_name.push(TMP_SUFFIX);
    let tmp = path.with_file_name(tmp_name);
    // A leftover from a crash may have other permissions; start from a fresh file.
    match fs::remove_file(&tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_err("remove stale", &tmp)(e)),
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    let result = options
        .open(&tmp)
        .map_err(io_err("create", &tmp))
        .and_then(|mut file| {
            file.write_all(bytes).map_err(io_err("write", &tmp))?;
            file.sync_all().map_err(io_err("sync", &tmp))
        })
        .and_then(|()| fs::rename(&tmp, path).map_err(io_err("rename into place", path)));
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(parent_dir(path))
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Sync a directory so that entries created, renamed or removed in it are durable.
fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    File::open(dir).and_then(|d| d.sync_all()).map_err(io_err("sync directory", dir))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// `[A-Za-z0-9._-]+`, not starting with '.', not a file the store itself manages.
fn valid_side_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && !name.ends_with(TMP_SUFFIX)
        && name != JOURNAL_FILE
        && name != LOCK_FILE
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

fn check_records(path: &Path, records: &[Vec<u8>]) -> Result<(), StoreError> {
    match records.iter().position(|r| r.contains(&b'\n')) {
        Some(index) => Err(StoreError::NewlineInRecord { path: path.to_path_buf(), index }),
        None => Ok(()),
    }
}

fn join_lines(records: &[Vec<u8>]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(records.iter().map(|r| r.len() + 1).sum());
    for record in records {
        bytes.extend_from_slice(record);
        bytes.push(b'\n');
    }
    bytes
}

fn split_lines(mut bytes: Vec<u8>) -> Loaded {
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let torn_tail =
        (complete < bytes.len()).then(|| TornTail { offset: complete as u64, bytes: bytes.split_off(complete) });
    let records = match bytes.split_last() {
        Some((_, lines)) => lines.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect(),
        None => Vec::new(),
    };
    Loaded { records, torn_tail }
}

/// Length of the complete lines of a file of length `len`: the offset just after its last
/// `b'\n'`, or 0. Reads backwards from the end, so a healthy file costs one small read.
fn complete_len(file: &mut File, len: u64) -> io::Result<u64> {
    const CHUNK: u64 = 64 * 1024;
    let mut buf = Vec::new();
    let mut end = len;
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        buf.resize((end - start) as usize, 0);
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut buf)?;
        if let Some(i) = buf.iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recs(lines: &[&str]) -> Vec<Vec<u8>> {
        lines.iter().map(|l| l.as_bytes().to_vec()).collect()
    }

    #[test]
    fn create_open_load_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = &tmp.path().join("a/b/game");
        let store = Store::create(dir).unwrap();
        assert_eq!(store.dir(), dir);
        assert_eq!(store.journal_path(), dir.join("journal"));
        assert_eq!(fs::read(store.journal_path()).unwrap(), b"");
        let opened = Store::open(dir).unwrap();
        assert_eq!(opened.load().unwrap(), Loaded { records: vec![], torn_tail: None });
    }

    #[test]
    fn open_without_journal_fails() {
        let tmp = tempfile::tempdir().unwrap();
        fs::create_dir_all(tmp.path()).unwrap();
        let err = Store::open(tmp.path()).unwrap_err();
        assert!(matches!(err, StoreError::NoJournal(_)), "{err}");
        assert!(err.to_string().contains(&tmp.path().display().to_string()), "{err}");
        assert!(matches!(Store::open(&tmp.path().join("nowhere")), Err(StoreError::NoJournal(_))));
    }

    #[test]
    fn create_twice_fails() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        store.append(&recs(&["one"])).unwrap();
        let err = Store::create(tmp.path()).unwrap_err();
        assert!(matches!(err, StoreError::AlreadyExists(_)), "{err}");
        assert!(err.to_string().contains("journal"), "{err}");
        assert_eq!(store.load().unwrap().records, recs(&["one"]));
    }

    #[test]
    fn append_and_load() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        store.append(&recs(&["first"])).unwrap();
        store.append(&[]).unwrap();
        store.append(&[b"second".to_vec(), vec![], vec![0xff, 0x00, b'\r']]).unwrap();
        assert_eq!(fs::read(store.journal_path()).unwrap(), b"first\nsecond\n\n\xff\x00\r\n");
        let loaded = Store::open(tmp.path()).unwrap().load().unwrap();
        assert_eq!(loaded.records, vec![b"first".to_vec(), b"second".to_vec(), vec![], vec![0xff, 0x00, b'\r']]);
        assert_eq!(loaded.torn_tail, None);
    }

    #[test]
    fn append_rejects_newlines_without_writing() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        store.append(&recs(&["ok"])).unwrap();
        let err = store.append(&recs(&["fine", "bad\nline"])).unwrap_err();
        assert!(matches!(err, StoreError::NewlineInRecord { index: 1, .. }), "{err}");
        assert!(matches!(store.rewrite(&recs(&["\n"])), Err(StoreError::NewlineInRecord { index: 0, .. })));
        assert_eq!(fs::read(store.journal_path()).unwrap(), b"ok\n");
    }

    #[test]
    fn load_reports_torn_tail() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        fs::write(store.journal_path(), b"a\n\nb\nhalf").unwrap();
        let loaded = store.load().unwrap();
        assert_eq!(loaded.records, recs(&["a", "", "b"]));
        assert_eq!(loaded.torn_tail, Some(TornTail { offset: 5, bytes: b"half".to_vec() }));
        fs::write(store.journal_path(), b"no newline at all").unwrap();
        let loaded = store.load().unwrap();
        assert!(loaded.records.is_empty());
        assert_eq!(loaded.torn_tail, Some(TornTail { offset: 0, bytes: b"no newline at all".to_vec() }));
    }

    #[test]
    fn append_cuts_a_long_torn_tail() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        store.append(&recs(&["kept"])).unwrap();
        // Longer than one backward-read chunk.
        let mut torn = OpenOptions::new().append(true).open(store.journal_path()).unwrap();
        torn.write_all(&vec![b'x'; 200_000]).unwrap();
        drop(torn);
        store.append(&recs(&["next"])).unwrap();
        assert_eq!(fs::read(store.journal_path()).unwrap(), b"kept\nnext\n");
    }

    #[test]
    fn rewrite_replaces_content() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        store.append(&recs(&["old 1", "old 2", "old 3"])).unwrap();
        fs::write(tmp.path().join("journal.tmp"), b"stale leftover").unwrap();
        store.rewrite(&recs(&["new 1", "new 2"])).unwrap();
        assert_eq!(fs::read(store.journal_path()).unwrap(), b"new 1\nnew 2\n");
        assert!(!tmp.path().join("journal.tmp").exists());
        store.rewrite(&[]).unwrap();
        assert_eq!(store.load().unwrap(), Loaded { records: vec![], torn_tail: None });
    }

    #[test]
    fn side_file_names_are_checked() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        for good in ["seat-1.key", "sealed_2.json", "a", "A.B-c_9"] {
            assert!(valid_side_name(good), "{good}");
        }
        for bad in
            ["", ".hidden", "..", "journal", "lock", "x.tmp", "journal.tmp", "a/b", "../x", "a b", "é", "a\\b", "a\0"]
        {
            let err = store.write_public(bad, b"x").unwrap_err();
            assert!(matches!(err, StoreError::BadName { .. }), "{bad}: {err}");
            assert!(matches!(store.write_private(bad, b"x"), Err(StoreError::BadName { .. })), "{bad}");
            assert!(matches!(store.read_side(bad), Err(StoreError::BadName { .. })), "{bad}");
            assert!(matches!(store.remove_side(bad), Err(StoreError::BadName { .. })), "{bad}");
        }
        assert_eq!(store.load().unwrap().records, Vec::<Vec<u8>>::new());
    }

    #[test]
    fn side_files_round_trip() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        assert_eq!(store.read_side("notes").unwrap(), None);
        store.write_public("notes", b"one").unwrap();
        store.write_public("notes", b"two").unwrap();
        assert_eq!(store.read_side("notes").unwrap(), Some(b"two".to_vec()));
        store.remove_side("notes").unwrap();
        store.remove_side("notes").unwrap();
        assert_eq!(store.read_side("notes").unwrap(), None);
        assert!(!tmp.path().join("notes.tmp").exists());
    }

    #[cfg(unix)]
    #[test]
    fn private_file_mode_is_0600() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        // A world-readable leftover temporary file must not lend its mode to the new file.
        fs::write(tmp.path().join("secret.tmp"), b"stale").unwrap();
        fs::set_permissions(tmp.path().join("secret.tmp"), fs::Permissions::from_mode(0o666)).unwrap();
        store.write_private("secret", b"key material").unwrap();
        let mode = fs::metadata(tmp.path().join("secret")).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(store.read_side("secret").unwrap(), Some(b"key material".to_vec()));
        store.write_public("open", b"hello").unwrap();
        let mode = fs::metadata(tmp.path().join("open")).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode & 0o600, 0o600);
        assert_eq!(mode & 0o133, 0);
    }

    #[test]
    fn lock_modes_exclude_each_other_and_the_file_stays() {
        let tmp = tempfile::tempdir().unwrap();
        let store = Store::create(tmp.path()).unwrap();
        let writer = store.try_lock(LockMode::Exclusive).unwrap().unwrap();
        assert_eq!(writer.path(), &tmp.path().join("lock"));
        assert_eq!(lock_holder_hint(tmp.path()), Some(std::process::id()));
        // Another open file description: another holder, as another process would be.
        assert!(store.try_lock(LockMode::Exclusive).unwrap().is_none());
        assert!(store.try_lock(LockMode::Shared).unwrap().is_none());
        drop(writer);
        assert!(tmp.path().join("lock").exists(), "the lock file is never removed");
        let reader = store.try_lock(LockMode::Shared).unwrap().unwrap();
        let second = store.try_lock(LockMode::Shared).unwrap().unwrap();
        assert_eq!(second.mode(), LockMode::Shared);
        assert!(store.try_lock(LockMode::Exclusive).unwrap().is_none());
        drop((reader, second));
        assert!(store.try_lock(LockMode::Exclusive).unwrap().is_some());
    }

    #[test]
    fn write_file_atomic_outside_a_store() {
        let tmp = tempfile::tempdir().unwrap();
        fs::create_dir_all(tmp.path()).unwrap();
        let path = &tmp.path().join("player.key");
        write_file_atomic(path, b"v1", 0o600).unwrap();
        write_file_atomic(path, b"v2", 0o600).unwrap();
        assert_eq!(fs::read(path).unwrap(), b"v2");
        let err = write_file_atomic(&tmp.path().join("missing-dir/x"), b"v", 0o600).unwrap_err();
        assert!(err.to_string().contains("missing-dir"), "{err}");
    }
}
