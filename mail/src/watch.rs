//! Waiting for new mail in the IMAP mailbox, with IMAP IDLE (RFC 2177) when the server offers it.
//!
//! [`watch_mailbox`] logs in, asks the server's capabilities and selects the mailbox. A server that
//! does not offer `IDLE` is reported ([`Watch::Poll`]) so the caller reads the mailbox at
//! intervals instead. Otherwise the [`IdleWatcher`] keeps its connection, and
//! [`IdleWatcher::wait`] idles on it until the server reports new messages (`EXISTS` beyond
//! the mailbox's known size, or more `RECENT` messages) or the time given passes. `IDLE` is
//! ended and issued again at least every [`IDLE_RENEWAL`] (29 minutes), as RFC 2177 advises.
//!
//! Open the watcher *before* reading the mailbox: a message that arrives after the mailbox
//! was selected is reported by the next wait, even if it arrived while the caller was busy.
//!
//! The connection is the one [`crate::imap`] makes (TLS, STARTTLS or, to this machine only,
//! plain). What the server sends is bounded: lines are at most [`MAX_LINE`] bytes and each
//! command's answer, like each `IDLE`, at most a few megabytes. A lost or broken connection
//! is opened again after a pause that doubles each time; [`MAX_FAILURES`] failures in a row
//! end the wait with an error (`imap-watch`). Nothing a server sends makes this panic.

use crate::config::Receive;
use crate::extract::{sanitize, ReceiveError};
use crate::imap::{check_greeting, connect_tcp, starttls, tls, Security, Stream, CONTROL_BYTES, IO_TIMEOUT};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The longest one `IDLE` command lasts before it is ended and issued again (RFC 2177: "at
/// least every 29 minutes").
pub const IDLE_RENEWAL: Duration = Duration::from_secs(29 * 60);
/// Consecutive failures (connection lost, refused, or a broken answer) before
/// [`IdleWatcher::wait`] gives up with an error.
pub const MAX_FAILURES: u32 = 5;
/// The longest line the server may send.
pub const MAX_LINE: usize = 64 * 1024;
/// The first pause before connecting again; it doubles after each failure in a row.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// How long the polite `LOGOUT` of a watcher that is dropped may take to write.
const LOGOUT_TIMEOUT: Duration = Duration::from_secs(2);

/// What a wait ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// New messages arrived in the mailbox (or may have, after the connection was lost).
    Arrived,
    /// The time given passed with no new message.
    TimedOut,
}

/// How the mailbox can be watched.
#[derive(Debug)]
pub enum Watch {
    /// The server offers IDLE: wait on this watcher.
    Idle(Box<IdleWatcher>),
    /// The server does not offer IDLE: read the mailbox at intervals.
    Poll,
}

/// Log in, select the account's mailbox and tell whether the server offers IDLE.
pub fn watch_mailbox(account: &Receive, password: &str) -> Result<Watch, ReceiveError> {
    let conn = Conn::open(account, password)?;
    if !conn.idle {
        conn.logout();
        return Ok(Watch::Poll);
    }
    let mark = conn.mark();
    Ok(Watch::Idle(Box::new(IdleWatcher {
        account: account.clone(),
        password: password.to_string(),
        conn: Some(conn),
        mark,
        failures: 0,
        first_backoff: FIRST_BACKOFF,
        last_error: None,
    })))
}

/// A selected mailbox, watched with IDLE (see the module's documentation).
pub struct IdleWatcher {
    account: Receive,
    password: String,
    conn: Option<Conn>,
    /// The mailbox's UIDVALIDITY and UIDNEXT when last selected: after a reconnection, a
    /// larger UIDNEXT (or another UIDVALIDITY) means messages arrived meanwhile.
    mark: (Option<u32>, Option<u32>),
    failures: u32,
    first_backoff: Duration,
    last_error: Option<ReceiveError>,
}

impl std::fmt::Debug for IdleWatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the password.
        f.debug_struct("IdleWatcher")
            .field("host", &self.account.host)
            .field("mailbox", &self.account.mailbox)
            .field("connected", &self.conn.is_some())
            .field("failures", &self.failures)
            .finish()
    }
}

