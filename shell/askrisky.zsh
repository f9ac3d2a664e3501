# askrisky guard for interactive zsh — add to ~/.zshrc:
#   eval "$(askrisky init zsh)"
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `ASKRISKY_GUARD=off` turns it off for this shell.
if [[ -o interactive ]] && (( ! ${+__askrisky_guard_loaded} )); then
  typeset -g __askrisky_guard_loaded=1
  typeset -g __askrisky_bin=@ASKRISKY_BIN@

  __askrisky_accept_line() {
    if [[ -n "${BUFFER//[[:space:]]/}" && "${ASKRISKY_GUARD-}" != off ]]; then
      # Let the card draw on the terminal below the prompt.
      zle -I
      if ! "$__askrisky_bin" guard -c "$BUFFER" </dev/tty; then
        # Not run: keep the line in history to edit and retry, clear it.
        print -s -r -- "$BUFFER"
        BUFFER=
        zle .accept-line
        return 0
      fi
    fi
    zle .accept-line
  }
  zle -N accept-line __askrisky_accept_line
fi
