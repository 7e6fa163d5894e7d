//! Reading turn mails from an IMAP mailbox.
//!
//! [`fetch_unseen`] downloads unseen messages with `BODY.PEEK[]`, which leaves them unseen;
//! the caller imports their packets and then calls [`mark_seen`] for the messages it
//! imported, so a failed import is retried on the next fetch.
//!
//! The connection is TLS (port 993), STARTTLS (port 143; refused rather than downgraded if
//! the server does not offer it) or, to this machine only, plain (a local bridge or test
//! server). Every read has a time limit, and what the server may send is bounded: the count
//! and size of messages fetched at once, and the bytes read per command, so a broken or
//! hostile server cannot exhaust memory.

pub use crate::config::{Receive, Security};
use crate::extract::{read_message, sanitize, MailItem, ReceiveError, MAX_MESSAGE_BYTES};
use std::cell::Cell;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::rc::Rc;
use std::time::Duration;

/// The most messages one [`fetch_unseen`] downloads (oldest first; the rest stay unseen for
/// the next fetch).
pub const MAX_IMAP_MESSAGES: usize = 200;
/// The most bytes of messages one [`fetch_unseen`] downloads.
pub const MAX_IMAP_FETCH_BYTES: u64 = 256 * 1024 * 1024;
/// Bytes the server may send in answer to a command that carries no message.
pub(crate) const CONTROL_BYTES: u64 = 4 * 1024 * 1024;
/// Bytes the server may send in answer to the search (about a million UIDs).
const SEARCH_BYTES: u64 = 16 * 1024 * 1024;
/// Bytes allowed beyond a message's announced size in the answer that carries it.
const FETCH_SLACK_BYTES: u64 = 1024 * 1024;
/// UIDs per STORE command.
const STORE_CHUNK: usize = 200;
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);
pub(crate) const IO_TIMEOUT: Duration = Duration::from_secs(60);
const MAX_PLAIN_LINE: usize = 16 * 1024;

/// A message downloaded from the mailbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImapMessage {
    pub uid: u32,
    /// The size the server announced (RFC822.SIZE).
    pub size: u64,
    /// The message; empty when it was too large to download (see [`ImapMessage::read`]).
    pub bytes: Vec<u8>,
}

impl ImapMessage {
    /// The message's packets and display headers; a message over the size limit, left on
    /// the server, is reported too large.
    pub fn read(&self) -> Result<MailItem, ReceiveError> {
        if self.size > MAX_MESSAGE_BYTES as u64 {
            return Err(ReceiveError::TooLarge { size: self.size });
        }
        read_message(&self.bytes)
    }
}

/// Download the unseen messages of the account's mailbox without marking them seen, oldest first, at
/// most [`MAX_IMAP_MESSAGES`] and [`MAX_IMAP_FETCH_BYTES`] at a time.
pub fn fetch_unseen(account: &Receive, password: &str) -> Result<Vec<ImapMessage>, ReceiveError> {
    let (mut session, budget) = open(account, password)?;
    let result = fetch_in(&mut session, &budget);
    budget.set(CONTROL_BYTES);
    let _ = session.logout();
    result
}

/// Mark messages seen (after their packets were imported).
pub fn mark_seen(account: &Receive, password: &str, uids: &[u32]) -> Result<(), ReceiveError> {
    if uids.is_empty() {
        return Ok(());
    }
    let (mut session, budget) = open(account, password)?;
    let mut result = Ok(());
    for chunk in uids.chunks(STORE_CHUNK) {
        budget.set(CONTROL_BYTES);
        if let Err(e) = session.uid_store(uid_set(chunk), "+FLAGS.SILENT (\\Seen)") {
            result = Err(failure("marking messages seen failed", &e));
            break;
        }
    }
    budget.set(CONTROL_BYTES);
    let _ = session.logout();
    result
}

type Session = imap::Session<Budget<Box<dyn Stream>>>;

