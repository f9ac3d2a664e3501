//! Clouds, clusters and databases: the commands that delete their
//! resources or drop their data (the cloud pack, which the person's own
//! config may turn off).
//!
//! `kubectl delete ns prod`, `terraform destroy` and `psql -c 'DROP TABLE
//! users'` reach far past the machine, and no undo brings them back.

use super::cmd::Cmd;

/// Whether a cloud, cluster or container CLI deletes resources (the
/// cloud pack's `cloud.destroy`).
pub(super) fn destroys(c: &Cmd<'_>) -> bool {
    // Any destroying verb of a cloud or cluster tool (`aws ecr
    // batch-delete-image`, `az vm deallocate`, `fly secrets unset`,
    // `nomad job stop -purge`).
    if super::verbs::verb(c) == Some((super::verbs::Does::Destroys, true)) {
        return true;
    }
    // The cloud and cluster tools, and the container engines.
    if !(c.is_among(&super::verbs::CLOUD_SET)
        || c.is(&[
            "docker",
            "podman",
            "nerdctl",
            "docker-compose",
            "podman-compose",
        ]))
    {
        return false;
    }
    // A rehearsal or a preview deletes nothing (`kubectl delete
    // --dry-run=client`, `helm uninstall --dry-run`, `aws s3 rm --dryrun`).
    if super::dryrun::rehearses_as(&c.name, c.args()) {
        return false;
    }
    let ops: Vec<&str> = c.operands().iter().map(|w| w.value.as_str()).collect();
    let has = |w: &str| ops.contains(&w);
    let first = ops.first().copied().unwrap_or("");
    match c.name.as_str() {
        "kubectl" | "oc" | "k3s" | "microk8s.kubectl" => {
            ops.iter().any(|w| matches!(*w, "delete" | "drain"))
        }
        "helm" => ops
            .iter()
            .any(|w| matches!(*w, "uninstall" | "delete" | "del" | "un")),
        "terraform" | "tofu" | "terragrunt" => {
            has("destroy")
                || (has("apply") && c.flag(&["-destroy", "--destroy"]))
                || (has("state") && (has("rm") || has("replace-provider")))
                || (has("workspace") && has("delete"))
        }
        "pulumi" | "cdk" | "cdktf" => has("destroy") || (has("stack") && has("rm")),
        "serverless" | "sls" => has("remove"),
        "aws" => {
            let s3_rm = ops.windows(2).any(|w| {
                w[0] == "s3" && matches!(w[1], "rm" | "rb")
                    || w[0] == "s3" && w[1] == "sync" && c.flag(&["--delete"])
            });
            s3_rm
                || ops.iter().any(|w| {
                    [
                        "delete-",
                        "terminate-",
                        "remove-",
                        "deregister-",
                        "purge-",
                        "destroy-",
                    ]
                    .iter()
                    .any(|p| w.starts_with(p))
                })
        }
        "gcloud" | "az" | "doctl" | "linode-cli" | "hcloud" | "ibmcloud" | "oci" | "firebase"
        | "netlify" | "vercel" => ops.iter().any(|w| {
            matches!(*w, "delete" | "remove" | "rm" | "destroy" | "purge") || w.ends_with(":delete")
        }),
        "gsutil" => matches!(first, "rm" | "rb") || (first == "rsync" && c.flag(&["-d"])),
        "flyctl" | "fly" => has("destroy"),
        "heroku" => ops.iter().any(|w| w.ends_with(":destroy")),
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose" => {
            let compose_down = (c.is(&["docker-compose", "podman-compose"]) || has("compose"))
                && has("down")
                && c.flag(&["-v", "--volumes", "--rmi"]);
            compose_down
                || (has("volume") && ops.iter().any(|w| matches!(*w, "rm" | "prune")))
                || (has("system") && has("prune") && c.flag(&["--volumes"]))
                // `-a`: every image no container uses, also those built
                // here and never pushed, and every stopped container.
                || ((has("system") || has("image")) && has("prune") && c.flag(&["-a", "--all"]))
                // `podman system reset` removes every container, image and
                // volume.
                || (has("system") && has("reset"))
                // A container removed with `-v` takes its anonymous
                // volumes, the data it kept, with it.
                || ((first == "rm" || (first == "container" && ops.get(1) == Some(&"rm")))
                    && c.flag(&["-v", "--volumes"]))
        }
        _ => false,
    }
}

/// Whether a cloud or cluster tool deploys or changes what runs there
/// (`terraform apply`, `helm install`, `kubectl scale`, `heroku
/// releases:rollback`): the cloud pack's `cloud.deploy`.
pub(super) fn deploys(c: &Cmd<'_>) -> bool {
    super::verbs::verb(c) == Some((super::verbs::Does::Deploys, true))
        || changes_production_db(c)
        || queue_manager_fed_unseen(c)
}

