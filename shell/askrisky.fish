# askrisky guard for interactive fish — add to ~/.config/fish/config.fish:
#   askrisky init fish | source
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `set -gx ASKRISKY_GUARD off` turns it off for this shell.
if status is-interactive; and not set -q __askrisky_guard_loaded
    set -g __askrisky_guard_loaded 1
    set -g __askrisky_bin @ASKRISKY_BIN@

    function __askrisky_execute
        # A line fish cannot run yet (incomplete: Enter adds a line; or a
        # syntax error fish reports) runs nothing: check it once complete.
        if not commandline --is-valid
            commandline -f execute
            return
        end
        set -l line (commandline | string collect)
        if test "$ASKRISKY_GUARD" = off
            commandline -f execute
            return
        end
        # Most lines are clear: they run with the screen left as it is.
        if $__askrisky_bin guard --fish --silent -c "$line" </dev/null >/dev/null 2>&1
            commandline -f execute
            return
        end
        # The card draws below the line and leaves nothing behind. What
        # askrisky says about a line it does not run is kept and shown once
        # fish has redrawn its prompt (fish redraws over what is below).
        set -l said ($__askrisky_bin guard --fish -c "$line" 2>&1 </dev/tty >/dev/tty)
        if test $status -eq 0
            # What it said (a project file's warning) is shown all the same.
            set -q said[1]; and set -g __askrisky_said $said
            commandline -f execute
            return
        end
        # Not run. It stays in history, to recall and edit, as a comment:
        # fish records a line only by running it, and a comment runs nothing.
        set -g __askrisky_said $said
        commandline -r -- (string join \n -- '# '(string split \n -- $line) | string collect)
        commandline -f execute
    end

    function __askrisky_say --on-event fish_prompt
        if set -q __askrisky_said[1]
            printf '%s\n' $__askrisky_said >&2
            set -e __askrisky_said
        end
    end

    bind \r __askrisky_execute
    bind \n __askrisky_execute
    bind -M insert \r __askrisky_execute 2>/dev/null
    bind -M insert \n __askrisky_execute 2>/dev/null
end
