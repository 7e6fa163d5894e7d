use crate::{
    AidAnswer, AidQuery, ApplyError, Concealed, DiceSource, Event, Pending, PlayerId, PowerInfo, RuleError, Seats,
    Setup, View, Viewer,
};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// What a ruleset is: its id and version are fixed in every game's genesis entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetInfo {
    pub id: String,
    pub version: String,
    pub name: String,
    /// A ruleset that exists to exercise the machinery, not a published game.
    pub test_only: bool,
}

/// Where a state stands in a game's time, for replays that step by turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMark {
    /// The game turn (or round), from 1.
    pub game_turn: u32,
    /// The player turn within it, in words (`turn 3, French player turn`): a replay's "next
    /// player turn" goes to the next step where this changes.
    pub player_turn: String,
}

/// One side's score in a state (FNC's victory points, Duel's hit points), for what charts a
/// match over time (`grognard export-html`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Whose score, in words (`French`, `Red Duellist`).
    pub side: String,
    pub value: i64,
}

/// An option of a ruleset that players may choose when they start a game (the genesis
/// records the chosen ones: [`Setup::options`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    pub id: String,
    /// What choosing it does, in a sentence.
    pub description: String,
}

/// A scenario a game can start from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    pub id: String,
    pub name: String,
    pub description: String,
    pub powers: Vec<PowerInfo>,
    pub min_players: usize,
    pub max_players: usize,
}

/// The result of a successful command: the next state and what happened.
#[derive(Clone, Debug)]
pub struct Applied<S> {
    pub state: S,
    pub events: Vec<Event>,
}

/// What asks for a roll, for [`Ruleset::roll_concerns`]. (A sealed step's roll has no
/// cause here: its witnesses are the players who sealed in it, docs/PROTOCOL.md section 5.3.)
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RollCause<'a, C> {
    /// The player gives this command (an ordinary command, a choice or a roll).
    Command(&'a C),
    /// The rules go on after the player opened the concealed commands that
    /// [`Pending::Open`] demanded ([`Ruleset::apply_opened`]).
    Opened,
}

