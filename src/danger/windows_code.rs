//! Code for Windows's shells, read as text: what PowerShell and cmd.exe
//! are told to run only looks (`Get-ChildItem | Measure-Object`, `dir
//! /s src`), only lists names, or is a rehearsal (`-WhatIf`).

/// PowerShell that only looks: each command of each pipeline a cmdlet
/// whose verb reads or shapes what it is given (`Get-ChildItem -Recurse
/// -Filter *.cs | Measure-Object`), with no script block, call operator,
/// subexpression, redirection or escape to hide another, and no path from
/// the root or home (a key read by `Get-Content ~/.ssh/id_rsa`). Anything
/// else may run any program: code.
pub(super) fn powershell_reads_only(code: &str) -> bool {
    const VERBS: &[&str] = &[
        "get",
        "measure",
        "select",
        "where",
        "sort",
        "format",
        "test",
        "resolve",
        "split",
        "join",
        "compare",
        "group",
        "convertto",
        "convertfrom",
    ];
    // (`Import-Csv` reads a table; other imports load modules, which run.)
    const SHOWS: &[&str] = &[
        "write-output",
        "write-host",
        "out-string",
        "out-host",
        "import-csv",
    ];
    if shell_version_read(code) {
        return true;
    }
    let code = &without_constants(code);
    if code.contains(['{', '}', '`', '&', '>', '<', '(', '[', '@', '$', '~', ':']) {
        return false;
    }
    code.split(['|', ';', '\n']).all(|statement| {
        let mut words = statement.split_whitespace();
        let Some(first) = words.next() else {
            return true;
        };
        let first = first.to_ascii_lowercase();
        let cmdlet = first.split_once('-').is_some_and(|(verb, noun)| {
            VERBS.contains(&verb)
                && !noun.is_empty()
                && noun.chars().all(|c| c.is_ascii_alphanumeric())
                // `Format-Table`, `Format-List` shape output;
                // `Format-Volume` formats a disk.
                && (verb != "format" || matches!(noun, "table" | "list" | "wide" | "custom" | "hex"))
        }) || SHOWS.contains(&first.as_str());
        // Paths in the project only (`.\src`), not from a root.
        cmdlet && words.all(|w| !w.starts_with(['/', '\\']) && !w.contains(".."))
    })
}

/// PowerShell's code with its constants `$true`, `$false` and `$null`
/// taken out (`Get-ADUser -Filter 'Enabled -eq $false'`): they hold no
/// command, where any other variable may (`& $x`, `$x = 'Remove-Item'`).
fn without_constants(code: &str) -> std::borrow::Cow<'_, str> {
    if !code.contains('$') {
        return std::borrow::Cow::Borrowed(code);
    }
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..name_len];
        if !["true", "false", "null"]
            .iter()
            .any(|k| name.eq_ignore_ascii_case(k))
        {
            out.push('$');
        }
        out.push_str(name);
        rest = &after[name_len..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Code that is one read of the shell's own version variables
/// (`$PSVersionTable.PSVersion.ToString()`, `$Host.Version`): properties
/// only, no call but `ToString()`.
fn shell_version_read(code: &str) -> bool {
    let code = code.trim();
    let code = code.strip_suffix(".ToString()").unwrap_or(code);
    let Some(rest) = code.strip_prefix('$') else {
        return false;
    };
    let mut parts = rest.split('.');
    parts.next().is_some_and(|v| {
        ["psversiontable", "host", "pshome", "psedition"].contains(&v.to_ascii_lowercase().as_str())
    }) && parts.all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_alphanumeric()))
}

/// cmd's command line that only looks: each command one that lists,
/// shows or prints (`dir /s src`, `type README.md`, `where git`), with no
/// redirection and nothing run (`call`, `start`, a `for` loop's `do`).
pub(super) fn cmd_reads_only(code: &str) -> bool {
    const LOOKS: &[&str] = &[
        "dir",
        "type",
        "echo",
        "where",
        "ver",
        "vol",
        "findstr",
        "find",
        "more",
        "tree",
        "cd",
        "chdir",
        "hostname",
        "whoami",
        "systeminfo",
        "tasklist",
        "ipconfig",
    ];
    cmd_statements_among(code, LOOKS)
}

/// Whether cmd.exe's code only lists names (`dir /a "%USERPROFILE%\.ssh"`,
/// `tree`): no file's contents are read.
pub(super) fn cmd_only_lists(code: &str) -> bool {
    cmd_statements_among(
        code,
        &["dir", "tree", "where", "cd", "chdir", "echo", "ver", "vol"],
    )
}

/// Whether every statement of cmd.exe's code is one of `programs`, with no
/// redirection, escape or block.
fn cmd_statements_among(code: &str, programs: &[&str]) -> bool {
    !code.contains(['>', '<', '`', '^', '('])
        && code.split(['&', '|']).all(|statement| {
            statement.split_whitespace().next().is_none_or(|first| {
                let first = first.trim_start_matches('@').to_ascii_lowercase();
                programs.contains(&first.trim_end_matches(".exe"))
            })
        })
}

/// PowerShell told `-WhatIf`: one plain cmdlet call, which then says what
/// it would do and does nothing (`Remove-Item -Recurse ./bin -WhatIf`).
/// Anything more than one call, or built at run time, is code.
pub(super) fn powershell_what_if(interpreter: &str, code: &str) -> bool {
    let interpreter = interpreter.trim_end_matches(".exe");
    matches!(interpreter, "pwsh" | "powershell" | "pwsh-preview")
        && !code.contains([';', '|', '\n', '&', '`', '$', '{', '(', '@', '>', '<'])
        && code
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case("-WhatIf"))
}

/// Whether PowerShell is told to erase a whole disk: `Clear-Disk
/// -RemoveData` (every partition and volume gone) or `Initialize-Disk`
/// after it, not rehearsed (`-WhatIf`).
pub(super) fn powershell_erases_disk(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    lower.contains("clear-disk") && lower.contains("-removedata") && !lower.contains("-whatif")
}
