//! The folders inline code deletes with everything in them, where the
//! code names them plainly: `shutil.rmtree("/var")`, `rmtree "/var"`,
//! `FileUtils.rm_rf("/usr")`, `fs.rmSync("..", {recursive: true})`, or
//! the home folder itself (`shutil.rmtree(Path.home())`). What the
//! blocked tier asks of `rm -rf`'s operands is asked of these.

/// The paths `code` hands to a recursive delete as its first argument
/// (see `interpreters::deletes_tree`).
pub(super) fn tree_deletes(code: &str) -> Vec<String> {
    // Calls that delete a folder with everything in it; node's only when
    // told `recursive`.
    const ALWAYS: &[&str] = &[
        "rmtree",
        "remove_tree",
        "rm_rf",
        "rm_r",
        "remove_dir",
        "remove_entry_secure",
        "remove_dir_all",
    ];
    // R's `unlink` too (`unlink("/usr", recursive = TRUE)`).
    const IF_RECURSIVE: &[&str] = &[
        "rmSync",
        "rmdirSync",
        "rm",
        "rmdir",
        "removeSync",
        "remove",
        "unlink",
    ];
    // Vim's, only with its flag `"rf"` (`delete(expand("~"), "rf")`).
    const IF_RF: &[&str] = &["delete"];
    const HOME: &[&str] = &[
        "Path.home()",
        "pathlib.Path.home()",
        "os.homedir()",
        "require('os').homedir()",
        "require(\"os\").homedir()",
        "Dir.home",
        "$ENV{HOME}",
        "$ENV{'HOME'}",
        "$ENV{\"HOME\"}",
        "process.env.HOME",
        "os.environ['HOME']",
        "os.environ[\"HOME\"]",
        "ENV['HOME']",
        "ENV[\"HOME\"]",
        // Julia's.
        "homedir()",
        // Elixir's.
        "System.user_home!()",
        "System.user_home()",
        "System.get_env(\"HOME\")",
        // Deno's, Bun's, and vim's variable.
        "Deno.env.get(\"HOME\")",
        "Deno.env.get('HOME')",
        "Bun.env.HOME",
        "$HOME",
        // The JVM's (Java, Kotlin, Groovy, Scala).
        "System.getProperty(\"user.home\")",
        "System.getenv(\"HOME\")",
    ];
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for name in ALWAYS.iter().chain(IF_RECURSIVE).chain(IF_RF) {
        for (at, _) in code.match_indices(name) {
            // A whole name (`rm_rf`, not `farm_rf` or `rm_rf_x`).
            let before = code[..at].chars().next_back();
            if before.is_some_and(|ch| ch.is_alphanumeric() || ch == '_') {
                continue;
            }
            let rest = &code[at + name.len()..];
            // Elixir's raising form (`File.rm_rf!("/usr")`).
            let rest = rest.strip_prefix("!(").map_or(rest, |_| &rest[1..]);
            let rest = rest.trim_start();
            // Perl's calls need no parentheses (`rmtree "/var"`).
            let (args, closed) = match rest.strip_prefix('(') {
                Some(inner) => match first_argument(inner, true) {
                    Some(arg) => arg,
                    None => continue,
                },
                None if bytes.get(at.wrapping_sub(1)) != Some(&b'.') => {
                    match first_argument(rest, false) {
                        Some(arg) => arg,
                        None => continue,
                    }
                }
                None => continue,
            };
            if IF_RECURSIVE.contains(name) && !closed.contains("recursive")
                || IF_RF.contains(name) && !closed.contains("\"rf\"") && !closed.contains("'rf'")
            {
                continue;
            }
            let arg = unwrap_path_call(args.trim());
            if HOME.contains(&arg) {
                found.push("~".to_owned());
            } else if let Some(text) = plain_string(arg) {
                found.push(text.to_owned());
            }
        }
    }
    found.extend(lisp_tree_deletes(code));
    found.extend(jvm_tree_deletes(code, HOME));
    found
}

