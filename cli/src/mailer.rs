//! Mailing a packet to the other players with the identity's mail settings
//! (`<home>/mail/<identity>.toml`; by default the directory `<home>/outbox`).

use crate::failure::{Failure, Result};
use crate::picture::Choices;
use crate::seat::{self, LocalGame};
use grognard_engine::{View, Viewer};
use grognard_journal::local::waiting_sentence;
use grognard_journal::packet::Packet;
use grognard_journal::story;
use grognard_mail::{compose, config, SentReport, TurnMail};
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
/// ruleset's view marks them), attached to `mail`; none for a ruleset without a map (no
/// `view`). The same picture goes to every player, so it shows what everyone may see, on
/// whichever kind of map. A picture that cannot be drawn is reported and left out: the mail
/// goes without it.
fn attach_board(mail: &mut TurnMail, view: Option<View>) -> Result<()> {
    let Some(view) = view else { return Ok(()) };
    match crate::picture::png(&view, &Choices::default()) {
        Ok(png) => mail.attach_picture(PICTURE_NAME, png).map_err(|e| Failure::new(e.code(), e.to_string())),
        Err(e) => {
            crate::output::error_text(&format!(
                "grognard: the board picture could not be drawn ({e}); the mail goes without it\n"
            ));
            Ok(())
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
    let replay = &local.game.replay;
    attach_board(&mut mail, replay.ruleset.view(&replay.state, Viewer::Everyone))?;
    grognard_mail::send(&settings.send, &mail).map_err(|e| {
        Failure::new(e.code(), e.to_string()).hint("the entries are signed and kept; run `grognard send --mail` again")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::testing::area_view;
    use grognard_journal::ids::GameId;
    use grognard_mail::compose::NO_PICTURE_LINE;
    use grognard_mail::Mailbox;

    fn mail() -> TurnMail {
        let mailbox = |name: &str, email: &str| Mailbox { name: name.into(), email: email.into() };
        TurnMail {
            game: GameId([7; 16]),
            from: mailbox("Jean Lannes", "lannes@example.org"),
            to: vec![mailbox("Karl", "karl@example.org")],
            subject: "Turn 1".into(),
            message_id: "<a.b@grognard.invalid>".into(),
            in_reply_to: None,
            references: Vec::new(),
            body: format!("Moves.\n{NO_PICTURE_LINE}\n"),
            packet_name: "07070707-lannes-1.grog".into(),
            packet: b"packet".to_vec(),
            picture: None,
        }
    }

    #[test]
    fn a_turn_mail_carries_the_picture_of_an_area_map() {
        let mut with = mail();
        attach_board(&mut with, Some(area_view())).unwrap_or_else(|f| panic!("{}", f.message));
        let (name, png) = with.picture.clone().unwrap_or_default();
        assert_eq!(name, PICTURE_NAME);
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
        assert_eq!(with.body, "Moves.\n", "the line saying there is no picture goes");
        let text = grognard_mail::to_message(&with).map(|m| String::from_utf8_lossy(&m.formatted()).into_owned());
        assert!(text.unwrap_or_default().contains("image/png"));
        let mut without = mail();
        attach_board(&mut without, None).unwrap_or_else(|f| panic!("{}", f.message));
        assert_eq!(without, mail(), "no map, no picture");
        let mut broken = mail();
        let not_a_board = View::new(grognard_engine::ViewKind::Area, ());
        attach_board(&mut broken, Some(not_a_board)).unwrap_or_else(|f| panic!("{}", f.message));
        assert_eq!(broken.picture, None, "a picture that cannot be drawn is left out");
    }
}
