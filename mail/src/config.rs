//! Per-identity mail settings: `<home>/mail/<identity slug>.toml`, a file people edit.
//!
//! ```toml
//! [send]
//! transport = "smtp"          # smtp | sendmail | directory
//! host = "smtp.example.org"
//! port = 587                  # default: 587 (starttls), 465 (tls), 25 (plain)
//! security = "starttls"       # starttls | tls | plain (plain only to a loopback address)
//! user = "lannes@example.org" # omit for a relay that needs no login
//! password_file = "~/.config/grognard/smtp-password"   # optional; mode 0600
//! # directory = "/path/to/outbox"   (transport = "directory"; default <home>/outbox)
//! # command = "/usr/sbin/sendmail"  (transport = "sendmail"; this is the default)
//!
//! [receive]
//! host = "imap.example.org"
//! port = 993                  # default: 993 (tls), 143 (starttls, plain)
//! security = "tls"
//! user = "lannes@example.org"
//! mailbox = "INBOX"           # the default
//! password_file = "~/.config/grognard/imap-password"
//! ```
//!
//! Passwords come only from the environment (`GROGNARD_SMTP_PASSWORD`,
//! `GROGNARD_IMAP_PASSWORD`) or from a password file only its owner can read; never from
//! this file nor from the command line. Unknown keys are errors. Without a file, mail goes
//! to the directory `<home>/outbox`.
//!
//! Relative paths are taken from the directory of the settings file; `~/` is the user's
//! home directory.

use serde::Deserialize;
use std::ffi::OsString;
use std::fmt;
use std::io;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

/// The environment variable the SMTP password may come from.
pub const SMTP_PASSWORD_VAR: &str = "GROGNARD_SMTP_PASSWORD";
/// The environment variable the IMAP password may come from.
pub const IMAP_PASSWORD_VAR: &str = "GROGNARD_IMAP_PASSWORD";
/// The sendmail program used when the settings name none.
pub const DEFAULT_SENDMAIL: &str = "/usr/sbin/sendmail";
/// The mailbox read when the settings name none.
pub const DEFAULT_MAILBOX: &str = "INBOX";
/// The largest settings or password file read.
const MAX_FILE_BYTES: u64 = 64 * 1024;

/// Every error of the mail crate.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {message}", path.display())]
    Config { path: PathBuf, message: String },
    #[error(
        "{}: `password` in {section}: a password is never read from the settings file; \
         set {var} or name a file only you can read with `password_file`",
        path.display()
    )]
    PasswordInConfig { path: PathBuf, section: String, var: &'static str },
    #[error("{} can be read by other users (mode {mode:04o}): run `chmod 600 {}`", path.display(), path.display())]
    PasswordExposed { path: PathBuf, mode: u32 },
    #[error("no password for {user} on {host}: set {var} or add `password_file` to [{section}] in the mail settings")]
    NoPassword { user: String, host: String, var: &'static str, section: &'static str },
    #[error(
        "security = \"plain\" sends passwords and mail in clear text: it is allowed only to a loopback \
         address (127.0.0.1, ::1, localhost), not to `{host}`; use \"starttls\" or \"tls\""
    )]
    PlainNotLoopback { host: String },
    #[error("{0}")]
    Identity(String),
    #[error("{0}")]
    Message(String),
    #[error("SMTP to {host}:{port}: {message}")]
    Smtp { host: String, port: u16, message: String },
    #[error("sendmail ({command}): {message}")]
    Sendmail { command: String, message: String },
    #[error("IMAP with {host}: {message}")]
    Imap { host: String, message: String },
}

impl MailError {
    /// A short stable name for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            MailError::Io { .. } => "io",
            MailError::Config { .. } | MailError::PasswordInConfig { .. } | MailError::PlainNotLoopback { .. } => {
                "mail-config"
            }
            MailError::PasswordExposed { .. } | MailError::NoPassword { .. } => "mail-password",
            MailError::Identity(_) => "identity",
            MailError::Message(_) => "mail-message",
            MailError::Smtp { .. } | MailError::Sendmail { .. } | MailError::Imap { .. } => "mail-transport",
        }
    }
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> MailError + '_ {
    move |source| MailError::Io { path: path.to_path_buf(), source }
}

/// How a connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// A plain connection upgraded with STARTTLS before anything else is said; required.
    StartTls,
    /// TLS from the first byte (SMTPS on 465, IMAPS on 993).
    Tls,
    /// No encryption: only to a loopback address (local relays and tests).
    Plain,
}

