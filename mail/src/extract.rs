//! Reading turn packets out of mail messages.
//!
//! A message is parsed as MIME and every leaf part (attachments and inline text alike) is
//! looked at; a part is a packet when its decoded content starts with `grognard-packet v1`,
//! whatever its name or content type. Attachment names are only ever displayed (sanitized),
//! never used as paths: nothing here writes a file.
//!
//! The headers shown to the player (Message-ID, Subject, From) are for display only and are
//! sanitized: who wrote a packet is told by its signatures, never by `From:`.

use base64::Engine;
use grognard_journal::packet::{Packet, PacketError, MAX_PACKET_BYTES};
use mail_parser::{Encoding, HeaderName, Message, MessageParser, MimeHeaders, PartType};

/// The largest message read (whole, before MIME decoding).
pub const MAX_MESSAGE_BYTES: usize = 32 * 1024 * 1024;
/// How deep forwarded messages (message/rfc822 parts) are followed.
const MAX_NESTING: usize = 4;
/// The longest header text displayed, in characters.
const MAX_DISPLAY_CHARS: usize = 200;
const PACKET_START: &[u8] = b"grognard-packet";
const PACKET_MAGIC: &[u8] = b"grognard-packet v1";
const END_LINE: &[u8] = b"\nend sha256=";

#[derive(Debug, thiserror::Error)]
pub enum ReceiveError {
    #[error("the message is too large ({size} bytes or more; the limit is {MAX_MESSAGE_BYTES})")]
    TooLarge { size: u64 },
    #[error("{part} is too large ({size} bytes; a packet is at most {MAX_PACKET_BYTES})")]
    PartTooLarge { part: String, size: usize },
    #[error("{part}: {error}")]
    Packet { part: String, error: PacketError },
    #[error("not a readable mail message: {0}")]
    Malformed(String),
    #[error("{path}: {error}")]
    Io {
        path: String,
        #[source]
        error: std::io::Error,
    },
    #[error("{0}")]
    Source(String),
    #[error("Maildir: {0}")]
    Maildir(String),
    #[error("IMAP: {0}")]
    Imap(String),
    /// Watching the IMAP mailbox failed too many times in a row.
    #[error("IMAP watch: {0}")]
    Watch(String),
}

impl ReceiveError {
    /// A short stable name for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            ReceiveError::TooLarge { .. } | ReceiveError::PartTooLarge { .. } => "too-large",
            ReceiveError::Packet { .. } => "packet",
            ReceiveError::Malformed(_) => "malformed",
            ReceiveError::Io { .. } => "io",
            ReceiveError::Source(_) => "source",
            ReceiveError::Maildir(_) => "maildir",
            ReceiveError::Imap(_) => "imap",
            ReceiveError::Watch(_) => "imap-watch",
        }
    }

    pub(crate) fn io(path: &std::path::Path, error: std::io::Error) -> ReceiveError {
        ReceiveError::Io { path: sanitize(&path.display().to_string()), error }
    }
}

/// A message read: its packets, and headers for display only.
#[derive(Clone, Debug)]
pub struct MailItem {
    /// Message-ID, without angle brackets, sanitized.
    pub message_id: Option<String>,
    /// Subject, sanitized.
    pub subject: Option<String>,
    /// From, sanitized. Display only: it proves nothing about who wrote the packets.
    pub from: Option<String>,
    /// The packets found, in the order of the message's parts (identical copies once).
    pub packets: Vec<Packet>,
}

/// The packets of a message (see [`read_message`]).
pub fn packets_in_message(raw: &[u8]) -> Result<Vec<Packet>, ReceiveError> {
    read_message(raw).map(|item| item.packets)
}