fn fetch_in(session: &mut Session, budget: &Budget<Box<dyn Stream>>) -> Result<Vec<ImapMessage>, ReceiveError> {
    budget.set(SEARCH_BYTES);
    let found = session.uid_search("UNSEEN").map_err(|e| failure("searching for unseen messages failed", &e))?;
    let mut uids: Vec<u32> = found.into_iter().collect();
    uids.sort_unstable();
    uids.truncate(MAX_IMAP_MESSAGES);
    if uids.is_empty() {
        return Ok(Vec::new());
    }
    budget.set(CONTROL_BYTES);
    let sizes = session
        .uid_fetch(uid_set(&uids), "(UID RFC822.SIZE)")
        .map_err(|e| failure("reading message sizes failed", &e))?;
    let sizes: Vec<(u32, u64)> = sizes.iter().filter_map(|f| Some((f.uid?, u64::from(f.size?)))).collect();
    let mut out = Vec::new();
    let mut total: u64 = 0;
    for uid in uids {
        // A message expunged since the search has no size: it is gone.
        let Some(&(_, size)) = sizes.iter().find(|(u, _)| *u == uid) else { continue };
        if size > MAX_MESSAGE_BYTES as u64 {
            out.push(ImapMessage { uid, size, bytes: Vec::new() });
            continue;
        }
        total += size;
        if total > MAX_IMAP_FETCH_BYTES {
            break;
        }
        budget.set(size + FETCH_SLACK_BYTES);
        let fetched = session
            .uid_fetch(uid.to_string(), "BODY.PEEK[]")
            .map_err(|e| failure("downloading a message failed", &e))?;
        let body = fetched.iter().find(|f| f.uid == Some(uid)).and_then(|f| f.body().map(<[u8]>::to_vec));
        if let Some(bytes) = body {
            out.push(ImapMessage { uid, size, bytes });
        }
    }
    Ok(out)
}

/// Connect, log in and select the mailbox.
fn open(account: &Receive, password: &str) -> Result<(Session, Budget<Box<dyn Stream>>), ReceiveError> {
    let Receive { host, port, security, user, mailbox, .. } = account;
    let (host, port, security) = (host.as_str(), *port, *security);
    let tcp = connect_tcp(host, port, security)?;
    let stream: Box<dyn Stream> = match security {
        Security::Plain => Box::new(tcp),
        Security::Tls => Box::new(tls(host, tcp)?),
        Security::StartTls => {
            let mut tcp = tcp;
            starttls(&mut tcp)?;
            Box::new(tls(host, tcp)?)
        }
    };
    let budget = Budget::new(stream, CONTROL_BYTES);
    let handle = budget.handle();
    let mut client = imap::Client::new(budget);
    if security == Security::StartTls {
        // The greeting came before STARTTLS; none follows the handshake.
        client.greeting_read = true;
    } else {
        let greeting = client.read_greeting().map_err(|e| failure("the server did not greet", &e))?;
        check_greeting(&greeting)?;
    }
    handle.set(CONTROL_BYTES);
    let mut session = client.login(user, password).map_err(|(e, _)| failure("login refused", &e))?;
    handle.set(CONTROL_BYTES);
    if let Err(e) = session.select(mailbox) {
        let _ = session.logout();
        return Err(failure(&format!("cannot open the mailbox \"{}\"", sanitize(mailbox)), &e));
    }
    Ok((session, handle))
}

pub(crate) fn check_greeting(line: &[u8]) -> Result<(), ReceiveError> {
    if line.starts_with(b"* OK") || line.starts_with(b"* PREAUTH") {
        return Ok(());
    }
    Err(ReceiveError::Imap(format!("the server refused the connection: {}", sanitize(&String::from_utf8_lossy(line)))))
}

fn failure(what: &str, error: &imap::Error) -> ReceiveError {
    ReceiveError::Imap(format!("{what}: {}", sanitize(&error.to_string())))
}

