//! What a command reads: the words it takes as files to read, and
//! whether it reads the folders it is given as a whole.
//!
//! A secret is only at risk when it is read: `cat .env` sends it to the
//! agent, `grep -rn id_rsa .` only searches for the name, `cp
//! .env.example .env` only writes it, `ssh -i KEY` uses the key without
//! showing it, and a URL names a file on another machine. A folder read
//! whole (`tar czf x ~/.config`) reads every secret in it.

use super::cmd::Cmd;

/// What gpg does when it only checks a signature or shows public keys.
const GPG_LOOKS: &[&str] = &[
    "--verify",
    "--list-keys",
    "-k",
    "--import",
    "--list-packets",
    "--show-keys",
    "--show-key",
    "--fingerprint",
    "--list-sigs",
    "--check-sigs",
];

/// gpg's options that change only how a look is shown or where keys are.
const GPG_MODIFIERS: &[&str] = &[
    "--with-colons",
    "--with-fingerprint",
    "--with-subkey-fingerprint",
    "--with-keygrip",
    "--keyid-format",
    "--batch",
    "--no-tty",
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--status-fd",
    "--no-default-keyring",
    "--keyring",
    "--import-options",
    "--list-options",
    "--verify-options",
    "--no-auto-key-retrieve",
    "--armor",
    "-a",
];
use crate::parse::Word;

/// The commands a file-transfer client is given on its input (`sftp -b -
/// nas <<< 'put ~/.ssh/id_ed25519 /tmp/'`): the files they name are sent.
/// So for Kerberos's key tools, whose commands read and copy keytabs
/// (`printf 'rkt /etc/krb5.keytab\nwkt /tmp/all.keytab' | ktutil`).
pub(super) fn typed_into_client<'a>(c: &Cmd<'a>) -> Option<&'a str> {
    c.command.stdin_text.as_deref().filter(|_| {
        c.is(&[
            "sftp",
            "ftp",
            "lftp",
            "tnftp",
            "ncftp",
            "smbclient",
            "psftp",
            "tftp",
            "ktutil",
            "kadmin",
            "kadmin.local",
        ])
    })
}

/// A directory search that asks for its entries' password attributes
/// (`ldapsearch … -b ou=people,… userPassword`): every hash it returns
/// is printed.
pub(super) fn asks_for_password_attributes(c: &Cmd<'_>) -> bool {
    const ATTRIBUTES: &[&str] = &[
        "userpassword",
        "unicodepwd",
        "sambantpassword",
        "sambalmpassword",
        "krbprincipalkey",
        "ipanthash",
        "authpassword",
    ];
    c.is(&["ldapsearch", "ldapsearch.exe"])
        && c.args()
            .iter()
            .any(|w| ATTRIBUTES.iter().any(|a| w.value.eq_ignore_ascii_case(a)))
}

/// A database client's query that selects a credential column (`sqlite3
/// openplc.db 'SELECT username, password FROM Users'`, `mysql -e "select
/// api_key from clients"`), or coturn's admin tool told to list its
/// secrets: every hash or token it returns is printed, whatever database
/// holds them.
pub(super) fn selects_credential_columns(c: &Cmd<'_>) -> bool {
    // coturn's shared secrets printed from its user database (`turnadmin
    // -S -r realm`).
    if c.name == "turnadmin" {
        return c.flag(&["-S", "--list-secret"]);
    }
    const COLUMNS: &[&str] = &[
        "password",
        "passwd",
        "password_hash",
        "passwordhash",
        "hashed_password",
        "encrypted_password",
        "pwd",
        "api_key",
        "apikey",
        "secret",
        "client_secret",
        "otp_secret",
        "totp_secret",
        "access_token",
        "refresh_token",
        "private_key",
    ];
    if !c.is_sql_client() {
        return false;
    }
    let selects = |text: &str| {
        let lower = text.to_ascii_lowercase();
        let mut tokens = lower
            .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
            .filter(|t| !t.is_empty())
            .skip_while(|t| *t != "select");
        tokens.next().is_some()
            && (tokens
                .by_ref()
                .take_while(|t| *t != "from")
                .any(|t| COLUMNS.contains(&t))
                // Or the rows are picked by a secret's key, in a table of
                // keys and values (`… FROM radcheck WHERE attribute =
                // 'Cleartext-Password'`, `… WHERE name = 'smtp_password'`):
                // the values printed are the secrets.
                || text.split('\'').skip(1).step_by(2).any(keys_a_secret))
    };
    c.values().any(selects) || c.command.stdin_text.as_deref().is_some_and(selects)
}

/// A quoted key whose value is a secret: it names one, and ends in what
/// it is (`Cleartext-Password`, `smtp_password`, `api_key`; not
/// `password_reset`, an event about one).
fn keys_a_secret(literal: &str) -> bool {
    let last = literal
        .rsplit(['-', '_', '.', ':'])
        .next()
        .unwrap_or(literal);
    !literal.contains(' ')
        && names_a_secret_key(literal)
        && [
            "password",
            "passwd",
            "passphrase",
            "secret",
            "token",
            "key",
            "authtok",
            "bindpw",
        ]
        .iter()
        .any(|k| last.eq_ignore_ascii_case(k))
}

