//! The secret key file: a small text file holding a player's identity, public key and secret
//! seed, the seed optionally sealed under a passphrase. Bytes in, bytes out: reading and writing
//! the file is the caller's business.
//!
//! ```text
//! grognard-secret-key v1
//! name: Jean Lannes
//! email: lannes@example.org
//! public: <64 hex digits>
//! protection: argon2id-chacha20poly1305
//! kdf: argon2id m=19456 t=2 p=1
//! salt: <32 hex digits>
//! nonce: <24 hex digits>
//! secret: <96 hex digits>
//! ```
//!
//! An unprotected file has `protection: none`, no `kdf`, `salt` or `nonce` line, and the 32-byte
//! seed in `secret`. A protected file seals the seed with ChaCha20-Poly1305 under a key derived
//! from the passphrase by Argon2id; the public key is the associated data, so a sealed secret
//! cannot be moved under another public key.

use crate::keys::{check_identity, PublicKey, PublicLine, SecretKey, PUBLIC_LINE_TAG};
use argon2::{Algorithm, Argon2, Version};
use chacha20poly1305::{AeadInPlace, ChaCha20Poly1305, Key, KeyInit, Nonce, Tag};
use rand_core::{OsRng, RngCore};
use std::fmt;
use zeroize::Zeroizing;

/// First line of a secret key file.
pub const HEADER: &str = "grognard-secret-key v1";
/// First word of the first line, whatever the version.
const MAGIC: &str = "grognard-secret-key";
const PROTECTION_NONE: &str = "none";
const PROTECTION_SEALED: &str = "argon2id-chacha20poly1305";
const SALT_LEN: usize = 16;
const NONCE_LEN: usize = 12;
const SEED_LEN: usize = 32;
const TAG_LEN: usize = 16;
const SEALED_LEN: usize = SEED_LEN + TAG_LEN;
/// The fields of a key file, in the order they are written.
const FIELDS: [&str; 8] = ["name", "email", "public", "protection", "kdf", "salt", "nonce", "secret"];

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyFileError {
    #[error("not a valid grognard secret key file: {0}")]
    Malformed(String),
    #[error("invalid identity in the key: {0}")]
    Identity(String),
    #[error("an empty passphrase protects nothing: choose a passphrase or leave the key unprotected")]
    EmptyPassphrase,
    #[error("this key is protected: set GROGNARD_PASSPHRASE or enter it")]
    NeedsPassphrase,
    #[error("wrong passphrase for {name}'s key")]
    WrongPassphrase { name: String },
    #[error("the key file is damaged: its secret does not match its public key")]
    Damaged,
    #[error("cannot derive the key from the passphrase: {0}")]
    Kdf(String),
}

fn malformed(message: impl Into<String>) -> KeyFileError {
    KeyFileError::Malformed(message.into())
}

/// Argon2id parameters, as written on the `kdf:` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KdfParams {
    /// Memory in KiB.
    pub m_kib: u32,
    /// Passes over the memory.
    pub t: u32,
    /// Lanes.
    pub p: u32,
}

impl KdfParams {
    /// What new files use: OWASP's Argon2id recommendation (19 MiB, 2 passes, 1 lane).
    pub const DEFAULT: KdfParams = KdfParams { m_kib: 19_456, t: 2, p: 1 };
    /// Limits on what a file may ask for, so a hostile file cannot make us allocate
    /// gigabytes or spin for minutes.
    pub const MAX_M_KIB: u32 = 262_144;
    pub const MAX_T: u32 = 16;
    pub const MAX_P: u32 = 8;

    fn argon2(&self) -> Result<Argon2<'static>, KeyFileError> {
        if self.m_kib > Self::MAX_M_KIB || self.t > Self::MAX_T || self.p > Self::MAX_P {
            return Err(malformed(format!(
                "the key derivation asks for too much ({self}); the limits are m={} t={} p={}",
                Self::MAX_M_KIB,
                Self::MAX_T,
                Self::MAX_P
            )));
        }
        let params = argon2::Params::new(self.m_kib, self.t, self.p, Some(SEED_LEN))
            .map_err(|e| malformed(format!("unusable key derivation parameters ({self}): {e}")))?;
        Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
    }

    fn parse(text: &str) -> Result<KdfParams, String> {
        let usage = || format!("the `kdf` line reads `argon2id m=<KiB> t=<passes> p=<lanes>`, not `{text}`");
        let mut words = text.split(' ');
        if words.next() != Some("argon2id") {
            return Err(usage());
        }
        let mut number = |name: &str| -> Result<u32, String> {
            let value = words.next().and_then(|w| w.strip_prefix(name)).and_then(|w| w.strip_prefix('='));
            match value {
                Some(v) if !v.is_empty() && v.len() <= 10 && v.bytes().all(|b| b.is_ascii_digit()) => {
                    if v.len() > 1 && v.starts_with('0') {
                        return Err(usage());
                    }
                    v.parse::<u32>().map_err(|_| usage())
                }
                _ => Err(usage()),
            }
        };
        let params = KdfParams { m_kib: number("m")?, t: number("t")?, p: number("p")? };
        if words.next().is_some() {
            return Err(usage());
        }
        Ok(params)
    }
}

