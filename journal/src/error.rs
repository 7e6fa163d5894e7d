//! Why a journal, a packet or an entry is refused. Every problem names the entry (author,
//! feed position and id) and the reason, so a player can tell what was wrong and whose.

use crate::entry::SignedEntry;
use crate::ids::EntryId;
use std::fmt;

/// Which entry a problem is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Where {
    pub author: u8,
    pub seq: u64,
    pub id: EntryId,
    pub kind: &'static str,
}

impl Where {
    pub fn of(e: &SignedEntry) -> Where {
        Where { author: e.entry.author, seq: e.entry.seq, id: e.id, kind: e.entry.body.kind() }
    }
}

impl fmt::Display for Where {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} entry #{} of player {} ({})", self.kind, self.seq, self.author, self.id.short())
    }
}

#[derive(Clone, Debug, thiserror::Error)]
pub enum Problem {
    #[error("record {line}: {reason}")]
    Record { line: usize, reason: String },
    #[error("the journal has no genesis entry")]
    NoGenesis,
    #[error("{entry}: it belongs to game {game}, not to this game")]
    OtherGame { entry: Where, game: String },
    #[error("the genesis entry is invalid: {0}")]
    Genesis(String),
    #[error("{entry}: the signature is not player {author}'s")]
    BadSignature { entry: Where, author: u8 },
    #[error("{entry}: it claims player {claimed} as its author but was signed with player {signer}'s key")]
    WrongKey { entry: Where, claimed: u8, signer: u8 },
    #[error("{entry}: the same entry appears twice")]
    Duplicate { entry: Where },
    #[error("{entry}: {reason}")]
    Link { entry: Where, reason: String },
    #[error("{entry}: a gap: this journal lacks {missing}")]
    Gap { entry: Where, missing: String },
    /// An ack names a feed place this journal holds with another id. Only the acking entry
    /// is signed evidence here: either its author acked an entry that never existed, or the
    /// acked feed's author signed two entries for that place. Nobody is blamed until the
    /// entry it acks turns up (which would then prove an equivocation).
    #[error(
        "{entry}: it acks player {}'s entry #{} as {}, but the entry this journal holds there is {}: \
         either player {} acked an entry that does not exist, or player {} signed two entries for that place; \
         ask player {} for entry {}",
        acked.author, acked.seq, acked.id.short(), held.short(), entry.author, acked.author, entry.author, acked.id.short()
    )]
    UnbackedAck { entry: Where, acked: Box<crate::entry::Ack>, held: EntryId },
    #[error(
        "equivocation: player {author} signed two different entries for place #{seq} of their feed: {} and {}",
        first.id.short(), second.id.short()
    )]
    Equivocation { author: u8, seq: u64, first: Box<SignedEntry>, second: Box<SignedEntry> },
    #[error("line {line}: the entries are not in the journal's canonical order ({entry} belongs elsewhere)")]
    Order { line: usize, entry: Where },
    /// A concealed command's opening failed (it does not match the commitment, its
    /// projection, or the rules): its author forfeits; the hidden entry and the opening,
    /// both signed by them, are the proof (docs/PROTOCOL.md section 12).
    #[error(
        "player {player} forfeits: their concealed command {} was opened by {}, and {reason}; \
         both entries are signed by player {player}",
        Where::of(hidden),
        Where::of(opening)
    )]
    Forfeit { player: u8, hidden: Box<SignedEntry>, opening: Box<SignedEntry>, reason: String },
    /// An entry signed by a former holder of its seat, at a place of the feed that belongs
    /// to a later holder (docs/PROTOCOL.md section 13): the former holder handed the seat
    /// over or was replaced there.
    #[error(
        "{entry}: it is signed by a former holder of seat {seat}, whose tenure ended at entry #{}; \
         from #{from} the seat is {holder}'s, and the former holder's entries there count for nothing",
        from - 1
    )]
    Replaced { entry: Where, seat: u8, from: u64, holder: String },
    /// The replay refused the entry; `rule` is the ruleset's rule number when a rule of the
    /// game refused it (`None` for the protocol's own refusals).
    #[error("{entry}: {reason}")]
    Rejected { entry: Where, reason: String, rule: Option<String> },
}

impl Problem {
    /// The rule of the game that refused an entry, if one did.
    pub fn rule(&self) -> Option<&str> {
        match self {
            Problem::Rejected { rule, .. } => rule.as_deref(),
            _ => None,
        }
    }

    /// A short stable name for scripts (`--json`).
    pub fn code(&self) -> &'static str {
        match self {
            Problem::Record { .. } => "record",
            Problem::NoGenesis => "no-genesis",
            Problem::OtherGame { .. } => "other-game",
            Problem::Genesis(_) => "genesis",
            Problem::BadSignature { .. } => "bad-signature",
            Problem::WrongKey { .. } => "wrong-key",
            Problem::Duplicate { .. } => "duplicate",
            Problem::Link { .. } => "link",
            Problem::Gap { .. } => "gap",
            Problem::UnbackedAck { .. } => "unbacked-ack",
            Problem::Equivocation { .. } => "equivocation",
            Problem::Order { .. } => "order",
            Problem::Rejected { .. } => "rejected",
            Problem::Forfeit { .. } => "forfeit",
            Problem::Replaced { .. } => "replaced",
        }
    }
}
