use crate::failure::{Failure, Result};
use crate::inbox::{self, Handled, Letter, Report};
use crate::seat;
use grognard_mail::mailbox::{self, Source};
use grognard_mail::{config, read_message};
use std::path::PathBuf;

/// Where packets come from: local files and mailboxes, and the IMAP mailbox.
#[derive(clap::Args)]
pub struct Sources {
    /// Packet files, mail messages (.eml), mboxes or Maildirs; packets are imported in
    /// whatever order they fit.
    pub paths: Vec<PathBuf>,
    /// Also read the unseen messages of the IMAP mailbox configured for this identity
    /// (`[receive]` in <home>/mail/<identity>.toml); they are marked seen once imported.
    #[arg(long)]
    pub imap: bool,
    /// The identity whose IMAP settings to use (a name, email or slug).
    #[arg(long = "as")]
    pub identity: Option<String>,
}

impl Sources {
    pub fn check(&self) -> Result<Option<(config::Receive, String)>> {
        if self.paths.is_empty() && !self.imap {
            return Err(Failure::usage("name packet files, mail messages, mboxes or Maildirs, or pass --imap"));
        }
        if self.imap {
            imap_settings(self.identity.as_deref()).map(Some)
        } else {
            Ok(None)
        }
    }
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    sources: Sources,
    /// Do not answer at once this time (see `[answer] automatic` in <home>/settings.toml).
    #[arg(long, conflicts_with = "answer")]
    no_answer: bool,
    /// Answer at once even if the settings say not to.
    #[arg(long)]
    answer: bool,
    /// Mail the automatic answer instead of writing it as a packet file in the current
    /// directory (the default: `[answer] mail` in the settings).
    #[arg(long)]
    mail: bool,
}

/// Read the letters of a local source (a bad message is refused and the rest read on).
pub fn letters_from(path: &std::path::Path, report: &mut Report) -> Result<Vec<Letter>> {
    let source = mailbox::detect(path).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    let maildir = matches!(source, Source::Maildir(_));
    let messages = mailbox::messages(&source).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    let mut letters = Vec::new();
    for m in messages {
        match read_message(&m.bytes) {
            Ok(item) => letters.push(Letter {
                origin: m.origin.clone(),
                packets: item.packets,
                handled: match (&m.maildir_path, maildir) {
                    (Some(p), true) => Handled::Maildir(p.clone()),
                    _ => Handled::Nothing,
                },
            }),
            Err(e) => report.refuse(&m.origin, &Failure::new(e.code(), e.to_string())),
        }
    }
    Ok(letters)
}

/// The IMAP settings and password of an identity.
pub fn imap_settings(identity: Option<&str>) -> Result<(config::Receive, String)> {
    let home = seat::home()?;
    let id = home.identity(identity)?;
    let settings = config::load(home.root(), &id.slug).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    let receive = settings.receive.ok_or_else(|| {
        Failure::usage(format!("no [receive] settings in {}", config::config_path(home.root(), &id.slug).display()))
            .hint("see README.md, \"Playing by mail\"")
    })?;
    let password = receive.password().map_err(|e| Failure::new(e.code(), e.to_string()))?;
    Ok((receive, password))
}

pub fn letters_from_imap(receive: &config::Receive, password: &str, report: &mut Report) -> Result<Vec<Letter>> {
    let fetched = grognard_mail::fetch_unseen(receive, password).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    let mut letters = Vec::new();
    for m in fetched {
        let origin = format!("{} UID {}", receive.mailbox, m.uid);
        match m.read() {
            Ok(item) => letters.push(Letter { origin, packets: item.packets, handled: Handled::Imap(m.uid) }),
            Err(e) => report.refuse(&origin, &Failure::new(e.code(), e.to_string())),
        }
    }
    Ok(letters)
}

/// Mark imported messages handled: Maildir messages move to cur/ as seen, IMAP messages
/// get the \Seen flag.
pub fn mark_handled(report: &Report, imap: Option<&(config::Receive, String)>) -> Result<()> {
    let mut uids = Vec::new();
    for h in &report.handled {
        match h {
            Handled::Maildir(path) => {
                grognard_mail::mark_seen_maildir(path).map_err(|e| Failure::new(e.code(), e.to_string()))?;
            }
            Handled::Imap(uid) => uids.push(*uid),
            Handled::Nothing => {}
        }
    }
    if let (Some((r, password)), false) = (imap, uids.is_empty()) {
        grognard_mail::mark_seen(r, password, &uids).map_err(|e| Failure::new(e.code(), e.to_string()))?;
    }
    Ok(())
}

/// Read and import everything the arguments name.
pub fn receive_all(sources: &[PathBuf], imap: Option<&(config::Receive, String)>) -> Result<Report> {
    let home = seat::home()?;
    let mut report = Report::default();
    let mut letters = Vec::new();
    for path in sources {
        match letters_from(path, &mut report) {
            Ok(l) => letters.extend(l),
            Err(f) => report.refuse(&path.display().to_string(), &f),
        }
    }
    if let Some((r, password)) = imap {
        letters.extend(letters_from_imap(r, password, &mut report)?);
    }
    inbox::import_all(&home, letters, &mut report);
    mark_handled(&report, imap)?;
    Ok(report)
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let imap = args.sources.check()?;
    let settings = crate::settings::load(&seat::home()?)?;
    let report = receive_all(&args.sources.paths, imap.as_ref())?;
    let answering = (settings.answer.automatic || args.answer) && !args.no_answer;
    let answered = if answering && !report.games.is_empty() {
        let reply = if args.mail || settings.answer.mail {
            crate::answer::Reply::Mail
        } else {
            crate::answer::Reply::File(PathBuf::from("."))
        };
        let games: Vec<_> = report.games.iter().copied().collect();
        Some(crate::answer::answer_games(Some(&games), &reply, settings.answer.rolls)?)
    } else {
        None
    };
    // Finished games are offered for the archive (text only: `--json` stays as it was).
    let offers: Vec<String> = if json {
        Vec::new()
    } else {
        let home = seat::home()?;
        let mut over = report.over.clone();
        over.extend(answered.iter().flat_map(|a| a.over.clone()));
        over.iter()
            .filter_map(|(game, entries)| super::archive::offer(game, super::archive::kept(&home, game, *entries)))
            .collect()
    };
    let mut value = report.json();
    if let Some(a) = &answered {
        value["answered"] = serde_json::Value::Array(a.json.clone());
    }
    super::emit(json, value, || {
        let mut t = report.text.clone();
        if let Some(a) = &answered {
            // What the import said to do next is stale for a game answered at once: its
            // answer says what comes now.
            for game in a.json.iter().filter(|v| v["error"].is_null()).filter_map(|v| v["game"].as_str()) {
                for imported in report.imported.iter().filter(|i| i["game"].as_str() == Some(game)) {
                    if let Some(next) = imported["next"].as_str().filter(|n| !n.is_empty()) {
                        t = t.replace(&format!("{next}\n"), "");
                    }
                }
            }
        }
        if report.skipped > 0 {
            t.push_str(&format!("{} message(s) without a packet skipped.\n", report.skipped));
        }
        if let Some(a) = &answered {
            t.push_str(&a.text);
        }
        for line in &offers {
            t.push_str(&format!("{line}\n"));
        }
        t
    })?;
    if !json {
        crate::output::error_text(&report.problems);
        if let Some(a) = &answered {
            crate::output::error_text(&a.problems);
        }
    }
    if report.refused.is_empty() {
        Ok(())
    } else {
        Err(Failure::reported("refused"))
    }
}
