//! FNC's bots (`greedy`, `general`): they only ever give commands the rules accept, they see
//! only their player's view, and the same state and seed always give the same command.

use grognard_engine::{AnyRuleset, Bot, GameState, Pending, PlayerId, RandomBot, Seats, Setup, StreamDice};
use grognard_fnc::bot::{General, Greedy};
use grognard_fnc::scenario::FOG_OF_WAR;
use grognard_fnc::Fnc;
use serde_json::Value;

static FNC: Fnc = Fnc;

fn start(scenario: &str) -> GameState {
    let setup = Setup::scenario(scenario).with_options([FOG_OF_WAR.to_string()]);
    let info = AnyRuleset::scenario_of(&FNC, &setup).expect("scenario");
    let seats = Seats::round_robin(&info.powers, 2).expect("seats");
    AnyRuleset::setup(&FNC, &setup, &seats).expect("set-up")
}

/// One step of a game: the openings owed, or the command `choose` gives for the player to
/// act, which the rules must accept (`context` names the step in a failure). `None` once the
/// game is over.
fn advance(
    state: &GameState,
    dice: &mut StreamDice,
    context: &str,
    choose: impl FnOnce(&GameState, PlayerId) -> Value,
) -> Option<GameState> {
    let ruleset: &dyn AnyRuleset = &FNC;
    let mut state = state.clone();
    match ruleset.pending(&state) {
        Pending::Over { .. } => return None,
        Pending::Open { owing, .. } => {
            for o in owing {
                state = ruleset.apply_opened(&state, o.player, dice).expect("opening").0;
            }
        }
        Pending::Command { player, .. } | Pending::Choice { player, .. } | Pending::Dice { player, .. } => {
            let command = choose(&state, player);
            state = ruleset
                .apply(&state, player, &command, dice)
                .unwrap_or_else(|e| panic!("{context}: `{}` refused: {e:?}", ruleset.format_command(&command)))
                .0;
        }
        Pending::Sealed { .. } => panic!("FNC seals nothing"),
    }
    Some(state)
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
        let next = advance(&state, &mut dice, &format!("{scenario} step {step}"), |state, player| {
            let bot = bots[player.index()];
            let command = bot.choose(ruleset, state, player, step as u64).expect("the bot plays");
            let again = bot.choose(ruleset, state, player, step as u64).expect("the bot plays");
            assert_eq!(command, again, "{scenario} step {step}: the same seed gives the same command");
            if player.index() == 0 {
                greedy_moves += 1;
                if greedy_moves % 10 == 0 {
                    // What the bot does not see cannot change what it plays.
                    let view = ruleset.player_view(state, grognard_engine::Viewer::Player(player));
                    let seen = bot.choose(ruleset, &view, player, step as u64).expect("the bot plays");
                    assert_eq!(command, seen, "{scenario} step {step}: the bot played on what it cannot see");
                }
            }
            command
        });
        let Some(next) = next else { break };
        state = next;
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

/// The evaluation's supply flood (`bot::supplied`) finds exactly the hexes where the rules
/// trace a supply line (12.2, 12.3), for both sides, along random games of both maps.
#[test]
fn the_bots_supply_flood_agrees_with_the_supply_rules_12_2_12_3() {
    use grognard_fnc::bot::supplied::lines;
    use grognard_fnc::supply::{check, Supplied};
    use grognard_fnc::{Ctx, Location, Side, State};
    let ruleset: &dyn AnyRuleset = &FNC;
    for scenario in ["ec-historical", "rsw-historical"] {
        let mut state = start(scenario);
        let mut dice = StreamDice::from_seed([3; 32]);
        let mut checked = 0;
        for step in 0..3_000usize {
            if step % 150 == 0 {
                let full = state.downcast_ref::<State>().expect("an FNC state");
                let ctx = Ctx::embedded(full.game).expect("the game's data");
                for side in Side::BOTH {
                    let lines = lines(ctx, full, side);
                    for hex in ctx.map.land_hexes() {
                        if ctx.occupant(full, hex) == Some(side.other()) {
                            continue;
                        }
                        let rules = check(ctx, full, side, &Location::Hex(hex), false);
                        match rules {
                            Ok(Supplied::Line(_)) => assert!(lines.reaches(hex), "{scenario} step {step}: {hex}"),
                            Ok(_) => {}
                            Err(_) => assert!(!lines.reaches(hex), "{scenario} step {step}: {hex}"),
                        }
                        checked += 1;
                    }
                    // One more enemy unit in a road hex of the net cuts what the flood says.
                    let spare = full.units.iter().find(|(u, l)| {
                        ctx.side_of(u) == Some(side.other())
                            && ctx.counter(u).is_some_and(|c| c.kind.is_ground())
                            && matches!(l, Location::Pool | Location::Eliminated | Location::Track(_))
                    });
                    let Some((spare, _)) = spare else { continue };
                    for &hex in lines
                        .net()
                        .iter()
                        .filter(|h| ctx.occupant(full, **h).is_none() && !lines.sources().any(|s| s == **h))
                        .step_by(7)
                    {
                        let mut blocked = full.clone();
                        blocked.units.insert(spare.clone(), Location::Hex(hex));
                        let after = grognard_fnc::bot::supplied::lines(ctx, &blocked, side);
                        let cut = lines.cut_by(hex);
                        for h in ctx.map.land_hexes() {
                            let lost = lines.reaches(h) && !after.reaches(h);
                            assert_eq!(cut.binary_search(&h).is_ok(), lost, "{scenario} step {step}: {hex} cuts {h}");
                        }
                    }
                }
            }
            let next = advance(&state, &mut dice, &format!("{scenario} step {step}"), |state, player| {
                RandomBot.choose(ruleset, state, player, step as u64).expect("random plays")
            });
            let Some(next) = next else { break };
            state = next;
        }
        assert!(checked > 1_000, "{scenario}: {checked} hexes checked");
    }
}
