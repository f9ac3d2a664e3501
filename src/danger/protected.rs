//! Protected files: those whose change alters what runs later or
//! loosens a guard.
//!
//! A line added to `~/.bashrc` or `.git/hooks/pre-commit` runs later,
//! outside any check; a changed agent setting or askrisky config turns the
//! guard off; a forged transcript reads as the person's words. Each kind
//! is one row of [`PROTECTED`]: what it is, and how a path is known as
//! one. A path is judged as written and, where the disk takes it
//! elsewhere through links or a `.git` file, as reached.

use super::gitdir::in_linked_git_dir;
use super::links::on_disk;
use super::place::{Place, at_or_below};
use crate::agents::{self, Kind};

mod globbed;

/// One kind of protected file: the reason the person reads, and whether
/// a path is one.
struct Protected {
    /// What the file is, as the person reads it ("a shell startup file").
    reason: &'static str,
    /// Whether the path is one.
    holds: fn(&Seen<'_>) -> bool,
}

/// A path as the rows of [`PROTECTED`] read it, worked out once. Most
/// paths are no protected file and go through every row, so what the
/// rows ask is worked out up front rather than on demand.
struct Seen<'a> {
    /// Where the command runs.
    ctx: &'a Place,
    /// The path resolved (`/home/user/.bashrc`).
    resolved: &'a str,
    /// Its parts (`["home", "user", ".bashrc"]`).
    parts: Vec<&'a str>,
    /// Its last part.
    name: &'a str,
    /// The path below a home (`.bashrc`; any user's, see
    /// [`Place::in_a_home`]), also when home is not known and `~` stayed
    /// unresolved (`/~/.bashrc`).
    in_home: Option<&'a str>,
    /// What it is to an agent, if anything: [`Seen::agent`], worked out
    /// when a row asks (most paths are settled by a row before it).
    agent: std::cell::OnceCell<Option<Kind>>,
}

impl<'a> Seen<'a> {
    fn new(ctx: &'a Place, resolved: &'a str) -> Self {
        let parts: Vec<&str> = resolved.split('/').filter(|p| !p.is_empty()).collect();
        Self {
            ctx,
            resolved,
            name: parts.last().copied().unwrap_or(""),
            in_home: ctx
                .in_a_home(resolved)
                .or_else(|| resolved.strip_prefix("/~/")),
            agent: std::cell::OnceCell::new(),
            parts,
        }
    }

    /// What the path is to an agent, if anything.
    fn agent(&self) -> Option<Kind> {
        *self.agent.get_or_init(|| agents::protects(&self.parts))
    }

    /// True when `b` is in a git folder: a work tree's `.git`, or a bare
    /// repository named the usual way (`app.git/hooks/post-receive`, run
    /// by the server on every push).
    fn in_git_dir(&self, b: &str) -> bool {
        self.parts
            .windows(2)
            .any(|w| w[0].ends_with(".git") && w[1] == b)
    }
}

/// The reason for a repository's own files, found by name or through a
/// `.git` file.
const REPOSITORY: &str = "a git repository's own files";

