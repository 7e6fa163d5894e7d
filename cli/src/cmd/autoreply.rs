use crate::failure::{Failure, Result};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    sources: super::receive::Sources,
    /// Keep watching: read the sources again every this many seconds.
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
    let report = crate::answer::answer_games(None, &crate::answer::Reply::Mail)?;
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
        match (args.watch, args.rounds) {
            (None, _) => break,
            (Some(_), Some(max)) if round >= max => break,
            (Some(secs), _) => std::thread::sleep(std::time::Duration::from_secs(secs.max(1))),
        }
    }
    if refused {
        Err(Failure::reported("refused"))
    } else {
        Ok(())
    }
}