/// Whether IBM MQ's console is fed commands it cannot show (a file not on
/// disk, another program's output: `dmpmqcfg -m QM1 -x all | runmqsc
/// QM2`) and told to run them: the queue manager's objects are defined,
/// changed or deleted as they say. `-v` only checks them.
fn queue_manager_fed_unseen(c: &Cmd<'_>) -> bool {
    c.name == "runmqsc" && fed_unseen(c) && !c.flag(&["-v"])
}

/// Whether a command reads stdin whose text is not known: another
/// program's output, a redirected file not on disk.
fn fed_unseen(c: &Cmd<'_>) -> bool {
    let cmd = &c.command;
    cmd.stdin_text.is_none()
        && (!cmd.upstream.is_empty()
            || cmd.stdin_dynamic
            || cmd.redirects.iter().any(|r| r.op.reads()))
}

/// SQL words that change data or its shape.
const SQL_CHANGES: &[&str] = &[
    "insert", "update", "delete", "alter", "create", "drop", "truncate", "grant", "revoke",
    "merge", "replace", "rename", "copy", "call", "do",
];

/// Whether a database client connected to a database named for
/// production (`$PROD_DATABASE_URL`, `-h db.prod.internal`, `prod-db`)
/// runs SQL it cannot show (from a file, a pipe or a redirection: `npx
/// prisma migrate diff … --script | psql "$PROD_DATABASE_URL"`) or SQL
/// that changes data: what changes there, for everyone, is known only
/// when it runs. A query that only reads stays clear.
fn changes_production_db(c: &Cmd<'_>) -> bool {
    // Database clients, whose words name the database they connect to.
    if !c.is_sql_client() {
        return false;
    }
    let production = |v: &str| {
        v.split(|ch: char| !ch.is_ascii_alphanumeric()).any(|t| {
            matches!(
                t.to_ascii_lowercase().as_str(),
                "prod" | "production" | "prd"
            )
        })
    };
    if !c.args().iter().any(|w| production(&w.value)) {
        return false;
    }
    let cmd = &c.command;
    // A plan shown (`EXPLAIN DELETE …`) runs nothing; `EXPLAIN ANALYZE`
    // runs the statement to time it.
    let changes = |sql: &str| {
        sql.split(';').any(|statement| {
            let statement = statement.trim().to_ascii_lowercase();
            let words = || statement.split(|ch: char| !ch.is_ascii_alphanumeric() && ch != '_');
            let planned = statement.starts_with("explain")
                && !words().any(|t| matches!(t, "analyze" | "analyse"));
            !planned && words().any(|t| SQL_CHANGES.contains(&t))
        })
    };
    let unseen = fed_unseen(c)
        || !c
            .option_values(&["-f", "--file", "-i", "--input", "--source"])
            .is_empty();
    let code = c.option_values(&[
        "-c",
        "--command",
        "-e",
        "--execute",
        "--eval",
        "-q",
        "--query",
        "-Q",
    ]);
    unseen || code.iter().any(|q| changes(q)) || cmd.stdin_text.as_deref().is_some_and(changes)
}

/// Programs whose words are text, not statements they send anywhere.
fn is_data_program(name: &str) -> bool {
    // A `match`: asked of every command, it settles most by length.
    matches!(
        name,
        "echo"
            | "printf"
            | "git"
            | "grep"
            | "rg"
            | "sed"
            | "awk"
            | "cat"
            | "tee"
            | "jq"
            | "yq"
            | "gh"
            | "glab"
            | "notify-send"
            | "logger"
            | "say"
            | "mail"
            | "sqlfluff"
            | "pg_format"
            | "sql-formatter"
            | "python"
            | "python3"
            | "node"
            | "ruby"
            | "perl"
            | "bash"
            | "sh"
            | "zsh"
    )
}

