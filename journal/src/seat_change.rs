//! Seats that change hands (docs/PROTOCOL.md section 13), as the replay checks them: a
//! holder's resignation or hand-over, the other players' votes to replace a holder, and the
//! new holder's `take`. `tenure.rs` reads the same changes from the set of entries so that
//! signatures can be checked first; here each one is held to the rules, in canonical order.

use crate::chain::ChainState;
use crate::entry::{ChainCommit, SignedEntry};
use crate::error::{Problem, Where};
use crate::keys::{check_identity, PublicKey};
use crate::replay::{acks, check_chain, reject, ChainRecord, Extra, Phase, Replay};
use crate::tenure::Holder;
use grognard_engine::PlayerId;

/// A vote to replace a seat's holder, as the replay placed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoteRecord {
    pub seat: PlayerId,
    /// Which of the seat's holders it is about (an index into `Replay::holders[seat]`).
    pub tenure: usize,
    pub voter: PlayerId,
    /// The vote's place in the voter's feed.
    pub seq: u64,
    pub round: u32,
    /// The last entry of the seat the vote counts (its ack of the seat).
    pub cut: u64,
    pub key: PublicKey,
    pub name: String,
    pub email: String,
}

impl VoteRecord {
    fn same_choice(&self, other: &VoteRecord) -> bool {
        (self.cut, self.key, &self.name, &self.email) == (other.cut, other.key, &other.name, &other.email)
    }
}

/// A seat's second as one player agrees to it (section 13.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Second {
    pub key: PublicKey,
    pub name: String,
    pub email: String,
    /// How long the seat may hold the game, by each client's own clock, before the clients
    /// of the players who agreed vote for the second.
    pub hours: u32,
}

/// The longest deadline a second may be given: a year.
pub const MAX_SECOND_HOURS: u32 = 366 * 24;

/// Where a round of votes stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// Some voters have not voted, and those who did agree.
    Open,
    /// Two votes differ: the round can never complete; its voters may vote in the next one.
    Failed,
    /// Every other player voted the same: the seat has a new holder.
    Complete,
}

impl<'r> Replay<'r> {
    /// The seats' holders as the genesis names them.
    pub fn genesis_holders(&self) -> Vec<Holder> {
        self.holders.iter().filter_map(|h| h.first().cloned()).collect()
    }

    /// `p`'s current holder.
    pub fn holder(&self, p: PlayerId) -> Option<&Holder> {
        self.holders.get(p.index()).and_then(|h| h.last())
    }

    /// The key that signs place `seq` of `p`'s feed, as far as this replay knows.
    pub fn key_at(&self, p: PlayerId, seq: u64) -> Option<&PublicKey> {
        self.holders.get(p.index())?.iter().rev().find(|h| h.from <= seq).map(|h| &h.key)
    }

    /// Is the seat's next entry its new holder's `take`?
    pub fn awaits_take(&self, p: PlayerId) -> bool {
        self.holders[p.index()].len() > 1 && self.holder(p).is_some_and(|h| h.from == self.placed[p.index()])
    }

    /// The votes on `seat`'s current holder, in canonical order.
    pub fn votes_on(&self, seat: PlayerId) -> Vec<&VoteRecord> {
        let tenure = self.holders[seat.index()].len() - 1;
        self.votes.iter().filter(|v| v.seat == seat && v.tenure == tenure).collect()
    }

    /// Where round `round` of the votes on `seat`'s current holder stands.
    pub fn round_state(&self, seat: PlayerId, round: u32) -> Round {
        let votes: Vec<&VoteRecord> = self.votes_on(seat).into_iter().filter(|v| v.round == round).collect();
        if votes.windows(2).any(|w| !w[0].same_choice(w[1])) {
            return Round::Failed;
        }
        let everyone = self.seats.players().filter(|p| *p != seat).all(|p| votes.iter().any(|v| v.voter == p));
        if everyone && !votes.is_empty() {
            Round::Complete
        } else {
            Round::Open
        }
    }

    /// The round a new vote of `voter` on `seat` belongs to: the first round they have not
    /// voted in, if every earlier round has failed.
    pub fn next_round(&self, voter: PlayerId, seat: PlayerId) -> Option<u32> {
        let votes = self.votes_on(seat);
        let mut round = 0;
        while votes.iter().any(|v| v.round == round && v.voter == voter) {
            if self.round_state(seat, round) != Round::Failed {
                return None;
            }
            round += 1;
        }
        Some(round)
    }

    /// The entries of `seat` the local player may ack: while their vote on the seat's holder
    /// is in a round that has not failed, no further than the vote's cut (section 13.3).
    pub fn ack_cap(&self, me: PlayerId, seat: PlayerId) -> Option<u64> {
        if self.awaits_take(seat) {
            return None;
        }
        self.votes_on(seat)
            .into_iter()
            .filter(|v| v.voter == me && self.round_state(seat, v.round) == Round::Open)
            .map(|v| v.cut)
            .next()
    }

