//! FNC's bots (`greedy`, `general`): they only ever give commands the rules accept, they see
//! only their player's view, and the same state and seed always give the same command.

use grognard_engine::{AnyRuleset, Bot, GameState, Pending, RandomBot, Seats, Setup, StreamDice};
use grognard_fnc::bot::{General, Greedy};
use grognard_fnc::scenario::FOG_OF_WAR;
use grognard_fnc::Fnc;

static FNC: Fnc = Fnc;

fn start(scenario: &str) -> GameState {
    let setup = Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]);
    let info = AnyRuleset::scenario_of(&FNC, &setup).expect("scenario");
    let seats = Seats::round_robin(&info.powers, 2).expect("seats");
    AnyRuleset::setup(&FNC, &setup, &seats).expect("set-up")
}

/// `bot` (player 0) against random for `steps` decisions: every command is accepted, and each
/// is the same when asked again with the same seed, or asked with the bot's own view.
/// Returns the final state.
fn play(scenario: &str, bot: &dyn Bot, steps: usize) -> GameState {
    let ruleset: &dyn AnyRuleset = &FNC;
    let mut state = start(scenario);
    let bots: [&dyn Bot; 2] = [bot, &RandomBot];
    let mut dice = StreamDice::from_seed([7; 32]);
    let mut greedy_moves = 0;
    for step in 0..steps {
        match ruleset.pending(&state) {
            Pending::Over { .. } => break,
            Pending::Open { owing, .. } => {
                for o in owing {
                    state = ruleset.apply_opened(&state, o.player, &mut dice).expect("opening").0;
                }
            }
            Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
                let bot = bots[player.index()];
                let command = bot.choose(ruleset, &state, player, step as u64).expect("the bot plays");
                let again = bot.choose(ruleset, &state, player, step as u64).expect("the bot plays");
                assert_eq!(command, again, "{scenario} step {step}: the same seed gives the same command");
                if player.index() == 0 {
                    greedy_moves += 1;
                    if greedy_moves % 10 == 0 {
                        // What the bot does not see cannot change what it plays.
                        let view = ruleset.player_view(&state, grognard_engine::Viewer::Player(player));
                        let seen = bot.choose(ruleset, &view, player, step as u64).expect("the bot plays");
                        assert_eq!(command, seen, "{scenario} step {step}: the bot played on what it cannot see");
                    }
                }
                state = ruleset
                    .apply(&state, player, &command, &mut dice)
                    .unwrap_or_else(|e| {
                        panic!("{scenario} step {step}: `{}` refused: {e:?}", ruleset.format_command(&command))
                    })
                    .0;
            }
            Pending::Sealed { .. } => panic!("FNC seals nothing"),
        }
    }
    assert!(greedy_moves > 10, "{scenario}: the bot played {greedy_moves} commands");
    state
}

#[test]
fn greedy_plays_only_accepted_commands_in_ec() {
    play("ec-historical", &Greedy, 120);
}

#[test]
fn greedy_plays_only_accepted_commands_in_rsw() {
    play("rsw-historical", &Greedy, 120);
}

#[test]
fn general_plays_only_accepted_commands_in_ec() {
    play("ec-historical", &General, 120);
}

/// A whole game (seeded, so the same every run): the strong bot as the Russians, who must
/// reach 2:1 in VP (15.4), beats random. BENCHMARKS.md has the 200-game matches.
#[test]
fn general_wins_a_whole_rsw_game_as_the_russians_15_4() {
    let ruleset: &dyn AnyRuleset = &FNC;
    let end = play("rsw-historical", &General, 20_000);
    match ruleset.pending(&end) {
        Pending::Over { winners, .. } => {
            assert_eq!(winners, vec![grognard_engine::PlayerId(0)], "{}", ruleset.summary(&end))
        }
        other => panic!("the game did not end: {other:?}"),
    }
}

#[test]
fn a_bot_owes_nothing_when_its_player_is_not_to_act() {
    let ruleset: &dyn AnyRuleset = &FNC;
    let state = start("ec-historical");
    // The French move first: the Ottoman player's bots have nothing to play.
    let ottoman = grognard_engine::PlayerId(1);
    assert!(Greedy.choose(ruleset, &state, ottoman, 1).is_none());
    assert!(General.choose(ruleset, &state, ottoman, 1).is_none());
    assert!(RandomBot.choose(ruleset, &state, ottoman, 1).is_none());
}
