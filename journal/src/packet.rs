//! Turn packets: the entries a player sends to the others, as text that survives mail.
//!
//! ```text
//! grognard-packet v1 game=<32 hex> entries=<n>
//! <record line> (n times)
//! end sha256=<SHA-256 of every byte before this line, hex>
//! ```

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use crate::entry::{RecordError, SignedEntry};
use crate::ids::GameId;
use sha2::{Digest, Sha256};

/// The largest packet accepted.
pub const MAX_PACKET_BYTES: usize = 32 * 1024 * 1024;
/// The most entries a packet may carry (docs/PROTOCOL.md, section 10).
pub const MAX_PACKET_ENTRIES: usize = 20_000;
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
}

#[derive(Clone, Debug)]
pub struct Packet {
    pub game: GameId,
    pub entries: Vec<SignedEntry>,
}

impl Packet {
    /// Check the limits a reader enforces ([`MAX_PACKET_ENTRIES`], [`MAX_PACKET_BYTES`]), before
    /// the packet is written or sent.
    pub fn check_limits(&self) -> Result<(), PacketError> {
        if self.entries.len() > MAX_PACKET_ENTRIES {
            return Err(PacketError::TooManyEntries(self.entries.len()));
        }
        let bytes: usize = self.entries.iter().map(|e| e.bytes.len() + 130).sum::<usize>() + 200;
        if bytes > MAX_PACKET_BYTES {
            return Err(PacketError::TooLarge(bytes));
        }
        Ok(())
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut out = format!("{MAGIC} game={} entries={}\n", self.game, self.entries.len()).into_bytes();
        for e in &self.entries {
            out.extend_from_slice(&e.record());
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
        let (game, count) = rest.split_once(" entries=").ok_or(PacketError::Header)?;
        let game = GameId::from_hex(game).ok_or(PacketError::Header)?;
        let count: usize = count.parse().map_err(|_| PacketError::Header)?;
        if count > MAX_PACKET_ENTRIES {
            return Err(PacketError::TooManyEntries(count));
        }
        let lines: Vec<&[u8]> = lines.collect();
        if lines.len() != count {
            return Err(PacketError::Truncated(format!("it announces {count} entries but holds {}", lines.len())));
        }
        let entries = lines
            .iter()
            .enumerate()
            .map(|(index, line)| SignedEntry::parse_record(line).map_err(|error| PacketError::Record { index, error }))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Packet { game, entries })
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
        Packet { game: GameId([7; 16]), entries: vec![signed; n] }.encode()
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
    fn an_empty_packet_round_trips_and_damage_is_caught() {
        let p = Packet { game: GameId([5; 16]), entries: Vec::new() };
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