/// Every kind of protected file, the first that holds giving the reason.
static PROTECTED: &[Protected] = &[
    Protected {
        reason: "askrisky's own config or state",
        holds: |p| {
            p.ctx.own_dirs.iter().any(|own| match own.to_str() {
                // No lossy copy to check first: the folder is text.
                Some(own) => at_or_below(p.resolved, &p.ctx.resolve_cow(own)),
                None => at_or_below(p.resolved, &p.ctx.resolve(&own.to_string_lossy())),
            })
        },
    },
    Protected {
        reason: "askrisky's project file",
        holds: |p| p.name == ".askrisky.toml",
    },
    Protected {
        reason: "git hooks or config",
        holds: |p| {
            p.in_git_dir("hooks")
                || (p.in_git_dir("config") && p.name == "config")
                // The template every new clone and `git init` copies its
                // hooks from (`~/.git-templates/hooks/post-checkout`).
                || p.parts.windows(2).any(|w| {
                    w[1] == "hooks"
                        && matches!(
                            w[0].trim_start_matches('.'),
                            "git-templates" | "git-template" | "git_template" | "git_templates"
                        )
                })
                || p.parts.windows(3).any(|w| {
                    matches!(w[0], "git" | "git-core")
                        && matches!(w[1], "templates" | "template")
                        && w[2] == "hooks"
                })
        },
    },
    // Anything else of a repository's own: refs, objects, its info, and a
    // `.git` file that says where the repository is.
    Protected {
        reason: REPOSITORY,
        holds: |p| p.parts.contains(&".git"),
    },
    Protected {
        reason: "git hooks (husky)",
        holds: |p| p.parts.contains(&".husky"),
    },
    // Python runs `import` lines of `.pth` files, and these modules, at
    // every start.
    Protected {
        reason: "Python startup code",
        holds: |p| {
            p.parts
                .iter()
                .any(|part| matches!(*part, "site-packages" | "dist-packages"))
                && (p.name.ends_with(".pth")
                    || matches!(p.name, "sitecustomize.py" | "usercustomize.py"))
        },
    },
    // What a server runs at each start: SQL*Plus's site profile, Tomcat's
    // environment script beside `catalina.sh`.
    Protected {
        reason: "a server's start-up script",
        holds: |p| {
            p.name == "glogin.sql" && p.parts.contains(&"sqlplus")
                || p.name == "setenv.sh"
                    && p.parts.ends_with(&["bin", "setenv.sh"])
                    && p.parts
                        .iter()
                        .any(|d| d.contains("tomcat") || d.contains("catalina"))
        },
    },
    Protected {
        reason: "kernel settings",
        holds: |p| p.parts.starts_with(&["proc", "sys"]) || p.parts.first() == Some(&"sys"),
    },
    Protected {
        reason: "system configuration",
        holds: |p| p.parts.first() == Some(&"etc"),
    },
    // Linux's `/var/spool/cron`, macOS's `/var/at` (`/private/var/at`).
    Protected {
        reason: "cron",
        holds: |p| {
            p.parts.first() == Some(&"var") && matches!(p.parts.get(1), Some(&("spool" | "at")))
        },
    },
    // What agents keep as the record of a session: a forged record could
    // read as the person's words.
    Protected {
        reason: "an agent's transcripts",
        holds: |p| p.agent() == Some(Kind::Transcript),
    },
    // What starts, permits or hooks an agent, in its default folder or the
    // one its environment moved it to: changed, the agent's guard is gone.
    Protected {
        reason: "an agent's settings, hooks or plugins",
        holds: |p| {
            p.agent() == Some(Kind::Guard)
                || p.ctx
                    .moved_agent_guards
                    .iter()
                    .any(|g| agents::path_matches(p.resolved, &p.ctx.fold(g)))
        },
    },
    Protected {
        reason: "a shell startup file",
        holds: |p| {
            // Every startup file and folder is hidden (a test holds it):
            // other paths below home skip both lists.
            p.in_home.is_some_and(|rel| {
                rel.starts_with('.') && STARTUP_FILES.contains(&rel)
                    || rel.starts_with('.')
                        && STARTUP_DIRS
                            .iter()
                            .any(|d| rel.starts_with(d) || rel == d.trim_end_matches('/'))
            })
        },
    },
    // A shell's history: emptied, or linked to `/dev/null`, it hides what
    // ran (`ln -sf /dev/null ~/.bash_history`). Read, it is a secret (see
    // `secrets`).
    Protected {
        reason: "a shell's history",
        holds: |p| p.in_home.is_some_and(super::place::is_shell_history),
    },
    // A program of a common name early in PATH runs instead of the real
    // one (`~/.local/bin/git`).
    Protected {
        reason: "a program that runs in place of a common one",
        holds: |p| {
            p.in_home.is_some_and(|rel| {
                rel.strip_prefix(".local/bin/")
                    .or_else(|| rel.strip_prefix("bin/"))
                    .or_else(|| rel.strip_prefix(".cargo/bin/"))
                    .is_some_and(|prog| COMMON_PROGRAMS.contains(&prog))
            })
        },
    },
    // The system's own programs and libraries.
    Protected {
        reason: SYSTEM_FILES,
        holds: |p| {
            ([
                "/usr/",
                "/boot/",
                "/lib/",
                "/lib64/",
                "/lib32/",
                "/bin/",
                "/sbin/",
                "/var/lib/",
                // macOS's installed applications: a program changed in
                // one runs when the person next opens it.
                "/Applications/",
            ]
            .iter()
            .any(|d| p.resolved.starts_with(d))
                // Windows's own folders seen from WSL or Git Bash
                // (`/mnt/c/Windows/System32/drivers/etc/hosts`).
                || super::place::windows_drive(p.resolved).is_some_and(|rest| {
                    let top = rest.split('/').next().unwrap_or("");
                    !top.eq_ignore_ascii_case("Users")
                        && super::place::WINDOWS_TOP.iter().any(|t| t.eq_ignore_ascii_case(top))
                        && rest.len() > top.len()
                }))
                // The person may own these (Homebrew on Intel macs, a
                // `sudo chown`): the PATH row's, below.
                && !["/usr/local/bin/", "/usr/local/sbin/"]
                    .iter()
                    .any(|d| p.resolved.starts_with(d))
        },
    },
    // Any program put in a folder of PATH runs whenever its name is typed,
    // by the person or a tool, from then on: a way to persist.
    Protected {
        reason: "a folder of programs on PATH",
        holds: |p| {
            p.in_home.is_some_and(|rel| {
                [
                    ".local/bin/",
                    "bin/",
                    ".cargo/bin/",
                    "go/bin/",
                    ".npm-global/bin/",
                ]
                .iter()
                .any(|d| rel.starts_with(d) && rel.len() > d.len())
            }) || ["/usr/local/bin/", "/usr/local/sbin/", "/opt/homebrew/bin/"]
                .iter()
                .any(|d| p.resolved.starts_with(d))
        },
    },
    // A public key written changes no access (`authorized_keys` does):
    // `hcloud ssh-key create --public-key-from-file ~/.ssh/id.pub` reads it.
    Protected {
        reason: "SSH access",
        holds: |p| {
            p.in_home.is_some_and(|rel| {
                rel == ".ssh" || rel.starts_with(".ssh/") && !rel.ends_with(".pub")
            })
        },
    },
    Protected {
        reason: "git config",
        holds: |p| {
            p.in_home
                .is_some_and(|rel| matches!(rel, ".gitconfig" | ".config/git/config"))
        },
    },
    Protected {
        reason: "programs started at login",
        holds: |p| {
            p.in_home.is_some_and(|rel| {
                rel.starts_with(".config/systemd/user")
                    || rel.starts_with(".config/autostart")
                    || LOGIN_ITEMS_IN_HOME.iter().any(|d| at_or_below(rel, d))
            }) || LOGIN_ITEMS.iter().any(|d| p.parts.starts_with(d))
        },
    },
    // Windows's Startup folder, reached from WSL (`/mnt/c/Users/…`) or a
    // Windows program given its path (`%APPDATA%\Microsoft\Windows\Start
    // Menu\Programs\Startup`), and the registry's lists of programs run
    // at login (`reg add HKCU\…\CurrentVersion\Run`): what is put there
    // runs at every login.
    Protected {
        reason: "programs started at login",
        holds: |p| windows_startup(p.resolved),
    },
    // Editors' and desktop agents' own settings, which start MCP servers
    // or approve an agent's tools (`chat.tools.autoApprove`): macOS keeps
    // them in Application Support, Linux in `~/.config`.
    Protected {
        reason: "an agent's settings, hooks or plugins",
        holds: |p| p.in_home.is_some_and(in_app_settings),
    },
    // Agents that take no hook, whose settings approve their own commands
    // or start their tools: aider's `.aider.conf.yml` (`yes-always`), read
    // from home, the repository and the working folder; Continue's,
    // goose's and Windsurf's in home.
    Protected {
        reason: "an agent's settings, hooks or plugins",
        holds: |p| {
            p.parts
                .last()
                .is_some_and(|n| n.eq_ignore_ascii_case(".aider.conf.yml"))
                || p.in_home.is_some_and(|rel| {
                    [
                        ".continue/config.json",
                        ".continue/config.yaml",
                        ".config/goose/config.yaml",
                        ".codeium/windsurf/mcp_config.json",
                    ]
                    .iter()
                    .any(|f| rel.eq_ignore_ascii_case(f))
                })
        },
    },
    // Any program's own settings file in the home folder (`~/.rpmmacros`,
    // whose `%(…)` runs shell code; `~/.gbp.conf`, whose hooks run;
    // `~/.wgetrc`, `~/.curlrc`): written, it changes what that program does
    // on every later run, the person's included.
    Protected {
        reason: HOME_SETTINGS,
        holds: |p| p.in_home.is_some_and(home_settings_file),
    },
];

