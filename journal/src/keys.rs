//! Ed25519 keys as the journal uses them: public keys checked for canonical encoding and
//! weakness, short fingerprints people can compare over the phone, and the one-line public
//! key a player gives to opponents (`grognard-pk1 <hex key> <name> <<email>>`).

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use sha2::{Digest, Sha256};
use std::fmt;

/// Domain tag of fingerprints.
const FINGERPRINT_TAG: &[u8] = b"grognard/fingerprint/v1\0";
/// First word of a one-line public key.
pub const PUBLIC_LINE_TAG: &str = "grognard-pk1";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("a public key is 64 hex digits (32 bytes): {0}")]
    Format(String),
    #[error("the bytes are not a point of the ed25519 curve")]
    NotAPoint,
    #[error("the public key is not canonically encoded")]
    NonCanonical,
    #[error("the public key is a weak (small-order) key and is refused")]
    Weak,
    #[error("a public key line reads `{PUBLIC_LINE_TAG} <64 hex digits> <name> <<email>>`: {0}")]
    Line(String),
}

/// A player's verified public key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PublicKey(VerifyingKey);

impl PublicKey {
    /// Accept only canonical, non-weak keys (checked at genesis for every player).
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<PublicKey, KeyError> {
        let vk = VerifyingKey::from_bytes(bytes).map_err(|_| KeyError::NotAPoint)?;
        if vk.to_edwards().compress().to_bytes() != *bytes {
            return Err(KeyError::NonCanonical);
        }
        if vk.is_weak() {
            return Err(KeyError::Weak);
        }
        Ok(PublicKey(vk))
    }

    pub fn from_hex(text: &str) -> Result<PublicKey, KeyError> {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text, &mut bytes).map_err(|e| KeyError::Format(e.to_string()))?;
        if text.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(KeyError::Format("use lowercase hex".into()));
        }
        PublicKey::from_bytes(&bytes)
    }

    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0.to_bytes())
    }

    /// Sixteen hex digits in four groups: the first 8 bytes of
    /// SHA-256("grognard/fingerprint/v1\0" || key).
    pub fn fingerprint(&self) -> String {
        let digest = Sha256::new().chain_update(FINGERPRINT_TAG).chain_update(self.0.as_bytes()).finalize();
        let h = hex::encode(&digest[..8]);
        format!("{}-{}-{}-{}", &h[0..4], &h[4..8], &h[8..12], &h[12..16])
    }

    /// Strict ed25519 verification (no small-order components, canonical S and R).
    pub fn verify_strict(&self, message: &[u8], signature: &Signature) -> bool {
        self.0.verify_strict(message, signature).is_ok()
    }

    pub fn verifying_key(&self) -> &VerifyingKey {
        &self.0
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", self.to_hex())
    }
}

/// A player's secret key. The 32-byte seed also derives the player's dice chains, so a
/// player has exactly one secret to keep.
pub struct SecretKey(SigningKey);

impl SecretKey {
    /// A new key from the operating system's random source.
    pub fn generate() -> SecretKey {
        let mut seed = [0u8; 32];
        rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut seed);
        SecretKey(SigningKey::from_bytes(&seed))
    }

    pub fn from_seed(seed: &[u8; 32]) -> SecretKey {
        SecretKey(SigningKey::from_bytes(seed))
    }

    pub fn seed(&self) -> &[u8; 32] {
        self.0.as_bytes()
    }

    pub fn public(&self) -> PublicKey {
        PublicKey(self.0.verifying_key())
    }

    pub fn sign(&self, message: &[u8]) -> Signature {
        self.0.sign(message)
    }

    /// The key's X25519 secret scalar, for opening letters (`letter.rs`): the scalar half of
    /// the ed25519 expansion, whose clamped multiple of the base point is the public key.
    pub fn x25519_scalar(&self) -> zeroize::Zeroizing<[u8; 32]> {
        zeroize::Zeroizing::new(self.0.to_scalar_bytes())
    }
}

/// A public key with the identity it belongs to, as one line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicLine {
    pub key: PublicKey,
    pub name: String,
    pub email: String,
}

