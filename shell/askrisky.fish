# askrisky guard for interactive fish — add to ~/.config/fish/config.fish:
#   askrisky init fish | source
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `set -gx ASKRISKY_GUARD off` turns it off for this shell.
if status is-interactive; and not set -q __askrisky_guard_loaded
    set -g __askrisky_guard_loaded 1
    set -g __askrisky_bin @ASKRISKY_BIN@

    function __askrisky_execute
        set -l line (commandline)
        if test -n (string trim -- "$line"); and test "$ASKRISKY_GUARD" != off
            if not $__askrisky_bin guard -c "$line" </dev/tty
                # Not run: keep it in history, clear the line.
                builtin history append -- "$line" 2>/dev/null
                commandline -r ''
                commandline -f repaint
                return
            end
        end
        commandline -f execute
    end

    bind \r __askrisky_execute
    bind \n __askrisky_execute
    bind -M insert \r __askrisky_execute 2>/dev/null
    bind -M insert \n __askrisky_execute 2>/dev/null
end