/// Whether a path relative to home is a hidden settings file directly in
/// it, by the endings settings files have (`.xrc`, `.x.conf`, `.xmacros`,
/// `.x.toml`, `.x.sh`).
fn home_settings_file(rel: &str) -> bool {
    const ENDINGS: &[&str] = &[
        "rc", ".conf", ".cfg", ".ini", ".toml", ".yml", ".yaml", ".json", "macros", "config",
        "profile", "settings",
        // A hidden shell script in home is there to be sourced by a
        // start-up file (`~/.sapenv_host.sh`, `~/.p10k.zsh`).
        ".sh", ".bash", ".zsh", ".csh",
    ];
    if !rel.starts_with('.') {
        return false;
    }
    match rel.split_once('/') {
        None => ENDINGS
            .iter()
            .any(|e| rel.len() > e.len() + 1 && rel.ends_with(e)),
        // A program's start-up file in its own hidden folder, named as
        // such files are (`~/.gdal/gdalrc`, `~/.lftp/rc`): read on every
        // run, as `~/.xrc` is. (Not a cache's files.)
        Some((folder, name)) => {
            folder != ".cache"
                && (!name.contains('/')
                    && !name.starts_with('.')
                    && name.ends_with("rc")
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    || startup_script(name.rsplit('/').next().unwrap_or(name))
                    || tool_settings(folder, name))
        }
    }
}

/// Whether a file in a program's hidden folder of home is that program's
/// settings, by its name (`~/.irods/irods_environment.json`, which says
/// which server the client logs in to; `~/.colcon/defaults.yaml`;
/// `~/.foo/config`): directly in the folder, not in a data or package
/// folder. (`~/.config/<app>/` is left to the rows that know its tools:
/// a developer installs their own app's settings there.)
fn tool_settings(folder: &str, name: &str) -> bool {
    let file = match folder {
        ".config" | ".local" | ".npm" | ".rustup" | ".nvm" | ".pyenv" | ".vscode-server"
        | ".Trash" => {
            return false;
        }
        _ if name.contains('/') => return false,
        _ => name,
    };
    let (stem, ext) = file.rsplit_once('.').unwrap_or((file, ""));
    let stem = stem.to_ascii_lowercase();
    let says = |words: &[&str]| words.iter().any(|w| stem.contains(w));
    !stem.is_empty()
        && !stem.starts_with('.')
        && match ext {
            "conf" | "cfg" | "ini" | "toml" | "yml" | "yaml" | "properties" => true,
            "json" => says(&["config", "settings", "environment"]),
            "" => stem.ends_with("config") || stem.ends_with("settings"),
            _ => false,
        }
}

/// Whether a file in a program's hidden folder is named as the script it
/// runs when it starts (`~/.Xilinx/Vivado/Vivado_init.tcl`,
/// `~/.emacs.d/init.el`, `~/.julia/config/startup.jl`).
fn startup_script(file: &str) -> bool {
    let Some((stem, ext)) = file.rsplit_once('.') else {
        return false;
    };
    let stem = stem.to_ascii_lowercase();
    (stem == "init" || stem == "startup" || stem.ends_with("_init") || stem.ends_with("-init"))
        && matches!(
            ext,
            "tcl" | "lua" | "el" | "vim" | "py" | "rb" | "jl" | "js" | "sh" | "scm" | "gdb"
        )
}