/// What a Dockerfile given on stdin copies into the image from the build
/// context (`docker build -f- . <<'EOF' … COPY .env /tmp/e`): a secret
/// copied there is in the image for whoever runs, pushes or pulls it.
/// (What comes from another stage, `COPY --from=build`, is the image's.)
pub(super) fn built_into_image<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    let Some(text) = c.command.stdin_text.as_deref() else {
        return Vec::new();
    };
    let builds = c.is(&["docker", "podman", "buildah", "nerdctl"])
        && c.operands()
            .iter()
            .take(2)
            .any(|w| matches!(w.value.as_str(), "build" | "bud"))
        && c.option_values(&["-f", "--file"])
            .iter()
            .any(|f| matches!(*f, "-" | "/dev/stdin"));
    if !builds {
        return Vec::new();
    }
    let mut out = Vec::new();
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let copies = words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("COPY") || w.eq_ignore_ascii_case("ADD"));
        if !copies {
            continue;
        }
        let parts: Vec<&str> = words
            .map(|w| w.trim_matches(|ch| matches!(ch, '[' | ']' | '"' | ',')))
            .filter(|w| !w.is_empty())
            .collect();
        if parts.iter().any(|w| w.starts_with("--from")) {
            continue;
        }
        let paths: Vec<&str> = parts.into_iter().filter(|w| !w.starts_with("--")).collect();
        if let Some((_, sources)) = paths.split_last() {
            out.extend(sources);
        }
    }
    out
}

