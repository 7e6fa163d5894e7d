//! Where a player's identities live on disk: `<home>/keys/<slug>.key` (the secret key file,
//! mode 0600, in a 0700 directory) beside `<home>/keys/<slug>.pub` (the one-line public key to
//! give to opponents), and the games under `<home>/games`.

use grognard_journal::keyfile::{self, KeyFile, KeyFileError};
use grognard_journal::keys::{check_identity, PublicKey, PublicLine, SecretKey};
use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use zeroize::Zeroizing;

#[cfg(unix)]
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};

/// The environment variable a passphrase may come from.
pub const PASSPHRASE_VAR: &str = "GROGNARD_PASSPHRASE";
const KEYGEN_HINT: &str = "grognard keygen --name \"Your Name\" --email you@example.org";

#[derive(Debug, thiserror::Error)]
pub enum HomeError {
    #[error("cannot tell where grognard keeps its files: set GROGNARD_HOME (or HOME)")]
    NoHome,
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{0}")]
    Identity(String),
    #[error("an identity for <{email}> already exists ({}); grognard never overwrites a key", path.display())]
    Exists { email: String, path: PathBuf },
    #[error("no identity yet: run `{KEYGEN_HINT}`")]
    NoIdentity,
    #[error("there are several identities; pass `--as <name>` (a name, email or slug) to choose one:\n{list}")]
    Ambiguous { list: String },
    #[error("no identity matches `{selector}`; there are:\n{list}")]
    Unknown { selector: String, list: String },
    #[error("{}: {source}", path.display())]
    KeyFile { path: PathBuf, source: KeyFileError },
    #[error(transparent)]
    Key(#[from] KeyFileError),
    #[error("{} can be read by other users (mode {mode:04o}): run `chmod 600 {}`", path.display(), path.display())]
    Exposed { path: PathBuf, mode: u32 },
    #[error("{} changed: it no longer holds {name}'s key {fingerprint}", path.display())]
    Changed { path: PathBuf, name: String, fingerprint: String },
    #[error("cannot read the passphrase: {0}")]
    Passphrase(String),
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> HomeError + '_ {
    move |source| HomeError::Io { path: path.to_path_buf(), source }
}

/// `$GROGNARD_HOME` if set and not empty, else `$XDG_CONFIG_HOME/grognard`, else
/// `$HOME/.config/grognard`.
pub fn home_dir() -> Result<PathBuf, HomeError> {
    home_dir_from(|name| std::env::var_os(name))
}

fn home_dir_from(var: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, HomeError> {
    let set = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(home) = set("GROGNARD_HOME") {
        return Ok(home);
    }
    // The XDG specification says to ignore a relative XDG_CONFIG_HOME.
    if let Some(config) = set("XDG_CONFIG_HOME").filter(|p| p.is_absolute()) {
        return Ok(config.join("grognard"));
    }
    set("HOME").map(|home| home.join(".config").join("grognard")).ok_or(HomeError::NoHome)
}

/// The file name stem of an identity: the email's local part and domain, lowercase, in
/// `[a-z0-9._-]`, e.g. `jean.lannes-at-example.org` for `Jean.Lannes@Example.org`.
pub fn slug(email: &str) -> Result<String, HomeError> {
    grognard_journal::keys::slug(email)
        .ok_or_else(|| HomeError::Identity(format!("cannot make a file name from `{email}`")))
}

fn is_slug(stem: &str) -> bool {
    !stem.is_empty()
        && !stem.starts_with(['.', '-'])
        && stem.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | '-'))
}

/// A player's identity on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub slug: String,
    pub name: String,
    pub email: String,
    pub public: PublicKey,
    pub key_path: PathBuf,
    pub pub_path: PathBuf,
}

impl Identity {
    pub fn public_line(&self) -> PublicLine {
        PublicLine { key: self.public, name: self.name.clone(), email: self.email.clone() }
    }

    /// One line for listings: slug, name, email and fingerprint.
    pub fn summary(&self) -> String {
        format!("{}  {} <{}>  {}", self.slug, self.name, self.email, self.public.fingerprint())
    }

