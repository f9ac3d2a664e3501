//! Secrets: the files that hold keys, passwords and tokens, and the
//! stores that hand them out.
//!
//! An agent that reads a key can send it anywhere, and one that reads
//! askrisky's own approval codes or signing key can replay or forge the
//! person's say-so. A path is a secret by its name and folder (`.env`,
//! `~/.ssh/id_*`, `~/.aws/credentials`), by a pattern that can name one
//! (`cat .env*`), or by a link on disk to one. Most words of most commands
//! are no secret, and a one-pass screen says so before anything is
//! resolved.

use std::path::PathBuf;
use std::sync::LazyLock;

use super::cmd::Cmd;
use super::glob::{Glob, is_glob};
use super::links::on_disk;
use super::place::{Place, at_or_below};
use crate::parse::fragments::Fragments;
use crate::parse::programs::operands;

mod armored;
mod folders;
mod names;
use armored::{armored_asc_is_key, armored_without_private_key, named_public};
mod stores;
use names::{in_a_secret_folder, named_for_a_secret, secret_data_name};
mod wallets;

/// Name-based secret files: keys, credentials, tokens, password stores.
/// A glob counts when it can name one (`.env*`, `~/.aw?/credentials`).
pub fn is_secret(ctx: &Place, value: &str) -> bool {
    // A Windows path, read by a Windows program from a Linux shell
    // (`cmd.exe /c type "C:\Users\me\.ssh\id_rsa"`, `notepad.exe
    // ".aws\credentials"`): its folders are those of the same path with `/`.
    if value.contains('\\') && !value.contains('/') {
        return is_secret(ctx, &value.replace('\\', "/"));
    }
    if is_glob(value) {
        glob_may_name_secret(ctx, value)
    } else {
        is_secret_path(ctx, value)
            || (!value.starts_with('-')
                && !value.contains("://")
                && on_disk(ctx, value).is_some_and(|real| is_secret_path(ctx, &real)))
    }
}

/// [`is_secret`] for a pattern inside a word (`--env-file=.env*`,
/// `sd '^VERSION=.*' …`): the shell expands a pattern only when it is the
/// whole word, so its characters are the name the program is given.
pub fn is_secret_in_word(ctx: &Place, value: &str) -> bool {
    if is_glob(value) {
        is_secret_path(ctx, value)
    } else {
        is_secret(ctx, value)
    }
}

/// Stand-ins for every kind of secret file name, in any folder (the folder
/// decides for `.ssh/*`, `.aws/credentials`, `.kube/config`, …).
const SECRET_NAMES: &[&str] = &[
    ".env",
    ".env.local",
    ".env.production",
    "id_rsa",
    "id_ed25519",
    "id_ecdsa",
    "id_dsa",
    "config",
    "credentials",
    "config.json",
    "hosts.yml",
    "credentials.db",
    "shadow",
    "gshadow",
    "sudoers",
    ".netrc",
    "_netrc",
    ".pgpass",
    ".git-credentials",
    ".npmrc",
    ".pypirc",
    ".vault-token",
    "master.key",
    "credentials.json",
    "service-account.json",
    ".htpasswd",
    "terraform.tfstate",
    "server.pem",
    "tls.key",
    "cert.p12",
    "cert.pfx",
    "store.jks",
    "app.keystore",
    "vault.kdbx",
    "login.keychain-db",
    "putty.ppk",
    "private.asc",
    "secret.gpg",
];

/// Folders whose files are secrets, or hold the secret file names above.
const SECRET_DIRS: &[&str] = &[
    ".ssh",
    // Node command lines' saved logins (Firebase's, Netlify's, …).
    "configstore",
    ".netlify",
    ".gnupg",
    ".password-store",
    ".aws",
    ".docker",
    ".kube",
    "gh",
    "gcloud",
    ".azure",
    "Keychains",
    "keyrings",
    "approvals",
    "nested",
];

/// A file name every project has. A pattern that also matches it (`*`,
/// `*.*`) names ordinary files first, and counting it as naming a secret
/// would make every `grep foo *` ask; in a secret folder it still counts.
const ORDINARY_NAME: &str = "README.md";

/// Data files every project has by their kind: a pattern taking every file
/// of the kind (`data/*.json`, `fixtures/*.json`) names them first, though
/// a credentials file shares the suffix; in a secret folder
/// (`~/.docker/*.json`, `~/.config/gcloud/*.json`) it still counts.
const ORDINARY_DATA: &[&str] = &["package.json"];

/// The longest path the system opens (PATH_MAX): a longer pattern names no
/// file it could read, and the bound keeps a hostile pattern cheap.
const MAX_PATH: usize = 4096;

/// How many folders above the file a folder pattern is tried as a secret
/// folder (`~/.aw?/credentials`, `~/.ss?/keys/id_x`).
const GLOB_FOLDER_DEPTH: usize = 8;

/// True when a glob can name a secret file: a folder pattern may stand for
/// a secret folder, the file pattern for a secret name in its folder.
fn glob_may_name_secret(ctx: &Place, value: &str) -> bool {
    if value.len() > MAX_PATH {
        return false;
    }
    let resolved = ctx.resolve(value);
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let Some((name, dirs)) = parts.split_last() else {
        return false;
    };
    let mut folders: Vec<Vec<&str>> = vec![dirs.to_vec()];
    let nearest = dirs.len().saturating_sub(GLOB_FOLDER_DEPTH);
    for (i, dir) in dirs.iter().enumerate().skip(nearest) {
        if is_glob(dir) {
            let glob = Glob::new(dir);
            let above = i.checked_sub(1).map(|j| dirs[j]);
            for secret in SECRET_DIRS
                .iter()
                .filter(|s| glob.matches(s) && folders::kept_there(s, above))
            {
                let mut folder = dirs.to_vec();
                folder[i] = secret;
                folders.push(folder);
            }
        }
    }
    let glob = is_glob(name).then(|| Glob::new(name));
    // A name the pattern matches, made from the pattern itself
    // (`*.nmconnection` ─► `x.nmconnection`): where the folder makes its
    // files secrets (an ordinary name there is one) and this one too, the
    // pattern names one.
    // (The folder as written only: a pattern among the folders matches
    // secret folders by name, and its files are judged by name below.)
    let stand_in = stand_in(name);
    // What follows the pattern's last wildcard ends every name it matches
    // (`*.rs` ─► `.rs`): the names that end otherwise are passed over
    // without matching.
    let tail = name.rfind(['*', '?', ']']).map_or("", |i| &name[i + 1..]);
    let tail = if tail.contains('\\') { "" } else { tail };
    folders.iter().enumerate().any(|(i, folder)| {
        let path = |file: &str| format!("/{}/{file}", folder.join("/"));
        let Some(glob) = &glob else {
            return is_secret_path(ctx, &path(name));
        };
        // In a folder kept for secrets (`~/.aws/*`, `~/.kube/*`), a
        // pattern that takes every name takes its secrets too.
        let secret_folder = folder.last().is_some_and(|d| SECRET_DIRS.contains(d));
        let too_general = !secret_folder
            && std::iter::once(ORDINARY_NAME)
                .chain(ORDINARY_DATA.iter().copied())
                .any(|o| glob.matches(o) && !is_secret_path(ctx, &path(o)));
        // A name pattern of a secret's kind (`jupyter/runtime/jpserver-
        // *.json`, `tokens/*.token`) names one, unless it takes ordinary
        // names too. (Only `*`: `?` and `[…]` in a word are as often a
        // query's or a filter's.)
        if i == 0
            && !folder.iter().any(|d| is_glob(d))
            && is_secret_path(ctx, &path(&stand_in))
            && (is_secret_path(ctx, &path(ORDINARY_NAME))
                || !too_general && !name.contains(['?', '[']))
        {
            return true;
        }
        !too_general
            && SECRET_NAMES
                .iter()
                .chain(SECRET_DIRS)
                .any(|s| s.ends_with(tail) && glob.matches(s) && is_secret_path(ctx, &path(s)))
    })
}

