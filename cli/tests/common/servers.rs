//! The loopback mail servers of the mail tests: Dovecot (IMAP) and the aiosmtpd submission
//! server of `tests/mail-servers/`, started by the test and stopped when dropped.

use super::Player;
use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub const INSTALL: &str = "run `bash .ci/run` (as root: it installs Debian's dovecot-imapd and aiosmtpd from PyPI), \
                       or `apt-get install dovecot-imapd && python3 -m pip install aiosmtpd`";
pub const USERS: [(&str, &str); 2] = [("alice", "alice-s3cret"), ("bob", "bob-s3cret")];
/// How long a server may take to start listening.
pub const START_TIMEOUT: Duration = Duration::from_secs(20);

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// A server process, stopped (SIGTERM, then SIGKILL) when dropped, also on a panic.
pub struct Server {
    name: &'static str,
    child: Child,
    log: PathBuf,
}

impl Server {
    /// Watch `child`, a server started by the test writing to `log`.
    pub fn new(name: &'static str, child: Child, log: PathBuf) -> Server {
        Server { name, child, log }
    }

    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().expect("a server's status")
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.exited().is_some() {
            return;
        }
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if self.exited().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        eprintln!("{} did not stop on SIGTERM: killing it", self.name);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port free on 127.0.0.1 a moment ago.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    listener.local_addr().expect("address").port()
}

/// The first line the server at `port` says, if it takes a connection.
pub fn greeting(port: u16) -> Option<String> {
    let stream = TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_secs(2)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).ok()?;
    Some(line)
}

pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/usr/local/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// The numeric uid and gid of an unprivileged user to own the Maildirs and run Dovecot's
/// mail processes (Dovecot refuses mail for uid 0).
pub fn mail_owner() -> (u32, u32, String) {
    for user in ["nobody", "mail", "daemon"] {
        let Ok(out) = Command::new("getent").args(["passwd", user]).output() else { continue };
        let line = String::from_utf8_lossy(&out.stdout).to_string();
        let fields: Vec<&str> = line.trim().split(':').collect();
        if let (true, Some(Ok(uid)), Some(Ok(gid))) =
            (out.status.success(), fields.get(2).map(|f| f.parse()), fields.get(3).map(|f| f.parse::<u32>()))
        {
            if uid != 0 {
                return (uid, gid, user.to_string());
            }
        }
    }
    (65534, 65534, "uid 65534".into())
}

