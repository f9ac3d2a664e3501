//! A content system's site changed through its own console: WordPress's
//! `wp`, Drupal's `drush`, Magento's `bin/magento`.
//!
//! The threat this stops: these consoles run on the server that serves
//! the site, against the site's own database, which is most often the
//! live one. A plugin updated, a setting flipped (`wp option update
//! blog_public 0` hides the site from search engines), configuration
//! imported over what an editor changed, a schema upgraded or an
//! administrator made are changes to something beyond the project, with
//! no undo; none of them says `delete`. Their caches, lists, checks,
//! exports and scaffolds change nothing anyone would miss.

use super::cmd::Cmd;

/// Parts of a console command (split at `:`) that change the site.
const CHANGES: &[&str] = &[
    "activate",
    "add",
    "add-cap",
    "add-role",
    "archive",
    "block",
    "create",
    "deploy",
    "disable",
    "enable",
    "generate",
    "import",
    "install",
    "password",
    "patch",
    "remove-cap",
    "remove-role",
    "rollback",
    "run",
    "set",
    "set-role",
    "spam",
    "toggle",
    "unblock",
    "unlock",
    "update",
    "update-db",
    "updatedb",
    "upgrade",
];

/// Drush's short names for commands that change the site (`cim` is
/// `config:import`, `updb` is `updatedb`, `en` is `pm:enable`).
const DRUSH_ALIASES: &[&str] = &[
    "cim", "cset", "cdel", "updb", "en", "in", "sset", "sdel", "ucrt", "upwd", "urol", "urrol",
    "ublk", "uublk", "then", "si", "mim", "mr", "scr", "cron",
];

/// wp's words that only look (`wp option get`, `wp plugin list`): the
/// command's name ends there, and what follows is data.
const LOOKS: &[&str] = &[
    "get",
    "list",
    "status",
    "check",
    "verify-checksums",
    "is-installed",
    "is-active",
    "path",
    "search",
    "exists",
    "count",
    "describe",
    "pluck",
    "version",
    "export",
];

/// Whether the command changes a content system's site.
pub(super) fn changes_site(c: &Cmd<'_>) -> bool {
    let words = c.operands();
    let word = |i: usize| words.get(i).map(|w| w.value.as_str());
    // A `match`: asked of every command.
    let changes = match c.name.as_str() {
        // `wp <group> [<group>] <verb> [data]`: read up to the verb.
        // (An alias of a site first: `wp @prod option update`.)
        "wp" => words
            .iter()
            .map(|w| w.value.as_str())
            .skip_while(|w| w.starts_with('@'))
            .take(3)
            .take_while(|w| !LOOKS.contains(w))
            .any(|w| CHANGES.contains(&w)),
        // `drush [@site] <command>`.
        "drush" => words
            .iter()
            .map(|w| w.value.as_str())
            .find(|w| !w.starts_with('@'))
            .is_some_and(|w| DRUSH_ALIASES.contains(&w) || changing_command(w)),
        "magento" => word(0).is_some_and(magento_changes),
        // (php's own options before the script: `php -d
        // memory_limit=-1 bin/magento setup:upgrade`.)
        "php" => {
            if let Some(script) = words
                .iter()
                .filter(|w| w.value.contains("admin/"))
                .find_map(|w| w.value.rsplit_once("/cli/").map(|(_, s)| s))
            {
                return moodle_changes(c, script);
            }
            words
                .iter()
                .position(|w| w.value.ends_with("bin/magento"))
                .and_then(|at| word(at + 1))
                .is_some_and(magento_changes)
        }
        _ => return false,
    };
    // Rehearsals change nothing (`wp plugin update --all --dry-run`,
    // `drush … --simulate`).
    changes && !c.rehearses_by(&["--dry-run", "--simulate"])
}

/// A `group:verb` (or `group-verb`, drush's older spelling) whose verb,
/// its last part, changes the site (`config:import`, `config-import`,
/// `deploy:mode:set`; not `deploy:mode:show`).
fn changing_command(word: &str) -> bool {
    let last = word.rsplit(':').next().unwrap_or(word);
    CHANGES.contains(&last)
        || last
            .rsplit('-')
            .next()
            .is_some_and(|p| CHANGES.contains(&p))
}

/// Magento's commands that change the store, but not its static files
/// built for serving (`setup:static-content:deploy`, read as a build).
fn magento_changes(word: &str) -> bool {
    !word.starts_with("setup:static-content") && changing_command(word)
}

/// Whether a Moodle admin script (`admin/cli/…`, `admin/tool/…/cli/…`)
/// changes the site (`php admin/cli/
/// maintenance.php --enable` takes it offline, `upgrade.php` upgrades
/// its database, `mysql_collation.php --collation=…` converts every
/// table); its listings and reports only look (`--list`, `--is-pending`,
/// `cfg.php --name=x`). Scripts named for what they destroy are read by
/// their names as any program's are.
fn moodle_changes(c: &Cmd<'_>, script: &str) -> bool {
    let has = |options: &[&str]| {
        c.values().any(|v| {
            options
                .iter()
                .any(|o| v == *o || v.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        })
    };
    if has(&["--help", "-h"]) {
        return false;
    }
    match script {
        "maintenance.php" => has(&["--enable", "--enablelater", "--enableold", "--disable"]),
        "upgrade.php" | "install.php" | "install_database.php" => !has(&["--is-pending"]),
        "mysql_collation.php" => has(&["--collation"]),
        "mysql_engine.php" => has(&["--engine"]),
        "mysql_compressed_rows.php" | "fix_course_sequence.php" => has(&["--fix"]),
        "cfg.php" => has(&["--set", "--unset"]),
        "reset_password.php" | "kill_all_sessions.php" => true,
        // A scheduled or queued task run now on the live site
        // (`admin/tool/task/cli/schedule_task.php --execute='\core\task\…'`).
        "schedule_task.php" | "adhoc_task.php" => has(&["--execute"]),
        _ => false,
    }
}
