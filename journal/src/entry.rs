//! Journal entries: their fields, canonical bytes, id, signature and record line.
//!
//! A record line is `<signature: 128 hex digits> <canonical entry JSON>`. The signature is
//! ed25519 over `"grognard/entry/v1\0" || canonical bytes`; the id is
//! SHA-256(`"grognard/id/v1\0" || canonical bytes`), never a hash of the signature.

use crate::canonical::{self, CanonicalError};
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::{PublicKey, SecretKey};
use ed25519_dalek::Signature;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The protocol version of new games (docs/PROTOCOL.md). Every entry of a game carries its
/// genesis's version.
pub const ENTRY_VERSION: u32 = PROTOCOL_V2;
/// Version 1: dice chains and salts derived from the secret key alone, requests without a
/// roller's nonce. Its games still verify and replay; their dice were not protected against
/// a grinding or vetoing witness (PROTOCOL.md section 11).
pub const PROTOCOL_V1: u32 = 1;
/// Version 2: a fresh public nonce in every command, seal and chain commitment.
pub const PROTOCOL_V2: u32 = 2;
const SIGN_TAG: &[u8] = b"grognard/entry/v1\0";
const ID_TAG: &[u8] = b"grognard/id/v1\0";
/// No entry's canonical form may exceed this many bytes.
pub const MAX_ENTRY_BYTES: usize = 64 * 1024;

/// The latest entry of another player's feed that the author had seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ack {
    pub author: u8,
    pub seq: u64,
    pub id: EntryId,
}

/// A commitment to the head of a dice hash chain (see `chain.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainCommit {
    pub generation: u32,
    pub head: Hash32,
    pub length: u32,
    /// Fresh randomness mixed into the chain's seed (version 2; absent in version 1), so a
    /// replayed invitation, a rollback or a reused id never repeats a chain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<Hash32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// Rolls from witnesses' chain reveals: nobody can bias or foresee them.
    Fair,
    /// Rolls from the request alone: predictable; for hotseat, solitaire and bots.
    Casual,
    /// Rolls from the list in the genesis entry: tests, tutorials, rule exploration.
    Scripted,
}

