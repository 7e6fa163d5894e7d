//! The object-safe face of a [`Ruleset`]: the journal and the CLI hold a
//! `&dyn AnyRuleset` chosen by the id in a game's genesis entry. Commands cross this
//! boundary as JSON values (the form stored in the journal) and states as opaque
//! [`GameState`]s.

use crate::{
    AidAnswer, AidQuery, Applied, ApplyError, Concealed, DiceSource, Event, OptionInfo, Pending, PlayerId, RollCause,
    RuleError, Ruleset, RulesetInfo, ScenarioInfo, Score, Seats, Setup, TurnMark, View, Viewer,
};
use serde_json::Value;
use std::any::Any;
use std::sync::Arc;

/// An opaque, cheaply cloned game state of some ruleset.
#[derive(Clone)]
pub struct GameState(Arc<dyn Any + Send + Sync>);

impl GameState {
    /// A ruleset's typed state, made opaque.
    pub fn new<S: Send + Sync + 'static>(state: S) -> GameState {
        GameState(Arc::new(state))
    }

    /// The typed state, when it is one of `S` (a ruleset's own bots read their own states).
    pub fn downcast_ref<S: 'static>(&self) -> Option<&S> {
        self.0.downcast_ref::<S>()
    }
}

impl std::fmt::Debug for GameState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameState(..)")
    }
}

