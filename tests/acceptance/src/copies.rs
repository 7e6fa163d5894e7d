//! A deterministic, in-memory simulation of what the journal does with concealed commands
//! (docs/PROTOCOL.md sections 12.4, 12.5 and 12.7), generic over any [`Ruleset`]: no keys, no
//! commitments, no files, so random games run fast enough to test a ruleset's hidden
//! information under random play.
//!
//! A game is a list of [`Step`]s. There is one *copy* of the game per player and one for a
//! referee (a third party holding the journal alone). Each copy is a state replayed from the
//! setup with its own knowledge: a player's copy knows that player's concealed commands, and
//! every copy knows every concealed command opened anywhere in the list, applied whole *where
//! it was made* (openings are known from the start of a replay). When an opening teaches a
//! copy something, that copy is replayed again from a checkpoint before the first command it
//! newly knows.
//!
//! The driver asks each copy what is pending (they must all agree); the player to act picks
//! among the legal commands of its own copy, completes it (`Ruleset::complete`), conceals it
//! when a rule says so (`Ruleset::conceal` on its own copy), and the step is applied to every
//! copy as the journal would, with the checks the journal makes (the turn, a projection
//! checked against the copies that know the command whole, a public command that no copy
//! would conceal). After every step the public part (`player_view(_, Viewer::Everyone)`) must
//! serialize identically in every copy. At the end (the game over, or the step limit)
//! everything still closed is opened, every copy is replayed from the setup, and every copy
//! and the referee must then be the very same state.
//!
//! Sealed steps are played too: every named player picks among the legal commands of its own
//! copy, and the choices (public once unsealed) are applied to every copy in player order.
//!
//! Dice come from a small generator seeded by the game's seed and the step's number, so every
//! copy rolls the same faces for the same step. A failure always names the seed that plays
//! it again.

use crate::Lcg;
use grognard_engine::{
    sample_face, Applied, ApplyError, Concealed, DiceSource, DiceUnavailable, NoDice, Pending, PlayerId, Ruleset,
    Seats, Setup, Viewer,
};
use std::fmt;
use std::time::{Duration, Instant};

/// One step of a game, as the journal holds it.
#[derive(Clone, Debug)]
pub enum Step<C> {
    /// A command given in the clear (a `command` entry).
    Command { player: PlayerId, command: C },
    /// A concealed command (a `hidden` entry): the `index`-th of its author's, its public
    /// projection and the whole command (which only its author's copy knows until it is
    /// opened).
    Concealed { player: PlayerId, index: u32, public: C, full: C },
    /// A sealed step, once every choice is unsealed: the choices in player order.
    Sealed { choices: Vec<(PlayerId, C)> },
    /// An `open` entry: `player` opens these concealed commands of theirs. `run` when the rules
    /// demanded it (`Pending::Open`: `apply_opened` runs after it); not at the end of the game.
    Open { player: PlayerId, indices: Vec<u32>, run: bool },
}

/// Who a copy belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Player(PlayerId),
    /// A third party with the journal alone: it knows only what is opened.
    Referee,
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Holder::Player(p) => write!(f, "the copy of {p}"),
            Holder::Referee => write!(f, "the referee's copy"),
        }
    }
}

/// How a simulated game is played.
#[derive(Clone, Debug)]
pub struct Config {
    /// Seeds both the choices and the dice: the same seed plays the same game.
    pub seed: u64,
    /// The game stops after this many steps if it is not over (not a failure).
    pub max_steps: usize,
    /// A copy keeps its state before every `checkpoint_every`-th step, to replay from there
    /// when an opening teaches it a command made later.
    pub checkpoint_every: usize,
    /// Parts of the public view left out of the comparison between copies, as dotted paths
    /// of object keys (`book.moved`): to look past a known difference for the next one
    /// while a ruleset's hidden information is being built. Empty by default.
    pub ignore: Vec<String>,
}

impl Config {
    pub fn new(seed: u64, max_steps: usize) -> Config {
        Config { seed, max_steps, checkpoint_every: 16, ignore: Vec::new() }
    }
}