/// The words of a command that name what it reads. Not read: a search
/// pattern (`grep -rn id_rsa .`, `git log -S KEY`), what is only written
/// (`cp .env.example .env`, `openssl genrsa -out server.key`), a key used
/// rather than shown (`ssh -i KEY`), files git only stages or forgets
/// (`git rm --cached .env`), and files a command only names, moves or
/// changes the mode of.
pub(super) fn read_words<'a>(c: &Cmd<'a>) -> Vec<&'a str> {
    if matches!(
        c.name.as_str(),
        "echo"
            | "printf"
            | "ls"
            | "dir"
            | "vdir"
            | "stat"
            | "test"
            | "["
            | "basename"
            | "dirname"
            | "realpath"
            | "readlink"
            // A path only translated between Windows's and WSL's or
            // Cygwin's spellings (`wslpath -w ~/.ssh/id_ed25519`).
            | "wslpath"
            | "cygpath"
            | "file"
            | "findmnt"
            | "mountpoint"
            | "mkdir"
            | "touch"
            | "export"
            | "cd"
            | "chmod"
            | "chown"
            | "chgrp"
            | "rm"
            | "unlink"
            | "mv"
            | "ssh-add"
            | "git-crypt"
    ) || c.name == "du" && !c.args().iter().any(|w| w.value.starts_with("--files0"))
    {
        // (`du` sizes what it is given; the names it reads from a
        // `--files0-from` list it prints back when they are no files.)
        return Vec::new();
    }
    // A signature checked, or public keys listed, shown or imported — and
    // nothing else: gpg takes any unambiguous abbreviation of a long
    // option (`--decrypt-f` is `--decrypt-files`), so every option given
    // must be one of these looks or a harmless modifier.
    if c.name == "gpgv"
        || c.is(&["gpg", "gpg2"])
            && c.flag(GPG_LOOKS)
            && c.values()
                .take_while(|v| *v != "--")
                .filter(|v| v.starts_with('-') && v.len() > 1)
                .all(|v| {
                    let name = v.split('=').next().unwrap_or(v);
                    GPG_LOOKS.contains(&name) || GPG_MODIFIERS.contains(&name)
                })
    {
        return Vec::new();
    }
    // find lists names and their metadata (`find ~/.ssh -name 'id_*'
    // -printf '%f %m\n'`); what it runs, deletes or reads names from
    // reads more, and so may the program its names are piped to (`find
    // ~/.gnupg | cpio -o`, `… | xargs cat`, `… | tar -czf k.tgz -T -`) or
    // that reads the file they are written to (`find ~/.ssh > l; tar
    // -czf k.tgz -T l`).
    if c.name == "find"
        && c.output_only_shown()
        && !c.values().any(|v| {
            matches!(
                v,
                "-exec"
                    | "-execdir"
                    | "-ok"
                    | "-okdir"
                    | "-delete"
                    | "-files0-from"
                    | "-fprint"
                    | "-fprint0"
                    | "-fprintf"
                    | "-fls"
            )
        })
    {
        return Vec::new();
    }
    let args = c.args();
    let all = || args.iter().map(|w| w.value.as_str());
    // What find runs reads what it finds below its starting points: a
    // path pattern (`-path '*/vendor/*'`) picks among them, and below
    // starting points inside the working folder it picks only the
    // project's files, whatever it says.
    if c.name == "find"
        && args
            .iter()
            .map(|w| w.value.as_str())
            .take_while(|v| !v.starts_with('-') && !matches!(*v, "(" | "!"))
            .all(super::place::below_working_folder)
    {
        let mut read = without_values(
            args,
            &[
                "-path",
                "-ipath",
                "-wholename",
                "-iwholename",
                "-regex",
                "-iregex",
            ],
        );
        // A name it is told only to pass over is one it does not pick
        // (`-not -name secrets.yaml`); named again without the negation
        // (`… -o -name secrets.yaml -exec cat {} +`), it may.
        let named = |negated: bool| {
            args.windows(2).enumerate().filter_map(move |(i, p)| {
                let before = i.checked_sub(1).and_then(|b| args.get(b));
                (matches!(p[0].value.as_str(), "-name" | "-iname")
                    && before.is_some_and(|b| matches!(b.value.as_str(), "!" | "-not")) == negated)
                    .then_some(p[1].value.as_str())
            })
        };
        let picked: Vec<&str> = named(false).collect();
        let passed_over: Vec<&str> = named(true).filter(|n| !picked.contains(n)).collect();
        read.retain(|v| !passed_over.contains(v));
        // find's name patterns match a leading dot as any other letter
        // (`-name '*.env'` picks `.env`): the name with its leading `*`
        // dropped is one it picks.
        read.extend(
            args.windows(2)
                .filter(|p| matches!(p[0].value.as_str(), "-name" | "-iname"))
                .filter_map(|p| p[1].value.strip_prefix('*'))
                .filter(|n| n.starts_with('.')),
        );
        return read;
    }
    if c.is(&["grep", "egrep", "fgrep", "ag", "ack", "zgrep", "sed"]) {
        return search_read(args, &[]);
    }
    if c.is(&["awk", "gawk", "mawk", "nawk"]) {
        // (grep's and rg's `-v` and `-F` take no value: awk's do.)
        return search_read(args, &["-v", "-F", "--assign", "--field-separator"]);
    }
    if c.is(&["rg", "ripgrep"]) {
        return search_read(args, &["-r"]);
    }
    // rsync's rehearsal lists what it would copy and reads no file's
    // contents (`rsync -av --dry-run ~/ /tmp/mirror/`).
    if c.name == "rsync" && super::dryrun::rehearses_as(&c.name, args) {
        return Vec::new();
    }
    if c.is(&["cp", "install", "ln", "rsync", "scp", "sftp"]) {
        // The last operand (or `-t DIR`) is written; `-i KEY` is used.
        let kept = without_values(args, &["-i", "-F", "-P", "-o", "-S", "-l", "-c", "-J"]);
        let into = crate::parse::target_dirs(&c.name, args);
        let mut ops: Vec<&str> = if c.is(&["scp", "sftp"]) {
            kept.into_iter()
                .filter(|v| !(v.starts_with('-') && v.len() > 1))
                .collect()
        } else {
            c.operands()
                .iter()
                .map(|w| w.value.as_str())
                .filter(|v| !into.contains(v))
                .collect()
        };
        if into.is_empty() {
            ops.pop();
        }
        // A symbolic link names a file and reads nothing; a hard link is
        // the file itself under a new name, as a copy would be (`ln
        // ~/.aws/credentials test/fixtures/aws.ini`: what reads, commits
        // or uploads the folder takes the secret).
        if c.name == "ln" && c.flag(&["-s", "--symbolic"]) {
            return Vec::new();
        }
        return ops;
    }
    if c.is(&["ssh", "mosh"]) {
        return without_values(args, &["-i", "-F"]);
    }
    // keytool's listing of a trust store shows the certificates others
    // published (`keytool -list -keystore certs/truststore.jks -storepass
    // changeit`); a signing keystore unlocked to be listed is the key's.
    if c.name == "keytool"
        && c.values().any(|v| v == "-list")
        && c.option_values(&["-keystore"]).iter().all(|k| {
            let name = k.rsplit('/').next().unwrap_or(k).to_ascii_lowercase();
            name.contains("trust") || name == "cacerts"
        })
        && c.values().any(|v| v == "-keystore" || v == "-cacerts")
    {
        return Vec::new();
    }
    // mkcert writes the certificate and key it is told to (`-key-file
    // build/dev-key.pem`); it reads none of them.
    if c.name == "mkcert" {
        return without_values(args, &["-cert-file", "-key-file", "-p12-file"])
            .into_iter()
            .filter(|v| !v.starts_with('-'))
            .collect();
    }
    // ssh-keygen makes the key it is given (`-f`) unless told to show,
    // convert or re-protect one: a fingerprint or a public key is worked
    // out from the private key, which it reads (`ssh-keygen -lf id_rsa`).
    if c.name == "ssh-keygen" && !c.flag(&["-l", "-y", "-e", "-B", "-p", "-c", "-i"]) {
        return Vec::new();
    }
    // step's new key pair written to the two files it is given (`step
    // crypto keypair pub.pem priv.pem`): no key read.
    if c.name == "step"
        && c.operands().first().is_some_and(|w| w.value == "crypto")
        && c.operands().get(1).is_some_and(|w| w.value == "keypair")
    {
        return Vec::new();
    }
    // Certificates inspected: a private key given to these is refused,
    // never printed (`step certificate inspect ca.pem`, `keytool
    // -printcert -file c.pem`, `cfssl certinfo -cert c.pem`).
    let sub = c.operands().first().map(|w| w.value.as_str()).unwrap_or("");
    let second = c.operands().get(1).map(|w| w.value.as_str()).unwrap_or("");
    if c.name == "step"
        && sub == "certificate"
        && matches!(second, "inspect" | "fingerprint" | "verify" | "lint")
        || c.name == "keytool" && c.flag(&["-printcert"])
        || c.name == "cfssl" && sub == "certinfo"
        // macOS's keychain tool printing certificates (never a password
        // or a private key: `find-generic-password`, `dump-keychain -d`
        // and `export` are read as reads).
        || c.name == "security"
            && matches!(
                sub,
                "find-certificate" | "verify-cert" | "dump-trust-settings" | "list-keychains"
            )
        // visudo's check reports whether the file parses, not what it
        // holds.
        || c.name == "visudo" && c.flag(&["-c", "--check"])
    {
        return Vec::new();
    }
    if c.name == "openssl" {
        // These read certificates, requests and signatures: a private
        // key given to them is refused, never printed.
        let sub = c.operands().first().map(|w| w.value.as_str()).unwrap_or("");
        if matches!(
            sub,
            "x509" | "req" | "verify" | "crl" | "crl2pkcs7" | "s_client" | "ocsp" | "version"
        ) && !c.flag(&["-key", "-signkey", "-CAkey", "-newkey"])
        {
            return Vec::new();
        }
        let written = c.option_values(&["-out", "-keyout"]);
        return all().filter(|v| !written.contains(v)).collect();
    }
    if c.is(&["curl", "wget", "wget2", "aria2c", "http", "https", "xh"]) {
        return all().filter(|v| !remote_url(v)).collect();
    }
    if matches!(
        c.name.as_str(),
        "cargo" | "npm" | "pnpm" | "docker" | "podman" | "kubectl" | "helm" | "gh" | "go"
    ) {
        // The subcommand names no file (`cargo test`, `npm run …`). Only a
        // first word: after an option it may be the option's value
        // (`cargo --config FILE build`).
        let skip = usize::from(args.first().is_some_and(|w| !w.value.starts_with('-')));
        return all().skip(skip).collect();
    }
    if let Some((sub, rest)) = c.git() {
        return match sub {
            // Only the index or the working tree's bookkeeping changes.
            "rm" | "mv" | "check-ignore" | "check-attr" | "ls-files" | "status" | "clean"
            | "restore" | "checkout" | "switch" | "reset" | "update-index" => Vec::new(),
            "grep" => search_read(rest, &[]),
            _ => {
                let mut read = without_values(
                    rest,
                    &[
                        "-S",
                        "-G",
                        "--grep",
                        "--author",
                        "--committer",
                        "-m",
                        "--message",
                    ],
                );
                // What these fetch from or send to is another machine.
                if matches!(
                    sub,
                    "clone" | "fetch" | "pull" | "push" | "ls-remote" | "remote" | "submodule"
                ) {
                    read.retain(|v| !remote_url(v));
                }
                read
            }
        };
    }
    // What a tool is told to leave out it does not read (`tar czf x.tgz
    // --exclude=.env src`).
    without_values(args, EXCLUSIONS)
}