/// The JVM's recursive deletes: a folder walked and each path deleted
/// (`Files.walk(Path.of(X)).sorted(Comparator.reverseOrder())
/// .forEach(p -> p.toFile().delete())`), or Kotlin's
/// `File(X).deleteRecursively()`.
fn jvm_tree_deletes(code: &str, home: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut take = |arg: &str| {
        let arg = unwrap_path_call(arg.trim());
        if home.contains(&arg) {
            found.push("~".to_owned());
        } else if let Some(text) = plain_string(arg) {
            found.push(text.to_owned());
        }
    };
    for (at, _) in code.match_indices("Files.walk(") {
        let rest = &code[at + "Files.walk(".len()..];
        let Some((arg, _)) = first_argument(rest, true) else {
            continue;
        };
        if rest.contains("delete") {
            take(arg);
        }
    }
    for (at, _) in code.match_indices(".deleteRecursively()") {
        let before = &code[..at];
        // `File(X)` just before it: X is what the call is given.
        let Some(open) = before.rfind("File(") else {
            continue;
        };
        if let Some(arg) = before[open + "File(".len()..].strip_suffix(')') {
            take(arg);
        }
    }
    found
}

/// Emacs Lisp's recursive deletes: `(delete-directory DIR t)`, its third
/// word `t` (or anything not `nil`) for RECURSIVE; DIR a plain string,
/// `(expand-file-name "~")`, or `(getenv "HOME")`.
fn lisp_tree_deletes(code: &str) -> Vec<String> {
    const CALL: &str = "(delete-directory";
    let mut found = Vec::new();
    for (at, _) in code.match_indices(CALL) {
        let rest = &code[at + CALL.len()..];
        if !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let rest = rest.trim_start();
        let (dir, after) = if let Some(inner) = rest.strip_prefix("(expand-file-name") {
            let Some((arg, after)) = inner.trim_start().split_once(')') else {
                continue;
            };
            (plain_string(arg.trim()).map(str::to_owned), after)
        } else if let Some(after) = rest
            .strip_prefix("(getenv \"HOME\")")
            .or_else(|| rest.strip_prefix("(getenv 'HOME')"))
        {
            (Some("~".to_owned()), after)
        } else if let Some(inner) = rest.strip_prefix('"') {
            let Some(end) = inner.find('"') else {
                continue;
            };
            (
                plain_string(&rest[..end + 2]).map(str::to_owned),
                &rest[end + 2..],
            )
        } else {
            continue;
        };
        let recursive = after
            .split(|c: char| c.is_whitespace() || c == ')')
            .find(|t| !t.is_empty())
            .is_some_and(|t| t != "nil" && !t.starts_with('('));
        if let Some(dir) = dir.filter(|_| recursive && after.starts_with(char::is_whitespace)) {
            found.push(dir);
        }
    }
    found
}

/// The first argument of a call whose `(` has been read, and the whole of
/// its arguments: up to the `,` or `)` at its own depth. Inside the
/// parentheses a `;` parts Julia's keyword arguments (`rm(p; recursive=
/// true)`); without them it ends the statement (perl's `rmtree "/x"; …`).
fn first_argument(text: &str, in_parens: bool) -> Option<(&str, &str)> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut first_end = None;
    for (i, ch) in text.char_indices() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None => match ch {
                '\'' | '"' | '`' => quote = Some(ch),
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth > 0 => depth -= 1,
                ';' if in_parens && depth == 0 => {
                    first_end.get_or_insert(i);
                }
                ')' | ';' | '\n' => {
                    let end = first_end.unwrap_or(i);
                    return Some((&text[..end], &text[..i]));
                }
                ',' if depth == 0 && first_end.is_none() => first_end = Some(i),
                _ => {}
            },
        }
    }
    let end = first_end.unwrap_or(text.len());
    Some((&text[..end], text))
}

/// `p` less calls that only spell a path differently around it
/// (`os.path.expanduser("~")`, `File.expand_path("~")`, `Path("/var")`).
fn unwrap_path_call(mut p: &str) -> &str {
    // TypeScript's assertion that a value is there
    // (`Deno.env.get("HOME")!`) changes nothing it names.
    p = p.strip_suffix('!').map_or(p, str::trim_end);
    const SPELLINGS: &[&str] = &[
        "os.path.expanduser(",
        "os.path.abspath(",
        "os.path.realpath(",
        "File.expand_path(",
        "pathlib.Path(",
        "Path(",
        "path.resolve(",
        "Pathname.new(",
        // Vim's, R's and Julia's.
        "expand(",
        "path.expand(",
        "expanduser(",
        // The JVM's.
        "Path.of(",
        "Paths.get(",
    ];
    loop {
        let Some(inner) = SPELLINGS
            .iter()
            .find_map(|s| p.strip_prefix(s))
            .and_then(|r| r.strip_suffix(')'))
        else {
            return p;
        };
        p = inner.trim();
    }
}

