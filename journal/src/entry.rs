//! Journal entries: their fields, canonical bytes, id, signature and record line.
//!
//! A record line is `<signature: 128 hex digits> <canonical entry JSON>`. The signature is
//! ed25519 over `"grognard/entry/v1\0" || canonical bytes`; the id is
//! SHA-256(`"grognard/id/v1\0" || canonical bytes`), never a hash of the signature.

use crate::canonical::{self, CanonicalError};
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::{PublicKey, SecretKey};
use ed25519_dalek::Signature;
use grognard_engine::{AnyRuleset, RuleError, Setup};
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
    /// The players the roll concerns, as the ruleset names them (`Ruleset::roll_concerns`),
    /// or else exactly one other player the protocol picks (docs/PROTOCOL.md section 5.3).
    /// Protocol version 2 only: a version-1 genesis that chooses it is refused.
    Concerned,
}

impl Witnesses {
    /// The mode as the genesis writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Witnesses::Opponents => "opponents",
            Witnesses::AllOthers => "all_others",
            Witnesses::Concerned => "concerned",
        }
    }
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
    /// The id of the scenario the game is played in (for a game started from a written
    /// position: the scenario the position is played in). Read it through [`Genesis::setup`]:
    /// in an old genesis it may hold a position text.
    pub scenario: String,
    /// The written position the game starts from, in the ruleset's position format;
    /// absent for a game that starts at its scenario's opening (and then not written at all,
    /// so such a genesis has the same bytes as before the field existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The ruleset's options chosen for the game, ascending, each once; absent when none
    /// (so a genesis without options has the same bytes as before the field existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    pub scenario_hash: Hash32,
    pub players: Vec<PlayerInfo>,
    pub dice: DiceConfig,
    /// The creator's dice chain (fair dice only).
    pub chain: Option<ChainCommit>,
}