/// Whether a database client runs SQL (or a command) that drops or
/// empties a database, schema or table (the cloud pack's `db.destroy`).
pub(super) fn db_destroys(c: &Cmd<'_>) -> bool {
    // (RMAN's words are its own, not SQL: read below first.)
    if c.name != "rman"
        && let Some((sql, _)) = client_sql(c)
    {
        return sql.iter().any(|s| sql_destroys(s));
    }
    match c.name.as_str() {
        // Oracle's Data Pump told to replace or empty the tables it finds
        // (`impdp … table_exists_action=REPLACE`).
        "impdp" => c.values().any(|v| {
            v.split_once('=').is_some_and(|(k, v)| {
                k.eq_ignore_ascii_case("table_exists_action")
                    && (v.eq_ignore_ascii_case("replace") || v.eq_ignore_ascii_case("truncate"))
            })
        }),
        // IBM MQ's console told to delete or empty a queue, a channel, a
        // topic (`echo "CLEAR QLOCAL('DLQ')" | runmqsc QM1`).
        // RMAN's backups and archived logs deleted (`DELETE NOPROMPT
        // EXPIRED ARCHIVELOG ALL;`).
        "runmqsc" | "rman" => c.command.stdin_text.as_ref().is_some_and(|t| {
            t.split(['\n', ';']).any(|l| {
                let first = l.split_whitespace().next().unwrap_or_default();
                ["DELETE", "CLEAR", "PURGE"]
                    .iter()
                    .any(|k| first.eq_ignore_ascii_case(k))
            })
        }),
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            let words: Vec<String> = c.values().map(str::to_ascii_uppercase).collect();
            // Keys deleted by name (`DEL sessions`, `UNLINK`), or all;
            // members and entries taken out; the server stopped.
            let deletes = |v: &str| {
                matches!(
                    v,
                    "FLUSHALL"
                        | "FLUSHDB"
                        | "DEL"
                        | "UNLINK"
                        | "GETDEL"
                        | "XDEL"
                        | "XTRIM"
                        | "HDEL"
                        | "SREM"
                        | "ZREM"
                        | "LREM"
                        | "LTRIM"
                        | "SWAPDB"
                        | "SHUTDOWN"
                )
            };
            words.iter().any(|v| deletes(v))
                // The same called by a script the server runs (`EVAL "…
                // redis.call('del', k) …" 0`).
                || words.iter().any(|v| {
                    v.split("REDIS.").skip(1).any(|call| {
                        call.strip_prefix("PCALL(")
                            .or_else(|| call.strip_prefix("CALL("))
                            .is_some_and(|args| {
                                let name = args.trim_start_matches([' ', '\'', '"']);
                                deletes(
                                    name.split(|ch: char| !ch.is_ascii_alphabetic())
                                        .next()
                                        .unwrap_or_default(),
                                )
                            })
                    })
                })
                // A stream's consumer group destroyed, scripts and functions
                // flushed, a node reset or forgotten, a user deleted, the
                // server's settings changed (`CONFIG SET dir …` writes
                // where it is told), a cluster's slots moved.
                || words.windows(2).any(|w| {
                    matches!(
                        (w[0].as_str(), w[1].as_str()),
                        ("XGROUP", "DESTROY" | "DELCONSUMER")
                            | ("SCRIPT" | "FUNCTION", "FLUSH" | "DELETE")
                            | ("CLUSTER", "RESET" | "FORGET" | "FLUSHSLOTS")
                            | ("ACL", "DELUSER")
                            | ("CONFIG", "SET")
                            | ("--CLUSTER", "FIX" | "DEL-NODE" | "RESHARD" | "REBALANCE")
                    )
                })
                || c.command
                    .stdin_text
                    .as_ref()
                    .is_some_and(|t| t.to_ascii_uppercase().contains("FLUSH"))
        }
        "mongo" | "mongosh" => {
            let mut v: Vec<String> = c
                .option_values(&["--eval"])
                .into_iter()
                .map(str::to_owned)
                .collect();
            v.extend(c.command.stdin_text.clone());
            v.iter().any(|code| {
                ["dropDatabase", ".drop(", "deleteMany({})", "remove({})"]
                    .iter()
                    .any(|t| code.contains(t))
            })
        }
        "dropdb" | "dropuser" => true,
        // A repair rebuilds tables in place, dropping the rows it cannot
        // read (`mysqlcheck --auto-repair --all-databases`).
        "mysqlcheck" | "mariadb-check" => c.flag(&["-r", "--repair", "--auto-repair"]),
        // pg_restore's `--clean` drops each object before it restores it,
        // into the database `-d` names (without one it prints a script).
        "pg_restore" => {
            c.flag(&["-c", "--clean"]) && !c.flag(&["-l", "--list"]) && c.flag(&["-d", "--dbname"])
        }
        // PostgreSQL's server tools that rewrite or delete a cluster's
        // files: a data folder rewound to another server's timeline,
        // archived WAL deleted, an upgrade that links the old cluster's
        // files (it cannot be started again). Their rehearsals only list.
        "pg_rewind" => !c.rehearses_by(&["-n", "--dry-run"]),
        "pg_archivecleanup" => !c.rehearses_by(&["-n"]),
        "pg_upgrade" => {
            c.flag(&["-k", "--link", "--clone", "--swap"]) && !c.rehearses_by(&["-c", "--check"])
        }
        // Flyway told it may drop the schema when validation fails.
        "flyway" => {
            return c
                .values()
                .any(|v| v.eq_ignore_ascii_case("-cleanOnValidationError=true"))
                && !c
                    .values()
                    .any(|v| v.eq_ignore_ascii_case("-cleanDisabled=true"));
        }
        "mysqladmin" => c
            .operands()
            .iter()
            .any(|w| w.value.eq_ignore_ascii_case("drop")),
        _ => sql_in_words(c, sql_destroys),
    }
}

