//! What askrisky knows about programs that run other programs.
//!
//! A rule about `rm` is worthless if `sudo rm`, `env rm`, `xargs rm` or
//! `timeout 5 rm` slip past it. Each wrapper here says how its own options
//! are laid out, so the command it runs is found exactly — a wrong guess at
//! where a wrapper's options end is itself a bypass (`timeout -s KILL 5 rm`).
//! The option readers every rule shares live here too: long options are
//! matched with the abbreviations the tools accept.

use super::Word;

pub use super::wrapper_table::{WRAPPERS, Wrapper};

/// Environment variables whose value is a command line that programs run
/// (`GIT_SSH_COMMAND='…' git fetch`): their values are walked as code.
/// Besides the ones named, any whose name says it holds a program or a
/// command: `*_COMMAND`, `*_CMD`, `*_RSH`, `*_SSH`, `*EDITOR`, `*PAGER`,
/// `*ASKPASS`, `*_WRAPPER`, `*_RUNNER`, `*_BROWSER` (`GH_BROWSER`), and
/// the compilers build tools run
/// (`CC`, `CXX`, `RUSTC_WRAPPER`, `RSYNC_RSH`, `CARGO_TARGET_…_RUNNER`).
pub fn is_code_variable(name: &str) -> bool {
    const SUFFIXES: &[&str] = &[
        "_COMMAND", "_CMD", "_RSH", "_SSH", "EDITOR", "PAGER", "ASKPASS", "_WRAPPER", "_RUNNER",
        "_SHELL", "_BROWSER",
    ];
    const PROGRAMS: &[&str] = &[
        "CC",
        "CXX",
        "CPP",
        "LD",
        "AR",
        "AS",
        "FC",
        "NM",
        "RANLIB",
        "STRIP",
        "RUSTC",
        "RUSTDOC",
        "MAKESHELL",
        "CONFIG_SHELL",
        // The shell tmux, screen, script, vim's `:!` and many tools start.
        "SHELL",
        "BROWSER",
        "TERMINAL",
        "DIFFTOOL",
        "MERGETOOL",
    ];
    // bash defines a function from each `BASH_FUNC_NAME%%` it inherits.
    if name.starts_with("BASH_FUNC_") {
        return true;
    }
    let upper = name.to_ascii_uppercase();
    if PROGRAMS.contains(&name)
        || SUFFIXES
            .iter()
            .any(|s| upper.ends_with(s) && upper.len() > s.len())
    {
        return true;
    }
    matches!(
        name,
        "GIT_SSH_COMMAND"
            | "GIT_SSH"
            | "GIT_PAGER"
            | "PAGER"
            | "MANPAGER"
            | "GIT_EDITOR"
            | "EDITOR"
            | "VISUAL"
            | "GIT_SEQUENCE_EDITOR"
            | "GIT_EXTERNAL_DIFF"
            | "GIT_ASKPASS"
            | "SSH_ASKPASS"
            | "GIT_PROXY_COMMAND"
            | "BROWSER"
            | "LESSOPEN"
            | "LESSCLOSE"
            | "PROMPT_COMMAND"
            | "FCEDIT"
            | "SUDO_ASKPASS"
            // What ccache runs the compiler through (`CCACHE_PREFIX=distcc`).
            | "CCACHE_PREFIX"
            | "CCACHE_PREFIX_CPP"
    )
}

/// Looks up the wrapper spec for a program and the words after its name
/// Windows's own command-line tools: they take `/?` for help and
/// `key= value` words.
const WINDOWS_TOOLS: &[&str] = &[
    "reg",
    "sc",
    "netsh",
    "wmic",
    "bcdedit",
    "icacls",
    "takeown",
    "schtasks",
    "vssadmin",
    "cipher",
    "robocopy",
    "wevtutil",
    "setx",
    "certutil",
    "bitsadmin",
    "diskpart",
    "fsutil",
    "cacls",
    "attrib",
    "xcopy",
    "taskkill",
    "wbadmin",
    "manage-bde",
    "dism",
    "sfc",
    "format",
];