impl Security {
    pub fn as_str(self) -> &'static str {
        match self {
            Security::StartTls => "starttls",
            Security::Tls => "tls",
            Security::Plain => "plain",
        }
    }

    fn smtp_port(self) -> u16 {
        match self {
            Security::StartTls => 587,
            Security::Tls => 465,
            Security::Plain => 25,
        }
    }

    fn imap_port(self) -> u16 {
        match self {
            Security::Tls => 993,
            Security::StartTls | Security::Plain => 143,
        }
    }
}

impl fmt::Display for Security {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An SMTP submission server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Smtp {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// The login; `None` for a relay that takes mail without one.
    pub user: Option<String>,
    pub password_file: Option<PathBuf>,
}

impl Smtp {
    /// The password for `user`, from `GROGNARD_SMTP_PASSWORD` or the password file; `None`
    /// when there is no user to log in as.
    pub fn password(&self) -> Result<Option<String>, MailError> {
        self.password_from(|name| std::env::var_os(name))
    }

    pub fn password_from(&self, env: impl Fn(&str) -> Option<OsString>) -> Result<Option<String>, MailError> {
        let Some(user) = &self.user else { return Ok(None) };
        let found = read_password(SMTP_PASSWORD_VAR, self.password_file.as_deref(), env)?;
        found.map(Some).ok_or_else(|| MailError::NoPassword {
            user: user.clone(),
            host: self.host.clone(),
            var: SMTP_PASSWORD_VAR,
            section: "send",
        })
    }
}

/// How turn mails leave this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Send {
    Smtp(Smtp),
    /// A sendmail-compatible program (`-i -f <from> -- <to>...`, the message on its input).
    Sendmail {
        command: PathBuf,
    },
    /// Write each mail as `<name>.eml` into a directory (another program, or a person,
    /// sends them on).
    Directory {
        dir: PathBuf,
    },
}

impl Send {
    /// The default: the directory `<home>/outbox`.
    pub fn default_for(home: &Path) -> Send {
        Send::Directory { dir: outbox_dir(home) }
    }

    /// One line for people: where mail goes.
    pub fn describe(&self) -> String {
        match self {
            Send::Smtp(s) => {
                let user = s.user.as_deref().map(|u| format!(" as {u}")).unwrap_or_default();
                format!("SMTP {}:{} ({}){user}", s.host, s.port, s.security)
            }
            Send::Sendmail { command } => format!("sendmail program {}", command.display()),
            Send::Directory { dir } => format!("directory {}", dir.display()),
        }
    }
}

/// An IMAP mailbox turn mails are read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receive {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub user: String,
    pub mailbox: String,
    pub password_file: Option<PathBuf>,
}

impl Receive {
    /// The password, from `GROGNARD_IMAP_PASSWORD` or the password file.
    pub fn password(&self) -> Result<String, MailError> {
        self.password_from(|name| std::env::var_os(name))
    }

    pub fn password_from(&self, env: impl Fn(&str) -> Option<OsString>) -> Result<String, MailError> {
        read_password(IMAP_PASSWORD_VAR, self.password_file.as_deref(), env)?.ok_or_else(|| MailError::NoPassword {
            user: self.user.clone(),
            host: self.host.clone(),
            var: IMAP_PASSWORD_VAR,
            section: "receive",
        })
    }
}

/// One identity's mail settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailConfig {
    /// The file they were read from; `None` for the defaults (no file).
    pub file: Option<PathBuf>,
    pub send: Send,
    /// `None` when the file has no `[receive]` table.
    pub receive: Option<Receive>,
}

impl MailConfig {
    /// The settings used when an identity has no file.
    pub fn defaults(home: &Path) -> MailConfig {
        MailConfig { file: None, send: Send::default_for(home), receive: None }
    }
}

/// `<home>/mail/<slug>.toml`.
pub fn config_path(home: &Path, slug: &str) -> PathBuf {
    home.join("mail").join(format!("{slug}.toml"))
}

/// `<home>/outbox`, where the directory transport writes by default.
pub fn outbox_dir(home: &Path) -> PathBuf {
    home.join("outbox")
}

