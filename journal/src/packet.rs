//! Turn packets: the entries a player sends to the others, as text that survives mail.
//!
//! ```text
//! grognard-packet v1 game=<32 hex> entries=<n>[ letters=<m>]
//! <record line> (n times)
//! <letter line> (m times: private letters between players, `letter.rs`)
//! end sha256=<SHA-256 of every byte before this line, hex>
//! ```
//!
//! A packet without letters has no `letters=` in its header, so it is exactly what readers
//! from before letters wrote and read.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use crate::entry::{RecordError, SignedEntry};
use crate::ids::GameId;
use crate::letter::{LetterError, SignedLetter};
use sha2::{Digest, Sha256};

/// The largest packet accepted.
pub const MAX_PACKET_BYTES: usize = 32 * 1024 * 1024;
/// The most entries a packet may carry (docs/PROTOCOL.md, section 10).
pub const MAX_PACKET_ENTRIES: usize = 20_000;
/// The most letters a packet may carry (docs/PROTOCOL.md, section 10).
pub const MAX_PACKET_LETTERS: usize = 1_000;
const MAGIC: &str = "grognard-packet v1";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PacketError {
    #[error("the packet is {0} bytes; the limit is {MAX_PACKET_BYTES}")]
    TooLarge(usize),
    #[error("the packet carries {0} entries; the limit is {MAX_PACKET_ENTRIES} (ask its sender for smaller packets)")]
    TooManyEntries(usize),
    #[error("not a Grognard packet (it must start with `{MAGIC} game=.. entries=..`)")]
    Header,
    #[error("the packet is truncated: {0}")]
    Truncated(String),
    #[error("the packet is damaged: its checksum does not match its content")]
    Checksum,
    #[error("entry {index} of the packet: {error}")]
    Record { index: usize, error: RecordError },
    #[error("the packet carries {0} letters; the limit is {MAX_PACKET_LETTERS}")]
    TooManyLetters(usize),
    #[error("letter {index} of the packet: {error}")]
    Letter { index: usize, error: LetterError },
}

#[derive(Clone, Debug)]
pub struct Packet {
    pub game: GameId,
    pub entries: Vec<SignedEntry>,
    /// Letters between players, carried beside the entries (never entries themselves).
    pub letters: Vec<SignedLetter>,
}