/// Whether any other client is handed SQL in a word that `says` yes to
/// (`cqlsh -e`, `wrangler d1 execute --command`, `bq query`, `snowsql
/// -q`): the SQL is read the same way, wherever it stands. Programs whose
/// words are text (`echo`, `git commit -m`) are not clients. (A table
/// named by a variable is still dropped: `DROP TABLE $t`. A rehearsal
/// runs none of it: `pt-online-schema-change --alter 'DROP COLUMN x'
/// --dry-run`; asked only once SQL is found.)
fn sql_in_words(c: &Cmd<'_>, says: fn(&str) -> bool) -> bool {
    (!is_data_program(&c.name)
        && c.args().iter().filter(|w| w.value.contains(' ')).any(|w| {
            says(
                w.value
                    .split_once('=')
                    .filter(|(k, _)| k.starts_with('-'))
                    .map_or(&w.value, |(_, v)| v),
            )
        })
        || c.command
            .stdin_text
            .as_deref()
            .is_some_and(|fed| sql_on_stdin(c, fed, says)))
        && !super::dryrun::dry_run(&c.name, c.args(), false)
}

/// The SQL a database client is handed in its options or on stdin, and
/// whether the database is a server's (not a file here: `sqlite3 app.db`,
/// `duckdb x.duckdb`).
fn client_sql(c: &Cmd<'_>) -> Option<(Vec<String>, bool)> {
    let (mut sql, server): (Vec<String>, bool) = match c.name.as_str() {
        "psql" | "cockroach" | "clickhouse-client" | "duckdb" | "sqlcmd" => (
            c.option_values(&["-c", "--command", "-q", "--query", "-Q"])
                .into_iter()
                // (CockroachDB's `sql -e`/`--execute`, as often given twice.)
                .chain(if c.name == "cockroach" {
                    c.option_values(&["-e", "--execute"])
                } else {
                    Vec::new()
                })
                .map(str::to_owned)
                .collect(),
            c.name != "duckdb",
        ),
        "mysql" | "mariadb" => (
            c.option_values(&["-e", "--execute"])
                .into_iter()
                .map(str::to_owned)
                .collect(),
            true,
        ),
        "sqlite3" | "sqlite" => (
            c.operands()
                .iter()
                .skip(1)
                .map(|w| w.value.clone())
                .collect(),
            false,
        ),
        // Oracle's and Db2's consoles: SQL on stdin (`sqlplus -s
        // system@pdb <<< 'DROP USER app CASCADE;'`), or in Db2's words.
        "sqlplus" | "rman" | "clpplus" | "isql" => (Vec::new(), true),
        "db2" => (c.operands().iter().map(|w| w.value.clone()).collect(), true),
        _ => return None,
    };
    sql.extend(c.command.stdin_text.clone());
    Some((sql, server))
}

/// Whether a database server is told to delete, change or replace rows
/// (`mysql wp_live -e "DELETE FROM wp_comments WHERE …"`, `bq query
/// 'UPDATE ds.users SET …'`): however few, they are gone from a database
/// others use. A file database here (`sqlite3 app.db`) and a plan
/// (`EXPLAIN DELETE …`) are not; a dump replayed into MySQL drops and
/// recreates each table it holds (`mysqldump shop | mysql -h db2 shop`).
pub(super) fn db_changes_rows(c: &Cmd<'_>) -> bool {
    // Data Pump's import writes what its dump holds into the database
    // (`impdp system@pdb schemas=HR …`); with `sqlfile=` it only writes
    // the statements to a file.
    if c.name == "impdp" {
        return !c.args().is_empty()
            && !c.values().any(|v| {
                v.split_once('=')
                    .is_some_and(|(k, _)| k.eq_ignore_ascii_case("sqlfile"))
                    || v.eq_ignore_ascii_case("help=y")
            });
    }
    if let Some((sql, server)) = client_sql(c) {
        let undone = |s: &str| matches!(c.name.as_str(), "psql" | "sqlcmd") && rolled_back(s);
        return server
            && (sql.iter().any(|s| sql_changes_rows(s) && !undone(s))
                || matches!(c.name.as_str(), "mysql" | "mariadb")
                    && c.command
                        .upstream
                        .iter()
                        .any(|u| matches!(u.as_str(), "mysqldump" | "mariadb-dump")));
    }
    sql_in_words(c, sql_changes_rows)
}

/// Whether a query console no other reading covers is fed SQL on stdin
/// (`fed`) that `says` yes to (`echo 'DROP MEASUREMENT pmu_debug' | influx -host
/// hist-02 -database scada`, `beeline -u … <<< 'TRUNCATE TABLE t'`): it
/// runs what it reads, as when the statement is its option's.
fn sql_on_stdin(c: &Cmd<'_>, fed: &str, says: fn(&str) -> bool) -> bool {
    c.query_console().is_some() && says(fed)
}

