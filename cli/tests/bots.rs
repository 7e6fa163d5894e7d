//! Computer opponents at the command line: `grognard bot list`, `grognard bot run` (a bot in
//! a player's seat, answering from packet files with fair dice), and `grognard play --bot`
//! (a terminal game with casual dice).

use crate::common;

use common::Player;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;

/// A human (Alice, the Russians) and a bot identity (the Swedes) in an RSW game with fair
/// dice and fog of war, both joined.
fn human_and_bot(cwd: &Path) -> (Player, Player) {
    let human = Player::new(cwd.join("h"), "human");
    let bot = Player::new(cwd.join("b"), "bot");
    human.ok(cwd, &["keygen", "--name", "Alice", "--email", "alice@example.org"]);
    let line = bot.json(cwd, &["keygen", "--name", "General Bot", "--email", "bot@example.org"])["public_key"]
        .as_str()
        .expect("line")
        .to_string();
    let new = ["new", "--ruleset", "fnc", "--scenario", "rsw-historical", "--dice", "fair", "--opponent", &line];
    human.ok(cwd, &[&new[..], &["--out", "i.grog"]].concat());
    bot.ok(cwd, &["join", "i.grog"]);
    bot.ok(cwd, &["send", "--out", "b.grog"]);
    human.ok(cwd, &["receive", "b.grog"]);
    (human, bot)
}

/// The packet files in `dir`, sorted.
fn packets(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.path().display().to_string())
        .filter(|p| p.ends_with(".grog"))
        .collect();
    v.sort();
    v
}

#[test]
fn bot_list_names_each_rulesets_bots() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let p = Player::new(tmp.path().join("h"), "p");
    let listed = p.json(tmp.path(), &["bot", "list"]);
    let fnc = listed["rulesets"].as_array().expect("list").iter().find(|r| r["ruleset"] == "fnc").expect("fnc");
    let names: Vec<&str> = fnc["bots"].as_array().expect("bots").iter().filter_map(|b| b.as_str()).collect();
    assert_eq!(names, vec!["random", "greedy", "general"]);
}

#[test]
fn bot_run_plays_the_bots_seat_by_packets_with_fair_dice_and_the_human_accepts_every_entry() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (human, bot) = human_and_bot(cwd);
    // Nothing is owed by the bot yet: the Russians move first.
    let idle = bot.ok(cwd, &["bot", "run", "--bot", "general"]);
    assert!(idle.contains("Nothing to play"), "{idle}");
    // The human's first player turn: one move, then the phases that need no decision.
    human.ok(cwd, &["do", "move", "ru-c-1", "2714"]);
    for command in [&["do", "end"][..], &["do", "end"], &["do", "roll"], &["do", "roll"]] {
        human.ok(cwd, command);
    }
    human.ok(cwd, &["send", "--out", "h1.grog"]);
    let (to_human, to_bot) = (cwd.join("to-human"), cwd.join("to-bot"));
    std::fs::create_dir_all(&to_human).expect("dir");
    std::fs::create_dir_all(&to_bot).expect("dir");
    std::fs::rename(cwd.join("h1.grog"), to_bot.join("h1.grog")).expect("move");
    // Packets go back and forth until the Swedish player turn is over: the bot moves, attacks
    // (each attack's dice witnessed by the human's copy), and the human's program answers
    // what it owes (openings, dice reveals) at once.
    let mut bot_commands = 0;
    for round in 0..12 {
        let mut args = vec!["bot", "run", "--bot", "general", "--reply-dir"];
        let reply = to_human.display().to_string();
        args.push(&reply);
        let inbox = packets(&to_bot);
        args.extend(inbox.iter().map(String::as_str));
        // `bot run --json` prints the import's report, then what the bot played.
        args.push("--json");
        let out = bot.ok(cwd, &args);
        for line in out.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
            bot_commands += v["played"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|g| g["commands"].as_array().map_or(0, Vec::len))
                .sum::<usize>();
        }
        for p in inbox {
            std::fs::remove_file(p).expect("consumed");
        }
        let replies = packets(&to_human);
        if replies.is_empty() {
            break;
        }
        let mut args = vec!["receive", "--answer"];
        args.extend(replies.iter().map(String::as_str));
        let answered = human.command(&to_bot, &args).output().expect("receive");
        assert!(answered.status.success(), "round {round}: {}", String::from_utf8_lossy(&answered.stderr));
        for p in replies {
            std::fs::remove_file(p).expect("consumed");
        }
        // The dice are fair, so the bot's attacks may cost the Russians factors they choose
        // themselves (11.21): the human plays its first legal choice and sends it.
        for choice in 0..4 {
            let status = human.ok(cwd, &["status"]);
            let moves = human.json(cwd, &["moves"]);
            let first = moves["moves"].as_array().and_then(|m| m.first()).and_then(|m| m.as_str());
            let Some(first) = first.filter(|_| status.contains("Game Turn 1")) else { break };
            human.ok(cwd, &["do", first]);
            let out = to_bot.join(format!("h-{round}-{choice}.grog")).display().to_string();
            human.ok(cwd, &["send", "--out", &out]);
        }
    }
    assert!(bot_commands >= 3, "the bot played its player turn ({bot_commands} commands)");
    let status = human.ok(cwd, &["status"]);
    assert!(status.contains("Game Turn 2"), "the Swedish player turn is over: {status}");
    // Everything the bot signed verifies in the human's copy, and both copies agree.
    human.ok(cwd, &["verify"]);
    let (h, b) = (common::journal(&human.home), common::journal(&bot.home));
    assert_eq!(h, b, "both journals are byte-identical");
}