/// The names a tar archive is made of, joined to the folder a `-C DIR`
/// before them moves it into (`tar czf x.tgz -C ~/AppData/Roaming/Microsoft
/// Credentials` reads `…/Microsoft/Credentials`). Only when it creates:
/// an extraction's names are what it writes.
pub(super) fn archived_below(c: &Cmd<'_>) -> Vec<String> {
    let mut out = Vec::new();
    if !matches!(c.name.as_str(), "tar" | "gtar" | "bsdtar") {
        return out;
    }
    let args = c.args();
    let creates = args.iter().enumerate().any(|(i, w)| {
        let v = w.value.as_str();
        v == "--create"
            || v.strip_prefix('-')
                .or((i == 0).then_some(v))
                .is_some_and(|letters| !letters.starts_with('-') && letters.contains('c'))
    });
    if !creates {
        return out;
    }
    let mut dir: Option<&str> = None;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if v == "--" {
            continue;
        }
        if matches!(v, "-C" | "--directory") {
            dir = args.get(i).map(|d| d.value.as_str());
            i += 1;
        } else if let Some(d) = v
            .strip_prefix("--directory=")
            .or_else(|| v.strip_prefix("-C").filter(|d| !d.is_empty()))
        {
            dir = Some(d);
        } else if let Some(d) = dir
            && !v.starts_with('-')
        {
            out.push(format!("{}/{v}", d.trim_end_matches('/')));
        }
    }
    out
}

/// Options whose value names what a tool leaves out. Not `--ignore` or
/// `--skip`: some tools take them as flags, and the word after one would
/// then go unread (`tool --skip ~/.ssh/id_rsa`).
const EXCLUSIONS: &[&str] = &["--exclude", "--exclude-dir"];

/// True for the URL of another machine (`https://x/.env`): what it names
/// is fetched, not read here. A `file:` URL names a file on this machine.
fn remote_url(value: &str) -> bool {
    value.split_once("://").is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            && !scheme.eq_ignore_ascii_case("file")
    })
}

