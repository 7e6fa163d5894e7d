//! Sending a turn mail: SMTP (STARTTLS or TLS, with a login), a sendmail program, or a
//! directory of `.eml` files.

use crate::compose::{to_message, TurnMail};
use crate::config::{check_plain, MailError, Security, Send, Smtp};
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{SendmailTransport, SmtpTransport, Transport};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// How long an SMTP connection may wait for the server at each step.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(60);

/// Where a mail went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Accepted by an SMTP server; `response` is its answer to the message.
    Smtp { host: String, port: u16, security: Security, response: String },
    /// Handed to a sendmail program.
    Sendmail { command: PathBuf },
    /// Written as a file.
    Directory { path: PathBuf },
}

/// What `send` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentReport {
    pub message_id: String,
    pub subject: String,
    /// The recipients' addresses.
    pub to: Vec<String>,
    pub packet_name: String,
    pub delivery: Delivery,
}

impl SentReport {
    /// The files written (the directory transport writes one).
    pub fn paths(&self) -> Vec<&Path> {
        match &self.delivery {
            Delivery::Directory { path } => vec![path.as_path()],
            _ => Vec::new(),
        }
    }
}

impl fmt::Display for SentReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let to = self.to.join(", ");
        match &self.delivery {
            Delivery::Smtp { host, port, response, .. } => {
                write!(f, "mailed {} to {to} through {host}:{port} ({response})", self.packet_name)
            }
            Delivery::Sendmail { command } => {
                write!(f, "mailed {} to {to} with {}", self.packet_name, command.display())
            }
            Delivery::Directory { path } => {
                write!(f, "wrote the mail to {to} (with {}) to {}", self.packet_name, path.display())
            }
        }
    }
}

/// Send `mail` by `transport`. SMTP reads its password from the environment or the
/// password file named in the settings.
pub fn send(transport: &Send, mail: &TurnMail) -> Result<SentReport, MailError> {
    let message = to_message(mail)?;
    let delivery = match transport {
        Send::Smtp(smtp) => {
            if smtp.security == Security::Plain {
                check_plain(&smtp.host)?;
            }
            let password = smtp.password()?;
            let client = smtp_transport(smtp, password)?;
            let failed = |e: lettre::transport::smtp::Error| MailError::Smtp {
                host: smtp.host.clone(),
                port: smtp.port,
                message: e.to_string(),
            };
            let response = client.send(&message).map_err(failed)?;
            let response = format!("{} {}", response.code(), response.message().collect::<Vec<_>>().join(" "));
            Delivery::Smtp { host: smtp.host.clone(), port: smtp.port, security: smtp.security, response }
        }
        Send::Sendmail { command } => {
            SendmailTransport::new_with_command(command.as_os_str())
                .send(&message)
                .map_err(|e| MailError::Sendmail { command: command.display().to_string(), message: e.to_string() })?;
            Delivery::Sendmail { command: command.clone() }
        }
        Send::Directory { dir } => {
            let path = dir.join(eml_name(&mail.message_id));
            write_atomic(dir, &path, &message.formatted())?;
            Delivery::Directory { path }
        }
    };
    Ok(SentReport {
        message_id: mail.message_id.clone(),
        subject: mail.subject.clone(),
        to: mail.to.iter().map(|m| m.email.clone()).collect(),
        packet_name: mail.packet_name.clone(),
        delivery,
    })
}

/// The SMTP client for `smtp`: STARTTLS required or TLS from the start (server certificates
/// checked against the Web PKI roots), `plain` only to a loopback address; AUTH PLAIN or
/// LOGIN when there is a user; timeouts on every step. Connects to nothing yet.
pub fn smtp_transport(smtp: &Smtp, password: Option<String>) -> Result<SmtpTransport, MailError> {
    let failed = |e: lettre::transport::smtp::Error| MailError::Smtp {
        host: smtp.host.clone(),
        port: smtp.port,
        message: e.to_string(),
    };
    let host = smtp.host.trim_start_matches('[').trim_end_matches(']').to_string();
    let tls = match smtp.security {
        Security::Plain => {
            check_plain(&smtp.host)?;
            Tls::None
        }
        Security::StartTls => Tls::Required(TlsParameters::new(host.clone()).map_err(failed)?),
        Security::Tls => Tls::Wrapper(TlsParameters::new(host.clone()).map_err(failed)?),
    };
    let mut builder = SmtpTransport::builder_dangerous(host).port(smtp.port).tls(tls).timeout(Some(SMTP_TIMEOUT));
    match (&smtp.user, password) {
        (Some(user), Some(password)) => {
            builder = builder
                .credentials(Credentials::new(user.clone(), password))
                .authentication(vec![Mechanism::Plain, Mechanism::Login]);
        }
        (Some(user), None) => {
            return Err(MailError::NoPassword {
                user: user.clone(),
                host: smtp.host.clone(),
                var: crate::config::SMTP_PASSWORD_VAR,
                section: "send",
            })
        }
        (None, _) => {}
    }
    Ok(builder.build())
}

