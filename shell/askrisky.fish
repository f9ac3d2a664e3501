# askrisky guard for interactive fish — add to ~/.config/fish/config.fish:
#   askrisky init fish | source
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `set -gx ASKRISKY_GUARD off` turns it off for this shell.
#
# Enter is bound to the check. A line typed here runs in this shell, so it
# could take that binding away for the lines after it: askrisky's `guard.*`
# rules ask before a line does. What is found switched off all the same is
# put back before the next prompt, and said. fish cannot stop a line from
# its preexec event: a line that reaches it unchecked (Enter rebound
# within the line before) runs, and fish says so plainly.
if status is-interactive; and not set -q __askrisky_guard_loaded
    set -g __askrisky_guard_loaded 1
    set -g __askrisky_bin @ASKRISKY_BIN@

    # Runs the line: the check passed it (or it is a comment now).
    function __askrisky_run
        set -g __askrisky_pass 1
        commandline -f execute
    end

    function __askrisky_execute
        # A line fish cannot run yet (incomplete: Enter adds a line; or a
        # syntax error fish reports) runs nothing: check it once complete.
        if not commandline --is-valid
            commandline -f execute
            return
        end
        set -l line (commandline | string collect)
        if test "$ASKRISKY_GUARD" = off
            __askrisky_run
            return
        end
        # Most lines are clear: they run with the screen left as it is.
        if $__askrisky_bin guard --fish --silent -c "$line" </dev/null >/dev/null 2>&1
            __askrisky_run
            return
        end
        # The card draws below the line and leaves nothing behind. What
        # askrisky says about a line it does not run is kept and shown once
        # fish has redrawn its prompt (fish redraws over what is below).
        set -l said ($__askrisky_bin guard --fish -c "$line" 2>&1 </dev/tty >/dev/tty)
        if test $status -eq 0
            # What it said (a project file's warning) is shown all the same.
            set -q said[1]; and set -g __askrisky_said $said
            __askrisky_run
            return
        end
        # Not run. It stays in history, to recall and edit, as a comment:
        # fish records a line only by running it, and a comment runs nothing.
        set -g __askrisky_said $said
        commandline -r -- (string join \n -- '# '(string split \n -- $line) | string collect)
        __askrisky_run
    end

    # Enter, in the default mode and vi's insert mode.
    function __askrisky_bind
        bind \r __askrisky_execute
        bind \n __askrisky_execute
        bind -M insert \r __askrisky_execute 2>/dev/null
        bind -M insert \n __askrisky_execute 2>/dev/null
    end

    # Whether Enter still runs the check.
    function __askrisky_bound
        for mode in default insert
            for key in \r \n
                string match -q -- '*__askrisky_execute' (bind -M $mode $key 2>/dev/null)
                or return 1
            end
        end
    end

    function __askrisky_say --on-event fish_prompt
        set -e __askrisky_pass
        if set -q __askrisky_said[1]
            printf '%s\n' $__askrisky_said >&2
            set -e __askrisky_said
        end
        # Before the next line: Enter runs the check again if a line (or a
        # script it sourced) rebound it.
        if test "$ASKRISKY_GUARD" != off; and not __askrisky_bound
            printf '%s\n' "askrisky: the guard was switched off in this shell (Enter no longer ran its check); it is back on" >&2
            __askrisky_bind
        end
    end

    function __askrisky_preexec --on-event fish_preexec
        if set -q __askrisky_pass
            set -e __askrisky_pass
            return
        end
        test "$ASKRISKY_GUARD" = off; and return
        string match -qr '^\s*$' -- "$argv[1]"; and return
        printf '%s\n' "askrisky: this line reached the shell without the guard's check (Enter no longer runs it): fish runs it unchecked; the guard is back on for the next line" >&2
        __askrisky_bind
    end

    __askrisky_bind
end
