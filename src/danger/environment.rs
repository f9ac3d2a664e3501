//! Environment variables that make programs load or run other code.
//!
//! `LD_PRELOAD=/tmp/x.so ls` runs `/tmp/x.so` inside `ls`; `BASH_ENV`
//! runs a file in every shell script started after it; `GIT_CONFIG_*`
//! sets any git option, `core.pager` included. Set on a command or
//! exported for the rest of the line, each hands a later program code of
//! the setter's choosing.

use super::cmd::Cmd;

/// Whether setting `name` to `value` makes programs load or run other
/// code. `risky_lua` judges Lua code (`LUA_INIT`).
fn loads_code(name: &str, value: &str, literal: bool, risky_lua: &dyn Fn(&str) -> bool) -> bool {
    match name {
        // Lua's start-up code: `@file` runs a file; code is judged as
        // code (`package.path=…` only widens where modules are found).
        "LUA_INIT" | "LUA_INIT_5_2" | "LUA_INIT_5_3" | "LUA_INIT_5_4" => {
            !literal || value.starts_with('@') || risky_lua(value)
        }
        // Libraries of the system's own folders, which only root writes
        // (`LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2`), load
        // nothing of the line's choosing.
        "LD_PRELOAD" | "LD_AUDIT" | "LD_LIBRARY_PATH" | "DYLD_INSERT_LIBRARIES"
        | "DYLD_LIBRARY_PATH" => !(literal && only_system_libraries(value)),
        // Where a language looks for modules: one in a scratch folder,
        // which any process may fill, is searched before the project's and
        // the system's (`PYTHONPATH=/tmp/.pylib python -m pytest` imports
        // a planted `pytest`). The project's own folders are its own.
        "PYTHONPATH" | "PYTHONHOME" | "PYTHONUSERBASE" | "NODE_PATH" | "PERL5LIB" | "PERLLIB"
        | "RUBYLIB" | "GEM_PATH" | "GEM_HOME" | "CLASSPATH" | "LUA_PATH" | "LUA_CPATH"
        | "R_LIBS" | "R_LIBS_USER" | "JULIA_LOAD_PATH" | "ERL_LIBS" | "GUILE_LOAD_PATH"
        | "SCONSFLAGS" => value
            .split([':', ';', ' ', '='])
            .any(super::place::in_scratch_folder),
        // Nothing to source.
        "BASH_ENV" | "ENV" if literal && matches!(value, "" | "/dev/null") => false,
        // Ruby's options from the environment that only set warnings or
        // features (`RUBYOPT=-W0`); `-r` and `-I` load code.
        "RUBYOPT" if literal && ruby_warnings_only(value) => false,
        // perl's warnings and its core pragmas (`PERL5OPT=-Mstrict`,
        // `-Mwarnings=FATAL,all`): what every script loads anyway. A
        // module by any other name may be one planted in the user's
        // module folders (`-MDevel::Cover`, `-Mevil`).
        "PERL5OPT" if literal && perl_pragmas_only(value) => false,
        // go's own flags for every build: `-toolexec` and `-exec` run a
        // program of the setter's choosing.
        "GOFLAGS" => !literal || super::cmd::go_runs_another(value.split_whitespace()),
        "BASH_ENV"
        | "ENV"
        | "ZDOTDIR"
        | "PROMPT_COMMAND"
        | "PERL5OPT"
        | "RUBYOPT"
        | "PYTHONSTARTUP"
        | "GIT_EXEC_PATH"
        | "GIT_CONFIG_PARAMETERS"
        | "GIT_CONFIG_COUNT"
        | "GIT_TEMPLATE_DIR"
        // Code perl's debugger runs (`perl -d`), Lua's at every start, R's
        // profile; PHP's ini (`auto_prepend_file`); git's config files
        // named elsewhere (aliases, `core.pager`, `core.fsmonitor`).
        | "PERL5DB"
        | "R_PROFILE"
        | "R_PROFILE_USER"
        | "IRBRC"
        | "PHPRC"
        | "PHP_INI_SCAN_DIR"
        | "GIT_CONFIG_GLOBAL"
        | "GIT_CONFIG_SYSTEM" => true,
        // A build file named elsewhere is code the tool runs (`mix.exs` and
        // a `Gemfile` are Elixir and Ruby), as are a Gradle home's init
        // scripts: the project's own are the project's.
        "MIX_EXS" | "BUNDLE_GEMFILE" | "GRADLE_USER_HOME" => {
            !literal || !super::place::below_working_folder(value)
        }
        // A tool's own settings file (or the folder that holds it) named
        // in a scratch folder, where the line or anything before it may
        // have written it: wget's `output_document` overwrites any file,
        // curl's `.curlrc` uploads one, kubectl's and the AWS CLI's run
        // credential programs, Docker's run credential helpers, cargo's
        // config a compiler wrapper, psql's rc `\!` commands, pip's and
        // npm's choose where packages come from. In the person's own
        // folders it is the person's (`KUBECONFIG=~/.kube/staging`).
        "WGETRC" | "CURL_HOME" | "NPM_CONFIG_USERCONFIG" | "NPM_CONFIG_GLOBALCONFIG"
        | "PIP_CONFIG_FILE" | "KUBECONFIG" | "AWS_CONFIG_FILE" | "DOCKER_CONFIG" | "CARGO_HOME"
        | "PSQLRC" | "XDG_CONFIG_HOME" | "GNUPGHOME"
        // Every program's settings and a login shell's profile are read
        // from home (`HOME=/tmp/h bash -lc …` sources a `.bash_profile`
        // the line may have fetched there; git its `.gitconfig`).
        | "HOME" => {
            value.split(':').any(super::place::in_scratch_folder)
        }
        // bash's trace prompt is expanded, command substitution and all,
        // before every traced command.
        "PS4" => value.contains("$(") || value.contains('`'),
        // A Java agent or native library runs in every JVM started.
        "JAVA_TOOL_OPTIONS" | "_JAVA_OPTIONS" | "JDK_JAVA_OPTIONS" | "MAVEN_OPTS"
        | "GRADLE_OPTS" | "JAVA_OPTS" | "SBT_OPTS" => [
            "-javaagent",
            "-agentpath",
            "-agentlib",
            "-XX:OnError",
            "-XX:OnOutOfMemoryError",
        ]
        .iter()
        .any(|f| value.contains(f)),
        "NODE_OPTIONS" => [
            "--require",
            "-r ",
            "--import",
            "--loader",
            "--experimental-loader",
        ]
        .iter()
        .any(|f| value.contains(f)),
        // Options tar and zip read from the environment before their own
        // words: those that make them run a program do it there too.
        "TAR_OPTIONS" => [
            "--to-command",
            "--use-compress-program",
            "--info-script",
            "--new-volume-script",
            "exec=",
            "-I",
            "-F",
        ]
        .iter()
        .any(|f| value.contains(f)),
        "ZIPOPT" => value.contains("-TT") || value.contains("--unzip-command"),
        // make reads every Makefile `MAKEFILES` lists; `MAKEFLAGS` may
        // name more (`-f`, `--eval`) among the usual `-j8`.
        "MAKEFILES" => true,
        "MAKEFLAGS" | "GNUMAKEFLAGS" => !plain_makeflags(value),
        n => n.starts_with("GIT_CONFIG_KEY_") || n.starts_with("GIT_CONFIG_VALUE_"),
    }
}