/// The settings of the identity `slug` under `home`, or the defaults when it has no file.
pub fn load(home: &Path, slug: &str) -> Result<MailConfig, MailError> {
    let path = config_path(home, slug);
    match std::fs::metadata(&path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(MailConfig::defaults(home)),
        Err(e) => return Err(io_error(&path)(e)),
        Ok(m) if !m.is_file() => {
            return Err(MailError::Config { path, message: "not a regular file".into() });
        }
        Ok(m) if m.len() > MAX_FILE_BYTES => {
            return Err(MailError::Config { path, message: format!("larger than {MAX_FILE_BYTES} bytes") });
        }
        Ok(_) => {}
    }
    let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
    parse(&text, home, &path)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    send: Option<RawSend>,
    receive: Option<RawReceive>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSend {
    transport: Option<String>,
    host: Option<String>,
    port: Option<u16>,
    security: Option<Security>,
    user: Option<String>,
    password_file: Option<String>,
    directory: Option<String>,
    command: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReceive {
    host: Option<String>,
    port: Option<u16>,
    security: Option<Security>,
    user: Option<String>,
    mailbox: Option<String>,
    password_file: Option<String>,
}

/// Parse the text of a settings file read from `path` (which relative paths are taken from).
pub fn parse(text: &str, home: &Path, path: &Path) -> Result<MailConfig, MailError> {
    let bad = |message: String| MailError::Config { path: path.to_path_buf(), message };
    // A password in the file is refused by name, before any other complaint about it.
    let table: toml::Table = toml::from_str(text).map_err(|e| bad(e.to_string().trim_end().to_string()))?;
    let holds_password =
        |t: Option<&toml::Value>| t.and_then(toml::Value::as_table).is_some_and(|t| t.contains_key("password"));
    for (section, var) in [("send", SMTP_PASSWORD_VAR), ("receive", IMAP_PASSWORD_VAR)] {
        if holds_password(table.get(section)) {
            return Err(MailError::PasswordInConfig { path: path.to_path_buf(), section: format!("[{section}]"), var });
        }
    }
    if table.contains_key("password") {
        return Err(MailError::PasswordInConfig {
            path: path.to_path_buf(),
            section: "the top level".into(),
            var: SMTP_PASSWORD_VAR,
        });
    }
    let raw: RawFile = toml::from_str(text).map_err(|e| bad(e.to_string().trim_end().to_string()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let send = match raw.send {
        None => Send::default_for(home),
        Some(s) => send_settings(s, home, base).map_err(|m| bad(format!("[send]: {m}")))?,
    };
    let receive = match raw.receive {
        None => None,
        Some(r) => Some(receive_settings(r, base).map_err(|m| bad(format!("[receive]: {m}")))?),
    };
    if let Send::Smtp(Smtp { host, security: Security::Plain, .. }) = &send {
        check_plain(host)?;
    }
    if let Some(Receive { host, security: Security::Plain, .. }) = &receive {
        check_plain(host)?;
    }
    Ok(MailConfig { file: Some(path.to_path_buf()), send, receive })
}

fn send_settings(s: RawSend, home: &Path, base: &Path) -> Result<Send, String> {
    let transport = s.transport.as_deref().ok_or("`transport` is missing: \"smtp\", \"sendmail\" or \"directory\"")?;
    let present: Vec<&str> = [
        ("host", s.host.is_some()),
        ("port", s.port.is_some()),
        ("security", s.security.is_some()),
        ("user", s.user.is_some()),
        ("password_file", s.password_file.is_some()),
        ("directory", s.directory.is_some()),
        ("command", s.command.is_some()),
    ]
    .into_iter()
    .filter_map(|(k, set)| set.then_some(k))
    .collect();
    let allowed: &[&str] = match transport {
        "smtp" => &["host", "port", "security", "user", "password_file"],
        "sendmail" => &["command"],
        "directory" => &["directory"],
        other => return Err(format!("unknown transport `{other}`: use \"smtp\", \"sendmail\" or \"directory\"")),
    };
    if let Some(key) = present.iter().find(|k| !allowed.contains(k)) {
        return Err(format!("`{key}` does not apply to transport = \"{transport}\""));
    }
    match transport {
        "smtp" => {
            let host = check_host(s.host.as_deref().ok_or("`host` is missing (the SMTP server)")?)?;
            let security = s.security.unwrap_or(Security::StartTls);
            let port = port(s.port, security.smtp_port())?;
            let user = s.user.map(|u| check_text("user", u)).transpose()?;
            let password_file = s.password_file.map(|p| resolve_path("password_file", &p, base)).transpose()?;
            if password_file.is_some() && user.is_none() {
                return Err("`password_file` needs a `user` to log in as".into());
            }
            Ok(Send::Smtp(Smtp { host, port, security, user, password_file }))
        }
        "sendmail" => {
            let command = match s.command {
                None => PathBuf::from(DEFAULT_SENDMAIL),
                // A bare name is looked up in PATH; anything with a slash is a path.
                Some(c) if !c.contains('/') && !c.starts_with('~') => PathBuf::from(check_text("command", c)?),
                Some(c) => resolve_path("command", &c, base)?,
            };
            Ok(Send::Sendmail { command })
        }
        _ => {
            let dir = match s.directory {
                None => outbox_dir(home),
                Some(d) => resolve_path("directory", &d, base)?,
            };
            Ok(Send::Directory { dir })
        }
    }
}

fn receive_settings(r: RawReceive, base: &Path) -> Result<Receive, String> {
    let host = check_host(r.host.as_deref().ok_or("`host` is missing (the IMAP server)")?)?;
    let security = r.security.unwrap_or(Security::Tls);
    let port = port(r.port, security.imap_port())?;
    let user = check_text("user", r.user.ok_or("`user` is missing (the IMAP login)")?)?;
    let mailbox = check_text("mailbox", r.mailbox.unwrap_or_else(|| DEFAULT_MAILBOX.into()))?;
    let password_file = r.password_file.map(|p| resolve_path("password_file", &p, base)).transpose()?;
    Ok(Receive { host, port, security, user, mailbox, password_file })
}

fn port(port: Option<u16>, default: u16) -> Result<u16, String> {
    match port {
        Some(0) => Err("`port` must be 1 to 65535".into()),
        Some(p) => Ok(p),
        None => Ok(default),
    }
}

/// A host name or an IP address (IPv6 with or without brackets).
fn check_host(host: &str) -> Result<String, String> {
    let ok = !host.is_empty()
        && host.len() <= 253
        && !host.starts_with(['-', '.'])
        && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']' | '_'));
    if !ok {
        return Err(format!("`host` = {host:?} is not a host name or an IP address"));
    }
    Ok(host.to_string())
}

fn check_text(key: &str, value: String) -> Result<String, String> {
    if value.is_empty() || value.len() > 1024 || value.chars().any(char::is_control) {
        return Err(format!("`{key}` must be 1 to 1024 characters without control characters"));
    }
    Ok(value)
}

/// `~/` is the user's home; a relative path is taken from `base` (the settings file's directory).
fn resolve_path(key: &str, value: &str, base: &Path) -> Result<PathBuf, String> {
    let value = check_text(key, value.to_string())?;
    if let Some(rest) = value.strip_prefix("~/") {
        let home = std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .ok_or_else(|| format!("`{key}` starts with `~/` but HOME is not set"))?;
        return Ok(PathBuf::from(home).join(rest));
    }
    if value.starts_with('~') {
        return Err(format!("`{key}`: only `~/` (your own home directory) is understood"));
    }
    Ok(base.join(value))
}

/// Is `host` a loopback address (or `localhost`)?
pub fn is_loopback(host: &str) -> bool {
    let bare = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
    bare.eq_ignore_ascii_case("localhost") || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Refuse `security = "plain"` to anything but a loopback address.
pub fn check_plain(host: &str) -> Result<(), MailError> {
    if is_loopback(host) {
        Ok(())
    } else {
        Err(MailError::PlainNotLoopback { host: host.to_string() })
    }
}

/// A password from the environment variable `var`, else from `file` (refused unless only its
/// owner may read it); `None` if neither gives one.
pub fn read_password(
    var: &'static str,
    file: Option<&Path>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Result<Option<String>, MailError> {
    if let Some(value) = env(var).filter(|v| !v.is_empty()) {
        let value = value.into_string().map_err(|_| MailError::Message(format!("{var} is not valid UTF-8")))?;
        return Ok(Some(value));
    }
    let Some(path) = file else { return Ok(None) };
    let meta = std::fs::metadata(path).map_err(io_error(path))?;
    if !meta.is_file() {
        return Err(MailError::Config {
            path: path.to_path_buf(),
            message: "the password file is not a regular file".into(),
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode() & 0o7777;
        if mode & 0o077 != 0 {
            return Err(MailError::PasswordExposed { path: path.to_path_buf(), mode });
        }
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(MailError::Config { path: path.to_path_buf(), message: "the password file is too large".into() });
    }
    let text = std::fs::read_to_string(path).map_err(io_error(path))?;
    // The password is the first line, without its line end.
    let password = text.lines().next().unwrap_or("").trim_end_matches('\r').to_string();
    if password.is_empty() {
        return Err(MailError::Config {
            path: path.to_path_buf(),
            message: "the password file is empty (the password is its first line)".into(),
        });
    }
    Ok(Some(password))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home() -> PathBuf {
        PathBuf::from("/h")
    }

    fn parse_str(text: &str) -> Result<MailConfig, MailError> {
        parse(text, &home(), Path::new("/h/mail/me-at-example.org.toml"))
    }

    fn message(e: MailError) -> String {
        e.to_string()
    }

    #[test]
    fn the_example_file_parses() {
        let c = parse_str(
            r#"
            [send]
            transport = "smtp"
            host = "smtp.example.org"
            port = 587
            security = "starttls"
            user = "lannes@example.org"
            password_file = "secrets/smtp"
            [receive]
            host = "imap.example.org"
            port = 993
            security = "tls"
            user = "lannes@example.org"
            mailbox = "INBOX"
            password_file = "/etc/imap-password"
            "#,
        )
        .unwrap();
        assert_eq!(
            c.send,
            Send::Smtp(Smtp {
                host: "smtp.example.org".into(),
                port: 587,
                security: Security::StartTls,
                user: Some("lannes@example.org".into()),
                password_file: Some(PathBuf::from("/h/mail/secrets/smtp")),
            })
        );
        let r = c.receive.unwrap();
        assert_eq!(
            (r.host.as_str(), r.port, r.security, r.mailbox.as_str()),
            ("imap.example.org", 993, Security::Tls, "INBOX")
        );
        assert_eq!(r.password_file, Some(PathBuf::from("/etc/imap-password")));
        assert_eq!(c.file, Some(PathBuf::from("/h/mail/me-at-example.org.toml")));
    }

    #[test]
    fn defaults_fill_in() {
        let c = parse_str("[send]\ntransport = \"smtp\"\nhost = \"mail.example.org\"\nsecurity = \"tls\"\n").unwrap();
        assert!(matches!(c.send, Send::Smtp(Smtp { port: 465, user: None, .. })));
        assert_eq!(c.receive, None);
        let c = parse_str("[receive]\nhost = \"imap.example.org\"\nuser = \"me\"\n").unwrap();
        assert_eq!(c.send, Send::Directory { dir: PathBuf::from("/h/outbox") });
        let r = c.receive.unwrap();
        assert_eq!((r.port, r.security, r.mailbox.as_str()), (993, Security::Tls, "INBOX"));
        let c = parse_str("[send]\ntransport = \"sendmail\"\n").unwrap();
        assert_eq!(c.send, Send::Sendmail { command: PathBuf::from(DEFAULT_SENDMAIL) });
        let c = parse_str("[send]\ntransport = \"sendmail\"\ncommand = \"msmtp\"\n").unwrap();
        assert_eq!(c.send, Send::Sendmail { command: PathBuf::from("msmtp") });
        let c = parse_str("[send]\ntransport = \"directory\"\ndirectory = \"out\"\n").unwrap();
        assert_eq!(c.send, Send::Directory { dir: PathBuf::from("/h/mail/out") });
    }

    #[test]
    fn no_file_means_the_outbox() {
        let dir = tempfile::tempdir().unwrap();
        let c = load(dir.path(), "me-at-example.org").unwrap();
        assert_eq!(c, MailConfig::defaults(dir.path()));
        assert_eq!(c.send, Send::Directory { dir: dir.path().join("outbox") });
        std::fs::create_dir_all(dir.path().join("mail")).unwrap();
        std::fs::write(config_path(dir.path(), "me-at-example.org"), "[send]\ntransport = \"sendmail\"\n").unwrap();
        assert!(matches!(load(dir.path(), "me-at-example.org").unwrap().send, Send::Sendmail { .. }));
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let e = message(parse_str("[send]\ntransport = \"smtp\"\nhots = \"x\"\n").unwrap_err());
        assert!(e.contains("hots"), "{e}");
        let e = message(parse_str("[sned]\n").unwrap_err());
        assert!(e.contains("sned"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"pigeon\"\n").unwrap_err());
        assert!(e.contains("pigeon"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"directory\"\nhost = \"x\"\n").unwrap_err());
        assert!(e.contains("`host` does not apply"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"smtp\"\nhost = \"x\"\nsecurity = \"ssl\"\n").unwrap_err());
        assert!(e.contains("ssl"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"smtp\"\n").unwrap_err());
        assert!(e.contains("`host` is missing"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"smtp\"\nhost = \"a b\"\n").unwrap_err());
        assert!(e.contains("not a host name"), "{e}");
        let e = message(parse_str("[send]\nhost = \"x\"\n").unwrap_err());
        assert!(e.contains("`transport` is missing"), "{e}");
        let e = message(parse_str("[receive]\nhost = \"x\"\n").unwrap_err());
        assert!(e.contains("`user` is missing"), "{e}");
        let e = message(parse_str("[send]\ntransport = \"smtp\"\nhost = \"x\"\npassword_file = \"p\"\n").unwrap_err());
        assert!(e.contains("needs a `user`"), "{e}");
        let e = message(parse_str("[send\n").unwrap_err());
        assert!(e.contains("me-at-example.org.toml"), "{e}");
    }

    #[test]
    fn a_password_in_the_file_is_refused() {
        for text in [
            "[send]\ntransport = \"smtp\"\nhost = \"x\"\nuser = \"u\"\npassword = \"hunter2\"\n",
            "[receive]\nhost = \"x\"\nuser = \"u\"\npassword = \"hunter2\"\n",
            "password = \"hunter2\"\n",
        ] {
            let e = parse_str(text).unwrap_err();
            assert!(matches!(e, MailError::PasswordInConfig { .. }), "{e}");
            let m = e.to_string();
            assert!(m.contains("never read from the settings file") && !m.contains("hunter2"), "{m}");
        }
    }

    #[test]
    fn plain_is_only_for_loopback() {
        let text = |host: &str| format!("[send]\ntransport = \"smtp\"\nhost = \"{host}\"\nsecurity = \"plain\"\n");
        for host in ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"] {
            assert!(parse_str(&text(host)).is_ok(), "{host}");
        }
        for host in ["smtp.example.org", "10.0.0.1", "192.168.1.1"] {
            let e = parse_str(&text(host)).unwrap_err();
            assert!(matches!(e, MailError::PlainNotLoopback { .. }), "{host}: {e}");
        }
        let e = parse_str("[receive]\nhost = \"imap.example.org\"\nuser = \"u\"\nsecurity = \"plain\"\n").unwrap_err();
        assert!(matches!(e, MailError::PlainNotLoopback { .. }), "{e}");
    }

    #[test]
    fn passwords_come_from_the_environment_or_a_private_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pw");
        std::fs::write(&file, "s3cret\n").unwrap();
        let smtp = Smtp {
            host: "smtp.example.org".into(),
            port: 587,
            security: Security::StartTls,
            user: Some("me".into()),
            password_file: Some(file.clone()),
        };
        let no_env = |_: &str| None;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
            let e = smtp.password_from(no_env).unwrap_err();
            assert!(e.to_string().contains(&format!("chmod 600 {}", file.display())), "{e}");
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
        assert_eq!(smtp.password_from(no_env).unwrap().as_deref(), Some("s3cret"));
        let env = |name: &str| (name == SMTP_PASSWORD_VAR).then(|| OsString::from("from-env"));
        assert_eq!(smtp.password_from(env).unwrap().as_deref(), Some("from-env"));
        let nothing = Smtp { password_file: None, ..smtp.clone() };
        let e = nothing.password_from(no_env).unwrap_err();
        assert!(matches!(e, MailError::NoPassword { .. }) && e.to_string().contains(SMTP_PASSWORD_VAR), "{e}");
        assert_eq!(Smtp { user: None, ..nothing }.password_from(no_env).unwrap(), None);

        let receive = Receive {
            host: "imap.example.org".into(),
            port: 993,
            security: Security::Tls,
            user: "me".into(),
            mailbox: "INBOX".into(),
            password_file: None,
        };
        let e = receive.password_from(no_env).unwrap_err();
        assert!(e.to_string().contains(IMAP_PASSWORD_VAR), "{e}");
        let env = |name: &str| (name == IMAP_PASSWORD_VAR).then(|| OsString::from("imap"));
        assert_eq!(receive.password_from(env).unwrap(), "imap");
    }
}
