//! Code fetched from outside any registry and run or built at once: a
//! package runner handed a repository or a URL (`npx github:user/repo`,
//! `uvx --from git+…`, `go run host/mod@latest`), or an installer handed
//! one (`pip install git+https://…`, `cargo install --git …`, `npm install
//! github:user/repo`), whose build scripts (`setup.py`, `build.rs`,
//! lifecycle scripts) run as the person the moment it is fetched. A
//! registry's package by name is the project's ordinary dependency work.

use super::cmd::Cmd;
use crate::parse::Word;

/// Whether a package runner fetches what it runs from a repository or a
/// URL and runs it at once (`uvx --from git+https://…`, `pipx run --spec
/// git+…`, `npx github:user/repo`, `nix run github:owner/repo`, `deno run
/// https://…`): code nobody reviewed, not a registry's package by name.
pub(super) fn runs_fetched_code(c: &Cmd<'_>) -> bool {
    // Asked of every command: the name first, one `match` for both
    // readings.
    match c.name.as_str() {
        "uvx" | "uv" | "pipx" | "npx" | "pnpx" | "bunx" | "pnpm" | "yarn" | "bun" | "nix"
        | "deno" | "npm" | "go" => runs_fetched(c) || installs_fetched(c),
        "poetry" | "pdm" | "pipenv" | "rye" | "cargo" | "pre-commit" => installs_fetched(c),
        name if is_pip(name) => installs_fetched(c),
        _ => false,
    }
}

/// [`runs_fetched_code`] for a package runner, its name known to be one.
fn runs_fetched(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    let first = ops.first().map(|w| w.value.as_str()).unwrap_or("");
    let second = ops.get(1).map(|w| w.value.as_str()).unwrap_or("");
    // uv's `--with`/`--from` of any subcommand (`uv run --with git+…`)
    // installs from there what then runs; `uv tool run PKG`, `uvx PKG`
    // and `pipx run PKG` run the package named.
    if c.is(&["uvx", "uv"]) || c.is(&["pipx"]) && first == "run" {
        let runs = match (c.name.as_str(), first, second) {
            ("uvx", ..) => ops.first(),
            ("pipx", ..) => ops.get(1),
            ("uv", "tool", "run") => ops.get(2),
            _ => None,
        };
        return c
            .full_option_values(&["--from", "--with", "--spec"])
            .iter()
            .any(|v| from_outside(v))
            || runs.is_some_and(|w| from_outside(&w.value));
    }
    if c.is(&["npx", "pnpx", "bunx"])
        || c.is(&["pnpm", "yarn"]) && first == "dlx"
        || c.is(&["bun"]) && first == "x"
    {
        // The runner's own options come before the package: the rest are
        // the package's (`npx tsc -p packages/a/tsconfig.json`).
        let skip = usize::from(!c.is(&["npx", "pnpx", "bunx"]));
        let args = c.args().get(skip..).unwrap_or_default();
        let own = args.iter().take_while(|w| w.value.starts_with('-'));
        let packages = own
            .clone()
            .zip(args.iter().skip(1))
            .filter_map(|(w, next)| match w.value.split_once('=') {
                Some(("--package", v)) => Some(v),
                _ => matches!(w.value.as_str(), "-p" | "--package").then_some(next.value.as_str()),
            });
        let mut packages = packages.peekable();
        let named = packages.peek().is_some();
        // `--yes` turns off npx's own question before it fetches a package
        // the project does not have (`npx --yes pkg@latest --version`).
        return c.is(&["npx", "pnpx"]) && said_yes(own)
            || packages.any(npm_from_outside)
            || !named && ops.get(skip).is_some_and(|w| npm_from_outside(&w.value));
    }
    if c.is(&["npm"]) && matches!(first, "exec" | "x") {
        let args = c.args();
        let after = args.iter().skip_while(|w| w.value != first).skip(1);
        return said_yes(after.take_while(|w| w.value.starts_with('-') && w.value != "--"));
    }
    // A module at a version is fetched from its host, outside the
    // project's own dependencies, and run (`go run
    // github.com/a/tool@latest`); a package of the project's is not
    // (`go run ./cmd/server`, `go run example.com/app/cmd/x` by its
    // go.mod).
    if c.is(&["go"]) {
        return first == "run" && ops.iter().skip(1).any(|w| remote_module(&w.value));
    }
    c.is(&["nix"])
        && matches!(first, "run" | "shell" | "develop")
        && ops.iter().skip(1).any(|w| from_outside(&w.value))
        || c.is(&["deno"]) && first == "run" && ops.get(1).is_some_and(|w| from_outside(&w.value))
}

/// Whether a word names a Go module on a host, at a version
/// (`github.com/a/tool@latest`, `golang.org/x/tools/cmd/stringer@v0.1.0`).
fn remote_module(v: &str) -> bool {
    v.split_once('@').is_some_and(|(path, version)| {
        !version.is_empty()
            && path
                .split_once('/')
                .is_some_and(|(host, rest)| host.contains('.') && !rest.is_empty())
            && !path.starts_with('.')
    })
}