/// Whether SQL is one transaction its last statement takes back (`BEGIN;
/// DELETE FROM t WHERE …; ROLLBACK;`, to see what a change would touch):
/// nothing in it is committed, and no statement commits by itself. Asked
/// only of PostgreSQL's and SQL Server's clients: MySQL's tables without
/// transactions keep a rolled-back delete.
fn rolled_back(sql: &str) -> bool {
    let text = unquoted(sql).to_ascii_uppercase();
    let statements: Vec<&str> = text
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let word = |s: &str| s.split_whitespace().next().unwrap_or_default().to_owned();
    let [first, between @ .., last] = &statements[..] else {
        return false;
    };
    matches!(word(first).as_str(), "BEGIN" | "START")
        && word(last) == "ROLLBACK"
        && !last.contains(" TO ")
        // (A procedure may commit what came before it: `EXEC`, `CALL`.)
        && between.iter().all(|s| {
            !matches!(
                word(s).as_str(),
                "BEGIN"
                    | "START"
                    | "COMMIT"
                    | "END"
                    | "ROLLBACK"
                    | "SAVEPOINT"
                    | "RELEASE"
                    | "PREPARE"
                    | "VACUUM"
                    | "COPY"
                    | "DO"
                    | "CALL"
                    | "EXEC"
                    | "EXECUTE"
                    | "GO"
                    | "\\"
            )
        })
        && !text.contains("\\")
        && !text.contains("DBLINK")
}

/// Whether SQL deletes or changes rows, whatever its `WHERE`: `DELETE
/// FROM`, `UPDATE t SET`, `MERGE INTO`, `REPLACE INTO`. Text in quotes is
/// not SQL.
fn sql_changes_rows(sql: &str) -> bool {
    // Cheap first, and asked of any word with a blank: most hold none of
    // these, in any case.
    if !["DELETE", "UPDATE", "MERGE", "REPLACE"]
        .iter()
        .any(|k| crate::util::contains_ignore_case(sql, k))
    {
        return false;
    }
    unquoted(sql).split(';').any(|statement| {
        let all: Vec<&str> = statement.split_whitespace().collect();
        let Some(words) = run_statement(&all) else {
            return false;
        };
        let starts = |a: &str, b: &str| words.first() == Some(&a) && words.get(1) == Some(&b);
        starts("DELETE", "FROM")
            || words.first() == Some(&"UPDATE") && words.get(2) == Some(&"SET")
            || starts("MERGE", "INTO")
            || starts("REPLACE", "INTO")
            // ClickHouse's mutations (`ALTER TABLE t DELETE WHERE …`,
            // `ALTER TABLE t ON CLUSTER c UPDATE x = 0 WHERE …`).
            || starts("ALTER", "TABLE")
                && words
                    .windows(2)
                    .any(|p| p[0] == "DELETE" && p[1] == "WHERE" || p[0] == "UPDATE")
    })
}

/// The words of a statement (in capitals) the server runs: `EXPLAIN
/// ANALYZE DELETE …` (and `EXPLAIN (ANALYZE) …`) runs its statement to
/// time it, so that statement; a plain `EXPLAIN` only plans it, so none.
fn run_statement<'w>(words: &'w [&'w str]) -> Option<&'w [&'w str]> {
    if words.first() != Some(&"EXPLAIN") {
        return Some(words);
    }
    let analyzed = words.iter().skip(1).take(4).any(|w| w.contains("ANALYZE"));
    let body = words.iter().position(|w| {
        matches!(
            *w,
            "DELETE" | "DROP" | "TRUNCATE" | "UPDATE" | "MERGE" | "REPLACE" | "INSERT"
        )
    })?;
    analyzed.then(|| &words[body..])
}

/// SQL in capitals with its quoted text and its `--` comments left out
/// (`SELECT 'DROP TABLE x'` holds no `DROP`; `VACUUM t RETAIN 0 HOURS --
/// DRY RUN` runs the vacuum).
fn unquoted(sql: &str) -> String {
    let mut plain = String::with_capacity(sql.len());
    let mut quote = None;
    let mut chars = sql.chars().peekable();
    while let Some(ch) = chars.next() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if ch == '\'' || ch == '"' => quote = Some(ch),
            None if ch == '-' && chars.peek() == Some(&'-') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        plain.push('\n');
                        break;
                    }
                }
            }
            None => plain.push(ch.to_ascii_uppercase()),
        }
    }
    plain
}