/// A UID set: "3,5,9".
fn uid_set(uids: &[u32]) -> String {
    uids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

/// The host's addresses, refusing a plain connection to anything but this machine.
fn resolve(host: &str, port: u16, security: Security) -> Result<Vec<SocketAddr>, ReceiveError> {
    let addrs: Vec<SocketAddr> = (host, port)
        .to_socket_addrs()
        .map_err(|e| ReceiveError::Imap(format!("cannot find {}: {e}", sanitize(host))))?
        .collect();
    if addrs.is_empty() {
        return Err(ReceiveError::Imap(format!("cannot find {}", sanitize(host))));
    }
    if security == Security::Plain && !addrs.iter().all(|a| a.ip().is_loopback()) {
        return Err(ReceiveError::Imap(format!(
            "an unencrypted connection is allowed only to this machine, not to {}: use TLS or STARTTLS",
            sanitize(host)
        )));
    }
    Ok(addrs)
}

pub(crate) fn connect_tcp(host: &str, port: u16, security: Security) -> Result<TcpStream, ReceiveError> {
    let mut last = None;
    for addr in resolve(host, port, security)? {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(tcp) => {
                let timeouts =
                    tcp.set_read_timeout(Some(IO_TIMEOUT)).and_then(|_| tcp.set_write_timeout(Some(IO_TIMEOUT)));
                timeouts.map_err(|e| ReceiveError::Imap(format!("cannot set time limits: {e}")))?;
                return Ok(tcp);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(ReceiveError::Imap(format!(
        "cannot connect to {}:{port}: {}",
        sanitize(host),
        last.map(|e| e.to_string()).unwrap_or_default()
    )))
}

/// The TLS connector: the system's trusted roots and the Mozilla roots, so TLS works on a
/// machine without a CA bundle too.
pub(crate) fn tls(host: &str, tcp: TcpStream) -> Result<rustls_connector::TlsStream<TcpStream>, ReceiveError> {
    let mut config = rustls_connector::RustlsConnectorConfig::new_with_webpki_roots_certs();
    if let Ok(native) = rustls_connector::rustls_native_certs::load_native_certs() {
        config.add_parsable_certificates(native);
    }
    let connector = config.connector_with_no_client_auth();
    connector.connect(host, tcp).map_err(|e| match e {
        rustls_connector::HandshakeError::WouldBlock(_) => {
            ReceiveError::Imap(format!("TLS with {}: the server did not answer in time", sanitize(host)))
        }
        rustls_connector::HandshakeError::Failure(e) => {
            ReceiveError::Imap(format!("TLS with {} failed: {}", sanitize(host), sanitize(&e.to_string())))
        }
    })
}

/// The STARTTLS exchange, on the plain connection: the greeting, `STARTTLS`, its OK. Read a
/// byte at a time so nothing sent after the OK (before the handshake) is ever used.
pub(crate) fn starttls(tcp: &mut TcpStream) -> Result<(), ReceiveError> {
    let greeting = read_plain_line(tcp)?;
    if greeting.starts_with(b"* PREAUTH") {
        return Err(ReceiveError::Imap("the server logged in before STARTTLS could protect the connection".into()));
    }
    check_greeting(&greeting)?;
    tcp.write_all(b"g0 STARTTLS\r\n").map_err(|e| ReceiveError::Imap(format!("STARTTLS: {e}")))?;
    for _ in 0..100 {
        let line = read_plain_line(tcp)?;
        if line.starts_with(b"* ") {
            continue;
        }
        if line.starts_with(b"g0 OK") {
            return Ok(());
        }
        return Err(ReceiveError::Imap(format!(
            "the server refused STARTTLS, so the connection cannot be protected: {}",
            sanitize(&String::from_utf8_lossy(&line))
        )));
    }
    Err(ReceiveError::Imap("the server did not answer STARTTLS".into()))
}

fn read_plain_line(tcp: &mut TcpStream) -> Result<Vec<u8>, ReceiveError> {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        match tcp.read(&mut byte) {
            Ok(0) => return Err(ReceiveError::Imap("the server closed the connection".into())),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReceiveError::Imap(format!("reading from the server: {e}"))),
        }
        line.push(byte[0]);
        if byte[0] == b'\n' {
            return Ok(line);
        }
        if line.len() > MAX_PLAIN_LINE {
            return Err(ReceiveError::Imap("the server sent an overlong line".into()));
        }
    }
}

pub(crate) trait Stream: Read + Write {}
impl<T: Read + Write> Stream for T {}

/// A stream that refuses to read more than a budget, set before each command.
struct Budget<S> {
    inner: Option<S>,
    left: Rc<Cell<u64>>,
}

impl<S> Budget<S> {
    fn new(inner: S, bytes: u64) -> Budget<S> {
        Budget { inner: Some(inner), left: Rc::new(Cell::new(bytes)) }
    }

    /// A handle that sets the budget of the stream it came from.
    fn handle(&self) -> Budget<S> {
        Budget { inner: None, left: self.left.clone() }
    }

    fn set(&self, bytes: u64) {
        self.left.set(bytes);
    }

    fn inner(&mut self) -> std::io::Result<&mut S> {
        self.inner.as_mut().ok_or_else(|| std::io::Error::other("a budget handle has no stream"))
    }
}

impl<S: Read> Read for Budget<S> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.left.get();
        if left == 0 {
            return Err(std::io::Error::other("the server sent more than expected"));
        }
        let room = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = self.inner()?.read(&mut buf[..room])?;
        self.left.set(left - n as u64);
        Ok(n)
    }
}

