use crate::failure::{Failure, Result};
use grognard_mail::{config, Watch};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    sources: super::receive::Sources,
    /// Keep watching: read the sources again every this many seconds. With --imap and a
    /// server that offers IMAP IDLE, wait for new mail instead, this long at most.
    #[arg(long)]
    watch: Option<u64>,
    /// With --watch, stop after this many rounds (default: never).
    #[arg(long)]
    rounds: Option<u64>,
}

/// Answer what the games owe without a decision of the player: reveal dice values, open
/// sealed choices, apply standing orders; then mail the reply. Never plays a command no
/// standing order covers.
fn answer(json: bool) -> Result<usize> {
    let rolls = crate::settings::load(&crate::seat::home()?)?.answer.rolls;
    let report = crate::answer::answer_games(None, &crate::answer::Reply::Mail, rolls)?;
    let answered = report.json.len();
    super::emit(json, serde_json::json!({"ok": report.problems.is_empty(), "answered": report.json}), || {
        report.text.clone()
    })?;
    if !json {
        crate::output::error_text(&report.problems);
    }
    Ok(answered)
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let imap = args.sources.check()?;
    // The IMAP watcher selects the mailbox before the first reading, so mail that arrives
    // while a round runs ends the next wait at once.
    let mut waiter = match (args.watch, imap.as_ref()) {
        (Some(secs), Some(settings)) => Some(Waiter::imap(settings, secs)?),
        (Some(secs), None) => Some(Waiter::Sleep { secs, note: None }),
        (None, _) => None,
    };
    let mut round = 0u64;
    let mut refused = false;
    loop {
        round += 1;
        let report = super::receive::receive_all(&args.sources.paths, imap.as_ref())?;
        super::emit(json, report.json(), || report.text.clone())?;
        if !json {
            crate::output::error_text(&report.problems);
        }
        refused |= !report.refused.is_empty();
        answer(json)?;
        let Some(waiter) = waiter.as_mut() else { break };
        if args.rounds.is_some_and(|max| round >= max) {
            break;
        }
        waiter.wait()?;
    }
    if refused {
        Err(Failure::reported("refused"))
    } else {
        Ok(())
    }
}

/// How `--watch` waits between rounds. Its one line on standard error (how it watches) is
/// printed before the first wait.
enum Waiter {
    /// IMAP IDLE: until new mail arrives, `secs` at most.
    Idle { watcher: Box<grognard_mail::IdleWatcher>, secs: u64, note: Option<String> },
    /// Sleep `secs` between readings (local sources, or a server without IDLE).
    Sleep { secs: u64, note: Option<String> },
}

impl Waiter {
    fn imap((settings, password): &(config::Receive, String), secs: u64) -> Result<Waiter> {
        let secs = secs.max(1);
        let watch =
            grognard_mail::watch_mailbox(settings, password).map_err(|e| Failure::new(e.code(), e.to_string()))?;
        Ok(match watch {
            Watch::Idle(watcher) => Waiter::Idle {
                watcher,
                secs,
                note: Some(format!(
                    "grognard: watching the IMAP mailbox {} by IDLE (reading it again at least every {secs} s)\n",
                    settings.mailbox
                )),
            },
            Watch::Poll => Waiter::Sleep {
                secs,
                note: Some(format!(
                    "grognard: the IMAP server does not offer IDLE: watching by polling, every {secs} s\n"
                )),
            },
        })
    }

    fn wait(&mut self) -> Result<()> {
        let (Waiter::Idle { note, .. } | Waiter::Sleep { note, .. }) = self;
        if let Some(note) = note.take() {
            crate::output::error_text(&note);
        }
        match self {
            Waiter::Idle { watcher, secs, .. } => {
                let limit = std::time::Duration::from_secs(*secs);
                watcher.wait(limit).map(|_| ()).map_err(|e| Failure::new(e.code(), e.to_string()))
            }
            Waiter::Sleep { secs, .. } => {
                std::thread::sleep(std::time::Duration::from_secs((*secs).max(1)));
                Ok(())
            }
        }
    }
}