impl fmt::Display for KdfParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "argon2id m={} t={} p={}", self.m_kib, self.t, self.p)
    }
}

#[derive(Clone)]
enum Protection {
    None { seed: Zeroizing<[u8; SEED_LEN]> },
    Sealed { kdf: KdfParams, salt: [u8; SALT_LEN], nonce: [u8; NONCE_LEN], sealed: [u8; SEALED_LEN] },
}

/// A parsed secret key file. Its secret is reached through [`KeyFile::unlock`].
#[derive(Clone)]
pub struct KeyFile {
    pub name: String,
    pub email: String,
    pub public: PublicKey,
    protection: Protection,
}

impl fmt::Debug for KeyFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KeyFile")
            .field("name", &self.name)
            .field("email", &self.email)
            .field("public", &self.public)
            .field("kdf", &self.kdf())
            .finish_non_exhaustive()
    }
}

/// The text of a new, unprotected or protected (with [`KdfParams::DEFAULT`]) key file.
pub fn encode(secret: &SecretKey, name: &str, email: &str, passphrase: Option<&str>) -> Result<String, KeyFileError> {
    encode_with(secret, name, email, passphrase, KdfParams::DEFAULT)
}

/// As [`encode`], with chosen key derivation parameters (within [`KdfParams`]' limits).
pub fn encode_with(
    secret: &SecretKey,
    name: &str,
    email: &str,
    passphrase: Option<&str>,
    kdf: KdfParams,
) -> Result<String, KeyFileError> {
    check_identity(name, email).map_err(KeyFileError::Identity)?;
    let public = secret.public();
    let mut text = format!("{HEADER}\nname: {name}\nemail: {email}\npublic: {}\n", public.to_hex());
    match passphrase {
        None => {
            let seed = Zeroizing::new(hex::encode(secret.seed()));
            text.push_str(&format!("protection: {PROTECTION_NONE}\nsecret: {}\n", seed.as_str()));
        }
        Some("") => return Err(KeyFileError::EmptyPassphrase),
        Some(passphrase) => {
            let argon2 = kdf.argon2()?;
            let mut salt = [0u8; SALT_LEN];
            let mut nonce = [0u8; NONCE_LEN];
            OsRng.fill_bytes(&mut salt);
            OsRng.fill_bytes(&mut nonce);
            let key = derive(&argon2, passphrase, &salt)?;
            let mut sealed = Zeroizing::new([0u8; SEALED_LEN]);
            sealed[..SEED_LEN].copy_from_slice(secret.seed());
            let tag = ChaCha20Poly1305::new(Key::from_slice(&key[..]))
                .encrypt_in_place_detached(Nonce::from_slice(&nonce), &public.to_bytes(), &mut sealed[..SEED_LEN])
                .map_err(|_| KeyFileError::Kdf("encryption failed".into()))?;
            sealed[SEED_LEN..].copy_from_slice(&tag);
            text.push_str(&format!(
                "protection: {PROTECTION_SEALED}\nkdf: {kdf}\nsalt: {}\nnonce: {}\nsecret: {}\n",
                hex::encode(salt),
                hex::encode(nonce),
                hex::encode(sealed.as_slice())
            ));
        }
    }
    Ok(text)
}

fn derive(argon2: &Argon2<'_>, passphrase: &str, salt: &[u8]) -> Result<Zeroizing<[u8; 32]>, KeyFileError> {
    let mut key = Zeroizing::new([0u8; 32]);
    argon2
        .hash_password_into(passphrase.as_bytes(), salt, &mut key[..])
        .map_err(|e| KeyFileError::Kdf(e.to_string()))?;
    Ok(key)
}