/// A file name a glob matches, made by filling each wildcard with `x` and
/// each bracket with its first character (`id_*` ─► `id_x`, `*.pub` ─►
/// `x.pub`).
fn stand_in(glob: &str) -> String {
    let mut out = String::with_capacity(glob.len());
    let mut chars = glob.chars();
    while let Some(c) = chars.next() {
        match c {
            '*' | '?' => out.push('x'),
            '[' => {
                let class: String = chars.by_ref().take_while(|c| *c != ']').collect();
                let first = class
                    .trim_start_matches(['!', '^'])
                    .chars()
                    .next()
                    .unwrap_or('x');
                out.push(first);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The cheap screen in front of the secret checks: whether a path (or,
/// when it is relative, the folder it is read in) mentions one of some
/// fragments. Every secret path mentions one, so a word that fails the
/// screen is not a secret and need not be resolved; most words of most
/// commands fail it. One pass over the word for all fragments at once.
struct Screen {
    hints: &'static [&'static [&'static str]],
    automaton: Option<Fragments>,
    /// The last folder screened and its answer: every relative word of a
    /// line is read in the same folder.
    last_cwd: std::sync::Mutex<Option<(PathBuf, bool)>>,
}

impl Screen {
    fn new(hints: &'static [&'static [&'static str]]) -> Self {
        Self {
            hints,
            automaton: Some(Fragments::new(hints.iter().copied().flatten().copied())),
            last_cwd: std::sync::Mutex::new(None),
        }
    }

    fn hinted(&self, s: &str) -> bool {
        match &self.automaton {
            Some(a) => a.in_text(s),
            // Without the automaton, the same answer the slow way.
            None => self.hints.iter().copied().flatten().any(|h| s.contains(h)),
        }
    }

    fn passes(&self, value: &str, cwd: &std::path::Path) -> bool {
        let relative = !value.starts_with(['/', '~']);
        self.hinted(value) || relative && self.cwd_hinted(cwd)
    }

    /// [`Screen::hinted`] for the folder, remembered for the next word.
    fn cwd_hinted(&self, cwd: &std::path::Path) -> bool {
        // A poisoned lock only loses the memory, never the answer.
        let Ok(mut last) = self.last_cwd.lock() else {
            return self.hinted(&cwd.to_string_lossy());
        };
        match &*last {
            Some((seen, hinted)) if seen.as_os_str() == cwd.as_os_str() => *hinted,
            _ => {
                let hinted = self.hinted(&cwd.to_string_lossy());
                *last = Some((cwd.to_path_buf(), hinted));
                hinted
            }
        }
    }
}

/// Every secret's folder or a fragment of its name, and askrisky's own
/// secret folders: the one pass most words take.
static SECRET_SCREEN: LazyLock<Screen> = LazyLock::new(|| {
    Screen::new(&[
        SECRET_DIRS,
        NAME_HINTS,
        OWN_SECRET_DIRS,
        stores::HINTS,
        folders::HINTS,
        wallets::HINTS,
        names::PAYMENT_HINTS,
    ])
});

/// Fragments of secret file names, for the screen.
const NAME_HINTS: &[&str] = &[
    // Browsers' saved passwords and cookies, and tools' login configs.
    "Login Data",
    "login data",
    "Web Data",
    "web data",
    "Cookies",
    "cookies",
    "cookies.sqlite",
    "logins.json",
    "key3.db",
    "key4.db",
    "signons.sqlite",
    "rclone.conf",
    "smbcredentials",
    // hub's GitHub token, InfluxDB's and Subversion's.
    ".config/hub",
    ".influxdbv2",
    ".subversion/auth",
    // Podman's, Buildah's and Skopeo's registry logins.
    "containers/auth.json",
    "settings-security.xml",
    // Language tools' registry logins (`.ivy2`'s and `.sbt`'s have
    // `credentials` below).
    "gradle.properties",
    ".m2/",
    "NuGet.Config",
    "nuget.config",
    ".bundle/",
    ".yarnrc.yml",
    // Wi-Fi and VPN passwords, and the machine's TLS keys.
    "system-connections",
    "wpa_supplicant",
    "ssl/private",
    "sssd.conf",
    "doctl",
    "hcloud",
    "linode-cli",
    "glab-cli",
    "stripe",
    ".oci",
    "firebase-tools",
    "scw",
    ".env",
    ".cnf",
    "s3cfg",
    ".boto",
    "terraformrc",
    "tfrc",
    "kaggle",
    "databrickscfg",
    ".aliyun",
    ".bluemix",
    "exoscale",
    ".render",
    "ionos",
    ".fly",
    "netlify",
    ".railway",
    ".circleci",
    ".travis",
    "twilio-cli",
    ".expo",
    ".config/op",
    ".cloudflared",
    "com.vercel.cli",
    ".credential",
    "vault_pass",
    ".wrangler",
    "jfrog-cli",
    "wireguard",
    ".acme.sh",
    ".globus",
    ".secrets",
    "tfstate",
    "vultr-cli",
    ".civo",
    "ovh.conf",
    "upctl",
    ".doppler",
    ".sentryclirc",
    "oscrc",
    "configstore",
    ".sbt/",
    "keytab",
    "samba/private",
    ".clickhouse-client",
    "ngrok",
    "access-token",
    "cqlshrc",
    ".snowsql",
    "snowflake/",
    ".dbt/",
    ".mc/",
    "id_",
    "shadow",
    "sudoers",
    "netrc",
    ".pgpass",
    "credentials",
    ".npmrc",
    ".pypirc",
    ".vault-token",
    "master.key",
    "service-account",
    ".htpasswd",
    ".pem",
    ".key",
    ".PEM",
    ".KEY",
    ".p12",
    ".kdb",
    ".sth",
    ".nky",
    "ltpa.keys",
    "_key",
    "-key",
    "config.json",
    "config.y",
    "cli.y",
    ".p8",
    ".pfx",
    ".jks",
    "keystore",
    "key.properties",
    ".kdbx",
    "keychain",
    ".ppk",
    ".asc",
    ".gpg",
    "environ",
    ".credentials",
    "auth.json",
    "oauth_creds",
    "github-copilot",
    // Files named for what they hold (`ghcr-token`, `db_password`).
    "token",
    "TOKEN",
    "passw",
    "PASSW",
    "passphrase",
    "secret",
    "SECRET",
    "apikey",
    "key.json",
    "key.txt",
    // Folders of secrets (`credentials/`, `secrets/` and `token` above)
    // and crypto wallets.
    "passwords",
    "api-keys",
    "apikeys",
    "solana",
    "wallet",
    ".ethereum",
    ".foundry",
    ".electrum",
    ".near-credentials",
    // Shell history, FileZilla's sites, WireGuard's keys (R's
    // `.Renviron` has `environ` above).
    "history",
    "filezilla",
    "wireguard",
    "histfile",
];

/// Options by which any program is handed a file of keys, passwords or
/// tokens to read (`gcloud auth activate-service-account --key-file=sa.json`,
/// `restic --password-file pw`, `ansible-playbook --vault-password-file`).
const SECRET_FILE_OPTIONS: &[&str] = &[
    "--password-file",
    "--passwd-file",
    "--passfile",
    "--pass-file",
    "--passphrase-file",
    "--vault-password-file",
    "--key-file",
    "--keyfile",
    "--private-key",
    "--private-key-file",
    "--token-file",
    "--secret-file",
    "--secrets-file",
    "--credentials-file",
    "--credential-file",
    "--creds-file",
    "--api-key-file",
    "--client-secret-file",
    "--service-account-key-file",
];

/// Whether a command deletes a file that holds keys, passwords or tokens
/// (`unlink ~/.kube/config`, `rm .env`, `trash-put ~/.aws/credentials`):
/// a credential is often kept nowhere else, and what it unlocked is lost
/// with it. Not a move (`mv .env .env.old` keeps it).
pub(super) fn deletes_secret(c: &Cmd<'_>) -> bool {
    let deleted = if c.is(&["rm", "unlink", "trash", "trash-put", "gtrash", "srm"]) {
        c.operands()
    } else if c.is(&["gio"]) && c.operands().first().is_some_and(|w| w.value == "trash") {
        c.operands().get(1..).unwrap_or_default()
    } else {
        return false;
    };
    deleted.iter().any(|w| is_secret(c.ctx, &w.value))
}

/// Whether a command is handed a secret file by an option that says so,
/// whatever the file is called; stdin (`-`) names no file.
pub(super) fn secret_file_option(c: &Cmd<'_>) -> bool {
    c.full_option_values(SECRET_FILE_OPTIONS)
        .into_iter()
        // (A key's public half by its name, `espsecure.py
        // digest_sbv2_public_key --keyfile keys/sbv2-pub.pem`, unless the
        // file there holds a private key.)
        .any(|v| !matches!(v, "" | "-" | "/dev/stdin") && (!named_public(v) || is_secret(c.ctx, v)))
        // A browser's cookie store, its logged-in sessions (`yt-dlp
        // --cookies-from-browser firefox`, gallery-dl's too).
        || c.flag(&["--cookies-from-browser"])
        // What openssl's key commands read is a private key, whatever its
        // file is called (`openssl rsa -in certs/server.crt -text`), unless
        // told it is a public one (`-pubin`).
        || c.is(&["openssl"])
            && c.operands()
                .first()
                .is_some_and(|w| matches!(w.value.as_str(), "rsa" | "pkey" | "ec" | "dsa" | "pkcs8"))
            && !c.flag(&["-pubin"])
            && c.option_values(&["-in"])
                .iter()
                .any(|v| !matches!(*v, "" | "-" | "/dev/stdin"))
}

/// Whether a path written is a store of keys, passwords or tokens
/// outside the project and the temporary folders (`~/.aws/credentials`,
/// a backup tool's profile): what it holds is replaced or added to, so the
/// next login is someone else's, or none. A project's own `.env` is the
/// project's to write.
pub fn overwrites_secret(ctx: &Place, path: &str) -> bool {
    is_secret(ctx, path) && {
        let resolved = ctx.resolve(path);
        !at_or_below(&resolved, &ctx.cwd.to_string_lossy())
            && (ctx.in_a_home(&resolved).is_some()
                || !["/tmp", "/var/tmp"]
                    .iter()
                    .any(|t| at_or_below(&resolved, t)))
    }
}

/// Subfolders of askrisky's state that hold what stands in for the
/// person's say-so: allow-once codes, nested-run tokens, and the key that
/// signs them. An agent that reads them learns what to replay or forge.
const OWN_SECRET_DIRS: &[&str] = &["approvals", "nested", "keys"];

/// Whether `value` is inside (or is) one of [`OWN_SECRET_DIRS`] of
/// askrisky's own folders.
fn is_own_secret(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    ctx.own_dirs.iter().any(|own| {
        let own = ctx.resolve(&own.to_string_lossy());
        OWN_SECRET_DIRS
            .iter()
            .any(|d| at_or_below(&resolved, &format!("{own}/{d}")))
    })
}

/// [`is_secret`] for one exact path.
fn is_secret_path(ctx: &Place, value: &str) -> bool {
    // Cheap screen first: every secret below, askrisky's own included, has
    // one of its folders or one of the name fragments in its path.
    let screened = if ctx.case_insensitive {
        // `~/.SSH/ID_RSA` is a key where case folds: screened folded.
        let cwd = ctx.fold(&ctx.cwd.to_string_lossy()).into_owned();
        SECRET_SCREEN.passes(&ctx.fold(value), std::path::Path::new(&cwd))
    } else {
        SECRET_SCREEN.passes(value, &ctx.cwd)
    };
    if !screened {
        return false;
    }
    if is_own_secret(ctx, value) {
        return true;
    }
    let resolved = ctx.resolve(value);
    let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
    let Some((&name, dirs)) = parts.split_last() else {
        return false;
    };
    let under = |d: &str| dirs.contains(&d);
    let public = name.ends_with(".pub")
        || name.starts_with("known_hosts")
        || name.starts_with("authorized_keys");
    // A folder of keys read as a whole (`tar czf x ~/.ssh`, `cp -r
    // ~/.password-store`) reads every key in it.
    let parent = dirs.last().copied().unwrap_or("");
    if matches!(
        name,
        ".ssh" | ".gnupg" | ".password-store" | ".aws" | ".docker" | ".kube" | ".azure"
    ) || parent == ".config" && matches!(name, "gh" | "gcloud" | "hub")
        || parent == "Library" && name == "Keychains"
    {
        return true;
    }
    // A browser's profiles read whole (`grep -r pass ~/.mozilla/firefox/`,
    // `yara -r r.yar ~/.config/google-chrome/Default`): their saved
    // passwords and cookies are read with them.
    if folders::browser_profiles(name, parent) {
        return true;
    }
    if under(".ssh") {
        return !public;
    }
    if under(".gnupg")
        || under(".password-store")
        || under(".azure")
        || under("Keychains")
        || under("keyrings")
    {
        return true;
    }
    if under(".aws") && matches!(name, "credentials" | "config") {
        return true;
    }
    // A command line's own hidden folder in home, and in it the config it
    // logs in with (`~/.laravel-vapor/config.json`, `~/.fly/config.yml`):
    // deploy platforms' and clouds' tools keep their tokens there. Not
    // the shared folders of many programs, nor their settings files.
    if matches!(
        name,
        "config.json" | "config.yml" | "config.yaml" | "cli.yml" | "cli.yaml" | "auth.json"
    ) && parent.len() > 1
        && parent.starts_with('.')
        && !matches!(parent, ".config" | ".cache" | ".local" | ".npm" | ".vscode")
        && ctx
            .in_home(&resolved)
            .is_some_and(|rel| rel.bytes().filter(|b| *b == b'/').count() == 1)
    {
        return true;
    }
    // NetworkManager's connections and wpa_supplicant's config hold Wi-Fi
    // and VPN passwords (`psk=`); `/etc/ssl/private` the TLS keys.
    if name == "system-connections"
        || under("system-connections")
        || name.starts_with("wpa_supplicant") && name.ends_with(".conf")
        || resolved.starts_with("/etc/ssl/private")
        // SSSD's config keeps the directory's bind password
        // (`ldap_default_authtok`).
        || name == "sssd.conf"
    {
        return true;
    }
    // Registry tokens and signing passwords of language tools, in the
    // user's own tool folders (`~/.cargo/credentials.toml`,
    // `~/.gem/credentials`, `~/.gradle/gradle.properties`,
    // `~/.m2/settings.xml`, sbt's and Ivy's credentials, NuGet's API keys,
    // Composer's `auth.json`, Yarn's `npmAuthToken`, Bundler's mirrors);
    // a project's own `gradle.properties` or `NuGet.Config` is the project's.
    if (under(".cargo") || under(".gem") || under(".sbt") || under(".ivy2"))
        && name.trim_start_matches('.').starts_with("credentials")
        // sbt's global settings where publishing logins are kept
        // (`~/.sbt/1.0/sonatype.sbt`, `credentials.sbt`).
        || under(".sbt")
            && name.ends_with(".sbt")
            && (name.contains("sonatype") || name.contains("credential") || name.contains("publish"))
        || matches!(
            (parent, name),
            (".gradle", "gradle.properties")
                | (".m2", "settings.xml")
                | ("composer" | ".composer", "auth.json")
        )
        // (NuGet's folder and file are named in either case.)
        || parent.eq_ignore_ascii_case("NuGet") && name.eq_ignore_ascii_case("NuGet.Config")
        || ctx
            .in_home(&resolved)
            .is_some_and(|p| matches!(p, ".yarnrc.yml" | ".bundle/config"))
    {
        return true;
    }
    if under(".docker") && name == "config.json"
        || parent == "containers" && name == "auth.json"
        || under(".kube") && name == "config"
        || (under("gh") || dirs.iter().any(|d| d.eq_ignore_ascii_case("GitHub CLI")))
            && name == "hosts.yml"
        || under("gcloud")
            && (name.contains("credentials")
                || name.ends_with(".db")
                || name == "adc.json"
                || under("legacy_credentials"))
    {
        return true;
    }
    // Kerberos keytabs (a host's or a service's long-term keys), and
    // Samba's private folder, whole or a file of it (the machine
    // account's secret, the password hashes of a domain), where a package
    // (`/var/lib/samba`) or a build from source (`/usr/local/samba`) keeps it.
    if name.ends_with(".keytab")
        || name == "keytab"
        || resolved.ends_with("/samba/private")
        || resolved.contains("/samba/private/")
    {
        return true;
    }
    // R's `.Renviron` is its `.env` (`GITHUB_PAT=…`).
    if name == ".env"
        || name.eq_ignore_ascii_case(".Renviron")
        || stores::holds_secret(name, dirs)
        || wallets::holds_secret(name, dirs)
    {
        return true;
    }
    // FileZilla's saved sites (passwords in base64), WireGuard's
    // configurations (the interface's private key).
    if parent.eq_ignore_ascii_case("filezilla")
        && matches!(
            name,
            "sitemanager.xml" | "recentservers.xml" | "filezilla.xml"
        )
        || under("wireguard") && (name.ends_with(".conf") || name.ends_with("key"))
    {
        return true;
    }
    // Shell history holds what was typed at the prompt, tokens and
    // passwords given as arguments among it.
    if ctx
        .in_home(&resolved)
        .is_some_and(super::place::is_shell_history)
    {
        return true;
    }
    // A browser's saved passwords, the key that opens them, its cookies
    // (signed-in sessions): named so only by browsers, or in a browser's
    // profile.
    // (Compared in any case: where the file system folds case, the path
    // is folded.)
    let any_case = |names: &[&str]| names.iter().any(|n| n.eq_ignore_ascii_case(name));
    if any_case(&[
        "Login Data",
        "Login Data For Account",
        "key3.db",
        "key4.db",
        "signons.sqlite",
    ]) || any_case(&["Cookies", "Web Data", "logins.json", "cookies.sqlite"])
        && dirs.iter().any(|d| {
            folders::BROWSER_DIRS
                .iter()
                .any(|b| b.eq_ignore_ascii_case(d))
        })
    {
        return true;
    }
    // Tools that keep a login or a token in their own config.
    if matches!(
        name,
        "rclone.conf" | ".smbcredentials" | "settings-security.xml"
    ) || parent == "linode-cli"
        || matches!(
            (parent, name),
            ("doctl", "config.yaml")
                | ("hcloud", "cli.toml")
                | ("scw", "config.yaml")
                | ("glab-cli", "config.yml")
                | ("stripe", "config.toml")
                | (".oci", "config")
                | ("configstore", "firebase-tools.json")
                // The InfluxDB CLI's API tokens; age's identities (as sops
                // keeps them).
                | (".influxdbv2", "configs")
                | ("age", "keys.txt")
                // Data tools' saved logins: Snowflake's, dbt's profiles
                // (each warehouse's password), MinIO's client.
                | (".snowsql", "config")
                | ("snowflake", "connections.toml" | "config.toml")
                | (".dbt", "profiles.yml")
                | (".mc", "config.json")
                // Smaller clouds' and deploy platforms' CLIs keep their
                // keys or tokens in their own config (Alibaba's, IBM's,
                // Exoscale's, Render's, IONOS's, Fly's, Netlify's,
                // Railway's, CircleCI's, Travis's, Twilio's, Expo's,
                // 1Password's; Cloudflare's tunnel login).
                | (".aliyun", "config.json")
                | (".bluemix", "config.json")
                | ("exoscale", "exoscale.toml")
                | (".render", "cli.yaml")
                | ("ionos", "config.json")
                | (".fly", "config.yml")
                | ("netlify" | ".netlify", "config.json")
                | (".railway", "config.json")
                | (".circleci", "cli.yml")
                | (".travis", "config.yml")
                | ("twilio-cli", "config.json")
                | (".expo", "state.json")
                | (".cloudflared", "cert.pem")
                | ("com.vercel.cli", "auth.json")
        )
        // Logins kept by their form, in any tool's folder: Tencent's
        // `*.credential`, Ansible's vault password files.
        || name.ends_with(".credential")
        || name.trim_start_matches('.').starts_with("vault_pass")
        // Wrangler's OAuth token; 1Password CLI's sessions.
        || dirs.contains(&".wrangler") && name == "default.toml"
        || dirs.ends_with(&[".config", "op"]) && name == "config"
        // JFrog CLI's servers with their tokens (`jfrog-cli.conf.v6`).
        || dirs.contains(&".jfrog") && name.starts_with("jfrog-cli.conf")
        // acme.sh's saved DNS API tokens; Globus CLI's tokens; Terraform's
        // state, which holds every secret it set in plain text.
        || dirs.contains(&".acme.sh") && name == "account.conf"
        || dirs.ends_with(&[".globus", "cli"])
        || name.ends_with(".tfstate")
        || name.ends_with(".tfstate.backup")
        // A hidden folder kept for secrets, at any depth below it
        // (`~/.secrets/certbot/cloudflare.ini`).
        || dirs.contains(&".secrets") && secret_data_name(&name.to_ascii_lowercase()).is_some()
        // Subversion's saved passwords, one file per server.
        || dirs
            .windows(2)
            .any(|w| w[0] == ".subversion" && w[1] == "auth")
    {
        return true;
    }
    // A process's environment, and agents' own login tokens.
    if name == "environ" && parts.first() == Some(&"proc")
        || crate::agents::ROWS.iter().any(|r| {
            r.credentials
                .iter()
                .any(|c| crate::agents::ends_with_pattern(&parts, c))
        })
    {
        return true;
    }
    if let Some(variant) = name.strip_prefix(".env.") {
        // An example of any environment's file is an example
        // (`.env.ci.example`, `.env.production.sample`).
        let last = variant.rsplit('.').next().unwrap_or(variant);
        return !matches!(
            last,
            "example" | "sample" | "template" | "tpl" | "dist" | "defaults" | "schema"
        );
    }
    if name.starts_with("id_")
        && !public
        && ["rsa", "dsa", "ecdsa", "ed25519"]
            .iter()
            .any(|k| name[3..].starts_with(k))
    {
        return true;
    }
    match name {
        "shadow" | "gshadow" | "sudoers" => return resolved.starts_with("/etc/"),
        ".netrc"
        | "_netrc"
        | ".pgpass"
        | ".my.cnf"
        | ".mylogin.cnf"
        | ".s3cfg"
        | ".boto"
        | ".terraformrc"
        | "credentials.tfrc.json"
        | "kaggle.json"
        | ".databrickscfg"
        | ".vultr-cli.yaml"
        | ".civo.json"
        | ".ovh.conf"
        | "upctl.yaml"
        | ".doppler.yaml"
        | ".sentryclirc"
        | "ngrok.yml"
        | "access-token"
        | ".cqlshrc"
        | ".git-credentials"
        | ".npmrc"
        | ".pypirc"
        | ".vault-token"
        | "master.key"
        | "credentials.json"
        | "service-account.json"
        // An Android signing setup's store and key passwords.
        | "key.properties"
        | "keystore.properties"
        // The Open Build Service's client settings, with the password.
        | "oscrc"
        | ".oscrc"
        | ".htpasswd" => return true,
        _ => {}
    }
    // A tool's own credentials file in its hidden folder in home
    // (`~/.cassandra/credentials`, as `~/.aws/credentials`); the clients'
    // settings that hold a login (`~/.clickhouse-client/config.xml`); the
    // tokens Node command lines keep (`~/.config/configstore/*.json`).
    if name == "credentials" && parent.starts_with('.')
        || parent == ".clickhouse-client" && name == "config.xml"
        || parent == "configstore" && name.ends_with(".json")
    {
        return true;
    }
    // A tool's key kept as a bare file in its settings folder
    // (`~/.config/openai/key`, `~/.config/hub/token`).
    if matches!(
        name,
        "key" | "api_key" | "apikey" | "api-key" | "token" | "auth_token" | "jwt"
    ) && resolved.contains("/.config/")
    {
        return true;
    }
    // Docker's and Kubernetes's secrets as a container sees them
    // (`/run/secrets/db_password`, a service account's token).
    if resolved.starts_with("/run/secrets/") || resolved.starts_with("/var/run/secrets/") {
        return true;
    }
    // WireGuard's tunnels, each with its private key (`/etc/wireguard/
    // wg0.conf`), the folder read whole too.
    if at_or_below(&resolved, "/etc/wireguard") {
        return true;
    }
    // Without an extension, only as a path (`~/.config/ghcr-token`): a
    // bare `token` is as often a subcommand (`npm token list`).
    // (The system's user list, `/etc/passwd`, holds no password.)
    if named_for_a_secret(name)
        && resolved != "/etc/passwd"
        && (name.contains('.') || value.contains('/') && !value.ends_with('/'))
        || in_a_secret_folder(parent, name)
    {
        return true;
    }
    // Armored files are keys or certificates by what they hold: one on
    // disk with no private key in it is a certificate, a public key or a
    // signature (`cert.pem`, `release.asc`).
    if [".pem", ".crt", ".cer", ".asc"]
        .iter()
        .any(|e| name.ends_with(e))
        && armored_without_private_key(&resolved)
    {
        return false;
    }
    // Certificates by the names they are given (`fullchain.pem`,
    // `cert.pem`, `ca-bundle.pem`), when they name no key — and only where
    // the file is not there to be read: one that is there and holds a
    // private key under a certificate's name is a key (its text was
    // read above).
    if name.ends_with(".pem")
        && ["cert", "chain", "ca-bundle", "ca.pem", "cacert", "root-ca"]
            .iter()
            .any(|c| name.contains(c))
        && !["key", "priv", "secret"].iter().any(|k| name.contains(k))
        && std::fs::symlink_metadata(&resolved).is_err()
    {
        return false;
    }
    // A key's public half by its name (`oci_api_key_public.pem`,
    // `signing-pub.pem`), likewise only when it is not there to be read.
    if (name.ends_with(".pem") || name.ends_with(".key"))
        && named_public(name)
        && std::fs::symlink_metadata(&resolved).is_err()
    {
        return false;
    }
    // `.asc` names a CAN bus log or a signature as often as an armored
    // key (`drive_0412.asc`, `SHA256SUMS.asc`): one that is there is a
    // key by what it holds; one not there (an output, a file a later
    // command writes) only by its name (`private.asc`, `signing-key.asc`).
    if name.ends_with(".asc") {
        return armored_asc_is_key(&resolved, name);
    }
    const EXTS: &[&str] = &[
        ".pem",
        ".key",
        ".p12",
        // PKCS #8 keys: App Store Connect's and APNs' `AuthKey_….p8`.
        ".p8",
        ".pfx",
        ".jks",
        ".keystore",
        ".kdbx",
        ".keychain",
        ".keychain-db",
        ".ppk",
        ".gpg",
        // IBM's key databases and the stash of their password (MQ's,
        // WebSphere's `key.kdb`, `key.sth`); a KeePass 1 database.
        ".kdb",
        ".sth",
        // Xilinx's AES keys for encrypted bitstreams (`bbram.nky`).
        ".nky",
        // WebSphere Liberty's LTPA token signing keys.
        "ltpa.keys",
    ];
    EXTS.iter().any(|e| name.ends_with(e))
        // (A key or certificate named in capitals, as some vendors' tools
        // write them: `SSFS_PRD.KEY`, `SERVER.PEM`.)
        || [".KEY", ".PEM", ".P12", ".PFX"].iter().any(|e| name.ends_with(e)) && !named_public(name)
        // A file named as a key, without an extension, named in its folder
        // (`~/.Xilinx/wi_authentication_key`, `/etc/ssh/ssh_host_rsa_key`);
        // not a word that may be a field's name (`sort_key`).
        || (name.ends_with("_key") || name.ends_with("-key"))
            && value.contains('/')
            && !name.starts_with(['.', '-'])
            && !named_public(name)
}

/// True for a home folder or a folder above one (`~`, `/home`, `/`).
pub fn holds_home(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    ctx.home_str().is_some_and(|h| parent_of(&resolved, &h))
}

/// Whether `path` is the folder `resolved` or below it.
fn parent_of(resolved: &str, path: &str) -> bool {
    path == resolved || path.starts_with(&format!("{}/", resolved.trim_end_matches('/')))
}

/// True for a folder that holds secret folders: the root, a home or a
/// folder above one, and the folders below home that keep keys and
/// tokens (`~/.config`, `~/.local/state`, `~/Library`), and `/etc`. Read
/// as a whole, it reads them all.
pub fn holds_secrets(ctx: &Place, value: &str) -> bool {
    let resolved = ctx.resolve(value);
    let parent_of = |p: &str| parent_of(&resolved, p);
    if ctx.home_str().is_some_and(|h| parent_of(&h)) || resolved == "/etc" {
        return true;
    }
    if ctx
        .own_dirs
        .iter()
        .any(|own| parent_of(&ctx.resolve(&own.to_string_lossy())))
    {
        return true;
    }
    ctx.in_home(&resolved).is_some_and(|rel| {
        matches!(
            rel,
            ".config"
                | ".local"
                | ".local/state"
                | ".local/share"
                | "Library"
                | "Library/Application Support"
        ) || rel.starts_with(".claude")
            || rel.starts_with(".codex")
            || rel.starts_with(".gemini")
    })
}

/// Whether a command prints an environment variable whose name says it
/// holds a token, a key or a password (`printenv GITHUB_TOKEN`, `jq -n
/// 'env.AWS_SECRET_ACCESS_KEY'`): the value lands in the transcript,
/// which leaves the machine with the next request to the model. (An
/// interpreter's code: see `interpreters::code_prints_secret_env`.)
pub(super) fn prints_secret_env(c: &Cmd<'_>) -> bool {
    // The whole environment printed by a command a secret manager runs
    // with its secrets put there (`doppler run -- printenv`, `aws-vault
    // exec prod -- env`).
    const INJECTORS: &[&str] = &[
        "doppler",
        "infisical",
        "op",
        "chamber",
        "aws-vault",
        "teller",
        "envchain",
        "sops",
        "berglas",
        "dotenvx",
        "envconsul",
        "summon",
    ];
    if dumps_environment(c)
        && c.command
            .via
            .iter()
            .any(|w| INJECTORS.contains(&w.as_str()))
    {
        return true;
    }
    if c.is(&["printenv"]) {
        return c.operands().iter().any(|w| secret_variable(&w.value));
    }
    // The same act by the shell's own printers (`echo "$GITHUB_TOKEN"`,
    // `printf '%s' "${OPENAI_API_KEY}"`). Handed on through a pipe (`echo
    // "$TOKEN" | docker login --password-stdin`), into a file or to the
    // command a substitution builds, the value is not printed.
    if c.is(&["echo", "printf", "print"])
        && !c.command.piped
        && !matches!(
            c.command.origin,
            crate::parse::Origin::Substitution | crate::parse::Origin::ProcessSubstitution
        )
        && !output_kept(c)
    {
        return c
            .args()
            .iter()
            .any(|w| !w.literal && expands_secret_variable(&w.value));
    }
    c.is(&["jq", "gojq", "jaq", "yq"])
        && c.args().iter().any(|w| {
            (w.value.contains("env.") || w.value.contains("$ENV"))
                && names_secret_variable(&w.value)
        })
}

/// Whether a command's output goes to a file rather than the terminal
/// (`> .npmrc`, `>> log`; not `>&2` or `> /dev/stderr`).
fn output_kept(c: &Cmd<'_>) -> bool {
    c.redirects().iter().any(|r| {
        matches!(r.fd, None | Some(1))
            && r.op.writes()
            && !matches!(
                r.target.value.as_str(),
                "/dev/stdout" | "/dev/stderr" | "/dev/tty" | "/dev/fd/1" | "/dev/fd/2"
            )
    })
}

/// Whether a word as written expands a variable whose name says it holds
/// a secret (`$GITHUB_TOKEN`, `${DB_PASSWORD:-x}`, `token=$NPM_TOKEN`).
fn expands_secret_variable(text: &str) -> bool {
    text.split('$').skip(1).any(|after| {
        let name = after.strip_prefix('{').unwrap_or(after);
        let end = name
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
            .unwrap_or(name.len());
        secret_variable(&name[..end])
    })
}

/// Whether a command prints every variable of its environment: `printenv`
/// or `env` alone, `set` alone, `export -p`.
fn dumps_environment(c: &Cmd<'_>) -> bool {
    match c.name.as_str() {
        "printenv" => c.operands().is_empty(),
        "env" => c.values().all(|v| matches!(v, "-0" | "--null")),
        "set" => c.args().is_empty(),
        "export" | "declare" | "typeset" => c.values().all(|v| matches!(v, "-p" | "-x" | "-px")),
        _ => false,
    }
}

/// Whether a text names an environment variable that holds a secret.
pub(super) fn names_secret_variable(text: &str) -> bool {
    text.split(|ch: char| !(ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_'))
        .any(secret_variable)
}

/// Whether an environment variable's name says it holds a secret
/// (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`, `OPENAI_API_KEY`).
fn secret_variable(name: &str) -> bool {
    const MARKS: &[&str] = &[
        "TOKEN",
        "SECRET",
        "PASSWORD",
        "PASSWD",
        "API_KEY",
        "APIKEY",
        "PRIVATE_KEY",
        "ACCESS_KEY",
        "CREDENTIAL",
    ];
    name.len() > 3
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && (MARKS.iter().any(|m| name.contains(m)) || stores::login_url(name))
}

/// Whether any tool is asked to print a setting of its own that holds a
/// login (`npm config get //registry.npmjs.org/:_authToken`, `yarn config
/// get npmAuthToken`, `pip config get global.password`).
fn prints_secret_setting(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    let [config, get, keys @ ..] = ops else {
        return false;
    };
    config.value == "config"
        && matches!(get.value.as_str(), "get" | "show")
        && keys.iter().any(|k| {
            let key = k.value.to_ascii_uppercase();
            names_secret_variable(&key) || key.ends_with("_AUTH")
        })
}

/// Any tool told by an option to show the secret values it would mask
/// (`pulumi stack output --show-secrets`, `glab auth status
/// --show-token`, `pulumi config --show-secrets`): whatever the tool, the
/// option says what it prints.
fn reveals_by_option(c: &Cmd<'_>) -> bool {
    // Asked of every command: most words are no long option.
    c.args().iter().any(|w| {
        // Windows's saved Wi-Fi passphrase shown (`netsh wlan show
        // profile name=X key=clear`).
        w.value.eq_ignore_ascii_case("key=clear")
            // An Oracle wallet's stored password shown (`mkstore -wrl W
            // -viewEntry oracle.security.client.password1`).
            || w.value == "-viewEntry"
            || w.value.starts_with("--")
                && matches!(
                    w.value.as_str(),
                    "--show-secrets"
                        | "--show-secret"
                        | "--reveal"
                        | "--reveal-secrets"
                        | "--show-token"
                        | "--show-sensitive"
                        | "--unmask"
                        | "--with-decryption"
                )
    })
}

/// Any tool's subcommand that prints a login token, a key or a secret's
/// value, by its words rather than its name (`doctl auth token`, `fly
/// tokens create deploy`, `ceph auth get client.admin`, `doppler secrets
/// get DB_URL`, `az keyvault secret show …`); and InfluxDB's listing of
/// its tokens (`influx auth list`), which prints each token whole. A list
/// of secrets' names (`wrangler secret list`) and a secret made from a
/// value (`gh secret set`) print none.
fn prints_credential(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    let head = &ops[..ops.len().min(4)];
    head.windows(2).any(|pair| {
        let (noun, verb) = (pair[0].value.as_str(), pair[1].value.as_str());
        let logins = matches!(
            noun,
            "auth"
                | "token"
                | "tokens"
                | "api-key"
                | "api-keys"
                | "apikey"
                | "apikeys"
                | "access-key"
                | "access-keys"
        ) && matches!(
            verb,
            "token"
                | "print-token"
                | "print-access-token"
                | "get"
                | "show"
                | "print"
                | "reveal"
                | "create"
                | "new"
                | "generate"
        );
        let values = matches!(noun, "secret" | "secrets")
            && matches!(verb, "get" | "show" | "print" | "reveal" | "download");
        // A secret's value asked of any tool's store by its name (`hardhat
        // vars get PRIVATE_KEY`, `heroku config:get DATABASE_URL`).
        let named =
            matches!(noun, "get" | "show" | "print" | "config:get") && secret_variable(verb);
        logins || values || named
    }) || matches!(c.name.as_str(), "jf" | "jfrog")
        // JFrog's export: a token that holds the server's saved login.
        && head.first().is_some_and(|w| matches!(w.value.as_str(), "config" | "c"))
        && head.get(1).is_some_and(|w| w.value == "export")
        || c.is(&["influx"])
            && head.first().is_some_and(|w| w.value == "auth")
            && head
                .get(1)
                .is_some_and(|w| matches!(w.value.as_str(), "list" | "ls" | "find"))
        || wallets::prints_key(head)
}

/// Whether a command reads passwords or tokens out of a keychain, a
/// password manager or a tool's own login (`security find-generic-password`,
/// `pass show`, `gh auth token`, `kubectl config view --raw`).
pub(super) fn reads_store(c: &Cmd<'_>) -> bool {
    if prints_secret_setting(c) || prints_credential(c) || reveals_by_option(c) {
        return true;
    }
    // Every case below names one of these programs: a `match` settles any
    // other at once, where each list below is compared name by name.
    if !matches!(
        c.name.as_str(),
        "security"
            | "pkcs11-tool"
            | "nmcli"
            | "secret-tool"
            | "pass"
            | "gopass"
            | "kwallet-query"
            | "lpass"
            | "op"
            | "bw"
            | "gh"
            | "gpg"
            | "gpg2"
            | "kubectl"
            | "oc"
            | "git"
            | "aws"
            | "heroku"
            | "p4"
            | "borg"
            | "gcloud"
            | "az"
            | "vault"
            | "sops"
            | "ansible-vault"
            | "eyaml"
            | "age"
            | "rage"
            | "agenix"
            | "terraform"
            | "tofu"
            | "doppler"
            | "infisical"
            | "chamber"
            | "berglas"
            | "getent"
            | "keyctl"
            | "glab"
            | "reg"
            | "reg.exe"
            | "wg"
            | "wg-quick"
            | "dscl"
            | "railway"
            | "vercel"
            | "databricks"
            | "keyring"
            | "bundle"
            | "mvn"
            | "my_print_defaults"
            | "hass"
            | "homeassistant"
    ) {
        return false;
    }
    // MySQL's option files printed with their passwords (`my_print_defaults
    // -s client`: `-s` unmasks them).
    if c.name == "my_print_defaults" {
        return c.flag(&["-s", "--show"]);
    }
    // git, which most commands that reach here are, has one form: settled
    // before the rest are compared. (npm's `token` is read with the other
    // credentials a tool prints.)
    if c.name == "git" {
        return c.git().is_some_and(|(g, rest)| {
            (g == "credential" && operands(rest).first().is_some_and(|w| w.value == "fill"))
                || (matches!(g, "credential-store" | "credential-cache")
                    && operands(rest).first().is_some_and(|w| w.value == "get"))
        });
    }
    let sub = c.operands().first().map(|w| w.value.as_str()).unwrap_or("");
    let second = c.operands().get(1).map(|w| w.value.as_str()).unwrap_or("");
    // A workspace secret's value (`databricks secrets get-secret SCOPE
    // KEY`); a password from the system keyring through Python's CLI
    // (`keyring get SERVICE USER`); a private gem host's credentials
    // (`bundle config get gems.example.com`; `build.GEM` is a gem's build
    // flags); Maven's settings printed with their server passwords
    // (`mvn help:effective-settings -DshowPasswords=true`).
    if c.is(&["databricks", "keyring", "bundle", "mvn"]) {
        let third = c.operands().get(2).map_or("", |w| w.value.as_str());
        return c.is(&["databricks"]) && sub == "secrets" && matches!(second, "get-secret" | "get")
            || c.is(&["keyring"]) && sub == "get"
            || c.is(&["bundle"])
                && sub == "config"
                && second == "get"
                && third.contains('.')
                && !third.starts_with("build.")
            || c.is(&["mvn"])
                && c.values().any(|v| v.ends_with("effective-settings"))
                && c.values().any(|v| v == "-DshowPasswords=true");
    }
    // NetworkManager told to print the Wi-Fi and VPN passwords; the
    // password hashes asked of the system's databases (`getent shadow`).
    (c.is(&["nmcli"])
        && (c.flag(&["-s", "--show-secrets"]) || c.values().any(|v| v == "show-password")))
        || (c.is(&["getent"]) && matches!(sub, "shadow" | "gshadow"))
        // Home Assistant's configuration check told to print the secrets
        // it read (`hass --script check_config --secrets`).
        || (c.is(&["hass", "homeassistant"]) && c.flag(&["--secrets"]))
        // macOS's own: a user's password hash read from the directory
        // service (`dscl . -read /Users/me dsAttrTypeNative:ShadowHashData`).
        || (c.is(&["dscl"]) && c.values().any(|v| v.contains("ShadowHashData")))
        // The kernel's keyring: a key's payload printed (`keyctl pipe
        // %user:gh_token`).
        || (c.is(&["keyctl"]) && matches!(sub, "print" | "pipe" | "read"))
        || (c.is(&["security"])
        && (sub.starts_with("find-") && !matches!(sub, "find-certificate" | "find-identity")
            || matches!(sub, "dump-keychain" | "export" | "unlock-keychain")))
        || (c.is(&["secret-tool"]) && matches!(sub, "lookup" | "search"))
        // A WireGuard interface's configuration printed, its private key
        // in it (`wg-quick strip wg0`, `wg showconf wg0`, `wg show wg0
        // private-key`).
        || (c.is(&["wg-quick"]) && sub == "strip")
        || (c.is(&["wg"])
            && (sub == "showconf"
                || sub == "show" && c.operands().iter().any(|w| w.value == "private-key")))
        // Entry names listed or searched are no secret (`pass find github`);
        // gopass's `find` shows the one entry it finds, so only pass's.
        || c.is(&["pass", "gopass", "kwallet-query", "lpass"])
            && !sub.is_empty()
            && !(matches!(sub, "ls" | "list") || c.is(&["pass"]) && matches!(sub, "find" | "search"))
        || (c.is(&["op"])
            && (matches!(sub, "read" | "inject" | "run") || sub == "item" && second != "list"))
        // (Bitwarden's folders, collections and organizations are names.)
        || (c.is(&["bw"])
            && (matches!(sub, "get" | "export")
                || sub == "list"
                    && !matches!(
                        second,
                        "folders" | "collections" | "organizations" | "org-collections" | "org-members"
                    )))
        || (c.is(&["gh", "glab"])
            && sub == "auth"
            && (second == "token" || (second == "status" && c.flag(&["-t", "--show-token"]))))
        // Windows's credential hives saved or exported (`reg.exe save
        // HKLM\SAM sam.hiv`): the local password hashes, and the keys that
        // open them.
        || (c.is(&["reg", "reg.exe"])
            && (sub.eq_ignore_ascii_case("save") || sub.eq_ignore_ascii_case("export"))
            && {
                let key = second.to_ascii_uppercase().replace("HKEY_LOCAL_MACHINE", "HKLM");
                ["HKLM\\SAM", "HKLM\\SECURITY", "HKLM\\SYSTEM"]
                    .iter()
                    .any(|h| key.trim_end_matches('\\') == *h)
            })
        || (c.is(&["gpg", "gpg2"])
            && c.flag_of(
                &["--export-secret-keys", "--export-secret-subkeys"],
                &["--export"],
            ))
        // A private or secret key read out of a token or HSM
        // (`pkcs11-tool --read-object --type privkey`), where it can be.
        || (c.is(&["pkcs11-tool"])
            && c.flag(&["--read-object", "-r"])
            && c.option_values(&["--type", "-y"])
                .iter()
                .any(|t| matches!(*t, "privkey" | "secrkey")))
        || (c.is(&["kubectl", "oc"])
            && sub == "config"
            && second == "view"
            && c.flag(&["--raw", "--flatten"]))
        || (c.is(&["kubectl"]) && sub == "create" && second == "token")
        // A secret's keys written out as files, or to stdout (`oc extract
        // secret/stripe-live --to=-`).
        || (c.is(&["kubectl", "oc"])
            && sub == "extract"
            && (second.starts_with("secret/") || second == "secret"))
        || (c.is(&["aws"])
            && ((sub == "sts"
                && matches!(
                    second,
                    "get-session-token" | "assume-role" | "get-federation-token"
                ))
                // Any service's token or password handed out by a `get-`
                // or `generate-` call (`ecr get-login-password`,
                // `codeartifact get-authorization-token`, `rds
                // generate-db-auth-token`, `eks get-token`).
                || ["get-", "generate-"].iter().any(|p| second.starts_with(p))
                    && ["token", "password"].iter().any(|t| second.ends_with(t))))
        || (c.is(&["heroku"]) && sub == "auth:token")
        // Perforce's tickets, each a login (`p4 tickets`, `p4 login -p`).
        || (c.is(&["p4"]) && (sub == "tickets" || sub == "login" && c.flag(&["-p"])))
        // A backup repository's key exported (`borg key export --paper
        // REPO`): with it, anyone who reaches the backups reads them.
        || (c.is(&["borg"]) && sub == "key" && second == "export")
        || (c.is(&["gcloud"])
            && c.values()
                .any(|v| v.starts_with("print-access-token") || v == "print-identity-token"))
        || (c.is(&["az"])
            && (c.values().any(|v| v == "get-access-token" || v == "show-connection-string")
                // A device's, a hub's or an account's keys shown
                // (`az iot hub device-identity connection-string show`,
                // `az storage account keys list`).
                || c.values().any(|v| v == "connection-string" || v == "keys")
                    && c.values().any(|v| v == "show" || v == "list")))
        || (c.is(&["aws"])
            && sub == "configure"
            && matches!(second, "get" | "export-credentials"))
        // A platform's config vars printed whole (`heroku config -s`,
        // `heroku config:get DATABASE_URL`, `railway variables`), or
        // pulled into a file (`vercel env pull`).
        || match c.name.as_str() {
            "heroku" => matches!(sub, "config" | "config:get"),
            "railway" => matches!(sub, "variables" | "vars" | "variable"),
            "vercel" => sub == "env" && second == "pull",
            _ => false,
        }
        // `vault kv list` and `kv metadata` show only key names.
        // Told to print the request as curl, or the policy it needs
        // (its rehearsals), it sends nothing.
        || (c.is(&["vault"])
            && (sub == "read" || sub == "kv" && !matches!(second, "list" | "metadata"))
            && !super::dryrun::rehearses_as(&c.name, c.args()))
        // Encrypted secrets, decrypted to the screen (`sops -d`,
        // `ansible-vault view`), and secret managers' values.
        || (c.is(&["sops"])
            && (c.flag(&["-d", "--decrypt"]) || matches!(sub, "decrypt" | "exec-env" | "exec-file")))
        || (c.is(&["ansible-vault", "eyaml"]) && matches!(sub, "view" | "decrypt" | "edit"))
        // (agenix's `-e` decrypts the secret into an editor.)
        || (c.is(&["age", "rage", "agenix"]) && c.flag(&["-d", "--decrypt"]))
        || (c.is(&["agenix"]) && c.flag(&["-e", "--edit"]))
        || (c.is(&["terraform", "tofu"]) && sub == "output" && c.flag(&["-raw", "-json"]))
        || (c.is(&["kubectl", "oc"])
            && sub == "get"
            && matches!(second, "secret" | "secrets")
            && kube_output_shows_values(c))
        || (c.is(&["aws"])
            && ((sub == "secretsmanager" && second == "get-secret-value")
                || (sub == "ssm" && c.flag(&["--with-decryption"]))))
        || (c.is(&["gcloud"]) && sub == "secrets" && c.values().any(|v| v == "access"))
        || (c.is(&["az"])
            && sub == "keyvault"
            && second == "secret"
            && c.values().any(|v| matches!(v, "show" | "download")))
        || (c.is(&["doppler", "infisical", "chamber", "berglas"])
            && c.values().any(|v| matches!(v, "get" | "read" | "access" | "download" | "export")))
}

/// Whether `kubectl get secret` is told to print what it holds: any
/// output format but the names (`-o name`) and columns of the secret's
/// name and type alone (`-o custom-columns=NAME:.metadata.name,TYPE:.type`).
/// A template may print anything: it counts as values.
fn kube_output_shows_values(c: &Cmd<'_>) -> bool {
    let formats = c.option_values(&["-o", "--output"]);
    let names_only = |format: &str| {
        let format = format.trim_start_matches('=');
        format == "name"
            || format
                .strip_prefix("custom-columns=")
                .is_some_and(|columns| {
                    columns.split(',').all(|column| {
                        // Not the annotations: the last applied manifest,
                        // values and all, is one.
                        column.split_once(':').is_some_and(|(_, field)| {
                            matches!(
                                field,
                                ".metadata.name"
                                    | ".metadata.namespace"
                                    | ".metadata.creationTimestamp"
                                    | ".metadata.uid"
                                    | ".type"
                            ) || field.starts_with(".metadata.labels")
                        })
                    })
                })
    };
    !formats.is_empty() && !formats.iter().all(|f| names_only(f))
}

#[cfg(test)]
mod tests {

    /// An armored file on disk is a secret by what it holds: a private key
    /// is, a certificate or a signature is not; one that cannot be read is.
    #[test]
    fn armored_files_by_what_they_hold() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let write = |name: &str, text: &str| {
            std::fs::write(dir.path().join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            "cert.pem",
            "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
        );
        write(
            "key.pem",
            "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n",
        );
        write(
            "both.pem",
            "-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n-----BEGIN RSA PRIVATE KEY-----\ny\n",
        );
        write(
            "sig.asc",
            "-----BEGIN PGP SIGNATURE-----\nx\n-----END PGP SIGNATURE-----\n",
        );
        write("plain.pem", "not armored");
        // `.asc`: a CAN bus log as often as a key; what it holds decides.
        write("drive.asc", "date Tue Jun 11 09:12:01 2024\nbase hex\n");
        // A real public key's size (a few kilobytes) is read, not taken
        // as too large to tell.
        let block = "QUJD".repeat(16).repeat(60);
        write(
            "long.asc",
            &format!(
                "-----BEGIN PGP PUBLIC KEY BLOCK-----\n{block}\n-----END PGP PUBLIC KEY BLOCK-----\n"
            ),
        );
        write(
            "me.asc",
            "-----BEGIN PGP PRIVATE KEY BLOCK-----\nx\n-----END PGP PRIVATE KEY BLOCK-----\n",
        );
        // A key under a certificate's name: what it holds decides.
        write(
            "fullchain.pem",
            "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n",
        );
        // A private key under a public key's name, handed to a key-file
        // option, is read as the key it is.
        write(
            "signing-pub.pem",
            "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n",
        );
        let ctx = Place {
            cwd: dir.path().to_path_buf(),
            ..Place::example()
        };
        for (name, secret) in [
            ("cert.pem", false),
            ("sig.asc", false),
            ("drive.asc", false),
            ("long.asc", false),
            ("me.asc", true),
            ("missing.asc", false),
            ("missing-signing-key.asc", true),
            ("secring.asc", true),
            ("key.pem", true),
            ("both.pem", true),
            ("plain.pem", true),
            ("missing.pem", true),
            ("fullchain.pem", true),
            ("missing-fullchain.pem", false),
            ("signing-pub.pem", true),
            ("missing-pub.pem", false),
        ] {
            assert_eq!(is_secret(&ctx, name), secret, "{name}");
        }
        for (line, secret) in [
            (
                "espsecure.py digest_sbv2_public_key --keyfile signing-pub.pem -o d.bin",
                true,
            ),
            (
                "espsecure.py digest_sbv2_public_key --keyfile missing-pub.pem -o d.bin",
                false,
            ),
        ] {
            let script = crate::parse::parse(line);
            let command = script.commands.first().unwrap_or_else(|| panic!("{line}"));
            assert_eq!(
                secret_file_option(&Cmd::new(command, &ctx)),
                secret,
                "{line}"
            );
        }
    }

    use super::*;
    use crate::danger::fixture::{link, on_disk_home};

    /// Whether `text` holds one of the secret screen's fragments, the
    /// plain way.
    fn holds_a_fragment(text: &str) -> bool {
        [SECRET_DIRS, NAME_HINTS, OWN_SECRET_DIRS]
            .iter()
            .copied()
            .flatten()
            .any(|f| text.contains(f))
    }

    #[test]
    fn fragments_are_found_where_they_stand() {
        let fragments = Fragments::new(
            [SECRET_DIRS, NAME_HINTS, OWN_SECRET_DIRS]
                .iter()
                .copied()
                .flatten()
                .copied(),
        );
        for f in [SECRET_DIRS, NAME_HINTS, OWN_SECRET_DIRS]
            .iter()
            .copied()
            .flatten()
        {
            // Alone, at either end, in the middle; cut short at either end
            // (which may still hold another), and in another case.
            let cut_end = &f[..f.len() - 1];
            let cut_start = &f[1..];
            let upper = f.to_uppercase();
            for text in [
                f.to_string(),
                format!("/home/user/{f}"),
                format!("{f}/x"),
                format!("a{f}b"),
                cut_end.to_string(),
                cut_start.to_string(),
                format!("{cut_end}/{cut_start}"),
                upper,
            ] {
                assert_eq!(fragments.in_text(&text), holds_a_fragment(&text), "{text}");
            }
        }
        // Fragments of fewer than two bytes are looked for too.
        let short = Fragments::new(["x", "", "ab"].into_iter());
        assert!(short.in_text("x") && short.in_text("") && short.in_text("zab"));
        let one = Fragments::new(["x", "ab"].into_iter());
        assert!(one.in_text("..x") && !one.in_text("") && !one.in_text("a-b"));
    }

    proptest::proptest! {
        /// The pair table answers as a search for each fragment does.
        #[test]
        fn fragments_found_as_a_plain_search_finds_them(
            text in "([a-z_./~ -]|ssh|id_|\\.env|\\.pem|env|gh|key|Login Data|cookies){0,12}",
        ) {
            proptest::prop_assert_eq!(SECRET_SCREEN.hinted(&text), holds_a_fragment(&text));
        }
    }

    #[test]
    fn secrets() {
        let c = Place::example();
        for v in [
            "/etc/NetworkManager/system-connections/*.nmconnection",
            "/etc/NetworkManager/system-connections/home?.nmconnection",
            ".env",
            ".env.local",
            "config/.env.production",
            "~/.ssh/id_rsa",
            "~/.ssh/config",
            ".ssh/id_ed25519",
            "~/.aws/credentials",
            "server.pem",
            "tls.key",
            "~/.netrc",
            "/etc/shadow",
            "~/.git-credentials",
            "~/.docker/config.json",
            "~/.kube/config",
            "~/.config/gh/hosts.yml",
            "~/Library/Keychains/login.keychain-db",
            "~/.ssh",
            "id_ed25519_sk",
            ".env*",
            ".e?v",
            ".en[v]",
            "config/.env.*",
            "~/.aw?/credentials",
            "~/.*/credentials",
            "~/.ssh/*",
            "~/.ssh/id_*",
            "*.pem",
            "id_*",
            "/etc/sha*",
            // Folders of keys, read as a whole, and what is in them.
            "~/.gnupg",
            "~/.gnupg/pubring.kbx",
            "~/.password-store",
            "~/.password-store/.gpg-id",
            "~/.aws",
            "~/.aws/config",
            "~/.docker",
            "~/.kube",
            "~/.azure",
            "~/.azure/msal_token_cache.json",
            "~/Library/Keychains",
            "~/Library/Keychains/metadata.db",
            "~/.config/gh",
            "~/.config/gcloud",
            "~/.config/gcloud/access_tokens.db",
            "~/.config/gcloud/application_default_credentials.json",
            "~/.ss?",
            "~/.config/g*",
            "~/.pass*",
        ] {
            assert!(is_secret(&c, v), "{v}");
        }
        let in_aws = Place {
            cwd: "/home/user/.aws".into(),
            ..Place::example()
        };
        assert!(is_secret(&in_aws, "credentials"));
        assert!(!is_secret(&in_aws, "/tmp/credentials"));
        for v in [
            ".env.example",
            "README.md",
            "~/.ssh/id_rsa.pub",
            "~/.ssh/known_hosts",
            "src/env.rs",
            "environment.yml",
            "keys.rs",
            "id_card.txt",
            "shadow.txt",
            "*",
            "*.*",
            "*.md",
            "src/*.rs",
            "~/.ssh/*.pub",
            "spec/**/*_spec.rb",
            "src/**/*.ts",
            ".env.exampl?",
            "[!.]env",
            "?env",
            "docs/[",
            // The secret folders' names elsewhere, and their other files.
            "gh",
            "gcloud",
            "~/Keychains",
            "~/.config",
            "config",
            "config.json",
            "hosts.yml",
            "credentials",
            "credentials.db",
            "~/.docker/daemon.json",
            "~/.kube/cache/discovery",
            "~/.config/gh/config.yml",
            "~/.config/gcloud/logs/run.log",
            "~/*",
            // The agents' token files' names elsewhere, and their other
            // files; a process's environment only under /proc.
            "notes/.credentials.json",
            "~/.claude/settings.json",
            "docs/auth.json",
            "~/.codex/config.toml",
            "docs/oauth_creds.json",
            "~/.gemini/settings.json",
            "~/.config/github-copilot/versions.json",
            "docs/environ",
            "/proc/cpuinfo",
        ] {
            assert!(!is_secret(&c, v), "{v}");
        }
        for v in [
            // The AWS CLI's cache of session credentials, by its name.
            "~/.aws/cli/cache/token.json",
            // Named for what they hold, hidden or bare.
            "~/.github_token",
            "~/.config/x/.token",
            "deploy.token.txt",
            // What a container is handed as secrets, whatever the name.
            "/run/secrets/db_conn",
            "/var/run/secrets/eks.amazonaws.com/serviceaccount/web-identity",
            "~/.claude/.credentials.json",
            "~/.codex/auth.json",
            "~/.gemini/oauth_creds.json",
            "~/.config/github-copilot/hosts.json",
            "~/.config/github-copilot/apps.json",
            "/proc/self/environ",
            "/proc/1/environ",
        ] {
            assert!(is_secret(&c, v), "{v}");
        }
    }

    #[test]
    fn a_link_to_a_secret_is_a_secret() {
        let (_dir, c) = on_disk_home();
        link("../.ssh/id_rsa", &c.cwd.join("k"));
        assert!(is_secret(&c, "k"));
        assert!(is_secret(&c, "./k"));
        assert!(!is_secret(&c, "notes.txt"));
    }

    #[test]
    fn the_secret_screen() {
        let screen = Screen::new(&[&[".ssh"], &["approvals"]]);
        // The same answers without the automaton.
        let slow = Screen {
            automaton: None,
            ..Screen::new(&[&[".ssh"], &["approvals"]])
        };
        // Each folder twice: the second answer is the remembered one.
        assert!(screen.automaton.is_some());
        for (value, cwd, passes) in [
            ("~/.ssh/id_rsa", "/home/user/project", true),
            ("/home/user/.ssh", "/", true),
            ("id_rsa", "/home/user/.ssh", true),
            ("./id_rsa", "/home/user/.ssh", true),
            (
                "K7Q29XM3",
                "/home/user/.local/state/askrisky/approvals",
                true,
            ),
            // An absolute or home path is read where it says, not in cwd.
            ("/tmp/id_rsa", "/home/user/.ssh", false),
            ("~/notes", "/home/user/.ssh", false),
            ("id_rsa", "/home/user/project", false),
            ("src/main.rs", "/home/user/project", false),
        ] {
            let folder = std::path::Path::new(cwd);
            assert_eq!(screen.passes(value, folder), passes, "{value} in {cwd}");
            assert_eq!(
                screen.passes(value, folder),
                passes,
                "{value} in {cwd}, again"
            );
            assert_eq!(slow.passes(value, folder), passes, "{value} in {cwd}");
        }
    }

    #[test]
    fn patterns_as_long_as_a_path() {
        // A pattern as long as a path may be is still read; one longer
        // names no file the system would open.
        let c0 = Place::example();
        let at = |len: usize| format!("{}.env*", "./".repeat((len - 5) / 2));
        assert_eq!(at(MAX_PATH - 1).len(), MAX_PATH - 1);
        let exactly = format!(".{}", at(MAX_PATH - 1));
        assert_eq!(exactly.len(), MAX_PATH);
        assert!(is_secret(&c0, &exactly));
        assert!(!is_secret(&c0, &format!(".{exactly}")));
        // Hostile patterns take time in proportion to their length.
        let c = Place::example();
        let many_folders = format!("{}credentials", ".*/".repeat(1_000));
        assert!(is_secret(&c, &many_folders));
        assert!(!is_secret(&c, &".*/".repeat(40_000)));
    }

    #[test]
    fn folders_that_hold_secrets() {
        let c = Place::example();
        for v in [
            "~",
            "/home",
            "/",
            "~/.config",
            "~/.local/state",
            "~/.local",
            "/etc",
            "~/Library",
            "~/.claude",
            "~/.codex/x",
            "~/.gemini",
        ] {
            assert!(holds_secrets(&c, v), "{v}");
        }
        for v in ["~/project", ".", "/tmp", "~/.cache", "/usr", "~/.local/bin"] {
            assert!(!holds_secrets(&c, v), "{v}");
        }
    }

    /// Where the file system folds case, `~/.SSH/ID_RSA` is the key.
    #[test]
    fn secrets_in_any_case_where_case_folds() {
        let folded = Place::example_case_insensitive();
        let exact = Place::example();
        for v in [
            "~/.SSH/ID_RSA",
            "~/.ssh/Id_Ed25519",
            "~/Library/KEYCHAINS/login.keychain-db",
            "~/library/keychains",
            "~/.AWS/Credentials",
            ".ENV",
            ".Env.Local",
            "SERVER.PEM",
            "~/.\u{17f}sh/id_ed25519",
            "~/.\u{212a}ube/config",
            "~/.SS?/id_rsa",
            "/ETC/SHADOW",
            "/private/etc/shadow",
            "~/.local/state/ASKRISKY/keys/k",
        ] {
            assert!(is_secret(&folded, v), "{v}");
        }
        for v in ["~/.SSH/ID_RSA", "~/.SSH/config", ".ENV"] {
            assert!(!is_secret(&exact, v), "{v}");
        }
        for v in [
            "~/.SSH/ID_RSA.PUB",
            "~/.ssh/KNOWN_HOSTS",
            "README.md",
            ".ENV.EXAMPLE",
        ] {
            assert!(!is_secret(&folded, v), "{v}");
        }
        assert!(holds_secrets(&folded, "~/LIBRARY"));
    }
}
