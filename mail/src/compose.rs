//! A turn mail: the human summary of a turn, its packet as an attachment, and (later) a
//! picture of the board, addressed to every other player of the game.
//!
//! Every mail of one game is threaded under the same root id `<{game id}@grognard.invalid>`,
//! and a mail's Message-ID is derived from its packet, so sending the same packet twice
//! gives the same id (receivers and mail clients can drop the copy).

use crate::config::MailError;
use grognard_engine::{PlayerId, Viewer};
use grognard_journal::game::Game;
use grognard_journal::ids::GameId;
use grognard_journal::keys::check_identity;
use grognard_journal::packet::Packet;
use grognard_journal::replay::Owed;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox as LettreMailbox, MultiPart, SinglePart};
use lettre::Address;
use sha2::{Digest, Sha256};
use std::fmt;

/// The domain of every id Grognard makes (a reserved name: it is never a real host).
pub const ID_DOMAIN: &str = "grognard.invalid";
/// The content type of a packet attachment.
pub const PACKET_CONTENT_TYPE: &str = "application/x-grognard-packet";
/// The extension of packet files.
pub const PACKET_EXTENSION: &str = "grog";
/// A header naming the game (full id), for filters and searches.
pub const GAME_HEADER: &str = "X-Grognard-Game";
/// The longest subject, in characters.
pub const MAX_SUBJECT_CHARS: usize = 160;
/// The line a mail without a board picture ends with.
pub const NO_PICTURE_LINE: &str = "(The picture of the board is not available yet.)";

/// A display name and an address, checked like a Grognard identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mailbox {
    pub name: String,
    pub email: String,
}

impl Mailbox {
    /// Refuses names and addresses that could break a mail header (see `check_identity`).
    pub fn new(name: &str, email: &str) -> Result<Mailbox, MailError> {
        let mailbox = Mailbox { name: name.to_string(), email: email.to_string() };
        mailbox.check()?;
        Ok(mailbox)
    }

    pub fn check(&self) -> Result<(), MailError> {
        check_identity(&self.name, &self.email)
            .map_err(|m| MailError::Identity(format!("{} <{}>: {m}", self.name, self.email)))
    }

    fn to_lettre(&self) -> Result<LettreMailbox, MailError> {
        self.check()?;
        let address: Address = self
            .email
            .parse()
            .map_err(|e| MailError::Identity(format!("`{}` is not a mail address: {e}", self.email)))?;
        Ok(LettreMailbox::new(Some(self.name.clone()), address))
    }
}

impl fmt::Display for Mailbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} <{}>", self.name, self.email)
    }
}

/// Everything a turn mail says, before it becomes a MIME message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMail {
    pub game: GameId,
    pub from: Mailbox,
    pub to: Vec<Mailbox>,
    /// One line, no control characters.
    pub subject: String,
    /// `<...@grognard.invalid>`, derived from the packet.
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    pub body: String,
    /// The attachment's file name: `<game8>-<sender slug>-<n>.grog`.
    pub packet_name: String,
    /// The packet, exactly as `Packet::encode` wrote it.
    pub packet: Vec<u8>,
    /// A PNG picture of the board: file name and bytes.
    pub picture: Option<(String, Vec<u8>)>,
}

impl TurnMail {
    /// Add the board picture (and drop the line saying there is none).
    pub fn attach_picture(&mut self, name: &str, png: Vec<u8>) -> Result<(), MailError> {
        check_file_name(name)?;
        if let Some(rest) = self.body.strip_suffix(&format!("{NO_PICTURE_LINE}\n")) {
            let rest = rest.trim_end();
            self.body = if rest.is_empty() { String::new() } else { format!("{rest}\n") };
        }
        self.picture = Some((name.to_string(), png));
        Ok(())
    }
}

/// The id every mail of a game replies to: `<{game id}@grognard.invalid>`.
pub fn thread_root(game: &GameId) -> String {
    format!("<{game}@{ID_DOMAIN}>")
}