    /// The secret key. A protected key's passphrase comes from `GROGNARD_PASSPHRASE` or, when
    /// standard input is a terminal, from a prompt.
    pub fn unlock(&self) -> Result<SecretKey, HomeError> {
        self.unlock_from(std::env::var_os(PASSPHRASE_VAR), io::stdin().is_terminal())
    }

    /// The secret key, with the passphrase given (ignored if the key is not protected).
    #[cfg(test)]
    pub fn unlock_with(&self, passphrase: Option<&str>) -> Result<SecretKey, HomeError> {
        Ok(self.read_key_file()?.unlock(passphrase)?)
    }

    fn unlock_from(&self, env: Option<OsString>, interactive: bool) -> Result<SecretKey, HomeError> {
        let file = self.read_key_file()?;
        if !file.is_protected() {
            return Ok(file.unlock(None)?);
        }
        if let Some(env) = env.filter(|v| !v.is_empty()) {
            let passphrase = Zeroizing::new(
                env.into_string().map_err(|_| HomeError::Passphrase(format!("{PASSPHRASE_VAR} is not valid UTF-8")))?,
            );
            return Ok(file.unlock(Some(&passphrase))?);
        }
        if !interactive {
            return Err(KeyFileError::NeedsPassphrase.into());
        }
        let mut attempts = 0;
        loop {
            crate::output::error_text(&format!(
                "Passphrase for {} <{}> ({}): ",
                self.name,
                self.email,
                self.public.fingerprint()
            ));
            let passphrase =
                Zeroizing::new(rpassword::read_password().map_err(|e| HomeError::Passphrase(e.to_string()))?);
            attempts += 1;
            match file.unlock(Some(&passphrase)) {
                Err(e @ KeyFileError::WrongPassphrase { .. }) if attempts < 3 => {
                    crate::output::error_text(&format!("{e}\n"))
                }
                result => return Ok(result?),
            }
        }
    }

    /// The key file, refused if others may read it or if it no longer holds this identity's key.
    fn read_key_file(&self) -> Result<KeyFile, HomeError> {
        let path = &self.key_path;
        #[cfg(unix)]
        {
            let mode = fs::metadata(path).map_err(io_error(path))?.permissions().mode() & 0o7777;
            if mode & 0o077 != 0 {
                return Err(HomeError::Exposed { path: path.clone(), mode });
            }
        }
        let text = Zeroizing::new(fs::read_to_string(path).map_err(io_error(path))?);
        let file = keyfile::parse(&text).map_err(|source| HomeError::KeyFile { path: path.clone(), source })?;
        if file.public != self.public {
            return Err(HomeError::Changed {
                path: path.clone(),
                name: self.name.clone(),
                fingerprint: self.public.fingerprint(),
            });
        }
        Ok(file)
    }
}

/// The directory holding a player's keys and games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Home {
    root: PathBuf,
}

impl Home {
    /// The home at `root` (nothing is created until something is written).
    pub fn open(root: impl Into<PathBuf>) -> Home {
        Home { root: root.into() }
    }

