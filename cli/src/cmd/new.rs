use crate::failure::{Failure, Result};
use crate::{registry, seat};
use grognard_engine::{Seats, Setup};
use grognard_journal::chain::{DEFAULT_CHAIN_LENGTH, MAX_CHAIN_LENGTH, MIN_CHAIN_LENGTH};
use grognard_journal::create::{self, NewGame};
use grognard_journal::entry::{DiceConfig, DiceMode, PlayerInfo, Witnesses};
use grognard_journal::keys::PublicLine;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset (see `grognard scenarios`).
    #[arg(long)]
    ruleset: String,
    /// The scenario of the ruleset.
    #[arg(long, required_unless_present = "position")]
    scenario: Option<String>,
    /// Start from a written position (a file in the ruleset's position format) instead of
    /// a scenario's opening; the genesis entry carries the position's text.
    #[arg(long, conflicts_with = "scenario")]
    position: Option<PathBuf>,
    /// An option of the ruleset for this game (see `grognard scenarios`), once per option,
    /// e.g. `--option open-stacks`; the genesis entry records the options the game plays
    /// (a ruleset may play one by default: FNC plays fog of war unless `open-stacks`).
    #[arg(long = "option")]
    options: Vec<String>,
    /// Your identity (name, email or slug), when you have several.
    #[arg(long = "as")]
    identity: Option<String>,
    /// An opponent's public key line, or a file holding it; once per opponent, in seat order.
    #[arg(long = "opponent")]
    opponents: Vec<String>,
    /// The powers of each player in seat order (you first), comma-separated, e.g.
    /// `--powers france,spain --powers britain`. Default: dealt out in scenario order.
    #[arg(long)]
    powers: Vec<String>,
    /// fair (witnessed, unforeseeable), casual (predictable: hotseat, solitaire, bots) or
    /// scripted (the faces given with --faces).
    #[arg(long, default_value = "fair")]
    dice: String,
    /// Scripted die faces, comma-separated.
    #[arg(long)]
    faces: Option<String>,
    /// Who witnesses a roll: opponents (players on other sides), all-others, or concerned
    /// (only the players the roll concerns, as the rules name them, else one other player:
    /// for games of many players, docs/PROTOCOL.md section 5.3).
    #[arg(long, default_value = "opponents")]
    witnesses: String,
    /// Length of each dice chain (reveals before a re-commitment).
    #[arg(long, default_value_t = DEFAULT_CHAIN_LENGTH)]
    chain_length: u32,
    /// Where to write the invitation packet (default: ./<game id>-invitation.grog).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also mail the invitation to the other players (see `grognard send --mail`).
    #[arg(long)]
    mail: bool,
}