/// Exactly `N` bytes as `2N` lowercase hex digits.
fn hex_field<const N: usize>(field: &str, line: usize, text: &str) -> Result<[u8; N], KeyFileError> {
    let mut bytes = [0u8; N];
    if text.len() != 2 * N || !text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(malformed(format!("line {line}: `{field}` is {} lowercase hex digits ({N} bytes)", 2 * N)));
    }
    hex::decode_to_slice(text, &mut bytes).map_err(|e| malformed(format!("line {line}: `{field}`: {e}")))?;
    Ok(bytes)
}

/// Read a key file strictly: the header, then each known field exactly once.
pub fn parse(text: &str) -> Result<KeyFile, KeyFileError> {
    let body = text.trim_end_matches(['\n', '\r']);
    let mut lines = body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let first = lines.next().unwrap_or("");
    if first != HEADER {
        return Err(malformed(if first.starts_with(PUBLIC_LINE_TAG) {
            "this is a public key, not a secret key file".to_string()
        } else if let Some(version) = first.strip_prefix(MAGIC).and_then(|r| r.strip_prefix(' ')) {
            format!("unsupported version `{}`: this grognard reads `{HEADER}`", version.escape_debug())
        } else {
            format!("the first line must be `{HEADER}`")
        }));
    }
    let mut values: [Option<(usize, &str)>; FIELDS.len()] = [None; FIELDS.len()];
    for (index, line) in lines.enumerate() {
        let number = index + 2;
        let (field, value) = line.split_once(": ").ok_or_else(|| {
            malformed(format!("line {number}: expected `field: value`, found `{}`", line.escape_debug()))
        })?;
        let slot = FIELDS
            .iter()
            .position(|f| *f == field)
            .ok_or_else(|| malformed(format!("line {number}: unknown field `{}`", field.escape_debug())))?;
        if let Some((earlier, _)) = values[slot] {
            return Err(malformed(format!("line {number}: `{field}` already given on line {earlier}")));
        }
        values[slot] = Some((number, value));
    }
    let get = |field: &str| values[FIELDS.iter().position(|f| *f == field).expect("known field")];
    let require = |field: &str| get(field).ok_or_else(|| malformed(format!("no `{field}:` line")));

    let (_, name) = require("name")?;
    let (_, email) = require("email")?;
    check_identity(name, email).map_err(KeyFileError::Identity)?;
    let (line, public) = require("public")?;
    let public = PublicKey::from_hex(public).map_err(|e| malformed(format!("line {line}: `public`: {e}")))?;
    let (line, protection) = require("protection")?;
    let (secret_line, secret) = require("secret")?;
    let protection = match protection {
        PROTECTION_NONE => {
            for field in ["kdf", "salt", "nonce"] {
                if let Some((line, _)) = get(field) {
                    return Err(malformed(format!("line {line}: an unprotected key has no `{field}`")));
                }
            }
            let seed = Zeroizing::new(hex_field::<SEED_LEN>("secret", secret_line, secret)?);
            Protection::None { seed }
        }
        PROTECTION_SEALED => {
            let (kdf_line, kdf) = require("kdf")?;
            let kdf = KdfParams::parse(kdf).map_err(|e| malformed(format!("line {kdf_line}: {e}")))?;
            kdf.argon2().map_err(|e| match e {
                KeyFileError::Malformed(m) => malformed(format!("line {kdf_line}: {m}")),
                other => other,
            })?;
            let (line, salt) = require("salt")?;
            let salt = hex_field::<SALT_LEN>("salt", line, salt)?;
            let (line, nonce) = require("nonce")?;
            let nonce = hex_field::<NONCE_LEN>("nonce", line, nonce)?;
            let sealed = hex_field::<SEALED_LEN>("secret", secret_line, secret)?;
            Protection::Sealed { kdf, salt, nonce, sealed }
        }
        other => {
            return Err(malformed(format!(
                "line {line}: protection is `{PROTECTION_NONE}` or `{PROTECTION_SEALED}`, not `{}`",
                other.escape_debug()
            )))
        }
    };
    Ok(KeyFile { name: name.to_string(), email: email.to_string(), public, protection })
}

impl KeyFile {
    pub fn is_protected(&self) -> bool {
        matches!(self.protection, Protection::Sealed { .. })
    }

    /// The key derivation parameters of a protected key.
    pub fn kdf(&self) -> Option<KdfParams> {
        match &self.protection {
            Protection::None { .. } => None,
            Protection::Sealed { kdf, .. } => Some(*kdf),
        }
    }

