//! Editors' scripts read as text: the shell commands a sed script or a
//! vim Ex command runs.

/// The shell command an Ex command runs, if it runs one.
pub(super) fn vim_shell(ex: &str) -> Option<&str> {
    let mut t = ex.trim_start_matches([':', ' ', '\t']);
    // A range before the command (`%`, `1,$`, `.`).
    t = t.trim_start_matches(|c: char| c.is_ascii_digit() || ",.$%'<>".contains(c));
    for prefix in ["silent!", "silent", "exe", "r", "read", "w", "write", "sil"] {
        if let Some(rest) = t.strip_prefix(prefix) {
            let rest = rest.trim_start();
            if rest.starts_with('!') {
                t = rest;
                break;
            }
        }
    }
    t.strip_prefix('!')
}

/// The commands a sed script runs with `e COMMAND`, and whether a
/// substitution's `e` flag (or a bare `e`) runs the pattern space.
pub(super) fn scan_sed(script: &str) -> (Vec<String>, bool) {
    let mut commands = Vec::new();
    let mut runs_output = false;
    let chars: Vec<char> = script.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // At the start of a command: skip addresses and blanks.
        while let Some(&c) = chars.get(i) {
            match c {
                ' ' | '\t' | '\n' | ';' | '{' | '}' | '!' | ',' | '$' | '~' | '+' => {
                    i += 1;
                    continue;
                }
                '0'..='9' => {
                    i += 1;
                    continue;
                }
                '/' | '\\' => {
                    // An address regex: `/re/` or `\cREc`.
                    let delim = if c == '\\' {
                        i += 1;
                        chars.get(i).copied().unwrap_or('/')
                    } else {
                        '/'
                    };
                    i += 1;
                    while i < chars.len() && chars[i] != delim {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                    // Flags of the address (`I`, `M`).
                    while matches!(chars.get(i), Some('I' | 'M')) {
                        i += 1;
                    }
                    continue;
                }
                _ => break,
            }
        }
        let Some(&c) = chars.get(i) else {
            break;
        };
        match c {
            'e' => {
                let rest: String = chars[i + 1..].iter().take_while(|c| **c != '\n').collect();
                if rest.trim().is_empty() {
                    runs_output = true;
                } else {
                    commands.push(rest.trim_start().to_owned());
                }
                i += 1 + rest.chars().count();
            }
            's' | 'y' => {
                let Some(&delim) = chars.get(i + 1) else {
                    break;
                };
                i += 2;
                let mut seen = 0;
                while i < chars.len() && seen < 2 {
                    if chars[i] == '\\' {
                        i += 2;
                        continue;
                    }
                    if chars[i] == delim {
                        seen += 1;
                    }
                    i += 1;
                }
                // Flags, up to the end of the command.
                while let Some(&f) = chars.get(i) {
                    if f == 'e' && c == 's' {
                        runs_output = true;
                    }
                    if matches!(f, ';' | '\n' | '}') {
                        break;
                    }
                    if f == 'w' {
                        // `w FILE` takes the rest of the line.
                        while i < chars.len() && chars[i] != '\n' {
                            i += 1;
                        }
                        break;
                    }
                    i += 1;
                }
            }
            'a' | 'i' | 'c' | 'r' | 'R' | 'w' | 'W' | 'b' | 't' | 'T' | ':' | 'q' | 'Q' | 'l'
            | 'L' | 'v' | 'F' | 'z' => {
                // Text or a file name to the end of the line (or, for
                // labels and branches, to `;`).
                while i < chars.len() && chars[i] != '\n' {
                    if matches!(c, 'b' | 't' | 'T' | 'q' | 'Q' | 'l' | 'L' | 'v' | 'z')
                        && chars[i] == ';'
                    {
                        break;
                    }
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    (commands, runs_output)
}
