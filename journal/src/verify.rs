//! Full verification of a set of entries: genesis, signatures, feeds and links, the
//! canonical order, and a replay of every entry through the protocol and the rules.

use crate::dag;
use crate::entry::{Body, SignedEntry};
use crate::error::{Problem, Where};
use crate::hidden::{Knowledge, Private};
use crate::ids::EntryId;
use crate::replay::Replay;
use crate::signatures;
use crate::tenure::Tenures;
use grognard_engine::AnyRuleset;
use std::collections::HashSet;

/// Which signatures to check.
pub enum SigCheck<'a> {
    All,
    /// Only these entries (the others were checked when they entered the local journal).
    Only(&'a HashSet<EntryId>),
}

/// A verified journal: entries in canonical order and the replay of all of them.
pub struct Checked<'r> {
    pub entries: Vec<SignedEntry>,
    pub replay: Replay<'r>,
}

/// Find the ruleset a genesis names.
pub fn ruleset_for<'r>(rulesets: &[&'r dyn AnyRuleset], genesis: &SignedEntry) -> Result<&'r dyn AnyRuleset, Problem> {
    let Body::Genesis(g) = &genesis.entry.body else { return Err(Problem::NoGenesis) };
    rulesets.iter().copied().find(|r| r.info().id == g.ruleset).ok_or_else(|| {
        Problem::Genesis(format!("this program does not know ruleset `{}` (see `grognard scenarios`)", g.ruleset))
    })
}

/// Verify `entries` (any order, no duplicate ids) and put them in canonical order. The
/// replay knows of concealed commands what the journal's openings show.
pub fn check<'r>(
    rulesets: &[&'r dyn AnyRuleset],
    entries: Vec<SignedEntry>,
    sigs: SigCheck<'_>,
) -> Result<Checked<'r>, Problem> {
    check_knowing(rulesets, entries, sigs, None)
}

/// [`check`], for the local player whose own concealed commands are `private`: the replay
/// applies them whole (docs/PROTOCOL.md section 12).
pub fn check_knowing<'r>(
    rulesets: &[&'r dyn AnyRuleset],
    entries: Vec<SignedEntry>,
    sigs: SigCheck<'_>,
    private: Option<Private>,
) -> Result<Checked<'r>, Problem> {
    let mut geneses = entries.iter().filter(|e| matches!(e.entry.body, Body::Genesis(_)));
    let genesis = geneses.next().ok_or(Problem::NoGenesis)?;
    if let Some(second) = geneses.next() {
        return Err(Problem::Link { entry: Where::of(second), reason: "a journal has one genesis entry".into() });
    }
    let game = genesis.entry.game;
    if let Some(stranger) = entries.iter().find(|e| e.entry.game != game) {
        return Err(Problem::OtherGame { entry: Where::of(stranger), game: stranger.entry.game.to_hex() });
    }
    let ruleset = ruleset_for(rulesets, genesis)?;
    let genesis_author = genesis.entry.author;
    let replay = Replay::start(ruleset, genesis)?;
    let keys = replay.keys.clone();
    if let Some(e) = entries.iter().find(|e| usize::from(e.entry.author) >= keys.len()) {
        return Err(Problem::Link {
            entry: Where::of(e),
            reason: format!("author {} is not a player", e.entry.author),
        });
    }
    let to_check: Vec<&SignedEntry> = match sigs {
        SigCheck::All => entries.iter().collect(),
        SigCheck::Only(ids) => entries.iter().filter(|e| ids.contains(&e.id)).collect(),
    };
    let refs: Vec<&SignedEntry> = entries.iter().collect();
    let tenures = Tenures::of(replay.genesis_holders(), &refs);
    if let Some(&i) = signatures::failing(&to_check, &tenures).first() {
        return Err(signature_problem(to_check[i], &tenures));
    }
    let order: Vec<EntryId> = {
        let feeds = dag::feeds(&refs, keys.len(), genesis_author)?;
        feeds.order()?.iter().map(|e| e.id).collect()
    };
    let mut replay = replay;
    replay.tenures = tenures;
    let mut by_id: std::collections::HashMap<EntryId, SignedEntry> = entries.into_iter().map(|e| (e.id, e)).collect();
    let mut ordered = Vec::with_capacity(order.len());
    for id in &order {
        let Some(e) = by_id.remove(id) else { unreachable!("order lists each entry once") };
        ordered.push(e);
    }
    // Every opening is known from the start: a concealed command is applied whole where it
    // was made, once it is opened anywhere (docs/PROTOCOL.md section 12).
    replay.knowledge = Knowledge::of(&ordered, private);
    for e in ordered.iter().skip(1) {
        replay.apply(e)?;
    }
    // The replay found the same holders as the signatures were checked against: every
    // handover and complete round of votes it read was valid (docs/PROTOCOL.md section 13).
    if replay.holders != replay.tenures.seats {
        let seat = replay.holders.iter().zip(&replay.tenures.seats).position(|(a, b)| a != b).unwrap_or(0);
        let last = ordered.iter().rev().find(|e| usize::from(e.entry.author) == seat).unwrap_or(&ordered[0]);
        return Err(Problem::Link {
            entry: Where::of(last),
            reason: format!("13: the holders of seat {seat} its entries make are not the holders its signatures name"),
        });
    }
    Ok(Checked { entries: ordered, replay })
}