#[test]
fn bot_run_refuses_an_unknown_bot_and_a_ruleset_without_it_is_reported_not_panicked() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let cwd = tmp.path();
    let (_human, bot) = human_and_bot(cwd);
    let out = bot.run(cwd, &["bot", "run", "--bot", "napoleon"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no ruleset has a bot `napoleon`"));
}

/// Play `script` (one line per command) in `grognard play`; standard output.
fn play(args: &[&str], script: &str) -> (String, Option<i32>) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let p = Player::new(tmp.path().join("h"), "p");
    let mut child = p
        .command(tmp.path(), args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start");
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("script");
    let out = child.wait_with_output().expect("wait");
    (String::from_utf8_lossy(&out.stdout).to_string(), out.status.code())
}

#[test]
fn play_against_a_bot_in_the_terminal_says_casual_dice_hides_the_bots_stacks_and_survives_mistakes() {
    let script = "moves ru-c-1\nbogus\nmove ru-c-1 2714\nend\nend\nroll\nroll\nstatus\nshow board.png\nquit\n";
    let args = ["play", "--bot", "general", "--scenario", "rsw-historical", "--seed", "5"];
    let (out, code) = play(&args, script);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("CASUAL DICE from seed 5"), "{out}");
    assert!(out.contains("you play Russian"), "{out}");
    assert!(out.contains("Refused: input: `bogus` is not a command"), "a mistake is refused, and play goes on: {out}");
    assert!(out.contains("You: move ru-c-1"), "{out}");
    // Under fog of war (7.7) the bot's moves are shown as the opponent sees them.
    assert!(out.contains("Bot (concealed): moved"), "{out}");
    assert!(out.contains("Game Turn 2"), "the bot played its whole player turn: {out}");
    assert!(out.contains("Wrote board.png"), "{out}");
    // The same seed plays the same game.
    let (again, _) = play(&args, script);
    assert_eq!(out, again);
}

#[test]
fn play_as_the_second_side_lets_the_bot_move_first_and_ends_at_end_of_input() {
    let args = ["play", "--bot", "random", "--scenario", "rsw-historical", "--side", "swedish", "--seed", "9"];
    let (out, code) = play(&args, "");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("you play Swedish"), "{out}");
    assert!(out.contains("Bot"), "the Russian bot moved first: {out}");
    assert!(out.contains("End of input"), "{out}");
    let (bad, code) = play(&["play", "--bot", "random", "--scenario", "rsw-historical", "--side", "danish"], "");
    assert_eq!(code, Some(2), "{bad}");
}

#[test]
fn play_seals_the_bots_secret_choice_before_the_players_and_opens_both_together() {
    // Duel's stances are a sealed simultaneous choice: the bot seals first, unseen.
    let args = ["play", "--bot", "random", "--scenario", "standard", "--seed", "1"];
    let (out, code) = play(&args, "initiative\nstance guard\n");
    assert_eq!(code, Some(0), "{out}");
    let sealed = out.find("Bot: sealed its choice.").expect("the bot sealed");
    let opened = out.find("Sealed choices opened: player 0: stance guard; player 1: stance").expect("opened");
    assert!(sealed < opened, "{out}");
}