/// Whether a string in the code is SQL that drops or empties a table, a
/// schema or a database (`$wpdb->query("TRUNCATE TABLE …")`,
/// `cur.execute('DROP TABLE users')`), or deletes or changes rows of a
/// server's database (`psycopg2.connect(…).cursor().execute("DELETE FROM
/// cards WHERE …")`, as `psql -c` would be asked): whatever client library
/// sends it, the statement says what it does. Code that opens only a
/// file database (`sqlite3.connect("app.db")`) changes a file here, as
/// `sqlite3 app.db 'DELETE …'` does.
pub(super) fn runs_changing_sql(code: &str) -> bool {
    // (Where the code connects is read only once a statement changes rows.)
    let server = std::cell::OnceCell::new();
    code_strings_say(code, |sql| {
        sql_destroys(sql)
            || sql_changes_rows(sql) && *server.get_or_init(|| !opens_only_a_file_database(code))
    })
}

/// Whether every connection the code opens is SQLite's, to a file named
/// here (`sqlite3.connect("app.db")`): a word that only mentions SQLite
/// beside another driver's connection (`psycopg2.connect(dsn)  #
/// sqlite3.connect`) or an address does not make a server's rows a file's.
fn opens_only_a_file_database(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    lower.contains("sqlite3.connect(")
        && !lower.contains("://")
        && lower
            .match_indices("connect(")
            .all(|(at, _)| lower[..at].ends_with("sqlite3."))
}

/// Whether a string in the code (in either quote, past escaped quotes) is
/// a statement `says` yes to.
fn code_strings_say(code: &str, says: impl Fn(&str) -> bool) -> bool {
    let bytes = code.as_bytes();
    let mut at = 0;
    // Each kind of quote found never closed: none closes later either,
    // so each is searched to the end once (a hostile run of `\'` costs
    // one pass, not one a quote).
    let mut unclosed = [false; 2];
    while let Some(open) = bytes
        .get(at..)
        .and_then(|rest| memchr::memchr2(b'"', b'\'', rest))
        .map(|i| at + i)
    {
        let quote = bytes[open];
        let kind = usize::from(quote == b'\'');
        let body = open + 1;
        if unclosed[kind] {
            at = body;
            continue;
        }
        // The closing quote, past any escaped one (`'it\'s'`); a quote
        // never closed is passed over, and the strings after it still
        // read (an odd quote does not hide a statement behind it).
        let mut end = body;
        while let Some(&b) = bytes.get(end) {
            if b == b'\\' {
                end += 2;
            } else if b == quote {
                break;
            } else {
                end += 1;
            }
        }
        let Some(text) = code.get(body..end).filter(|_| end < bytes.len()) else {
            unclosed[kind] = true;
            at = body;
            continue;
        };
        // A statement is words: a short string is none.
        if text.len() >= 8 && text.contains(' ') && says(text) {
            return true;
        }
        at = end + 1;
    }
    false
}

/// Whether SQL drops a database, schema or table, truncates one, or
/// deletes every row (`DELETE FROM t` with no `WHERE`). Text in quotes
/// is not SQL (`SELECT 'DROP TABLE x'`).
pub(super) fn sql_destroys(sql: &str) -> bool {
    let plain = unquoted(sql);
    plain.split(';').any(|statement| {
        let all: Vec<&str> = statement.split_whitespace().collect();
        let Some(words) = run_statement(&all) else {
            return false;
        };
        let starts = |a: &str, b: &[&str]| {
            words.first() == Some(&a) && words.get(1).is_some_and(|w| b.contains(w))
        };
        starts(
            "DROP",
            &[
                "DATABASE",
                "SCHEMA",
                "TABLE",
                "OWNED",
                "USER",
                "ROLE",
                "KEYSPACE",
                "COLLECTION",
                "TABLESPACE",
                // InfluxQL's series and their retention.
                "MEASUREMENT",
                "SERIES",
                "RETENTION",
                "SHARD",
            ],
        ) || words.first() == Some(&"DROP") && words.contains(&"CASCADE")
            // SAP HANA's backup catalog pruned, with the backups' files
            // (`BACKUP CATALOG DELETE ALL BEFORE BACKUP_ID … WITH FILE`).
            || starts("BACKUP", &["CATALOG"]) && words.get(2) == Some(&"DELETE")
            // HANA's free log segments given back: the log a recovery
            // would replay from them is gone (`ALTER SYSTEM RECLAIM LOG`).
            || starts("ALTER", &["SYSTEM"]) && words.get(2) == Some(&"RECLAIM") && words.get(3) == Some(&"LOG")
            || words.first() == Some(&"TRUNCATE")
            // A column dropped takes its values with it (`ALTER TABLE t
            // DROP COLUMN c`, pt-online-schema-change's `--alter 'DROP
            // COLUMN c'`).
            || (words.first() == Some(&"ALTER") || words.first() == Some(&"DROP"))
                && words
                    .windows(2)
                    .any(|w| w[0] == "DROP" && matches!(w[1], "COLUMN" | "PARTITION"))
            // A function named for what it drops, called (`SELECT
            // DropGeometryTable('public', 'parcels')`,
            // `pg_drop_replication_slot('x')`).
            || words.first() == Some(&"SELECT") && calls_a_destroyer(sql)
            // MySQL's binary logs purged, which replicas and point-in-time
            // recovery read (`RESET MASTER`, `PURGE BINARY LOGS …`).
            || starts("RESET", &["MASTER", "BINARY"])
            || starts("PURGE", &["BINARY", "MASTER"])
            // Cypher's delete of every node matched with no condition
            // (`MATCH (n) DETACH DELETE n`).
            || words.first() == Some(&"MATCH")
                && words.contains(&"DELETE")
                && !words.contains(&"WHERE")
            // Delta Lake's vacuum with no retention deletes every file of
            // the table's history at once; its `DRY RUN` only lists them.
            || words.first() == Some(&"VACUUM")
                && words
                    .windows(2)
                    .any(|w| w[0] == "RETAIN" && w[1].trim_start_matches('0').is_empty())
                && !words.contains(&"DRY")
            || (starts("DELETE", &["FROM"]) && every_row(words))
            // ClickHouse's deletes are table changes (`ALTER TABLE events
            // DELETE WHERE 1`).
            || (starts("ALTER", &["TABLE"]) && words.contains(&"DELETE") && every_row(words))
    })
}