/// Whether npm's runner was told to install what it runs without asking
/// (`-y`, `--yes`, `--yes=true`).
fn said_yes<'w>(mut options: impl Iterator<Item = &'w Word>) -> bool {
    options.any(|w| matches!(w.value.as_str(), "-y" | "--yes" | "--yes=true"))
}

/// Whether a package spec names a place, not a registry's package: a URL,
/// a git remote (`git+https://…`, `git@host:…`), a forge's shorthand
/// (`github:user/repo`).
fn from_outside(v: &str) -> bool {
    v.contains("://")
        || [
            "git+",
            "github:",
            "gitlab:",
            "bitbucket:",
            "sourcehut:",
            "git@",
        ]
        .iter()
        .any(|p| v.starts_with(p))
}

/// [`from_outside`], and npm's `user/repo`, which it reads as a GitHub
/// repository; a spec after a name (`pkg@github:u/r`) too.
fn npm_from_outside(v: &str) -> bool {
    let spec = v
        .get(1..)
        .and_then(|rest| rest.split_once('@'))
        .map_or(v, |(_, spec)| spec);
    from_outside(v)
        || from_outside(spec)
        || !v.starts_with(['@', '.', '/', '~']) && v.contains('/') && !v.contains(' ')
}

/// Whether an installer is handed a package from outside any registry
/// (`pip install git+https://…`, `pip install https://…/x.tar.gz`, `uv
/// add 'x @ git+…'`, `cargo install --git …`, `npm install github:u/r`,
/// `pre-commit try-repo https://…`): building it runs its own code
/// (`setup.py` or a build backend, `build.rs`, lifecycle scripts) at once,
/// also under pip's `--dry-run`, which still builds to learn what it
/// needs. A wheel is unpacked, not built; npm told `--ignore-scripts`
/// runs none of the package's scripts.
fn installs_fetched(c: &Cmd<'_>) -> bool {
    let ops = c.operands();
    let first = ops.first().map_or("", |w| w.value.as_str());
    let second = ops.get(1).map_or("", |w| w.value.as_str());
    if c.is(&["cargo"]) {
        return first == "install" && !c.option_values(&["--git"]).is_empty();
    }
    if c.is(&["pre-commit"]) {
        return first == "try-repo" && from_outside(second);
    }
    // A remote flake built with the build sandbox turned off runs its
    // builder with the person's rights (`nix build github:o/r --option
    // sandbox false`).
    if c.is(&["nix"]) {
        let args = c.args();
        let unsandboxed = args.windows(3).any(|w| {
            w[0].value == "--option"
                && w[1].value == "sandbox"
                && matches!(w[2].value.as_str(), "false" | "relaxed")
        }) || c.flag(&["--no-sandbox"]);
        return first == "build"
            && unsandboxed
            && ops.iter().skip(1).any(|w| from_outside(&w.value));
    }
    let npm = c.is(&["npm", "pnpm", "yarn", "bun"]);
    let installs = match c.name.as_str() {
        "uv" => first == "add" || matches!(first, "pip" | "tool") && second == "install",
        "npm" => matches!(first, "install" | "i" | "in" | "add" | "isntall"),
        "pnpm" | "bun" => matches!(first, "add" | "install" | "i"),
        "yarn" => first == "add",
        "poetry" | "pdm" | "rye" => first == "add",
        _ => first == "install",
    };
    if !installs || npm && c.flag(&["--ignore-scripts"]) {
        return false;
    }
    // Every word but an option's value (an index's address, `-i URL`, or
    // a folder, `--prefix packages/web`): the packages, and an editable
    // install's source.
    let args = c.args();
    args.iter().enumerate().any(|(i, w)| {
        let v = w.value.as_str();
        let a_value = i
            .checked_sub(1)
            .and_then(|p| args.get(p))
            .is_some_and(|o| INSTALL_VALUES.contains(&o.value.as_str()));
        let v = v.strip_prefix("--editable=").unwrap_or(v);
        !a_value
            && !v.starts_with('-')
            && !v.ends_with(".whl")
            && if npm {
                npm_from_outside(v)
            } else {
                from_outside(v)
            }
    })
}

/// Installers' options whose value is no package: indexes, folders, files.
const INSTALL_VALUES: &[&str] = &[
    "-i",
    "--index-url",
    "--extra-index-url",
    "--index",
    "--default-index",
    "-f",
    "--find-links",
    "--proxy",
    "--cert",
    "--registry",
    "--prefix",
    "--target",
    "-t",
    "--root",
    "-r",
    "--requirement",
    "-c",
    "--constraint",
    "--python",
    "-p",
    "-C",
    "--dir",
    "--cwd",
    "-w",
    "--workspace",
    "--filter",
    "--cache",
    "--tag",
    "--userconfig",
    "--group",
    "-G",
];

/// pip by the names it is installed under (`pip`, `pip3`, `pip3.12`).
fn is_pip(name: &str) -> bool {
    name.strip_prefix("pip")
        .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}