/// `<{first 32 hex digits of SHA-256(packet)}.{game short}@grognard.invalid>`.
pub fn message_id(packet: &[u8], game: &GameId) -> String {
    let digest = hex::encode(Sha256::digest(packet));
    format!("<{}.{}@{ID_DOMAIN}>", &digest[..32], game.short())
}

/// The file name stem of an identity, as the `grognard` program makes it: the address's
/// local part and domain, lowercase, in `[a-z0-9._-]` (`jean.lannes-at-example.org`).
pub fn slug(email: &str) -> String {
    grognard_journal::keys::slug(email).unwrap_or_else(|| "player".into())
}

/// Text made fit for one header line: control characters (line ends included) become
/// spaces, runs of white space one space, and the result is cut to `max` characters.
pub fn header_text(text: &str, max: usize) -> String {
    let spaced: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let line = words.join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let mut cut: String = line.chars().take(max.saturating_sub(1)).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// `[Grognard <ruleset>/<scenario> <game8>] <phase> — <who>`, one line of at most
/// [`MAX_SUBJECT_CHARS`] characters.
pub fn subject_line(ruleset: &str, scenario: &str, game: &GameId, phase: &str, who: &str) -> String {
    let tag = format!("[Grognard {}/{} {}]", header_text(ruleset, 24), header_text(scenario, 32), game.short());
    let phase = header_text(phase, 80);
    let who = header_text(who, 80);
    let text = match (phase.is_empty(), who.is_empty()) {
        (false, false) => format!("{tag} {phase} — {who}"),
        (false, true) => format!("{tag} {phase}"),
        (true, false) => format!("{tag} {who}"),
        (true, true) => tag,
    };
    header_text(&text, MAX_SUBJECT_CHARS)
}

/// The turn or phase, from the first line of the ruleset's summary. A lead-in that only
/// names the ruleset or scenario (`Duel, scenario standard: round 3 of 6`) is dropped: the
/// subject's tag says it already.
fn phase_text(first_line: &str, ruleset_name: &str, ruleset_id: &str, scenario: &str) -> String {
    let line = first_line.trim();
    if let Some((lead, rest)) = line.split_once(": ") {
        let lead = lead.to_lowercase();
        let names = [ruleset_name, ruleset_id, scenario];
        if !rest.trim().is_empty() && names.iter().any(|n| !n.is_empty() && lead.contains(&n.to_lowercase())) {
            let rest = rest.trim();
            let mut chars = rest.chars();
            return match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect(),
                None => String::new(),
            };
        }
    }
    line.to_string()
}

/// Names joined as people write them: `A`, `A and B`, `A, B and C`.
fn join_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Who must act next, shortly: `Bob to act`, `Alice and Bob to join`, `Game over: ...`.
fn who_text(game: &Game) -> String {
    if let Some((result, _)) = game.replay.over() {
        return format!("Game over: {result}");
    }
    let owed = game.replay.owed();
    let mut players: Vec<PlayerId> = Vec::new();
    for (p, _) in &owed {
        if !players.contains(p) {
            players.push(*p);
        }
    }
    if players.is_empty() {
        return String::new();
    }
    let names: Vec<String> = players.iter().map(|p| game.replay.name(*p).to_string()).collect();
    let verb = if owed.iter().all(|(_, o)| matches!(o, Owed::Join)) { "to join" } else { "to act" };
    format!("{} {verb}", join_names(&names))
}