/// Whether a path, with either slash, is in Windows's Startup folder.
fn windows_startup(path: &str) -> bool {
    let has = |needle: &[u8]| {
        path.as_bytes()
            .windows(needle.len())
            // The first letter alone first (the needles are lower-case
            // letters): most windows end there.
            .any(|w| w[0] | 0x20 == needle[0] && w.eq_ignore_ascii_case(needle))
    };
    // Most paths hold neither word at all: one scan each says so.
    if !has(b"startup") && !has(b"currentversion") && !has(b"currentcontrolset") {
        return false;
    }
    let path = path.to_ascii_lowercase().replace('\\', "/");
    path.contains("start menu/programs/startup") || registry_autostart(&path)
}

/// Whether a registry key (lowercased, with `/`) is one of Windows's
/// lists of what runs at every login (`HKCU\…\CurrentVersion\Run`,
/// `RunOnce`, the logon shell in `Winlogon`, the policies' `Run`, the
/// services started at boot, and Image File Execution Options, whose
/// debugger runs in place of a program): a value put there persists as a
/// startup file does.
fn registry_autostart(key: &str) -> bool {
    const RUN: &str = "microsoft/windows/currentversion/run";
    let runs = key.match_indices(RUN).any(|(i, _)| {
        let rest = &key[i + RUN.len()..];
        let name = rest.split('/').next().unwrap_or_default();
        matches!(name, "" | "once" | "onceex" | "services" | "servicesonce")
    });
    runs || key.contains("microsoft/windows nt/currentversion/winlogon")
        || key.contains("currentversion/policies/explorer/run")
        || key.contains("currentversion/image file execution options")
        || key.contains("currentcontrolset/services/")
}

/// macOS's folders of what starts at login or boot, below the root.
const LOGIN_ITEMS: &[&[&str]] = &[
    &["Library", "LaunchDaemons"],
    &["Library", "LaunchAgents"],
    &["Library", "StartupItems"],
    // Login and logout hooks (`LoginHook`), run as root.
    &["Library", "Preferences", "com.apple.loginwindow.plist"],
    &[
        "var",
        "root",
        "Library",
        "Preferences",
        "com.apple.loginwindow.plist",
    ],
];

/// The same below home: launch agents, the login items' own record, and
/// the login window's settings.
const LOGIN_ITEMS_IN_HOME: &[&str] = &[
    "Library/LaunchAgents",
    "Library/Application Support/com.apple.backgroundtaskmanagementagent",
    "Library/Preferences/com.apple.loginwindow.plist",
    "Library/Preferences/com.apple.loginitems.plist",
];

/// The settings of editors and desktop agents below home (`rel`): Claude
/// Desktop's config (its MCP servers are commands it runs), and the user
/// settings of VS Code, Cursor and Windsurf, where an agent's tools are
/// approved. Their folder names are compared in any case: that is how
/// macOS opens them, and elsewhere it only errs on the strict side.
fn in_app_settings(rel: &str) -> bool {
    const APPS: &[&str] = &[
        "Claude/claude_desktop_config.json",
        "Code/User/",
        "Code - Insiders/User/",
        "Cursor/User/",
        "Windsurf/User/",
    ];
    // Windows Terminal's profiles: each names the command a new tab runs.
    if strip_prefix_any_case(rel, "AppData/Local/Packages/Microsoft.WindowsTerminal")
        .is_some_and(|r| r.to_ascii_lowercase().contains("/localstate/"))
        || rel.eq_ignore_ascii_case("AppData/Local/Microsoft/Windows Terminal/settings.json")
    {
        return true;
    }
    let Some(app) = strip_prefix_any_case(rel, "Library/Application Support/")
        .or_else(|| strip_prefix_any_case(rel, ".config/"))
        // (Windows's, seen from WSL or Git Bash: `/mnt/c/Users/dana/AppData/Roaming/Code/User/`.)
        .or_else(|| strip_prefix_any_case(rel, "AppData/Roaming/"))
    else {
        return false;
    };
    APPS.iter().any(|a| match a.strip_suffix('/') {
        Some(folder) => {
            strip_prefix_any_case(app, folder).is_some_and(|r| r.is_empty() || r.starts_with('/'))
        }
        None => app.eq_ignore_ascii_case(a),
    })
}

