//! Where received mail is read from: a packet file, an .eml message, an mbox, a Maildir.
//!
//! Only reading happens here, except [`mark_seen_maildir`], which the caller uses after a
//! message's packets were imported.

use crate::extract::{sanitize, ReceiveError, MAX_MESSAGE_BYTES};
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The most messages [`messages`] collects from one mbox or Maildir.
pub const MAX_MAILBOX_MESSAGES: usize = 100_000;
/// The most bytes [`messages`] holds in memory for one mbox or Maildir.
pub const MAX_MAILBOX_BYTES: u64 = 1024 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A packet file, as `grognard send` writes it.
    Packet(PathBuf),
    /// One mail message (RFC 5322), as mail programs save it.
    Eml(PathBuf),
    /// A Unix mbox of several messages.
    Mbox(PathBuf),
    /// A Maildir (a directory with `cur/`, `new/` and `tmp/`).
    Maildir(PathBuf),
    /// A directory of saved messages and packets (`*.eml`, `*.grog`), such as the outbox
    /// directory `grognard send --mail` writes by default; read in file-name order.
    MessageDir(PathBuf),
}

/// One message read from a source, not yet interpreted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMessage {
    /// Where it came from, for people: "inbox.mbox #3", "Mail new/1234.host".
    pub origin: String,
    /// The message (or packet). A message over the size limit holds only its first
    /// `MAX_MESSAGE_BYTES + 1` bytes, so reading it reports it too large.
    pub bytes: Vec<u8>,
    /// The message's file in a Maildir, for [`mark_seen_maildir`].
    pub maildir_path: Option<PathBuf>,
}

/// What kind of source `path` is: a directory with `cur/` and `new/` is a Maildir; a file
/// starting with `grognard-packet` is a packet, one starting with `From ` an mbox, and any
/// other file one mail message.
pub fn detect(path: &Path) -> Result<Source, ReceiveError> {
    let meta = std::fs::metadata(path).map_err(|e| ReceiveError::io(path, e))?;
    if meta.is_dir() {
        if path.join("cur").is_dir() && path.join("new").is_dir() {
            return Ok(Source::Maildir(path.to_path_buf()));
        }
        if !message_files(path)?.is_empty() {
            return Ok(Source::MessageDir(path.to_path_buf()));
        }
        return Err(ReceiveError::Source(format!(
            "{} is a directory but neither a Maildir (it has no cur/ and new/) nor a folder of \
             .eml or .grog files",
            shown(path)
        )));
    }
    let mut start = Vec::with_capacity(32);
    File::open(path).and_then(|f| f.take(32).read_to_end(&mut start)).map_err(|e| ReceiveError::io(path, e))?;
    Ok(if start.starts_with(b"grognard-packet") {
        Source::Packet(path.to_path_buf())
    } else if start.starts_with(b"From ") {
        Source::Mbox(path.to_path_buf())
    } else {
        Source::Eml(path.to_path_buf())
    })
}

/// Every message of a source, in order (an mbox's order; a Maildir's sorted by file name).
pub fn messages(source: &Source) -> Result<Vec<RawMessage>, ReceiveError> {
    let mut out = Vec::new();
    let mut total: u64 = 0;
    for_each_message(source, |m| {
        total += m.bytes.len() as u64;
        if out.len() == MAX_MAILBOX_MESSAGES || total > MAX_MAILBOX_BYTES {
            return Err(ReceiveError::Source(format!(
                "{} holds more than {MAX_MAILBOX_MESSAGES} messages or {MAX_MAILBOX_BYTES} bytes; \
                 split it or move read mail elsewhere",
                source_path(source)
            )));
        }
        out.push(m);
        Ok(())
    })?;
    Ok(out)
}