impl Genesis {
    /// What the game starts from, typed. This is the one place that reads the older
    /// shape (docs/PROTOCOL.md, section 4.4): before `position` existed, a game started
    /// from a written position carried the position's text in `scenario` itself. A genesis
    /// without `position` whose `scenario` begins with the ruleset's documented position
    /// header ([`AnyRuleset::position_header`], e.g. `fnc-position 1`) is such a game: its
    /// set-up is the ruleset's reading of that text ([`AnyRuleset::position_setup`]), the
    /// same set-up a new genesis writes in two fields. Scenario ids never begin with a
    /// position header.
    pub fn setup(&self, ruleset: &dyn AnyRuleset) -> Result<Setup, RuleError> {
        let setup = if let Some(text) = &self.position {
            Setup::position(self.scenario.clone(), text.clone())
        } else {
            match ruleset.position_header() {
                Some(header) if self.scenario.starts_with(header) => ruleset.position_setup(&self.scenario)?,
                _ => Setup::scenario(self.scenario.clone()),
            }
        };
        let known: Vec<String> = ruleset.options().into_iter().map(|o| o.id).collect();
        if let Some(unknown) = self.options.iter().find(|o| !known.contains(o)) {
            return Err(RuleError::new(
                "input",
                format!("ruleset {} has no option `{unknown}` (its options: {})", ruleset.info().id, list(&known)),
            ));
        }
        if self.options.windows(2).any(|w| w[0] >= w[1]) {
            return Err(RuleError::new("input", "the genesis lists its options in ascending order, each once"));
        }
        Ok(setup.with_options(self.options.iter().cloned()))
    }
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "none".into()
    } else {
        ids.join(", ")
    }
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
    /// A concealed command (version 2): what everyone may see of it, and a commitment to
    /// the whole command (docs/PROTOCOL.md section 12). The nonce goes into the salt.
    Hidden { public: Value, commitment: Hash32, nonce: Hash32 },
    /// The opening of some of the author's concealed commands (version 2). The nonce is the
    /// opener's fresh contribution when the opening is a dice request.
    Open { openings: Vec<crate::hidden::Opening>, nonce: Hash32 },
    /// The seat's holder gives it up (version 2, docs/PROTOCOL.md section 13): the seat is
    /// vacant until the other players replace its holder.
    Resign {},
    /// The seat's holder passes it to another key (version 2, section 13): the next entry of
    /// the feed is the new holder's `take`.
    Handover { key: String, name: String, email: String },
    /// A vote of the author to replace the holder of seat `seat` by `key` (version 2,
    /// section 13). The vote names, by its ack of that seat, the last entry of the holder it
    /// counts; it takes effect when every other player has voted the same in one round.
    Replace { seat: u8, round: u32, key: String, name: String, email: String },
    /// The first entry of a seat's new holder (version 2, section 13), with its dice chain.
    Take { chain: Option<ChainCommit> },
    /// The author agrees that `key` is the second of seat `seat` (version 2, section 13.7):
    /// once every player has signed the same, the players' clients vote for it after the
    /// seat has held the game `hours` hours by their own clocks.
    Second { seat: u8, key: String, name: String, email: String, hours: u32 },
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
            // Only version 2 has them, and they always carry a nonce.
            Body::Hidden { .. } | Body::Open { .. } => want,
            Body::Take { chain } => want && chain_ok(chain),
            Body::Resign {} | Body::Handover { .. } | Body::Replace { .. } | Body::Second { .. } => want,
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
            Body::Hidden { .. } => "hidden",
            Body::Open { .. } => "open",
            Body::Resign {} => "resign",
            Body::Handover { .. } => "handover",
            Body::Replace { .. } => "replace",
            Body::Take { .. } => "take",
            Body::Second { .. } => "second",
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
        if entry.v < PROTOCOL_V2 && matches!(entry.body, Body::Hidden { .. } | Body::Open { .. }) {
            return Err(RecordError::Fields(format!(
                "a {} entry in a version-{} game: hidden information needs protocol version {PROTOCOL_V2}",
                entry.body.kind(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::{
        Applied, ApplyError, DiceSource, Pending, PlayerId, PowerInfo, Ruleset, RulesetInfo, ScenarioInfo, Seats,
    };

    const HEADER: &str = "sketch-position 1";
    const TEXT: &str = "sketch-position 1\nscenario open\nmarks 3\n";

    /// A ruleset that starts from written positions: its state is the text it started from.
    struct Sketch;

    impl Ruleset for Sketch {
        type State = String;
        type Command = String;

        fn info(&self) -> RulesetInfo {
            RulesetInfo { id: "sketch".into(), version: "1".into(), name: "Sketch".into(), test_only: true }
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            let power = PowerInfo { id: "ink".into(), name: "Ink".into(), side: "ink".into() };
            vec![ScenarioInfo {
                id: "open".into(),
                name: "Open".into(),
                description: String::new(),
                powers: vec![power],
                min_players: 1,
                max_players: 1,
            }]
        }
        fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
            Ok(setup.scenario.as_bytes().to_vec())
        }
        fn setup(&self, setup: &Setup, _seats: &Seats) -> Result<String, RuleError> {
            Ok(setup.position.clone().unwrap_or_default())
        }
        fn position_header(&self) -> Option<&'static str> {
            Some(HEADER)
        }
        fn position_setup(&self, text: &str) -> Result<Setup, RuleError> {
            match text.strip_prefix(HEADER) {
                Some(_) => Ok(Setup::position("open", text)),
                None => Err(RuleError::new("input", "not a sketch position")),
            }
        }
        fn pending(&self, _state: &String) -> Pending {
            Pending::Over { result: "drawn".into(), winners: Vec::new() }
        }
        fn legal_commands(&self, _state: &String, _player: PlayerId) -> Vec<String> {
            Vec::new()
        }
        fn apply(
            &self,
            _state: &String,
            _player: PlayerId,
            _command: &String,
            _dice: &mut dyn DiceSource,
        ) -> Result<Applied<String>, ApplyError> {
            Err(RuleError::new("input", "no commands").into())
        }
        fn parse_command(&self, text: &str) -> Result<String, RuleError> {
            Ok(text.into())
        }
        fn format_command(&self, command: &String) -> String {
            command.clone()
        }
        fn summary(&self, state: &String) -> String {
            state.clone()
        }
    }

    fn genesis(scenario: &str, position: Option<&str>) -> Genesis {
        Genesis {
            ruleset: "sketch".into(),
            ruleset_version: "1".into(),
            scenario: scenario.into(),
            position: position.map(String::from),
            options: Vec::new(),
            scenario_hash: Hash32([0; 32]),
            players: Vec::new(),
            dice: DiceConfig { mode: DiceMode::Casual, witnesses: Witnesses::Opponents, faces: Vec::new() },
            chain: None,
        }
    }

    fn encoded(g: &Genesis) -> String {
        let bytes = canonical::encode(&serde_json::to_value(Body::Genesis(g.clone())).expect("a genesis serializes"));
        String::from_utf8(bytes).expect("canonical JSON is UTF-8")
    }

    fn decoded(text: &str) -> Genesis {
        match serde_json::from_str::<Body>(text).expect("a genesis body") {
            Body::Genesis(g) => g,
            other => panic!("not a genesis: {other:?}"),
        }
    }

    const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

    #[test]
    fn a_genesis_without_a_position_has_the_bytes_it_always_had() {
        let g = genesis("open", None);
        let old = format!(
            r#"{{"chain":null,"dice":{{"faces":[],"mode":"casual","witnesses":"opponents"}},"kind":"genesis","players":[],"ruleset":"sketch","ruleset_version":"1","scenario":"open","scenario_hash":"{ZERO}"}}"#
        );
        assert_eq!(encoded(&g), old);
        assert_eq!(decoded(&old), g);
        assert_eq!(g.setup(&Sketch), Ok(Setup::scenario("open")));
    }

    #[test]
    fn a_genesis_with_a_position_round_trips_and_reads_as_that_position() {
        let g = genesis("open", Some(TEXT));
        let text = encoded(&g);
        assert!(text.contains(r#""position":"sketch-position 1\nscenario open\nmarks 3\n","#), "{text}");
        assert_eq!(decoded(&text), g);
        assert_eq!(g.setup(&Sketch), Ok(Setup::position("open", TEXT)));
    }

    #[test]
    fn an_old_genesis_with_the_position_in_its_scenario_reads_as_the_new_shape() {
        let legacy = genesis(TEXT, None);
        let new = genesis("open", Some(TEXT));
        assert_eq!(legacy.setup(&Sketch), new.setup(&Sketch));
        // Only the ruleset's header at the very start makes a position.
        let id = format!("x{TEXT}");
        assert_eq!(genesis(&id, None).setup(&Sketch), Ok(Setup::scenario(id.clone())));
        // A ruleset without positions reads any scenario string as an id.
        let duel = grognard_duel::Duel;
        assert_eq!(legacy.setup(&duel), Ok(Setup::scenario(TEXT)));
        // A new genesis is never read as an old one: its position is its own field.
        assert_eq!(genesis("open", Some("free text")).setup(&Sketch), Ok(Setup::position("open", "free text")));
    }

    #[test]
    fn a_null_position_is_not_a_second_encoding_of_a_genesis() {
        let with_null = format!(
            r#"{{"acks":[],"author":0,"body":{{"chain":null,"dice":{{"faces":[],"mode":"casual","witnesses":"opponents"}},"kind":"genesis","players":[],"position":null,"ruleset":"sketch","ruleset_version":"1","scenario":"open","scenario_hash":"{ZERO}"}},"game":"00000000000000000000000000000000","prev":null,"seq":0,"v":2}}"#
        );
        let line = format!("{} {with_null}", "0".repeat(128));
        let err = SignedEntry::parse_record(line.as_bytes()).expect_err("a null position");
        assert!(matches!(err, RecordError::Fields(_)), "{err}");
        let without = with_null.replace(r#""position":null,"#, "");
        let line = format!("{} {without}", "0".repeat(128));
        SignedEntry::parse_record(line.as_bytes()).expect("the same entry without the null");
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;

    #[test]
    fn hidden_information_in_a_version_1_game_is_refused_as_such() {
        let key = SecretKey::from_seed(&[1; 32]);
        for body in [
            Body::Hidden { public: Value::from("primed"), commitment: Hash32([2; 32]), nonce: Hash32([3; 32]) },
            Body::Open { openings: Vec::new(), nonce: Hash32([3; 32]) },
        ] {
            let entry =
                Entry { v: PROTOCOL_V1, game: GameId([3; 16]), author: 0, seq: 1, prev: None, acks: Vec::new(), body };
            let record = SignedEntry::sign(entry, &key).record();
            let err = SignedEntry::parse_record(&record).expect_err("refused");
            assert!(err.to_string().contains("hidden information needs protocol version 2"), "{err}");
        }
    }
}