/// Whether `name` (as [`program_name`] gives it) is one of Windows's own
/// tools, by that name or with `.exe`.
pub fn is_windows_tool(name: &str) -> bool {
    WINDOWS_TOOLS.contains(&name.trim_end_matches(".exe"))
}

/// (the subcommand, when the wrapper has one, must be the first of them).
pub fn wrapper_for(name: &str, rest: &[Option<&str>]) -> Option<&'static Wrapper> {
    let name = if is_dynamic_loader(name) {
        "ld.so"
    } else {
        name
    };
    let index = &*WRAPPER_NAMES;
    let from = index.partition_point(|(n, _)| *n < name);
    index
        .get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|(n, _)| *n == name)
        .filter_map(|(_, i)| WRAPPERS.get(*i))
        .find(|w| match w.subcommand {
            None => true,
            Some(sub) => rest.first().copied().flatten() == Some(sub),
        })
}

/// Every wrapper's names with its place in [`WRAPPERS`], sorted: a
/// program is found by binary search, not by reading every list (most
/// programs are no wrapper). Places stay in order for a shared name, so
/// the first wrapper that fits is the one found.
static WRAPPER_NAMES: std::sync::LazyLock<Vec<(&str, usize)>> = std::sync::LazyLock::new(|| {
    let mut index: Vec<(&str, usize)> = WRAPPERS
        .iter()
        .enumerate()
        .flat_map(|(i, w)| w.names.iter().map(move |n| (*n, i)))
        .collect();
    index.sort_unstable();
    index
});

/// The dynamic loader, by any of its names (`ld-linux-x86-64.so.2`,
/// `ld-linux-aarch64.so.1`, `ld-musl-x86_64.so.1`, `ld64.so.2`, `ld.so`,
/// `ld-2.31.so`): run as a program, it loads and runs the program its
/// first operand names, so that program is the one that runs.
pub fn is_dynamic_loader(name: &str) -> bool {
    name == "ld.so"
        || ((name.starts_with("ld-") || name.starts_with("ld64.so") || name.starts_with("ld.so."))
            && name.contains(".so"))
}

/// Shells whose `-c STRING` is a program and who read a program from stdin,
/// under any of their names (see [`shell_name`]).
pub fn is_shell(name: &str) -> bool {
    shell_name(name).is_some()
}

/// Whether a shell is told only to read its program, not to run it
/// (`bash -n script`, `sh -nv <(…)`, `bash -o noexec`): a syntax check.
/// Only options before the first operand count (later ones are the
/// script's); an interactive shell (`-i`) ignores it.
pub fn shell_noexec(args: &[Word]) -> bool {
    let (mut noexec, mut interactive) = (false, false);
    let mut it = args.iter().map(|w| w.value.as_str());
    // In order, the last word on it wins: `+n` and `+o noexec` take it
    // back (`bash -n +n -c …` runs).
    while let Some(v) = it.next() {
        if v == "-o" || v == "+o" {
            if it.next() == Some("noexec") {
                noexec = v == "-o";
            }
            continue;
        }
        if v == "--" || !v.starts_with(['-', '+']) || v.starts_with("--") || v.len() < 2 {
            break;
        }
        let letters = &v[1..];
        if letters.chars().all(|c| c.is_ascii_alphabetic()) {
            let on = v.starts_with('-');
            if letters.contains('n') {
                noexec = on;
            }
            interactive |= on && letters.contains('i');
        }
    }
    noexec && !interactive
}