/// Read a mail message (RFC 5322, MIME) or a bare packet.
///
/// A message without a packet gives an item with no packets; a damaged packet refuses the
/// whole message.
pub fn read_message(raw: &[u8]) -> Result<MailItem, ReceiveError> {
    if raw.len() > MAX_MESSAGE_BYTES {
        return Err(ReceiveError::TooLarge { size: raw.len() as u64 });
    }
    if raw.starts_with(PACKET_START) {
        let packet = decode_candidate(raw, "the packet")?;
        return Ok(MailItem { message_id: None, subject: None, from: None, packets: vec![packet] });
    }
    let parser = MessageParser::new().with_minimal_headers().header_id(HeaderName::MessageId);
    let message =
        parser.parse(raw).ok_or_else(|| ReceiveError::Malformed("no mail headers were found (nor a packet)".into()))?;
    if !starts_with_a_header(raw) {
        return Err(ReceiveError::Malformed("it does not start with a header line (`Name: value`)".into()));
    }
    let mut candidates = Vec::new();
    collect_candidates(&message, 0, &mut String::new(), &mut candidates)?;
    let mut seen: Vec<&[u8]> = Vec::new();
    let mut packets = Vec::new();
    for (part, content) in &candidates {
        if seen.contains(&content.as_slice()) {
            continue;
        }
        seen.push(content);
        packets.push(decode_candidate(content, part)?);
    }
    Ok(MailItem {
        message_id: message.message_id().map(sanitize),
        subject: message.subject().map(sanitize),
        from: message.from().map(|from| {
            let shown: Vec<String> = from
                .iter()
                .map(|a| match (a.name(), a.address()) {
                    (Some(n), Some(ad)) => format!("{n} <{ad}>"),
                    (Some(n), None) => n.to_string(),
                    (None, Some(ad)) => ad.to_string(),
                    (None, None) => String::new(),
                })
                .filter(|s| !s.is_empty())
                .collect();
            sanitize(&shown.join(", "))
        }),
        packets,
    })
}

/// Whether the first line is a header field: a name of printable characters, then `:`.
fn starts_with_a_header(raw: &[u8]) -> bool {
    let line = raw.split(|&b| b == b'\n').next().unwrap_or_default();
    match line.iter().position(|&b| b == b':') {
        Some(colon) => colon > 0 && line[..colon].iter().all(|&b| (33..=126).contains(&b)),
        None => false,
    }
}

/// Every leaf part whose content is a packet candidate, with a description for messages.
fn collect_candidates(
    message: &Message,
    depth: usize,
    prefix: &mut String,
    out: &mut Vec<(String, Vec<u8>)>,
) -> Result<(), ReceiveError> {
    for (index, part) in message.parts.iter().enumerate() {
        let multipart = part.content_type().is_some_and(|t| t.ctype().eq_ignore_ascii_case("multipart"));
        if multipart && !matches!(part.body, PartType::Multipart(_)) {
            return Err(ReceiveError::Malformed(format!(
                "{prefix}part {} is multipart but its parts cannot be found (no boundary)",
                index + 1
            )));
        }
        let content: &[u8] = match &part.body {
            PartType::Text(text) => text.as_bytes(),
            PartType::Binary(bytes) | PartType::InlineBinary(bytes) => bytes,
            PartType::Html(_) | PartType::Multipart(_) => continue,
            PartType::Message(nested) => {
                if depth + 1 < MAX_NESTING {
                    let before = prefix.len();
                    prefix.push_str(&format!("forwarded message (part {}), ", index + 1));
                    collect_candidates(nested, depth + 1, prefix, out)?;
                    prefix.truncate(before);
                }
                continue;
            }
        };
        // A base64 part cut short (a truncated mail) is left undecoded by the parser:
        // decode what is there, so a cut packet is reported rather than silently skipped.
        let recovered;
        let base64 = part.encoding == Encoding::Base64
            || part.content_transfer_encoding().is_some_and(|e| e.trim().eq_ignore_ascii_case("base64"));
        let content = if part.is_encoding_problem && base64 {
            recovered = lenient_base64(content);
            &recovered[..]
        } else {
            content
        };
        let Some(candidate) = candidate(content) else { continue };
        let name = part.attachment_name().map(sanitize).filter(|n| !n.is_empty());
        let what = match name {
            Some(name) => format!("{prefix}the attachment \"{name}\" (part {})", index + 1),
            None => format!("{prefix}part {} of the message", index + 1),
        };
        if candidate.len() > MAX_PACKET_BYTES {
            return Err(ReceiveError::PartTooLarge { part: what, size: candidate.len() });
        }
        out.push((what, candidate.to_vec()));
    }
    Ok(())
}

