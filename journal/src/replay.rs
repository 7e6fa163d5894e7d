//! Replay: feed a journal's entries, in canonical order, through the protocol (joins, dice
//! requests and reveals, sealed commits and openings) and the ruleset, checking each one.
//! The result is the game state, what each player owes next, and a log of what happened.

use crate::chain::{self, ChainState, MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH};
use crate::entry::{Ack, Body, ChainCommit, DiceMode, Genesis, SignedEntry, Witnesses, PROTOCOL_V2};
use crate::error::{Problem, Where};
use crate::hidden::{self, Knowledge, Opening, Source};
use crate::ids::{EntryId, GameId, Hash32};
use crate::keys::{check_identity, PublicKey};
use crate::seat_change::{Second, VoteRecord};
use crate::tenure::{Holder, Tenures};
use crate::{rolls, sealed};
use grognard_engine::{
    AnyRuleset, ApplyError, Concealed, DiceSource, Event, GameState, NoDice, Pending, PlayerId, RollCause,
    ScriptedDice, Seats, Setup, StreamDice,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

/// The hash of a scenario's data, as fixed in the genesis entry.
pub fn scenario_hash(data: &[u8]) -> Hash32 {
    Hash32(Sha256::new().chain_update(b"grognard/scenario/v1\0").chain_update(data).finalize().into())
}

/// What a command or a sealed step waits for once its dice are in.
#[derive(Clone, Debug)]
pub enum Held {
    Command {
        player: PlayerId,
        command: Value,
    },
    Sealed {
        choices: Vec<(PlayerId, Value)>,
    },
    /// The rules going on once `player` has opened what they asked (`Ruleset::apply_opened`).
    Opened {
        player: PlayerId,
    },
}

/// A concealed command of the journal (docs/PROTOCOL.md section 12).
#[derive(Clone, Debug)]
pub struct HiddenRecord {
    pub entry: SignedEntry,
    pub commitment: Hash32,
    pub nonce: Hash32,
    /// This replay applied it whole (its own player's, or opened in the journal).
    pub known: bool,
    /// An `open` entry placed so far has opened it.
    pub opened: bool,
}

#[derive(Clone, Debug)]
pub enum Phase {
    /// Some players have not joined yet.
    Joining,
    /// The ruleset's pending decision is open.
    Playing,
    /// A sealed step: commitments, then openings.
    Sealing {
        step: String,
        players: Vec<PlayerId>,
        commits: BTreeMap<PlayerId, Hash32>,
        /// The feed position of each player's seal (an opening must ack every seal).
        sealed_at: BTreeMap<PlayerId, u64>,
        choices: BTreeMap<PlayerId, Value>,
    },
    /// A dice request waits for its witnesses.
    AwaitingDice {
        request: EntryId,
        /// The request's author and feed position (a reveal must ack it).
        roller: PlayerId,
        request_seq: u64,
        log_index: usize,
        witnesses: Vec<PlayerId>,
        /// Witnesses who have not revealed but have signed an entry that acks the request:
        /// they provably hold it, so the wait is theirs.
        acked: BTreeSet<PlayerId>,
        /// The chain generation each witness reveals from: the latest one the request had
        /// seen, so no chain committed after the request can answer it.
        generations: BTreeMap<PlayerId, u32>,
        reveals: BTreeMap<PlayerId, Hash32>,
        /// A witness added when a seat that owed a reveal changed hands (docs/PROTOCOL.md
        /// section 13.5): its value was fixed before the new holder's chain was committed.
        extra: Option<Extra>,
        held: Held,
    },
}

/// The added witness of a request whose witness seat changed hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extra {
    pub player: PlayerId,
    pub generation: u32,
    pub value: Option<Hash32>,
}

/// A dice chain and the feed position of the entry that committed to it.
#[derive(Clone, Debug)]
pub struct ChainRecord {
    pub seq: u64,
    pub state: ChainState,
}

/// What one player must do next.
#[derive(Clone, Debug, PartialEq)]
pub enum Owed {
    Join,
    /// The ruleset's decision (command, choice or roll).
    Decide(Pending),
    Seal {
        step: String,
        prompt: String,
    },
    Unseal {
        step: String,
    },
    /// Concealed commands to open, by their index among the player's concealed commands:
    /// those a rule reveals now, or (`at_end`) every one still closed once the game is over.
    Open {
        indices: Vec<u32>,
        at_end: bool,
    },
    Reveal {
        request: EntryId,
        generation: u32,
        /// Who asked for the roll, and the feed position of the request.
        roller: PlayerId,
        request_seq: u64,
        /// The witness has signed an entry that acks the request (in this journal): they
        /// provably hold it, and the game waits on them alone.
        acked: bool,
    },
}

/// The revealed values a fair seed was made of: the witnesses' (ascending), then the added
/// witness's, each with its player.
pub type SeedFrom = (Vec<(u8, Hash32)>, Option<(u8, Hash32)>);

/// One line of the game's story.
#[derive(Clone, Debug)]
pub struct LogItem {
    pub entry: Where,
    pub text: String,
    pub events: Vec<Event>,
    pub rolls: Vec<(u32, u32)>,
    /// How the rolls were made ("fair, witnessed by ...", "casual", "scripted").
    pub dice: Option<String>,
    /// For a concealed command this replay knows whole but the others do not (yet): what
    /// they are told of it, its projection's line and events. Text for other players (a
    /// turn mail) uses it instead of `text` and `events`.
    pub public: Option<Told>,
    /// For fair dice: the revealed values the seed was made of, ascending by witness, then
    /// the added witness's (docs/PROTOCOL.md sections 5.4 and 13.5).
    pub seed_from: Option<SeedFrom>,
}

/// What other players are told of a concealed command.
#[derive(Clone, Debug)]
pub struct Told {
    pub text: String,
    pub events: Vec<Event>,
}