/// Every message of a source, one at a time (memory stays bounded by one message).
pub fn for_each_message(
    source: &Source,
    mut f: impl FnMut(RawMessage) -> Result<(), ReceiveError>,
) -> Result<(), ReceiveError> {
    match source {
        Source::Packet(path) | Source::Eml(path) => {
            let size = std::fs::metadata(path).map_err(|e| ReceiveError::io(path, e))?.len();
            if size > MAX_MESSAGE_BYTES as u64 {
                return Err(ReceiveError::TooLarge { size });
            }
            let bytes = read_capped(path)?;
            f(RawMessage { origin: shown(path), bytes, maildir_path: None })
        }
        Source::Mbox(path) => {
            let file = File::open(path).map_err(|e| ReceiveError::io(path, e))?;
            split_mbox(BufReader::new(file), &shown(path), &mut f).map_err(|e| match e {
                MboxError::Io(e) => ReceiveError::io(path, e),
                MboxError::Caller(e) => e,
            })
        }
        Source::Maildir(dir) => {
            for (sub, name, path) in maildir_files(dir)? {
                // A mail program may have moved a message since the listing: skip it.
                let bytes = match read_capped(&path) {
                    Err(ReceiveError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => continue,
                    other => other?,
                };
                let origin = format!("{} {sub}/{}", shown(dir), sanitize(&name));
                f(RawMessage { origin, bytes, maildir_path: Some(path) })?;
            }
            Ok(())
        }
        Source::MessageDir(dir) => {
            for (name, path) in message_files(dir)? {
                let bytes = match read_capped(&path) {
                    Err(ReceiveError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => continue,
                    other => other?,
                };
                let origin = format!("{}/{}", shown(dir), sanitize(&name));
                f(RawMessage { origin, bytes, maildir_path: None })?;
            }
            Ok(())
        }
    }
}

/// The `.eml` and `.grog` files of a directory (not its subdirectories), by name.
fn message_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, ReceiveError> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| ReceiveError::io(dir, e))? {
        let entry = entry.map_err(|e| ReceiveError::io(dir, e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().map_err(|e| ReceiveError::io(&entry.path(), e))?;
        let wanted = [".eml", ".grog"].iter().any(|x| name.to_ascii_lowercase().ends_with(x));
        if name.starts_with('.') || !kind.is_file() || !wanted {
            continue;
        }
        files.push((name, entry.path()));
    }
    files.sort();
    Ok(files)
}

fn source_path(source: &Source) -> String {
    match source {
        Source::Packet(p) | Source::Eml(p) | Source::Mbox(p) | Source::Maildir(p) | Source::MessageDir(p) => shown(p),
    }
}

fn shown(path: &Path) -> String {
    sanitize(&path.display().to_string())
}

/// A file's first `MAX_MESSAGE_BYTES + 1` bytes (enough to tell it is too large).
fn read_capped(path: &Path) -> Result<Vec<u8>, ReceiveError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|f| f.take(MAX_MESSAGE_BYTES as u64 + 1).read_to_end(&mut bytes))
        .map_err(|e| ReceiveError::io(path, e))?;
    Ok(bytes)
}

enum MboxError {
    Io(std::io::Error),
    Caller(ReceiveError),
}

/// Split an mbox: a message starts at each line beginning with `From ` (that line is the
/// envelope, dropped); `>From `, `>>From `, ... lines lose one `>` (mboxrd, which also
/// reads mboxo); the blank line that separates two messages is dropped. LF or CRLF.
fn split_mbox<R: BufRead>(
    mut reader: R,
    name: &str,
    f: &mut impl FnMut(RawMessage) -> Result<(), ReceiveError>,
) -> Result<(), MboxError> {
    let cap = MAX_MESSAGE_BYTES + 1;
    let mut current: Option<Vec<u8>> = None;
    let mut count = 0usize;
    let mut line = Vec::new();
    let mut finish = |bytes: Vec<u8>, count: usize| -> Result<(), MboxError> {
        let mut bytes = bytes;
        if bytes.len() < cap {
            if bytes.ends_with(b"\r\n\r\n") {
                bytes.truncate(bytes.len() - 2);
            } else if bytes.ends_with(b"\n\n") {
                bytes.truncate(bytes.len() - 1);
            }
        }
        f(RawMessage { origin: format!("{name} #{count}"), bytes, maildir_path: None }).map_err(MboxError::Caller)
    };
    loop {
        line.clear();
        if !read_line_capped(&mut reader, &mut line, cap).map_err(MboxError::Io)? {
            break;
        }
        if line.starts_with(b"From ") {
            if let Some(done) = current.take() {
                finish(done, count)?;
            }
            count += 1;
            current = Some(Vec::new());
            continue;
        }
        let Some(message) = current.as_mut() else { continue };
        let text: &[u8] = if is_escaped_from(&line) { &line[1..] } else { &line };
        let room = cap.saturating_sub(message.len());
        message.extend_from_slice(&text[..text.len().min(room)]);
    }
    if let Some(done) = current.take() {
        finish(done, count)?;
    }
    Ok(())
}