impl IdleWatcher {
    /// Wait until new messages arrive or `limit` passes. Connections lost meanwhile are
    /// opened again; [`MAX_FAILURES`] failures in a row are an error (code `imap-watch`).
    pub fn wait(&mut self, limit: Duration) -> Result<Waited, ReceiveError> {
        let deadline = Instant::now() + limit;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Ok(Waited::TimedOut);
            }
            let attempt = match self.conn.take() {
                Some(conn) => Ok(conn),
                None => self.reconnect(),
            };
            let result = attempt.and_then(|mut conn| {
                let waited = conn.idle(deadline)?;
                Ok((conn, waited))
            });
            match result {
                Ok((conn, waited)) => {
                    self.failures = 0;
                    self.last_error = None;
                    self.conn = Some(conn);
                    if waited == Waited::Arrived {
                        return Ok(Waited::Arrived);
                    }
                }
                Err(Reconnected::Arrived(conn)) => {
                    self.failures = 0;
                    self.conn = Some(conn);
                    return Ok(Waited::Arrived);
                }
                Err(Reconnected::Failed(e)) => {
                    self.failures += 1;
                    if self.failures >= MAX_FAILURES {
                        return Err(ReceiveError::Watch(format!(
                            "gave up after {} failures in a row; the last: {e}",
                            self.failures
                        )));
                    }
                    self.last_error = Some(e);
                    let pause = self.backoff().min(deadline.saturating_duration_since(Instant::now()));
                    std::thread::sleep(pause);
                }
            }
        }
    }

    /// The error of the last failed attempt, if the last attempt failed.
    pub fn last_error(&self) -> Option<&ReceiveError> {
        self.last_error.as_ref()
    }

    fn backoff(&self) -> Duration {
        let doublings = self.failures.saturating_sub(1).min(16);
        self.first_backoff.saturating_mul(1 << doublings).min(MAX_BACKOFF)
    }

    /// Connect again; a mailbox that grew (or was replaced) since it was last selected
    /// counts as an arrival.
    fn reconnect(&mut self) -> Result<Conn, Reconnected> {
        let conn = Conn::open(&self.account, &self.password).map_err(Reconnected::Failed)?;
        if !conn.idle {
            return Err(Reconnected::Failed(ReceiveError::Imap("the server no longer offers IDLE".into())));
        }
        let (validity, next) = conn.mark();
        let grew = match (self.mark, validity, next) {
            ((Some(v0), Some(n0)), Some(v), Some(n)) => v != v0 || n > n0,
            // Without a mark to compare, assume something came.
            _ => true,
        };
        self.mark = (validity, next);
        if grew {
            Err(Reconnected::Arrived(conn))
        } else {
            Ok(conn)
        }
    }

    #[cfg(test)]
    fn quick(mut self) -> IdleWatcher {
        self.first_backoff = Duration::from_millis(5);
        self
    }
}

impl Drop for IdleWatcher {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            conn.logout();
        }
    }
}

/// How an attempt to wait on a connection ended, when it did not simply wait.
enum Reconnected {
    /// Connected again, and the mailbox changed meanwhile.
    Arrived(Conn),
    Failed(ReceiveError),
}

impl From<ReceiveError> for Reconnected {
    fn from(e: ReceiveError) -> Reconnected {
        Reconnected::Failed(e)
    }
}

/// A line read, or the time given ran out first.
enum Line {
    Got(Vec<u8>),
    TimedOut,
}

/// A tagged status.
#[derive(PartialEq, Eq)]
enum Status {
    Ok,
    Refused,
}

/// One IMAP connection, read line by line within bounds.
struct Conn {
    stream: Box<dyn Stream>,
    /// The same socket, to change its read time limit.
    tcp: TcpStream,
    /// Bytes read and not yet used.
    buf: Vec<u8>,
    /// Bytes the server may still send for the current command.
    budget: u64,
    tag: u32,
    /// Whether the server offers IDLE.
    idle: bool,
    /// The mailbox's size as the server last reported it.
    exists: u32,
    recent: u32,
    uidvalidity: Option<u32>,
    uidnext: Option<u32>,
    /// A response showed new messages.
    arrived: bool,
}