/// The turn mail of `packet`, sent by player `me` of `game` to every other player.
/// `summary` is the body: what happened, what is pending, the command to run.
pub fn compose(game: &Game, me: PlayerId, packet: &Packet, summary: &str) -> Result<TurnMail, MailError> {
    let replay = &game.replay;
    let id = replay.game;
    if packet.game != id {
        return Err(MailError::Message(format!("the packet belongs to game {}, not to game {id}", packet.game)));
    }
    // Each seat's current holder (docs/PROTOCOL.md section 13), not the genesis's.
    let players: Vec<&grognard_journal::tenure::Holder> = replay.holders.iter().filter_map(|h| h.last()).collect();
    let sender = players
        .get(me.index())
        .ok_or_else(|| MailError::Message(format!("game {} has no player {}", id.short(), me.0)))?;
    let from = Mailbox::new(&sender.name, &sender.email)?;
    let mut to: Vec<Mailbox> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        if i == me.index() || to.iter().any(|m| m.email.eq_ignore_ascii_case(&p.email)) {
            continue;
        }
        to.push(Mailbox::new(&p.name, &p.email)?);
    }
    if to.is_empty() {
        return Err(MailError::Message(format!("game {} has no other player to mail", id.short())));
    }

    let info = replay.ruleset.info();
    // The mail goes to every other player: what everyone may see.
    let summary_text = replay.ruleset.summary(&replay.ruleset.player_view(&replay.state, Viewer::Everyone));
    // A game started from a written position is named by the scenario it is played in.
    let scenario = replay.setup.scenario.clone();
    let phase = phase_text(summary_text.lines().next().unwrap_or(""), &info.name, &info.id, &scenario);
    let subject = subject_line(&replay.genesis.ruleset, &scenario, &id, &phase, &who_text(game));

    let bytes = packet.encode();
    let root = thread_root(&id);
    let feed = replay.placed.get(me.index()).copied().unwrap_or(0);
    let packet_name = format!("{}-{}-{feed}.{PACKET_EXTENSION}", id.short(), slug(&sender.email));
    let mut body = summary.trim_end().to_string();
    if !body.is_empty() {
        body.push('\n');
    }
    body.push('\n');
    body.push_str(NO_PICTURE_LINE);
    body.push('\n');
    Ok(TurnMail {
        game: id,
        from,
        to,
        subject,
        message_id: message_id(&bytes, &id),
        in_reply_to: Some(root.clone()),
        references: vec![root],
        body,
        packet_name,
        packet: bytes,
        picture: None,
    })
}

/// A message id as Grognard writes them: `<local@domain>` in plain visible ASCII.
fn check_msg_id(what: &str, id: &str) -> Result<(), MailError> {
    let ok = id.len() <= 250
        && id.strip_prefix('<').and_then(|i| i.strip_suffix('>')).and_then(|i| i.split_once('@')).is_some_and(
            |(l, d)| {
                let plain = |s: &str| {
                    !s.is_empty()
                        && s.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>' | '@' | '"' | '\\'))
                };
                plain(l) && plain(d)
            },
        );
    if ok {
        Ok(())
    } else {
        Err(MailError::Message(format!("{what} {id:?} is not a message id (`<local@domain>`)")))
    }
}

/// An attachment's file name: letters, digits, `.`, `_`, `-`; not hidden.
fn check_file_name(name: &str) -> Result<(), MailError> {
    let ok = !name.is_empty()
        && name.len() <= 200
        && !name.starts_with(['.', '-'])
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if ok {
        Ok(())
    } else {
        Err(MailError::Message(format!("{name:?} is not a plain attachment file name")))
    }
}