/// Whether setting `name` makes tools run the program `value` names, and
/// that program is one of the line's or the agent's choosing: a path that
/// is not a system folder's (`RUSTC_WRAPPER=/tmp/w.sh`, `SSH_ASKPASS=./ask.sh`,
/// `CC=./cc`), or a name known only when it runs. A program found on PATH
/// by its name (`EDITOR=vim`, `CC=clang`) is the person's.
fn names_a_planted_program(name: &str, value: &crate::parse::Word) -> bool {
    if !crate::parse::programs::is_code_variable(name) || value.value.is_empty() {
        return false;
    }
    if !value.literal {
        return true;
    }
    let program = value.value.split_whitespace().next().unwrap_or("");
    program.contains('/') && !in_root_owned_folder(program)
}

/// Whether a path is in a folder of the system's that only root writes,
/// with no `..` to leave it: `/usr/bin`, `/usr/lib`, `/lib`, the Nix store.
/// Not `/usr/local`, `/opt` or `/Applications`: Homebrew's and an admin's
/// apps are the user's to write, so the agent's too.
fn in_root_owned_folder(path: &str) -> bool {
    const ROOT_OWNED: &[&str] = &[
        "/usr/bin/",
        "/usr/sbin/",
        "/usr/lib/",
        "/usr/lib64/",
        "/usr/lib32/",
        "/usr/libexec/",
        "/usr/share/",
        "/bin/",
        "/sbin/",
        "/lib/",
        "/lib64/",
        "/lib32/",
        "/System/Library/",
        "/nix/store/",
        "/snap/",
    ];
    ROOT_OWNED
        .iter()
        .any(|d| path.starts_with(d) || path == d.trim_end_matches('/'))
        && !path.split('/').any(|part| part == "..")
}