#[derive(Clone)]
pub struct Replay<'r> {
    pub ruleset: &'r dyn AnyRuleset,
    pub game: GameId,
    pub genesis_id: EntryId,
    /// The player who signed the genesis.
    pub creator: u8,
    pub genesis: Genesis,
    /// What the game starts from, read from the genesis ([`Genesis::setup`]): use it rather
    /// than the genesis's `scenario` field, which an old genesis used for position texts.
    pub setup: Setup,
    /// The protocol version of the game (its genesis entry's `v`); every entry carries it.
    pub version: u32,
    /// The genesis holders' keys, by seat (a seat's later holders are in `holders`).
    pub keys: Vec<PublicKey>,
    /// Every seat's holders so far, in order (docs/PROTOCOL.md section 13).
    pub holders: Vec<Vec<Holder>>,
    /// The holders the whole set of entries makes, as signatures were checked against them
    /// (`tenure.rs`); the replay must come to the same ones.
    pub tenures: Tenures,
    /// Per seat, the feed position of its holder's resignation while the seat is vacant.
    pub resigned: Vec<Option<u64>>,
    /// Every vote to replace a seat's holder, in canonical order.
    pub votes: Vec<VoteRecord>,
    /// Per seat, each player's latest agreement on the seat's second (section 13.7).
    pub seconds: Vec<BTreeMap<PlayerId, Second>>,
    pub seats: Seats,
    pub joined: Vec<bool>,
    /// Every dice chain of every player, by generation.
    pub chains: Vec<Vec<ChainRecord>>,
    pub state: GameState,
    pub phase: Phase,
    /// Entries placed so far, per author.
    pub placed: Vec<u64>,
    /// Per author, the feed position of the latest placed entry that a later command must
    /// have seen (section 1.6): every entry in version 1; every entry but `chain` entries in
    /// version 2, so that nobody can make a command stale with a renewal it did not see.
    pub binding: Vec<Option<u64>>,
    /// Scripted faces used so far.
    pub script_used: usize,
    /// Names of the sealed steps opened so far (each may be used once).
    pub sealed_steps: BTreeSet<String>,
    /// Each player's concealed commands so far, in order (their index is their place here).
    pub hidden: Vec<Vec<HiddenRecord>>,
    /// Where each concealed command stands in `hidden`: its author and index, by entry id.
    pub hidden_at: BTreeMap<EntryId, (PlayerId, usize)>,
    /// What this replay knows of concealed commands: the journal's openings and the local
    /// player's own commands. Set it before applying the entries (`verify::check` does).
    pub knowledge: Knowledge,
    pub log: Vec<LogItem>,
}

pub(crate) fn reject(e: &SignedEntry, reason: impl Into<String>) -> Problem {
    Problem::Rejected { entry: Where::of(e), reason: reason.into(), rule: None }
}

/// A refusal by a rule of the game: the rule number travels with it.
fn reject_by_rule(e: &SignedEntry, err: &grognard_engine::RuleError) -> Problem {
    Problem::Rejected { entry: Where::of(e), reason: format!("illegal: {err}"), rule: Some(err.rule.clone()) }
}

