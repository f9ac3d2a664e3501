//! Inline code that starts processes without end: an interpreter's fork
//! bomb (`python3 -c 'import os
//! while True: os.fork()'`, `perl -e 'fork while 1'`, `ruby -e 'loop {
//! fork }'`). Read from the code's text alone, blanks set aside, and only
//! for a loop whose whole body is the fork: a server that forks a child
//! for each connection it accepts is no bomb.

/// Loops, blanks removed, whose body is only a fork (an endless loop of
/// it, in Python, Perl, Ruby, PHP or a C-like language).
const BOMBS: &[&str] = &[
    "whileTrue:os.fork()",
    "while1:os.fork()",
    "whileTrue:fork()",
    "while1:fork()",
    "forkwhile1",
    "forkwhilefork",
    "1whilefork",
    "forkwhiletrue",
    "forkuntil0",
    "while(1){fork",
    "while(true){fork",
    "while(1)fork",
    "while(true)fork",
    "for(;;){fork",
    "for(;;)fork",
    "loop{fork",
    "loopdofork",
    "whiletrue;fork",
    "whiletruedofork",
    "while(1){pcntl_fork()",
    "while(true){pcntl_fork()",
    "while(1)pcntl_fork()",
    "while(true)pcntl_fork()",
    "for(;;)pcntl_fork()",
    "for(;;){pcntl_fork()",
];

/// Whether `code` is a fork bomb: an endless loop whose body only forks,
/// the fork not followed by more of the loop's body.
pub(super) fn forks_forever(code: &str) -> bool {
    if !code.contains("fork") {
        return false;
    }
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    // A comprehension of forks over an iterator without end (`[os.fork()
    // for _ in iter(int, 1)]`, `itertools.count()`).
    if compact.contains("os.fork()for")
        && ["iter(int,1)", "count()", "cycle("]
            .iter()
            .any(|endless| compact.contains(endless))
    {
        return true;
    }
    BOMBS.iter().any(|bomb| {
        compact.match_indices(bomb).any(|(at, _)| {
            // What follows the fork ends the loop's body (`;`, `}`, `end`,
            // the code's end), or is more of it: a call's result used
            // (`if os.fork() == 0:`) is a server's child, not a bomb.
            let rest = &compact[at + bomb.len()..];
            // Or the loop is the whole of a string handed to `exec`
            // (`exec('while 1: os.fork()')`), not one printed.
            let before = &compact[..at];
            rest.is_empty()
                || rest.starts_with([';', '}'])
                || rest.starts_with("end")
                || rest.starts_with("()") && bomb.ends_with("fork")
                || rest.starts_with(['\'', '"'])
                    && (before.ends_with("exec('") || before.ends_with("exec(\""))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bombs_and_servers() {
        for code in [
            "import os\nwhile True: os.fork()",
            "import os\nwhile 1:\n    os.fork()",
            "fork while 1",
            "fork while fork",
            "1 while fork",
            "loop { fork }",
            "loop do fork end",
            "while (1) { fork; }",
            "for (;;) { fork(); }",
            "while(true) pcntl_fork();",
            "fork until 0",
            "import os;[os.fork() for _ in iter(int,1)]",
            "import os, itertools\n[os.fork() for _ in itertools.count()]",
            "import os; exec('while 1: os.fork()')",
            "import os; exec(\"while True: os.fork()\")",
        ] {
            assert!(forks_forever(code), "{code}");
        }
        for code in [
            "import os\npid = os.fork()",
            "while True:\n    conn, _ = s.accept()\n    if os.fork() == 0:\n        serve(conn)",
            "my $pid = fork; die unless defined $pid",
            "loop { sock.accept; fork { work } }",
            "while (1) { forkify(); }",
            "print('fork while 1')x",
            "print('while 1: os.fork()')",
            "while True: os.fork_exec(x)",
            "import os;[os.fork() for _ in range(4)]",
            "",
        ] {
            assert!(!forks_forever(code), "{code}");
        }
    }
}
