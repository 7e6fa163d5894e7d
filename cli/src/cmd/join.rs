use crate::failure::{Failure, Result};
use crate::{registry, seat};
use grognard_journal::create;
use grognard_journal::entry::Body;
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
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    let bytes = super::read_file(&args.packet)?;
    // The invitation packet itself, or a mail that carries it.
    let item = grognard_mail::read_message(&bytes)
        .map_err(|e| Failure::new(e.code(), format!("{}: {e}", args.packet.display())))?;
    let packet: Packet = item
        .packets
        .into_iter()
        .find(|p| create::invitation_genesis(p).is_ok())
        .ok_or_else(|| Failure::new("packet", format!("{} holds no invitation", args.packet.display())))?;
    let genesis = create::invitation_genesis(&packet)?;
    let identity = match &args.identity {
        Some(_) => home.identity(args.identity.as_deref())?,
        None => {
            let Body::Genesis(g) = &genesis.entry.body else { unreachable!("an invitation genesis") };
            let ids = home.identities()?;
            ids.into_iter().find(|i| g.players.iter().any(|p| p.key == i.public.to_hex())).ok_or_else(|| {
                Failure::new("identity", "none of your identities is a player of this game")
                    .hint("check the public key line you gave the game's creator (`grognard whoami`)")
            })?
        }
    };
    let dir = home.games_dir().join(packet.game.to_hex());
    if dir.join("journal").exists() {
        return Err(Failure::new("exists", format!("you already have game {} here", packet.game))
            .hint("use `grognard receive` for its packets"));
    }
    let key = identity.unlock()?;
    let (game, me) = create::join(&dir, &registry::all(), &packet, &key)?;
    seat::write_seat(&game, me, &identity)?;
    let g = &game.replay.genesis;
    let powers = g.players[me.index()].powers.join(", ");
    let mode = g.dice.mode.as_str();
    super::emit(
        json,
        json!({"ok": true, "game": packet.game.to_hex(), "player": me.0, "powers": g.players[me.index()].powers, "dice": mode}),
        || {
            format!(
                "Joined game {} ({} {}) as {} playing {powers}; dice: {mode}.\nRun `grognard send` to send your join to the others.",
                packet.game,
                g.ruleset,
                crate::registry::scenario_label(&g.ruleset, &g.scenario),
                identity.name
            )
        },
    );
    Ok(())
}
