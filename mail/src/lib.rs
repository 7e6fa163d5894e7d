//! Grognard's mail transport: compose a turn mail (summary, packet, board picture),
//! send it (SMTP, sendmail or a directory), and read packets back from files, .eml
//! messages, mboxes, Maildirs and IMAP mailboxes, and wait for new mail with IMAP IDLE.

// Mail is untrusted input: no unwrap, expect or panic outside tests.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod compose;
pub mod config;
pub mod send;

pub use compose::{compose, to_message, Mailbox, TurnMail};
pub use config::{MailConfig, MailError};
pub use send::{send, SentReport};

pub mod extract;
pub mod imap;
pub mod mailbox;
pub mod watch;

pub use extract::{packets_in_message, read_message, MailItem, ReceiveError};
pub use imap::{fetch_unseen, mark_seen, ImapMessage};
pub use mailbox::{mark_seen_maildir, RawMessage, Source};
pub use watch::{watch_mailbox, IdleWatcher, Waited, Watch};