fn opponent(arg: &str) -> Result<PublicLine> {
    super::public_line(arg, "--opponent")
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    super::check_new_file(args.out.as_deref())?;
    if !(MIN_CHAIN_LENGTH..=MAX_CHAIN_LENGTH).contains(&args.chain_length) {
        return Err(Failure::usage(format!(
            "--chain-length {} is out of range: a dice chain is {MIN_CHAIN_LENGTH} to {MAX_CHAIN_LENGTH} values long",
            args.chain_length
        ))
        .hint(format!("leave it out for the default, {DEFAULT_CHAIN_LENGTH}")));
    }
    let me = home.identity(args.identity.as_deref())?;
    let ruleset = registry::find(&args.ruleset)
        .ok_or_else(|| Failure::usage(format!("no ruleset `{}`", args.ruleset)).hint("see `grognard scenarios`"))?;
    // What the game starts from: a scenario, or a written position in the scenario the
    // ruleset reads from it (the genesis carries both; `setup` reads the whole position).
    let setup = match (&args.position, &args.scenario) {
        (Some(path), _) => {
            let text = String::from_utf8(super::read_file_limited(path, grognard_engine::MAX_POSITION_BYTES)?)
                .map_err(|_| Failure::usage(format!("{} is not a text file", path.display())))?;
            ruleset
                .position_setup(&text)
                .map_err(|e| Failure::usage(format!("the position in {}: {}", path.display(), e.message)))?
        }
        (None, Some(id)) => Setup::scenario(id.clone()),
        (None, None) => return Err(Failure::usage("name a --scenario or a --position")),
    };
    let known: Vec<String> = ruleset.options().into_iter().map(|o| o.id).collect();
    if let Some(unknown) = args.options.iter().find(|o| !known.contains(o)) {
        let listed =
            if known.is_empty() { "it has none".to_string() } else { format!("its options: {}", known.join(", ")) };
        return Err(Failure::usage(format!("ruleset {} has no option `{unknown}` ({listed})", args.ruleset))
            .hint("see `grognard scenarios`"));
    }
    let setup = setup.with_options(ruleset.recorded_options(&args.options, 1 + args.opponents.len()));
    let scenario = ruleset.scenario_of(&setup).ok_or_else(|| match &args.position {
        Some(path) => {
            Failure::usage(format!("ruleset {} cannot start from the position in {}", args.ruleset, path.display()))
        }
        None => Failure::usage(format!("ruleset {} has no scenario `{}`", args.ruleset, setup.scenario)),
    })?;
    let mut lines = vec![me.public_line()];
    for o in &args.opponents {
        lines.push(opponent(o)?);
    }
    let n = lines.len();
    if n < scenario.min_players || n > scenario.max_players {
        return Err(Failure::usage(format!(
            "scenario {} seats {} to {} players; you named {n} (you and {} opponents)",
            scenario.id,
            scenario.min_players,
            scenario.max_players,
            n - 1
        )));
    }
    let assignment: Vec<Vec<String>> = if args.powers.is_empty() {
        let seats = Seats::round_robin(&scenario.powers, n).map_err(|e| Failure::usage(e.to_string()))?;
        (0..n as u8)
            .map(|p| seats.powers_of(grognard_engine::PlayerId(p)).iter().map(|w| w.id.clone()).collect())
            .collect()
    } else {
        args.powers.iter().map(|s| s.split(',').map(|w| w.trim().to_string()).collect()).collect()
    };
    if assignment.len() != n {
        return Err(Failure::usage(format!("--powers was given {} times for {n} players", assignment.len())));
    }
    let seats = Seats::new(&scenario.powers, &assignment).map_err(|e| Failure::usage(e.to_string()))?;
    // A position that does not set up (an unknown unit, an over-stack in set-up...) is the
    // player's file to fix, said before any game exists.
    if let (Some(path), Err(e)) = (&args.position, ruleset.setup(&setup, &seats)) {
        return Err(Failure::usage(format!("the position in {}: {}", path.display(), e.message))
            .hint("docs/POSITION_FORMAT.md describes the format"));
    }
    let mode = match args.dice.as_str() {
        "fair" => DiceMode::Fair,
        "casual" => DiceMode::Casual,
        "scripted" => DiceMode::Scripted,
        other => return Err(Failure::usage(format!("--dice is fair, casual or scripted, not `{other}`"))),
    };
    let faces: Vec<u32> = match (&args.faces, mode) {
        (Some(f), DiceMode::Scripted) => f
            .split(',')
            .map(|x| x.trim().parse::<u32>().map_err(|_| Failure::usage(format!("`{x}` is not a die face"))))
            .collect::<Result<_>>()?,
        (None, DiceMode::Scripted) => return Err(Failure::usage("scripted dice need --faces 1,2,3,...")),
        (Some(_), _) => return Err(Failure::usage("--faces goes with --dice scripted")),
        (None, _) => Vec::new(),
    };
    if mode == DiceMode::Fair && n < 2 {
        return Err(Failure::usage("fair dice need an opponent to witness them; use --dice casual for solitaire"));
    }
    let witnesses = match args.witnesses.as_str() {
        "opponents" => Witnesses::Opponents,
        "all-others" => Witnesses::AllOthers,
        "concerned" => Witnesses::Concerned,
        other => {
            return Err(Failure::usage(format!("--witnesses is opponents, all-others or concerned, not `{other}`")))
        }
    };
    let players = lines
        .iter()
        .zip(assignment)
        .map(|(l, powers)| PlayerInfo { name: l.name.clone(), email: l.email.clone(), key: l.key.to_hex(), powers })
        .collect();
    let key = me.unlock()?;
    let setup_label = setup.to_string();
    let new = NewGame {
        ruleset,
        setup,
        players,
        creator: 0,
        dice: DiceConfig { mode, witnesses, faces },
        chain_length: args.chain_length,
    };
    let game_id = create::random_game_id();
    let genesis = create::genesis(&new, &key, game_id)?;
    // Built under a temporary name, then moved into place whole.
    let building = crate::install::Building::start(&home, &game_id)?;
    let mut game = grognard_journal::game::Game::create(building.dir(), &registry::all(), genesis)?;
    seat::write_seat(&game, grognard_engine::PlayerId(0), &me)?;
    let mark = seat::feed_mark(&home, &game_id, grognard_engine::PlayerId(0));
    mark.raise(grognard_journal::mark::Mark { seq: 0, id: game.genesis().id })?;
    game.set_mark(mark, grognard_engine::PlayerId(0));
    let dir = building.finish()?;
    let packet = game.packet_for_others(grognard_engine::PlayerId(0));
    let met = super::join::remember_players(&home, &game, grognard_engine::PlayerId(0))?;
    let out = args.out.unwrap_or_else(|| PathBuf::from(format!("{}-invitation.grog", game_id.short())));
    super::write_new_file(&out, &packet.encode())?;
    let mailed = if args.mail {
        let local = seat::LocalGame { game, me: grognard_engine::PlayerId(0), identity: me, _lock: None };
        Some(crate::mailer::mail_packet(&local, &packet)?)
    } else {
        None
    };
    let sent = match &mailed {
        Some(m) => format!("Mailed: {m}"),
        None => format!("Send it to the other players; each runs `grognard join {}`.", out.display()),
    };
    let warn = match mode {
        DiceMode::Fair => String::new(),
        DiceMode::Casual => "\nThis game uses CASUAL dice: anyone can predict its rolls. It is not a fair game.".into(),
        DiceMode::Scripted => {
            "\nThis game uses SCRIPTED dice: its rolls are fixed in advance. It is not a fair game.".into()
        }
    };
    super::emit(
        json,
        json!({"ok": true, "game": game_id.to_hex(), "dir": dir, "invitation": out, "dice": mode.as_str(),
               "mailed": mailed.as_ref().map(|m| m.to_string()), "players": met}),
        || {
            format!(
                "Created game {} ({} {}).\nInvitation written to {}. {sent}{warn}\n{}",
                game_id,
                args.ruleset,
                setup_label,
                out.display(),
                super::join::players_text(&met)
            )
        },
    )?;
    Ok(())
}
