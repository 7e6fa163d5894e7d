use crate::failure::{Failure, Result};
use crate::home::Home;
use crate::known::{self, Note, Verdict};
use crate::{registry, seat};
use grognard_engine::PlayerId;
use grognard_journal::create;
use grognard_journal::entry::{Body, DiceMode, Witnesses};
use grognard_journal::game::Game;
use grognard_journal::packet::Packet;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The invitation packet, or a mail (.eml) that carries it.
    packet: PathBuf,
    /// Your identity (name, email or slug), when you have several.
    #[arg(long = "as")]
    identity: Option<String>,
    /// The seat file a player who handed you their seat gave you (their concealed
    /// commands, `<journal>.hidden.json`), docs/PROTOCOL.md section 13.2.
    #[arg(long)]
    hidden: Option<PathBuf>,
}

/// The seat of `key` in the game `packet` holds: a genesis player's, or one whose current
/// holder it is (a seat handed over or replaced, docs/PROTOCOL.md section 13).
fn seat_in(
    packet: &Packet,
    genesis: &grognard_journal::entry::SignedEntry,
    key: &grognard_journal::keys::PublicKey,
) -> Option<PlayerId> {
    let Body::Genesis(g) = &genesis.entry.body else { return None };
    if let Some(i) = g.players.iter().position(|p| p.key == key.to_hex()) {
        return Some(PlayerId(i as u8));
    }
    let checked = grognard_journal::verify::check(
        &registry::all(),
        packet.entries.clone(),
        grognard_journal::verify::SigCheck::All,
    )
    .ok()?;
    checked.replay.seats.players().find(|p| checked.replay.holder(*p).is_some_and(|h| h.key == *key))
}

/// Compare the game's other players with the players met before, and remember them.
pub fn remember_players(home: &Home, game: &Game, me: PlayerId) -> Result<Vec<Note>> {
    let r = &game.replay;
    // Each seat's current holder (docs/PROTOCOL.md section 13).
    let others: Vec<_> = r
        .holders
        .iter()
        .filter_map(|h| h.last())
        .enumerate()
        .filter(|(i, _)| *i != me.index())
        .map(|(_, h)| (h.name.clone(), h.email.clone(), h.key))
        .collect();
    known::check_and_remember(home, &r.game.to_hex(), &others)
}

/// The other players, for people: fingerprints, what was known of them, and the advice.
pub fn players_text(notes: &[Note]) -> String {
    if notes.is_empty() {
        return String::new();
    }
    let mut t = String::from(
        "The other players (compare each fingerprint with its owner by another channel, phone or in person):\n",
    );
    for n in notes {
        t.push_str(&n.text());
        t.push('\n');
    }
    if notes.iter().any(|n| matches!(n.verdict, Verdict::Changed { .. })) {
        t.push_str("WARNING: a player's key has CHANGED: see above before you play on.\n");
    }
    t
}