impl<'r> Replay<'r> {
    /// Check a genesis entry and set the game up. `ruleset` must be the one it names.
    pub fn start(ruleset: &'r dyn AnyRuleset, genesis_entry: &SignedEntry) -> Result<Replay<'r>, Problem> {
        let Body::Genesis(genesis) = &genesis_entry.entry.body else {
            return Err(Problem::NoGenesis);
        };
        let bad = |m: String| Problem::Genesis(m);
        let info = ruleset.info();
        if genesis.ruleset != info.id || genesis.ruleset_version != info.version {
            return Err(bad(format!(
                "the game uses ruleset {0} version {1}, this program has {2} version {3}; replay it with a grognard \
                 release whose `grognard scenarios` lists {0} version {1}",
                genesis.ruleset, genesis.ruleset_version, info.id, info.version
            )));
        }
        let n = genesis.players.len();
        if !(1..=grognard_engine::MAX_PLAYERS).contains(&n) {
            return Err(bad(format!("a game has 1 to {} players, not {n}", grognard_engine::MAX_PLAYERS)));
        }
        if usize::from(genesis_entry.entry.author) >= n || genesis_entry.entry.seq != 0 {
            return Err(bad("the creator must be one of the players, at feed position 0".into()));
        }
        if genesis_entry.entry.prev.is_some() || !genesis_entry.entry.acks.is_empty() {
            return Err(bad("the genesis has no prev and no acks".into()));
        }
        let mut keys = Vec::with_capacity(n);
        let mut holders = Vec::with_capacity(n);
        for (i, p) in genesis.players.iter().enumerate() {
            check_identity(&p.name, &p.email).map_err(|m| bad(format!("player {i}: {m}")))?;
            let key = PublicKey::from_hex(&p.key).map_err(|e| bad(format!("player {i}'s key: {e}")))?;
            if keys.contains(&key) {
                return Err(bad(format!("player {i} has the same key as another player")));
            }
            keys.push(key);
            holders.push(vec![Holder { from: 0, key, name: p.name.clone(), email: p.email.clone() }]);
        }
        let setup = genesis.setup(ruleset).map_err(|e| bad(e.to_string()))?;
        // The data first: the ruleset's refusal says why (an unknown scenario, a position
        // that does not fit its scenario, a ruleset that takes no positions).
        let data = ruleset.scenario_data(&setup).map_err(|e| bad(e.to_string()))?;
        let scenario = ruleset
            .scenario_of(&setup)
            .ok_or_else(|| bad(format!("ruleset {} has no scenario `{}`", info.id, setup.scenario)))?;
        if scenario_hash(&data) != genesis.scenario_hash {
            return Err(bad(format!(
                "the data of scenario `{}` differs from the data the game was created with",
                scenario.id
            )));
        }
        let assignment: Vec<Vec<String>> = genesis.players.iter().map(|p| p.powers.clone()).collect();
        let seats = Seats::new(&scenario.powers, &assignment).map_err(|e| bad(e.to_string()))?;
        let dice = &genesis.dice;
        if (dice.mode == DiceMode::Scripted) == dice.faces.is_empty() {
            return Err(bad("scripted dice, and only they, list their faces".into()));
        }
        if dice.mode == DiceMode::Fair && n < 2 {
            return Err(bad("fair dice need at least two players (one to roll, one to witness)".into()));
        }
        if dice.witnesses == Witnesses::Concerned && genesis_entry.entry.v < PROTOCOL_V2 {
            return Err(bad(format!(
                "the dice witnesses `concerned` exist from protocol version {PROTOCOL_V2} on; this genesis is of \
                 version {}",
                genesis_entry.entry.v
            )));
        }
        check_chain(dice.mode, genesis.chain.as_ref(), 0).map_err(bad)?;
        let state = ruleset.setup(&setup, &seats).map_err(|e| bad(e.to_string()))?;
        let creator = usize::from(genesis_entry.entry.author);
        let mut joined = vec![false; n];
        joined[creator] = true;
        let mut chains = vec![Vec::new(); n];
        chains[creator] =
            genesis.chain.map(|c| ChainRecord { seq: 0, state: ChainState::new(c) }).into_iter().collect();
        let mut placed = vec![0; n];
        placed[creator] = 1;
        let mut replay = Replay {
            ruleset,
            game: genesis_entry.entry.game,
            genesis_id: genesis_entry.id,
            creator: genesis_entry.entry.author,
            genesis: genesis.clone(),
            setup,
            version: genesis_entry.entry.v,
            keys,
            tenures: Tenures { seats: holders.clone() },
            holders,
            resigned: vec![None; n],
            votes: Vec::new(),
            seconds: vec![BTreeMap::new(); n],
            seats,
            joined,
            chains,
            state,
            phase: Phase::Joining,
            placed,
            binding: {
                let mut b = vec![None; n];
                b[creator] = Some(0);
                b
            },
            script_used: 0,
            sealed_steps: BTreeSet::new(),
            hidden: vec![Vec::new(); n],
            hidden_at: BTreeMap::new(),
            knowledge: Knowledge::default(),
            log: Vec::new(),
        };
        replay.log.push(LogItem {
            entry: Where::of(genesis_entry),
            text: format!(
                "{} creates a game of {} ({}), {}",
                replay.name(PlayerId(creator as u8)),
                info.name,
                replay.setup,
                replay.dice_description()
            ),
            events: Vec::new(),
            rolls: Vec::new(),
            dice: None,
            public: None,
            seed_from: None,
        });
        replay.start_play_if_joined();
        Ok(replay)
    }

    /// The anchor of `player`'s dice chain of `generation` (see `chain::anchor`).
    pub fn chain_anchor(&self, player: PlayerId, generation: u32) -> Hash32 {
        crate::chain::anchor(&self.genesis_id, player.0 == self.creator, generation)
    }

    /// Where `player`'s chain of `generation` with `nonce` comes from (see `chain::Origin`).
    pub fn chain_origin(&self, player: PlayerId, generation: u32, nonce: Option<Hash32>) -> chain::Origin {
        chain::Origin { game: self.game, anchor: self.chain_anchor(player, generation), generation, nonce }
    }

    /// The name of `p`'s current holder.
    pub fn name(&self, p: PlayerId) -> &str {
        self.holders.get(p.index()).and_then(|h| h.last()).map_or("?", |h| h.name.as_str())
    }

    pub fn mode(&self) -> DiceMode {
        self.genesis.dice.mode
    }

    fn start_play_if_joined(&mut self) {
        if matches!(self.phase, Phase::Joining) && self.joined.iter().all(|j| *j) {
            self.phase = Phase::Playing;
        }
    }

    pub(crate) fn log(&mut self, e: &SignedEntry, text: String) -> usize {
        self.log.push(LogItem {
            entry: Where::of(e),
            text,
            events: Vec::new(),
            rolls: Vec::new(),
            dice: None,
            public: None,
            seed_from: None,
        });
        self.log.len() - 1
    }

    /// Apply the next entry of the canonical order.
    pub fn apply(&mut self, e: &SignedEntry) -> Result<(), Problem> {
        if e.entry.game != self.game {
            return Err(Problem::OtherGame { entry: Where::of(e), game: e.entry.game.to_hex() });
        }
        if e.entry.v != self.version {
            return Err(reject(
                e,
                format!("it is a protocol version {} entry in a version {} game", e.entry.v, self.version),
            ));
        }
        let author = PlayerId(e.entry.author);
        self.check_seat(e, author)?;
        match &e.entry.body {
            Body::Genesis(_) => return Err(reject(e, "a game has one genesis entry")),
            Body::Resign {} => self.resign(e, author)?,
            Body::Handover { key, name, email } => self.handover(e, author, key, name, email)?,
            Body::Replace { seat, round, key, name, email } => self.vote(e, author, *seat, *round, key, name, email)?,
            Body::Take { chain } => self.take(e, author, chain.as_ref())?,
            Body::Second { seat, key, name, email, hours } => {
                self.second(e, author, *seat, key, name, email, *hours)?
            }
            Body::Join { chain } => self.join(e, author, chain.as_ref())?,
            Body::Command { command, .. } => self.command(e, author, command)?,
            Body::Seal { step, commitment, .. } => self.seal(e, author, step, *commitment)?,
            Body::Unseal { step, choice, salt } => self.unseal(e, author, step, choice, salt)?,
            Body::Reveal { request, generation, index, value } => {
                self.reveal(e, author, request, *generation, *index, value)?
            }
            Body::Chain { chain } => self.rechain(e, author, chain)?,
            Body::Hidden { public, commitment, nonce } => self.concealed(e, author, public, commitment, nonce)?,
            Body::Open { openings, .. } => self.open(e, author, openings)?,
        }
        self.placed[author.index()] += 1;
        if !self.v2() || !matches!(e.entry.body, Body::Chain { .. }) {
            self.binding[author.index()] = Some(e.entry.seq);
        }
        self.note_ack_of_request(e);
        Ok(())
    }

    /// The game's dice in a few words, with the warning a version-1 fair game needs.
    pub fn dice_description(&self) -> String {
        match (self.mode(), self.v2()) {
            (DiceMode::Fair, true) if self.genesis.dice.witnesses == Witnesses::Concerned => {
                "fair dice, each roll witnessed by the players it concerns".into()
            }
            (DiceMode::Fair, true) => "fair dice".into(),
            (DiceMode::Fair, false) => "fair dice of protocol version 1, which were NOT protected against a witness \
                                        who chooses or vetoes rolls (docs/PROTOCOL.md section 11)"
                .into(),
            (DiceMode::Casual, _) => "casual dice (predictable: not a fair game)".into(),
            (DiceMode::Scripted, _) => "scripted dice (fixed in advance: not a fair game)".into(),
        }
    }

    /// Is this a game of protocol version 2 (or later)?
    pub fn v2(&self) -> bool {
        self.version >= PROTOCOL_V2
    }

    /// Record that a witness who still owes a reveal has acked the open request.
    fn note_ack_of_request(&mut self, e: &SignedEntry) {
        if let Phase::AwaitingDice { roller, request_seq, witnesses, reveals, acked, .. } = &mut self.phase {
            let author = PlayerId(e.entry.author);
            if witnesses.contains(&author) && !reveals.contains_key(&author) && acks(e, *roller, *request_seq) {
                acked.insert(author);
            }
        }
    }

    fn join(&mut self, e: &SignedEntry, author: PlayerId, chain: Option<&ChainCommit>) -> Result<(), Problem> {
        if self.joined[author.index()] {
            return Err(reject(e, "this player has already joined"));
        }
        check_chain(self.mode(), chain, 0).map_err(|m| reject(e, m))?;
        self.joined[author.index()] = true;
        self.chains[author.index()] =
            chain.map(|c| ChainRecord { seq: e.entry.seq, state: ChainState::new(*c) }).into_iter().collect();
        self.log(e, format!("{} joins", self.name(author)));
        self.start_play_if_joined();
        Ok(())
    }

    /// Everything ordered before a command must be in its causal past: a command is made
    /// by a player who has seen the whole game so far.
    /// In version 2 a `chain` entry does not count: a renewal changes no game state, and a
    /// renewal signed concurrently with a command must not make that command invalid.
    fn check_seen_everything(&self, e: &SignedEntry) -> Result<(), Problem> {
        for (x, latest) in self.binding.iter().enumerate() {
            let Some(latest) = *latest else { continue };
            if x == usize::from(e.entry.author) {
                continue;
            }
            let seen = e.entry.acks.iter().find(|k: &&Ack| usize::from(k.author) == x).map(|k| k.seq);
            if seen.is_none_or(|s| s < latest) {
                return Err(reject(
                    e,
                    format!(
                        "it was made without seeing player {x}'s entry #{latest} that comes before it (a stale or concurrent command)"
                    ),
                ));
            }
        }
        Ok(())
    }

    fn waiting_text(&self) -> String {
        match &self.phase {
            Phase::Joining => "the game waits for players to join".into(),
            Phase::Playing => match self.ruleset.pending(&self.state) {
                Pending::Over { result, .. } if !self.unopened().is_empty() => {
                    format!("the game is over ({result}); every concealed command must now be opened")
                }
                p => p.prompt().to_string(),
            },
            Phase::Sealing { step, .. } => format!("the game is in sealed step `{step}`"),
            Phase::AwaitingDice { request, .. } => format!("the game waits for dice on request {}", request.short()),
        }
    }

    fn command(&mut self, e: &SignedEntry, author: PlayerId, command: &Value) -> Result<(), Problem> {
        if !matches!(self.phase, Phase::Playing) {
            return Err(reject(e, format!("out of turn: {}", self.waiting_text())));
        }
        self.check_seen_everything(e)?;
        let pending = self.ruleset.pending(&self.state);
        match &pending {
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. }
                if *player == author => {}
            Pending::Sealed { step, .. } => {
                return Err(reject(
                    e,
                    format!("out of turn: step `{step}` is sealed; choices are committed with a seal"),
                ))
            }
            Pending::Over { result, .. } => return Err(reject(e, format!("the game is over: {result}"))),
            other => {
                return Err(reject(
                    e,
                    format!(
                        "out of turn: {} must act ({}), not {}",
                        self.name(other.players()[0]),
                        other.prompt(),
                        self.name(author)
                    ),
                ))
            }
        }
        if let Ok(Some(_)) = self.ruleset.conceal(&self.state, author, command) {
            return Err(reject(
                e,
                "a rule of the game conceals this command: it is given as a hidden entry, never in the clear",
            ));
        }
        let text = format!("{}: {}", self.name(author), self.ruleset.format_command(command));
        let log_index = self.log(e, text);
        let held = Held::Command { player: author, command: command.clone() };
        self.run(e, log_index, held)
    }