impl Conn {
    /// Connect, log in, read the capabilities and select the mailbox.
    fn open(account: &Receive, password: &str) -> Result<Conn, ReceiveError> {
        let Receive { host, port, security, user, mailbox, .. } = account;
        let (host, port, security) = (host.as_str(), *port, *security);
        let tcp = connect_tcp(host, port, security)?;
        let clone = tcp.try_clone().map_err(|e| ReceiveError::Imap(format!("cannot use the connection: {e}")))?;
        let greeted = security == Security::StartTls;
        let stream: Box<dyn Stream> = match security {
            Security::Plain => Box::new(tcp),
            Security::Tls => Box::new(tls(host, tcp)?),
            Security::StartTls => {
                let mut tcp = tcp;
                starttls(&mut tcp)?;
                Box::new(tls(host, tcp)?)
            }
        };
        let mut conn = Conn {
            stream,
            tcp: clone,
            buf: Vec::new(),
            budget: CONTROL_BYTES,
            tag: 0,
            idle: false,
            exists: 0,
            recent: 0,
            uidvalidity: None,
            uidnext: None,
            arrived: false,
        };
        if !greeted {
            let greeting = conn.line_or_error()?;
            check_greeting(&greeting)?;
        }
        let login = format!("LOGIN {} {}", quoted(user, "the user name")?, quoted(password, "the password")?);
        conn.command(&login, "login refused")?;
        conn.command("CAPABILITY", "reading the server's capabilities failed")?;
        let select = format!("SELECT {}", quoted(mailbox, "the mailbox name")?);
        conn.command(&select, &format!("cannot open the mailbox \"{}\"", sanitize(mailbox)))?;
        // What SELECT reported is the starting point, not news.
        conn.arrived = false;
        Ok(conn)
    }

    fn mark(&self) -> (Option<u32>, Option<u32>) {
        (self.uidvalidity, self.uidnext)
    }

    /// A best-effort LOGOUT, without waiting for the answer.
    fn logout(mut self) {
        let _ = self.tcp.set_write_timeout(Some(LOGOUT_TIMEOUT));
        self.tag += 1;
        let line = format!("w{} LOGOUT\r\n", self.tag);
        let _ = self.stream.write_all(line.as_bytes()).and_then(|_| self.stream.flush());
    }

    /// Run a command and read its answer; a NO or BAD is an error saying `what` failed.
    fn command(&mut self, command: &str, what: &str) -> Result<(), ReceiveError> {
        let tag = self.send(command)?;
        self.finish(&tag, what)
    }

    fn send(&mut self, command: &str) -> Result<String, ReceiveError> {
        self.tag += 1;
        let tag = format!("w{}", self.tag);
        self.write(&format!("{tag} {command}\r\n"))?;
        self.budget = CONTROL_BYTES;
        Ok(tag)
    }

    fn write(&mut self, text: &str) -> Result<(), ReceiveError> {
        self.stream
            .write_all(text.as_bytes())
            .and_then(|_| self.stream.flush())
            .map_err(|e| ReceiveError::Imap(format!("writing to the server: {e}")))
    }

    /// Read until the command tagged `tag` completes.
    fn finish(&mut self, tag: &str, what: &str) -> Result<(), ReceiveError> {
        loop {
            let line = self.line_or_error()?;
            match tagged(&line, tag) {
                Some((Status::Ok, _)) => return Ok(()),
                Some((Status::Refused, text)) => {
                    return Err(ReceiveError::Imap(format!("{what}: {}", sanitize(&text))));
                }
                None => self.untagged(&line)?,
            }
        }
    }

    /// One IDLE, until new messages are reported, `deadline` passes or [`IDLE_RENEWAL`]
    /// has passed since it began; then DONE and the command's end.
    fn idle(&mut self, deadline: Instant) -> Result<Waited, ReceiveError> {
        let tag = self.send("IDLE")?;
        // Untagged responses may come before the continuation.
        loop {
            let line = self.line_or_error()?;
            if line.starts_with(b"+") {
                break;
            }
            match tagged(&line, &tag) {
                Some((Status::Refused, text)) => {
                    return Err(ReceiveError::Imap(format!("the server refused IDLE: {}", sanitize(&text))));
                }
                Some((Status::Ok, _)) => {
                    return Err(ReceiveError::Imap("the server ended IDLE before it began".into()));
                }
                None => self.untagged(&line)?,
            }
        }
        let end = deadline.min(Instant::now() + IDLE_RENEWAL);
        while !self.arrived {
            let now = Instant::now();
            if now >= end {
                break;
            }
            match self.line(end - now)? {
                Line::TimedOut => break,
                Line::Got(line) => match tagged(&line, &tag) {
                    // The server ended the IDLE by itself: no DONE to send.
                    Some((Status::Ok, _)) => return Ok(self.outcome()),
                    Some((Status::Refused, text)) => {
                        return Err(ReceiveError::Imap(format!("the server ended IDLE: {}", sanitize(&text))));
                    }
                    None => self.untagged(&line)?,
                },
            }
        }
        self.write("DONE\r\n")?;
        self.budget = CONTROL_BYTES;
        self.finish(&tag, "ending IDLE failed")?;
        Ok(self.outcome())
    }

