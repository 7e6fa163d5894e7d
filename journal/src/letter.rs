//! Letters: private messages between players (diplomacy, Empires in Arms 4.1), signed by
//! their author and readable only by the players they are written to (docs/PROTOCOL.md
//! section 14). They travel in packets beside the entries but are never entries: the journal
//! holds only what the rules need.
//!
//! A letter line is `<signature: 128 hex> <canonical JSON>`, like a record. The body is
//! encrypted with ChaCha20-Poly1305 under a fresh content key; the content key is wrapped for
//! each reader (its author included) under a key agreed by X25519 between a fresh ephemeral
//! key and the reader's ed25519 key read as a Montgomery point.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use crate::canonical;
use crate::ids::{GameId, Hash32};
use crate::keys::{PublicKey, SecretKey};
use chacha20poly1305::{AeadInPlace, ChaCha20Poly1305, Key, KeyInit, Nonce, Tag};
use curve25519_dalek::montgomery::MontgomeryPoint;
use ed25519_dalek::Signature;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

const SIGN_TAG: &[u8] = b"grognard/letter/v1\0";
const ID_TAG: &[u8] = b"grognard/letter-id/v1\0";
const WRAP_TAG: &[u8] = b"grognard/letter-wrap/v1\0";
const BODY_TAG: &[u8] = b"grognard/letter-body/v1\0";
/// The longest text a letter may carry, in bytes.
pub const MAX_LETTER_TEXT: usize = 16 * 1024;
/// The longest letter line (its signature, a space and its JSON), in bytes.
pub const MAX_LETTER_LINE: usize = 2 * MAX_LETTER_TEXT + 4096;

/// The content key wrapped for one reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wrapped {
    pub seat: u8,
    /// 48 bytes: the content key (32) and its Poly1305 tag (16), hex.
    pub key: String,
}

/// The signed content of a letter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Letter {
    pub v: u32,
    pub game: GameId,
    /// The author's seat.
    pub from: u8,
    /// The seats it is written to, ascending, each once, not the author's.
    pub to: Vec<u8>,
    /// The author's latest entry in the journal when writing (its feed place), if any: where
    /// in the game the letter stands.
    pub after: Option<u64>,
    /// The ephemeral X25519 public key, hex.
    pub eph: Hash32,
    /// The content key for each reader: every seat of `to`, then the author's.
    pub keys: Vec<Wrapped>,
    /// The encrypted text (ChaCha20-Poly1305 under the content key), hex.
    pub body: String,
}

