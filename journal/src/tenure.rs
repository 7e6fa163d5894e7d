//! Who signs each place of each feed: a seat's *holders* in turn (docs/PROTOCOL.md section
//! 13). The genesis names a seat's first holder; a `handover` in the feed, or a replacement
//! that every other player voted for in one round, starts the next one, from the place after
//! the handover or after the entry the votes name (the *cut*).
//!
//! This is read from the set of entries before any signature is checked, so that each
//! signature is checked against the key of the holder of its place. The replay then checks
//! every handover and vote by the rules (`seat_change.rs`) and that the holders it finds are
//! these: a forged vote or handover fails its own signature, or the replay.

use crate::entry::{Body, SignedEntry};
use crate::keys::PublicKey;
use std::collections::BTreeMap;

/// One holder of a seat: the key that signs the seat's feed from `from` on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub from: u64,
    pub key: PublicKey,
    pub name: String,
    pub email: String,
}

/// Every seat's holders, in order (each seat has at least its genesis holder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tenures {
    pub seats: Vec<Vec<Holder>>,
}

/// A vote as the set of entries shows it, before the replay checks it.
struct Vote {
    voter: u8,
    round: u32,
    cut: u64,
    holder: (String, String, String),
}

impl Tenures {
    /// The genesis holders alone.
    pub fn genesis(holders: Vec<Holder>) -> Tenures {
        Tenures { seats: holders.into_iter().map(|h| vec![h]).collect() }
    }

    /// The holders the handovers and the complete rounds of votes in `entries` make.
    pub fn of(genesis: Vec<Holder>, entries: &[&SignedEntry]) -> Tenures {
        let seats = genesis.len();
        let mut handovers: Vec<BTreeMap<u64, (String, String, String)>> = vec![BTreeMap::new(); seats];
        let mut votes: Vec<Vec<Vote>> = (0..seats).map(|_| Vec::new()).collect();
        for e in entries {
            let author = usize::from(e.entry.author);
            match &e.entry.body {
                Body::Handover { key, name, email } if author < seats => {
                    handovers[author].insert(e.entry.seq, (key.clone(), name.clone(), email.clone()));
                }
                Body::Replace { seat, round, key, name, email } if usize::from(*seat) < seats => {
                    let Some(cut) = e.entry.acks.iter().find(|k| k.author == *seat).map(|k| k.seq) else { continue };
                    votes[usize::from(*seat)].push(Vote {
                        voter: e.entry.author,
                        round: *round,
                        cut,
                        holder: (key.clone(), name.clone(), email.clone()),
                    });
                }
                _ => {}
            }
        }
        let mut out = Tenures::genesis(genesis);
        for seat in 0..seats {
            loop {
                let from = out.seats[seat].last().map_or(0, |h| h.from);
                let handover = handovers[seat].range(from..).next().map(|(s, h)| (*s, h.clone()));
                let until = handover.as_ref().map_or(u64::MAX, |(s, _)| *s);
                let replaced = complete_round(&votes[seat], seat, seats, from, until);
                let (cut, (key, name, email)) = match (replaced, handover) {
                    (Some(r), _) => r,
                    (None, Some(h)) => h,
                    (None, None) => break,
                };
                // A key that does not parse cannot sign anything: keep the seat where it is
                // (the replay refuses the entry that named it).
                let Ok(key) = PublicKey::from_hex(&key) else { break };
                out.seats[seat].push(Holder { from: cut + 1, key, name, email });
            }
        }
        out
    }

    /// The holder of `seat` at place `seq` of its feed.
    pub fn holder_at(&self, seat: u8, seq: u64) -> Option<&Holder> {
        self.seats.get(usize::from(seat))?.iter().rev().find(|h| h.from <= seq)
    }

    /// The key that signs place `seq` of `seat`'s feed.
    pub fn key_at(&self, seat: u8, seq: u64) -> Option<&PublicKey> {
        self.holder_at(seat, seq).map(|h| &h.key)
    }
}

/// The cut and new holder of the round of votes on `seat` that every other seat voted the
/// same in, among the votes whose cut lies in `from..=until`; the lowest such cut wins (the
/// replay refuses any other complete round of the same holder).
fn complete_round(
    votes: &[Vote],
    seat: usize,
    seats: usize,
    from: u64,
    until: u64,
) -> Option<(u64, (String, String, String))> {
    let mut rounds: BTreeMap<(u64, u32), Vec<&Vote>> = BTreeMap::new();
    for v in votes.iter().filter(|v| v.cut >= from && v.cut <= until) {
        rounds.entry((v.cut, v.round)).or_default().push(v);
    }
    rounds.into_iter().find_map(|((cut, _), vs)| {
        let first = &vs[0].holder;
        let all_same = vs.iter().all(|v| &v.holder == first);
        let voters: std::collections::BTreeSet<u8> = vs.iter().map(|v| v.voter).collect();
        let everyone = (0..seats).filter(|s| *s != seat).all(|s| voters.contains(&(s as u8)));
        (all_same && everyone).then(|| (cut, first.clone()))
    })
}