/// The MIME message of a turn mail: multipart/mixed with the text, the packet and the
/// picture if there is one. Every header value is checked first: nothing a player typed can
/// add a header line.
pub fn to_message(mail: &TurnMail) -> Result<lettre::Message, MailError> {
    let clean = header_text(&mail.subject, MAX_SUBJECT_CHARS);
    if clean != mail.subject || mail.subject.is_empty() {
        return Err(MailError::Message(format!(
            "the subject must be one line of 1 to {MAX_SUBJECT_CHARS} characters without control characters: {:?}",
            mail.subject
        )));
    }
    check_msg_id("the Message-ID", &mail.message_id)?;
    for id in mail.in_reply_to.iter().chain(&mail.references) {
        check_msg_id("a thread id", id)?;
    }
    check_file_name(&mail.packet_name)?;
    if mail.to.is_empty() {
        return Err(MailError::Message("a turn mail needs at least one recipient".into()));
    }
    let bad = |e: lettre::error::Error| MailError::Message(format!("cannot build the mail: {e}"));

    let mut builder = lettre::Message::builder()
        .from(mail.from.to_lettre()?)
        .subject(mail.subject.clone())
        .message_id(Some(mail.message_id.clone()))
        .user_agent(format!("Grognard {}", env!("CARGO_PKG_VERSION")))
        .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str(GAME_HEADER), mail.game.to_hex()));
    for to in &mail.to {
        builder = builder.to(to.to_lettre()?);
    }
    if let Some(id) = &mail.in_reply_to {
        builder = builder.in_reply_to(id.clone());
    }
    if !mail.references.is_empty() {
        builder = builder.references(mail.references.join(" "));
    }

    let packet_type = ContentType::parse(PACKET_CONTENT_TYPE).map_err(|e| MailError::Message(e.to_string()))?;
    // Text stays text (7bit or quoted-printable, readable in any client); anything else is base64.
    let packet_part = match String::from_utf8(mail.packet.clone()) {
        Ok(text) => Attachment::new(mail.packet_name.clone()).body(text, packet_type),
        Err(e) => Attachment::new(mail.packet_name.clone()).body(e.into_bytes(), packet_type),
    };
    let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(mail.body.clone())).singlepart(packet_part);
    if let Some((name, png)) = &mail.picture {
        check_file_name(name)?;
        parts = parts.singlepart(
            Attachment::new(name.clone())
                .body(png.clone(), ContentType::parse("image/png").map_err(|e| MailError::Message(e.to_string()))?),
        );
    }
    builder.multipart(parts).map_err(bad)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use grognard_engine::{AnyRuleset, Setup};
    use grognard_journal::create::{self, NewGame};
    use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
    use grognard_journal::keys::SecretKey;
    use grognard_journal::local;

    static DUEL: grognard_duel::Duel = grognard_duel::Duel;

    pub(crate) fn rulesets() -> Vec<&'static dyn AnyRuleset> {
        vec![&DUEL]
    }

    /// A two-player duel both players have joined, seen by its creator (player 0, Alice)
    /// after she rolled for initiative, and the packet Alice sends then.
    pub(crate) fn duel_game(dir: &std::path::Path) -> (Game<'static>, Packet) {
        let keys = [SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32])];
        let powers: Vec<String> = DUEL
            .scenarios()
            .into_iter()
            .find(|s| s.id == "standard")
            .unwrap()
            .powers
            .into_iter()
            .map(|p| p.id)
            .collect();
        let players = [("Alice Ney", "alice@example.org"), ("Bob Murat", "bob@example.org")]
            .iter()
            .zip(&keys)
            .zip(&powers)
            .map(|(((name, email), key), power)| PlayerInfo {
                name: name.to_string(),
                email: email.to_string(),
                key: key.public().to_hex(),
                powers: vec![power.clone()],
            })
            .collect();
        let new = NewGame {
            ruleset: &DUEL,
            setup: Setup::scenario("standard"),
            players,
            creator: 0,
            dice: DiceConfig { mode: DiceMode::Fair, witnesses: Witnesses::Opponents, faces: Vec::new() },
            chain_length: 16,
        };
        let (_, invitation) = create::create(&dir.join("alice"), &rulesets(), &new, &keys[0]).unwrap();
        let (mut bob, bob_id) = create::join(&dir.join("bob"), &rulesets(), &invitation, &keys[1]).unwrap();
        let join = local::send(&mut bob, bob_id, &keys[1]).unwrap();
        let mut alice = Game::open(&dir.join("alice"), &rulesets()).unwrap();
        alice.import(&join).unwrap();
        // Alice rolls for initiative: the roll waits for Bob's dice.
        local::do_command(&mut alice, PlayerId(0), &keys[0], "initiative").unwrap();
        let packet = local::send(&mut alice, PlayerId(0), &keys[0]).unwrap();
        (alice, packet)
    }

    #[test]
    fn a_turn_mail_is_addressed_threaded_and_carries_the_packet() {
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mail = compose(&game, PlayerId(0), &packet, "Alice fired.\nRun `grognard receive`.").unwrap();
        let id = game.replay.game;
        assert_eq!(mail.from, Mailbox::new("Alice Ney", "alice@example.org").unwrap());
        assert_eq!(mail.to, vec![Mailbox::new("Bob Murat", "bob@example.org").unwrap()]);
        let root = format!("<{id}@grognard.invalid>");
        assert_eq!(mail.in_reply_to.as_deref(), Some(root.as_str()));
        assert_eq!(mail.references, vec![root.clone()]);
        let digest = hex::encode(Sha256::digest(packet.encode()));
        assert_eq!(mail.message_id, format!("<{}.{}@grognard.invalid>", &digest[..32], id.short()));
        assert_eq!(mail.message_id, compose(&game, PlayerId(0), &packet, "other text").unwrap().message_id);
        assert!(mail.subject.starts_with(&format!("[Grognard duel/standard {}] ", id.short())), "{}", mail.subject);
        assert!(mail.subject.contains("Round 1 of"), "{}", mail.subject);
        assert!(mail.subject.ends_with(" — Bob Murat to act"), "{}", mail.subject);
        assert!(mail.body.starts_with("Alice fired.\nRun `grognard receive`.\n"));
        assert!(mail.body.ends_with(&format!("\n{NO_PICTURE_LINE}\n")));
        assert!(mail.packet_name.starts_with(&format!("{}-alice-at-example.org-", id.short())));
        assert!(mail.packet_name.ends_with(".grog"));
        assert_eq!(mail.packet, packet.encode());

        let text = String::from_utf8(to_message(&mail).unwrap().formatted()).unwrap();
        let headers = &text[..text.find("\r\n\r\n").unwrap()];
        for h in [
            format!("Message-ID: {}", mail.message_id),
            format!("In-Reply-To: {root}"),
            format!("References: {root}"),
            format!("{GAME_HEADER}: {id}"),
            "Subject: ".to_string(),
            "From: \"Alice Ney\" <alice@example.org>".to_string(),
            "To: \"Bob Murat\" <bob@example.org>".to_string(),
            "Content-Type: multipart/mixed".to_string(),
        ] {
            assert!(headers.contains(&h), "{h} missing in:\n{headers}");
        }
        assert!(text.contains(&format!("Content-Type: {PACKET_CONTENT_TYPE}")), "{text}");
        assert!(text.contains(&mail.packet_name));
        // The packet comes back out of the message.
        let recovered = attachment_bytes(&text, &mail.packet_name);
        assert_eq!(
            recovered,
            mail.packet
                .iter()
                .flat_map(|&b| if b == b'\n' { vec![b'\r', b'\n'] } else { vec![b] })
                .collect::<Vec<u8>>()
        );
        assert!(!packet.entries.is_empty());
        assert_eq!(Packet::decode(&recovered).unwrap().entries.len(), packet.entries.len());
    }

    /// The decoded body of the attachment named `name` in a formatted message.
    pub(crate) fn attachment_bytes(message: &str, name: &str) -> Vec<u8> {
        let at = message.find(&format!("=\"{name}\"")).expect("the attachment");
        let part_start = message[..at].rfind("\r\n--").expect("a part boundary");
        let part = &message[part_start..];
        let body_start = part.find("\r\n\r\n").expect("the part body") + 4;
        let head = &part[..body_start];
        let body = &part[body_start..part[body_start..].find("\r\n--").map_or(part.len(), |e| body_start + e)];
        if head.contains("Content-Transfer-Encoding: base64") {
            let clean: String = body.chars().filter(|c| !c.is_whitespace()).collect();
            base64_decode(&clean)
        } else if head.contains("Content-Transfer-Encoding: quoted-printable") {
            qp_decode(body)
        } else {
            body.as_bytes().to_vec()
        }
    }

    fn qp_decode(text: &str) -> Vec<u8> {
        let text = text.replace("=\r\n", "");
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' {
                out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).expect("a QP escape"));
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        out
    }

    fn base64_decode(text: &str) -> Vec<u8> {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = Vec::new();
        let (mut acc, mut bits) = (0u32, 0);
        for c in text.bytes().filter(|&c| c != b'=') {
            acc = (acc << 6) | ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.push((acc >> bits) as u8);
            }
        }
        out
    }

    #[test]
    fn hostile_names_and_subjects_never_reach_the_headers() {
        assert!(Mailbox::new("Ney\r\nBcc: spy@example.net", "ney@example.org").is_err());
        assert!(Mailbox::new("Ney", "ney@example.org\r\nBcc: spy@example.net").is_err());
        assert!(Mailbox::new("Ney \"the bravest\"", "ney@example.org").is_err());

        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mut mail = compose(&game, PlayerId(0), &packet, "hello").unwrap();
        // A mail altered after compose is checked again when it becomes a message.
        let mut hostile = mail.clone();
        hostile.to[0].name = "Bob\r\nBcc: spy@example.net".into();
        assert!(matches!(to_message(&hostile), Err(MailError::Identity(_))));
        let mut hostile = mail.clone();
        hostile.subject = "Turn 3\r\nBcc: spy@example.net".into();
        assert!(matches!(to_message(&hostile), Err(MailError::Message(_))));
        let mut hostile = mail.clone();
        hostile.message_id = "<a@b>\r\nBcc: spy@example.net".into();
        assert!(to_message(&hostile).is_err());
        let mut hostile = mail.clone();
        hostile.packet_name = "../../etc/passwd".into();
        assert!(to_message(&hostile).is_err());

        // Subjects built from hostile text stay on one line.
        let subject = subject_line(
            "duel\r\nBcc: a@b",
            "standard\nX-Evil: 1",
            &game.replay.game,
            "Round 1\r\n\r\nbody",
            "Bob\u{0}\u{7} to act\u{85}",
        );
        assert!(!subject.contains(['\r', '\n', '\u{0}', '\u{7}', '\u{85}']), "{subject:?}");
        assert!(subject.chars().count() <= MAX_SUBJECT_CHARS);
        let long = subject_line("duel", &"s".repeat(500), &game.replay.game, &"p".repeat(500), &"w".repeat(500));
        assert!(long.chars().count() <= MAX_SUBJECT_CHARS && long.ends_with('…'), "{long}");
        mail.subject = subject;
        let text = String::from_utf8(to_message(&mail).unwrap().formatted()).unwrap();
        assert!(!text.contains("\nBcc:") && !text.contains("\nX-Evil:"), "{text}");
    }

    #[test]
    fn a_picture_is_attached_as_png() {
        let dir = tempfile::tempdir().unwrap();
        let (game, packet) = duel_game(dir.path());
        let mut mail = compose(&game, PlayerId(0), &packet, "hello").unwrap();
        mail.attach_picture("board.png", b"\x89PNG\r\n\x1a\nfake".to_vec()).unwrap();
        assert_eq!(mail.body, "hello\n");
        assert!(mail.attach_picture("../board.png", Vec::new()).is_err());
        let text = String::from_utf8(to_message(&mail).unwrap().formatted()).unwrap();
        assert!(text.contains("Content-Type: image/png"));
        assert_eq!(attachment_bytes(&text, "board.png"), b"\x89PNG\r\n\x1a\nfake");
    }

    #[test]
    fn phases_and_names_read_well() {
        assert_eq!(phase_text("Duel, scenario standard: round 3 of 6", "Duel", "duel", "standard"), "Round 3 of 6");
        assert_eq!(phase_text("Phase: movement", "Duel", "duel", "standard"), "Phase: movement");
        assert_eq!(phase_text("Turn 4, April 1809", "FNC", "fnc", "eckmuhl"), "Turn 4, April 1809");
        assert_eq!(join_names(&["A".into()]), "A");
        assert_eq!(join_names(&["A".into(), "B".into()]), "A and B");
        assert_eq!(join_names(&["A".into(), "B".into(), "C".into()]), "A, B and C");
        assert_eq!(slug("Jean.Lannes@Example.org"), "jean.lannes-at-example.org");
    }
}