    /// The home given by [`home_dir`].
    pub fn from_env() -> Result<Home, HomeError> {
        Ok(Home::open(home_dir()?))
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn keys_dir(&self) -> PathBuf {
        self.root.join("keys")
    }

    /// The high-water marks of this machine's own feeds, one file per game and seat
    /// (`grognard_journal::mark`): kept apart from the games so that deleting or restoring a
    /// game never lets its player sign twice for one place.
    pub fn marks_dir(&self) -> PathBuf {
        self.root.join("marks")
    }

    pub fn games_dir(&self) -> PathBuf {
        self.root.join("games")
    }

    /// The match archive (`grognard archive`), a SQLite file.
    pub fn archive_file(&self) -> PathBuf {
        self.root.join(grognard_archive::FILE_NAME)
    }

    /// A new identity with a fresh key, protected by `passphrase` if one is given.
    pub fn create_identity(&self, name: &str, email: &str, passphrase: Option<&str>) -> Result<Identity, HomeError> {
        check_identity(name, email).map_err(HomeError::Identity)?;
        let slug = slug(email)?;
        let keys = self.keys_dir();
        let key_path = keys.join(format!("{slug}.key"));
        let pub_path = keys.join(format!("{slug}.pub"));
        for path in [&key_path, &pub_path] {
            if path.symlink_metadata().is_ok() {
                return Err(HomeError::Exists { email: email.to_string(), path: path.clone() });
            }
        }
        let secret = SecretKey::generate();
        let text = Zeroizing::new(keyfile::encode(&secret, name, email, passphrase)?);
        let identity =
            Identity { slug, name: name.into(), email: email.into(), public: secret.public(), key_path, pub_path };

        let mut dirs = fs::DirBuilder::new();
        dirs.recursive(true);
        #[cfg(unix)]
        dirs.mode(0o700);
        dirs.create(&keys).map_err(io_error(&keys))?;
        let exists = |path: &Path| HomeError::Exists { email: email.to_string(), path: path.to_path_buf() };
        if !write_new_file(&identity.key_path, text.as_bytes(), 0o600).map_err(io_error(&identity.key_path))? {
            return Err(exists(&identity.key_path));
        }
        let line = format!("{}\n", identity.public_line().to_line());
        match write_new_file(&identity.pub_path, line.as_bytes(), 0o644) {
            Ok(true) => Ok(identity),
            failed => {
                // Nobody has seen the new key yet: take it back rather than leave half an identity.
                let _ = fs::remove_file(&identity.key_path);
                match failed {
                    Err(e) => Err(io_error(&identity.pub_path)(e)),
                    _ => Err(exists(&identity.pub_path)),
                }
            }
        }
    }

    /// Every identity in `keys/`, sorted by slug.
    pub fn identities(&self) -> Result<Vec<Identity>, HomeError> {
        let keys = self.keys_dir();
        let entries = match fs::read_dir(&keys) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            other => other.map_err(io_error(&keys))?,
        };
        let mut found = Vec::new();
        for entry in entries {
            let entry = entry.map_err(io_error(&keys))?;
            let Some(slug) = entry.file_name().to_str().and_then(|n| n.strip_suffix(".key")).map(str::to_string) else {
                continue;
            };
            if !is_slug(&slug) {
                continue;
            }
            let key_path = entry.path();
            let text = Zeroizing::new(fs::read_to_string(&key_path).map_err(io_error(&key_path))?);
            let file = keyfile::parse(&text).map_err(|source| HomeError::KeyFile { path: key_path.clone(), source })?;
            let pub_path = keys.join(format!("{slug}.pub"));
            found.push(Identity { slug, name: file.name, email: file.email, public: file.public, key_path, pub_path });
        }
        found.sort_by(|a, b| a.slug.cmp(&b.slug));
        Ok(found)
    }

    /// The identity named by `selector` (a slug, an email or a name, tried in that order), or
    /// the only one there is.
    pub fn identity(&self, selector: Option<&str>) -> Result<Identity, HomeError> {
        let mut all = self.identities()?;
        let list = |ids: &[Identity]| ids.iter().map(|i| format!("  {}", i.summary())).collect::<Vec<_>>().join("\n");
        if all.is_empty() {
            return Err(HomeError::NoIdentity);
        }
        let Some(selector) = selector else {
            return match all.len() {
                1 => Ok(all.remove(0)),
                _ => Err(HomeError::Ambiguous { list: list(&all) }),
            };
        };
        let tiers: [&dyn Fn(&Identity) -> bool; 3] =
            [&|i| i.slug == selector, &|i| i.email.eq_ignore_ascii_case(selector), &|i| {
                i.name.to_lowercase() == selector.to_lowercase()
            }];
        for matches in tiers {
            let mut chosen: Vec<Identity> = all.iter().filter(|i| matches(i)).cloned().collect();
            match chosen.len() {
                0 => continue,
                1 => return Ok(chosen.remove(0)),
                _ => return Err(HomeError::Ambiguous { list: list(&chosen) }),
            }
        }
        Err(HomeError::Unknown { selector: selector.to_string(), list: list(&all) })
    }
}