/// The packet in a part's decoded content, if it holds one: leading blank space is skipped
/// and anything after the end line (a mail signature under an inline packet) is cut.
fn candidate(content: &[u8]) -> Option<&[u8]> {
    let content = content.strip_prefix("\u{feff}".as_bytes()).unwrap_or(content);
    let start = content.iter().position(|b| !b.is_ascii_whitespace())?;
    let content = &content[start..];
    if !content.starts_with(PACKET_MAGIC) {
        return None;
    }
    let Some(end_at) = find(content, END_LINE) else { return Some(content) };
    let line_end = content[end_at + 1..].iter().position(|&b| b == b'\n').map(|p| end_at + 1 + p + 1);
    Some(line_end.map_or(content, |e| &content[..e]))
}

/// Decode base64 as far as it goes: every whole group of four characters, ignoring line
/// breaks, padding and anything outside the alphabet.
fn lenient_base64(text: &[u8]) -> Vec<u8> {
    let clean: Vec<u8> =
        text.iter().copied().filter(|b| b.is_ascii_alphanumeric() || *b == b'+' || *b == b'/').collect();
    let whole = clean.len() / 4 * 4;
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
            .with_decode_allow_trailing_bits(true),
    );
    engine.decode(&clean[..whole]).unwrap_or_default()
}