/// The words, less the options in `options` and their values (`-i KEY`,
/// `-iKEY`, `--grep=X`, `--grep X`).
fn without_values<'a>(args: &'a [Word], options: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if options.contains(&v) {
            i += 1;
        } else if !options.iter().any(|o| {
            v.strip_prefix(o)
                .is_some_and(|r| !r.is_empty() && (!o.starts_with("--") || r.starts_with('=')))
        }) {
            out.push(v);
        }
    }
    out
}

/// What a search tool reads: its files, and pattern files (`-f FILE`),
/// not the pattern (the first operand, unless `-e`/`-f` gave it).
/// `with_value` adds the tool's own short options that take a value.
fn search_read<'a>(args: &'a [Word], with_value: &[&str]) -> Vec<&'a str> {
    search_parts(args, with_value).1
}

/// A search whose pattern names a secret's key (`grep rcon.password
/// server.properties`, `rg -i 'api_key' config.yaml`), run on a settings
/// file: it prints the value, whatever the file is called. The threat: a
/// password or token a tool keeps in its own settings, read into the
/// agent's context without the file being a known store. A search of a
/// folder, or of code and documents, stays a search (`rg token src/`).
/// The same act by a stream editor is the same search: `sed -n
/// '/password/p'` and `awk -F= '/token/{print $2}'` print what matches.
pub(super) fn searches_settings_for_a_secret(c: &Cmd<'_>) -> bool {
    let searcher = c.is(&[
        "rg", "ripgrep", "grep", "egrep", "fgrep", "zgrep", "ag", "ack",
    ]);
    let with_value: &[&str] = if c.is(&["rg", "ripgrep"]) {
        &["-r"]
    } else if searcher {
        &[]
    } else if c.is(&["sed", "gsed"]) {
        // Prints only what its script picks with `-n`; in place, it
        // prints nothing (a write, judged as one).
        let in_place = c
            .args()
            .iter()
            .any(|w| w.value.starts_with("-i") || w.value.starts_with("--in-place"));
        if in_place || !c.flag(&["-n", "--quiet", "--silent"]) {
            return false;
        }
        &["-l", "--line-length"]
    } else if c.is(&["awk", "gawk", "mawk", "nawk"]) {
        &["-F", "-v", "--field-separator", "--assign"]
    } else if c.is(&["jq", "gojq", "jaq", "yq"]) {
        // A query whose path names the key it prints (`yq
        // '.config.secret_key' /etc/thanos/objstore.yml`); in place, it
        // prints nothing.
        if c.flag(&["-i", "--inplace", "--in-place"]) {
            return false;
        }
        let words = without_values(
            c.args(),
            &[
                "-o",
                "--output-format",
                "-p",
                "--input-format",
                "-I",
                "--indent",
                "--arg",
                "--argjson",
                "--slurpfile",
                "--rawfile",
            ],
        );
        let mut ops = words.into_iter().filter(|v| !v.starts_with('-')).peekable();
        // (yq's `eval` and `eval-all` subcommands.)
        ops.next_if(|v| matches!(*v, "eval" | "e" | "eval-all" | "ea"));
        return ops.next().is_some_and(names_a_secret_key) && ops.any(is_settings_file);
    } else {
        return false;
    };
    // A searcher's names, counts or yes/no: no line is printed. (sed's
    // `--quiet` is its `-n`: it prints what the script picks; awk's `-c`
    // and `-l` are other things.)
    if searcher
        && c.flag(&[
            "-l",
            "--files-with-matches",
            "-L",
            "--files-without-match",
            "-c",
            "--count",
            "-q",
            "--quiet",
            "--silent",
        ])
    {
        return false;
    }
    let (patterns, files) = search_parts(c.args(), with_value);
    files.iter().any(|f| is_settings_file(f)) && patterns.iter().any(|p| names_a_secret_key(p))
}

/// Whether the environment is searched for its secrets (`env | grep -i
/// -e key -e secret`): a searcher fed by a printer of the environment,
/// its pattern naming a secret's key, prints the lines it finds (not only
/// their count or whether there are any), the values with them.
pub(super) fn searches_environment_for_a_secret(c: &Cmd<'_>) -> bool {
    // (The pipe first: most commands have none.)
    c.command.upstream.iter().any(|u| {
        matches!(
            u.as_str(),
            "env" | "printenv" | "set" | "export" | "declare"
        )
    }) && c.is(&["grep", "egrep", "fgrep", "rg", "ripgrep", "ag", "ack"])
        && !c.flag(&["-c", "--count", "-q", "--quiet", "--silent"])
        && search_parts(c.args(), &[])
            .0
            .into_iter()
            .any(names_a_secret_key)
}