/// `<id>.eml` from a message id: its part inside the angle brackets, in safe characters.
pub fn eml_name(message_id: &str) -> String {
    let inner = message_id.trim_start_matches('<').trim_end_matches('>');
    let inner = inner.split('@').next().unwrap_or(inner);
    let safe: String = inner
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '_' })
        .take(200)
        .collect();
    let safe = safe.trim_start_matches(['.', '-']);
    format!("{}.eml", if safe.is_empty() { "mail" } else { safe })
}

/// Write `bytes` to `path` in `dir` atomically: a temporary file, synced, renamed into
/// place, and the directory synced. A mail of the same id is replaced (the same packet).
fn write_atomic(dir: &Path, path: &Path, bytes: &[u8]) -> Result<(), MailError> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| MailError::Io { path: p, source }
    };
    fs::create_dir_all(dir).map_err(io(dir))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("mail.eml");
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temp = dir.join(format!(".{name}.tmp-{}-{n}", std::process::id()));
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create(true).truncate(true).open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(io(path)(e));
    }
    #[cfg(unix)]
    File::open(dir).and_then(|d| d.sync_all()).map_err(io(dir))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::compose;
    use crate::compose::tests::{attachment_bytes, duel_game};
    use grognard_engine::PlayerId;
    use grognard_journal::packet::Packet;
    use std::io::{BufRead, BufReader};
    use std::net::TcpListener;

    fn smtp(host: &str, security: Security, user: Option<&str>) -> Smtp {
        Smtp { host: host.into(), port: 2525, security, user: user.map(str::to_string), password_file: None }
    }

    #[test]
    fn the_directory_transport_writes_an_eml_with_the_packet() {
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mail = compose(&game, PlayerId(0), &packet, "Your turn.").unwrap();
        let outbox = dir.path().join("outbox");
        let report = send(&Send::Directory { dir: outbox.clone() }, &mail).unwrap();
        let Delivery::Directory { path } = &report.delivery else { panic!("{report:?}") };
        assert_eq!(path.parent(), Some(outbox.as_path()));
        assert_eq!(report.paths(), vec![path.as_path()]);
        let name = path.file_name().unwrap().to_str().unwrap();
        assert!(name.ends_with(&format!(".{}.eml", game.replay.game.short())), "{name}");
        let text = fs::read_to_string(path).unwrap();
        assert!(text.contains(&format!("Message-ID: {}", mail.message_id)));
        let recovered = attachment_bytes(&text, &mail.packet_name);
        assert_eq!(Packet::decode(&recovered).unwrap().entries.len(), packet.entries.len());
        // Sending the same packet again replaces the same file; nothing else is left behind.
        send(&Send::Directory { dir: outbox.clone() }, &mail).unwrap();
        assert_eq!(fs::read_dir(&outbox).unwrap().count(), 1);
        assert!(report.to_string().contains("bob@example.org"), "{report}");
    }

    #[test]
    fn smtp_clients_build_without_connecting() {
        for security in [Security::StartTls, Security::Tls] {
            assert!(smtp_transport(&smtp("smtp.example.org", security, Some("me")), Some("pw".into())).is_ok());
        }
        assert!(smtp_transport(&smtp("smtp.example.org", Security::StartTls, None), None).is_ok());
        assert!(smtp_transport(&smtp("127.0.0.1", Security::Plain, Some("me")), Some("pw".into())).is_ok());
        let e = smtp_transport(&smtp("smtp.example.org", Security::StartTls, Some("me")), None).unwrap_err();
        assert!(matches!(e, MailError::NoPassword { .. }), "{e}");
    }

    #[test]
    fn plain_smtp_to_another_host_is_refused() {
        for host in ["smtp.example.org", "10.1.2.3"] {
            let e = smtp_transport(&smtp(host, Security::Plain, Some("me")), Some("pw".into())).unwrap_err();
            assert!(matches!(e, MailError::PlainNotLoopback { .. }), "{e}");
        }
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mail = compose(&game, PlayerId(0), &packet, "Your turn.").unwrap();
        let e = send(&Send::Smtp(smtp("smtp.example.org", Security::Plain, None)), &mail).unwrap_err();
        assert!(matches!(e, MailError::PlainNotLoopback { .. }), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_sendmail_program_gets_the_envelope_and_the_message() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mail = compose(&game, PlayerId(0), &packet, "Your turn.").unwrap();
        let script = dir.path().join("fake-sendmail");
        let out = dir.path().join("sent");
        fs::write(&script, format!("#!/bin/sh\necho \"$@\" > '{0}.args'\ncat > '{0}.eml'\n", out.display())).unwrap();
        fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
        let report = send(&Send::Sendmail { command: script.clone() }, &mail).unwrap();
        assert_eq!(report.delivery, Delivery::Sendmail { command: script });
        let args = fs::read_to_string(out.with_extension("args")).unwrap();
        assert_eq!(args.trim(), "-i -f alice@example.org -- bob@example.org");
        let text = fs::read_to_string(out.with_extension("eml")).unwrap();
        assert!(text.contains(&format!("Message-ID: {}", mail.message_id)));
        assert_eq!(Packet::decode(&attachment_bytes(&text, &mail.packet_name)).unwrap().entries.len(), 1);

        let missing = Send::Sendmail { command: dir.path().join("no-such-program") };
        assert!(matches!(send(&missing, &mail), Err(MailError::Sendmail { .. })));
    }

    /// A minimal SMTP server on the loopback interface that takes one message.
    fn fake_smtp_server(listener: TcpListener) -> std::thread::JoinHandle<Vec<String>> {
        std::thread::spawn(move || {
            let (stream, _) = listener.accept().expect("a client");
            stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
            let mut out = stream.try_clone().unwrap();
            let mut reader = BufReader::new(stream);
            let mut said = Vec::new();
            out.write_all(b"220 localhost ESMTP test\r\n").unwrap();
            let mut in_data = false;
            for _ in 0..100_000 {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                said.push(line.clone());
                let reply: &[u8] = if in_data {
                    if line != ".\r\n" {
                        continue;
                    }
                    in_data = false;
                    b"250 2.0.0 queued as 42\r\n"
                } else {
                    let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                    match verb.as_str() {
                        "EHLO" => b"250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n",
                        "AUTH" => b"235 2.7.0 ok\r\n",
                        "MAIL" | "RCPT" => b"250 ok\r\n",
                        "DATA" => {
                            in_data = true;
                            b"354 go on\r\n"
                        }
                        "QUIT" => {
                            out.write_all(b"221 bye\r\n").unwrap();
                            break;
                        }
                        _ => b"250 ok\r\n",
                    }
                };
                out.write_all(reply).unwrap();
            }
            said
        })
    }

    #[test]
    fn smtp_logs_in_and_delivers_to_a_loopback_server() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = fake_smtp_server(listener);
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mail = compose(&game, PlayerId(0), &packet, "Your turn.").unwrap();
        let settings = Smtp { port, ..smtp("127.0.0.1", Security::Plain, Some("alice")) };
        let client = smtp_transport(&settings, Some("s3cret".into())).unwrap();
        let response = client.send(&to_message(&mail).unwrap()).unwrap();
        assert!(response.is_positive());
        let said = server.join().unwrap();
        let auth = said.iter().find(|l| l.starts_with("AUTH")).expect("a login");
        assert!(auth.starts_with("AUTH PLAIN "), "{auth}");
        assert!(said.iter().any(|l| l.starts_with("RCPT TO:<bob@example.org>")), "{said:?}");
        let data: String = said.concat();
        assert!(data.contains(&format!("Message-ID: {}", mail.message_id)));
        assert!(data.contains(&mail.packet_name));
    }
}