fn decode_candidate(bytes: &[u8], part: &str) -> Result<Packet, ReceiveError> {
    Packet::decode(bytes).map_err(|error| ReceiveError::Packet { part: part.to_string(), error })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Text from a message made safe to print: control characters (CR, LF, ESC, ...) become
/// spaces, invisible direction overrides are dropped, runs of blank space are collapsed and
/// the length is bounded.
pub fn sanitize(text: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut blank = false;
    for c in text.chars() {
        if is_invisible_format(c) {
            continue;
        }
        let c = if c.is_control() || c.is_whitespace() { ' ' } else { c };
        if c == ' ' {
            if blank || out.is_empty() {
                continue;
            }
            blank = true;
        } else {
            blank = false;
        }
        if count == MAX_DISPLAY_CHARS {
            out.push('…');
            break;
        }
        out.push(c);
        count += 1;
    }
    out.trim_end().to_string()
}

/// Characters that change how text around them is shown without being seen themselves.
fn is_invisible_format(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use base64::Engine;
    use grognard_journal::ids::GameId;

    pub(crate) fn empty_packet() -> Vec<u8> {
        Packet { game: GameId([7; 16]), entries: vec![], letters: Vec::new() }.encode()
    }

    pub(crate) fn base64_lines(bytes: &[u8]) -> String {
        let text = base64::engine::general_purpose::STANDARD.encode(bytes);
        let lines: Vec<&str> =
            text.as_bytes().chunks(76).map(|c| std::str::from_utf8(c).expect("base64 is ascii")).collect();
        lines.join("\r\n")
    }

    fn quoted_printable(bytes: &[u8]) -> String {
        let mut out = String::new();
        let mut line = 0;
        for &b in bytes {
            if b == b'\n' {
                out.push_str("\r\n");
                line = 0;
                continue;
            }
            let piece =
                if (33..=126).contains(&b) && b != b'=' { (b as char).to_string() } else { format!("={b:02X}") };
            if line + piece.len() > 75 {
                out.push_str("=\r\n");
                line = 0;
            }
            line += piece.len();
            out.push_str(&piece);
        }
        out
    }

    /// A turn mail as the sending side writes it: a text body and the packet attached.
    pub(crate) fn turn_mail(from: &str, subject: &str, name: &str, encoding: &str, packet: &[u8]) -> String {
        let body = match encoding {
            "base64" => base64_lines(packet),
            "quoted-printable" => quoted_printable(packet),
            _ => String::from_utf8_lossy(packet).replace('\n', "\r\n"),
        };
        format!(
            "From: {from}\r\nTo: Bob <bob@example.org>\r\nSubject: {subject}\r\n\
             Message-ID: <turn-12@example.org>\r\nMIME-Version: 1.0\r\n\
             Content-Type: multipart/mixed; boundary=\"grog-boundary\"\r\n\r\n\
             This is a multi-part message in MIME format.\r\n\
             --grog-boundary\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Transfer-Encoding: 7bit\r\n\r\n\
             Your move, round 3.\r\n\
             --grog-boundary\r\nContent-Type: application/x-grognard-packet; name=\"{name}\"\r\n\
             Content-Disposition: attachment; filename=\"{name}\"\r\n\
             Content-Transfer-Encoding: {encoding}\r\n\r\n\
             {body}\r\n--grog-boundary--\r\n"
        )
    }

    fn real_packet() -> (Packet, Vec<u8>) {
        use grognard_engine::AnyRuleset;
        use grognard_journal::create::{self, NewGame};
        use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
        use grognard_journal::keys::SecretKey;
        static DUEL: grognard_duel::Duel = grognard_duel::Duel;
        let rulesets: Vec<&'static dyn AnyRuleset> = vec![&DUEL];
        let keys: Vec<SecretKey> = (1..=2u8).map(|i| SecretKey::from_seed(&[i; 32])).collect();
        let scenario = DUEL.scenarios().into_iter().next().expect("a duel scenario");
        let players = keys
            .iter()
            .zip(&scenario.powers)
            .enumerate()
            .map(|(i, (k, p))| PlayerInfo {
                name: format!("Player{i}"),
                email: format!("p{i}@example.org"),
                key: k.public().to_hex(),
                powers: vec![p.id.clone()],
            })
            .collect();
        let new = NewGame {
            ruleset: &DUEL,
            setup: grognard_engine::Setup::scenario(scenario.id.clone()),
            players,
            creator: 0,
            dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: vec![] },
            chain_length: 16,
        };
        let tmp = tempfile::tempdir().expect("temp dir");
        let (_, packet) = create::create(&tmp.path().join("g"), &rulesets, &new, &keys[0]).expect("create");
        let bytes = packet.encode();
        (packet, bytes)
    }

    #[test]
    fn a_real_packet_attached_in_base64_is_found() {
        let (packet, bytes) = real_packet();
        let mail = turn_mail("Alice <alice@example.org>", "Grognard: your move", "turn-12.grog", "base64", &bytes);
        let item = read_message(mail.as_bytes()).expect("a good mail");
        assert_eq!(item.packets.len(), 1);
        assert_eq!(item.packets[0].game, packet.game);
        let ids: Vec<_> = item.packets[0].entries.iter().map(|e| e.id).collect();
        assert_eq!(ids, packet.entries.iter().map(|e| e.id).collect::<Vec<_>>());
        assert_eq!(item.subject.as_deref(), Some("Grognard: your move"));
        assert_eq!(item.from.as_deref(), Some("Alice <alice@example.org>"));
        assert_eq!(item.message_id.as_deref(), Some("turn-12@example.org"));
    }

    #[test]
    fn quoted_printable_and_plain_attachments_are_found() {
        let (packet, bytes) = real_packet();
        for encoding in ["quoted-printable", "7bit"] {
            let mail = turn_mail("alice@example.org", "turn", "t.grog", encoding, &bytes);
            let packets = packets_in_message(mail.as_bytes()).unwrap_or_else(|e| panic!("{encoding}: {e}"));
            assert_eq!(packets.len(), 1, "{encoding}");
            assert_eq!(packets[0].entries.len(), packet.entries.len());
        }
        let empty = turn_mail("alice@example.org", "turn", "t.grog", "quoted-printable", &empty_packet());
        assert_eq!(packets_in_message(empty.as_bytes()).map(|p| p[0].game).ok(), Some(GameId([7; 16])));
    }

    #[test]
    fn an_inline_packet_in_the_body_is_found_despite_a_signature_under_it() {
        let packet = String::from_utf8(empty_packet()).expect("ascii").replace('\n', "\r\n");
        let mail = format!(
            "From: a@example.org\r\nSubject: inline\r\nContent-Type: text/plain\r\n\r\n\r\n{packet}-- \r\nAlice\r\n"
        );
        let packets = packets_in_message(mail.as_bytes()).expect("inline packet");
        assert_eq!(packets.len(), 1);
    }

    #[test]
    fn a_bare_packet_is_read_as_a_packet() {
        let item = read_message(&empty_packet()).expect("a bare packet");
        assert_eq!(item.packets.len(), 1);
        assert!(item.subject.is_none() && item.from.is_none());
        let mut bad = empty_packet();
        bad[25] ^= 1;
        let err = read_message(&bad).expect_err("damaged");
        assert!(matches!(err, ReceiveError::Packet { error: PacketError::Checksum, .. }), "{err}");
    }

    #[test]
    fn a_mail_without_a_packet_has_no_packets() {
        let mail = "From: a@example.org\r\nSubject: lunch?\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\
                    --b\r\nContent-Type: text/plain\r\n\r\nNoon at the cafe?\r\n\
                    --b\r\nContent-Type: application/pdf; name=menu.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n\
                    JVBERi0xLjQK\r\n--b--\r\n";
        let item = read_message(mail.as_bytes()).expect("an ordinary mail");
        assert!(item.packets.is_empty());
        assert_eq!(item.subject.as_deref(), Some("lunch?"));
    }

    #[test]
    fn a_truncated_attachment_is_a_packet_error() {
        let (_, bytes) = real_packet();
        let mail = turn_mail("a@example.org", "turn", "turn.grog", "base64", &bytes[..bytes.len() - 80]);
        let err = read_message(mail.as_bytes()).expect_err("truncated");
        let ReceiveError::Packet { part, error } = &err else { panic!("not a packet error: {err}") };
        assert!(part.contains("turn.grog"), "{part}");
        assert!(matches!(error, PacketError::Truncated(_) | PacketError::Checksum), "{error}");
        assert_eq!(err.code(), "packet");

        // The mail itself cut in the middle of the attachment.
        let whole = turn_mail("a@example.org", "turn", "turn.grog", "base64", &bytes);
        let cut = &whole.as_bytes()[..whole.len() - 200];
        let got = read_message(cut);
        assert!(matches!(got, Err(ReceiveError::Packet { .. })), "{got:?}");

        // One flipped character: the checksum catches it.
        let mut damaged = bytes.clone();
        let at = damaged.len() / 2;
        damaged[at] = if damaged[at] == b'a' { b'b' } else { b'a' };
        let mail = turn_mail("a@example.org", "turn", "turn.grog", "quoted-printable", &damaged);
        let err = read_message(mail.as_bytes()).expect_err("damaged");
        assert!(matches!(err, ReceiveError::Packet { error: PacketError::Checksum, .. }), "{err}");
        assert!(err.to_string().contains("checksum does not match"), "{err}");
    }

    #[test]
    fn an_oversized_message_is_refused_before_parsing() {
        let mut big = turn_mail("a@example.org", "turn", "t.grog", "base64", &empty_packet()).into_bytes();
        big.resize(MAX_MESSAGE_BYTES + 1, b'A');
        assert!(matches!(read_message(&big), Err(ReceiveError::TooLarge { size }) if size == big.len() as u64));
        let mut bare = empty_packet();
        bare.resize(MAX_MESSAGE_BYTES + 1, b'\n');
        assert!(matches!(read_message(&bare), Err(ReceiveError::TooLarge { .. })));
    }

    #[test]
    fn malformed_mime_is_refused() {
        let no_boundary = "From: a@example.org\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\n\r\nhi\r\n--x--\r\n";
        for raw in [&b""[..], b"\x00\x01\x02\x03 no headers here", b"\r\n\r\n", b"hello", no_boundary.as_bytes()] {
            let err = read_message(raw).expect_err("malformed");
            assert!(matches!(err, ReceiveError::Malformed(_)), "{raw:?}: {err}");
        }
        // Broken multipart structure (no closing boundary, bad base64) is parsed leniently:
        // no packet, no panic.
        let broken = "From: a@example.org\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n\
                      --x\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n\
                      !!!not base64!!!\r\n--x\r\nContent-Type: multipart/alternative; boundary=\r\n";
        assert!(read_message(broken.as_bytes()).map(|i| i.packets.is_empty()).unwrap_or(true));
    }

    #[test]
    fn attachment_names_with_paths_are_harmless() {
        let dir = tempfile::tempdir().expect("temp dir");
        let before: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        for name in ["../../etc/passwd", "C:\\x", "/tmp/evil.grog", "..\\..\\boot.ini", "\u{1b}[31mred.grog"] {
            let mail = turn_mail("a@example.org", "turn", name, "base64", &empty_packet());
            let packets = packets_in_message(mail.as_bytes()).expect("the name does not matter");
            assert_eq!(packets.len(), 1, "{name}");
            let mut bad = empty_packet();
            bad[25] ^= 1;
            let mail = turn_mail("a@example.org", "turn", name, "base64", &bad);
            let Err(ReceiveError::Packet { part, .. }) = read_message(mail.as_bytes()) else { panic!("damaged") };
            assert!(!part.contains('\u{1b}'), "{part:?}");
        }
        let after: Vec<_> = std::fs::read_dir(dir.path()).expect("list").collect();
        assert_eq!(before.len(), after.len());
    }

    #[test]
    fn a_forged_from_is_only_displayed() {
        // Anyone can write any From:; the packet is read the same, and From is only shown.
        let forged = "\"Napoleon (the real one)\" <emperor@example.org>";
        let mail = turn_mail(forged, "turn", "t.grog", "base64", &empty_packet());
        let item = read_message(mail.as_bytes()).expect("read");
        assert_eq!(item.from.as_deref(), Some("Napoleon (the real one) <emperor@example.org>"));
        assert_eq!(item.packets.len(), 1);
    }

    #[test]
    fn header_injection_never_reaches_the_terminal() {
        // Encoded words that decode to CR, LF and an escape sequence, in a display name and a subject.
        let from = "=?utf-8?q?Bob=0D=0AX-Injected=3A_yes=1B[2J?= <bob@example.org>";
        let subject = "=?utf-8?b?dHVybgpGcm9tOiBldmlsQGV4YW1wbGUub3JnG1szMW0=?= \u{202e}gnp.exe";
        let mail = turn_mail(from, subject, "t.grog", "base64", &empty_packet());
        let item = read_message(mail.as_bytes()).expect("read");
        for shown in [item.from.as_deref(), item.subject.as_deref(), item.message_id.as_deref()] {
            let shown = shown.expect("shown");
            assert!(!shown.chars().any(|c| c.is_control() || c == '\u{202e}'), "{shown:?}");
        }
        assert_eq!(item.from.as_deref(), Some("Bob X-Injected: yes [2J <bob@example.org>"));
        assert_eq!(item.subject.as_deref(), Some("turn From: evil@example.org [31m gnp.exe"));
        assert_eq!(sanitize(&"x".repeat(1000)).chars().count(), MAX_DISPLAY_CHARS + 1);
        assert_eq!(sanitize("  a\r\n\tb  "), "a b");
    }

    #[test]
    fn a_forwarded_turn_mail_is_found_and_duplicates_count_once() {
        let inner = turn_mail("a@example.org", "turn", "t.grog", "base64", &empty_packet());
        let outer = format!(
            "From: b@example.org\r\nSubject: Fwd: turn\r\nContent-Type: multipart/mixed; boundary=o\r\n\r\n\
             --o\r\nContent-Type: text/plain\r\n\r\nsee below\r\n\
             --o\r\nContent-Type: message/rfc822\r\n\r\n{inner}\r\n\
             --o\r\nContent-Type: application/octet-stream; name=again.grog\r\n\
             Content-Transfer-Encoding: base64\r\n\r\n{}\r\n--o--\r\n",
            base64_lines(&empty_packet())
        );
        let packets = packets_in_message(outer.as_bytes()).expect("forwarded");
        assert_eq!(packets.len(), 1);
    }
}