/// A pattern that names a secret's key as a word of its own (`rcon.password`,
/// `oauth_token`, `ossrhPassword`), not inside another word (`jsonwebtoken`,
/// `tokenizer`), nor a reference to one (Home Assistant's `!secret`).
fn names_a_secret_key(pattern: &str) -> bool {
    const KEYS: &[&str] = &[
        "password",
        "passwd",
        "passphrase",
        "secret",
        "token",
        "apikey",
        "api_key",
        "api-key",
        "authtok",
        "credential",
        // A JAAS login line (`sasl.jaas.config`) holds the password.
        "jaas",
        // LDAP clients' and servers' bind passwords (nslcd's and
        // pam_ldap's `bindpw`, slapd's `rootpw`).
        "bindpw",
        "rootpw",
        // Keys by what they are for (a service account's `private_key`,
        // Canvas's `encryption_key`, Rails's `master_key`).
        "private_key",
        "privatekey",
        "encryption_key",
        "signing_key",
        "master_key",
        "access_key",
    ];
    let lower = pattern.to_ascii_lowercase();
    let bytes = pattern.as_bytes();
    KEYS.iter().any(|key| {
        lower.match_indices(key).any(|(at, _)| {
            let end = at + key.len();
            // Begins a word, or a capital begins it (camelCase).
            let starts =
                at == 0 || !bytes[at - 1].is_ascii_alphabetic() || bytes[at].is_ascii_uppercase();
            let ends = bytes.get(end).is_none_or(|b| !b.is_ascii_lowercase());
            starts && ends && !(at > 0 && bytes[at - 1] == b'!')
        })
    })
}

/// A file named as settings are: by extension (`.properties`, `.conf`,
/// `.ini`, `.yaml`, `.toml`, `.env`…) or by a name that says so. (A
/// `.env.*` file is a secret by its name already.)
fn is_settings_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    let settings = matches!(
        ext,
        "properties"
            // WebSphere's client settings (`soap.client.props`).
            | "props"
            | "conf"
            | "cfg"
            | "cnf"
            | "ini"
            | "env"
            | "yaml"
            | "yml"
            | "toml"
            | "json"
            | "xml"
    ) || name.contains("config")
        || name.contains("settings");
    // A template's values are placeholders (`.env.example`,
    // `config.yaml.dist`); a pattern names no one file.
    settings
        && !name.contains(['*', '?'])
        && !["example", "sample", "template", ".dist", ".tpl", ".tmpl"]
            .iter()
            .any(|t| name.contains(t))
}

/// The patterns and the files of a search's words (grep's form: the first
/// operand is the pattern unless `-e`/`-f` gave one).
fn search_parts<'a>(args: &'a [Word], with_value: &[&str]) -> (Vec<&'a str>, Vec<&'a str>) {
    const VALUES: &[&str] = &[
        "-e",
        "--regexp",
        "-m",
        "--max-count",
        "-A",
        "-B",
        "-C",
        "--context",
        "-g",
        "--glob",
        "-t",
        "--type",
        "-T",
        "--type-not",
        "--include",
        "--exclude",
        "--exclude-dir",
        "-d",
        "-D",
        "--color",
        "--colour",
        "-j",
        "--threads",
        "-M",
        "--max-columns",
        "--replace",
        "--label",
    ];
    let mut out = Vec::new();
    let mut patterns = Vec::new();
    let mut pattern_given = false;
    let mut i = 0;
    let mut rest = false;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        i += 1;
        if rest || !(v.starts_with('-') && v.len() > 1) {
            if pattern_given {
                out.push(v);
            } else {
                patterns.push(v);
                pattern_given = true;
            }
            continue;
        }
        if v == "--" {
            rest = true;
            continue;
        }
        if matches!(v, "-f" | "--file") {
            out.extend(args.get(i).map(|w| w.value.as_str()));
            pattern_given = true;
            i += 1;
        } else if let Some(f) = v.strip_prefix("--file=") {
            out.push(f);
            pattern_given = true;
        } else if matches!(v, "-e" | "--regexp" | "--expression")
            || v.starts_with("--regexp=")
            || v.starts_with("--expression=")
        {
            pattern_given = true;
            match v
                .strip_prefix("--regexp=")
                .or_else(|| v.strip_prefix("--expression="))
            {
                Some(p) => patterns.push(p),
                None => {
                    patterns.extend(args.get(i).map(|w| w.value.as_str()));
                    i += 1;
                }
            }
        } else if VALUES.contains(&v) || with_value.contains(&v) {
            i += 1;
        }
    }
    (patterns, out)
}

/// The folder a command serves to the network, if it is a file server:
/// `python3 -m http.server` (its `--directory`, else the folder it runs
/// in), `php -S … -t DIR`, `busybox httpd -h DIR`, `miniserve DIR`. What it
/// serves, anyone who reaches the port reads.
pub(super) fn served_folder<'a>(c: &Cmd<'a>) -> Option<&'a str> {
    let args = c.args();
    let values = |names: &[&str]| c.option_values(names).first().copied();
    if crate::parse::programs::is_python(&c.name) {
        let module = values(&["-m"])?;
        if module != "http.server" && module != "SimpleHTTPServer" {
            return None;
        }
        return Some(values(&["--directory", "-d"]).unwrap_or("."));
    }
    if c.name == "php" && c.flag(&["-S"]) {
        return Some(values(&["-t"]).unwrap_or("."));
    }
    if c.name == "busybox" && args.first().is_some_and(|w| w.value == "httpd") {
        return Some(values(&["-h"]).unwrap_or("."));
    }
    if c.is(&[
        "miniserve",
        "darkhttpd",
        "http-server",
        "serve",
        "simple-http-server",
    ]) {
        return Some(c.operands().first().map_or(".", |w| w.value.as_str()));
    }
    None
}