/// The shell a program name is, by the names shells are installed under:
/// as itself (`zsh`), a version (`zsh5`, `zsh-5.9`, `bash5.2`), or its
/// restricted form (`rzsh`, `rbash`, `rksh`). Oils' `osh` and `ysh` and
/// other POSIX shells count as shells whose grammar is not known.
pub fn shell_name(name: &str) -> Option<&'static str> {
    const SHELLS: &[&str] = &[
        "sh",
        "bash",
        "zsh",
        "dash",
        "ksh",
        "mksh",
        "pdksh",
        "oksh",
        "loksh",
        "ash",
        "yash",
        "posh",
        "hush",
        "osh",
        "ysh",
        "fish",
        "csh",
        "tcsh",
        "busybox-sh",
    ];
    // Every shell's name holds `sh`, versioned or restricted too: most
    // programs are settled without the table.
    if !name.as_bytes().windows(2).any(|w| w == b"sh") {
        return None;
    }
    let find = |n: &str| SHELLS.iter().copied().find(|s| *s == n);
    let unversioned = |n: &'_ str| -> Option<&'static str> {
        find(n).or_else(|| {
            let base = n.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
            let base = base.strip_suffix('-').unwrap_or(base);
            (base.len() < n.len()).then(|| find(base)).flatten()
        })
    };
    unversioned(name).or_else(|| name.strip_prefix('r').and_then(unversioned))
}

/// Python interpreters (`python`, `python3.12`, `pypy3`), and those
/// applications ship as their own (Houdini's `hython`, Maya's `mayapy`,
/// ParaView's `pvpython` and `pvbatch`), whose `-m MODULE` runs the module
/// like its own command-line tool.
pub fn is_python(name: &str) -> bool {
    matches!(
        name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.'),
        "python" | "pypy" | "ipython" | "hython" | "mayapy" | "pvpython" | "pvbatch"
    )
}

/// Options whose value is a message or a title: prose, not code.
const MESSAGE_OPTIONS: &[&str] = &[
    "-m",
    "--message",
    "--notes",
    "--title",
    "--body",
    "--description",
    "--comment",
    "--note",
    "--subject",
    "--summary",
    "--text",
    "--label",
    // Why a workflow or a job is stopped (`temporal workflow terminate
    // --reason …`).
    "--reason",
    // A test or a name picked by a pattern (`bats --filter 'refuses rm
    // -rf /'`, `jest --testNamePattern …`): text matched, never run.
    "--filter",
    "--grep",
    "--match",
    "--pattern",
    "--keyword",
    "--testNamePattern",
    "--test-name-pattern",
];

/// Whether the word at `i` is the text of a message option just before it
/// (`-m '--dry-run'`, `--notes "rm -rf x"`): prose, neither an option nor
/// a command.
pub fn is_message(args: &[Word], i: usize) -> bool {
    i.checked_sub(1)
        .and_then(|p| args.get(p))
        .is_some_and(|prev| MESSAGE_OPTIONS.contains(&prev.value.as_str()))
}

/// File names that are the process's own stdin: `bash /dev/stdin` reads
/// its program from the pipe like `bash -s` does; so does `python3 -`.
pub fn is_stdin_path(path: &str) -> bool {
    matches!(path, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// Programs that fetch data from the network (the left side of `curl … | sh`).
pub fn is_downloader(name: &str) -> bool {
    matches!(
        name,
        "curl"
            | "wget"
            | "fetch"
            | "aria2c"
            | "http"
            | "https"
            | "xh"
            | "lwp-request"
            | "GET"
            | "nc"
            | "ncat"
            | "netcat"
            | "socat"
            | "openssl"
            | "ftp"
            | "tftp"
            | "scp"
            | "rsync"
            | "gh"
            | "iwr"
    )
}

/// For git's arguments: where its subcommand is, after git's own options
/// (`-C DIR`, `-c KEY=VALUE`, `--git-dir DIR`, …), if it has one.
pub fn git_subcommand_at(args: &[Word]) -> Option<usize> {
    let mut i = 0;
    while let Some(w) = args.get(i) {
        let v = w.value.as_str();
        if matches!(
            v,
            "-C" | "-c"
                | "--git-dir"
                | "--work-tree"
                | "--namespace"
                | "--exec-path"
                | "--config-env"
                | "--super-prefix"
                | "--attr-source"
        ) {
            i += 2;
        } else if v.starts_with('-') {
            i += 1;
        } else {
            return Some(i);
        }
    }
    None
}

/// The program name rules match on: basename, without a leading backslash,
/// lowercased (macOS file systems ignore case, so `/BIN/RM` runs `rm`).
pub fn program_name(word: &str) -> String {
    program_name_of(word).into_owned()
}

/// [`program_name`], borrowed from the word when it is already the name
/// (the usual case: rules ask for it many times per command).
pub fn program_name_of(word: &str) -> std::borrow::Cow<'_, str> {
    // Most names are short, lowercase and bare (`git`, `cargo`): eight
    // bytes or fewer are asked all at once whether any is a `/`, a
    // capital or not ASCII, and such a word is its own name.
    match bare_short_name(word) {
        Some(name) => std::borrow::Cow::Borrowed(name),
        None => program_name_by_bytes(word),
    }
}

/// [`program_name_of`] for any word, byte by byte.
fn program_name_by_bytes(word: &str) -> std::borrow::Cow<'_, str> {
    // One pass over the bytes: rules ask for the name many times per
    // command, and a `str` searcher costs more than the short word.
    let bytes = word.as_bytes();
    let mut start = 0;
    let mut plain = true;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'/' {
            start = i + 1;
            plain = true;
        } else if b.is_ascii_uppercase() || !b.is_ascii() {
            plain = false;
        }
    }
    let base = word[start..].trim_start_matches('\\');
    if plain {
        std::borrow::Cow::Borrowed(base)
    } else {
        std::borrow::Cow::Owned(base.to_lowercase())
    }
}