    /// A concealed command: applied whole when this replay knows it (after checking it
    /// against its commitment and its projection), by its projection otherwise.
    fn concealed(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        public: &Value,
        commitment: &Hash32,
        nonce: &Hash32,
    ) -> Result<(), Problem> {
        if !matches!(self.phase, Phase::Playing) {
            return Err(reject(e, format!("out of turn: {}", self.waiting_text())));
        }
        self.check_seen_everything(e)?;
        match self.ruleset.pending(&self.state) {
            Pending::Command { player, .. } | Pending::Choice { player, .. } if player == author => {}
            Pending::Over { result, .. } => return Err(reject(e, format!("the game is over: {result}"))),
            _ => return Err(reject(e, format!("out of turn: {}", self.waiting_text()))),
        }
        let index = self.hidden[author.index()].len() as u32;
        let known = self.knowledge.of_entry(e, nonce);
        if let Some(k) = &known {
            if hidden::commitment(&self.game, author.0, &k.salt, &k.command) != *commitment {
                return Err(self.failed_opening(e, &k.from, "the opened command and salt do not match its commitment"));
            }
            match self.ruleset.conceal(&self.state, author, &k.command) {
                Ok(Some(p)) if p == *public => {}
                Ok(Some(_)) => {
                    return Err(self.failed_opening(
                        e,
                        &k.from,
                        "the command it opens to has another public projection than the one signed",
                    ))
                }
                Ok(None) => {
                    return Err(self.failed_opening(e, &k.from, "the command it opens to is not one the rules conceal"))
                }
                Err(err) => return Err(self.failed_opening(e, &k.from, &format!("it opens to no command: {err}"))),
            }
        }
        let full = known.as_ref().map(|k| k.command.clone());
        let text = match (&full, &known) {
            (Some(c), Some(hidden::Known { from: Source::Opening(_), .. })) => {
                format!("{}: {} (concealed, opened later)", self.name(author), self.ruleset.format_command(c))
            }
            (Some(c), _) => {
                format!("{}: {} (concealed from the others)", self.name(author), self.ruleset.format_command(c))
            }
            (None, _) => format!("{}: {}", self.name(author), self.ruleset.format_command(public)),
        };
        let log_index = self.log(e, text);
        let opened = matches!(known, Some(hidden::Known { from: Source::Opening(_), .. }));
        if full.is_some() && !opened {
            // What the others are told: the projection applied on this state, for its events.
            let projection = Concealed { index, public: public.clone(), full: None, opened: false };
            let events = self
                .ruleset
                .apply_concealed(&self.state, author, &projection, &mut NoDice)
                .map(|(_, events)| events)
                .unwrap_or_default();
            let text = format!("{}: {}", self.name(author), self.ruleset.format_command(public));
            self.log[log_index].public = Some(Told { text, events });
        }
        let concealed = Concealed { index, public: public.clone(), full, opened };
        match self.ruleset.apply_concealed(&self.state, author, &concealed, &mut NoDice) {
            Ok((state, events)) => {
                self.state = state;
                self.log[log_index].events = events;
            }
            Err(ApplyError::NeedDice) => {
                self.log.truncate(log_index);
                return Err(reject(e, "a concealed command may not roll dice; the ruleset broke its contract"));
            }
            Err(ApplyError::Rule(err)) => {
                self.log.truncate(log_index);
                return Err(match &known {
                    Some(k) if matches!(k.from, Source::Opening(_)) => {
                        self.failed_opening(e, &k.from, &format!("the command it opens to is illegal: {err}"))
                    }
                    _ => reject_by_rule(e, &err),
                });
            }
        }
        self.hidden_at.insert(e.id, (author, self.hidden[author.index()].len()));
        self.hidden[author.index()].push(HiddenRecord {
            entry: e.clone(),
            commitment: *commitment,
            nonce: *nonce,
            known: known.is_some(),
            opened: false,
        });
        Ok(())
    }