/// True when the command reads the folders it is given as a whole: a
/// recursive copy, search or archive.
pub(super) fn reads_recursively(c: &Cmd<'_>) -> bool {
    matches!(
        c.name.as_str(),
        "tar" | "gtar" | "bsdtar" | "7z" | "7za" | "borg" | "restic" | "duplicity" | "rclone"
    ) || (matches!(
        c.name.as_str(),
        "grep" | "egrep" | "fgrep" | "zip" | "cp" | "scp" | "chmod" | "chown"
    ) && c.flag(&[
        "-r",
        "-R",
        "--recursive",
        "-a",
        "--archive",
        "--dereference-recursive",
    ])) || (c.name == "rsync" && c.flag(&["-r", "--recursive", "-a", "--archive"]))
        || (c.is(&["rg", "ag"]) && c.flag(&["--hidden", "-u", "-uu", "-uuu", "--no-ignore"]))
        || c.is(&["rclone", "gsutil", "azcopy"])
        || (c.name == "aws" && c.flag(&["--recursive"]))
}

/// Searchers that walk the folders they are given, skipping hidden ones
/// unless told (`rg`, `ag`, `ugrep`, `ack`).
pub(super) fn searches_folders(c: &Cmd<'_>) -> bool {
    c.is(&["rg", "ag", "ugrep", "ack", "ack-grep", "pt", "sift"])
}

/// Whether fd runs a command on every file of a secret's kind it finds
/// (`fd -H -e pem . ~ -x bat`): files named by their extension, which
/// the command then reads.
pub(super) fn finder_runs_on_secrets(c: &Cmd<'_>) -> bool {
    c.is(&["fd", "fdfind"])
        && c.flag(&["-x", "--exec", "-X", "--exec-batch"])
        && c.option_values(&["-e", "--extension"]).iter().any(|ext| {
            super::secrets::is_secret(c.ctx, &format!("x.{}", ext.trim_start_matches('.')))
        })
}

/// Whether a command dumps a running process's memory to a file (`gcore
/// PID`, `jmap -dump:…`, `jcmd PID GC.heap_dump f.hprof`, `procdump`):
/// what the process holds (its environment, the tokens and keys it has
/// loaded, its users' sessions) is in the dump, as `/proc/PID/environ`
/// is read.
pub(super) fn dumps_process_memory(c: &Cmd<'_>) -> bool {
    match c.name.as_str() {
        "gcore" | "procdump" | "procdump64" => c.args().iter().any(|w| !w.value.starts_with('-')),
        "jmap" => c.args().iter().any(|w| w.value.starts_with("-dump")),
        // (`jcmd PID help GC.heap_dump` only describes it.)
        "jcmd" => {
            c.args().iter().any(|w| w.value == "GC.heap_dump")
                && !c.args().iter().any(|w| w.value == "help")
        }
        "dotnet-dump" => c.args().first().is_some_and(|w| w.value == "collect"),
        _ => false,
    }
}

/// Whether a command dumps a directory's or a realm's accounts with their
/// password hashes and keys: OpenLDAP's `slapcat` (every entry, and the
/// config database's `olcRootPW`), `kdb5_util dump` (every principal's
/// keys), Samba's `pdbedit` with the NT hashes (`-w`, `-e`).
pub(super) fn dumps_account_database(c: &Cmd<'_>) -> bool {
    match c.name.as_str() {
        "slapcat" => !c.flag(&["-h", "--help"]),
        "kdb5_util" => c.operands().first().is_some_and(|w| w.value == "dump"),
        "pdbedit" => c.flag(&["-w", "--smbpasswd-style", "-e", "--export"]),
        _ => false,
    }
}