/// Whether a command sets a variable that makes tools run a program of the
/// line's choosing, for itself or for the rest of the line.
pub(super) fn plants_a_program(c: &Cmd<'_>) -> bool {
    c.command
        .assignments
        .iter()
        .any(|(n, v)| names_a_planted_program(n, v))
        || (c.is(&[
            "export", "declare", "typeset", "readonly", "local", "setenv",
        ]) && c.args().iter().any(|w| {
            w.value.split_once('=').is_some_and(|(n, v)| {
                names_a_planted_program(
                    n,
                    &crate::parse::Word {
                        value: v.to_owned(),
                        ..w.clone()
                    },
                )
            })
        }))
}

/// `MAKEFLAGS` that only set how make runs (`-j8`, `-k`, `s`,
/// `--no-print-directory`), no Makefile, folder or text to read.
fn plain_makeflags(value: &str) -> bool {
    value.split_whitespace().enumerate().all(|(i, w)| {
        let short = w.strip_prefix('-').filter(|c| !c.starts_with('-'));
        // The first word may be bare letters (`ks`).
        let letters = short.or((i == 0 && !w.starts_with('-')).then_some(w));
        match (letters, w.strip_prefix("--")) {
            (Some(l), _) => {
                let l = l.trim_end_matches(|c: char| c.is_ascii_digit());
                l.chars().all(|c| "bBeiIjkLnqrRsStwl".contains(c)) && !l.contains('I')
            }
            (None, Some(long)) => matches!(
                long.split('=').next().unwrap_or(long),
                "jobs"
                    | "keep-going"
                    | "silent"
                    | "quiet"
                    | "no-print-directory"
                    | "print-directory"
                    | "output-sync"
                    | "load-average"
                    | "warn-undefined-variables"
                    | "always-make"
                    | "ignore-errors"
                    | "no-builtin-rules"
                    | "no-builtin-variables"
            ),
            _ => false,
        }
    })
}

/// The dynamic loader run as a program with a library to load first
/// (`ld.so --preload ./x.so /bin/ls`, `--audit`, `--library-path`): the
/// same as `LD_PRELOAD`; or with another name for the program it runs
/// (`--argv0 rm /bin/busybox`), which a multi-call program obeys.
fn loader_loads(c: &Cmd<'_>) -> bool {
    crate::parse::programs::is_dynamic_loader(&c.name)
        && c.flag(&["--preload", "--audit", "--library-path", "--argv0"])
        // Any tool's folder of its own code (site files, plugins, modules)
        // named in a scratch folder, whose files any process may have
        // planted (`scons -n --site-dir=/tmp/.scons-site`: SCons runs its
        // `site_init.py` even when it only rehearses).
        || c.args().iter().any(|w| w.value.starts_with("--"))
            && c.full_option_values(&[
                "--site-dir",
                "--plugin-dir",
                "--plugins-dir",
                "--plugin-path",
                "--module-path",
                "--load-path",
            ])
            .into_iter()
            .any(super::place::in_scratch_folder)
}

/// Whether every library or folder of a loader variable's list (split at
/// `:` and blanks) is in a folder only root writes.
fn only_system_libraries(value: &str) -> bool {
    let mut parts = value
        .split([':', ' ', '\t'])
        .filter(|p| !p.is_empty())
        .peekable();
    parts.peek().is_some() && parts.all(in_root_owned_folder)
}

