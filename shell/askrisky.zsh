# askrisky guard for interactive zsh — add to ~/.zshrc:
#   eval "$(askrisky init zsh)"
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `ASKRISKY_GUARD=off` turns it off for this shell.
if [[ -o interactive ]] && (( ! ${+__askrisky_guard_loaded} )); then
  typeset -g __askrisky_guard_loaded=1
  typeset -g __askrisky_bin=@ASKRISKY_BIN@

  zmodload zsh/parameter 2>/dev/null

  __askrisky_accept_line() {
    # History references (`!!`, `!$`) first, so the check sees what runs.
    [[ -o banghist && "$BUFFER" == *'!'* ]] && zle .expand-history
    # The whole command: earlier lines of a multi-line one, and this one.
    local line=$PREBUFFER$BUFFER
    if [[ -n "${line//[[:space:]]/}" && "${ASKRISKY_GUARD-}" != off ]]; then
      # A line zsh cannot run yet (it waits for more, or reports a syntax
      # error) runs nothing: let zsh have it, and check it once complete.
      # zsh's own parser decides, by compiling it as a function body. If
      # `functions` is not zsh's own table, every line is checked.
      if [[ ${(t)functions} == *special* ]]; then
        unfunction __askrisky_probe 2>/dev/null
        functions[__askrisky_probe]=$line 2>/dev/null
        if (( ! ${+functions[__askrisky_probe]} )); then
          zle .accept-line
          return 0
        fi
        unfunction __askrisky_probe
      fi
      # Most lines are clear: they run with the screen left as it is. For
      # the others, let the refusal or the card draw below the prompt.
      if ! "$__askrisky_bin" guard --zsh --silent -c "$line" </dev/null 2>/dev/null; then
        zle -I
        if ! "$__askrisky_bin" guard --zsh -c "$line" </dev/tty; then
          # Not run: keep it in history to edit and retry, and drop it.
          print -s -r -- "$line"
          if [[ -n "$PREBUFFER" ]]; then
            # Earlier lines are already with the parser: abandon them all.
            zle send-break
            return 0
          fi
          BUFFER=
          zle .accept-line
          return 0
        fi
      fi
    fi
    zle .accept-line
  }
  zle -N accept-line __askrisky_accept_line
fi