/// Why `e`'s signature fails: signed by a former holder of its seat (handed over or
/// replaced before this place), by another seat's holder, or by nobody's key.
fn signature_problem(e: &SignedEntry, tenures: &Tenures) -> Problem {
    let seat = e.entry.author;
    if let Some(holders) = tenures.seats.get(usize::from(seat)) {
        if let Some(former) = holders.iter().position(|h| h.from <= e.entry.seq && e.verify(&h.key)) {
            if let Some(next) = holders.iter().skip(former + 1).rev().find(|h| h.from <= e.entry.seq) {
                return Problem::Replaced {
                    entry: Where::of(e),
                    seat,
                    from: next.from,
                    holder: format!("{} <{}>", next.name, next.email),
                };
            }
        }
    }
    let signer = tenures.seats.iter().position(|holders| holders.iter().any(|h| e.verify(&h.key)));
    match signer {
        Some(s) => Problem::WrongKey { entry: Where::of(e), claimed: seat, signer: s as u8 },
        None => Problem::BadSignature { entry: Where::of(e), author: seat },
    }
}

/// Verify a journal file's records: each must parse, and they must already stand in the
/// canonical order (a re-ordered journal is refused even if its entries are all valid).
pub fn check_records<'r>(rulesets: &[&'r dyn AnyRuleset], records: &[Vec<u8>]) -> Result<Checked<'r>, Problem> {
    check_records_knowing(rulesets, records, None)
}

/// [`check_records`], for the local player whose own concealed commands are `private`.
pub fn check_records_knowing<'r>(
    rulesets: &[&'r dyn AnyRuleset],
    records: &[Vec<u8>],
    private: Option<Private>,
) -> Result<Checked<'r>, Problem> {
    check_records_after(rulesets, records, private, 0)
}

/// Parse record lines, on all cores for a long journal; the first bad one is named.
pub fn parse_records(records: &[Vec<u8>]) -> Result<Vec<SignedEntry>, Problem> {
    let parsed = crate::parallel::map_in_order(records, PARALLEL_PARSE_FROM, |line| SignedEntry::parse_record(line));
    parsed
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| Problem::Record { line: i + 1, reason: e.to_string() }))
        .collect()
}

/// Below this many records one thread parses faster than starting others.
const PARALLEL_PARSE_FROM: usize = 512;

/// [`check_records_knowing`], checking the signatures of the records after the first
/// `verified` only: those this client verified and wrote itself (`snapshot.rs`). Everything
/// else is checked for every record.
pub fn check_records_after<'r>(
    rulesets: &[&'r dyn AnyRuleset],
    records: &[Vec<u8>],
    private: Option<Private>,
    verified: usize,
) -> Result<Checked<'r>, Problem> {
    let entries = parse_records(records)?;
    let stored: Vec<EntryId> = entries.iter().map(|e| e.id).collect();
    let fresh: HashSet<EntryId> = stored.iter().skip(verified).copied().collect();
    let sigs = if verified == 0 { SigCheck::All } else { SigCheck::Only(&fresh) };
    let checked = check_knowing(rulesets, entries, sigs, private)?;
    if let Some(line) = stored.iter().zip(&checked.entries).position(|(a, b)| *a != b.id) {
        return Err(Problem::Order { line: line + 1, entry: Where::of(&checked.entries[line]) });
    }
    Ok(checked)
}