/// Dovecot in the foreground on a free loopback port: IMAP, plain passwords, the Maildirs
/// under `mail`, with `extra` lines of configuration appended. Retries with another port if
/// the one chosen was taken meanwhile.
pub fn start_dovecot(dovecot: &Path, dir: &Path, mail: &Path, uid: u32, gid: u32, extra: &str) -> (Server, u16) {
    std::fs::create_dir_all(dir).expect("dovecot dir");
    let template = std::fs::read_to_string(repo_root().join("tests/mail-servers/dovecot.conf.in"))
        .expect("tests/mail-servers/dovecot.conf.in");
    let users: String =
        USERS.iter().map(|(u, pw)| format!("{u}:{{PLAIN}}{pw}:{uid}:{gid}::{}::\n", mail.join(u).display())).collect();
    std::fs::write(dir.join("users"), users).expect("users file");
    let log = dir.join("dovecot.log");
    let mut last = String::new();
    for _ in 0..5 {
        let port = free_port();
        let conf = template
            .replace("@DIR@", &dir.display().to_string())
            .replace("@MAIL@", &mail.display().to_string())
            .replace("@PORT@", &port.to_string())
            .replace("@UID@", &uid.to_string())
            .replace("@GID@", &gid.to_string())
            + extra;
        let conf_path = dir.join("dovecot.conf");
        std::fs::write(&conf_path, conf).expect("dovecot.conf");
        let stderr = std::fs::File::create(dir.join("stderr")).expect("stderr file");
        let child = Command::new(dovecot)
            .arg("-F")
            .arg("-c")
            .arg(&conf_path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}; {INSTALL}", dovecot.display()));
        let mut server = Server { name: "dovecot", child, log: log.clone() };
        let deadline = Instant::now() + START_TIMEOUT;
        while Instant::now() < deadline && server.exited().is_none() {
            if let Some(line) = greeting(port) {
                if line.starts_with("* OK") && line.contains("Dovecot") {
                    return (server, port);
                }
                // Another program took the port meanwhile: try another one.
                eprintln!("port {port} answers {line:?}, not Dovecot: trying another port");
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        last = format!("{}{}", std::fs::read_to_string(dir.join("stderr")).unwrap_or_default(), server.log_text());
        drop(server);
    }
    panic!("Dovecot did not start listening on 127.0.0.1: {last}");
}

/// The aiosmtpd server of tests/mail-servers/smtp.py on a port it chooses and prints.
pub fn start_smtp(dir: &Path, mail: &Path) -> (Server, u16) {
    let script = repo_root().join("tests/mail-servers/smtp.py");
    let users: Vec<String> = USERS.iter().map(|(u, pw)| format!("{u}:{pw}")).collect();
    let log = dir.join("smtp.log");
    let stderr = std::fs::File::create(dir.join("smtp.stderr")).expect("stderr file");
    let mut child = Command::new("python3")
        .arg(&script)
        .args(["--host", "127.0.0.1", "--port", "0", "--maildirs"])
        .arg(mail)
        .args(["--users", &users.join(",")])
        .arg("--log")
        .arg(&log)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start python3 {}: {e}; {INSTALL}", script.display()));
    let stdout = child.stdout.take().expect("stdout");
    let server = Server { name: "smtp.py", child, log };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(START_TIMEOUT).unwrap_or_default();
    let port: Option<u16> = line.trim().strip_prefix("listening on 127.0.0.1:").and_then(|p| p.parse().ok());
    let Some(port) = port else {
        panic!(
            "the SMTP server did not start ({:?}): {}",
            line,
            std::fs::read_to_string(dir.join("smtp.stderr")).unwrap_or_default()
        );
    };
    let hello = greeting(port).unwrap_or_default();
    assert!(hello.starts_with("220"), "not an SMTP server on port {port}: {hello:?}");
    (server, port)
}

/// Alice and Bob, each with an identity whose mail goes through the servers on these ports;
/// Bob's public key line.
pub fn players_on(cwd: &Path, smtp_port: u16, imap_port: u16) -> (Player, Player, String) {
    let alice = Player { password: Some(USERS[0].1), ..Player::new(cwd.join("alice"), "alice") };
    let bob = Player { password: Some(USERS[1].1), ..Player::new(cwd.join("bob"), "bob") };
    alice.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let line = bob.json(cwd, &["keygen", "--name", "Bob", "--email", "bob@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    alice.configure_mail(cwd, "alice", smtp_port, imap_port);
    bob.configure_mail(cwd, "bob", smtp_port, imap_port);
    (alice, bob, line)
}

pub trait MailSettings {
    fn configure_mail(&self, cwd: &Path, user: &str, smtp_port: u16, imap_port: u16);
}

impl MailSettings for Player {
    /// Point this identity's mail settings at the loopback servers.
    fn configure_mail(&self, cwd: &Path, user: &str, smtp_port: u16, imap_port: u16) {
        let slug = self.json(cwd, &["whoami"])["identities"][0]["slug"].as_str().expect("a slug").to_string();
        let dir = self.home.join("mail");
        std::fs::create_dir_all(&dir).expect("mail settings dir");
        let settings = format!(
            r#"[send]
transport = "smtp"
host = "127.0.0.1"
port = {smtp_port}
security = "plain"
user = "{user}"

[receive]
host = "127.0.0.1"
port = {imap_port}
security = "plain"
user = "{user}"
mailbox = "INBOX"
"#
        );
        std::fs::write(dir.join(format!("{slug}.toml")), settings).expect("mail settings");
    }
}

/// The messages of a Maildir: (in new/, file name).
pub fn maildir_messages(dir: &Path) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    for (sub, new) in [("new", true), ("cur", false)] {
        for e in std::fs::read_dir(dir.join(sub)).expect("maildir").filter_map(|e| e.ok()) {
            out.push((new, e.file_name().to_string_lossy().to_string()));
        }
    }
    out
}

/// Both servers on loopback for the users of [`USERS`], with their Maildirs under `cwd`.
pub struct MailServers {
    pub smtp: Server,
    pub smtp_port: u16,
    pub imap: Server,
    pub imap_port: u16,
    /// The directory holding one Maildir per user.
    pub mail: PathBuf,
}

/// Check that the servers are installed and that the test runs as root (Dovecot switches to
/// the Maildirs' unprivileged owner), then start both; `dovecot_extra` is appended to
/// Dovecot's configuration.
pub fn start_mail_servers(cwd: &Path, dovecot_extra: &str) -> MailServers {
    let dovecot = find_program("dovecot").unwrap_or_else(|| panic!("Dovecot is not installed: {INSTALL}"));
    let aiosmtpd = Command::new("python3").args(["-c", "import aiosmtpd"]).output();
    assert!(
        aiosmtpd.as_ref().is_ok_and(|o| o.status.success()),
        "python3 with aiosmtpd is needed: {INSTALL} ({:?})",
        aiosmtpd.map(|o| String::from_utf8_lossy(&o.stderr).to_string())
    );
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        assert_eq!(
            std::fs::metadata(cwd).expect("temp dir").uid(),
            0,
            "this test starts Dovecot, which needs root to switch to its mail user (CI runs as root)"
        );
        std::fs::set_permissions(cwd, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let (uid, gid, _) = mail_owner();
    let mail = cwd.join("mail");
    std::fs::create_dir_all(&mail).expect("mail dir");
    std::os::unix::fs::chown(&mail, Some(uid), Some(gid)).expect("chown the Maildirs");
    let (smtp, smtp_port) = start_smtp(cwd, &mail);
    let (imap, imap_port) = start_dovecot(&dovecot, &cwd.join("dovecot"), &mail, uid, gid, dovecot_extra);
    MailServers { smtp, smtp_port, imap, imap_port, mail }
}