    /// The problem of a concealed command whose opening fails: its author forfeits, with
    /// both signed entries as the proof; or, for the local player's own command, their
    /// `hidden.json` does not match what they signed.
    fn failed_opening(&self, hidden_entry: &SignedEntry, from: &Source, reason: &str) -> Problem {
        match from {
            Source::Opening(by) => Problem::Forfeit {
                player: hidden_entry.entry.author,
                hidden: Box::new(hidden_entry.clone()),
                opening: by.clone(),
                reason: reason.to_string(),
            },
            Source::Own => reject(
                hidden_entry,
                format!(
                    "your own concealed command in {} fails: {reason}; the file does not match what you signed",
                    hidden::PRIVATE_FILE
                ),
            ),
        }
    }

    /// The opening of concealed commands: exactly those the rules ask of the author now (or,
    /// once the game is over, every one still closed).
    fn open(&mut self, e: &SignedEntry, author: PlayerId, openings: &[Opening]) -> Result<(), Problem> {
        if !matches!(self.phase, Phase::Playing) {
            return Err(reject(e, format!("out of turn: {}", self.waiting_text())));
        }
        let pending = self.ruleset.pending(&self.state);
        let (wanted, at_end) = match &pending {
            Pending::Open { owing, .. } => match owing.iter().find(|o| o.player == author) {
                Some(o) => (o.indices.clone(), false),
                None => {
                    return Err(reject(e, format!("nothing asks {} to open concealed commands now", self.name(author))))
                }
            },
            Pending::Over { .. } => (self.unopened_of(author), true),
            _ => return Err(reject(e, format!("no rule asks for an opening now: {}", self.waiting_text()))),
        };
        if wanted.is_empty() {
            return Err(reject(e, format!("{} has no concealed command left to open", self.name(author))));
        }
        let records = &self.hidden[author.index()];
        let mut listed = Vec::with_capacity(openings.len());
        for o in openings {
            let Some(i) = self.hidden_at.get(&o.entry).filter(|(p, _)| *p == author).map(|(_, i)| *i) else {
                return Err(reject(
                    e,
                    format!(
                        "{} opens {}, which is not one of their concealed commands",
                        self.name(author),
                        o.entry.short()
                    ),
                ));
            };
            let record = &records[i];
            if record.opened {
                return Err(reject(e, format!("concealed command #{i} of player {} is already open", author.0)));
            }
            if hidden::commitment(&self.game, author.0, &o.salt, &o.command) != record.commitment {
                return Err(Problem::Forfeit {
                    player: author.0,
                    hidden: Box::new(record.entry.clone()),
                    opening: Box::new(e.clone()),
                    reason: "the opened command and salt do not match its commitment".into(),
                });
            }
            listed.push(i as u32);
        }
        if listed != wanted {
            return Err(reject(
                e,
                format!(
                    "the rules ask {} to open concealed commands {}, and this entry opens {}",
                    self.name(author),
                    indices_text(&wanted),
                    indices_text(&listed)
                ),
            ));
        }
        for i in &listed {
            self.hidden[author.index()][*i as usize].opened = true;
        }
        let shown: Vec<String> = openings.iter().map(|o| self.ruleset.format_command(&o.command)).collect();
        let text = format!(
            "{} opens concealed command{} {}: {}",
            self.name(author),
            if listed.len() == 1 { "" } else { "s" },
            indices_text(&listed),
            shown.join("; ")
        );
        let log_index = self.log(e, text);
        if at_end {
            return Ok(());
        }
        self.run(e, log_index, Held::Opened { player: author })
    }

    /// The indices of `player`'s concealed commands not opened yet.
    fn unopened_of(&self, player: PlayerId) -> Vec<u32> {
        self.hidden[player.index()].iter().enumerate().filter(|(_, r)| !r.opened).map(|(i, _)| i as u32).collect()
    }

    /// Every player's concealed commands not opened yet (players with none left out).
    pub fn unopened(&self) -> Vec<(PlayerId, Vec<u32>)> {
        self.seats.players().map(|p| (p, self.unopened_of(p))).filter(|(_, v)| !v.is_empty()).collect()
    }

    /// Apply `held` with the game's dice; fair dice defer it until the witnesses reveal.
    pub(crate) fn run(&mut self, e: &SignedEntry, log_index: usize, held: Held) -> Result<(), Problem> {
        let result = match self.mode() {
            DiceMode::Fair => {
                let r = self.execute(&held, &mut NoDice);
                if let Err(ApplyError::NeedDice) = r {
                    let witnesses = self.witnesses_for(&held, PlayerId(e.entry.author));
                    let generations = self.generations_seen(e, &witnesses)?;
                    self.log[log_index].dice = Some(format!(
                        "fair dice: waiting for {}",
                        witnesses.iter().map(|w| self.name(*w)).collect::<Vec<_>>().join(", ")
                    ));
                    self.phase = Phase::AwaitingDice {
                        request: e.id,
                        roller: PlayerId(e.entry.author),
                        request_seq: e.entry.seq,
                        log_index,
                        witnesses,
                        acked: BTreeSet::new(),
                        generations,
                        reveals: BTreeMap::new(),
                        extra: None,
                        held,
                    };
                    return Ok(());
                }
                r.map(|(s, ev)| (s, ev, Vec::new(), None))
            }
            DiceMode::Casual => {
                let mut dice = StreamDice::from_seed(rolls::casual_seed(&self.game, &e.id));
                let r = self.execute(&held, &mut dice);
                r.map(|(s, ev)| (s, ev, dice.rolled().to_vec(), Some("casual dice (predictable)".to_string())))
            }
            DiceMode::Scripted => {
                let faces = self.genesis.dice.faces.clone();
                let mut dice = ScriptedDice::new(&faces[self.script_used.min(faces.len())..]);
                let r = self.execute(&held, &mut dice);
                let used = dice.used();
                let rolled = dice.rolled().to_vec();
                if r.is_ok() {
                    self.script_used += used;
                }
                r.map(|(s, ev)| (s, ev, rolled, Some("scripted dice".to_string())))
            }
        };
        match result {
            Ok((state, events, rolled, how)) => {
                self.state = state;
                let item = &mut self.log[log_index];
                item.events = events;
                if !rolled.is_empty() {
                    item.rolls = rolled;
                    item.dice = how;
                }
                self.phase = Phase::Playing;
                Ok(())
            }
            Err(ApplyError::Rule(err)) => {
                self.log.truncate(log_index);
                Err(reject_by_rule(e, &err))
            }
            Err(ApplyError::NeedDice) => {
                self.log.truncate(log_index);
                Err(reject(e, "the scripted dice ran out, or hold a face too large for the die"))
            }
        }
    }