/// Whether `RUBYOPT` only sets warnings (`-W0`, `-w`) or turns features on
/// or off (`--disable-gems`, `--enable=frozen-string-literal`).
fn ruby_warnings_only(value: &str) -> bool {
    value.split_whitespace().all(|o| {
        o == "-w" || o.starts_with("-W") || o.starts_with("--disable") || o.starts_with("--enable")
    })
}

/// Whether `PERL5OPT` only turns warnings on (`-w`, `-W`) or loads perl's
/// own pragmas (`-Mstrict`, `-Mwarnings=FATAL,all`, `-Mutf8`).
fn perl_pragmas_only(value: &str) -> bool {
    value.split_whitespace().all(|o| {
        matches!(o, "-w" | "-W" | "-X")
            || o.strip_prefix("-M")
                .or_else(|| o.strip_prefix("-m"))
                .map(|m| m.split('=').next().unwrap_or(m))
                .is_some_and(|m| {
                    matches!(
                        m,
                        "strict"
                            | "warnings"
                            | "utf8"
                            | "diagnostics"
                            | "feature"
                            | "integer"
                            | "bigint"
                            | "bignum"
                            | "bigrat"
                            | "locale"
                    )
                })
    })
}

/// Whether a command run by its path in the working folder is handed
/// libraries from the same folder (`LD_PRELOAD=./build/shim.so
/// ./build/app`): the program and what it loads are both the project's,
/// and loading one into the other hides nothing another program trusts.
fn preloads_own_library(c: &Cmd<'_>, name: &str, value: &crate::parse::Word) -> bool {
    let inside = |p: &str| super::place::below_working_folder(p) && p.contains('/');
    // bash's `BASH_ENV` file, read by the walk as `source` reads it (see
    // `parse::scripts`): judged as the code it holds.
    if name == "BASH_ENV"
        && value.literal
        && c.is(&["bash"])
        && inside(&value.value)
        && !c.ctx.is_catastrophic(&c.ctx.cwd.to_string_lossy())
    {
        return true;
    }
    matches!(
        name,
        "LD_PRELOAD" | "LD_LIBRARY_PATH" | "DYLD_INSERT_LIBRARIES"
    ) && value.literal
        && c.command
            .argv
            .first()
            .is_some_and(|w| w.literal && inside(&w.value))
        && !c.ctx.is_catastrophic(&c.ctx.cwd.to_string_lossy())
        && value
            .value
            .split([':', ' '])
            .filter(|p| !p.is_empty())
            .all(|p| inside(p) || in_root_owned_folder(p))
}

/// Whether a command sets such a variable, for itself (`LD_PRELOAD=x ls`)
/// or for the rest of the line (`export BASH_ENV=x`). `risky_lua` judges
/// Lua code handed over as a variable.
pub(super) fn hijacks(
    c: &Cmd<'_>,
    risky_lua: &dyn Fn(&str) -> bool,
    risky_git: &dyn Fn(&str, Option<&str>) -> bool,
) -> bool {
    c.command.assignments.iter().any(|(n, v)| {
        loads_code(n, &v.value, v.literal, risky_lua)
            && !preloads_own_library(c, n, v)
            && !harmless_git_setting(&c.command.assignments, n, risky_git)
    }) || (c.is(&[
        "export", "declare", "typeset", "readonly", "local", "setenv",
    ]) && c.args().iter().any(|a| {
        a.value
            .split_once('=')
            .is_some_and(|(n, v)| loads_code(n, v, a.literal, risky_lua))
    })) || loader_loads(c)
        || loads_from_scratch(c)
}