impl<S: Write> Write for Budget<S> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner()?.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner()?.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bob's mailbox INBOX on `host`.
    fn account(host: &str, port: u16, security: Security) -> Receive {
        Receive { host: host.into(), port, security, user: "bob".into(), mailbox: "INBOX".into(), password_file: None }
    }
    use crate::extract::tests::{empty_packet, turn_mail};
    use std::io::{BufRead, BufReader};
    use std::net::TcpListener;
    use std::sync::{Arc, Mutex};

    /// One message of the fake server: uid, announced size (None: the real one), bytes, seen.
    #[derive(Clone)]
    struct Stored {
        uid: u32,
        size: Option<u64>,
        bytes: Vec<u8>,
        seen: bool,
    }

    #[derive(Default)]
    struct Fake {
        messages: Vec<Stored>,
        log: Vec<String>,
        refuse_starttls: bool,
    }

    /// A small IMAP server on the loopback address, for as many connections as asked.
    fn serve(fake: Arc<Mutex<Fake>>, connections: usize) -> (u16, std::thread::JoinHandle<()>) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind on loopback");
        let port = listener.local_addr().expect("address").port();
        let handle = std::thread::spawn(move || {
            for _ in 0..connections {
                let Ok((tcp, _)) = listener.accept() else { return };
                tcp.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
                let _ = session(&fake, tcp);
            }
        });
        (port, handle)
    }

    fn session(fake: &Mutex<Fake>, tcp: TcpStream) -> std::io::Result<()> {
        let mut out = tcp.try_clone()?;
        let mut reader = BufReader::new(tcp);
        out.write_all(b"* OK [CAPABILITY IMAP4rev1 STARTTLS] fake ready\r\n")?;
        let mut line = String::new();
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                return Ok(());
            }
            let text = line.trim_end().to_string();
            let (tag, command) = text.split_once(' ').unwrap_or((&text, ""));
            let mut f = fake.lock().expect("lock");
            f.log.push(command.to_string());
            let mut reply: Vec<u8> = Vec::new();
            let upper = command.to_ascii_uppercase();
            if upper.starts_with("LOGIN") {
                if command == "LOGIN \"bob\" \"s3cret \\\"x\\\"\"" {
                    reply.extend(format!("{tag} OK LOGIN completed\r\n").bytes());
                } else {
                    reply.extend(format!("{tag} NO [AUTHENTICATIONFAILED] Invalid\x1b[2J credentials\r\n").bytes());
                }
            } else if upper.starts_with("SELECT") {
                let n = f.messages.len();
                reply.extend(
                    format!(
                        "* {n} EXISTS\r\n* 0 RECENT\r\n* FLAGS (\\Seen)\r\n* OK [UIDVALIDITY 42] ok\r\n\
                         {tag} OK [READ-WRITE] SELECT completed\r\n"
                    )
                    .bytes(),
                );
            } else if upper == "UID SEARCH UNSEEN" {
                let uids: Vec<String> = f.messages.iter().filter(|m| !m.seen).map(|m| m.uid.to_string()).collect();
                let list = if uids.is_empty() { String::new() } else { format!(" {}", uids.join(" ")) };
                reply.extend(format!("* SEARCH{list}\r\n{tag} OK SEARCH completed\r\n").bytes());
            } else if let Some(rest) = command.strip_prefix("UID FETCH ") {
                let (set, what) = rest.split_once(' ').unwrap_or((rest, ""));
                let wanted: Vec<u32> = set.split(',').filter_map(|s| s.parse().ok()).collect();
                for (seq, m) in f.messages.iter().enumerate() {
                    if !wanted.contains(&m.uid) {
                        continue;
                    }
                    let n = seq + 1;
                    if what == "(UID RFC822.SIZE)" {
                        let size = m.size.unwrap_or(m.bytes.len() as u64);
                        reply.extend(format!("* {n} FETCH (UID {} RFC822.SIZE {size})\r\n", m.uid).bytes());
                    } else if what == "BODY.PEEK[]" {
                        reply.extend(format!("* {n} FETCH (UID {} BODY[] {{{}}}\r\n", m.uid, m.bytes.len()).bytes());
                        reply.extend_from_slice(&m.bytes);
                        reply.extend_from_slice(b")\r\n");
                    }
                }
                reply.extend(format!("{tag} OK FETCH completed\r\n").bytes());
            } else if let Some(rest) = command.strip_prefix("UID STORE ") {
                let (set, _) = rest.split_once(' ').unwrap_or((rest, ""));
                let wanted: Vec<u32> = set.split(',').filter_map(|s| s.parse().ok()).collect();
                for m in f.messages.iter_mut().filter(|m| wanted.contains(&m.uid)) {
                    m.seen = true;
                }
                reply.extend(format!("{tag} OK STORE completed\r\n").bytes());
            } else if upper == "STARTTLS" && f.refuse_starttls {
                reply.extend(format!("{tag} BAD STARTTLS not here\r\n").bytes());
            } else if upper == "LOGOUT" {
                reply.extend(format!("* BYE bye\r\n{tag} OK LOGOUT completed\r\n").bytes());
                drop(f);
                out.write_all(&reply)?;
                return Ok(());
            } else {
                reply.extend(format!("{tag} BAD unknown command\r\n").bytes());
            }
            drop(f);
            out.write_all(&reply)?;
        }
    }

    const PASSWORD: &str = "s3cret \"x\"";

    fn mailbox() -> Arc<Mutex<Fake>> {
        let turn = turn_mail("alice@example.org", "turn", "t.grog", "base64", &empty_packet()).into_bytes();
        let lunch = b"From: c@example.org\r\nSubject: lunch\r\n\r\nnoon?\r\n".to_vec();
        let messages = vec![
            Stored { uid: 5, size: None, bytes: turn.clone(), seen: false },
            Stored { uid: 7, size: None, bytes: lunch, seen: false },
            Stored { uid: 9, size: None, bytes: turn, seen: true },
            Stored { uid: 11, size: Some(40 * 1024 * 1024), bytes: b"never sent".to_vec(), seen: false },
        ];
        Arc::new(Mutex::new(Fake { messages, ..Fake::default() }))
    }

    #[test]
    fn unseen_messages_are_fetched_with_peek_and_marked_seen_only_when_asked() {
        let fake = mailbox();
        let (port, server) = serve(fake.clone(), 3);
        let got = fetch_unseen(&account("127.0.0.1", port, Security::Plain), PASSWORD).expect("fetch");
        assert_eq!(got.iter().map(|m| m.uid).collect::<Vec<_>>(), vec![5, 7, 11]);
        assert_eq!(got[0].read().map(|i| i.packets.len()).ok(), Some(1));
        assert_eq!(got[1].read().map(|i| i.packets.len()).ok(), Some(0));
        assert!(got[2].bytes.is_empty());
        assert!(matches!(got[2].read(), Err(ReceiveError::TooLarge { .. })));
        {
            let f = fake.lock().expect("lock");
            assert!(f.log.iter().all(|c| !c.contains("BODY[]") && !c.contains("RFC822)") && !c.contains("STORE")));
            assert!(!f.log.iter().any(|c| c == "UID FETCH 11 BODY.PEEK[]"), "{:?}", f.log);
            assert!(f.messages.iter().filter(|m| m.uid != 9).all(|m| !m.seen));
        }
        mark_seen(&account("127.0.0.1", port, Security::Plain), PASSWORD, &[5, 7]).expect("mark");
        assert!(fake.lock().expect("lock").log.iter().any(|c| c == "UID STORE 5,7 +FLAGS.SILENT (\\Seen)"));
        let again = fetch_unseen(&account("localhost", port, Security::Plain), PASSWORD).expect("fetch");
        assert_eq!(again.iter().map(|m| m.uid).collect::<Vec<_>>(), vec![11]);
        server.join().expect("server");
        // Nothing to mark: no connection at all.
        mark_seen(&account("127.0.0.1", port, Security::Plain), PASSWORD, &[]).expect("nothing");
    }

    #[test]
    fn a_refused_login_is_reported_without_the_password_or_escapes() {
        let fake = mailbox();
        let (port, server) = serve(fake, 1);
        let err = fetch_unseen(&account("127.0.0.1", port, Security::Plain), "wrong").expect_err("refused");
        let text = err.to_string();
        assert!(text.contains("login refused") && !text.contains("wrong") && !text.contains('\u{1b}'), "{text}");
        server.join().expect("server");
    }

    #[test]
    fn a_server_sending_more_than_it_announced_is_cut_off() {
        let fake = mailbox();
        fake.lock().expect("lock").messages[0].size = Some(100);
        fake.lock().expect("lock").messages[0].bytes = vec![b'a'; 3 * 1024 * 1024];
        let (port, server) = serve(fake, 1);
        let err = fetch_unseen(&account("127.0.0.1", port, Security::Plain), PASSWORD).expect_err("cut off");
        assert!(err.to_string().contains("more than expected"), "{err}");
        server.join().expect("server");
    }

    #[test]
    fn plain_connections_go_only_to_this_machine() {
        // A documentation address (TEST-NET-1): refused before any connection is tried.
        let err = fetch_unseen(&account("192.0.2.1", 143, Security::Plain), PASSWORD).expect_err("refused");
        assert!(err.to_string().contains("only to this machine"), "{err}");
        assert!(resolve("127.0.0.1", 143, Security::Plain).is_ok());
        assert!(resolve("::1", 143, Security::Plain).is_ok());
        assert!(resolve("192.0.2.1", 993, Security::Tls).is_ok());
    }

    #[test]
    fn starttls_refused_means_no_login_in_the_clear() {
        let fake = mailbox();
        fake.lock().expect("lock").refuse_starttls = true;
        let (port, server) = serve(fake.clone(), 1);
        let err = fetch_unseen(&account("127.0.0.1", port, Security::StartTls), PASSWORD).expect_err("refused");
        assert!(err.to_string().contains("refused STARTTLS"), "{err}");
        drop(err);
        server.join().expect("server");
        let log = fake.lock().expect("lock").log.clone();
        assert_eq!(log, vec!["STARTTLS".to_string()]);
    }

    #[test]
    fn tls_to_a_server_that_does_not_speak_it_fails_cleanly() {
        let fake = mailbox();
        let (port, server) = serve(fake.clone(), 1);
        let err = fetch_unseen(&account("127.0.0.1", port, Security::Tls), PASSWORD).expect_err("no TLS");
        assert!(err.to_string().contains("TLS"), "{err}");
        server.join().expect("server");
        assert!(fake.lock().expect("lock").log.iter().all(|c| !c.starts_with("LOGIN")));
    }

    #[test]
    fn the_budget_stops_reading_at_its_limit() {
        let mut b = Budget::new(&[1u8; 10][..], 4);
        let mut buf = [0u8; 8];
        assert_eq!(b.read(&mut buf).ok(), Some(4));
        assert!(b.read(&mut buf).is_err());
        b.handle().set(100);
        assert_eq!(b.read(&mut buf).ok(), Some(6));
        assert_eq!(uid_set(&[3, 5, 9]), "3,5,9");
    }
}