/// `word` less its leading backslashes, when it is at most eight bytes
/// with no `/`, no capital and nothing outside ASCII: then it is its own
/// [`program_name_of`]. Each test is made on the eight bytes at once.
fn bare_short_name(word: &str) -> Option<&str> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = word.as_bytes();
    if bytes.len() > 8 {
        return None;
    }
    // Padded with zero bytes, which are none of the three.
    let x = bytes
        .iter()
        .rev()
        .fold(0u64, |x, &b| (x << 8) | u64::from(b));
    if x & HIGH != 0 {
        return None;
    }
    // Every byte is below 0x80, so no sum below carries into the next
    // byte: a byte's top bit says it is at least `A` (0x41), and at
    // least the byte after `Z` (0x5B).
    let at_least_a = x + ONES * (0x80 - 0x41);
    let past_z = x + ONES * (0x80 - 0x5B);
    let capital = at_least_a & !past_z & HIGH;
    // A `/` byte is zero in `x ^ '/'`; the test for a zero byte is exact.
    let slashless = x ^ (ONES * u64::from(b'/'));
    let slash = slashless.wrapping_sub(ONES) & !slashless & HIGH;
    if (capital | slash) != 0 {
        return None;
    }
    Some(match bytes.first() {
        Some(b'\\') => word.trim_start_matches('\\'),
        _ => word,
    })
}

/// True when a long option as written (`--rec`, without its `--` and
/// `=value`) names `flag` (`--recursive`, likewise bare): exactly, or as the
/// unique prefix that GNU getopt and git's option parser accept (`--rec`,
/// `--force-w`). An abbreviation that is ambiguous for the tool makes it
/// refuse the line, so counting it as the flag only asks about a line that
/// would not run. `exact` lists the tool's other long options that are
/// themselves a prefix of a flag checked for (`--del` of rsync is its own
/// option): written out in full, they are not abbreviations.
pub fn long_names(written: &str, flag: &str, exact: &[&str]) -> bool {
    written == flag
        || (!written.is_empty()
            && flag.starts_with(written)
            && !exact.iter().any(|e| e.trim_start_matches('-') == written))
}

/// True when any option in `flags` is given before `--`. Short options
/// match inside clusters (`-r` in `-rf`); long ones also abbreviated and
/// with `=value` (see [`long_names`]).
pub fn has_flag(args: &[Word], flags: &[&str]) -> bool {
    has_flag_of(args, flags, &[])
}