/// A letter with its bytes, id and signature.
#[derive(Clone, Debug)]
pub struct SignedLetter {
    pub letter: Letter,
    pub bytes: Vec<u8>,
    pub id: Hash32,
    pub signature: Signature,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LetterError {
    #[error("a letter line is `<128 hex digit signature> <letter JSON>`")]
    Shape,
    #[error("the letter line is {0} bytes; the limit is {MAX_LETTER_LINE}")]
    TooLarge(usize),
    #[error("the letter is not canonical JSON: {0}")]
    Canonical(String),
    #[error("the letter does not have the fields of a letter: {0}")]
    Fields(String),
    #[error("the letter's text is {0} bytes; the limit is {MAX_LETTER_TEXT}")]
    TooLong(usize),
    #[error("{0}")]
    Invalid(String),
    #[error("the letter is not signed by a holder of seat {0}")]
    Signature(u8),
    #[error("the letter is not written to seat {0}")]
    NotForYou(u8),
    #[error("the letter cannot be opened: it was damaged, or not sealed for this key")]
    Sealed,
}

fn wrap_key(game: &GameId, eph: &[u8; 32], reader: &PublicKey, shared: &[u8; 32]) -> [u8; 32] {
    Sha256::new()
        .chain_update(WRAP_TAG)
        .chain_update(game.0)
        .chain_update(eph)
        .chain_update(reader.to_bytes())
        .chain_update(shared)
        .finalize()
        .into()
}

fn aead(key: &[u8; 32]) -> ChaCha20Poly1305 {
    ChaCha20Poly1305::new(Key::from_slice(key))
}

/// Encrypt `plain` under `key` (a key used once: the nonce is zero), with `aad`: the
/// ciphertext followed by its 16-byte tag.
fn seal(key: &[u8; 32], aad: &[u8], plain: &[u8]) -> Result<Vec<u8>, LetterError> {
    let mut buf = plain.to_vec();
    let tag = aead(key)
        .encrypt_in_place_detached(Nonce::from_slice(&[0; 12]), aad, &mut buf)
        .map_err(|_| LetterError::Sealed)?;
    buf.extend_from_slice(&tag);
    Ok(buf)
}

/// The inverse of [`seal`]: refused if anything was changed or the key is not the one.
fn unseal(key: &[u8; 32], aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, LetterError> {
    let split = sealed.len().checked_sub(16).ok_or(LetterError::Sealed)?;
    let (body, tag) = sealed.split_at(split);
    let mut buf = body.to_vec();
    aead(key)
        .decrypt_in_place_detached(Nonce::from_slice(&[0; 12]), aad, &mut buf, Tag::from_slice(tag))
        .map_err(|_| LetterError::Sealed)?;
    Ok(buf)
}

/// The AAD of a letter's body: its game and author, so a body cannot be moved to another.
fn body_aad(game: &GameId, from: u8) -> Vec<u8> {
    [BODY_TAG, &game.0, &[from]].concat()
}

/// The Montgomery form of an ed25519 public key, refusing a point of small order.
fn montgomery(key: &PublicKey) -> MontgomeryPoint {
    key.verifying_key().to_montgomery()
}

/// What a letter's author draws at random (`fresh` in the client; fixed in test vectors).
pub struct Randomness {
    pub ephemeral: [u8; 32],
    pub content_key: [u8; 32],
}

impl Randomness {
    pub fn fresh() -> Randomness {
        Randomness { ephemeral: crate::nonce::fresh().0, content_key: crate::nonce::fresh().0 }
    }
}

/// Write and sign a letter from seat `from` (holder `author`) to `readers` (seat and holder
/// key each, ascending, not the author), saying `text`.
pub fn write(
    game: GameId,
    from: u8,
    author: &SecretKey,
    readers: &[(u8, PublicKey)],
    after: Option<u64>,
    text: &str,
    random: &Randomness,
) -> Result<SignedLetter, LetterError> {
    if text.len() > MAX_LETTER_TEXT {
        return Err(LetterError::TooLong(text.len()));
    }
    if readers.is_empty() {
        return Err(LetterError::Invalid("a letter is written to at least one other player".into()));
    }
    if readers.windows(2).any(|w| w[0].0 >= w[1].0) || readers.iter().any(|(s, _)| *s == from) {
        return Err(LetterError::Invalid("a letter's readers are other seats, ascending, each once".into()));
    }
    let eph = MontgomeryPoint::mul_base_clamped(random.ephemeral).to_bytes();
    let mut keys = Vec::with_capacity(readers.len() + 1);
    let all: Vec<(u8, PublicKey)> = readers.iter().copied().chain([(from, author.public())]).collect();
    for (seat, key) in &all {
        let shared = montgomery(key).mul_clamped(random.ephemeral).to_bytes();
        if shared == [0; 32] {
            return Err(LetterError::Invalid(format!("seat {seat}'s key cannot receive letters")));
        }
        let wrapped = seal(&wrap_key(&game, &eph, key, &shared), WRAP_TAG, &random.content_key)?;
        keys.push(Wrapped { seat: *seat, key: hex::encode(wrapped) });
    }
    let body = seal(&random.content_key, &body_aad(&game, from), text.as_bytes())?;
    let letter = Letter {
        v: 1,
        game,
        from,
        to: readers.iter().map(|(s, _)| *s).collect(),
        after,
        eph: Hash32(eph),
        keys,
        body: hex::encode(body),
    };
    let bytes = canonical::encode(&serde_json::to_value(&letter).map_err(|e| LetterError::Fields(e.to_string()))?);
    let signature = author.sign(&[SIGN_TAG, &bytes].concat());
    Ok(SignedLetter { id: letter_id(&bytes), letter, bytes, signature })
}

fn letter_id(bytes: &[u8]) -> Hash32 {
    Hash32(Sha256::new().chain_update(ID_TAG).chain_update(bytes).finalize().into())
}

impl SignedLetter {
    /// The letter line.
    pub fn line(&self) -> Vec<u8> {
        let mut out = hex::encode(self.signature.to_bytes()).into_bytes();
        out.push(b' ');
        out.extend_from_slice(&self.bytes);
        out
    }

    /// Parse a letter line: its shape and canonical encoding (the signature is checked
    /// against the author's seat by [`SignedLetter::check`]).
    pub fn parse(line: &[u8]) -> Result<SignedLetter, LetterError> {
        if line.len() > MAX_LETTER_LINE {
            return Err(LetterError::TooLarge(line.len()));
        }
        if line.len() < 130 || line[128] != b' ' || line[..128].iter().any(|b| !matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(LetterError::Shape);
        }
        let mut sig = [0u8; 64];
        hex::decode_to_slice(&line[..128], &mut sig).map_err(|_| LetterError::Shape)?;
        let bytes = &line[129..];
        let value = canonical::decode(bytes).map_err(|e| LetterError::Canonical(e.to_string()))?;
        let letter: Letter = serde_json::from_value(value).map_err(|e| LetterError::Fields(e.to_string()))?;
        let again = canonical::encode(&serde_json::to_value(&letter).map_err(|e| LetterError::Fields(e.to_string()))?);
        if again != bytes {
            return Err(LetterError::Fields("the fields do not encode back to the same bytes".into()));
        }
        Ok(SignedLetter { id: letter_id(bytes), letter, bytes: bytes.to_vec(), signature: Signature::from_bytes(&sig) })
    }

    /// Check the letter for game `game`: its version, its readers and their keys, and its
    /// signature by one of `holders` (the keys that have held the author's seat). Returns
    /// which of them signed it.
    pub fn check(&self, game: &GameId, seats: usize, holders: &[PublicKey]) -> Result<usize, LetterError> {
        let l = &self.letter;
        if l.v != 1 {
            return Err(LetterError::Invalid(format!("a letter of version {} (this program reads version 1)", l.v)));
        }
        if l.game != *game {
            return Err(LetterError::Invalid("the letter belongs to another game".into()));
        }
        let seat_ok = |s: u8| usize::from(s) < seats;
        if !seat_ok(l.from) || l.to.is_empty() || !l.to.iter().all(|s| seat_ok(*s) && *s != l.from) {
            return Err(LetterError::Invalid("the letter's author and readers are not other seats of the game".into()));
        }
        if l.to.windows(2).any(|w| w[0] >= w[1]) {
            return Err(LetterError::Invalid("a letter's readers are ascending, each once".into()));
        }
        let expected: Vec<u8> = l.to.iter().copied().chain([l.from]).collect();
        if l.keys.iter().map(|k| k.seat).collect::<Vec<_>>() != expected {
            return Err(LetterError::Invalid("the letter's keys are not one for each reader, then its author".into()));
        }
        let message = [SIGN_TAG, &self.bytes].concat();
        holders.iter().position(|k| k.verify_strict(&message, &self.signature)).ok_or(LetterError::Signature(l.from))
    }

    /// Open the letter as seat `seat`, whose holder is `key`: its text.
    pub fn open(&self, seat: u8, key: &SecretKey) -> Result<String, LetterError> {
        let l = &self.letter;
        let wrapped = l.keys.iter().find(|k| k.seat == seat).ok_or(LetterError::NotForYou(seat))?;
        let wrapped = hex::decode(&wrapped.key).map_err(|_| LetterError::Sealed)?;
        let shared = MontgomeryPoint(l.eph.0).mul_clamped(*key.x25519_scalar()).to_bytes();
        let wrap = wrap_key(&l.game, &l.eph.0, &key.public(), &shared);
        let content = unseal(&wrap, WRAP_TAG, &wrapped)?;
        let content: [u8; 32] = content.try_into().map_err(|_| LetterError::Sealed)?;
        let body = hex::decode(&l.body).map_err(|_| LetterError::Sealed)?;
        let text = unseal(&content, &body_aad(&l.game, l.from), &body)?;
        String::from_utf8(text).map_err(|_| LetterError::Sealed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> SecretKey {
        SecretKey::from_seed(&[n; 32])
    }

    fn random() -> Randomness {
        Randomness { ephemeral: [7; 32], content_key: [8; 32] }
    }

    #[test]
    fn a_letter_opens_for_its_readers_and_its_author_only() {
        let game = GameId([1; 16]);
        let (a, b, c) = (key(1), key(2), key(3));
        let letter =
            write(game, 0, &a, &[(1, b.public())], Some(4), "Let us march on Vienna together.", &random()).unwrap();
        let parsed = SignedLetter::parse(&letter.line()).unwrap();
        assert_eq!(parsed.check(&game, 3, &[a.public()]), Ok(0));
        assert_eq!(parsed.open(1, &b).unwrap(), "Let us march on Vienna together.");
        assert_eq!(parsed.open(0, &a).unwrap(), "Let us march on Vienna together.");
        assert_eq!(parsed.open(2, &c), Err(LetterError::NotForYou(2)));
        // A third player who claims a reader's place with their own key learns nothing.
        assert_eq!(parsed.open(1, &c), Err(LetterError::Sealed));
        let line = String::from_utf8(letter.line()).unwrap();
        assert!(!line.contains("Vienna"), "the text travels encrypted");
    }

    #[test]
    fn a_changed_or_forged_letter_is_refused() {
        let game = GameId([1; 16]);
        let (a, b, c) = (key(1), key(2), key(3));
        let letter = write(game, 0, &a, &[(1, b.public())], None, "Peace, on my terms.", &random()).unwrap();
        // Signed by someone else in seat 0's name.
        let forged = SignedLetter { signature: c.sign(&[SIGN_TAG, &letter.bytes].concat()), ..letter.clone() };
        assert_eq!(forged.check(&game, 3, &[a.public()]), Err(LetterError::Signature(0)));
        // A byte of the body changed: the signature fails, and the cipher would too.
        let mut changed = letter.clone();
        let mut body = hex::decode(&changed.letter.body).unwrap();
        body[0] ^= 1;
        changed.letter.body = hex::encode(body);
        assert_eq!(changed.open(1, &b), Err(LetterError::Sealed));
        let mut line = letter.line();
        let at = line.len() - 5;
        line[at] = if line[at] == b'0' { b'1' } else { b'0' };
        if let Ok(parsed) = SignedLetter::parse(&line) {
            assert_eq!(parsed.check(&game, 3, &[a.public()]), Err(LetterError::Signature(0)));
        }
        // Another game's letter.
        assert!(matches!(letter.check(&GameId([2; 16]), 3, &[a.public()]), Err(LetterError::Invalid(_))));
        // Too long a text.
        let long = "x".repeat(MAX_LETTER_TEXT + 1);
        assert_eq!(
            write(game, 0, &a, &[(1, b.public())], None, &long, &random()).err(),
            Some(LetterError::TooLong(MAX_LETTER_TEXT + 1))
        );
    }
}
