//! The shape of a journal: one feed per player, linked by `prev`, cross-linked by acks,
//! and the one total order every copy derives from it.
//!
//! Order: repeatedly take, among the entries whose `prev` and acked entries are all placed,
//! the one with the lowest author index (Kahn's algorithm; each feed offers at most one
//! candidate at a time). The order depends only on the set of entries, so copies that
//! received the same entries in any order agree byte for byte.

use crate::entry::{Ack, Body, SignedEntry};
use crate::error::{Problem, Where};
use crate::ids::EntryId;
use std::collections::HashSet;

/// Entries grouped into feeds and checked for links, gaps, equivocation and acks.
pub struct Feeds<'a> {
    /// `feeds[a][s]` is author `a`'s entry of seq `s`.
    pub feeds: Vec<Vec<&'a SignedEntry>>,
}

/// Group `entries` (any order, no duplicates of one id) into feeds for `players` players
/// whose creator is `creator`, checking everything that does not need the rules.
pub fn feeds<'a>(entries: &[&'a SignedEntry], players: usize, creator: u8) -> Result<Feeds<'a>, Problem> {
    let mut feeds: Vec<Vec<&SignedEntry>> = vec![Vec::new(); players];
    let mut seen: HashSet<EntryId> = HashSet::new();
    for e in entries {
        if !seen.insert(e.id) {
            return Err(Problem::Duplicate { entry: Where::of(e) });
        }
        let a = usize::from(e.entry.author);
        if a >= players {
            return Err(Problem::Link {
                entry: Where::of(e),
                reason: format!("author {a} is not a player of this game"),
            });
        }
        feeds[a].push(e);
    }
    for (a, feed) in feeds.iter_mut().enumerate() {
        feed.sort_by_key(|e| (e.entry.seq, e.id));
        for pair in feed.windows(2) {
            if pair[0].entry.seq == pair[1].entry.seq {
                return Err(Problem::Equivocation {
                    author: a as u8,
                    seq: pair[0].entry.seq,
                    first: Box::new(pair[0].clone()),
                    second: Box::new(pair[1].clone()),
                });
            }
        }
        for (s, e) in feed.iter().enumerate() {
            if e.entry.seq != s as u64 {
                return Err(Problem::Gap { entry: Where::of(e), missing: format!("entry #{s} of player {a}'s feed") });
            }
        }
    }
    let genesis = feeds
        .get(usize::from(creator))
        .and_then(|f| f.first().copied())
        .filter(|g| matches!(g.entry.body, Body::Genesis(_)))
        .ok_or(Problem::NoGenesis)?;
    let lookup = |ack: &Ack| feeds.get(usize::from(ack.author)).and_then(|f| f.get(ack.seq as usize)).copied();
    for (a, feed) in feeds.iter().enumerate() {
        for (s, e) in feed.iter().enumerate() {
            let here = Where::of(e);
            let is_genesis = a == usize::from(creator) && s == 0;
            if matches!(e.entry.body, Body::Genesis(_)) != is_genesis {
                return Err(Problem::Link {
                    entry: here,
                    reason: "only the creator's first entry is the genesis".into(),
                });
            }
            if (s == 0 && !is_genesis) != matches!(e.entry.body, Body::Join { .. }) {
                return Err(Problem::Link {
                    entry: here,
                    reason: "a player's first entry, and only it, is a join".into(),
                });
            }
            let expected_prev = match (is_genesis, s) {
                (true, _) => None,
                (false, 0) => Some(genesis.id),
                (false, _) => Some(feed[s - 1].id),
            };
            if e.entry.prev != expected_prev {
                return Err(Problem::Link {
                    entry: here,
                    reason: match expected_prev {
                        Some(id) => format!("prev must be {} (the author's previous entry)", id.short()),
                        None => "the genesis has no prev".into(),
                    },
                });
            }
            check_acks(e, a, if s > 0 { Some(feed[s - 1]) } else { None }, &lookup)?;
        }
    }
    Ok(Feeds { feeds })
}

fn check_acks<'a>(
    e: &SignedEntry,
    author: usize,
    previous: Option<&SignedEntry>,
    lookup: &dyn Fn(&Ack) -> Option<&'a SignedEntry>,
) -> Result<(), Problem> {
    let here = Where::of(e);
    let acks = &e.entry.acks;
    if acks.windows(2).any(|w| w[0].author >= w[1].author) {
        return Err(Problem::Link {
            entry: here,
            reason: "acks must be in ascending author order, one per feed".into(),
        });
    }
    for ack in acks {
        if usize::from(ack.author) == author {
            return Err(Problem::Link { entry: here, reason: "an entry does not ack its own feed".into() });
        }
        match lookup(ack) {
            None => {
                return Err(Problem::Gap {
                    entry: here,
                    missing: format!(
                        "entry #{} of player {} ({}), which it acks: import the packets that carry it, \
                         or ask player {author} (who acked it) for it",
                        ack.seq,
                        ack.author,
                        ack.id.short()
                    ),
                })
            }
            Some(target) if target.id != ack.id => {
                return Err(Problem::UnbackedAck { entry: here, acked: Box::new(*ack), held: target.id });
            }
            Some(_) => {}
        }
    }
    // Acks never go backwards along a feed, and they are transitively complete: an entry
    // has seen at least what the entries it acks had seen.
    let ack_of = |list: &[Ack], who: u8| list.iter().find(|k| k.author == who).map(|k| k.seq);
    if let Some(p) = previous {
        for old in &p.entry.acks {
            if ack_of(acks, old.author).is_none_or(|s| s < old.seq) {
                return Err(Problem::Link {
                    entry: here,
                    reason: format!("its ack of player {} goes back behind its previous entry's", old.author),
                });
            }
        }
    }
    for ack in acks {
        if let Some(target) = lookup(ack) {
            for inner in &target.entry.acks {
                if usize::from(inner.author) == author {
                    continue;
                }
                if ack_of(acks, inner.author).is_none_or(|s| s < inner.seq) {
                    return Err(Problem::Link {
                        entry: here,
                        reason: format!(
                            "it acks player {}'s entry #{} without acking what that entry had seen of player {}",
                            ack.author, ack.seq, inner.author
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

impl<'a> Feeds<'a> {
    /// The canonical total order.
    pub fn order(&self) -> Result<Vec<&'a SignedEntry>, Problem> {
        let total: usize = self.feeds.iter().map(Vec::len).sum();
        let mut placed = vec![0usize; self.feeds.len()];
        let mut out = Vec::with_capacity(total);
        while out.len() < total {
            let next = (0..self.feeds.len()).find(|&a| {
                self.feeds[a].get(placed[a]).is_some_and(|e| {
                    // prev is the same feed, already placed; genesis is feed creator #0.
                    let prev_ok = match e.entry.prev {
                        None => true,
                        Some(_) if placed[a] > 0 => true,
                        // a join's prev is the genesis: placed once anything is placed.
                        Some(_) => !out.is_empty(),
                    };
                    prev_ok && e.entry.acks.iter().all(|k| (k.seq as usize) < placed[usize::from(k.author)])
                })
            });
            if let Some(a) = next {
                out.push(self.feeds[a][placed[a]]);
                placed[a] += 1;
                continue;
            }
            // Fewer than `total` are placed, so some feed has a next entry: it waits on an
            // entry that waits on it.
            let stuck = self.feeds.iter().zip(&placed).find_map(|(f, &p)| f.get(p).copied());
            return Err(match stuck {
                Some(e) => Problem::Link { entry: Where::of(e), reason: "its acks form a cycle".into() },
                None => Problem::NoGenesis,
            });
        }
        Ok(out)
    }
}