/// [`has_flag`] for a tool whose long options `exact` are prefixes of
/// flags checked for.
pub fn has_flag_of(args: &[Word], flags: &[&str], exact: &[&str]) -> bool {
    for a in args {
        let v = a.value.as_str();
        if v == "--" {
            return false;
        }
        if let Some(long) = v.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            if flags
                .iter()
                .filter_map(|f| f.strip_prefix("--"))
                .any(|f| long_names(name, f, exact))
            {
                return true;
            }
        } else if let Some(cluster) = v.strip_prefix('-') {
            if flags.contains(&v) {
                return true;
            }
            if flags.iter().any(|f| {
                f.len() == 2 && !f.starts_with("--") && f[1..].chars().all(|c| cluster.contains(c))
            }) && cluster.chars().all(|c| c.is_ascii_alphanumeric())
            {
                return true;
            }
        }
    }
    false
}

/// Arguments that are not options (all of them after `--`).
pub fn operands(args: &[Word]) -> Vec<&Word> {
    let mut out = Vec::new();
    let mut rest = false;
    for a in args {
        if rest {
            out.push(a);
        } else if a.value == "--" {
            rest = true;
        } else if !(a.value.starts_with('-') && a.value.len() > 1) {
            out.push(a);
        }
    }
    out
}

/// Whether a program runs the commands it is given on another machine:
/// ssh, the file-transfer clients' batches, fleet runners, router logins.
pub fn is_far_client(name: &str) -> bool {
    matches!(
        name,
        "ssh"
            | "sftp"
            | "lftp"
            | "smbclient"
            // Fleet runners: each host they name runs the command.
            | "pdsh"
            | "clush"
            | "pssh"
            | "parallel-ssh"
            | "ansible"
            | "salt"
            | "salt-ssh"
            | "bolt"
            | "tsh"
            | "zowe"
    ) || is_router_login(name)
}

/// rancid's logins to routers and switches, which run the device
/// commands their `-c` is given (`clogin -c 'reload in 1' rtr1`).
pub fn is_router_login(name: &str) -> bool {
    matches!(
        name,
        "clogin" | "jlogin" | "hlogin" | "flogin" | "nlogin" | "alogin" | "blogin" | "elogin"
    )
}

/// The file a converter writes: its last operand, whatever the inputs
/// before it (`gdal_translate -of ENVI dem.tif /dev/nvme0n1`, `magick
/// in.png out.jpg`). ImageMagick names a format before a colon
/// (`gray:/dev/sdb` writes `/dev/sdb`); sox's effects follow its output
/// (`sox -n -t raw /dev/sda synth 60 whitenoise`).
pub fn converter_output(name: &str, args: &[Word]) -> Option<String> {
    if name == "sox" {
        return sox_output(args);
    }
    let ops = operands(args);
    let last = ops.last().filter(|_| ops.len() >= 2)?;
    let value = last.value.as_str();
    let coder = matches!(name, "magick" | "convert")
        .then(|| value.split_once(':'))
        .flatten()
        .filter(|(f, rest)| {
            !rest.is_empty() && !f.is_empty() && f.bytes().all(|b| b.is_ascii_alphanumeric())
        });
    Some(coder.map_or(value, |(_, rest)| rest).to_owned())
}

/// sox's output: the last file named before its first effect, past the
/// values of its format options (`-t raw`, `-r 48000`).
fn sox_output(args: &[Word]) -> Option<String> {
    const VALUED: &[&str] = &[
        "-t",
        "--type",
        "-r",
        "--rate",
        "-e",
        "--encoding",
        "-b",
        "--bits",
        "-c",
        "--channels",
        "-C",
        "--compression",
        "-v",
        "--volume",
        "--comment",
        "--add-comment",
        "--buffer",
        "--input-buffer",
        "--plot",
        "--replay-gain",
    ];
    const EFFECTS: &[&str] = &[
        "synth",
        "trim",
        "rate",
        "gain",
        "vol",
        "norm",
        "remix",
        "channels",
        "silence",
        "reverse",
        "tempo",
        "speed",
        "pad",
        "fade",
        "highpass",
        "lowpass",
        "bandpass",
        "noisered",
        "noiseprof",
        "compand",
        "reverb",
        "echo",
        "pitch",
        "bass",
        "treble",
        "dither",
        "stat",
        "stats",
        "spectrogram",
        "delay",
        "repeat",
        "splice",
        "equalizer",
        "loudness",
        "contrast",
        "chorus",
        "flanger",
        "phaser",
        "tremolo",
        "overdrive",
        "sinc",
        "riaa",
        "upsample",
        "downsample",
    ];
    let mut files = Vec::new();
    let mut words = args.iter();
    while let Some(w) = words.next() {
        let v = w.value.as_str();
        if VALUED.contains(&v) {
            words.next();
        } else if v == "-n" || v == "--null" || v == "-" || !v.starts_with('-') {
            if EFFECTS.contains(&v) {
                break;
            }
            files.push(v);
        }
    }
    (files.len() >= 2)
        .then(|| files.last().map(|f| (*f).to_owned()))
        .flatten()
}