/// The text of a quoted string with nothing in it built at run time.
fn plain_string(p: &str) -> Option<&str> {
    let q = p.chars().next().filter(|q| matches!(q, '\'' | '"'))?;
    let inner = p.strip_prefix(q)?.strip_suffix(q)?;
    (!inner.contains([q, '$', '{', '\\', '#'])).then_some(inner)
}

/// The folders Windows code deletes with everything in them: cmd.exe's
/// `rd /s` and `del /s`, PowerShell's `Remove-Item -Recurse` (and its
/// aliases), each given as the Unix folder of the same reach, so the
/// blocked tier weighs them as it weighs `rm -rf`: a drive's root, the
/// system's folders and the folder of every user's home as `/`, a home
/// folder as `~` (`rd /s /q C:\`, `Remove-Item -Recurse -Force
/// $env:USERPROFILE`). Other folders are left out: the code still asks as
/// code that deletes.
pub(super) fn windows_tree_deletes(code: &str, powershell: bool) -> Vec<String> {
    let mut found = Vec::new();
    for statement in code.split(['&', '|', ';', '\n']) {
        let words: Vec<&str> = statement
            .split_whitespace()
            .map(|w| w.trim_matches(['"', '\'']))
            .collect();
        let Some((name, args)) = words.split_first() else {
            continue;
        };
        let name = name.trim_start_matches('@').to_ascii_lowercase();
        let name = name.strip_suffix(".exe").unwrap_or(&name);
        let recursive = if powershell {
            matches!(
                name,
                "remove-item" | "rm" | "ri" | "rd" | "rmdir" | "del" | "erase"
            ) && args.iter().any(|a| {
                let a = a.to_ascii_lowercase();
                a.len() >= 2 && a.starts_with('-') && "-recurse".starts_with(a.as_str())
            })
        } else {
            matches!(name, "rd" | "rmdir" | "del" | "erase")
                && args.iter().any(|a| a.eq_ignore_ascii_case("/s"))
        };
        if !recursive {
            continue;
        }
        let flag = if powershell { '-' } else { '/' };
        found.extend(
            args.iter()
                .filter(|a| !a.starts_with(flag))
                .filter_map(|a| windows_reach(a)),
        );
    }
    found
}