impl DiceMode {
    pub fn as_str(self) -> &'static str {
        match self {
            DiceMode::Fair => "fair",
            DiceMode::Casual => "casual",
            DiceMode::Scripted => "scripted",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Witnesses {
    /// The players on other sides than the roller (default).
    Opponents,
    /// Every other player.
    AllOthers,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceConfig {
    pub mode: DiceMode,
    pub witnesses: Witnesses,
    /// Scripted faces (empty unless the mode is scripted).
    pub faces: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInfo {
    pub name: String,
    pub email: String,
    pub key: String,
    pub powers: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Genesis {
    pub ruleset: String,
    pub ruleset_version: String,
    pub scenario: String,
    pub scenario_hash: Hash32,
    pub players: Vec<PlayerInfo>,
    pub dice: DiceConfig,
    /// The creator's dice chain (fair dice only).
    pub chain: Option<ChainCommit>,
}

/// What an entry says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Body {
    /// First entry of a game, by its creator.
    Genesis(Genesis),
    /// A player accepts the game (and, with fair dice, commits to a dice chain).
    Join { chain: Option<ChainCommit> },
    /// An ordinary command or a choice among options, in the ruleset's JSON form. The
    /// nonce (version 2) is the roller's fresh contribution to any roll the command asks
    /// for: nobody can know the request's id before it exists.
    Command {
        command: Value,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<Hash32>,
    },
    /// The commitment to a sealed choice. The nonce (version 2) goes into the salt.
    Seal {
        step: String,
        commitment: Hash32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<Hash32>,
    },
    /// The opening of a sealed choice.
    Unseal { step: String, choice: Value, salt: Hash32 },
    /// A witness's next dice chain value for the dice request `request`.
    Reveal { request: EntryId, generation: u32, index: u32, value: Hash32 },
    /// A fresh dice chain when the current one runs low.
    Chain { chain: ChainCommit },
}

impl Body {
    /// A command without a nonce, as version 1 wrote it.
    pub fn command(command: Value) -> Body {
        Body::Command { command, nonce: None }
    }

    /// Does every nonce this body has room for match `version` (present from version 2 on,
    /// absent in version 1)?
    pub fn nonces_match(&self, version: u32) -> bool {
        let want = version >= PROTOCOL_V2;
        let chain_ok = |c: &Option<ChainCommit>| c.as_ref().is_none_or(|c| c.nonce.is_some() == want);
        match self {
            Body::Genesis(g) => chain_ok(&g.chain),
            Body::Join { chain } => chain_ok(chain),
            Body::Chain { chain } => chain.nonce.is_some() == want,
            Body::Command { nonce, .. } | Body::Seal { nonce, .. } => nonce.is_some() == want,
            Body::Unseal { .. } | Body::Reveal { .. } => true,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Body::Genesis(_) => "genesis",
            Body::Join { .. } => "join",
            Body::Command { .. } => "command",
            Body::Seal { .. } => "seal",
            Body::Unseal { .. } => "unseal",
            Body::Reveal { .. } => "reveal",
            Body::Chain { .. } => "chain",
        }
    }
}

/// The signed content of an entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub v: u32,
    pub game: GameId,
    pub author: u8,
    /// Position in the author's feed; the genesis and every player's join are seq 0.
    pub seq: u64,
    /// The author's previous entry (the genesis for a join); none for the genesis.
    pub prev: Option<EntryId>,
    /// The latest entry seen of every other feed, ascending by author.
    pub acks: Vec<Ack>,
    pub body: Body,
}

impl Entry {
    pub fn canonical_bytes(&self) -> Vec<u8> {
        // Entries are plain data; serializing them cannot fail.
        canonical::encode(&serde_json::to_value(self).expect("entries serialize"))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("a record is `<128 hex digit signature> <entry JSON>`")]
    Shape,
    #[error("the entry is {0} bytes; the limit is {MAX_ENTRY_BYTES}")]
    TooLarge(usize),
    #[error("the entry is not canonical JSON: {0}")]
    Canonical(#[from] CanonicalError),
    #[error("the entry does not have the fields of a journal entry: {0}")]
    Fields(String),
}

/// An entry with its canonical bytes, id and signature.
#[derive(Clone, Debug)]
pub struct SignedEntry {
    pub entry: Entry,
    pub bytes: Vec<u8>,
    pub id: EntryId,
    pub signature: Signature,
}

pub fn entry_id(canonical: &[u8]) -> EntryId {
    EntryId(Sha256::new().chain_update(ID_TAG).chain_update(canonical).finalize().into())
}

/// The message an entry's signature signs.
pub fn signing_message(canonical: &[u8]) -> Vec<u8> {
    [SIGN_TAG, canonical].concat()
}

impl SignedEntry {
    pub fn sign(entry: Entry, key: &SecretKey) -> SignedEntry {
        let bytes = entry.canonical_bytes();
        let signature = key.sign(&signing_message(&bytes));
        SignedEntry { id: entry_id(&bytes), entry, bytes, signature }
    }

    /// Parse a record line (without its newline). Checks the shape and the canonical
    /// encoding; the signature is checked against the author's key by the journal.
    pub fn parse_record(line: &[u8]) -> Result<SignedEntry, RecordError> {
        if line.len() < 130 || line[128] != b' ' {
            return Err(RecordError::Shape);
        }
        let sig_hex = &line[..128];
        if sig_hex.iter().any(|b| !matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(RecordError::Shape);
        }
        let mut sig = [0u8; 64];
        hex::decode_to_slice(sig_hex, &mut sig).map_err(|_| RecordError::Shape)?;
        let bytes = &line[129..];
        if bytes.len() > MAX_ENTRY_BYTES {
            return Err(RecordError::TooLarge(bytes.len()));
        }
        let value = canonical::decode(bytes)?;
        let entry: Entry = serde_json::from_value(value).map_err(|e| RecordError::Fields(e.to_string()))?;
        if entry.canonical_bytes() != bytes {
            // A field the struct fills in by itself would make a second encoding.
            return Err(RecordError::Fields("the entry does not re-encode to the same bytes".into()));
        }
        if !(PROTOCOL_V1..=PROTOCOL_V2).contains(&entry.v) {
            return Err(RecordError::Fields(format!(
                "entry version {} is not one this program knows ({PROTOCOL_V1} or {PROTOCOL_V2})",
                entry.v
            )));
        }
        if !entry.body.nonces_match(entry.v) {
            return Err(RecordError::Fields(format!(
                "a version-{} {} entry {} a nonce",
                entry.v,
                entry.body.kind(),
                if entry.v >= PROTOCOL_V2 { "needs" } else { "has no" }
            )));
        }
        Ok(SignedEntry { entry, bytes: bytes.to_vec(), id: entry_id(bytes), signature: Signature::from_bytes(&sig) })
    }

    pub fn record(&self) -> Vec<u8> {
        let mut line = hex::encode(self.signature.to_bytes()).into_bytes();
        line.push(b' ');
        line.extend_from_slice(&self.bytes);
        line
    }

    pub fn verify(&self, key: &PublicKey) -> bool {
        key.verify_strict(&signing_message(&self.bytes), &self.signature)
    }
}