    /// What every entry of a seat is held to before its own kind's rules: a seat waiting for
    /// its new holder takes nothing but the `take`; a resigned holder signs nothing more but
    /// votes; and a voter acks the seat it voted on exactly at the vote's cut until the
    /// round has failed in its causal past (section 13.3).
    pub(crate) fn check_seat(&self, e: &SignedEntry, author: PlayerId) -> Result<(), Problem> {
        let is_take = matches!(e.entry.body, crate::entry::Body::Take { .. });
        if self.awaits_take(author) != is_take {
            return Err(if is_take {
                reject(e, "13.4: no new holder of this seat is waiting to take it")
            } else {
                reject(
                    e,
                    format!(
                        "13.4: seat {} has passed to {}; its next entry is their `take`",
                        author.0,
                        self.name(author)
                    ),
                )
            });
        }
        if let Some(at) = self.resigned[author.index()] {
            if !matches!(
                e.entry.body,
                crate::entry::Body::Replace { .. }
                    | crate::entry::Body::Take { .. }
                    | crate::entry::Body::Second { .. }
            ) {
                return Err(reject(
                    e,
                    format!("13.1: {} resigned at entry #{at}; nothing they sign counts but votes", self.name(author)),
                ));
            }
        }
        for v in self.votes.iter().filter(|v| v.voter == author) {
            if v.tenure + 1 != self.holders[v.seat.index()].len()
                || self.round_state(v.seat, v.round) == Round::Complete
            {
                continue;
            }
            let failed_seen =
                self.votes.iter().filter(|w| w.seat == v.seat && w.tenure == v.tenure && w.round == v.round);
            let seen: Vec<&VoteRecord> = failed_seen.filter(|w| acks(e, w.voter, w.seq) || *w == v).collect();
            if seen.windows(2).any(|w| !w[0].same_choice(w[1])) {
                continue;
            }
            let acked = e.entry.acks.iter().find(|k| k.author == v.seat.0).map(|k| k.seq);
            if acked != Some(v.cut) {
                return Err(reject(
                    e,
                    format!(
                        "13.3: its author voted in round {} to replace seat {} after its entry #{}, and acks that seat \
                         exactly there until the round fails",
                        v.round, v.seat.0, v.cut
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A seat goes to a key that holds no seat and has held no other seat: a new key, or one
    /// that held this same seat before (a holder coming back after their second, 13.7).
    fn check_new_holder(
        &self,
        e: &SignedEntry,
        seat: PlayerId,
        key: &str,
        name: &str,
        email: &str,
    ) -> Result<PublicKey, Problem> {
        let key = PublicKey::from_hex(key).map_err(|err| reject(e, format!("13.2: the new holder's key: {err}")))?;
        check_identity(name, email).map_err(|m| reject(e, format!("13.2: the new holder: {m}")))?;
        let elsewhere = self.holders.iter().enumerate().any(|(s, hs)| {
            if s == seat.index() {
                hs.last().is_some_and(|h| h.key == key)
            } else {
                hs.iter().any(|h| h.key == key)
            }
        });
        if elsewhere {
            return Err(reject(
                e,
                "13.2: that key holds a seat of this game, or has held another one; a seat goes to a new key, or back to one of its own former holders",
            ));
        }
        Ok(key)
    }

    pub(crate) fn resign(&mut self, e: &SignedEntry, author: PlayerId) -> Result<(), Problem> {
        if matches!(self.phase, Phase::Joining) {
            return Err(reject(e, "13.1: a player resigns once every player has joined"));
        }
        self.resigned[author.index()] = Some(e.entry.seq);
        let text = format!(
            "{} resigns: seat {} ({}) is vacant until the other players replace its holder",
            self.name(author),
            author.0,
            powers(self, author)
        );
        self.log(e, text);
        Ok(())
    }

    pub(crate) fn handover(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        key: &str,
        name: &str,
        email: &str,
    ) -> Result<(), Problem> {
        if matches!(self.phase, Phase::Joining) {
            return Err(reject(e, "13.2: a seat is handed over once every player has joined"));
        }
        let key = self.check_new_holder(e, author, key, name, email)?;
        match &self.phase {
            Phase::AwaitingDice { witnesses, reveals, extra, .. }
                if (witnesses.contains(&author) && !reveals.contains_key(&author))
                    || extra.as_ref().is_some_and(|x| x.player == author && x.value.is_none()) =>
            {
                return Err(reject(e, "13.2: a holder who owes a dice reveal gives it before handing the seat over"));
            }
            Phase::Sealing { commits, choices, .. }
                if commits.contains_key(&author) && !choices.contains_key(&author) =>
            {
                return Err(reject(e, "13.2: a holder who has sealed a choice opens it before handing the seat over"));
            }
            _ => {}
        }
        let old = self.name(author).to_string();
        self.holders[author.index()].push(Holder {
            from: e.entry.seq + 1,
            key,
            name: name.to_string(),
            email: email.to_string(),
        });
        self.log(e, format!("{old} hands seat {} over to {name} <{email}> (key {})", author.0, key.fingerprint()));
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn vote(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        seat: u8,
        round: u32,
        key: &str,
        name: &str,
        email: &str,
    ) -> Result<(), Problem> {
        if matches!(self.phase, Phase::Joining) {
            return Err(reject(e, "13.3: a seat's holder is replaced once every player has joined"));
        }
        let seat = PlayerId(seat);
        if seat.index() >= self.keys.len() || seat == author {
            return Err(reject(e, "13.3: a vote is about another player's seat"));
        }
        if self.awaits_take(seat) {
            return Err(reject(e, format!("13.3: seat {} has a new holder already, who has not taken it yet", seat.0)));
        }
        let Some(cut) = e.entry.acks.iter().find(|k| k.author == seat.0).map(|k| k.seq) else {
            return Err(reject(e, format!("13.3: a vote acks the seat it is about (seat {})", seat.0)));
        };
        let tenure = self.holders[seat.index()].len() - 1;
        let from = self.holders[seat.index()][tenure].from;
        if cut < from {
            return Err(reject(
                e,
                format!(
                    "13.3: the vote counts seat {}'s entries up to #{cut}, before its holder's first (#{from})",
                    seat.0
                ),
            ));
        }
        let key = self.check_new_holder(e, seat, key, name, email)?;
        let votes = self.votes_on(seat);
        if votes.iter().any(|v| v.voter == author && v.round == round) {
            return Err(reject(e, format!("13.3: player {} has already voted in round {round}", author.0)));
        }
        if round > 0 {
            let before: Vec<&VoteRecord> =
                votes.iter().copied().filter(|v| v.round == round - 1 && acks(e, v.voter, v.seq)).collect();
            if !before.windows(2).any(|w| !w[0].same_choice(w[1])) {
                return Err(reject(
                    e,
                    format!(
                        "13.3: a vote of round {round} follows the failure of round {} (two votes that differ)",
                        round - 1
                    ),
                ));
            }
        }
        self.votes.push(VoteRecord {
            seat,
            tenure,
            voter: author,
            seq: e.entry.seq,
            round,
            cut,
            key,
            name: name.to_string(),
            email: email.to_string(),
        });
        let text = format!(
            "{} votes (round {round}) to replace {} at seat {} by {name} <{email}> (key {}), after its entry #{cut}",
            self.name(author),
            self.name(seat),
            seat.0,
            key.fingerprint()
        );
        self.log(e, text);
        if self.round_state(seat, round) != Round::Complete {
            return Ok(());
        }
        if self.placed[seat.index()] != cut + 1 {
            return Err(Problem::Rejected {
                entry: Where::of(e),
                reason: format!(
                    "13.3: the votes replace seat {}'s holder after its entry #{cut}, but entries of theirs after it are in the journal",
                    seat.0
                ),
                rule: None,
            });
        }
        let old = self.name(seat).to_string();
        self.holders[seat.index()].push(Holder {
            from: cut + 1,
            key,
            name: name.to_string(),
            email: email.to_string(),
        });
        self.log(e, format!("Seat {} is replaced: {name} takes it over from {old} after entry #{cut}", seat.0));
        Ok(())
    }

    pub(crate) fn take(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        chain: Option<&ChainCommit>,
    ) -> Result<(), Problem> {
        let next = self.chains[author.index()].last().map_or(0, |c| c.state.commit.generation + 1);
        check_chain(self.mode(), chain, next).map_err(|m| reject(e, format!("13.4: {m}")))?;
        if let Some(c) = chain {
            self.chains[author.index()].push(ChainRecord { seq: e.entry.seq, state: ChainState::new(*c) });
        }
        self.resigned[author.index()] = None;
        // An agreement on a second was about the seat's former holder (13.7).
        self.seconds[author.index()].clear();
        if let Some(generation) = chain.map(|c| c.generation) {
            self.pass_witness(e, author, generation);
        }
        let text = format!("{} takes seat {} ({})", self.name(author), author.0, powers(self, author));
        let log_index = self.log(e, text);
        self.lost_seal(e, author, log_index)
    }

    /// The former holder's seal in the open sealed step (section 13.5): made again by the new
    /// holder if nobody has opened a choice of the step yet; otherwise the ruleset's choice
    /// for a lost seal, which may complete the step, with the `take` as its request.
    fn lost_seal(&mut self, e: &SignedEntry, author: PlayerId, log_index: usize) -> Result<(), Problem> {
        let lost_choice = match &self.phase {
            Phase::Sealing { commits, choices, .. }
                if commits.contains_key(&author) && !choices.contains_key(&author) =>
            {
                !choices.is_empty()
            }
            _ => return Ok(()),
        };
        if !lost_choice {
            if let Phase::Sealing { commits, sealed_at, .. } = &mut self.phase {
                commits.remove(&author);
                sealed_at.remove(&author);
            }
            return Ok(());
        }
        let Some(choice) = self.ruleset.lost_sealed_choice(&self.state, author) else { return Ok(()) };
        self.ruleset.check_sealed(&self.state, author, &choice).map_err(|err| {
            reject(
                e,
                format!(
                    "13.5: the ruleset's choice for a lost seal is not legal ({err}): the ruleset broke its contract"
                ),
            )
        })?;
        let Phase::Sealing { players, choices, .. } = &mut self.phase else { return Ok(()) };
        choices.insert(author, choice.clone());
        let complete = choices.len() == players.len();
        let all: Vec<(PlayerId, serde_json::Value)> = choices.iter().map(|(p, c)| (*p, c.clone())).collect();
        self.log[log_index].text.push_str(&format!(
            "; the former holder's sealed choice is lost, and the rules give {} (13.5)",
            self.ruleset.format_command(&choice)
        ));
        if complete {
            self.phase = Phase::Playing;
            return self.run(e, log_index, crate::replay::Held::Sealed { choices: all });
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn second(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        seat: u8,
        key: &str,
        name: &str,
        email: &str,
        hours: u32,
    ) -> Result<(), Problem> {
        if matches!(self.phase, Phase::Joining) {
            return Err(reject(e, "13.7: seconds are agreed once every player has joined"));
        }
        let seat = PlayerId(seat);
        if seat.index() >= self.keys.len() {
            return Err(reject(e, format!("13.7: the game has no seat {}", seat.0)));
        }
        if !(1..=MAX_SECOND_HOURS).contains(&hours) {
            return Err(reject(e, format!("13.7: a second's deadline is 1 to {MAX_SECOND_HOURS} hours, not {hours}")));
        }
        let key = self.check_new_holder(e, seat, key, name, email)?;
        let second = Second { key, name: name.to_string(), email: email.to_string(), hours };
        let text = format!(
            "{} agrees that {name} <{email}> (key {}) is the second of seat {} ({}), after {hours} hours",
            self.name(author),
            key.fingerprint(),
            seat.0,
            self.name(seat)
        );
        self.seconds[seat.index()].insert(author, second);
        self.log(e, text);
        Ok(())
    }

    /// The second every player has agreed to for `seat`, if any (13.7).
    pub fn agreed_second(&self, seat: PlayerId) -> Option<&Second> {
        let agreed = &self.seconds[seat.index()];
        let first = agreed.values().next()?;
        let all = self.seats.players().all(|p| agreed.get(&p) == Some(first));
        all.then_some(first)
    }

    /// A roll waiting on the seat's former holder: the new holder reveals from the chain of
    /// its `take`, and one more witness whose chain the take had seen is added, so that the
    /// new holder, who committed after the request, cannot choose the roll (section 13.5).
    fn pass_witness(&mut self, take: &SignedEntry, seat: PlayerId, generation: u32) {
        let n = self.keys.len() as u8;
        let Phase::AwaitingDice { roller, witnesses, reveals, extra, .. } = &self.phase else { return };
        if !witnesses.contains(&seat) || reveals.contains_key(&seat) || extra.is_some() {
            return;
        }
        let pick = if *roller != seat { *roller } else { PlayerId((seat.0 + 1) % n) };
        let seen = take.entry.acks.iter().find(|k| k.author == pick.0).map(|k| k.seq);
        let chains = &self.chains[pick.index()];
        let extra_generation = seen
            .and_then(|seen| chains.iter().filter(|c| c.seq <= seen).map(|c| c.state.commit.generation).max())
            .or_else(|| chains.last().map(|c| c.state.commit.generation));
        if let Phase::AwaitingDice { generations, extra, .. } = &mut self.phase {
            generations.insert(seat, generation);
            if let Some(generation) = extra_generation {
                *extra = Some(Extra { player: pick, generation, value: None });
            }
        }
    }
}

/// The names of the powers `p` runs, for the story.
fn powers(replay: &Replay, p: PlayerId) -> String {
    replay.seats.powers_of(p).iter().map(|i| i.name.clone()).collect::<Vec<_>>().join(", ")
}