/// A property the simulation found broken: what, where, and the seed that plays it again.
#[derive(Clone, Debug)]
pub struct Failure {
    pub seed: u64,
    /// The number of the step (from 0) where it broke, or the number of steps at the end.
    pub step: usize,
    pub message: String,
    /// The last steps before the failure, as the commands' texts.
    pub recent: Vec<String>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {}, step {}: {}", self.seed, self.step, self.message)?;
        if !self.recent.is_empty() {
            writeln!(f, "the last steps before it:")?;
            for line in &self.recent {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Failure {}

/// What a simulated game looked like.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub seed: u64,
    /// Steps of the list (commands, concealed commands, sealed steps, openings).
    pub steps: usize,
    pub concealed: usize,
    /// `open` steps the rules demanded (the end's openings left out).
    pub openings: usize,
    /// Concealed commands still closed when the game ended, opened then.
    pub opened_at_end: usize,
    /// Replays of a copy from a checkpoint, after an opening taught it something.
    pub replays: usize,
    /// Steps applied to some copy again by those replays.
    pub replayed_steps: usize,
    /// The result, when the game is over (`None`: stopped by the step limit).
    pub over: Option<String>,
    pub elapsed: Duration,
}

/// How a player picks among its legal commands: `(state of its own copy, player, legal
/// commands, generator)` gives an index into the list (taken modulo its length).
pub type Pick<'p, R> = dyn FnMut(&<R as Ruleset>::State, PlayerId, &[<R as Ruleset>::Command], &mut Lcg) -> usize + 'p;

/// Uniformly among the legal commands.
pub fn uniform<R: Ruleset>(_: &R::State, _: PlayerId, legal: &[R::Command], rng: &mut Lcg) -> usize {
    rng.below(legal.len().max(1))
}

/// Random play that favours what breaks things: `end` (the legal command `is_end` finds)
/// with `end_percent` percent chance when anything else is legal, so that games progress;
/// otherwise any other command, in proportion to its `weight`.
pub fn weighted<C>(
    legal: &[C],
    is_end: impl Fn(&C) -> bool,
    end_percent: usize,
    weight: impl Fn(&C) -> u64,
    rng: &mut Lcg,
) -> usize {
    let end = legal.iter().position(&is_end);
    let others: Vec<usize> = (0..legal.len()).filter(|i| Some(*i) != end).collect();
    match end {
        Some(e) if others.is_empty() || rng.below(100) < end_percent => return e,
        _ => {}
    }
    let total: u64 = others.iter().map(|&i| weight(&legal[i])).sum();
    let mut at = rng.below(usize::try_from(total).unwrap_or(usize::MAX).max(1)) as u64;
    for &i in &others {
        let w = weight(&legal[i]);
        if at < w {
            return i;
        }
        at -= w;
    }
    others.last().copied().unwrap_or(0)
}

/// The seats of a game of `setup`: one player for each power of its scenario.
pub fn seats<R: Ruleset>(ruleset: &R, setup: &Setup) -> Result<Seats, String> {
    let info = ruleset.scenario_of(setup).ok_or_else(|| format!("no scenario `{}`", setup.scenario))?;
    let ids: Vec<Vec<String>> = info.powers.iter().map(|p| vec![p.id.clone()]).collect();
    Seats::new(&info.powers, &ids).map_err(|e| format!("seats of `{}`: {e:?}", setup.scenario))
}

/// Dice from a seeded generator: `sample_face` over a 64-bit LCG's high words.
pub struct SimDice {
    state: u64,
    rolled: Vec<(u32, u32)>,
}

impl SimDice {
    /// The dice of step `step` of the game seeded `seed`: the same faces in every copy.
    pub fn of_step(seed: u64, step: usize) -> SimDice {
        SimDice { state: mix(seed ^ mix(step as u64 ^ 0xd1ce)), rolled: Vec::new() }
    }

    fn word(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.state >> 32) as u32
    }
}

impl DiceSource for SimDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceUnavailable> {
        if !(2..=1u32 << 16).contains(&sides) {
            return Err(DiceUnavailable);
        }
        let mut words = std::iter::from_fn(|| Some(self.word()));
        let face = sample_face(sides, &mut words).ok_or(DiceUnavailable)?;
        self.rolled.push((sides, face));
        Ok(face)
    }