impl Packet {
    /// Check the limits a reader enforces ([`MAX_PACKET_ENTRIES`], [`MAX_PACKET_BYTES`]), before
    /// the packet is written or sent.
    pub fn check_limits(&self) -> Result<(), PacketError> {
        if self.entries.len() > MAX_PACKET_ENTRIES {
            return Err(PacketError::TooManyEntries(self.entries.len()));
        }
        if self.letters.len() > MAX_PACKET_LETTERS {
            return Err(PacketError::TooManyLetters(self.letters.len()));
        }
        let bytes: usize = self.entries.iter().map(|e| e.bytes.len() + 130).sum::<usize>()
            + self.letters.iter().map(|l| l.bytes.len() + 130).sum::<usize>()
            + 200;
        if bytes > MAX_PACKET_BYTES {
            return Err(PacketError::TooLarge(bytes));
        }
        Ok(())
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = format!("{MAGIC} game={} entries={}", self.game, self.entries.len()).into_bytes();
        if !self.letters.is_empty() {
            out.extend_from_slice(format!(" letters={}", self.letters.len()).as_bytes());
        }
        out.push(b'\n');
        for e in &self.entries {
            out.extend_from_slice(&e.record());
            out.push(b'\n');
        }
        for l in &self.letters {
            out.extend_from_slice(&l.line());
            out.push(b'\n');
        }
        let sum = hex::encode(Sha256::digest(&out));
        out.extend_from_slice(format!("end sha256={sum}\n").as_bytes());
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<Packet, PacketError> {
        if bytes.len() > MAX_PACKET_BYTES {
            return Err(PacketError::TooLarge(bytes.len()));
        }
        // Mail may turn line ends into CRLF; records never contain '\r'.
        let text: Vec<u8> = bytes.iter().copied().filter(|&b| b != b'\r').collect();
        // The checksum covers everything before the end line: check it before reading entries.
        let end_at = find_last(&text, b"\nend sha256=")
            .ok_or_else(|| PacketError::Truncated("the end line is missing".into()))?;
        let (body, end) = (&text[..end_at + 1], &text[end_at + 1..]);
        // `body` ends with the newline found just before the end line: it is never empty.
        let sum = end
            .strip_prefix(b"end sha256=")
            .map(|s| s.strip_suffix(b"\n").unwrap_or(s))
            .ok_or_else(|| PacketError::Truncated("the end line is missing".into()))?;
        if sum != hex::encode(Sha256::digest(body)).as_bytes() {
            return Err(PacketError::Checksum);
        }
        let mut lines = body[..body.len() - 1].split(|&b| b == b'\n');
        let header = lines.next().ok_or(PacketError::Header)?;
        let header = std::str::from_utf8(header).map_err(|_| PacketError::Header)?;
        let rest = header.strip_prefix(MAGIC).and_then(|r| r.strip_prefix(" game=")).ok_or(PacketError::Header)?;
        let (game, counts) = rest.split_once(" entries=").ok_or(PacketError::Header)?;
        let game = GameId::from_hex(game).ok_or(PacketError::Header)?;
        let (count, letter_count) = match counts.split_once(" letters=") {
            Some((n, m)) => (n, Some(m)),
            None => (counts, None),
        };
        let count: usize = count.parse().map_err(|_| PacketError::Header)?;
        if count > MAX_PACKET_ENTRIES {
            return Err(PacketError::TooManyEntries(count));
        }
        // Plain decimal, at least one letter: `letters=0` is never written.
        let letter_count: usize = match letter_count {
            None => 0,
            Some(m) if m.bytes().all(|b| b.is_ascii_digit()) && !m.is_empty() && !m.starts_with('0') => {
                m.parse().map_err(|_| PacketError::Header)?
            }
            Some(_) => return Err(PacketError::Header),
        };
        if letter_count > MAX_PACKET_LETTERS {
            return Err(PacketError::TooManyLetters(letter_count));
        }
        let lines: Vec<&[u8]> = lines.collect();
        if lines.len() != count + letter_count {
            return Err(PacketError::Truncated(format!(
                "it announces {count} entries and {letter_count} letters but holds {} lines",
                lines.len()
            )));
        }
        let entries = lines[..count]
            .iter()
            .enumerate()
            .map(|(index, line)| SignedEntry::parse_record(line).map_err(|error| PacketError::Record { index, error }))
            .collect::<Result<Vec<_>, _>>()?;
        let letters = lines[count..]
            .iter()
            .enumerate()
            .map(|(index, line)| SignedLetter::parse(line).map_err(|error| PacketError::Letter { index, error }))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Packet { game, entries, letters })
    }
}