/// A copy of the game whose journal holds `me`'s join but that lacks its seat file (an older
/// version's join killed half-way) is repaired in place: the seat is written again. Joining
/// afresh would sign a second join, two entries for one place of the player's feed.
fn repair_seat(
    dir: &std::path::Path,
    me: PlayerId,
    identity: &crate::home::Identity,
    json: bool,
) -> Result<Option<()>> {
    if dir.join("seat.json").exists() || !dir.join("journal").is_file() {
        return Ok(None);
    }
    let _lock = crate::lock::hold(dir, grognard_journal::store::LockMode::Exclusive)?;
    let Ok(game) = grognard_journal::game::Game::open(dir, &registry::all()) else { return Ok(None) };
    if !game.entries.iter().any(|e| e.entry.author == me.0 && e.entry.seq == 0)
        || game.replay.keys.get(me.index()) != Some(&identity.public)
    {
        return Ok(None);
    }
    seat::write_seat(&game, me, identity)?;
    let id = game.replay.game;
    super::emit(json, json!({"ok": true, "game": id.to_hex(), "player": me.0, "repaired": true}), || {
        format!("Game {id} was here without its seat file; it is repaired: you play seat {} again.", me.0)
    })?;
    Ok(Some(()))
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    let bytes = super::read_file(&args.packet)?;
    let shown = crate::output::one_line(&args.packet.display().to_string()).into_owned();
    // The invitation packet itself, or a mail that carries it.
    let item = grognard_mail::read_message(&bytes).map_err(|e| Failure::new(e.code(), format!("{shown}: {e}")))?;
    let packet: Packet = item
        .packets
        .into_iter()
        .find(|p| create::invitation_genesis(p).is_ok())
        .ok_or_else(|| Failure::new("packet", format!("{shown} holds no invitation")))?;
    packet.check_limits().map_err(|e| Failure::new("packet", format!("{shown}: {e}")))?;
    let genesis = create::invitation_genesis(&packet)?;
    let identity = match &args.identity {
        Some(_) => home.identity(args.identity.as_deref())?,
        None => {
            let ids = home.identities()?;
            ids.into_iter().find(|i| seat_in(&packet, genesis, &i.public).is_some()).ok_or_else(|| {
                Failure::new("identity", "none of your identities is a player of this game")
                    .hint("check the public key line you gave the game's creator, or the player who handed you a seat (`grognard whoami`)")
            })?
        }
    };
    let target = home.games_dir().join(packet.game.to_hex());
    let key = identity.unlock()?;
    let seat_of_key = seat_in(&packet, genesis, &key.public()).ok_or_else(|| {
        Failure::new("identity", "your key is not one of this game's players, nor the new holder of a seat")
    })?;
    let seat_file = args.hidden.as_deref().map(super::read_file).transpose()?;
    if target.exists() {
        if let Some(done) = repair_seat(&target, seat_of_key, &identity, json)? {
            return Ok(done);
        }
        return Err(match seat::broken(&target) {
            None => Failure::new("exists", format!("you already have game {} here", packet.game))
                .hint("use `grognard receive` for its packets"),
            Some(why) => Failure::new("broken-game", format!("a broken copy of game {} is here: {why}", packet.game))
                .hint(seat::repair_hint(&target)),
        });
    }
    let mark = seat::feed_mark(&home, &packet.game, seat_of_key);
    // Built under a temporary name and moved into place whole: a join that fails or is
    // killed leaves no game behind.
    let building = crate::install::Building::start(&home, &packet.game)?;
    let (mut game, me) = create::join_with_mark(building.dir(), &registry::all(), &packet, &key, Some(mark))
        .map_err(|e| crate::evidence::failure_in(None, e).hint("nothing was kept; the game is not joined"))?;
    if let Some(bytes) = &seat_file {
        game.adopt_seat_file(me, bytes)
            .map_err(|e| Failure::from(e).hint("nothing was kept; the game is not joined"))?;
    }
    let taken = game.replay.holders[me.index()].len() > 1;
    seat::write_seat(&game, me, &identity)?;
    building.finish()?;
    let met = remember_players(&home, &game, me)?;
    let g = &game.replay.genesis;
    let powers = g.players[me.index()].powers.join(", ");
    let mode = g.dice.mode.as_str();
    // What a joiner accepts: with the witnesses `concerned`, a roll is witnessed only by the
    // players the rules say it concerns (docs/PROTOCOL.md section 5.9).
    let witnessed = match (g.dice.mode, g.dice.witnesses) {
        (DiceMode::Fair, Witnesses::Concerned) => ", each roll witnessed by the players it concerns",
        _ => "",
    };
    super::emit(
        json,
        json!({"ok": true, "game": packet.game.to_hex(), "player": me.0, "powers": g.players[me.index()].powers, "took": taken,
               "dice": mode, "witnesses": g.dice.witnesses.as_str(), "players": met}),
        || {
            let verb = if taken { "Took over a seat of" } else { "Joined" };
            format!(
                "{verb} game {} ({} {}) as {} playing {powers}; dice: {mode}{witnessed}.\n{}Run `grognard send` to send your join to the others.",
                packet.game,
                g.ruleset,
                game.replay.setup,
                identity.name,
                players_text(&met)
            )
        },
    )
}