impl PublicLine {
    pub fn parse(line: &str) -> Result<PublicLine, KeyError> {
        let line = line.trim();
        let rest = line
            .strip_prefix(PUBLIC_LINE_TAG)
            .and_then(|r| r.strip_prefix(' '))
            .ok_or_else(|| KeyError::Line(format!("it must start with `{PUBLIC_LINE_TAG} `")))?;
        let (key, rest) = rest.split_once(' ').ok_or_else(|| KeyError::Line("no name after the key".into()))?;
        let key = PublicKey::from_hex(key)?;
        let open = rest.rfind(" <").ok_or_else(|| KeyError::Line("no <email> after the name".into()))?;
        let name = rest[..open].trim().to_string();
        let email = rest[open + 2..]
            .strip_suffix('>')
            .ok_or_else(|| KeyError::Line("the email must end with `>`".into()))?
            .to_string();
        check_identity(&name, &email).map_err(KeyError::Line)?;
        Ok(PublicLine { key, name, email })
    }

    pub fn to_line(&self) -> String {
        format!("{PUBLIC_LINE_TAG} {} {} <{}>", self.key.to_hex(), self.name, self.email)
    }
}

/// The file name stem of an identity: the address's local part and domain, lowercase, in
/// `[a-z0-9._-]` (`jean.lannes-at-example.org` for `Jean.Lannes@Example.org`); no leading
/// dot or dash, at most 200 characters. `None` if the address has no `@` or nothing is left.
pub fn slug(email: &str) -> Option<String> {
    let (local, domain) = email.rsplit_once('@')?;
    let clean = |part: &str| -> String {
        part.chars()
            .map(|c| c.to_ascii_lowercase())
            .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' })
            .collect()
    };
    let slug = format!("{}-at-{}", clean(local), clean(domain));
    let slug: String = slug.trim_start_matches(['.', '-']).chars().take(200).collect();
    (!slug.is_empty()).then_some(slug)
}

/// Names and addresses end up in mail headers and file names: keep them plain.
pub fn check_identity(name: &str, email: &str) -> Result<(), String> {
    if name.is_empty() || name.len() > 64 {
        return Err("a name has 1 to 64 characters".into());
    }
    if name.chars().any(|c| c.is_control() || c == '<' || c == '>' || c == '"') {
        return Err("a name may not contain control characters, quotes or angle brackets".into());
    }
    let ok_email = email.len() <= 254
        && email.split_once('@').is_some_and(|(l, d)| !l.is_empty() && !d.is_empty() && !d.contains('@'))
        && email.chars().all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>' | '"' | ',' | ';' | '\\'));
    if !ok_email {
        return Err(format!("`{email}` is not a plain email address"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_line_round_trips_and_fingerprint_is_stable() {
        let sk = SecretKey::from_seed(&[1; 32]);
        let line = PublicLine { key: sk.public(), name: "Jean Lannes".into(), email: "lannes@example.org".into() };
        let text = line.to_line();
        assert_eq!(PublicLine::parse(&text), Ok(line));
        assert_eq!(sk.public().fingerprint().len(), 19);
        assert_eq!(sk.public().fingerprint(), SecretKey::from_seed(&[1; 32]).public().fingerprint());
    }

    #[test]
    fn weak_and_non_canonical_keys_are_refused() {
        // The identity point (small order) encodes as 01 00..00.
        let mut identity = [0u8; 32];
        identity[0] = 1;
        assert_eq!(PublicKey::from_bytes(&identity), Err(KeyError::Weak));
        // y = p + 1 (non-canonical encoding of y = 1, the identity).
        let mut non_canonical = [0xffu8; 32];
        non_canonical[0] = 0xee;
        non_canonical[31] = 0x7f;
        assert!(matches!(PublicKey::from_bytes(&non_canonical), Err(KeyError::NonCanonical | KeyError::NotAPoint)));
        assert!(PublicKey::from_hex(&"AB".repeat(32)).is_err());
    }

    #[test]
    fn identities_with_header_injection_are_refused() {
        assert!(check_identity("Ney\r\nBcc: x@y", "ney@example.org").is_err());
        assert!(check_identity("Ney", "ney@example.org\r\nBcc: x@y").is_err());
        assert!(check_identity("Ney", "ney@example.org").is_ok());
    }
}