    fn execute(&self, held: &Held, dice: &mut dyn DiceSource) -> Result<(GameState, Vec<Event>), ApplyError> {
        match held {
            Held::Command { player, command } => self.ruleset.apply(&self.state, *player, command, dice),
            Held::Sealed { choices } => self.ruleset.apply_sealed(&self.state, choices, dice),
            Held::Opened { player } => self.ruleset.apply_opened(&self.state, *player, dice),
        }
    }

    /// Who witnesses the dice of `held`, requested by `requester`: the roller's opponents (or
    /// every other player, as the genesis says) for a command, every player for a sealed step.
    /// In version 2 only players who still take part (`Ruleset::takes_part`, judged on the
    /// state when the roll is requested) witness, and a roll always has a witness other than
    /// its requester. With the witnesses `concerned`, the players the roll concerns (see
    /// [`crate::witness`]).
    pub fn witnesses_for(&self, held: &Held, requester: PlayerId) -> Vec<PlayerId> {
        if !self.v2() {
            return self.witnesses_v1(held);
        }
        if self.genesis.dice.witnesses == Witnesses::Concerned {
            return self.concerned_witnesses(held, requester);
        }
        let in_game = |p: &PlayerId| self.ruleset.takes_part(&self.state, *p);
        let others = || self.seats.players().filter(|p| *p != requester);
        let chosen: Vec<PlayerId> = match held {
            Held::Command { player, .. } | Held::Opened { player } => {
                let opponents: Vec<PlayerId> = self.seats.opponents_of(*player).into_iter().filter(in_game).collect();
                if self.genesis.dice.witnesses == Witnesses::Opponents && !opponents.is_empty() {
                    opponents
                } else {
                    others().filter(in_game).collect()
                }
            }
            Held::Sealed { .. } => self.seats.players().filter(in_game).collect(),
        };
        if chosen.iter().any(|p| *p != requester) {
            chosen
        } else {
            // Nobody else is left in the game: every other player witnesses, so the roller
            // still cannot know the roll when asking for it.
            let mut all: Vec<PlayerId> = chosen.into_iter().chain(others()).collect();
            all.sort_unstable();
            all.dedup();
            all
        }
    }

    /// The witnesses `concerned` (PROTOCOL.md section 5.3): for a command or an opening, the
    /// players the ruleset says the roll concerns, judged on the state before it; for a
    /// sealed step, the players who sealed in it; else the protocol's single witness.
    fn concerned_witnesses(&self, held: &Held, requester: PlayerId) -> Vec<PlayerId> {
        let taking_part: Vec<bool> = self.seats.players().map(|p| self.ruleset.takes_part(&self.state, p)).collect();
        let opponents = self.seats.opponents_of(requester);
        let table = crate::witness::Table { taking_part: &taking_part, opponents: &opponents };
        match held {
            Held::Command { player, command } => {
                let named = self.ruleset.roll_concerns(&self.state, *player, RollCause::Command(command));
                table.of_command(requester, &named)
            }
            Held::Opened { player } => {
                let named = self.ruleset.roll_concerns(&self.state, *player, RollCause::Opened);
                table.of_command(requester, &named)
            }
            Held::Sealed { choices } => {
                let choosers: Vec<PlayerId> = choices.iter().map(|(p, _)| *p).collect();
                table.of_sealed(requester, &choosers)
            }
        }
    }

    fn witnesses_v1(&self, held: &Held) -> Vec<PlayerId> {
        match held {
            Held::Command { player, .. } | Held::Opened { player } => {
                let opponents = self.seats.opponents_of(*player);
                if self.genesis.dice.witnesses == Witnesses::Opponents && !opponents.is_empty() {
                    opponents
                } else {
                    self.seats.players().filter(|p| p != player).collect()
                }
            }
            Held::Sealed { .. } => self.seats.players().collect(),
        }
    }

    fn seal(&mut self, e: &SignedEntry, author: PlayerId, step: &str, commitment: Hash32) -> Result<(), Problem> {
        if matches!(self.phase, Phase::Playing) {
            match self.ruleset.pending(&self.state) {
                Pending::Sealed { step: open, .. } if open == step && self.sealed_steps.contains(step) => {
                    return Err(reject(
                        e,
                        format!(
                            "sealed step `{step}` was already used in this game: each sealed step needs its own name"
                        ),
                    ));
                }
                Pending::Sealed { step: open, players, .. } if open == step => {
                    self.sealed_steps.insert(open.clone());
                    self.phase = Phase::Sealing {
                        step: open,
                        players,
                        commits: BTreeMap::new(),
                        sealed_at: BTreeMap::new(),
                        choices: BTreeMap::new(),
                    };
                }
                _ => {
                    return Err(reject(
                        e,
                        format!("out of turn: no sealed step `{step}` is open; {}", self.waiting_text()),
                    ))
                }
            }
        }
        let text = format!("{} seals a choice for `{step}`", self.name(author));
        let Phase::Sealing { step: open, players, commits, sealed_at, .. } = &mut self.phase else {
            return Err(reject(e, format!("out of turn: {}", self.waiting_text())));
        };
        if open != step {
            return Err(reject(e, format!("the open sealed step is `{open}`, not `{step}`")));
        }
        if !players.contains(&author) {
            return Err(reject(e, format!("player {} takes no part in sealed step `{step}`", author.0)));
        }
        if commits.insert(author, commitment).is_some() {
            return Err(reject(e, format!("player {} has already sealed a choice for `{step}`", author.0)));
        }
        sealed_at.insert(author, e.entry.seq);
        self.log(e, text);
        Ok(())
    }