pub trait AnyRuleset: Send + Sync {
    fn info(&self) -> RulesetInfo;
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    /// The options players may choose ([`Ruleset::options`]).
    fn options(&self) -> Vec<OptionInfo>;
    fn recorded_options(&self, chosen: &[String], players: usize) -> Vec<String>;
    fn scenario_of(&self, setup: &Setup) -> Option<ScenarioInfo>;
    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError>;
    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<GameState, RuleError>;
    /// The first line of the ruleset's written positions ([`Ruleset::position_header`]).
    fn position_header(&self) -> Option<&'static str>;
    /// The set-up of a game started from a written position ([`Ruleset::position_setup`]).
    fn position_setup(&self, text: &str) -> Result<Setup, RuleError>;
    fn pending(&self, state: &GameState) -> Pending;
    /// What `viewer` may know of `state` ([`Ruleset::player_view`]).
    fn player_view(&self, state: &GameState, viewer: Viewer) -> GameState;
    fn legal_commands(&self, state: &GameState, player: PlayerId) -> Vec<Value>;
    fn apply(
        &self,
        state: &GameState,
        player: PlayerId,
        command: &Value,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError>;
    fn check_sealed(&self, state: &GameState, player: PlayerId, choice: &Value) -> Result<(), RuleError>;
    /// [`Ruleset::lost_sealed_choice`].
    fn lost_sealed_choice(&self, state: &GameState, player: PlayerId) -> Option<Value>;
    fn apply_sealed(
        &self,
        state: &GameState,
        choices: &[(PlayerId, Value)],
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError>;
    /// The public projection of a command, if a rule conceals part of it ([`Ruleset::conceal`]).
    fn conceal(&self, state: &GameState, player: PlayerId, command: &Value) -> Result<Option<Value>, RuleError>;
    /// Apply a concealed command ([`Ruleset::apply_concealed`]).
    fn apply_concealed(
        &self,
        state: &GameState,
        player: PlayerId,
        concealed: &Concealed<Value>,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError>;
    /// Go on once `player` has opened what the rules asked ([`Ruleset::apply_opened`]).
    fn apply_opened(
        &self,
        state: &GameState,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError>;
    /// Parse typed text into the JSON form of a command.
    fn parse_command(&self, text: &str) -> Result<Value, RuleError>;
    fn format_command(&self, command: &Value) -> String;
    fn summary(&self, state: &GameState) -> String;
    fn takes_part(&self, state: &GameState, player: PlayerId) -> bool;
    /// The players a roll concerns ([`Ruleset::roll_concerns`]); the command in its JSON
    /// form. A command that is not one of the ruleset's concerns nobody (empty).
    fn roll_concerns(&self, state: &GameState, player: PlayerId, cause: RollCause<'_, Value>) -> Vec<PlayerId>;
    /// Where the state stands in the game's time ([`Ruleset::turn`]).
    fn turn(&self, state: &GameState) -> Option<TurnMark>;
    /// Each side's score ([`Ruleset::scores`]).
    fn scores(&self, state: &GameState) -> Vec<Score>;
    fn check_orders(&self, state: &GameState, text: &str) -> Result<(), RuleError>;
    /// The JSON form of the command `player`'s standing orders give now, with the order.
    fn answer_by_orders(
        &self,
        state: &GameState,
        player: PlayerId,
        orders: &str,
    ) -> Result<Option<(Value, String)>, RuleError>;
    fn state_json(&self, state: &GameState) -> Value;
    /// What a picture of the game shows `viewer`, if the ruleset has a map ([`Ruleset::view`]).
    fn view(&self, state: &GameState, viewer: Viewer) -> Option<View>;
    /// A play aid's answer ([`Ruleset::aid`]).
    fn aid(&self, state: &GameState, query: &AidQuery) -> Result<AidAnswer, RuleError>;
    /// The typed command completed into its explicit form ([`Ruleset::complete`]).
    fn complete(&self, state: &GameState, player: PlayerId, command: &Value) -> Result<Value, RuleError>;
    /// The command with its author's private draw filled in ([`Ruleset::private_draw`]).
    fn private_draw(
        &self,
        state: &GameState,
        player: PlayerId,
        command: &Value,
        entropy: &[u8; 32],
    ) -> Result<Value, RuleError>;
    /// Every bot that can play this ruleset: the generic ones, then its own
    /// ([`Ruleset::bots`]).
    fn bots(&self) -> Vec<&'static dyn crate::Bot>;
    /// The bot called `name`, if this ruleset has one.
    fn bot(&self, name: &str) -> Option<&'static dyn crate::Bot> {
        self.bots().into_iter().find(|b| b.name() == name)
    }
}

fn typed<R: Ruleset>(state: &GameState) -> &R::State {
    // A GameState only ever reaches the ruleset that made it: the journal picks the
    // ruleset from the genesis entry and never mixes states of two games.
    state.0.downcast_ref::<R::State>().expect("a GameState is used only with the ruleset that made it")
}

fn decode<R: Ruleset>(command: &Value) -> Result<R::Command, RuleError> {
    R::Command::deserialize(command).map_err(|e| RuleError::new("input", format!("not a command of this ruleset: {e}")))
}

fn encode<R: Ruleset>(command: &R::Command) -> Value {
    // Commands are plain data; serializing them cannot fail.
    serde_json::to_value(command).expect("commands serialize to JSON")
}

fn wrap<S: Send + Sync + 'static>(a: Applied<S>) -> (GameState, Vec<Event>) {
    (GameState(Arc::new(a.state)), a.events)
}

use serde::Deserialize;

impl<R: Ruleset> AnyRuleset for R {
    fn info(&self) -> RulesetInfo {
        Ruleset::info(self)
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        Ruleset::scenarios(self)
    }
    fn options(&self) -> Vec<OptionInfo> {
        Ruleset::options(self)
    }
    fn recorded_options(&self, chosen: &[String], players: usize) -> Vec<String> {
        Ruleset::recorded_options(self, chosen, players)
    }
    fn scenario_of(&self, setup: &Setup) -> Option<ScenarioInfo> {
        Ruleset::scenario_of(self, setup)
    }
    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        Ruleset::scenario_data(self, setup)
    }
    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<GameState, RuleError> {
        Ruleset::setup(self, setup, seats).map(|s| GameState(Arc::new(s)))
    }
    fn position_header(&self) -> Option<&'static str> {
        Ruleset::position_header(self)
    }
    fn position_setup(&self, text: &str) -> Result<Setup, RuleError> {
        if text.len() > crate::MAX_POSITION_BYTES {
            return Err(RuleError::new(
                "input",
                format!("a position is at most {} bytes; this one has {}", crate::MAX_POSITION_BYTES, text.len()),
            ));
        }
        Ruleset::position_setup(self, text)
    }
    fn pending(&self, state: &GameState) -> Pending {
        Ruleset::pending(self, typed::<R>(state))
    }
    fn player_view(&self, state: &GameState, viewer: Viewer) -> GameState {
        GameState(Arc::new(Ruleset::player_view(self, typed::<R>(state), viewer)))
    }
    fn legal_commands(&self, state: &GameState, player: PlayerId) -> Vec<Value> {
        Ruleset::legal_commands(self, typed::<R>(state), player).iter().map(encode::<R>).collect()
    }
    fn apply(
        &self,
        state: &GameState,
        player: PlayerId,
        command: &Value,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError> {
        let command = decode::<R>(command)?;
        Ruleset::apply(self, typed::<R>(state), player, &command, dice).map(wrap)
    }
    fn check_sealed(&self, state: &GameState, player: PlayerId, choice: &Value) -> Result<(), RuleError> {
        let choice = decode::<R>(choice)?;
        Ruleset::check_sealed(self, typed::<R>(state), player, &choice)
    }
    fn lost_sealed_choice(&self, state: &GameState, player: PlayerId) -> Option<Value> {
        Ruleset::lost_sealed_choice(self, typed::<R>(state), player).map(|c| encode::<R>(&c))
    }
    fn apply_sealed(
        &self,
        state: &GameState,
        choices: &[(PlayerId, Value)],
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError> {
        let choices = choices.iter().map(|(p, c)| decode::<R>(c).map(|c| (*p, c))).collect::<Result<Vec<_>, _>>()?;
        Ruleset::apply_sealed(self, typed::<R>(state), &choices, dice).map(wrap)
    }
    fn conceal(&self, state: &GameState, player: PlayerId, command: &Value) -> Result<Option<Value>, RuleError> {
        let command = decode::<R>(command)?;
        Ok(Ruleset::conceal(self, typed::<R>(state), player, &command).map(|c| encode::<R>(&c)))
    }
    fn apply_concealed(
        &self,
        state: &GameState,
        player: PlayerId,
        concealed: &Concealed<Value>,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError> {
        let typed_concealed = Concealed {
            index: concealed.index,
            public: decode::<R>(&concealed.public)?,
            full: concealed.full.as_ref().map(decode::<R>).transpose()?,
            opened: concealed.opened,
        };
        Ruleset::apply_concealed(self, typed::<R>(state), player, &typed_concealed, dice).map(wrap)
    }
    fn apply_opened(
        &self,
        state: &GameState,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<(GameState, Vec<Event>), ApplyError> {
        Ruleset::apply_opened(self, typed::<R>(state), player, dice).map(wrap)
    }
    fn parse_command(&self, text: &str) -> Result<Value, RuleError> {
        if text.len() > crate::MAX_COMMAND_BYTES {
            return Err(RuleError::new(
                "input",
                format!("a command is at most {} bytes; this one has {}", crate::MAX_COMMAND_BYTES, text.len()),
            ));
        }
        Ruleset::parse_command(self, text).map(|c| encode::<R>(&c))
    }
    fn format_command(&self, command: &Value) -> String {
        match decode::<R>(command) {
            Ok(c) => Ruleset::format_command(self, &c),
            Err(_) => command.to_string(),
        }
    }
    fn summary(&self, state: &GameState) -> String {
        Ruleset::summary(self, typed::<R>(state))
    }
    fn takes_part(&self, state: &GameState, player: PlayerId) -> bool {
        Ruleset::takes_part(self, typed::<R>(state), player)
    }
    fn roll_concerns(&self, state: &GameState, player: PlayerId, cause: RollCause<'_, Value>) -> Vec<PlayerId> {
        match cause {
            RollCause::Command(command) => match decode::<R>(command) {
                Ok(command) => Ruleset::roll_concerns(self, typed::<R>(state), player, RollCause::Command(&command)),
                Err(_) => Vec::new(),
            },
            RollCause::Opened => Ruleset::roll_concerns(self, typed::<R>(state), player, RollCause::Opened),
        }
    }
    fn turn(&self, state: &GameState) -> Option<TurnMark> {
        Ruleset::turn(self, typed::<R>(state))
    }
    fn scores(&self, state: &GameState) -> Vec<Score> {
        Ruleset::scores(self, typed::<R>(state))
    }
    fn check_orders(&self, state: &GameState, text: &str) -> Result<(), RuleError> {
        Ruleset::check_orders(self, typed::<R>(state), text)
    }
    fn answer_by_orders(
        &self,
        state: &GameState,
        player: PlayerId,
        orders: &str,
    ) -> Result<Option<(Value, String)>, RuleError> {
        Ruleset::answer_by_orders(self, typed::<R>(state), player, orders)
            .map(|a| a.map(|(c, why)| (encode::<R>(&c), why)))
    }
    fn state_json(&self, state: &GameState) -> Value {
        serde_json::to_value(typed::<R>(state)).unwrap_or(Value::Null)
    }
    fn view(&self, state: &GameState, viewer: Viewer) -> Option<View> {
        Ruleset::view(self, typed::<R>(state), viewer)
    }
    fn aid(&self, state: &GameState, query: &AidQuery) -> Result<AidAnswer, RuleError> {
        Ruleset::aid(self, typed::<R>(state), query)
    }
    fn complete(&self, state: &GameState, player: PlayerId, command: &Value) -> Result<Value, RuleError> {
        let command = decode::<R>(command)?;
        Ruleset::complete(self, typed::<R>(state), player, command).map(|c| encode::<R>(&c))
    }
    fn private_draw(
        &self,
        state: &GameState,
        player: PlayerId,
        command: &Value,
        entropy: &[u8; 32],
    ) -> Result<Value, RuleError> {
        let command = decode::<R>(command)?;
        Ok(encode::<R>(&Ruleset::private_draw(self, typed::<R>(state), player, command, entropy)))
    }
    fn bots(&self) -> Vec<&'static dyn crate::Bot> {
        let mut all = crate::generic_bots();
        all.extend(Ruleset::bots(self));
        all
    }
}
