use crate::failure::Result;
use crate::seat;
use serde_json::json;

#[derive(clap::Args)]
pub struct Args {
    /// Your name as opponents will see it.
    #[arg(long)]
    name: String,
    /// Your email address (where turn packets are sent).
    #[arg(long)]
    email: String,
    /// Protect the secret key with a passphrase (read from GROGNARD_PASSPHRASE or a prompt).
    #[arg(long)]
    passphrase: bool,
}

#[derive(clap::Args)]
pub struct WhoamiArgs {
    /// Print only this identity's public key line (a name, email or slug).
    #[arg(long = "as")]
    identity: Option<String>,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    let home = seat::home()?;
    let passphrase = if args.passphrase { Some(new_passphrase()?) } else { None };
    let id = home.create_identity(&args.name, &args.email, passphrase.as_deref().map(|p| p.as_str()))?;
    let line = id.public_line().to_line();
    super::emit(
        json,
        json!({"ok": true, "slug": id.slug, "name": id.name, "email": id.email, "fingerprint": id.public.fingerprint(),
               "public_key": line, "key_file": id.key_path, "public_file": id.pub_path}),
        || {
            format!(
                "Created {} <{}>, fingerprint {}.\nGive this line to your opponents (it is also in {}):\n{line}",
                id.name,
                id.email,
                id.public.fingerprint(),
                id.pub_path.display()
            )
        },
    )?;
    Ok(())
}

pub fn whoami(args: WhoamiArgs, json: bool) -> Result<()> {
    let home = seat::home()?;
    let ids = match &args.identity {
        Some(_) => vec![home.identity(args.identity.as_deref())?],
        None => home.identities()?,
    };
    let list: Vec<_> = ids
        .iter()
        .map(|i| json!({"slug": i.slug, "name": i.name, "email": i.email, "fingerprint": i.public.fingerprint(), "public_key": i.public_line().to_line()}))
        .collect();
    super::emit(json, json!({"ok": true, "identities": list}), || {
        if ids.is_empty() {
            return "No identity yet: run `grognard keygen --name \"Your Name\" --email you@example.org`.".into();
        }
        ids.iter().map(|i| format!("{}\n  {}", i.summary(), i.public_line().to_line())).collect::<Vec<_>>().join("\n")
    })?;
    Ok(())
}

/// A new passphrase: from GROGNARD_PASSPHRASE, or typed twice at a terminal.
fn new_passphrase() -> Result<zeroize::Zeroizing<String>> {
    use crate::failure::Failure;
    use std::io::IsTerminal;
    if let Ok(p) = std::env::var(crate::home::PASSPHRASE_VAR) {
        if !p.is_empty() {
            return Ok(zeroize::Zeroizing::new(p));
        }
    }
    if !std::io::stdin().is_terminal() {
        return Err(Failure::usage("--passphrase needs GROGNARD_PASSPHRASE set, or a terminal to type it"));
    }
    let read = |prompt: &str| {
        rpassword::prompt_password(prompt)
            .map(zeroize::Zeroizing::new)
            .map_err(|e| Failure::new("passphrase", format!("cannot read the passphrase: {e}")))
    };
    let first = read("New passphrase: ")?;
    let second = read("Again: ")?;
    if first.is_empty() || *first != *second {
        return Err(Failure::usage("the two passphrases are empty or differ; nothing was created"));
    }
    Ok(first)
}