/// Code a tool loads by an option, or a setting that names a command,
/// from a scratch folder any process may have planted it in: an init
/// script (`gradle --init-script /tmp/.g/init.gradle build`, `-I`), a
/// shell's start-up file (`bash --rcfile /tmp/x`), a setting given on
/// the command line whose name says it runs something
/// (`tox -x 'testenv:lint.commands_pre=/tmp/.cache/t/run'`). The person
/// asked for the build or the test run; what rides along with it they
/// did not see. (A script run as the program itself, `python3
/// /tmp/x.py`, shows what it is and is the reviewer's.)
fn loads_from_scratch(c: &Cmd<'_>) -> bool {
    const RUNS: &[&str] = &[
        "command", "commands", "cmd", "exec", "hook", "hooks", "script", "scripts", "runner",
        "program", "shell", "pre", "post",
    ];
    let in_scratch = |v: &str| {
        let first = v
            .trim_start_matches(['"', '\''])
            .split_whitespace()
            .next()
            .unwrap_or("");
        super::place::in_scratch_folder(&c.ctx.resolve(first)) && first.starts_with('/')
    };
    c.full_option_values(&["--init-script", "--rcfile", "--init-file", "--init"])
        .into_iter()
        .chain(if c.is(&["gradle", "gradlew"]) {
            c.option_values(&["-I"])
        } else {
            Vec::new()
        })
        .any(in_scratch)
        || c.args().iter().any(|w| {
            w.value.split_once('=').is_some_and(|(key, value)| {
                !key.starts_with('-')
                    && key.rsplit(['.', ':', '/']).next().is_some_and(|last| {
                        last.to_ascii_lowercase()
                            .split(['_', '-'])
                            .any(|p| RUNS.contains(&p))
                    })
                    && in_scratch(value)
            })
        })
}

/// Whether `name`, one of git's settings given by the environment, is part
/// of settings all made on this command that git's `-c` would take as
/// harmless (`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=color.ui
/// GIT_CONFIG_VALUE_0=always git status`). A key or value known only when
/// the line runs, or a count past the keys given here, is not.
/// (`risky_git` judges one key and value, as `git -c` would.)
fn harmless_git_setting(
    assignments: &[(String, crate::parse::Word)],
    name: &str,
    risky_git: &dyn Fn(&str, Option<&str>) -> bool,
) -> bool {
    let literal = |n: &str| {
        assignments
            .iter()
            .rev()
            .find(|(a, _)| a == n)
            .and_then(|(_, w)| w.literal.then_some(w.value.as_str()))
    };
    let pair = |i: &str| {
        let Some(key) = literal(&format!("GIT_CONFIG_KEY_{i}")) else {
            return false;
        };
        let value_name = format!("GIT_CONFIG_VALUE_{i}");
        let value_given = assignments.iter().any(|(a, _)| *a == value_name);
        let value = literal(&value_name);
        (!value_given || value.is_some()) && !risky_git(key, value)
    };
    if let Some(i) = name
        .strip_prefix("GIT_CONFIG_KEY_")
        .or_else(|| name.strip_prefix("GIT_CONFIG_VALUE_"))
    {
        return pair(i);
    }
    name == "GIT_CONFIG_COUNT"
        && literal(name)
            .and_then(|n| n.parse::<u8>().ok())
            .is_some_and(|n| (0..n).all(|i| pair(&i.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::danger::place::Place;
    use crate::parse::parse;

    /// Whether the first command of `line`, run in `cwd`, hijacks.
    fn hijacks_in(line: &str, cwd: &str) -> bool {
        let script = parse(line);
        let example = Place::example();
        let ctx = Place::new(example.home.clone(), cwd.into(), example.own_dirs.clone());
        let command = script
            .commands
            .first()
            .unwrap_or_else(|| panic!("no command in {line:?}"));
        hijacks(&Cmd::new(command, &ctx), &|_| true, &|_, _| true)
    }

    // A project's own files are the project's only where the folder is
    // one: in home or the root, `./x.sh` is anything of the user's.
    #[test]
    fn own_files_count_only_in_a_project_folder() {
        for (line, cwd, want) in [
            (
                "BASH_ENV=./ci/env.sh bash ./t.sh",
                "/home/user/project",
                false,
            ),
            ("BASH_ENV=./ci/env.sh bash ./t.sh", "/home/user", true),
            ("BASH_ENV=./ci/env.sh bash ./t.sh", "/", true),
            (
                "LD_PRELOAD=./b/shim.so ./b/app",
                "/home/user/project",
                false,
            ),
            ("LD_PRELOAD=./b/shim.so ./b/app", "/home/user", true),
        ] {
            assert_eq!(hijacks_in(line, cwd), want, "{line} in {cwd}");
        }
    }
}