/// Whether SQL calls a function whose name begins with a verb
/// that drops (`DropGeometryTable(`, `pg_drop_replication_slot(`,
/// `truncate_tables(`), after any schema or `pg_` prefix.
fn calls_a_destroyer(sql: &str) -> bool {
    sql.split('(')
        .rev()
        .skip(1)
        .filter_map(|before| {
            before
                .rsplit(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .next()
        })
        .any(|name| {
            let name = match name.get(..3) {
                Some(p) if p.eq_ignore_ascii_case("pg_") => &name[3..],
                _ => name,
            };
            // The verb ends where a word begins (`Drop|Geometry`,
            // `drop_|replication`), not inside one (`dropped_count`,
            // `DROPPED_COUNT`).
            ["drop", "delete", "truncate", "purge", "destroy"]
                .iter()
                .any(|v| {
                    let Some(head) = name.get(..v.len()) else {
                        return false;
                    };
                    let camel = head.bytes().any(|b| b.is_ascii_lowercase());
                    head.eq_ignore_ascii_case(v)
                        && name
                            .as_bytes()
                            .get(v.len())
                            .is_some_and(|b| *b == b'_' || camel && b.is_ascii_uppercase())
                })
        })
}

/// Whether a statement's `WHERE` keeps every row: none, or one that is
/// always true (`WHERE 1`, `WHERE TRUE`, `WHERE 1=1`).
fn every_row(words: &[&str]) -> bool {
    let Some(at) = words.iter().position(|w| *w == "WHERE") else {
        return true;
    };
    let condition: String = words.get(at + 1..).unwrap_or_default().concat();
    matches!(
        condition.as_str(),
        "1" | "TRUE" | "1=1" | "(1=1)" | "(TRUE)" | "(1)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A string of inline code that is SQL dropping or emptying a table,
    /// or changing a server's rows, in either quote, after an escaped or
    /// an odd quote; not words that only mention one.
    #[test]
    fn destroying_sql_in_code_strings() {
        for (code, destroys) in [
            (r#"cur.execute("DROP TABLE users")"#, true),
            (r#"$wpdb->query('TRUNCATE TABLE wp_logs');"#, true),
            (
                r#"print('it\'s'); db.execute("DELETE FROM sessions")"#,
                true,
            ),
            (r#"x = "'"; db.execute('DROP TABLE t')"#, true),
            // An escaped quote inside the statement's own string is no
            // end of it.
            (r#"cur.execute("DROP TABLE \"users\"")"#, true),
            // Rows changed in a server's database, however few; not in a
            // file database here.
            (r#"db.execute("DELETE FROM t WHERE id = 3")"#, true),
            (
                r#"c = sqlite3.connect("app.db"); c.execute("DELETE FROM t WHERE id = 3")"#,
                false,
            ),
            // Another driver's connection beside SQLite's, or only a
            // mention of SQLite, is a server's.
            (
                r#"a = sqlite3.connect("a.db"); b = psycopg2.connect(dsn); b.execute("DELETE FROM t WHERE id = 3")"#,
                true,
            ),
            (
                r#"# sqlite\nb = psycopg2.connect(dsn); b.execute("DELETE FROM t WHERE id = 3")"#,
                true,
            ),
            (
                r#"c = sqlite3.connect("file://h/a.db"); c.execute("DELETE FROM t WHERE id = 3")"#,
                true,
            ),
            (r#"cur.execute("SELECT * FROM t WHERE id = 3")"#, false),
            (r#"print("drop")"#, false),
            (r#"print('no statement here at all')"#, false),
            // Words outside the strings are no string's, nor is the text
            // of a quote never closed.
            (r#"f("a"); DROP TABLE users; g("b")"#, false),
            (r#"x = 'DROP TABLE users"#, false),
        ] {
            assert_eq!(runs_changing_sql(code), destroys, "{code}");
        }
        // A long run of escaped quotes is read in one pass.
        let hostile = format!("'{}", "\\'".repeat(100_000));
        assert!(!runs_changing_sql(&hostile));
    }

    #[test]
    fn sql_that_changes_rows() {
        for (sql, changes) in [
            ("DELETE FROM orders WHERE status = 'CX'", true),
            ("update t set x = 1", true),
            ("EXPLAIN ANALYZE DELETE FROM orders WHERE id = 3", true),
            ("explain (analyze) update t set x = 1 where id = 2", true),
            ("EXPLAIN DELETE FROM orders WHERE id = 3", false),
            ("EXPLAIN (COSTS OFF) UPDATE t SET x = 1", false),
            ("EXPLAIN ANALYZE SELECT * FROM orders", false),
            ("SELECT 'DELETE FROM t'", false),
        ] {
            assert_eq!(sql_changes_rows(sql), changes, "{sql}");
        }
    }

    #[test]
    fn sql_that_destroys() {
        for sql in [
            "DROP TABLE t",
            "drop database x;",
            "select 1; drop schema s cascade",
            "TRUNCATE t",
            "truncate table t",
            "DELETE FROM t",
            "EXPLAIN ANALYZE DELETE FROM users",
            "explain (analyze, buffers) delete from users",
            "delete from t;",
            "DROP OWNED BY x",
            "DELETE FROM prod.users WHERE TRUE",
            "delete from t where 1 = 1;",
            "ALTER TABLE events DELETE WHERE 1",
            "DROP EXTENSION vector CASCADE",
            "VACUUM delta.`s3://b/events` RETAIN 0 HOURS -- DRY RUN",
            "vacuum events retain 0 hours",
            "select a-1; drop table t",
            "ALTER TABLE orders DROP COLUMN legacy_flag",
            "DROP COLUMN legacy_flag",
            "RESET MASTER",
            "purge binary logs before now()",
            "MATCH (n) DETACH DELETE n",
        ] {
            assert!(sql_destroys(sql), "{sql}");
        }
        for sql in [
            "SELECT 'DROP TABLE x'",
            "select \"truncate\" from t",
            "DELETE FROM t WHERE id = 1",
            "DELETE FROM t WHERE 1 = 2",
            "ALTER TABLE events DELETE WHERE ts < now() - INTERVAL 90 DAY",
            "ALTER TABLE events ADD COLUMN note String",
            "EXPLAIN DELETE FROM t",
            "DROP INDEX idx_users_email",
            "VACUUM events RETAIN 0 HOURS DRY RUN",
            "VACUUM events RETAIN 168 HOURS",
            "VACUUM ANALYZE users",
            "ALTER TABLE orders ADD COLUMN note text",
            "ALTER TABLE orders DROP CONSTRAINT fk_x",
            "MATCH (n:User) WHERE n.id = 3 DETACH DELETE n",
            "MATCH (n) RETURN count(n)",
            "RESET QUERY CACHE",
            "SELECT 1 -- DROP TABLE t",
            "EXPLAIN (COSTS OFF) DROP TABLE t",
            "CREATE TABLE drop_log (x int)",
            "INSERT INTO t VALUES ('DELETE FROM t')",
            "",
        ] {
            assert!(!sql_destroys(sql), "{sql}");
        }
    }

    /// SQL in quotes is text, not a statement.
    #[test]
    fn sql_in_quotes_is_text() {
        for (sql, destroys) in [
            ("DROP TABLE users", true),
            ("drop schema app cascade", true),
            ("truncate orders", true),
            ("delete from t", true),
            ("delete from t where id = 1", false),
            ("DROP INDEX i", false),
            ("SELECT 'DROP TABLE x'", false),
            ("SELECT \"DROP TABLE x\"", false),
            ("SELECT ' DROP TABLE x'", false),
            ("SELECT 'a;DROP TABLE x'", false),
            ("SELECT \"a;DROP TABLE x\"", false),
            ("SELECT 'a'; DROP TABLE x", true),
            ("SELECT 'x\"y'; DROP TABLE t", true),
            ("SELECT \"x'y\"; DROP TABLE t", true),
            ("SELECT \"x'y; DROP TABLE t\"", false),
        ] {
            assert_eq!(sql_destroys(sql), destroys, "{sql}");
        }
    }
}