    fn unseal(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        step: &str,
        choice: &Value,
        salt: &Hash32,
    ) -> Result<(), Problem> {
        let game = self.game;
        let v2 = self.v2();
        let Phase::Sealing { step: open, players, commits, sealed_at, choices } = &mut self.phase else {
            return Err(reject(e, format!("out of turn: no sealed step is open; {}", self.waiting_text())));
        };
        if open != step {
            return Err(reject(e, format!("the open sealed step is `{open}`, not `{step}`")));
        }
        if commits.len() < players.len() {
            return Err(reject(e, "a sealed choice is opened only after every player has sealed theirs"));
        }
        if v2 {
            if let Some((p, _)) = sealed_at.iter().find(|(p, seq)| **p != author && !acks(e, **p, **seq)) {
                return Err(reject(
                    e,
                    format!("an opening must ack every seal of its step; it does not ack player {}'s", p.0),
                ));
            }
        }
        let Some(commitment) = commits.get(&author) else {
            return Err(reject(e, format!("player {} sealed no choice for `{step}`", author.0)));
        };
        if sealed::commitment(&game, step, author.0, salt, choice) != *commitment {
            return Err(reject(e, "the opened choice and salt do not match the sealed commitment"));
        }
        if choices.contains_key(&author) {
            return Err(reject(e, format!("player {} has already opened their choice", author.0)));
        }
        self.ruleset.check_sealed(&self.state, author, choice).map_err(|err| reject_by_rule(e, &err))?;
        let Phase::Sealing { players, choices, .. } = &mut self.phase else { unreachable!("checked above") };
        choices.insert(author, choice.clone());
        let complete = choices.len() == players.len();
        let all: Vec<(PlayerId, Value)> = choices.iter().map(|(p, c)| (*p, c.clone())).collect();
        let text = format!("{} opens: {}", self.name(author), self.ruleset.format_command(choice));
        let log_index = self.log(e, text);
        if complete {
            self.phase = Phase::Playing;
            return self.run(e, log_index, Held::Sealed { choices: all });
        }
        Ok(())
    }

    fn reveal(
        &mut self,
        e: &SignedEntry,
        author: PlayerId,
        request: &EntryId,
        generation: u32,
        index: u32,
        value: &Hash32,
    ) -> Result<(), Problem> {
        let waiting = self.waiting_text();
        let v2 = self.v2();
        let Phase::AwaitingDice { request: open, roller, request_seq, witnesses, generations, reveals, extra, .. } =
            &mut self.phase
        else {
            return Err(reject(e, format!("no dice request is open; {waiting}")));
        };
        if open != request {
            return Err(reject(e, format!("the open dice request is {}, not {}", open.short(), request.short())));
        }
        if v2 && author != *roller && !acks(e, *roller, *request_seq) {
            return Err(reject(e, "a reveal must ack the request it answers"));
        }
        let as_extra = !witnesses.contains(&author) || reveals.contains_key(&author);
        if as_extra && !extra.as_ref().is_some_and(|x| x.player == author && x.value.is_none()) {
            if !witnesses.contains(&author) {
                return Err(reject(e, format!("player {} is not a witness of this request", author.0)));
            }
            return Err(reject(e, format!("player {} has already revealed for this request", author.0)));
        }
        let wanted = match (as_extra, extra.as_ref()) {
            (true, Some(x)) => x.generation,
            _ => generations.get(&author).copied().unwrap_or(0),
        };
        if generation != wanted {
            return Err(reject(
                e,
                format!(
                    "the request had seen dice chain {wanted} of player {}; the reveal is from chain {generation}",
                    author.0
                ),
            ));
        }
        let chain = self.chains[author.index()]
            .get_mut(generation as usize)
            .ok_or_else(|| reject(e, "this player has no such dice chain"))?;
        chain.state.accept(generation, index, value).map_err(|m| reject(e, m))?;
        match extra.as_mut() {
            Some(x) if as_extra => x.value = Some(*value),
            _ => {
                reveals.insert(author, *value);
            }
        }
        let complete = reveals.len() == witnesses.len() && extra.as_ref().is_none_or(|x| x.value.is_some());
        let text = format!("{} reveals a dice value for request {}", self.name(author), request.short());
        self.log(e, text);
        if !complete {
            return Ok(());
        }
        let Phase::AwaitingDice { request, log_index, witnesses, reveals, held, extra, .. } =
            std::mem::replace(&mut self.phase, Phase::Playing)
        else {
            unreachable!("matched above")
        };
        let values: Vec<(u8, Hash32)> = reveals.iter().map(|(p, v)| (p.0, *v)).collect();
        // The added witness's value comes last (docs/PROTOCOL.md sections 5.4 and 13.5).
        let extra = extra.and_then(|x| x.value.map(|v| (x.player.0, v)));
        let seed = rolls::fair_seed_with(&self.game, &request, &values, extra);
        let mut dice = StreamDice::from_seed(seed);
        match self.execute(&held, &mut dice) {
            Ok((state, events)) => {
                self.state = state;
                let names = witnesses.iter().map(|w| self.name(*w)).collect::<Vec<_>>().join(", ");
                let kind =
                    if self.version >= PROTOCOL_V2 { "fair dice" } else { "fair dice (protocol 1, unprotected)" };
                let item = &mut self.log[log_index];
                item.events = events;
                item.rolls = dice.rolled().to_vec();
                item.dice = Some(format!("{kind}, witnessed by {names}"));
                item.seed_from = Some((values, extra));
                Ok(())
            }
            Err(err) => Err(reject(
                e,
                format!(
                    "the request {} failed once its dice were known ({err}); the ruleset broke its contract",
                    request.short()
                ),
            )),
        }
    }

    fn rechain(&mut self, e: &SignedEntry, author: PlayerId, chain: &ChainCommit) -> Result<(), Problem> {
        if self.v2() {
            self.check_renewal_v2(e, author)?;
        } else if let Phase::AwaitingDice { witnesses, reveals, .. } = &self.phase {
            if witnesses.contains(&author) && !reveals.contains_key(&author) {
                // A chain committed after the request could be chosen to pick the roll.
                return Err(reject(
                    e,
                    "a witness may not commit to a new dice chain while a roll waits for its reveal",
                ));
            }
        }
        let current = self.chains[author.index()].last().map(|c| c.state.commit.generation);
        let Some(current) = current else {
            return Err(reject(e, "only games with fair dice have dice chains"));
        };
        check_chain(self.mode(), Some(chain), current + 1).map_err(|m| reject(e, m))?;
        self.chains[author.index()].push(ChainRecord { seq: e.entry.seq, state: ChainState::new(*chain) });
        self.log(e, format!("{} commits to a new dice chain", self.name(author)));
        Ok(())
    }