fn find_last(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::{Body, Entry, ENTRY_VERSION};
    use crate::ids::EntryId;
    use crate::keys::SecretKey;

    /// A packet of `n` copies of one small signed entry (decoding does not look for copies;
    /// importing does).
    fn packet_of(n: usize) -> Vec<u8> {
        let entry = Entry {
            v: ENTRY_VERSION,
            game: GameId([7; 16]),
            author: 1,
            seq: 0,
            prev: Some(EntryId([1; 32])),
            acks: Vec::new(),
            body: Body::Join { chain: None },
        };
        let signed = SignedEntry::sign(entry, &SecretKey::from_seed(&[2; 32]));
        Packet { game: GameId([7; 16]), entries: vec![signed; n], letters: Vec::new() }.encode()
    }

    #[test]
    fn a_packet_holds_at_most_max_packet_entries() {
        let at_limit = packet_of(MAX_PACKET_ENTRIES);
        assert_eq!(Packet::decode(&at_limit).map(|p| p.entries.len()), Ok(MAX_PACKET_ENTRIES));
        let past = packet_of(MAX_PACKET_ENTRIES + 1);
        assert!(past.len() < MAX_PACKET_BYTES, "refused for its entries, not its size");
        let err = Packet::decode(&past).err();
        assert_eq!(err, Some(PacketError::TooManyEntries(MAX_PACKET_ENTRIES + 1)));
        assert_eq!(
            err.map(|e| e.to_string()).unwrap_or_default(),
            "the packet carries 20001 entries; the limit is 20000 (ask its sender for smaller packets)"
        );
        let decoded = Packet::decode(&at_limit).unwrap();
        assert_eq!(decoded.check_limits(), Ok(()));
        let mut one_more = decoded.clone();
        one_more.entries.push(one_more.entries[0].clone());
        assert_eq!(one_more.check_limits(), Err(PacketError::TooManyEntries(MAX_PACKET_ENTRIES + 1)));
    }

    #[test]
    fn letters_are_counted_in_the_header_and_limited() {
        let game = GameId([5; 16]);
        let (a, b) = (SecretKey::from_seed(&[1; 32]), SecretKey::from_seed(&[2; 32]));
        let random = crate::letter::Randomness { ephemeral: [3; 32], content_key: [4; 32] };
        let letter = crate::letter::write(game, 0, &a, &[(1, b.public())], None, "hello", &random).unwrap();
        let p = Packet { game, entries: Vec::new(), letters: vec![letter.clone(); 2] };
        let bytes = p.encode();
        assert!(bytes.starts_with(b"grognard-packet v1 game=05050505050505050505050505050505 entries=0 letters=2\n"));
        assert_eq!(Packet::decode(&bytes).map(|d| d.letters.len()), Ok(2));
        // Without letters the header is what it always was.
        let plain = Packet { game, entries: Vec::new(), letters: Vec::new() }.encode();
        assert!(plain.starts_with(b"grognard-packet v1 game=05050505050505050505050505050505 entries=0\n"));
        // `letters=0`, a sign or a count past the limit: refused before any line is read.
        for header in ["letters=0", "letters=+1", "letters=01", &format!("letters={}", MAX_PACKET_LETTERS + 1)] {
            let text = format!("{MAGIC} game={game} entries=0 {header}\n");
            let sum = hex::encode(Sha256::digest(text.as_bytes()));
            let err = Packet::decode(format!("{text}end sha256={sum}\n").as_bytes()).err();
            assert!(matches!(err, Some(PacketError::Header | PacketError::TooManyLetters(_))), "{header}: {err:?}");
        }
        let many = Packet { game, entries: Vec::new(), letters: vec![letter; MAX_PACKET_LETTERS + 1] };
        assert_eq!(many.check_limits(), Err(PacketError::TooManyLetters(MAX_PACKET_LETTERS + 1)));
    }

    #[test]
    fn an_empty_packet_round_trips_and_damage_is_caught() {
        let p = Packet { game: GameId([5; 16]), entries: Vec::new(), letters: Vec::new() };
        let bytes = p.encode();
        assert_eq!(Packet::decode(&bytes).map(|d| d.game), Ok(GameId([5; 16])));
        let crlf: Vec<u8> = String::from_utf8(bytes.clone()).unwrap_or_default().replace('\n', "\r\n").into_bytes();
        assert!(Packet::decode(&crlf).is_ok());
        let mut bad = bytes.clone();
        bad[30] ^= 1;
        assert_eq!(Packet::decode(&bad).err(), Some(PacketError::Checksum));
        assert!(matches!(
            Packet::decode(&bytes[..bytes.len() - 10]),
            Err(PacketError::Truncated(_) | PacketError::Checksum)
        ));
        assert_eq!(Packet::decode(b"hello").err(), Some(PacketError::Truncated("the end line is missing".into())));
    }
}
