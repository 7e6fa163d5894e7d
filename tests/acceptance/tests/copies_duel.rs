//! Hidden information under random play, Duel's `powder` scenario (tests/duel/RULES.md, rule
//! 8.0): whole games played by the in-memory simulation of every copy (`copies`), each copy
//! replaying the concealed primes with its own knowledge, the charges opened when fired and
//! at the end. The public part agrees in every copy after every step, and with everything
//! opened every copy is the same game.

use grognard_acceptance::copies::{self, budget, play, rate, Config, Outcome};
use grognard_duel::Duel;
use grognard_engine::{
    Applied, ApplyError, Concealed, DiceSource, PlayerId, RuleError, Ruleset, RulesetInfo, ScenarioInfo, Seats, Setup,
    Viewer,
};

fn games(first_seed: u64, seeds: u64, steps: usize) -> Vec<Outcome> {
    let setup = Setup::scenario("powder");
    (first_seed..first_seed + seeds)
        .map(|seed| {
            let mut pick = copies::uniform::<Duel>;
            play(&Duel, &setup, &Config::new(seed, steps), &mut pick).unwrap_or_else(|f| panic!("duel powder, {f}"))
        })
        .collect()
}

#[test]
fn rule_8_0_every_copy_agrees_in_random_games_of_powder() {
    let (seeds, steps) = budget(40, 2000);
    let played = games(0, seeds, steps);
    for o in &played {
        assert!(o.over.is_some(), "seed {}: the game did not end in {steps} steps", o.seed);
    }
    let concealed: usize = played.iter().map(|o| o.concealed).sum();
    let openings: usize = played.iter().map(|o| o.openings).sum();
    let at_end: usize = played.iter().map(|o| o.opened_at_end).sum();
    assert!(concealed > 0, "no prime in {seeds} games");
    assert!(openings > 0, "no charge fired in {seeds} games");
    assert!(at_end > 0, "no charge left to open at the end in {seeds} games");
    let steps: usize = played.iter().map(|o| o.steps).sum();
    println!(
        "{seeds} games, {steps} steps, {concealed} primes, {openings} openings demanded, {at_end} opened at the end, \
         {} replays; {:.0} steps per second",
        played.iter().map(|o| o.replays).sum::<usize>(),
        rate(&played)
    );
}

/// A game stopped by the step limit is opened and compared all the same.
#[test]
fn a_game_stopped_midway_opens_everything_and_every_copy_agrees() {
    let played = games(100, 10, 12);
    assert!(
        played.iter().any(|o| o.over.is_none() && o.opened_at_end > 0),
        "no game was stopped with a charge still concealed"
    );
}

/// The same seed plays the same game.
#[test]
fn a_seed_plays_the_same_game_again() {
    let a = games(7, 1, 2000);
    let b = games(7, 1, 2000);
    assert_eq!((a[0].steps, a[0].concealed, &a[0].over), (b[0].steps, b[0].concealed, &b[0].over));
}

/// Duel with a leak: its view for everyone shows the concealed charges as the copy knows
/// them, so the public part depends on who replays. The simulation must catch it.
struct Leaky;

impl Ruleset for Leaky {
    type State = <Duel as Ruleset>::State;
    type Command = <Duel as Ruleset>::Command;

    fn info(&self) -> RulesetInfo {
        Duel.info()
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        Duel.scenarios()
    }
    fn scenario_data(&self, setup: &Setup) -> Result<Vec<u8>, RuleError> {
        Duel.scenario_data(setup)
    }
    fn setup(&self, setup: &Setup, seats: &Seats) -> Result<Self::State, RuleError> {
        Duel.setup(setup, seats)
    }
    fn pending(&self, state: &Self::State) -> grognard_engine::Pending {
        Duel.pending(state)
    }
    fn player_view(&self, state: &Self::State, _viewer: Viewer) -> Self::State {
        state.clone()
    }
    fn legal_commands(&self, state: &Self::State, player: PlayerId) -> Vec<Self::Command> {
        Duel.legal_commands(state, player)
    }
    fn apply(
        &self,
        state: &Self::State,
        player: PlayerId,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Duel.apply(state, player, command, dice)
    }
    fn check_sealed(&self, state: &Self::State, player: PlayerId, choice: &Self::Command) -> Result<(), RuleError> {
        Duel.check_sealed(state, player, choice)
    }
    fn apply_sealed(
        &self,
        state: &Self::State,
        choices: &[(PlayerId, Self::Command)],
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Duel.apply_sealed(state, choices, dice)
    }
    fn conceal(&self, state: &Self::State, player: PlayerId, command: &Self::Command) -> Option<Self::Command> {
        Duel.conceal(state, player, command)
    }
    fn apply_concealed(
        &self,
        state: &Self::State,
        player: PlayerId,
        concealed: &Concealed<Self::Command>,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Duel.apply_concealed(state, player, concealed, dice)
    }
    fn apply_opened(
        &self,
        state: &Self::State,
        player: PlayerId,
        dice: &mut dyn DiceSource,
    ) -> Result<Applied<Self::State>, ApplyError> {
        Duel.apply_opened(state, player, dice)
    }
    fn parse_command(&self, text: &str) -> Result<Self::Command, RuleError> {
        Duel.parse_command(text)
    }
    fn format_command(&self, command: &Self::Command) -> String {
        Duel.format_command(command)
    }
    fn summary(&self, state: &Self::State) -> String {
        Duel.summary(state)
    }
}

#[test]
fn a_public_part_that_depends_on_the_copy_is_caught_with_its_seed() {
    let setup = Setup::scenario("powder");
    let failure = (0..20)
        .find_map(|seed| {
            let mut pick = copies::uniform::<Leaky>;
            play(&Leaky, &setup, &Config::new(seed, 2000), &mut pick).err()
        })
        .expect("the leak is found in 20 games");
    let text = failure.to_string();
    assert!(text.starts_with(&format!("seed {}, step ", failure.seed)), "{text}");
    assert!(text.contains("the public part differs") && text.contains("prime"), "{text}");
}