/// A game's rules. Implementations are pure: same inputs, same outputs, on every machine.
///
/// Contract, checked by the journal's replay:
/// - `apply` and `apply_sealed` check legality completely before the first roll, so a
///   `NeedDice` answer means the command is legal and only waits for its dice;
/// - `legal_commands` lists only commands `apply` accepts (with some dice);
/// - no float, clock, I/O, OS randomness or hash-map iteration order decides an outcome.
pub trait Ruleset: Send + Sync + 'static {
    type State: Clone + Debug + Serialize + Send + Sync + 'static;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    fn info(&self) -> RulesetInfo;
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    /// The options players may choose for a game ([`Setup::options`]); a genesis that names
    /// another is refused. Default: none.
    fn options(&self) -> Vec<OptionInfo> {
        Vec::new()
    }
    /// The options a new game of `players` players records in its genesis when they choose
    /// `chosen` (all known): a ruleset with a rule played by default records it unless an
    /// option turns it off, so that every genesis says what it plays. Default: `chosen` as
    /// given.
    fn recorded_options(&self, chosen: &[String], _players: usize) -> Vec<String> {
        chosen.to_vec()
    }
    /// The scenario a game of `setup` is played in: one of [`scenarios`] by its id (the
    /// scenario of a position game too; a ruleset may check there that the position fits it).
    ///
    /// [`scenarios`]: Ruleset::scenarios
    fn scenario_of(&self, setup: &Setup) -> Option<ScenarioInfo> {
        self.scenarios().into_iter().find(|s| s.id == setup.scenario)
    }
    /// The bytes of a set-up's data (maps, counters, charts) whose hash the genesis entry
    /// fixes, so both players provably play the same data. A ruleset that cannot start from
    /// a written position refuses one (code `input`, see [`Setup::scenario_only`]).
    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError>;
    /// The initial state of a game of `setup` for these seats: the scenario's opening, or
    /// the written position. A ruleset that cannot start from a written position refuses one
    /// (code `input`, see [`Setup::scenario_only`]).
    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<Self::State, RuleError>;
    /// The first line of this ruleset's written positions (FNC: `fnc-position 1`), as its
    /// position format documents it; `None` (the default) for a ruleset that cannot start a
    /// game from a position. The journal also uses it to read genesis entries written
    /// before positions had a field of their own (docs/PROTOCOL.md, section 4.4).
    fn position_header(&self) -> Option<&'static str> {
        None
    }
    /// The set-up of a game started from the written position `text`: the scenario the
    /// position is played in, with the text. Only the scenario is read here; [`setup`]
    /// reads the whole position. Default: refused (code `input`), this ruleset cannot
    /// start from a position.
    ///
    /// [`setup`]: Ruleset::setup
    fn position_setup(&self, _text: &str) -> Result<Setup, RuleError> {
        Err(crate::setup::no_positions(&self.info().name))
    }
    fn pending(&self, state: &Self::State) -> Pending;
    /// What `viewer` may know of `state`: the state with every secret the viewer may not see
    /// taken out (for a player, the other players' secrets; for everyone, all of them). A
    /// client presents a game only through it: `summary`, the prompt of `pending`, the JSON of
    /// the state and the picture are made from the viewer's state, never from the whole one.
    /// Default, for rulesets that hide nothing: the state itself.
    fn player_view(&self, state: &Self::State, _viewer: Viewer) -> Self::State {
        state.clone()
    }
    fn legal_commands(&self, state: &Self::State, player: PlayerId) -> Vec<Self::Command>;
    fn apply(
        &self,
        state: &Self::State,
        player: PlayerId,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError>;
    /// Is `choice` a legal sealed choice for `player` now? Checked when it is committed
    /// by honest clients and when it is revealed by everyone. Default, for rulesets whose
    /// `pending` never asks for a sealed step: no choice is ever legal.
    fn check_sealed(&self, _state: &Self::State, _player: PlayerId, _choice: &Self::Command) -> Result<(), RuleError> {
        Err(no_sealed_steps(&self.info()))
    }
    /// The choice the rules give `player` in the open sealed step when its sealed choice is
    /// lost: its seat passed to another holder after sealing, once another player of the
    /// step had opened (docs/PROTOCOL.md section 13.5), so nobody can open it and a fresh
    /// choice would be made knowing the others'. It must be legal (`check_sealed`) and depend
    /// only on the rules and the public state. Default: none (the step then waits for ever).
    fn lost_sealed_choice(&self, _state: &Self::State, _player: PlayerId) -> Option<Self::Command> {
        None
    }
    /// Resolve a sealed step once every choice is revealed; `choices` is in player order.
    /// Default, for rulesets without sealed steps: refused.
    fn apply_sealed(
        &self,
        _state: &Self::State,
        _choices: &[(PlayerId, Self::Command)],
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Err(no_sealed_steps(&self.info()).into())
    }
    /// Hidden information (docs/PROTOCOL.md section 12): the public projection of `command`
    /// when `player` gives it in `state` and a rule hides part of it from the other players
    /// (FNC 7.7: which units move beneath the top of a stack), or `None` when the whole
    /// command is public. A command whose projection is `Some` is never accepted in the
    /// clear: the journal carries the projection and a commitment to the command, and
    /// applies it by [`apply_concealed`]. Default: nothing is hidden.
    ///
    /// [`apply_concealed`]: Ruleset::apply_concealed
    fn conceal(&self, _state: &Self::State, _player: PlayerId, _command: &Self::Command) -> Option<Self::Command> {
        None
    }
    /// Apply a concealed command of `player`: with the whole command when `concealed.full`
    /// is known (check it completely, as [`apply`] does), with its projection alone
    /// otherwise (check everything the projection shows: what others can verify at once is
    /// verified at once). Both ways must leave the same public part of the state. A
    /// concealed command never rolls dice. Default: refused, nothing is hidden.
    ///
    /// [`apply`]: Ruleset::apply
    fn apply_concealed(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        _concealed: &Concealed<Self::Command>,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Err(no_hidden(&self.info()).into())
    }
    /// `player` has opened the concealed commands that [`Pending::Open`] asked of them; the
    /// state already knows them (a replay applies every opened command whole where it was
    /// made). The rules go on from here, and may roll dice: the opening is then the roll's
    /// request. Default: refused, nothing is hidden.
    fn apply_opened(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        _dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Err(no_hidden(&self.info()).into())
    }
    /// Parse a command as a player types it (`grognard do fire 3`).
    fn parse_command(&self, text: &str) -> Result<Self::Command, RuleError>;
    /// Write a command the way `parse_command` reads it.
    fn format_command(&self, command: &Self::Command) -> String;
    /// A few lines for `grognard status`.
    fn summary(&self, state: &Self::State) -> String;
    /// Where `state` stands in the game's time ([`TurnMark`]). Default: `None`, the ruleset
    /// has no turns (a replay then steps only entry by entry).
    fn turn(&self, _state: &Self::State) -> Option<TurnMark> {
        None
    }
    /// Each side's score in `state`, in a fixed order of sides. Default: none, the ruleset
    /// keeps no score.
    fn scores(&self, _state: &Self::State) -> Vec<Score> {
        Vec::new()
    }
    /// Does `player` still take part in the game in `state`? A player with nothing left at
    /// stake (all of their forces eliminated) witnesses no more dice rolls: the journal
    /// decides a roll's witnesses from the state when the roll is requested. Default: every
    /// player takes part until the end.
    fn takes_part(&self, _state: &Self::State, _player: PlayerId) -> bool {
        true
    }
    /// The players a roll concerns (the defender of a combat, the owner of an enemy fleet),
    /// decided from `state` before the roll and from what asks for it ([`RollCause`]):
    /// `player` gives a command, or the rules go on after `player` opened what they demanded.
    /// Only a game whose genesis chooses the witnesses `concerned` (docs/PROTOCOL.md section
    /// 5.3) asks: its rolls are witnessed by these players (less the roller and those who no
    /// longer take part), or, when none is left, by one other player the protocol picks.
    /// Called only for a roll `apply` or `apply_opened` asked for, so the command is legal.
    /// Like `pending`, the answer must depend only on the command and the public part of the
    /// state (never on what one copy knows of concealed commands): every copy must name the
    /// same players. Naming the roller is allowed and changes nothing; the order and repeats
    /// do not matter. Default: empty, no opinion (the protocol's single witness).
    fn roll_concerns(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        _cause: RollCause<'_, Self::Command>,
    ) -> Vec<PlayerId> {
        Vec::new()
    }
    /// Check the text of a player's standing orders against a game (answers given in advance to decisions
    /// the opponents' actions will raise: losses, retreats, advances...). The orders stay on
    /// the player's machine; only the commands they give are signed. Default: the ruleset
    /// takes no standing orders.
    fn check_orders(&self, _state: &Self::State, _text: &str) -> Result<(), RuleError> {
        Err(RuleError::new("input", "this ruleset takes no standing orders"))
    }
    /// The command `player`'s standing orders give for the decision `player` owes in `state`,
    /// with the order that gave it (for the player to read), or `None` when no order covers
    /// the decision (it then waits for the player). The command must be legal: honest
    /// clients sign it as an ordinary command, which every journal checks.
    fn answer_by_orders(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        _orders: &str,
    ) -> Result<Option<(Self::Command, String)>, RuleError> {
        Ok(None)
    }
    /// Everything a picture of the game shows now to `viewer`, for rulesets played on a map
    /// (`None` for the others): `grognard show` and turn mails draw it, with the renderer
    /// the view's [`ViewKind`](crate::ViewKind) picks. Every ruleset today shows everything
    /// to everyone, whoever the viewer; a ruleset with hidden information leaves out what
    /// `viewer` may not see. Default: no picture.
    fn view(&self, _state: &Self::State, _viewer: Viewer) -> Option<View> {
        None
    }
    /// Answer a play aid (`grognard hex`, `units`, `reach`, `odds`, `charts`) about `state`,
    /// changing nothing. Default: this ruleset offers no aids.
    fn aid(&self, _state: &Self::State, query: &AidQuery) -> Result<AidAnswer, RuleError> {
        Err(RuleError::new("input", format!("this ruleset offers no `{}` aid", query.name())))
    }
    /// Expand a shorthand typed by `player` into the full, explicit command before it is
    /// signed or staged (e.g. a move given by its destination becomes a move along a path):
    /// the journal stores only the completed command. Default: the command as typed.
    fn complete(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        command: Self::Command,
    ) -> Result<Self::Command, RuleError> {
        Ok(command)
    }
    /// Fill in a choice the rules leave to the luck of the command's author alone, hidden
    /// from the other players with the command (docs/PROTOCOL.md section 12.1): Empires in
    /// Arms shuffles look-alike corps counters that stand together (2.4.2). The client draws
    /// `entropy` from the operating system (a bot or a test harness, from its seed); the
    /// draw is part of the completed command, so it is committed, opened and checked as the
    /// rest of it. It is not a die roll: nobody else is concerned by it, and the author may
    /// as well have chosen it. Default: the command unchanged.
    fn private_draw(
        &self,
        _state: &Self::State,
        _player: PlayerId,
        command: Self::Command,
        _entropy: &[u8; 32],
    ) -> Self::Command {
        command
    }
    /// The ruleset's own computer opponents, beyond the generic ones every ruleset has
    /// ([`crate::generic_bots`]). Default: none.
    fn bots(&self) -> Vec<&'static dyn crate::Bot> {
        Vec::new()
    }
}

/// The refusal of a concealed command or an opening by a ruleset that hides nothing.
fn no_hidden(info: &RulesetInfo) -> RuleError {
    RuleError::new("input", format!("{} hides nothing: it has no concealed commands", info.name))
}

/// The refusal of a sealed choice by a ruleset that has no sealed steps.
fn no_sealed_steps(info: &RulesetInfo) -> RuleError {
    RuleError::new("input", format!("{} has no secret choices: it never asks for a sealed step", info.name))
}