/// `/` for a drive's root, the system's folders or every user's homes;
/// `~` for one home folder; `None` for anything narrower.
fn windows_reach(path: &str) -> Option<String> {
    let p = path.replace('/', "\\").to_ascii_lowercase();
    let p = p.trim_end_matches(['\\', '*', '.']);
    const SYSTEM: &[&str] = &[
        "%systemroot%",
        "%windir%",
        "%systemdrive%",
        "%programfiles%",
        "%programdata%",
        "$env:systemroot",
        "$env:windir",
        "$env:systemdrive",
        "$env:programfiles",
        "$env:programdata",
    ];
    const HOME: &[&str] = &[
        "%userprofile%",
        "$env:userprofile",
        "$home",
        "~",
        "$env:home",
    ];
    if SYSTEM.contains(&p) {
        return Some("/".to_owned());
    }
    if HOME.contains(&p) {
        return Some("~".to_owned());
    }
    let rest = match p.as_bytes() {
        [d, b':', rest @ ..] if d.is_ascii_alphabetic() => std::str::from_utf8(rest).ok()?,
        _ => return None,
    };
    let parts: Vec<&str> = rest.split('\\').filter(|x| !x.is_empty()).collect();
    match parts[..] {
        [] | ["windows" | "users" | "program files" | "program files (x86)" | "programdata"] => {
            Some("/".to_owned())
        }
        ["users", _] => Some("~".to_owned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{tree_deletes, windows_tree_deletes};

    #[test]
    fn plain_paths_handed_to_recursive_deletes() {
        for (code, want) in [
            ("import shutil; shutil.rmtree(\"/var\")", &["/var"][..]),
            ("rmtree \"/var\"", &["/var"]),
            ("use File::Path; remove_tree('../')", &["../"]),
            ("FileUtils.rm_rf('/usr')", &["/usr"]),
            ("fs.rmSync('..', {recursive: true})", &[".."]),
            ("fs.rmSync('..')", &[]),
            (
                "Deno.removeSync(Deno.env.get(\"HOME\")!, { recursive: true })",
                &["~"],
            ),
            (
                "fs.rmdirSync('/etc', { recursive: true, force: true })",
                &["/etc"],
            ),
            ("shutil.rmtree(pathlib.Path.home())", &["~"]),
            ("File.rm_rf!(System.user_home!())", &["~"]),
            ("File.rm_rf!(\"/usr\")", &["/usr"]),
            ("File.rm_rf!x(\"/usr\")", &[]),
            ("shutil.rmtree(os.path.expanduser(\"~\"))", &["~"]),
            ("shutil.rmtree(os.path.expanduser(\"~\") + \"/x\")", &[]),
            ("shutil.rmtree(base + \"/x\")", &[]),
            ("shutil.rmtree(f\"/{x}\")", &[]),
            ("farm_rf('/')", &[]),
            ("x.rmtree_all('/')", &[]),
            ("remove_dir_all(\"/home\")", &["/home"]),
            ("os.system(\"rm -rf /\")", &[]),
            // A method of some other object, without parentheses.
            ("obj.rmtree \"/\"", &[]),
            // A comma inside the quoted path, and arguments after it.
            ("shutil.rmtree(\"/a,b\")", &["/a,b"]),
            ("shutil.rmtree(\"/\", False, None)", &["/"]),
            ("rm(homedir(); recursive=true, force=true)", &["~"]),
            ("rm(\"/usr\"; force=true)", &[]),
            ("rmtree \"/var\"; print 1", &["/var"]),
            (
                "Deno.removeSync(Deno.env.get(\"HOME\"), {recursive: true})",
                &["~"],
            ),
            (
                "await Deno.remove(\"/etc\", { recursive: true })",
                &["/etc"],
            ),
            ("Deno.removeSync(\"/etc\")", &[]),
            ("call delete(expand(\"~\"), \"rf\")", &["~"]),
            ("call delete($HOME, 'rf')", &["~"]),
            ("call delete(expand(\"~/.vimrc\"))", &[]),
            ("call delete(\"/etc\", \"d\")", &[]),
            ("(delete-directory \"/etc\" t)", &["/etc"]),
            ("(delete-directory (expand-file-name \"~\") t)", &["~"]),
            ("(delete-directory (getenv \"HOME\") 'recursive)", &["~"]),
            ("(delete-directory \"/etc\")", &[]),
            ("(delete-directory \"/etc\" nil)", &[]),
            ("(delete-directory-x \"/etc\" t)", &[]),
            ("unlink(\"/usr\", recursive = TRUE)", &["/usr"]),
            ("unlink(\"/usr\")", &[]),
            ("unlink(path.expand(\"~\"), recursive = TRUE)", &["~"]),
            ("rm(expanduser(\"~\"); recursive=true)", &["~"]),
            (
                "Files.walk(Path.of(System.getProperty(\"user.home\"))).sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());",
                &["~"],
            ),
            (
                "Files.walk(Paths.get(\"/etc\")).forEach(p -> { try { Files.delete(p); } catch (Exception e) {} });",
                &["/etc"],
            ),
            (
                "Files.walk(Path.of(\"/etc\")).forEach(System.out::println);",
                &[],
            ),
            ("File(System.getenv(\"HOME\")).deleteRecursively()", &["~"]),
            ("File(\"build\").deleteRecursively()", &["build"]),
            ("x.deleteRecursively()", &[]),
        ] {
            assert_eq!(tree_deletes(code), want, "{code}");
        }
    }

    #[test]
    fn windows_recursive_deletes_of_roots_and_homes() {
        for (code, powershell, want) in [
            ("rd /s /q C:\\", false, &["/"][..]),
            ("RMDIR /S /Q c:\\windows\\", false, &["/"]),
            ("del /s /q C:\\*", false, &["/"]),
            ("rd /s /q %USERPROFILE%", false, &["~"]),
            ("cd /d C:\\ & rd /s /q C:\\Users\\me", false, &["~"]),
            ("rd /s /q C:\\Users\\me\\proj\\build", false, &[]),
            ("rd /q C:\\", false, &[]),
            ("dir /s C:\\", false, &[]),
            ("Remove-Item -Recurse -Force C:\\", true, &["/"]),
            ("ri -r -fo D:/", true, &["/"]),
            ("Remove-Item -Path $env:USERPROFILE -Recurse", true, &["~"]),
            ("Remove-Item -Recurse ./dist", true, &[]),
            ("Remove-Item C:\\", true, &[]),
            ("Remove-Item -Force C:\\", true, &[]),
            ("rd /s /q 1:\\", false, &[]),
            ("Get-ChildItem -Recurse C:\\", true, &[]),
            // cmd.exe's switches are not PowerShell's.
            ("rd -r C:\\", false, &[]),
        ] {
            assert_eq!(windows_tree_deletes(code, powershell), want, "{code}");
        }
    }
}
