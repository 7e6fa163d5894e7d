//! The `greedy` bot: it only ever gives commands the rules accept, it sees only its player's
//! view, and the same state and seed always give the same command.

use grognard_engine::{AnyRuleset, Bot, GameState, Pending, RandomBot, Seats, Setup, StreamDice};
use grognard_fnc::bot::Greedy;
use grognard_fnc::scenario::FOG_OF_WAR;
use grognard_fnc::Fnc;

static FNC: Fnc = Fnc;

fn start(scenario: &str) -> GameState {
    let setup = Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]);
    let info = AnyRuleset::scenario_of(&FNC, &setup).expect("scenario");
    let seats = Seats::round_robin(&info.powers, 2).expect("seats");
    AnyRuleset::setup(&FNC, &setup, &seats).expect("set-up")
}

/// Greedy against random for `steps` decisions: every command is accepted.
fn play(scenario: &str, steps: usize) {
    let ruleset: &dyn AnyRuleset = &FNC;
    let mut state = start(scenario);
    let bots: [&dyn Bot; 2] = [&Greedy, &RandomBot];
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
    assert!(greedy_moves > 10, "{scenario}: the greedy bot played {greedy_moves} commands");
}

#[test]
fn greedy_plays_only_accepted_commands_in_ec() {
    play("ec-historical", 120);
}

#[test]
fn greedy_plays_only_accepted_commands_in_rsw() {
    play("rsw-historical", 120);
}

#[test]
fn a_bot_owes_nothing_when_its_player_is_not_to_act() {
    let ruleset: &dyn AnyRuleset = &FNC;
    let state = start("ec-historical");
    // The French move first: the Ottoman player's bots have nothing to play.
    let ottoman = grognard_engine::PlayerId(1);
    assert!(Greedy.choose(ruleset, &state, ottoman, 1).is_none());
    assert!(RandomBot.choose(ruleset, &state, ottoman, 1).is_none());
}