/// `s` without `prefix`, which is compared in any (ASCII) case.
fn strip_prefix_any_case<'s>(s: &'s str, prefix: &str) -> Option<&'s str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// Files below home that a shell, an editor or a tool reads and runs at
/// its start: a line added there runs in the person's next session.
const STARTUP_FILES: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".profile",
    ".zshrc",
    ".zshenv",
    ".zprofile",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".cshrc",
    ".tcshrc",
    ".inputrc",
    ".config/fish/config.fish",
    ".xprofile",
    ".xinitrc",
    ".pam_environment",
    ".bash_aliases",
    ".bash_functions",
    ".bashrc.d",
    ".zlogin",
    ".mkshrc",
    ".config/environment.d",
    ".vimrc",
    ".exrc",
    ".gvimrc",
    ".emacs",
    ".tmux.conf",
    ".screenrc",
    ".curlrc",
    ".wgetrc",
    // Perforce's environment file: the server, user and editor every
    // `p4` uses (`P4EDITOR` runs a program).
    ".p4enviro",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pip/pip.conf",
    ".config/pip/pip.conf",
    ".pydistutils.cfg",
    ".cargo/config",
    ".cargo/config.toml",
    ".gemrc",
    // conda's channels and mamba's: where every later install comes from.
    ".condarc",
    ".mambarc",
    ".config/conda/condarc",
    ".config/starship.toml",
    ".config/direnv/direnvrc",
    ".direnvrc",
    // Tools' own start-up files that run commands or code.
    ".psqlrc",
    ".sqliterc",
    ".mongoshrc.js",
    ".mongorc.js",
    ".irbrc",
    ".pryrc",
    ".Rprofile",
    // Julia's start-up code, run at every `julia`.
    ".julia/config/startup.jl",
    ".gdbinit",
    ".lldbinit",
    ".pythonrc",
    ".pythonrc.py",
    ".mailcap",
    ".xsession",
    ".xsessionrc",
    ".ghci",
    ".sbclrc",
    ".guile",
    ".m2/settings.xml",
    ".gradle/gradle.properties",
    // Gradle's init script, run before every build.
    ".gradle/init.gradle",
    ".gradle/init.gradle.kts",
    ".bundle/config",
    ".xonshrc",
    ".login",
    ".logout",
    // Lmod's user rc, Lua run at every `module` command.
    ".modulerc",
    ".modulerc.lua",
    ".lmodrc.lua",
    // Nextflow's global config, Groovy evaluated at every run.
    ".nextflow/config",
];

/// Folders below home whose every file is read at a start, as above.
const STARTUP_DIRS: &[&str] = &[
    ".gradle/init.d/",
    // Nextflow's plugins, loaded into every pipeline run.
    ".nextflow/plugins/",
    // sbt's global settings and plugins, Scala compiled into every build.
    ".sbt/1.0/",
    ".sbt/0.13/",
    ".config/fish/conf.d/",
    ".config/fish/functions/",
    ".config/fish/completions/",
    ".config/zsh/",
    ".oh-my-zsh/custom/",
    ".bashrc.d/",
    ".config/environment.d/",
    ".config/nvim/",
    ".vim/plugin/",
    ".vim/autoload/",
    ".emacs.d/",
    ".config/tmux/",
    // Plasma's login and logout scripts, sourced or run by the session.
    ".config/plasma-workspace/env/",
    ".config/plasma-workspace/shutdown/",
    // GnuPG's settings name programs it runs (`pinentry-program`,
    // `scdaemon-program`) and the keys it trusts.
    ".gnupg/",
    // IPython's and Jupyter's profiles: `ipython_config.py`,
    // `jupyter_server_config.py` and start-up scripts are Python run at
    // every start.
    ".ipython/",
    ".jupyter/",
    ".config/git/",
    // Other shells' start-up folders: nushell's `config.nu` and `env.nu`,
    // elvish's `rc.elv`, PowerShell's profiles, xonsh's `rc.d`.
    ".config/nushell/",
    ".config/elvish/",
    ".elvish/",
    ".config/powershell/",
    ".config/xonsh/",
    ".config/ion/",
    // Editors' extensions: code the editor runs at its start.
    ".vscode/extensions/",
    ".vscode-server/extensions/",
    ".vscode-oss/extensions/",
    ".cursor/extensions/",
    ".windsurf/extensions/",
    // Media players' and file managers' scripts, loaded at each start
    // (mpv's Lua and JavaScript, VLC's Lua extensions, ranger's plugins).
    ".config/mpv/scripts/",
    ".local/share/vlc/lua/",
    ".config/ranger/plugins/",
];

/// Programs an agent and the person run all day: one of these names early
/// in PATH is run in their place.
const COMMON_PROGRAMS: &[&str] = &[
    "git", "ls", "cd", "cat", "sudo", "ssh", "scp", "rm", "cp", "mv", "sh", "bash", "zsh",
    "python", "python3", "pip", "pip3", "node", "npm", "npx", "pnpm", "yarn", "cargo", "rustc",
    "go", "make", "curl", "wget", "grep", "rg", "find", "sed", "awk", "docker", "kubectl", "gh",
    "code", "vim", "nvim", "less", "env", "askrisky", "claude", "codex", "gemini", "uv", "pytest",
    "java", "gcc", "cc", "clang", "tar", "gpg", "ps", "kill", "which", "id",
];

/// Files whose change alters what runs later or loosens a guard: shell
/// startup files, git hooks and config, cron, SSH access, agents' settings,
/// askrisky's own config and state, system config.
pub fn protected_reason(ctx: &Place, value: &str) -> Option<&'static str> {
    if value.starts_with(['$', '`'])
        && let Some(path) = in_python_site(value)
    {
        return protected_lexically(ctx, &path);
    }
    if let Some(reason) = protected_lexically(ctx, value) {
        return Some(reason);
    }
    if let Some(reason) = globbed::globbed_reason(ctx, value, |p| protected_lexically(ctx, p)) {
        return Some(reason);
    }
    // (Asked of every path: only one that starts with its computed part,
    // cheap to tell, is split.)
    if value.starts_with(['$', '`'])
        && let Some(reason) = named_in_unknown_folder(value)
    {
        return Some(reason);
    }
    let real = on_disk(ctx, value);
    real.as_deref()
        .and_then(|r| protected_lexically(ctx, r))
        .or_else(|| in_linked_git_dir(ctx, value, real.as_deref()).then_some(REPOSITORY))
}