    /// Version 2: a renewal is accepted in any phase before the game is over (one from a
    /// witness who owes a reveal is never used for the open request: the request had not
    /// seen it), and only when the current chain runs low (`chain::needs_renewal`).
    fn check_renewal_v2(&self, e: &SignedEntry, author: PlayerId) -> Result<(), Problem> {
        if let Some((result, _)) = self.over() {
            return Err(reject(e, format!("the game is over ({result}): no dice chain is needed any more")));
        }
        if let Some(current) = self.chain(author) {
            if !chain::needs_renewal(current.commit.length, current.remaining()) {
                return Err(reject(
                    e,
                    format!(
                        "dice chain {} still has {} of {} values: a chain is renewed only when fewer than {} remain",
                        current.commit.generation,
                        current.remaining(),
                        current.commit.length,
                        chain::RECOMMIT_BELOW.min(current.commit.length / 2)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `player`'s latest dice chain.
    pub fn chain(&self, player: PlayerId) -> Option<&ChainState> {
        self.chains.get(player.index()).and_then(|c| c.last()).map(|c| &c.state)
    }

    /// For each witness, the latest chain generation in the causal past of `request`: a
    /// chain committed in an entry the request had not seen cannot answer it, however the
    /// order places that entry.
    pub(crate) fn generations_seen(
        &self,
        request: &SignedEntry,
        witnesses: &[PlayerId],
    ) -> Result<BTreeMap<PlayerId, u32>, Problem> {
        let mut out = BTreeMap::new();
        for w in witnesses {
            let seen = if w.0 == request.entry.author {
                // A `take` that completes a sealed step is the request, and commits its
                // author's chain itself (docs/PROTOCOL.md section 13.5).
                match request.entry.body {
                    Body::Take { .. } => Some(request.entry.seq),
                    _ => request.entry.seq.checked_sub(1),
                }
            } else {
                request.entry.acks.iter().find(|k| k.author == w.0).map(|k| k.seq)
            };
            let generation = seen.and_then(|seen| {
                self.chains[w.index()].iter().filter(|c| c.seq <= seen).map(|c| c.state.commit.generation).max()
            });
            let Some(generation) = generation else {
                return Err(reject(
                    request,
                    format!("it needs dice from player {} but had not seen their dice chain", w.0),
                ));
            };
            out.insert(*w, generation);
        }
        Ok(out)
    }

    /// What each player must do now, in player order.
    pub fn owed(&self) -> Vec<(PlayerId, Owed)> {
        match &self.phase {
            Phase::Joining => {
                self.seats.players().filter(|p| !self.joined[p.index()]).map(|p| (p, Owed::Join)).collect()
            }
            Phase::Playing => match self.ruleset.pending(&self.state) {
                Pending::Sealed { step, players, prompt } => players
                    .into_iter()
                    .map(|p| (p, Owed::Seal { step: step.clone(), prompt: prompt.clone() }))
                    .collect(),
                Pending::Over { .. } => {
                    self.unopened().into_iter().map(|(p, indices)| (p, Owed::Open { indices, at_end: true })).collect()
                }
                Pending::Open { owing, .. } => {
                    owing.into_iter().map(|o| (o.player, Owed::Open { indices: o.indices, at_end: false })).collect()
                }
                other => other.players().into_iter().map(|p| (p, Owed::Decide(other.clone()))).collect(),
            },
            Phase::Sealing { step, players, commits, choices, .. } => {
                if commits.len() < players.len() {
                    let prompt = match self.ruleset.pending(&self.state) {
                        Pending::Sealed { prompt, .. } => prompt,
                        _ => String::new(),
                    };
                    players
                        .iter()
                        .filter(|p| !commits.contains_key(p))
                        .map(|p| (*p, Owed::Seal { step: step.clone(), prompt: prompt.clone() }))
                        .collect()
                } else {
                    players
                        .iter()
                        .filter(|p| !choices.contains_key(p))
                        .map(|p| (*p, Owed::Unseal { step: step.clone() }))
                        .collect()
                }
            }
            Phase::AwaitingDice {
                request, roller, request_seq, witnesses, generations, reveals, acked, extra, ..
            } => {
                let owed = |w: &PlayerId, generation: u32| Owed::Reveal {
                    request: *request,
                    generation,
                    roller: *roller,
                    request_seq: *request_seq,
                    acked: acked.contains(w),
                };
                let mut out: Vec<(PlayerId, Owed)> = witnesses
                    .iter()
                    .filter(|w| !reveals.contains_key(w))
                    .map(|w| (*w, owed(w, generations.get(w).copied().unwrap_or(0))))
                    .collect();
                if let Some(x) = extra.as_ref().filter(|x| x.value.is_none()) {
                    // A witness who owes both reveals gives its regular one first.
                    if !out.iter().any(|(p, _)| *p == x.player) {
                        out.push((x.player, owed(&x.player, x.generation)));
                        out.sort_by_key(|(p, _)| *p);
                    }
                }
                out
            }
        }
    }

    /// The game's result, once it is over.
    pub fn over(&self) -> Option<(String, Vec<PlayerId>)> {
        match (&self.phase, self.ruleset.pending(&self.state)) {
            (Phase::Playing, Pending::Over { result, winners }) => Some((result, winners)),
            _ => None,
        }
    }
}

/// `#0, #2` for a list of concealed command indices.
fn indices_text(indices: &[u32]) -> String {
    if indices.is_empty() {
        return "none".into();
    }
    indices.iter().map(|i| format!("#{i}")).collect::<Vec<_>>().join(", ")
}

/// Does `e` have `author#seq` in its causal past (through its own feed or its acks)?
pub(crate) fn acks(e: &SignedEntry, author: PlayerId, seq: u64) -> bool {
    if e.entry.author == author.0 {
        return e.entry.seq > seq;
    }
    e.entry.acks.iter().any(|k| k.author == author.0 && k.seq >= seq)
}

pub(crate) fn check_chain(mode: DiceMode, chain: Option<&ChainCommit>, generation: u32) -> Result<(), String> {
    match (mode, chain) {
        (DiceMode::Fair, None) => Err("with fair dice every player commits to a dice chain".into()),
        (DiceMode::Fair, Some(c)) if c.generation != generation => {
            Err(format!("the dice chain should be generation {generation}, not {}", c.generation))
        }
        (DiceMode::Fair, Some(c)) if c.length < MIN_CHAIN_LENGTH || c.length > MAX_CHAIN_LENGTH => {
            Err(format!("a dice chain has {MIN_CHAIN_LENGTH} to {MAX_CHAIN_LENGTH} links, not {}", c.length))
        }
        (DiceMode::Fair, Some(_)) => Ok(()),
        (_, Some(_)) => Err("only games with fair dice have dice chains".into()),
        (_, None) => Ok(()),
    }
}