/// A word and the paths it may name: `--file=X`, `key=@X`, `@X`, `if=X`,
/// `key@X`.
pub(super) fn path_candidates(v: &str) -> impl Iterator<Item = &str> {
    let after_eq = v.split_once('=').map(|(_, r)| r);
    // `REV:PATH` (`git show HEAD:.env`), `host:PATH`.
    let after_colon = v.split_once(':').map(|(_, r)| r);
    [
        Some(v),
        after_eq,
        after_colon,
        v.strip_prefix('@'),
        after_eq.and_then(|r| r.strip_prefix('@')),
        super::cmd::after_key_at(v),
    ]
    .into_iter()
    .flatten()
    .filter(|p| !p.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::fixture::{link, named_first, on, on_disk_home};
    use crate::danger::place::Place;
    use crate::parse::parse;

    /// What tar archives below a `-C` folder, joined to it; nothing when
    /// it extracts, lists, or is no tar.
    #[test]
    fn names_archived_below_a_folder() {
        let ctx = Place::example();
        for (line, want) in [
            ("tar czf x.tgz -C /a b", &["/a/b"][..]),
            ("tar -C /a/ -czf x.tgz b", &["/a/x.tgz", "/a/b"]),
            ("tar cf x -C/a b -- c", &["/a/b", "/a/c"]),
            ("tar cf x -C /a -v b", &["/a/b"]),
            ("tar --create -f x.tgz --directory=/a b", &["/a/b"]),
            ("tar --create -f x --directory /a b", &["/a/b"]),
            ("bsdtar -cf x -C /a b", &["/a/b"]),
            ("tar cf x b", &[]),
            ("tar xzf x.tgz -C /a b", &[]),
            ("tar --extract -f x.tgz --directory /a b", &[]),
            ("tar -xf x -C /a b", &[]),
            ("tar tf x -C /a b", &[]),
            ("zip -r x.zip -C /a b", &[]),
        ] {
            let script = parse(line);
            let got = archived_below(&Cmd::new(named_first(&script, line), &ctx));
            assert_eq!(got, want, "{line}");
        }
    }

    #[test]
    fn patterns_that_name_a_secret_key() {
        for p in [
            "bindpw",
            "^rootpw",
            ".private_key",
            "encryption_key",
            "ossrhPassword",
            "sasl.jaas.config",
        ] {
            assert!(names_a_secret_key(p), "{p}");
        }
        for p in [
            "jsonwebtoken",
            "!secret db",
            "key_id",
            "privatekeys",
            "sort_key",
        ] {
            assert!(!names_a_secret_key(p), "{p}");
        }
    }

    #[test]
    fn what_commands_read() {
        for (line, want) in [
            ("grep -rn id_rsa .", &["."][..]),
            ("grep -e x -f pats a", &["pats", "a"]),
            ("grep --regexp=x a", &["a"]),
            ("grep --file=p a", &["p", "a"]),
            ("grep -- -x a", &["a"]),
            ("grep -A 3 x a", &["a"]),
            ("rg -r y x a", &["a"]),
            ("awk -F , '{print}' f", &["f"]),
            ("sed -n 1p f", &["f"]),
            ("cp a b c", &["a", "b"]),
            ("cp -t d a b", &["a", "b"]),
            ("cp --target-directory=d a", &["a"]),
            ("scp -i k -P 22 a h:", &["a"]),
            ("scp -r a h:", &["a"]),
            ("scp a - h:", &["a", "-"]),
            ("ln -s a b", &[]),
            ("ssh -i k -F cfg h ls", &["h", "ls"]),
            ("ssh -ik h", &["h"]),
            ("openssl genrsa -out k 2048", &["genrsa", "-out", "2048"]),
            ("git log -S x --grep=y p", &["p"]),
            ("git rm --cached .env", &[]),
            ("git grep x f", &["f"]),
            ("rm .env", &[]),
            ("cat a b", &["a", "b"]),
        ] {
            let got = on(line, |c| {
                read_words(c)
                    .into_iter()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            });
            assert_eq!(got, want, "{line}");
        }
    }

    /// The words a command reads as files, and whether it reads folders
    /// whole, as the secret rules see them.
    #[test]
    fn what_each_reader_reads() {
        let ctx = Place::example();
        let none: &[&str] = &[];
        let mut failures = Vec::new();
        for (line, read, whole) in [
            ("cat a b", &["a", "b"][..], false),
            ("grep x a", &["a"], false),
            ("grep x - a", &["-", "a"], false),
            ("grep -e x a", &["a"], false),
            ("grep -f pats a", &["pats", "a"], false),
            ("grep -r x .", &["."], true),
            ("ssh -i key host", &["host"], false),
            ("git log --grep x a", &["a"], false),
            ("git log --grep=x a", &["a"], false),
            ("git log --grepx a", &["--grepx", "a"], false),
            ("ls -a ~", none, false),
            ("rsync a b", &["a"], false),
            ("rsync -a a b", &["a"], true),
            ("rg x", none, false),
            ("rg --hidden x .", &["."], true),
            ("rclone copy a b", &["copy", "a", "b"], true),
            ("aws s3 cp a b", &["s3", "cp", "a", "b"], false),
            (
                "aws s3 cp --recursive a b",
                &["s3", "cp", "--recursive", "a", "b"],
                true,
            ),
            ("cp -r a b", &["a"], true),
            ("cp a b", &["a"], false),
        ] {
            let script = parse(line);
            let cmd = Cmd::new(named_first(&script, line), &ctx);
            let (got, got_whole) = (read_words(&cmd), reads_recursively(&cmd));
            if got != read || got_whole != whole {
                failures.push(format!("{line}: reads {got:?}, whole: {got_whole}"));
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    #[test]
    fn a_subcommand_is_no_file_read() {
        let (_dir, c) = on_disk_home();
        for name in ["test", "run"] {
            link("../.ssh/id_rsa", &c.cwd.join(name));
        }
        let read = |line: &str| {
            crate::danger::assess(&crate::parse::parse(line), &c, &[])
                .codes()
                .contains(&"secret.read")
        };
        for (line, reads) in [
            ("cargo test", false),
            ("npm run build", false),
            ("go test ./...", false),
            ("cat test", true),
            ("cargo run -- test", true),
            ("npm run test", true),
            ("python3 test", true),
            // After an option, the first word may be its value.
            ("cargo --config test build", true),
            ("npm --userconfig run test", true),
        ] {
            assert_eq!(read(line), reads, "{line}");
        }
    }
}