    fn rolled(&self) -> &[(u32, u32)] {
        &self.rolled
    }
}

/// SplitMix64's finaliser: spreads a seed's bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
    z ^ (z >> 31)
}

/// One copy of the game: its holder, its state after the last step, and checkpoints.
struct Copy<S> {
    holder: Holder,
    state: S,
    /// `(k, state before step k)`, ascending in `k`; `k = 0` is the setup.
    checkpoints: Vec<(usize, S)>,
}

/// A concealed command of the list.
struct Hidden {
    step: usize,
    opened: bool,
}

/// The game being simulated: its steps and every copy.
pub struct Copies<'r, R: Ruleset> {
    ruleset: &'r R,
    seed: u64,
    checkpoint_every: usize,
    ignore: Vec<String>,
    players: usize,
    steps: Vec<Step<R::Command>>,
    /// Each player's concealed commands, by index.
    hidden: Vec<Vec<Hidden>>,
    copies: Vec<Copy<R::State>>,
    outcome: Outcome,
}

impl<'r, R: Ruleset> Copies<'r, R> {
    /// Every copy at the setup of `setup`.
    pub fn new(ruleset: &'r R, setup: &Setup, config: &Config) -> Result<Copies<'r, R>, Failure> {
        let fail = |message: String| Failure { seed: config.seed, step: 0, message, recent: Vec::new() };
        let seats = seats(ruleset, setup).map_err(fail)?;
        let start = ruleset.setup(setup, &seats).map_err(|e| fail(format!("the setup is refused: {e}")))?;
        let players = seats.player_count();
        let holders = seats.players().map(Holder::Player).chain([Holder::Referee]);
        let copies = holders
            .map(|holder| Copy { holder, state: start.clone(), checkpoints: vec![(0, start.clone())] })
            .collect();
        Ok(Copies {
            ruleset,
            seed: config.seed,
            checkpoint_every: config.checkpoint_every.max(1),
            ignore: config.ignore.clone(),
            players,
            steps: Vec::new(),
            hidden: (0..players).map(|_| Vec::new()).collect(),
            copies,
            outcome: Outcome { seed: config.seed, ..Outcome::default() },
        })
    }

    /// The steps so far.
    pub fn steps(&self) -> &[Step<R::Command>] {
        &self.steps
    }

    /// The state of `holder`'s copy now.
    pub fn state(&self, holder: Holder) -> Option<&R::State> {
        self.copies.iter().find(|c| c.holder == holder).map(|c| &c.state)
    }

    fn failure(&self, step: usize, message: String) -> Failure {
        let from = self.steps.len().saturating_sub(8);
        let recent =
            self.steps[from..].iter().enumerate().map(|(i, s)| format!("{:5} {}", from + i, self.text(s))).collect();
        Failure { seed: self.seed, step, message, recent }
    }

    /// A step in words.
    fn text(&self, step: &Step<R::Command>) -> String {
        let r = self.ruleset;
        match step {
            Step::Command { player, command } => format!("{player}: {}", r.format_command(command)),
            Step::Concealed { player, index, public, full } => format!(
                "{player}: {} (concealed #{index}, seen as `{}`)",
                r.format_command(full),
                r.format_command(public)
            ),
            Step::Sealed { choices } => {
                let c: Vec<String> = choices.iter().map(|(p, c)| format!("{p}: {}", r.format_command(c))).collect();
                format!("sealed: {}", c.join(", "))
            }
            Step::Open { player, indices, run } => {
                format!("{player} opens {indices:?}{}", if *run { "" } else { " (at the end)" })
            }
        }
    }

    /// Does a copy held by `holder` know concealed command `index` of `player`?
    fn knows(&self, holder: Holder, player: PlayerId, index: u32) -> bool {
        holder == Holder::Player(player) || self.opened(player, index)
    }

    fn opened(&self, player: PlayerId, index: u32) -> bool {
        self.hidden.get(player.index()).and_then(|h| h.get(index as usize)).is_some_and(|h| h.opened)
    }

    /// Apply step `k` to a state of `holder`'s copy, with the checks the journal makes.
    fn apply_step(&self, holder: Holder, state: &R::State, k: usize) -> Result<R::State, String> {
        let r = self.ruleset;
        let Some(step) = self.steps.get(k) else { return Err(format!("no step {k}")) };
        let pending = r.pending(state);
        let applied: Result<Applied<R::State>, ApplyError> = match step {
            Step::Command { player, command } => {
                match &pending {
                    Pending::Command { player: p, .. }
                    | Pending::Choice { player: p, .. }
                    | Pending::Dice { player: p, .. }
                        if p == player => {}
                    other => return Err(format!("out of turn: {player} gives a command while it waits for {other:?}")),
                }
                if let Some(p) = r.conceal(state, *player, command) {
                    return Err(format!(
                        "this copy would conceal the public command (projection `{}`)",
                        r.format_command(&p)
                    ));
                }
                r.apply(state, *player, command, &mut SimDice::of_step(self.seed, k))
            }
            Step::Concealed { player, index, public, full } => {
                match &pending {
                    Pending::Command { player: p, .. } | Pending::Choice { player: p, .. } if p == player => {}
                    other => {
                        return Err(format!(
                            "out of turn: {player} gives a concealed command while it waits for {other:?}"
                        ))
                    }
                }
                let known = self.knows(holder, *player, *index);
                if known {
                    match r.conceal(state, *player, full) {
                        Some(p) if p == *public => {}
                        Some(p) => {
                            return Err(format!(
                                "this copy makes another projection of the command: `{}`",
                                r.format_command(&p)
                            ))
                        }
                        None => return Err("this copy would not conceal the command".to_string()),
                    }
                }
                let concealed = Concealed {
                    index: *index,
                    public: public.clone(),
                    full: known.then(|| full.clone()),
                    opened: self.opened(*player, *index),
                };
                match r.apply_concealed(state, *player, &concealed, &mut NoDice) {
                    Err(ApplyError::NeedDice) => return Err("a concealed command rolled dice".to_string()),
                    other => other,
                }
            }
            Step::Sealed { choices } => {
                let Pending::Sealed { players, .. } = &pending else {
                    return Err(format!("a sealed step while it waits for {pending:?}"));
                };
                let mut chosen: Vec<PlayerId> = choices.iter().map(|(p, _)| *p).collect();
                let mut wanted = players.clone();
                chosen.sort();
                wanted.sort();
                if chosen != wanted {
                    return Err(format!("the sealed step names {chosen:?}, and the rules wait for {wanted:?}"));
                }
                r.apply_sealed(state, choices, &mut SimDice::of_step(self.seed, k))
            }
            Step::Open { player, indices, run: true } => {
                let Pending::Open { owing, .. } = &pending else {
                    return Err(format!("an opening while it waits for {pending:?}"));
                };
                match owing.iter().find(|o| o.player == *player) {
                    Some(o) if o.indices == *indices => {}
                    Some(o) => {
                        return Err(format!("{player} opens {indices:?}, and the rules ask for {:?}", o.indices))
                    }
                    None => return Err(format!("nothing asks {player} to open now: {pending:?}")),
                }
                r.apply_opened(state, *player, &mut SimDice::of_step(self.seed, k))
            }
            Step::Open { run: false, .. } => return Ok(state.clone()),
        };
        match applied {
            Ok(a) => Ok(a.state),
            Err(ApplyError::NeedDice) => Err("the command waits for dice the simulation always gives".to_string()),
            Err(ApplyError::Rule(e)) => Err(format!("refused: {e}")),
        }
    }

    /// Append `step` and apply it to every copy (the actor's first: `first`), replaying from a
    /// checkpoint the copies that an opening teaches something.
    fn push(&mut self, step: Step<R::Command>, first: Option<PlayerId>) -> Result<(), Failure> {
        let k = self.steps.len();
        // What an opening teaches: the earliest step of a command newly opened.
        let mut learnt_from: Option<usize> = None;
        if let Step::Open { player, indices, .. } = &step {
            for i in indices {
                let Some(h) = self.hidden.get_mut(player.index()).and_then(|h| h.get_mut(*i as usize)) else {
                    return Err(self.failure(k, format!("{player} opens #{i}, which is none of their commands")));
                };
                if h.opened {
                    return Err(self.failure(k, format!("{player} opens #{i} again")));
                }
                h.opened = true;
                learnt_from = Some(learnt_from.map_or(h.step, |s| s.min(h.step)));
            }
        }
        if let Step::Concealed { player, index, .. } = &step {
            let mine = &mut self.hidden[player.index()];
            if *index as usize != mine.len() {
                return Err(self.failure(k, format!("concealed command #{index} of {player} is out of order")));
            }
            mine.push(Hidden { step: k, opened: false });
        }
        let text = self.text(&step);
        let author = match &step {
            Step::Command { player, .. } | Step::Concealed { player, .. } | Step::Open { player, .. } => Some(*player),
            Step::Sealed { .. } => None,
        };
        self.steps.push(step);
        let mut order: Vec<usize> = (0..self.copies.len()).collect();
        if let Some(f) = first {
            order.sort_by_key(|&c| self.copies[c].holder != Holder::Player(f));
        }
        for c in order {
            let holder = self.copies[c].holder;
            // Every copy replays from before the first command opened: the others learn it
            // whole, and the opener's own copy learns that it is opened (`Concealed::opened`).
            let result = match learnt_from {
                Some(from) => self.replay_copy(c, from),
                None => self.advance_copy(c),
            };
            if let Err(e) = result {
                let who = if author.map(Holder::Player) == Some(holder) {
                    format!("the author's copy ({holder})")
                } else {
                    holder.to_string()
                };
                return Err(self.failure(k, format!("{who} fails at `{text}`: {e}")));
            }
        }
        self.check_agreement(k)
    }

    /// Apply the last step to copy `c`.
    fn advance_copy(&mut self, c: usize) -> Result<(), String> {
        let k = self.steps.len() - 1;
        let next = self.apply_step(self.copies[c].holder, &self.copies[c].state, k)?;
        let copy = &mut self.copies[c];
        copy.state = next;
        if (k + 1).is_multiple_of(self.checkpoint_every) {
            copy.checkpoints.push((k + 1, copy.state.clone()));
        }
        Ok(())
    }

    /// Replay copy `c` from its last checkpoint at or before step `from` to the last step.
    fn replay_copy(&mut self, c: usize, from: usize) -> Result<(), String> {
        let copy = &mut self.copies[c];
        while copy.checkpoints.len() > 1 && copy.checkpoints.last().is_some_and(|(k, _)| *k > from) {
            copy.checkpoints.pop();
        }
        let Some((start, state)) = copy.checkpoints.last().cloned() else {
            return Err("no checkpoint to replay from".to_string());
        };
        let holder = copy.holder;
        let mut state = state;
        let mut kept = Vec::new();
        for k in start..self.steps.len() {
            state = self.apply_step(holder, &state, k).map_err(|e| format!("replayed at step {k}: {e}"))?;
            if (k + 1).is_multiple_of(self.checkpoint_every) {
                kept.push((k + 1, state.clone()));
            }
        }
        self.outcome.replays += 1;
        self.outcome.replayed_steps += self.steps.len() - start;
        let copy = &mut self.copies[c];
        copy.checkpoints.extend(kept);
        copy.state = state;
        Ok(())
    }

    /// Every copy waits for the same thing and shows everyone the same public part.
    fn check_agreement(&self, k: usize) -> Result<(), Failure> {
        let r = self.ruleset;
        let Some(first) = self.copies.first() else { return Ok(()) };
        let pending = r.pending(&first.state);
        let public = self.public(&first.state).map_err(|e| self.failure(k, e))?;
        for copy in &self.copies[1..] {
            let theirs = r.pending(&copy.state);
            if theirs != pending {
                return Err(self.failure(
                    k,
                    format!("{} waits for {pending:?}, and {} for {theirs:?}", first.holder, copy.holder),
                ));
            }
            let view = self.public(&copy.state).map_err(|e| self.failure(k, e))?;
            if view != public {
                return Err(self.failure(
                    k,
                    format!(
                        "the public part differs between {} and {}: {}",
                        first.holder,
                        copy.holder,
                        first_difference(&public, &view)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The view for everyone of a copy's state, as JSON, without the parts ignored.
    fn public(&self, state: &R::State) -> Result<serde_json::Value, String> {
        let mut value = serde_json::to_value(self.ruleset.player_view(state, Viewer::Everyone))
            .map_err(|e| format!("the public view does not serialize: {e}"))?;
        for path in &self.ignore {
            remove(&mut value, path);
        }
        Ok(value)
    }

    /// What every copy waits for (after checking they agree).
    pub fn pending(&self) -> Pending {
        self.copies
            .first()
            .map_or(Pending::Over { result: String::new(), winners: Vec::new() }, |c| self.ruleset.pending(&c.state))
    }

    fn own(&self, player: PlayerId) -> Result<&R::State, Failure> {
        self.state(Holder::Player(player))
            .ok_or_else(|| self.failure(self.steps.len(), format!("{player} has no copy")))
    }

    /// `player` picks a legal command of its own copy, completes it and gives it, concealed
    /// when a rule says so.
    fn command(&mut self, player: PlayerId, rng: &mut Lcg, pick: &mut Pick<'_, R>) -> Result<(), Failure> {
        let k = self.steps.len();
        let r = self.ruleset;
        let own = self.own(player)?;
        let legal = r.legal_commands(own, player);
        if legal.is_empty() {
            return Err(self.failure(k, format!("{player} must act and has no legal command: {:?}", self.pending())));
        }
        let chosen = legal[pick(own, player, &legal, rng) % legal.len()].clone();
        let command = r.complete(own, player, chosen.clone()).map_err(|e| {
            self.failure(k, format!("{player}'s legal command `{}` does not complete: {e}", r.format_command(&chosen)))
        })?;
        // The author's private draw, from a generator of its own so that the picks of the
        // game stay those of its seed.
        let command = r.private_draw(own, player, command, &Lcg(rng.0 ^ 0x5eed_d4a3).entropy());
        let step = match r.conceal(own, player, &command) {
            None => Step::Command { player, command },
            Some(public) => {
                let index = self.hidden[player.index()].len() as u32;
                Step::Concealed { player, index, public, full: command }
            }
        };
        if let Step::Concealed { .. } = step {
            self.outcome.concealed += 1;
        }
        self.push(step, Some(player))
    }

    /// Every player of a sealed step picks a legal choice of its own copy.
    fn sealed(&mut self, players: &[PlayerId], rng: &mut Lcg, pick: &mut Pick<'_, R>) -> Result<(), Failure> {
        let k = self.steps.len();
        let r = self.ruleset;
        let mut choices = Vec::new();
        let mut players = players.to_vec();
        players.sort();
        for p in players {
            let own = self.own(p)?;
            let legal = r.legal_commands(own, p);
            if legal.is_empty() {
                return Err(self.failure(k, format!("{p} has no legal sealed choice")));
            }
            let chosen = legal[pick(own, p, &legal, rng) % legal.len()].clone();
            let choice = r.complete(own, p, chosen).map_err(|e| self.failure(k, format!("{p}'s choice: {e}")))?;
            r.check_sealed(own, p, &choice).map_err(|e| {
                self.failure(k, format!("{p}'s sealed choice `{}` is refused: {e}", r.format_command(&choice)))
            })?;
            choices.push((p, choice));
        }
        self.push(Step::Sealed { choices }, None)
    }

    /// Play one step: what is pending. `false` when the game is over.
    pub fn step(&mut self, rng: &mut Lcg, pick: &mut Pick<'_, R>) -> Result<bool, Failure> {
        match self.pending() {
            Pending::Over { .. } => Ok(false),
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                self.command(player, rng, pick).map(|_| true)
            }
            Pending::Sealed { players, .. } => self.sealed(&players, rng, pick).map(|_| true),
            Pending::Open { owing, .. } => {
                let Some(o) = owing.first() else {
                    return Err(self.failure(self.steps.len(), "an opening that names nobody".to_string()));
                };
                self.outcome.openings += 1;
                self.push(Step::Open { player: o.player, indices: o.indices.clone(), run: true }, Some(o.player))
                    .map(|_| true)
            }
        }
    }

    /// The end: every player opens what is still closed; every copy, replayed from the setup,
    /// must be the same state as every other.
    pub fn finish(&mut self) -> Result<(), Failure> {
        let k = self.steps.len();
        // First, the incremental states must be those a replay from the setup gives.
        for c in 0..self.copies.len() {
            let holder = self.copies[c].holder;
            let fresh = self.replay_from_setup(holder).map_err(|e| self.failure(k, e))?;
            if json::<R>(&fresh) != json::<R>(&self.copies[c].state) {
                return Err(self.failure(
                    k,
                    format!(
                        "{holder} kept by steps and replayed from the setup differ: {}",
                        first_difference(&json::<R>(&self.copies[c].state), &json::<R>(&fresh))
                    ),
                ));
            }
        }
        let over = matches!(self.pending(), Pending::Over { .. });
        for p in 0..self.players {
            let player = PlayerId(p as u8);
            let closed: Vec<u32> =
                self.hidden[p].iter().enumerate().filter(|(_, h)| !h.opened).map(|(i, _)| i as u32).collect();
            if closed.is_empty() {
                continue;
            }
            self.outcome.opened_at_end += closed.len();
            self.push(Step::Open { player, indices: closed, run: false }, Some(player))?;
        }
        if over && !matches!(self.pending(), Pending::Over { .. }) {
            return Err(self.failure(k, format!("the game is no longer over after the openings: {:?}", self.pending())));
        }
        let k = self.steps.len();
        let mut reference: Option<(Holder, serde_json::Value)> = None;
        for c in 0..self.copies.len() {
            let holder = self.copies[c].holder;
            let fresh = self.replay_from_setup(holder).map_err(|e| self.failure(k, e))?;
            let value = json::<R>(&fresh);
            if value != json::<R>(&self.copies[c].state) {
                return Err(self.failure(k, format!("{holder} kept by steps and replayed from the setup differ")));
            }
            match &reference {
                None => reference = Some((holder, value)),
                Some((h, v)) if *v != value => {
                    return Err(self.failure(
                        k,
                        format!("with everything opened, {h} and {holder} differ: {}", first_difference(v, &value)),
                    ))
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// `holder`'s copy replayed from the setup over every step, with what it knows now.
    fn replay_from_setup(&self, holder: Holder) -> Result<R::State, String> {
        let copy = self.copies.iter().find(|c| c.holder == holder).ok_or("no such copy")?;
        let Some((_, start)) = copy.checkpoints.first() else { return Err("no setup".to_string()) };
        let mut state = start.clone();
        for k in 0..self.steps.len() {
            state = self
                .apply_step(holder, &state, k)
                .map_err(|e| format!("{holder} replayed from the setup fails at step {k}: {e}"))?;
        }
        Ok(state)
    }

    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

fn json<R: Ruleset>(s: &R::State) -> serde_json::Value {
    serde_json::to_value(s).unwrap_or_else(|e| serde_json::Value::String(format!("does not serialize: {e}")))
}

/// Take the value at the dotted `path` of object keys out of `value`, if it is there.
fn remove(value: &mut serde_json::Value, path: &str) {
    let mut keys: Vec<&str> = path.split('.').filter(|k| !k.is_empty()).collect();
    let Some(last) = keys.pop() else { return };
    let mut at = value;
    for key in keys {
        match at.get_mut(key) {
            Some(next) => at = next,
            None => return,
        }
    }
    if let Some(object) = at.as_object_mut() {
        object.remove(last);
    }
}

/// Where two JSON values first differ, as a path and both values (shortened).
pub fn first_difference(a: &serde_json::Value, b: &serde_json::Value) -> String {
    use serde_json::Value;
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<String> {
        if a == b {
            return None;
        }
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
                keys.sort();
                keys.dedup();
                for key in keys {
                    let (va, vb) = (x.get(key).unwrap_or(&Value::Null), y.get(key).unwrap_or(&Value::Null));
                    let len = path.len();
                    path.push('.');
                    path.push_str(key);
                    if let Some(d) = walk(va, vb, path) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                None
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    if let Some(d) = walk(va, vb, path) {
                        return Some(d);
                    }
                    path.truncate(len);
                }
                None
            }
            _ => Some(format!("at `{}`: {} vs {}", if path.is_empty() { "." } else { path }, short(a), short(b))),
        }
    }
    walk(a, b, &mut String::new()).unwrap_or_else(|| "no difference".to_string())
}

fn short(v: &serde_json::Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 300 {
        format!("{}...", s.chars().take(300).collect::<String>())
    } else {
        s
    }
}

/// Play one whole game of `setup` (to its end or `config.max_steps`), then open everything
/// and compare the copies. `pick` chooses each command.
pub fn play<R: Ruleset>(
    ruleset: &R,
    setup: &Setup,
    config: &Config,
    pick: &mut Pick<'_, R>,
) -> Result<Outcome, Failure> {
    let started = Instant::now();
    let mut copies = Copies::new(ruleset, setup, config)?;
    copies.check_agreement(0)?;
    let mut rng = Lcg(mix(config.seed ^ 0x5eed));
    while copies.steps.len() < config.max_steps {
        if !copies.step(&mut rng, pick)? {
            break;
        }
    }
    if let Pending::Over { result, .. } = copies.pending() {
        copies.outcome.over = Some(result);
    }
    copies.finish()?;
    copies.outcome.steps = copies.steps.len();
    copies.outcome.elapsed = started.elapsed();
    Ok(copies.outcome.clone())
}

/// `(seeds, steps)` from the environment (`GROGNARD_SIM_SEEDS`, `GROGNARD_SIM_STEPS`), or the
/// defaults given.
pub fn budget(seeds: u64, steps: usize) -> (u64, usize) {
    let var = |name: &str| std::env::var(name).ok().and_then(|s| s.trim().parse::<u64>().ok());
    let seeds = var("GROGNARD_SIM_SEEDS").unwrap_or(seeds).max(1);
    let steps = var("GROGNARD_SIM_STEPS").map_or(steps, |s| usize::try_from(s).unwrap_or(usize::MAX)).max(1);
    (seeds, steps)
}

/// The line a simulation prints for its games: steps, concealed commands, openings, replays
/// and speed.
pub fn report(label: &str, outcomes: &[Outcome]) -> String {
    let sum = |f: fn(&Outcome) -> usize| outcomes.iter().map(f).sum::<usize>();
    format!(
        "{label}: {} games, {} steps, {} concealed, {} openings demanded, {} opened at the end, {} replays; {:.0} \
         steps per second",
        outcomes.len(),
        sum(|o| o.steps),
        sum(|o| o.concealed),
        sum(|o| o.openings),
        sum(|o| o.opened_at_end),
        sum(|o| o.replays),
        rate(outcomes)
    )
}

/// Steps per second over some outcomes, for reports.
pub fn rate(outcomes: &[Outcome]) -> f64 {
    let steps: usize = outcomes.iter().map(|o| o.steps).sum();
    let secs: f64 = outcomes.iter().map(|o| o.elapsed.as_secs_f64()).sum();
    if secs > 0.0 {
        steps as f64 / secs
    } else {
        0.0
    }
}