    /// The one-line public key of this identity.
    pub fn public_line(&self) -> PublicLine {
        PublicLine { key: self.public, name: self.name.clone(), email: self.email.clone() }
    }

    /// The secret key. An unprotected key ignores the passphrase; a protected one needs it.
    pub fn unlock(&self, passphrase: Option<&str>) -> Result<SecretKey, KeyFileError> {
        let secret = match &self.protection {
            Protection::None { seed } => SecretKey::from_seed(seed),
            Protection::Sealed { kdf, salt, nonce, sealed } => {
                let passphrase = passphrase.filter(|p| !p.is_empty()).ok_or(KeyFileError::NeedsPassphrase)?;
                let key = derive(&kdf.argon2()?, passphrase, salt)?;
                let mut seed = Zeroizing::new([0u8; SEED_LEN]);
                seed.copy_from_slice(&sealed[..SEED_LEN]);
                ChaCha20Poly1305::new(Key::from_slice(&key[..]))
                    .decrypt_in_place_detached(
                        Nonce::from_slice(nonce),
                        &self.public.to_bytes(),
                        &mut seed[..],
                        Tag::from_slice(&sealed[SEED_LEN..]),
                    )
                    .map_err(|_| KeyFileError::WrongPassphrase { name: self.name.clone() })?;
                SecretKey::from_seed(&seed)
            }
        };
        if secret.public() != self.public {
            return Err(KeyFileError::Damaged);
        }
        Ok(secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cheap parameters: the tests are about the format, not the cost.
    const FAST: KdfParams = KdfParams { m_kib: 64, t: 1, p: 1 };

    /// `unwrap_err` for unlocking (a secret key has no `Debug`).
    fn failure(result: Result<SecretKey, KeyFileError>) -> KeyFileError {
        match result {
            Ok(_) => panic!("the key unlocked"),
            Err(e) => e,
        }
    }

    fn key() -> SecretKey {
        SecretKey::from_seed(&[7; 32])
    }

    fn protected() -> String {
        encode_with(&key(), "Jean Lannes", "lannes@example.org", Some("Montebello 1800"), FAST).unwrap()
    }

    fn replace_line(text: &str, field: &str, value: &str) -> String {
        text.lines()
            .map(|l| if l.starts_with(&format!("{field}: ")) { format!("{field}: {value}") } else { l.to_string() })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn unprotected_round_trip() {
        let text = encode(&key(), "Jean Lannes", "lannes@example.org", None).unwrap();
        assert!(text.starts_with("grognard-secret-key v1\nname: Jean Lannes\nemail: lannes@example.org\npublic: "));
        assert!(text.contains("\nprotection: none\nsecret: "));
        let file = parse(&text).unwrap();
        assert!(!file.is_protected());
        assert_eq!(file.kdf(), None);
        assert_eq!((file.name.as_str(), file.email.as_str()), ("Jean Lannes", "lannes@example.org"));
        assert_eq!(file.public, key().public());
        assert_eq!(file.unlock(None).unwrap().seed(), key().seed());
        assert_eq!(file.unlock(Some("ignored")).unwrap().seed(), key().seed());
        assert_eq!(
            file.public_line().to_line(),
            format!("grognard-pk1 {} Jean Lannes <lannes@example.org>", file.public.to_hex())
        );
        // Debug output never shows the secret.
        assert!(!format!("{file:?}").contains(&hex::encode([7u8; 32])));
        // Windows line endings are read too.
        assert_eq!(parse(&text.replace('\n', "\r\n")).unwrap().unlock(None).unwrap().seed(), key().seed());
    }

    #[test]
    fn protected_round_trip() {
        let text = protected();
        assert!(text.contains("\nprotection: argon2id-chacha20poly1305\nkdf: argon2id m=64 t=1 p=1\nsalt: "));
        assert!(!text.contains(&hex::encode([7u8; 32])));
        let file = parse(&text).unwrap();
        assert!(file.is_protected());
        assert_eq!(file.kdf(), Some(FAST));
        assert_eq!(file.unlock(Some("Montebello 1800")).unwrap().seed(), key().seed());
        assert_eq!(failure(file.unlock(None)), KeyFileError::NeedsPassphrase);
        assert_eq!(failure(file.unlock(Some(""))), KeyFileError::NeedsPassphrase);
        assert_eq!(
            KeyFileError::NeedsPassphrase.to_string(),
            "this key is protected: set GROGNARD_PASSPHRASE or enter it"
        );
        // Fresh salt and nonce every time.
        assert_ne!(protected(), text);
    }

    #[test]
    fn default_parameters_round_trip() {
        let text = encode(&key(), "Jean Lannes", "lannes@example.org", Some("pw")).unwrap();
        assert!(text.contains("\nkdf: argon2id m=19456 t=2 p=1\n"));
        assert_eq!(parse(&text).unwrap().unlock(Some("pw")).unwrap().seed(), key().seed());
    }

    #[test]
    fn wrong_passphrase() {
        let err = failure(parse(&protected()).unwrap().unlock(Some("Montebello 1801")));
        assert_eq!(err, KeyFileError::WrongPassphrase { name: "Jean Lannes".into() });
        assert_eq!(err.to_string(), "wrong passphrase for Jean Lannes's key");
    }

    #[test]
    fn empty_passphrase_and_bad_identity_are_refused() {
        assert_eq!(encode(&key(), "Ney", "ney@example.org", Some("")), Err(KeyFileError::EmptyPassphrase));
        assert!(matches!(encode(&key(), "Ney\nBcc: x", "ney@example.org", None), Err(KeyFileError::Identity(_))));
        assert!(matches!(encode(&key(), "Ney", "ney", None), Err(KeyFileError::Identity(_))));
    }

    #[test]
    fn tampered_ciphertext_is_refused() {
        let text = protected();
        let file = parse(&text).unwrap();
        let Protection::Sealed { sealed, .. } = &file.protection else { panic!("protected") };
        for byte in [0, 31, 32, 47] {
            let mut bad = *sealed;
            bad[byte] ^= 1;
            let tampered = parse(&replace_line(&text, "secret", &hex::encode(bad))).unwrap();
            assert!(matches!(tampered.unlock(Some("Montebello 1800")), Err(KeyFileError::WrongPassphrase { .. })));
        }
        // Other salt or nonce: other key or keystream, the tag fails.
        for field in ["salt", "nonce"] {
            let value = text.lines().find_map(|l| l.strip_prefix(&format!("{field}: "))).unwrap();
            let flipped: String = value.chars().rev().collect();
            let tampered = parse(&replace_line(&text, field, &flipped)).unwrap();
            assert!(tampered.unlock(Some("Montebello 1800")).is_err());
        }
        // Other parameters: another key.
        let tampered = parse(&replace_line(&text, "kdf", "argon2id m=64 t=2 p=1")).unwrap();
        assert!(tampered.unlock(Some("Montebello 1800")).is_err());
    }

    #[test]
    fn spliced_public_key_is_refused() {
        let other = SecretKey::from_seed(&[9; 32]).public().to_hex();
        // Protected: the public key is the associated data, so the tag fails.
        let spliced = parse(&replace_line(&protected(), "public", &other)).unwrap();
        assert!(matches!(spliced.unlock(Some("Montebello 1800")), Err(KeyFileError::WrongPassphrase { .. })));
        // Unprotected: the seed does not give the public key.
        let text = encode(&key(), "Jean Lannes", "lannes@example.org", None).unwrap();
        let spliced = parse(&replace_line(&text, "public", &other)).unwrap();
        let err = failure(spliced.unlock(None));
        assert_eq!(err, KeyFileError::Damaged);
        assert_eq!(err.to_string(), "the key file is damaged: its secret does not match its public key");
    }

    #[test]
    fn hostile_kdf_parameters_are_refused() {
        let text = protected();
        for kdf in [
            "argon2id m=4194304 t=2 p=1",
            "argon2id m=4294967295 t=2 p=1",
            "argon2id m=19456 t=100000 p=1",
            "argon2id m=19456 t=2 p=16777215",
            "argon2id m=0 t=2 p=1",
            "argon2id m=19456 t=0 p=1",
            "argon2id m=19456 t=2 p=0",
            "argon2id m=4294967296 t=2 p=1",
            "argon2id m=019456 t=2 p=1",
            "argon2id m=+19456 t=2 p=1",
            "argon2id m=19456 t=2",
            "argon2id m=19456 t=2 p=1 x=1",
            "argon2id t=2 m=19456 p=1",
            "argon2i m=19456 t=2 p=1",
            "argon2id  m=19456 t=2 p=1",
        ] {
            let err = parse(&replace_line(&text, "kdf", kdf)).unwrap_err();
            assert!(matches!(err, KeyFileError::Malformed(_)), "{kdf}: {err}");
        }
        let err = parse(&replace_line(&text, "kdf", "argon2id m=4194304 t=2 p=1")).unwrap_err();
        assert!(err.to_string().contains("too much"), "{err}");
        // The limit itself is accepted.
        assert!(parse(&replace_line(&text, "kdf", "argon2id m=262144 t=16 p=8")).is_ok());
        // And nothing is written with parameters that would not be read back.
        let hostile = KdfParams { m_kib: KdfParams::MAX_M_KIB + 1, ..FAST };
        assert!(encode_with(&key(), "Ney", "ney@example.org", Some("pw"), hostile).is_err());
    }

    #[test]
    fn strict_parsing() {
        let plain = encode(&key(), "Jean Lannes", "lannes@example.org", None).unwrap();
        let sealed = protected();
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "first line"),
            (plain.replacen("v1", "v2", 1), "unsupported version"),
            (format!("grognard-pk1 {} Jean Lannes <lannes@example.org>\n", key().public().to_hex()), "public key"),
            (plain.replace("name: Jean Lannes\n", ""), "no `name:`"),
            (plain.replace("email: lannes@example.org\n", ""), "no `email:`"),
            (plain.replace("protection: none\n", ""), "no `protection:`"),
            (plain.replace("\nsecret: ", "\nsecrets: "), "unknown field `secrets`"),
            (plain.replace("name: Jean Lannes\n", "name: Jean Lannes\nname: Ney\n"), "already given on line 2"),
            (plain.replace("name: Jean Lannes\n", "name: Jean Lannes\n\n"), "expected `field: value`"),
            (plain.replace("name: Jean Lannes", "name:Jean Lannes"), "expected `field: value`"),
            (plain.replace("name: Jean Lannes", "name: "), "invalid identity"),
            (plain.replace("lannes@example.org", "lannes"), "invalid identity"),
            (plain.replace("protection: none", "protection: rot13"), "protection is"),
            (replace_line(&plain, "public", "00"), "`public`"),
            (replace_line(&plain, "public", &"00".repeat(32)), "`public`"),
            (replace_line(&plain, "secret", &"AB".repeat(32)), "lowercase hex"),
            (replace_line(&plain, "secret", &"ab".repeat(31)), "64 lowercase hex digits"),
            (replace_line(&plain, "secret", &"zz".repeat(32)), "lowercase hex"),
            (replace_line(&plain, "secret", &"ab".repeat(48)), "64 lowercase hex digits"),
            (plain.replace("protection: none\n", "protection: none\nsalt: 00\n"), "unprotected key has no `salt`"),
            (sealed.lines().filter(|l| !l.starts_with("kdf: ")).collect::<Vec<_>>().join("\n"), "no `kdf:`"),
            (sealed.lines().filter(|l| !l.starts_with("salt: ")).collect::<Vec<_>>().join("\n"), "no `salt:`"),
            (sealed.lines().filter(|l| !l.starts_with("nonce: ")).collect::<Vec<_>>().join("\n"), "no `nonce:`"),
            (replace_line(&sealed, "salt", "00"), "`salt` is 32 lowercase hex digits (16 bytes)"),
            (replace_line(&sealed, "nonce", &"0".repeat(26)), "`nonce` is 24 lowercase hex digits"),
            (replace_line(&sealed, "secret", &"ab".repeat(32)), "`secret` is 96 lowercase hex digits"),
        ];
        for (text, expected) in cases {
            let err = parse(&text).expect_err(expected);
            assert!(err.to_string().contains(expected), "expected `{expected}`, got `{err}`");
        }
    }

    #[test]
    fn garbage_never_panics() {
        for text in [encode(&key(), "Jean Lannes", "lannes@example.org", None).unwrap(), protected()] {
            for end in 0..=text.len() {
                if let Ok(file) = parse(&text[..end]) {
                    // Only the final newline(s) may go.
                    assert!(end + 1 >= text.len(), "parsed a file cut at {end}");
                    let _ = file.unlock(None);
                }
                let _ = parse(&text[end..]);
            }
            let bytes = text.as_bytes();
            for at in 0..bytes.len() {
                for replacement in [b'\n', b' ', b':', b'0', b'f', b'g', 0xff] {
                    let mut mutated = bytes.to_vec();
                    mutated[at] = replacement;
                    let mutated = String::from_utf8_lossy(&mutated);
                    if let Ok(file) = parse(&mutated) {
                        if !file.is_protected() {
                            let _ = file.unlock(None);
                        }
                    }
                }
            }
        }
    }
}