fn is_escaped_from(line: &[u8]) -> bool {
    let quotes = line.iter().take_while(|&&b| b == b'>').count();
    quotes > 0 && line[quotes..].starts_with(b"From ")
}

/// Read one line (with its `\n`) into `line`, keeping at most `cap` bytes of it; false at
/// the end of the input.
fn read_line_capped<R: BufRead>(reader: &mut R, line: &mut Vec<u8>, cap: usize) -> std::io::Result<bool> {
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(p) => (p + 1, true),
            None => (buf.len(), false),
        };
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&buf[..take.min(room)]);
        reader.consume(take);
        if done {
            return Ok(true);
        }
    }
}

/// The message files of a Maildir's `new/` and `cur/`, sorted by file name (Maildir names
/// start with the delivery time); hidden files, directories and links are skipped.
fn maildir_files(dir: &Path) -> Result<Vec<(&'static str, String, PathBuf)>, ReceiveError> {
    let mut files = Vec::new();
    for sub in ["new", "cur"] {
        let folder = dir.join(sub);
        let entries = std::fs::read_dir(&folder).map_err(|e| ReceiveError::io(&folder, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| ReceiveError::io(&folder, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry.file_type().map_err(|e| ReceiveError::io(&entry.path(), e))?;
            if name.starts_with('.') || !kind.is_file() {
                continue;
            }
            files.push((sub, name, entry.path()));
        }
    }
    files.sort_by(|a, b| (&a.1, a.0).cmp(&(&b.1, b.0)));
    Ok(files)
}

/// Mark a Maildir message seen: move it from `new/` to `cur/` with the `S` flag (`:2,S`),
/// or add `S` to its flags in `cur/`. Returns its new path.
pub fn mark_seen_maildir(path: &Path) -> Result<PathBuf, ReceiveError> {
    let bad = |why: &str| ReceiveError::Maildir(format!("{}: {why}", shown(path)));
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| bad("not a message file name"))?;
    let folder = path.parent().ok_or_else(|| bad("not in a Maildir"))?;
    let sub = folder.file_name().and_then(|n| n.to_str());
    if sub != Some("new") && sub != Some("cur") {
        return Err(bad("not in a Maildir's new/ or cur/"));
    }
    let root = folder.parent().ok_or_else(|| bad("not in a Maildir"))?;
    let cur = root.join("cur");
    if !cur.is_dir() || !root.join("new").is_dir() {
        return Err(bad("not in a Maildir (no cur/ and new/ beside it)"));
    }
    let (base, flags) = match name.rsplit_once(":2,") {
        Some((base, flags)) => (base, flags),
        None => (name, ""),
    };
    let mut flags: Vec<char> = flags.chars().chain(['S']).collect();
    flags.sort_unstable();
    flags.dedup();
    let flags: String = flags.into_iter().collect();
    let target = cur.join(format!("{base}:2,{flags}"));
    if target == path {
        return Ok(target);
    }
    if target.exists() {
        return Err(bad("a message of the same name is already in cur/"));
    }
    std::fs::rename(path, &target).map_err(|e| ReceiveError::io(path, e))?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::read_message;
    use crate::extract::tests::{empty_packet, turn_mail};

    fn mail(subject: &str, body: &str) -> String {
        format!("From: a@example.org\nSubject: {subject}\n\n{body}\n")
    }

    #[test]
    fn a_folder_of_eml_and_grog_files_is_read_in_name_order_and_an_empty_one_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path();
        std::fs::create_dir(p.join("empty")).expect("dir");
        assert!(matches!(detect(&p.join("empty")), Err(ReceiveError::Source(_))));
        let out = p.join("outbox");
        std::fs::create_dir(&out).expect("dir");
        std::fs::write(out.join("b.eml"), mail("second", "hi")).expect("write");
        std::fs::write(out.join("a.grog"), empty_packet()).expect("write");
        std::fs::write(out.join("notes.txt"), "not a message").expect("write");
        let source = detect(&out).expect("a folder of messages");
        assert_eq!(source, Source::MessageDir(out.clone()));
        let got = messages(&source).expect("read");
        let origins: Vec<&str> = got.iter().map(|m| m.origin.rsplit('/').next().unwrap_or("")).collect();
        assert_eq!(origins, ["a.grog", "b.eml"]);
    }

    #[test]
    fn detect_tells_the_kinds_apart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = dir.path();
        std::fs::write(p.join("t.grog"), empty_packet()).expect("write");
        std::fs::write(p.join("box"), "From a@b Sat Jan  1 00:00:00 2000\nSubject: x\n\nhi\n").expect("write");
        std::fs::write(p.join("m.eml"), mail("x", "hi")).expect("write");
        for sub in ["cur", "new", "tmp"] {
            std::fs::create_dir_all(p.join("md").join(sub)).expect("mkdir");
        }
        std::fs::create_dir(p.join("plain")).expect("mkdir");
        assert_eq!(detect(&p.join("t.grog")).ok(), Some(Source::Packet(p.join("t.grog"))));
        assert_eq!(detect(&p.join("box")).ok(), Some(Source::Mbox(p.join("box"))));
        assert_eq!(detect(&p.join("m.eml")).ok(), Some(Source::Eml(p.join("m.eml"))));
        assert_eq!(detect(&p.join("md")).ok(), Some(Source::Maildir(p.join("md"))));
        assert!(matches!(detect(&p.join("plain")), Err(ReceiveError::Source(_))));
        assert!(matches!(detect(&p.join("missing")), Err(ReceiveError::Io { .. })));
    }

    #[test]
    fn a_packet_file_and_an_eml_give_one_message_each() {
        let dir = tempfile::tempdir().expect("temp dir");
        let grog = dir.path().join("t.grog");
        std::fs::write(&grog, empty_packet()).expect("write");
        let got = messages(&detect(&grog).expect("detect")).expect("read");
        assert_eq!(got.len(), 1);
        assert_eq!(read_message(&got[0].bytes).map(|i| i.packets.len()).ok(), Some(1));
        let eml = dir.path().join("turn.eml");
        std::fs::write(&eml, turn_mail("a@example.org", "turn", "t.grog", "base64", &empty_packet())).expect("write");
        let got = messages(&detect(&eml).expect("detect")).expect("read");
        assert_eq!(read_message(&got[0].bytes).map(|i| i.packets.len()).ok(), Some(1));
        assert!(got[0].origin.ends_with("turn.eml") && got[0].maildir_path.is_none());
    }

    #[test]
    fn an_oversized_file_is_refused_without_being_read_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("huge.eml");
        let file = File::create(&path).expect("create");
        file.set_len(MAX_MESSAGE_BYTES as u64 + 10).expect("grow");
        assert!(matches!(messages(&Source::Eml(path)), Err(ReceiveError::TooLarge { .. })));
    }

    #[test]
    fn an_mbox_of_three_messages_with_from_escaping_and_crlf() {
        let packet = String::from_utf8(empty_packet()).expect("ascii");
        let turn = turn_mail("a@example.org", "turn", "t.grog", "base64", &empty_packet());
        // Message 2 is CRLF throughout; its body has escaped From lines (mboxrd).
        let second = "Subject: second\r\nFrom: b@example.org\r\n\r\n>From the start,\r\n>>From nested\r\n\
                      >Fromage is not escaped\r\nend\r\n";
        let mbox = format!(
            "From alice@example.org Mon Jan  1 10:00:00 2024\n{}\n\
             From bob@example.org Mon Jan  1 11:00:00 2024\r\n{second}\r\n\
             From carol@example.org Mon Jan  1 12:00:00 2024\n{turn}\n",
            mail("first", &format!("inline:\n\n{packet}")),
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("inbox.mbox");
        std::fs::write(&path, mbox).expect("write");
        let source = detect(&path).expect("detect");
        assert_eq!(source, Source::Mbox(path.clone()));
        let got = messages(&source).expect("split");
        assert_eq!(got.len(), 3);
        assert!(got[2].origin.ends_with("inbox.mbox #3"), "{}", got[2].origin);
        assert!(got[0].bytes.starts_with(b"From: a@example.org\nSubject: first\n"));
        assert_eq!(
            String::from_utf8_lossy(&got[1].bytes),
            "Subject: second\r\nFrom: b@example.org\r\n\r\nFrom the start,\r\n>From nested\r\n\
             >Fromage is not escaped\r\nend\r\n"
        );
        assert_eq!(got[2].bytes, turn.as_bytes());
        let counts: Vec<usize> =
            got.iter().map(|m| read_message(&m.bytes).map(|i| i.packets.len()).unwrap_or(99)).collect();
        assert_eq!(counts, vec![0, 0, 1]);
        assert_eq!(read_message(&got[1].bytes).ok().and_then(|i| i.subject), Some("second".into()));
    }

    #[test]
    fn an_oversized_mbox_message_is_kept_short_and_reported_too_large() {
        let mut mbox = b"From x Mon Jan  1 10:00:00 2024\nSubject: big\n\n".to_vec();
        mbox.extend(std::iter::repeat_n(b'a', MAX_MESSAGE_BYTES + 100));
        mbox.extend_from_slice(b"\n\nFrom y Mon Jan  1 10:00:00 2024\nSubject: small\n\nhi\n");
        let mut got = Vec::new();
        split_mbox(&mbox[..], "big.mbox", &mut |m| {
            got.push(m);
            Ok(())
        })
        .unwrap_or_else(|_| panic!("split"));
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].bytes.len(), MAX_MESSAGE_BYTES + 1);
        assert!(matches!(read_message(&got[0].bytes), Err(ReceiveError::TooLarge { .. })));
        assert_eq!(got[1].bytes, b"Subject: small\n\nhi\n");
    }

    fn maildir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        for sub in ["cur", "new", "tmp"] {
            std::fs::create_dir(dir.path().join(sub)).expect("mkdir");
        }
        let turn = turn_mail("a@example.org", "turn", "t.grog", "base64", &empty_packet());
        std::fs::write(dir.path().join("new/1700000003.M1P1.host"), &turn).expect("write");
        std::fs::write(dir.path().join("new/1700000001.M1P1.host"), mail("old news", "nothing")).expect("write");
        std::fs::write(dir.path().join("cur/1700000002.M1P1.host:2,RS"), mail("read", "seen")).expect("write");
        std::fs::write(dir.path().join("new/.hidden"), "x").expect("write");
        std::fs::write(dir.path().join("tmp/1700000004.M1P1.host"), "being delivered").expect("write");
        dir
    }

    #[test]
    fn a_maildir_gives_new_and_cur_sorted_by_name() {
        let dir = maildir();
        let got = messages(&Source::Maildir(dir.path().to_path_buf())).expect("read");
        let origins: Vec<String> =
            got.iter().map(|m| m.origin.rsplit(' ').next().unwrap_or_default().to_string()).collect();
        assert_eq!(
            origins,
            vec!["new/1700000001.M1P1.host", "cur/1700000002.M1P1.host:2,RS", "new/1700000003.M1P1.host"]
        );
        assert_eq!(got[2].maildir_path.as_deref(), Some(dir.path().join("new/1700000003.M1P1.host").as_path()));
        assert_eq!(read_message(&got[2].bytes).map(|i| i.packets.len()).ok(), Some(1));
    }

    #[test]
    fn mark_seen_moves_a_message_to_cur_with_the_seen_flag() {
        let dir = maildir();
        let new = dir.path().join("new/1700000003.M1P1.host");
        let moved = mark_seen_maildir(&new).expect("mark");
        assert_eq!(moved, dir.path().join("cur/1700000003.M1P1.host:2,S"));
        assert!(!new.exists() && moved.exists());
        // Already seen: nothing moves.
        assert_eq!(mark_seen_maildir(&moved).ok(), Some(moved.clone()));
        // Flags in cur/ are kept, sorted, with S added once.
        let flagged = dir.path().join("cur/1700000005.M1P1.host:2,RF");
        std::fs::write(&flagged, "x").expect("write");
        assert_eq!(mark_seen_maildir(&flagged).ok(), Some(dir.path().join("cur/1700000005.M1P1.host:2,FRS")));
        // Files outside a Maildir are never moved.
        let stray = dir.path().join("tmp/1700000004.M1P1.host");
        assert!(matches!(mark_seen_maildir(&stray), Err(ReceiveError::Maildir(_))));
        assert!(stray.exists());
        let loose = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(loose.path().join("new")).expect("mkdir");
        std::fs::write(loose.path().join("new/m"), "x").expect("write");
        assert!(matches!(mark_seen_maildir(&loose.path().join("new/m")), Err(ReceiveError::Maildir(_))));
        let again = messages(&Source::Maildir(dir.path().to_path_buf())).expect("read");
        assert!(again.iter().any(|m| m.origin.ends_with("cur/1700000003.M1P1.host:2,S")));
    }
}