/// Create `path` holding `bytes`, atomically and never over an existing file: write a temporary
/// file in the same directory, sync it, link it into place, sync the directory. `Ok(false)` if
/// `path` already exists.
fn write_new_file(path: &Path, bytes: &[u8], mode: u32) -> io::Result<bool> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut temp_name = OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".tmp-{}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed)));
    let temp = dir.join(temp_name);

    let placed = (|| {
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        options.mode(mode & 0o600);
        let mut file = options.open(&temp)?;
        #[cfg(unix)]
        file.set_permissions(fs::Permissions::from_mode(mode))?;
        #[cfg(not(unix))]
        let _ = mode;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        match fs::hard_link(&temp, path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            // A file system without hard links: check, then rename.
            Err(_) if path.symlink_metadata().is_ok() => Ok(false),
            Err(_) => fs::rename(&temp, path).map(|()| true),
        }
    })();
    let _ = fs::remove_file(&temp);
    if placed? {
        #[cfg(unix)]
        File::open(dir)?.sync_all()?;
        return Ok(true);
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(result: Result<SecretKey, HomeError>) -> HomeError {
        match result {
            Ok(_) => panic!("the key unlocked"),
            Err(e) => e,
        }
    }

    #[test]
    fn home_dir_order() {
        fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
            let pairs: Vec<(String, String)> = pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
            move |name| pairs.iter().find(|(n, _)| n == name).map(|(_, v)| OsString::from(v))
        }
        let all = [("GROGNARD_HOME", "/g"), ("XDG_CONFIG_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(home_dir_from(env(&all)).unwrap(), PathBuf::from("/g"));
        let no_grognard = [("GROGNARD_HOME", ""), ("XDG_CONFIG_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(home_dir_from(env(&no_grognard)).unwrap(), PathBuf::from("/x/grognard"));
        let relative_xdg = [("XDG_CONFIG_HOME", "x"), ("HOME", "/h")];
        assert_eq!(home_dir_from(env(&relative_xdg)).unwrap(), PathBuf::from("/h/.config/grognard"));
        assert!(matches!(home_dir_from(env(&[("HOME", "")])), Err(HomeError::NoHome)));
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("lannes@example.org").unwrap(), "lannes-at-example.org");
        assert_eq!(slug("Jean.Lannes+grognard@Example.ORG").unwrap(), "jean.lannes-grognard-at-example.org");
        assert_eq!(slug(".-x@y").unwrap(), "x-at-y");
        assert_eq!(slug("x/../../etc@y").unwrap(), "x-..-..-etc-at-y");
        assert!(is_slug("lannes-at-example.org"));
        assert!(!is_slug(".hidden") && !is_slug("-x") && !is_slug("Upper") && !is_slug(""));
    }

    #[test]
    fn create_list_and_select() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::open(dir.path().join("home"));
        assert_eq!(home.keys_dir(), dir.path().join("home/keys"));
        assert_eq!(home.games_dir(), dir.path().join("home/games"));
        assert!(home.identities().unwrap().is_empty());
        let err = home.identity(None).unwrap_err();
        assert!(err.to_string().contains("grognard keygen --name"), "{err}");

        let lannes = home.create_identity("Jean Lannes", "lannes@example.org", None).unwrap();
        assert_eq!(lannes.slug, "lannes-at-example.org");
        assert_eq!(lannes.key_path, home.keys_dir().join("lannes-at-example.org.key"));
        assert_eq!(home.identity(None).unwrap(), lannes);
        let public = fs::read_to_string(&lannes.pub_path).unwrap();
        assert_eq!(PublicLine::parse(&public).unwrap(), lannes.public_line());
        assert!(public.ends_with(">\n"));
        assert_eq!(lannes.unlock().unwrap().public(), lannes.public);

        let ney = home.create_identity("Michel Ney", "ney@example.org", None).unwrap();
        let listed = home.identities().unwrap();
        assert_eq!(listed, vec![lannes.clone(), ney.clone()]);
        let err = home.identity(None).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("--as <name>") && text.contains("Jean Lannes") && text.contains("Michel Ney"), "{text}");
        assert_eq!(home.identity(Some("ney-at-example.org")).unwrap(), ney);
        assert_eq!(home.identity(Some("NEY@example.org")).unwrap(), ney);
        assert_eq!(home.identity(Some("jean lannes")).unwrap(), lannes);
        let err = home.identity(Some("Murat")).unwrap_err();
        assert!(matches!(err, HomeError::Unknown { .. }) && err.to_string().contains("Michel Ney"), "{err}");

        // Temporary files and strangers in keys/ are not identities.
        fs::write(home.keys_dir().join(".x.key.tmp-1-1"), "junk").unwrap();
        fs::write(home.keys_dir().join("README"), "junk").unwrap();
        assert_eq!(home.identities().unwrap().len(), 2);
        // No temporary file was left behind.
        let names: Vec<String> =
            fs::read_dir(home.keys_dir()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        assert_eq!(names.len(), 6, "{names:?}");
    }

    #[test]
    fn refuses_duplicates_and_bad_identities() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::open(dir.path());
        let first = home.create_identity("Jean Lannes", "lannes@example.org", None).unwrap();
        let before = fs::read(&first.key_path).unwrap();
        let err = home.create_identity("Other Lannes", "Lannes@Example.org", None).unwrap_err();
        assert!(matches!(err, HomeError::Exists { .. }), "{err}");
        assert!(err.to_string().contains("already exists"));
        assert_eq!(fs::read(&first.key_path).unwrap(), before);
        // A stray .pub blocks too.
        fs::write(home.keys_dir().join("ney-at-example.org.pub"), "x").unwrap();
        assert!(matches!(home.create_identity("Ney", "ney@example.org", None), Err(HomeError::Exists { .. })));
        assert!(!home.keys_dir().join("ney-at-example.org.key").exists());
        assert!(matches!(home.create_identity("Ney\r\nBcc: x", "n@example.org", None), Err(HomeError::Identity(_))));
        assert!(matches!(home.create_identity("Ney", "ney", None), Err(HomeError::Identity(_))));
        assert!(matches!(home.create_identity("Ney", "n@example.org", Some("")), Err(HomeError::Key(_))));
        assert_eq!(home.identities().unwrap().len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn file_modes() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::open(dir.path().join("home"));
        let id = home.create_identity("Jean Lannes", "lannes@example.org", None).unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&home.keys_dir()), 0o700);
        assert_eq!(mode(&id.key_path), 0o600);
        assert_eq!(mode(&id.pub_path), 0o644);

        fs::set_permissions(&id.key_path, fs::Permissions::from_mode(0o640)).unwrap();
        let err = failure(id.unlock());
        assert!(matches!(err, HomeError::Exposed { mode: 0o640, .. }), "{err}");
        assert!(err.to_string().contains(&format!("chmod 600 {}", id.key_path.display())), "{err}");
        fs::set_permissions(&id.key_path, fs::Permissions::from_mode(0o600)).unwrap();
        assert!(id.unlock().is_ok());
    }

    #[test]
    fn protected_unlock() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::open(dir.path());
        let id = home.create_identity("Jean Lannes", "lannes@example.org", Some("Montebello")).unwrap();
        let text = fs::read_to_string(&id.key_path).unwrap();
        assert!(text.contains("protection: argon2id-chacha20poly1305"));
        assert_eq!(id.unlock_with(Some("Montebello")).unwrap().public(), id.public);
        let err = failure(id.unlock_with(Some("Austerlitz")));
        assert_eq!(err.to_string(), "wrong passphrase for Jean Lannes's key");
        let err = failure(id.unlock_from(None, false));
        assert_eq!(err.to_string(), "this key is protected: set GROGNARD_PASSPHRASE or enter it");
        assert_eq!(id.unlock_from(Some("Montebello".into()), false).unwrap().public(), id.public);
        // The listed identity unlocks the same.
        assert_eq!(home.identity(None).unwrap().unlock_with(Some("Montebello")).unwrap().public(), id.public);
    }

    #[test]
    fn replaced_key_file_is_noticed() {
        let dir = tempfile::tempdir().unwrap();
        let home = Home::open(dir.path());
        let id = home.create_identity("Jean Lannes", "lannes@example.org", None).unwrap();
        let other = keyfile::encode(&SecretKey::generate(), "Jean Lannes", "lannes@example.org", None).unwrap();
        fs::write(&id.key_path, other).unwrap();
        assert!(matches!(failure(id.unlock()), HomeError::Changed { .. }));
        fs::write(&id.key_path, "garbage").unwrap();
        let err = failure(id.unlock());
        assert!(matches!(err, HomeError::KeyFile { .. }) && err.to_string().contains("not a valid"), "{err}");
    }
}
