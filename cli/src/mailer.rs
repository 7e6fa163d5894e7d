//! Mailing a packet to the other players with the identity's mail settings
//! (`<home>/mail/<identity>.toml`; by default the directory `<home>/outbox`).

use crate::failure::{Failure, Result};
use crate::seat::{self, LocalGame};
use grognard_engine::Viewer;
use grognard_journal::local::waiting_sentence;
use grognard_journal::packet::Packet;
use grognard_journal::story;
use grognard_mail::{compose, config, SentReport};
use std::collections::HashSet;

/// The body of a turn mail: what the sender's packet did, and what happens next.
pub fn summary(local: &LocalGame, packet: &Packet) -> String {
    let game = &local.game;
    let ids: HashSet<_> = packet.entries.iter().map(|e| e.id).collect();
    let told = story::story(game, &ids, story::Reader::Others);
    let mut body = format!(
        "{} sends {} journal entries of game {}.\n\n",
        local.identity.name,
        packet.entries.len(),
        game.replay.game
    );
    if !told.is_empty() {
        body.push_str("What happened:\n");
        for line in told {
            body.push_str(&format!("  {line}\n"));
        }
        body.push('\n');
    }
    body.push_str(&format!("Now: {}\n\n", waiting_sentence(game)));
    body.push_str(
        "To continue, import the attached packet: `grognard receive` this mail (or your mailbox, or \
         the attachment), then `grognard status`. Identity comes from the signatures in the packet, \
         never from this mail's headers.\n",
    );
    body
}

/// The file name of the board picture attached to turn mails.
pub const PICTURE_NAME: &str = "board.png";

/// The picture of the board after the packet, highlighting the moves just made (as the
/// ruleset's view marks them), or `None` for a ruleset without a map. The same picture goes
/// to every player, so it shows what everyone may see. A picture that cannot be drawn is
/// reported and left out: the mail goes without it.
pub fn board_picture(local: &LocalGame) -> Option<Vec<u8>> {
    let replay = &local.game.replay;
    let view = replay.ruleset.view(&replay.state, Viewer::Everyone)?;
    let drawn = crate::picture::hex_board(&view)
        .and_then(|board| grognard_render::png(board, &grognard_render::Options::default()).map_err(|e| e.to_string()));
    match drawn {
        Ok(png) => Some(png),
        Err(e) => {
            crate::output::error_text(&format!(
                "grognard: the board picture could not be drawn ({e}); the mail goes without it\n"
            ));
            None
        }
    }
}

/// Mail `packet` to every other player.
pub fn mail_packet(local: &LocalGame, packet: &Packet) -> Result<SentReport> {
    let home = seat::home()?;
    let settings =
        config::load(home.root(), &local.identity.slug).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    let mut mail = compose(&local.game, local.me, packet, &summary(local, packet))
        .map_err(|e| Failure::new(e.code(), e.to_string()))?;
    if let Some(png) = board_picture(local) {
        mail.attach_picture(PICTURE_NAME, png).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    }
    grognard_mail::send(&settings.send, &mail).map_err(|e| {
        Failure::new(e.code(), e.to_string()).hint("the entries are signed and kept; run `grognard send --mail` again")
    })
}