/// Git's hooks by their names: a file so named in a folder known only
/// when the line runs is most likely one.
const HOOK_NAMES: &[&str] = &[
    "pre-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-rebase",
    "post-rewrite",
    "post-checkout",
    "post-merge",
    "pre-push",
    "pre-auto-gc",
    "reference-transaction",
    "fsmonitor-watchman",
];

/// A protected file's own name in a folder the line computes, named
/// first (`"$d/.bashrc"`, `"$(git rev-parse --git-path hooks)/post-checkout"`,
/// `` `dirname $0`/authorized_keys ``): the folder is known only when it
/// runs and may be the home or the repository's hooks, so the name
/// decides. A start-up file's name, a hook's, SSH's list of keys let in.
fn named_in_unknown_folder(value: &str) -> Option<&'static str> {
    // (Its caller asks only of a path that starts with `$` or a
    // backquote; no name below holds either.)
    let (_, name) = value.rsplit_once('/')?;
    if STARTUP_FILES.contains(&name) {
        Some("a shell startup file")
    } else if HOOK_NAMES.contains(&name) {
        Some("git hooks or config")
    } else if name == "authorized_keys" {
        Some("SSH access")
    } else {
        (name == ".gitconfig").then_some("git config")
    }
}

/// A path below the folder Python is asked for by a substitution
/// (`"$(python3 -m site --user-site)/x.pth"`, `` `python -c 'import
/// sysconfig; print(sysconfig.get_paths()["purelib"])'`/sitecustomize.py
/// ``), as a path in a site-packages folder: what Python runs at start.
fn in_python_site(value: &str) -> Option<String> {
    let (inner, rest) = match value.strip_prefix("$(") {
        Some(after) => {
            // The `)` that closes it (`print(site.getsitepackages()[0])`).
            let mut depth = 1usize;
            let end = after.find(|ch| {
                match ch {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })?;
            (&after[..end], &after[end + 1..])
        }
        None => value.strip_prefix('`')?.split_once('`')?,
    };
    (inner.contains("python")
        && [
            "-m site",
            "sitepackages",
            "purelib",
            "platlib",
            "get_python_lib",
        ]
        .iter()
        .any(|n| inner.contains(n)))
    .then(|| format!("~/.local/lib/python3/site-packages{rest}"))
}

/// The reason for a program's own settings file in the home folder
/// (`~/.rpmmacros`, `~/.gbp.conf`).
pub const HOME_SETTINGS: &str = "a program's settings in the home folder";

/// The reason for the system's own programs and libraries: writable only
/// by root, so a command as the person needs `sudo` (its own rule) to
/// change them; a known writer's write counts, a program that is handed
/// one (`getcap /usr/bin/ping`, `ldd /usr/lib/x.so`) most likely reads it.
pub const SYSTEM_FILES: &str = "system files";

/// [`protected_reason`] for the path as written, resolved lexically.
fn protected_lexically(ctx: &Place, value: &str) -> Option<&'static str> {
    let resolved = ctx.resolve(value);
    let seen = Seen::new(ctx, &resolved);
    PROTECTED
        .iter()
        .find(|row| (row.holds)(&seen))
        .map(|row| row.reason)
}

/// One kind of folder that protected files may be written into unseen.
struct Holder {
    /// What the folder is.
    reason: &'static str,
    /// Whether the resolved folder is one.
    holds: fn(&Place, &str) -> bool,
}

/// Folders that hold protected files, besides those protected themselves.
static HOLDERS: &[Holder] = &[
    Holder {
        reason: REPOSITORY,
        holds: |_, folder| folder.split('/').any(|p| p == ".git"),
    },
    Holder {
        reason: "a home, or a folder above one",
        holds: |ctx, folder| {
            ctx.home_str().is_some_and(|home| {
                home == folder || home.starts_with(&format!("{}/", folder.trim_end_matches('/')))
            })
        },
    },
    Holder {
        reason: "askrisky's own folders, or a folder above them",
        holds: |ctx, folder| {
            ctx.own_dirs
                .iter()
                .any(|own| ctx.resolve(&own.to_string_lossy()).starts_with(folder))
        },
    },
    Holder {
        reason: "a hidden folder of home or anything in one, or home's Library",
        holds: |ctx, folder| {
            ctx.in_home(folder)
                .is_some_and(|rel| rel.starts_with('.') || rel.starts_with("Library/"))
        },
    },
    Holder {
        reason: "the root",
        holds: |_, folder| folder == "/",
    },
    // A folder of programs on PATH or one above it (`cmake --install
    // build --prefix /usr/local`, `tar -C ~/.local -xf tool.tgz`): what
    // lands in its `bin` runs in place of what is typed.
    Holder {
        reason: "a folder of programs on PATH, or a folder above one",
        holds: |ctx, folder| {
            let folder = folder.trim_end_matches('/');
            ["/usr/local/bin", "/usr/local/sbin", "/opt/homebrew/bin"]
                .iter()
                .any(|d| at_or_below(d, folder))
                || ctx.in_home(folder).is_some_and(|rel| {
                    [
                        ".local/bin",
                        "bin",
                        ".cargo/bin",
                        "go/bin",
                        ".npm-global/bin",
                    ]
                    .iter()
                    .any(|d| at_or_below(d, rel))
                })
        },
    },
];