    fn outcome(&mut self) -> Waited {
        if std::mem::take(&mut self.arrived) {
            Waited::Arrived
        } else {
            Waited::TimedOut
        }
    }

    /// Note what an untagged response says about the mailbox and the server.
    fn untagged(&mut self, line: &[u8]) -> Result<(), ReceiveError> {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end();
        let Some(rest) = text.strip_prefix("* ") else { return Ok(()) };
        let words: Vec<&str> = rest.split_ascii_whitespace().collect();
        let upper = |i: usize| words.get(i).map(|w| w.to_ascii_uppercase()).unwrap_or_default();
        if let Ok(n) = words.first().map_or(Err(()), |w| w.parse::<u32>().map_err(|_| ())) {
            match upper(1).as_str() {
                "EXISTS" => {
                    if n > self.exists {
                        self.arrived = true;
                    }
                    self.exists = n;
                }
                "RECENT" => {
                    if n > self.recent {
                        self.arrived = true;
                    }
                    self.recent = n;
                }
                "EXPUNGE" => self.exists = self.exists.saturating_sub(1),
                _ => {}
            }
            return Ok(());
        }
        match upper(0).as_str() {
            "CAPABILITY" => self.idle = words[1..].iter().any(|w| w.eq_ignore_ascii_case("IDLE")),
            "BYE" => {
                return Err(ReceiveError::Imap(format!("the server closed the connection: {}", sanitize(rest))));
            }
            "OK" => {
                let code = |name: &str| -> Option<u32> {
                    let open = format!("[{name} ");
                    let start = rest.to_ascii_uppercase().find(&open)? + open.len();
                    rest[start..].split(']').next()?.trim().parse().ok()
                };
                if let Some(v) = code("UIDVALIDITY") {
                    self.uidvalidity = Some(v);
                }
                if let Some(n) = code("UIDNEXT") {
                    self.uidnext = Some(n);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A line within the usual time limit; running out of time is an error.
    fn line_or_error(&mut self) -> Result<Vec<u8>, ReceiveError> {
        match self.line(IO_TIMEOUT)? {
            Line::Got(line) => Ok(line),
            Line::TimedOut => Err(ReceiveError::Imap("the server did not answer in time".into())),
        }
    }

    /// The next line (CRLF included), waiting at most `wait` for each read; a literal at
    /// the line's end (`{n}`) is read and dropped, since nothing watched is in one.
    fn line(&mut self, wait: Duration) -> Result<Line, ReceiveError> {
        let line = loop {
            if let Some(end) = self.buf.iter().position(|&b| b == b'\n') {
                break self.buf.drain(..=end).collect::<Vec<u8>>();
            }
            if self.buf.len() > MAX_LINE {
                return Err(ReceiveError::Imap("the server sent an overlong line".into()));
            }
            if !self.fill(wait)? {
                return Ok(Line::TimedOut);
            }
        };
        if line.len() > MAX_LINE {
            return Err(ReceiveError::Imap("the server sent an overlong line".into()));
        }
        if let Some(size) = literal_size(&line) {
            self.skip(size)?;
        }
        Ok(Line::Got(line))
    }

    /// Read and drop `size` bytes (a literal).
    fn skip(&mut self, size: u64) -> Result<(), ReceiveError> {
        let mut left = size;
        loop {
            let take = usize::try_from(left).unwrap_or(usize::MAX).min(self.buf.len());
            self.buf.drain(..take);
            left -= take as u64;
            if left == 0 {
                return Ok(());
            }
            if !self.fill(IO_TIMEOUT)? {
                return Err(ReceiveError::Imap("the server did not answer in time".into()));
            }
        }
    }

    /// Read more bytes, within the budget; false if `wait` passed with nothing to read.
    fn fill(&mut self, wait: Duration) -> Result<bool, ReceiveError> {
        if self.budget == 0 {
            return Err(ReceiveError::Imap("the server sent more than expected".into()));
        }
        self.tcp
            .set_read_timeout(Some(wait.max(Duration::from_millis(1))))
            .map_err(|e| ReceiveError::Imap(format!("cannot set a time limit: {e}")))?;
        let mut chunk = [0u8; 8192];
        let room = chunk.len().min(usize::try_from(self.budget).unwrap_or(usize::MAX));
        loop {
            match self.stream.read(&mut chunk[..room]) {
                Ok(0) => return Err(ReceiveError::Imap("the server closed the connection".into())),
                Ok(n) => {
                    self.budget -= n as u64;
                    self.buf.extend_from_slice(&chunk[..n]);
                    return Ok(true);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => return Ok(false),
                Err(e) => return Err(ReceiveError::Imap(format!("reading from the server: {e}"))),
            }
        }
    }
}

/// The status and text of the line if it is the completion of the command tagged `tag`.
fn tagged(line: &[u8], tag: &str) -> Option<(Status, String)> {
    let text = String::from_utf8_lossy(line);
    let rest = text.strip_prefix(tag)?.strip_prefix(' ')?;
    let (word, _) = rest.split_once(' ').unwrap_or((rest.trim_end(), ""));
    let status = if word.eq_ignore_ascii_case("OK") { Status::Ok } else { Status::Refused };
    Some((status, rest.trim_end().to_string()))
}

/// The size of the literal that ends the line (`... {123}\r\n`), if there is one.
fn literal_size(line: &[u8]) -> Option<u64> {
    let line = line.strip_suffix(b"\r\n").or_else(|| line.strip_suffix(b"\n"))?;
    let inner = line.strip_suffix(b"}")?;
    let open = inner.iter().rposition(|&b| b == b'{')?;
    let digits = &inner[open + 1..];
    let digits = digits.strip_suffix(b"+").unwrap_or(digits);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// An IMAP quoted string; line breaks and NUL cannot be sent in one.
fn quoted(text: &str, what: &str) -> Result<String, ReceiveError> {
    if text.contains(['\r', '\n', '\0']) {
        return Err(ReceiveError::Imap(format!("{what} contains a line break or a NUL")));
    }
    Ok(format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\"")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader};
    use std::net::TcpListener;
    use std::sync::{Arc, Mutex};

    fn account(port: u16) -> Receive {
        Receive {
            host: "127.0.0.1".into(),
            port,
            security: Security::Plain,
            user: "bob".into(),
            mailbox: "INBOX".into(),
            password_file: None,
        }
    }

    /// What the fake server does when the client says IDLE.
    #[derive(Clone, Copy)]
    enum OnIdle {
        /// Continue, then after this many milliseconds report one more message.
        Report(u64),
        /// Continue, and only say it is still there.
        Quiet,
        /// Complete the command without a continuation (wrong).
        OkAtOnce,
        /// Continue, then close the connection.
        Close,
        /// Continue, then send lines without end.
        Flood,
        /// Continue, then a line longer than any allowed.
        LongLine,
    }

    struct Fake {
        idle: bool,
        /// Per connection (the last one repeats): UIDNEXT and what IDLE does.
        script: Vec<(u32, OnIdle)>,
        log: Vec<String>,
        connections: usize,
    }

    fn fake(idle: bool, script: Vec<(u32, OnIdle)>) -> Arc<Mutex<Fake>> {
        Arc::new(Mutex::new(Fake { idle, script, log: Vec::new(), connections: 0 }))
    }

    fn serve(fake: Arc<Mutex<Fake>>) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("address").port();
        std::thread::spawn(move || {
            for tcp in listener.incoming() {
                let Ok(tcp) = tcp else { return };
                let fake = fake.clone();
                std::thread::spawn(move || {
                    let _ = session(&fake, tcp);
                });
            }
        });
        port
    }

    fn session(fake: &Mutex<Fake>, tcp: TcpStream) -> std::io::Result<()> {
        tcp.set_read_timeout(Some(Duration::from_secs(20)))?;
        let mut out = tcp.try_clone()?;
        let mut reader = BufReader::new(tcp);
        let (uidnext, on_idle, idle) = {
            let mut f = fake.lock().expect("lock");
            let n = f.connections.min(f.script.len() - 1);
            f.connections += 1;
            (f.script[n].0, f.script[n].1, f.idle)
        };
        out.write_all(b"* OK fake ready\r\n")?;
        let mut line = String::new();
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                return Ok(());
            }
            let text = line.trim_end().to_string();
            let (tag, command) = text.split_once(' ').unwrap_or((&text, ""));
            fake.lock().expect("lock").log.push(command.to_string());
            let upper = command.to_ascii_uppercase();
            if upper.starts_with("LOGIN") {
                out.write_all(format!("{tag} OK logged in\r\n").as_bytes())?;
            } else if upper == "CAPABILITY" {
                let caps = if idle { "IMAP4rev1 IDLE LITERAL+" } else { "IMAP4rev1 LITERAL+" };
                out.write_all(format!("* CAPABILITY {caps}\r\n{tag} OK done\r\n").as_bytes())?;
            } else if upper.starts_with("SELECT") {
                out.write_all(
                    format!(
                        "* 3 EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 42] ok\r\n* OK [UIDNEXT {uidnext}] ok\r\n\
                         * LIST () \"/\" {{5}}\r\nINBOX\r\n{tag} OK [READ-WRITE] selected\r\n"
                    )
                    .as_bytes(),
                )?;
            } else if upper == "IDLE" {
                match on_idle {
                    OnIdle::OkAtOnce => {
                        out.write_all(format!("{tag} OK idle done\r\n").as_bytes())?;
                        continue;
                    }
                    OnIdle::Report(ms) => {
                        out.write_all(b"+ idling\r\n* 1 FETCH (FLAGS (\\Seen))\r\n")?;
                        std::thread::sleep(Duration::from_millis(ms));
                        out.write_all(b"* 2 EXPUNGE\r\n* 3 EXISTS\r\n* 1 RECENT\r\n")?;
                    }
                    OnIdle::Quiet => out.write_all(b"+ idling\r\n* OK Still here\r\n")?,
                    OnIdle::Close => {
                        out.write_all(b"+ idling\r\n")?;
                        return Ok(());
                    }
                    OnIdle::Flood => {
                        out.write_all(b"+ idling\r\n")?;
                        let noise = format!("* OK {}\r\n", "x".repeat(1000));
                        while out.write_all(noise.as_bytes()).is_ok() {}
                        return Ok(());
                    }
                    OnIdle::LongLine => {
                        out.write_all(b"+ idling\r\n* OK ")?;
                        let _ = out.write_all(&vec![b'y'; MAX_LINE + 10]);
                        return Ok(());
                    }
                }
                line.clear();
                reader.read_line(&mut line)?;
                fake.lock().expect("lock").log.push(line.trim_end().to_string());
                if line.trim_end() == "DONE" {
                    out.write_all(format!("{tag} OK IDLE terminated\r\n").as_bytes())?;
                }
            } else if upper == "LOGOUT" {
                out.write_all(format!("* BYE bye\r\n{tag} OK bye\r\n").as_bytes())?;
                return Ok(());
            } else {
                out.write_all(format!("{tag} BAD unknown\r\n").as_bytes())?;
            }
        }
    }

    fn idle_watcher(port: u16) -> IdleWatcher {
        match watch_mailbox(&account(port), "pw").expect("watch") {
            Watch::Idle(w) => (*w).quick(),
            Watch::Poll => panic!("the fake offers IDLE"),
        }
    }

    #[test]
    fn new_mail_during_idle_ends_the_wait() {
        let f = fake(true, vec![(10, OnIdle::Report(100))]);
        let port = serve(f.clone());
        let mut w = idle_watcher(port);
        let started = Instant::now();
        assert_eq!(w.wait(Duration::from_secs(30)).expect("wait"), Waited::Arrived);
        assert!(started.elapsed() < Duration::from_secs(10));
        let log = f.lock().expect("lock").log.clone();
        assert_eq!(&log[..5], ["LOGIN \"bob\" \"pw\"", "CAPABILITY", "SELECT \"INBOX\"", "IDLE", "DONE"]);
    }

    #[test]
    fn a_quiet_mailbox_times_out_and_idle_is_ended_properly() {
        let f = fake(true, vec![(10, OnIdle::Quiet)]);
        let port = serve(f.clone());
        let mut w = idle_watcher(port);
        assert_eq!(w.wait(Duration::from_millis(300)).expect("wait"), Waited::TimedOut);
        assert_eq!(w.wait(Duration::from_millis(200)).expect("wait"), Waited::TimedOut);
        let log = f.lock().expect("lock").log.clone();
        assert_eq!(log.iter().filter(|c| *c == "IDLE").count(), 2, "{log:?}");
        assert_eq!(log.iter().filter(|c| *c == "DONE").count(), 2, "{log:?}");
        assert_eq!(f.lock().expect("lock").connections, 1);
    }

    #[test]
    fn a_server_without_idle_is_reported_for_polling() {
        let f = fake(false, vec![(10, OnIdle::Quiet)]);
        let port = serve(f.clone());
        assert!(matches!(watch_mailbox(&account(port), "pw").expect("watch"), Watch::Poll));
        std::thread::sleep(Duration::from_millis(100));
        assert!(!f.lock().expect("lock").log.iter().any(|c| c == "IDLE"));
    }

    #[test]
    fn a_lost_connection_is_opened_again_and_mail_that_came_meanwhile_counts() {
        // First connection: IDLE then closed. Second: the same UIDNEXT, closed again.
        // Third: UIDNEXT grew.
        let f = fake(true, vec![(10, OnIdle::Close), (10, OnIdle::Close), (11, OnIdle::Quiet)]);
        let port = serve(f.clone());
        let mut w = idle_watcher(port);
        assert_eq!(w.wait(Duration::from_secs(30)).expect("wait"), Waited::Arrived);
        assert_eq!(f.lock().expect("lock").connections, 3);
        // The connection kept is used for the next wait.
        assert_eq!(w.wait(Duration::from_millis(100)).expect("wait"), Waited::TimedOut);
        assert_eq!(f.lock().expect("lock").connections, 3);
    }

    #[test]
    fn misbehaving_servers_end_in_an_error_after_a_few_attempts_not_a_panic() {
        for on_idle in [OnIdle::OkAtOnce, OnIdle::Close, OnIdle::Flood, OnIdle::LongLine] {
            let f = fake(true, vec![(10, on_idle)]);
            let port = serve(f.clone());
            let mut w = idle_watcher(port);
            let err = w.wait(Duration::from_secs(60)).expect_err("gives up");
            assert_eq!(err.code(), "imap-watch");
            assert!(err.to_string().contains(&format!("{MAX_FAILURES} failures in a row")), "{err}");
            // The first connection and one per failure but the first (it reused the first).
            assert_eq!(f.lock().expect("lock").connections, MAX_FAILURES as usize);
        }
    }

    #[test]
    fn nothing_listening_is_an_imap_error_at_once() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("address").port();
        drop(listener);
        let err = watch_mailbox(&account(port), "pw").expect_err("nothing there");
        assert_eq!(err.code(), "imap");
    }

    #[test]
    fn lines_literals_and_quoting() {
        assert_eq!(literal_size(b"* LIST () \"/\" {5}\r\n"), Some(5));
        assert_eq!(literal_size(b"* X {12+}\r\n"), Some(12));
        assert_eq!(literal_size(b"* OK {no}\r\n"), None);
        assert_eq!(literal_size(b"* OK done\r\n"), None);
        assert_eq!(quoted("a\"b\\c", "x").expect("quoted"), "\"a\\\"b\\\\c\"");
        assert!(quoted("a\r\nb", "the password").is_err());
        assert!(tagged(b"w3 OK done\r\n", "w3").is_some_and(|(s, _)| s == Status::Ok));
        assert!(tagged(b"w3 NO [x] no\r\n", "w3").is_some_and(|(s, _)| s == Status::Refused));
        assert!(tagged(b"w31 OK done\r\n", "w3").is_none());
        assert!(tagged(b"* OK w3\r\n", "w3").is_none());
    }
}