/// ssh's `-o` settings (`-o Key=Value`, `-oKey=Value`, `-o "Key Value"`)
/// as (key, value): the key as written, the value after the `=` or the
/// blanks ssh takes between them.
pub fn ssh_settings(args: &[Word]) -> impl Iterator<Item = (&str, &str)> {
    option_values(args, &["-o"]).into_iter().map(|o| {
        let (key, rest) = o.split_at(o.find(['=', ' ', '\t']).unwrap_or(o.len()));
        let value = rest
            .trim_start_matches([' ', '\t'])
            .trim_start_matches('=')
            .trim_start_matches([' ', '\t']);
        (key, value)
    })
}

/// The value given to an option: `--opt=V`, `--opt V`, `-oV`, `-o V`; a
/// long option also abbreviated (`--out=V`, `--target V`).
pub fn option_values<'a>(args: &'a [Word], names: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let v = args[i].value.as_str();
        if v == "--" {
            break;
        }
        for n in names {
            if let Some(long) = n.strip_prefix("--") {
                let Some(written) = v.strip_prefix("--") else {
                    continue;
                };
                let (name, attached) = match written.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (written, None),
                };
                if long_names(name, long, &[]) {
                    match attached {
                        Some(value) => out.push(value),
                        None => out.extend(args.get(i + 1).map(|w| w.value.as_str())),
                    }
                }
            } else if v == *n {
                out.extend(args.get(i + 1).map(|w| w.value.as_str()));
            } else if let Some(rest) = v.strip_prefix(n)
                && !rest.is_empty()
                && !v.starts_with("--")
                // `-out` is openssl's own option, not `-o` with `ut`.
                && !names.contains(&v)
            {
                out.push(rest);
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file a converter writes, past ImageMagick's format prefix and
    /// sox's format options, null file and effects.
    #[test]
    fn converters_write_their_output() {
        for (name, line, out) in [
            ("magick", "in.png gray:/dev/sdb", Some("/dev/sdb")),
            ("convert", "in.png PNG32:out.png", Some("out.png")),
            ("magick", "in.png shots/12:30.png", Some("shots/12:30.png")),
            ("magick", "in.png png:", Some("png:")),
            ("magick", "in.png :x.png", Some(":x.png")),
            (
                "gdal_translate",
                "dem.tif gray:/dev/sdb",
                Some("gray:/dev/sdb"),
            ),
            ("magick", "in.png", None),
            (
                "sox",
                "-n -t raw -r 48000 /dev/sda synth 3 sine 440",
                Some("/dev/sda"),
            ),
            ("sox", "--null out.wav synth 3 sine", Some("out.wav")),
            ("sox", "in.wav - trim 0 3", Some("-")),
            ("sox", "in.wav -b 16 out.wav rate 16k", Some("out.wav")),
            ("sox", "-V3 in.wav out.flac", Some("out.flac")),
            ("sox", "in.wav", None),
        ] {
            let args: Vec<Word> = line.split(' ').map(Word::literal).collect();
            assert_eq!(
                converter_output(name, &args).as_deref(),
                out,
                "{name} {line}"
            );
        }
    }

    proptest::proptest! {
        /// A short bare word is named as reading it byte by byte names it.
        #[test]
        fn short_names_read_at_once_as_byte_by_byte(
            word in "[a-zA-Z0-9/\\\\._@-]{0,10}|.{0,9}",
        ) {
            proptest::prop_assert_eq!(program_name_of(&word), program_name_by_bytes(&word));
        }
    }

    #[test]
    fn short_names_at_every_edge() {
        for word in [
            "",
            "a",
            "git",
            "rm",
            "\\rm",
            "\\\\rm",
            "RM",
            "Rm",
            "rM",
            "/",
            "a/b",
            "/bin/rm",
            "abcdefgh",
            "abcdefgH",
            "Abcdefgh",
            "abcdefg/",
            "/abcdefg",
            "abcdefghi",
            "@",
            "[",
            "`",
            "{",
            "z",
            "Z",
            "A",
            "0",
            "é",
            "aé",
            "python3",
            "x.sh",
        ] {
            assert_eq!(
                program_name_of(word),
                program_name_by_bytes(word),
                "{word:?}"
            );
        }
        assert_eq!(bare_short_name("git"), Some("git"));
        assert_eq!(bare_short_name("\\rm"), Some("rm"));
        assert_eq!(bare_short_name("Git"), None);
        assert_eq!(bare_short_name("a/b"), None);
        assert_eq!(bare_short_name("ab\u{e9}"), None);
        assert_eq!(bare_short_name("abcdefghi"), None);
    }

    /// The index finds what a walk through every wrapper finds.
    #[test]
    fn wrapper_index_is_the_table() {
        let plain = |name: &str, rest: &[Option<&str>]| {
            let name = if is_dynamic_loader(name) {
                "ld.so"
            } else {
                name
            };
            WRAPPERS.iter().find(|w| {
                w.names.contains(&name)
                    && match w.subcommand {
                        None => true,
                        Some(sub) => rest.first().copied().flatten() == Some(sub),
                    }
            })
        };
        let mut names: Vec<&str> = WRAPPERS
            .iter()
            .flat_map(|w| w.names.iter().copied())
            .collect();
        names.extend(["", "git", "ls", "a", "zzz", "ld-linux-x86-64.so.2", "Sudo"]);
        let mut subs: Vec<Option<&str>> = WRAPPERS.iter().map(|w| w.subcommand).collect();
        subs.extend([Some("x"), Some("")]);
        for name in &names {
            for rest in subs.iter().map(|s| vec![*s]).chain([vec![], vec![None]]) {
                assert_eq!(
                    wrapper_for(name, &rest).map(|w| w as *const Wrapper),
                    plain(name, &rest).map(|w| w as *const Wrapper),
                    "{name} {rest:?}"
                );
            }
        }
    }

    #[test]
    fn dynamic_loaders_by_any_name() {
        for n in [
            "ld-linux-x86-64.so.2",
            "ld-linux-aarch64.so.1",
            "ld-linux.so.2",
            "ld-musl-x86_64.so.1",
            "ld64.so.2",
            "ld.so",
            "ld-2.31.so",
        ] {
            assert!(is_dynamic_loader(n), "{n}");
            assert!(wrapper_for(n, &[]).is_some(), "{n}");
        }
        for n in ["ld", "ldd", "ld.lld", "ld-config", "old.so"] {
            assert!(!is_dynamic_loader(n), "{n}");
        }
    }

    /// The script an interpreter runs, past its options.
    /// xcrun's own options with a value are passed over to the tool it
    /// runs; the options that only print run no tool.
    #[test]
    fn xcrun_runs_the_tool_it_names() {
        let names = |line: &str| -> Vec<String> {
            crate::parse::parse(line)
                .commands
                .iter()
                .filter_map(|c| c.name().map(|n| n.into_owned()))
                .collect()
        };
        assert_eq!(
            names("xcrun --sdk iphoneos simctl erase all"),
            ["xcrun", "simctl"]
        );
        assert_eq!(names("xcrun --find clang"), ["xcrun"]);
        assert_eq!(names("xcrun clang -v"), ["xcrun", "clang"]);
    }

    #[test]
    fn names() {
        assert_eq!(program_name("/bin/rm"), "rm");
        assert_eq!(program_name("./RM"), "rm");
        assert_eq!(program_name("rm"), "rm");
        // Only the last part decides: an upper-case folder is no reason to
        // copy, a `\\` before the name is dropped, a trailing `/` names
        // nothing.
        for (word, name, borrowed) in [
            ("/Users/Me/bin/rm", "rm", true),
            ("/usr/bin/Rm", "rm", false),
            ("\\rm", "rm", true),
            ("/bin/\\RM", "rm", false),
            ("dir/", "", true),
            ("Ünïcode/ls", "ls", true),
            ("/opt/ÄPP", "äpp", false),
        ] {
            let got = program_name_of(word);
            assert_eq!(
                (&*got, matches!(got, std::borrow::Cow::Borrowed(_))),
                (name, borrowed),
                "{word}"
            );
        }
        assert!(is_shell("bash"));
        assert!(!is_shell("bashful"));
        for (name, shell) in [
            ("zsh", Some("zsh")),
            ("zsh5", Some("zsh")),
            ("zsh-5.9", Some("zsh")),
            ("bash5.2", Some("bash")),
            ("rzsh", Some("zsh")),
            ("rbash", Some("bash")),
            ("osh", Some("osh")),
            ("rm", None),
            ("r", None),
            ("zshx", None),
            ("ruby", None),
            ("5", None),
        ] {
            assert_eq!(shell_name(name), shell, "{name}");
        }
    }

    fn words(line: &str) -> Vec<Word> {
        line.split_whitespace().map(Word::literal).collect()
    }

    #[test]
    fn long_options_match_their_abbreviations() {
        for (written, flag, exact, want) in [
            ("recursive", "recursive", &[][..], true),
            ("rec", "recursive", &[], true),
            ("r", "recursive", &[], true),
            ("", "recursive", &[], false),
            ("recursively", "recursive", &[], false),
            ("force", "force-with-lease", &[], true),
            ("del", "delete", &["--del"][..], false),
            ("dele", "delete", &["--del"], true),
            ("soft", "hard", &[], false),
        ] {
            assert_eq!(long_names(written, flag, exact), want, "{written} {flag}");
        }
        for (line, flags, want) in [
            ("--rec x", &["--recursive"][..], true),
            ("--rec=1 x", &["--recursive"], true),
            ("-rf x", &["-r"], true),
            ("-fr x", &["-r", "-f"], true),
            ("-- --rec", &["--recursive"], false),
            ("-x.y", &["-x"], false),
            ("-x.y", &["-x.y"], true),
            ("--soft", &["--hard"], false),
            ("x -r", &["-r"], true),
        ] {
            assert_eq!(has_flag(&words(line), flags), want, "{line} {flags:?}");
        }
        assert!(!has_flag_of(&words("--del"), &["--delete"], &["--del"]));
    }

    #[test]
    fn option_values_take_every_spelling() {
        for (line, names, want) in [
            ("-o a", &["-o"][..], &["a"][..]),
            ("-oa", &["-o"], &["a"]),
            ("--output a", &["--output"], &["a"]),
            ("--output=a", &["--output"], &["a"]),
            ("--out=a", &["--output"], &["a"]),
            ("--out a", &["--output"], &["a"]),
            ("-- -o a", &["-o"], &[]),
            ("--outer a", &["--output"], &[]),
            ("-o", &["-o"], &[]),
            ("--output", &["--output"], &[]),
            ("x y", &["-o"], &[]),
        ] {
            assert_eq!(option_values(&words(line), names), want, "{line}");
        }
        assert_eq!(
            operands(&words("-a b -- -c d"))
                .iter()
                .map(|w| w.value.as_str())
                .collect::<Vec<_>>(),
            ["b", "-c", "d"]
        );
        assert_eq!(operands(&words("- x")).len(), 2);
    }

    #[test]
    fn every_wrapper_name_is_unique_per_subcommand() {
        let mut seen = std::collections::HashSet::new();
        for w in WRAPPERS {
            for n in w.names {
                assert!(seen.insert((*n, w.subcommand)), "{n} listed twice");
            }
        }
    }
}