/// True when files of names only known at run time written into folder
/// `value` (an archive unpacked there, a patch applied) may land on a
/// protected file: the folder is the root, a home or above one, a dot
/// folder of home or anything in one (`~/.config`, `~/.claude`), a git
/// folder, or itself protected.
pub fn holds_protected(ctx: &Place, value: &str) -> bool {
    holds_protected_reason(ctx, value).is_some()
}

/// [`holds_protected`], with what the folder is.
fn holds_protected_reason(ctx: &Place, value: &str) -> Option<&'static str> {
    let resolved = ctx.resolve(value);
    protected_reason(ctx, value).or_else(|| {
        HOLDERS
            .iter()
            .find(|row| (row.holds)(ctx, &resolved))
            .map(|row| row.reason)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The startup row skips its lists for a path not starting with `.`.
    #[test]
    fn startup_files_and_folders_are_hidden() {
        for f in STARTUP_FILES.iter().chain(STARTUP_DIRS) {
            assert!(f.starts_with('.'), "{f}");
        }
    }

    /// A Windows drive as WSL, Git Bash and Cygwin mount it: what is
    /// below its system folders is the system's, a profile's startup
    /// files are a home's; the folders themselves and the rest of the
    /// drive are neither.
    #[test]
    fn a_windows_drive_seen_from_wsl() {
        let c = Place::example();
        for (v, want) in [
            (
                "/mnt/c/Windows/System32/drivers/etc/hosts",
                Some(SYSTEM_FILES),
            ),
            ("/c/Program Files/Git/etc/bash.bashrc", Some(SYSTEM_FILES)),
            ("/cygdrive/d/ProgramData/x.dll", Some(SYSTEM_FILES)),
            ("/mnt/c/windows/x", Some(SYSTEM_FILES)),
            ("/mnt/c/Windows", None),
            ("/mnt/c/Windows/", None),
            ("/mnt/c/tools/x.exe", None),
            ("/mnt/c/Users/dana/proj/x", None),
            ("/mnt/cd/Windows/x", None),
        ] {
            assert_eq!(protected_reason(&c, v), want, "{v}");
        }
        assert!(protected_reason(&c, "/mnt/c/Users/dana/.bashrc").is_some());
        assert!(protected_reason(&c, "/c/Users/dana/.bash_profile").is_some());
    }

    #[test]
    fn protected() {
        let c = Place::example();
        for v in [
            "~/.bashrc",
            "../.zshrc",
            ".git/hooks/pre-commit",
            ".git/config",
            "~/.config/askrisky/config.toml",
            "/home/user/.local/state/askrisky/log.jsonl",
            ".askrisky.toml",
            "/etc/hosts",
            "~/.ssh/authorized_keys",
            "~/.claude/settings.json",
            ".claude/settings.local.json",
            "/var/spool/cron/crontabs/user",
            "~/.config/fish/config.fish",
            "~/.gitconfig",
            "~/.codex/config.toml",
            ".codex/hooks.json",
            "~/.claude.json",
            ".gemini/settings.json",
            ".cursor/hooks.json",
            "~/.copilot/hooks/pre.json",
            ".github/hooks/hooks.json",
            "~/.config/fish/conf.d/x.fish",
            "~/.ssh",
            "~/.config/git/config",
            "~/.config/systemd/user/x.service",
            "~/.config/autostart/x.desktop",
            "~/Library/LaunchAgents/x.plist",
            "/Library/LaunchDaemons/x.plist",
            "/Library/LaunchAgents/x.plist",
            "~/.claude/projects/x/s.jsonl",
            "~/.claude/commands/ship.md",
            "~/.claude/agents/reviewer.md",
            "~/.claude/skills/deploy/SKILL.md",
            "~/.codex/prompts/release.md",
            "~/.gemini/commands/ship.toml",
            "~/.codex/sessions/2026/r.jsonl",
            "~/.gemini/tmp/h/chats/c.json",
            ".git/info/exclude",
            ".git",
            "sub/.git",
            ".husky/pre-commit",
            "~/.local/lib/python3.12/site-packages/x.pth",
            "/usr/lib/python3/dist-packages/sitecustomize.py",
            "/proc/sys/kernel/core_pattern",
            "/sys/class/x",
            "~/.bash_aliases",
            "~/.config/fish/functions/ls.fish",
            "~/.cargo/config.toml",
            "~/.local/bin/git",
            "~/bin/sudo",
            "~/.vimrc",
            "~/.local/bin/mytool",
            "/usr/local/bin/kubectl",
            "/srv/git/app.git/hooks/post-receive",
            "repos/site.git/config",
            "/home/dev/.bash_profile",
            "/root/.profile",
            "~/.irods/irods_environment.json",
            "~/.colcon/defaults.yaml",
            "~/.foo/config",
            "~/.gradle/gradle.properties",
        ] {
            assert!(protected_reason(&c, v).is_some(), "{v}");
        }
        for v in [
            "notes.txt",
            "~/.foo/data.json",
            "~/.foo/sub/config.toml",
            "~/.local/state.toml",
            "~/.config/myapp/config.toml",
            "~/.cache/x.ini",
            "~/.foo/.hidden.toml",
            "src/main.rs",
            "~/project/.bashrc.bak",
            ".github/workflows/ci.yml",
            "/tmp/x",
            "docs/.git-guide",
            "/srv/git/app.git/description",
            "/srv/www/hooks/config",
            "/var/tmp/x",
            "/opt/spool/x",
            "config",
            "config.toml",
            ".codex/notes.md",
            "hooks.json",
            ".gemini/notes.md",
            ".cursor/rules.md",
            "~/.config/fish/functions.md",
            "~/Library/Caches/x",
            "/Library/Fonts/x.ttf",
            "~/.claude/notes.md",
            "docs/git.md",
            "model.pth",
            "~/bin",
            "~/.local/bin",
            "/proc/cpuinfo",
        ] {
            assert!(protected_reason(&c, v).is_none(), "{v}");
        }
    }

    #[test]
    fn folders_that_hold_protected_files() {
        let c = Place::example();
        for v in [
            "~",
            "/home",
            "/",
            "~/.config",
            "~/.claude",
            ".git",
            "/etc",
            "~/Library/x",
        ] {
            assert!(holds_protected(&c, v), "{v}");
        }
        for v in ["vendor", ".", "/tmp/x", "~/project/build"] {
            assert!(!holds_protected(&c, v), "{v}");
        }
        // Home and above, also with none of askrisky's folders in them.
        let bare = Place {
            own_dirs: Vec::new(),
            ..Place::example()
        };
        for v in ["~", "/home", "/home/"] {
            assert!(holds_protected(&bare, v), "{v}");
        }
        assert!(!holds_protected(&bare, "/home/other"));
    }

    #[test]
    fn macos_login_items_cron_and_app_settings() {
        let c = Place::example();
        for v in [
            "/Library/StartupItems/x/x",
            "~/Library/Application Support/com.apple.backgroundtaskmanagementagent/backgrounditems.btm",
            "/Library/Preferences/com.apple.loginwindow.plist",
            "/private/var/root/Library/Preferences/com.apple.loginwindow.plist",
            "~/Library/Preferences/com.apple.loginitems.plist",
            "~/Library/Application Support/Claude/claude_desktop_config.json",
            "~/Library/Application Support/Code/User/settings.json",
            "~/Library/Application Support/Cursor/User/mcp.json",
            "~/.config/Code/User/settings.json",
            "~/.config/Claude/claude_desktop_config.json",
            "/private/var/at/tabs/user",
            "/var/at/tabs/user",
            "/private/etc/sudoers",
        ] {
            assert!(protected_reason(&c, v).is_some(), "{v}");
        }
        for v in [
            "~/Library/Application Support/Code/logs/x.log",
            "~/Library/Application Support/Claude/notes.json",
            "~/Library/Application Support/Codex/x",
            "~/Library/Caches/x",
            "/Library/Fonts/x.ttf",
            "~/Library/LaunchAgentsX",
            "/private/tmp/x",
        ] {
            assert!(protected_reason(&c, v).is_none(), "{v}");
        }
    }

    #[test]
    fn windows_startup_folder_and_registry_run_keys() {
        let c = Place::example();
        for v in [
            "/mnt/c/Users/me/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/x.bat",
            "%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs\\Startup",
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run",
            "HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\RunOnce",
            "HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\sync",
            "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon",
            "HKLM\\SYSTEM\\CurrentControlSet\\Services\\x",
            "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Image File Execution Options\\notepad.exe",
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Policies\\Explorer\\Run",
        ] {
            assert_eq!(
                protected_reason(&c, v),
                Some("programs started at login"),
                "{v}"
            );
        }
        for v in [
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer",
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Runtime",
            "HKCU\\Software\\Acme\\Run",
            "HKLM\\SYSTEM\\CurrentControlSet\\Control",
            "docs/startup.md",
        ] {
            assert_eq!(protected_reason(&c, v), None, "{v}");
        }
    }

    /// Where the file system folds case, a protected file written in
    /// other case is still that file; where it does not, it is another.
    #[test]
    fn protected_files_in_any_case_where_case_folds() {
        let folded = Place::example_case_insensitive();
        let exact = Place::example();
        for v in [
            "~/.BASHRC",
            "~/.ZshRc",
            "~/library/launchagents/x.plist",
            "~/LIBRARY/LAUNCHAGENTS/x.plist",
            "/LIBRARY/LaunchDaemons/x.plist",
            ".GIT/hooks/pre-commit",
            ".git/HOOKS/pre-commit",
            "~/.SSH/authorized_keys",
            "~/.CLAUDE/settings.json",
            "/ETC/hosts",
            ".ASKRISKY.toml",
            "~/.Config/AskRisky/config.toml",
            "~/LIBRARY/application support/CLAUDE/claude_desktop_config.json",
            "/Private/Var/At/tabs/user",
        ] {
            assert!(protected_reason(&folded, v).is_some(), "{v}");
        }
        for v in [
            "~/.BASHRC",
            "~/library/launchagents/x.plist",
            ".ASKRISKY.toml",
        ] {
            assert!(protected_reason(&exact, v).is_none(), "{v}");
        }
        for v in ["notes.txt", "~/.bashrc.bak", "~/Library/Caches/x"] {
            assert!(protected_reason(&folded, v).is_none(), "{v}");
        }
    }
}
