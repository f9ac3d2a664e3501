# askrisky guard for interactive zsh — add to ~/.zshrc:
#   eval "$(askrisky init zsh)"
# Every command line you type is checked before it runs: the blocked tier is
# refused, the danger set shows askrisky's card, everything else runs at
# once. `ASKRISKY_GUARD=off` turns it off for this shell.
#
# The check wraps the ZLE widgets that run a line (accept-line and the
# accept-and-* ones): a line that is not run is taken back before zsh
# reads it, so nothing of it runs and `$?` stays. A line typed here runs
# in this shell, so it could take the widgets away for the lines after
# it: askrisky's `guard.*` rules ask before a line does. Behind the
# widgets, a DEBUG trap stops any line typed at the prompt that no widget
# checked (a widget replaced, a key bound to zsh's own `.accept-line`):
# it is not run, the person is told, and the widgets go back. Before each
# prompt, what the trap needs is put back if it was switched off.
if [[ -o interactive ]] && (( ! ${+__askrisky_guard_loaded} )); then
  typeset -g __askrisky_guard_loaded=1
  typeset -g __askrisky_bin=@ASKRISKY_BIN@
  # pass: a widget checked the line being accepted; run: the line that
  # runs now was checked (ok), was not (stop), or was stopped already.
  typeset -g __askrisky_pass= __askrisky_run=
  # Lines are read by ZLE here (not when zsh reads a pipe): only then does
  # a line that skipped the widgets mean the guard was gone around.
  typeset -g __askrisky_zle=
  [[ -o zle ]] && __askrisky_zle=1

  zmodload zsh/parameter 2>/dev/null
  autoload -Uz add-zsh-hook

  # The check, for the widget that runs the line: zsh's own `.$1` once
  # the line may run.
  __askrisky_accept() {
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
    __askrisky_pass=1
    zle ".$1"
  }
  __askrisky_accept_line() { __askrisky_accept accept-line }
  __askrisky_accept_and_hold() { __askrisky_accept accept-and-hold }
  __askrisky_accept_line_and_down_history() { __askrisky_accept accept-line-and-down-history }
  __askrisky_accept_and_infer_next_history() { __askrisky_accept accept-and-infer-next-history }

  __askrisky_widgets() {
    zle -N accept-line __askrisky_accept_line
    zle -N accept-and-hold __askrisky_accept_and_hold
    zle -N accept-line-and-down-history __askrisky_accept_line_and_down_history
    zle -N accept-and-infer-next-history __askrisky_accept_and_infer_next_history
  }

  # A line is about to run: did a widget check it?
  __askrisky_preexec() {
    if [[ -n "$__askrisky_pass" ]]; then __askrisky_run=ok; else __askrisky_run=stop; fi
    __askrisky_pass=
  }

  # Before each command: a command of a line typed at the prompt
  # (`toplevel`, not a function, a sourced file or `zsh -c`) runs only if
  # a widget checked that line. Setting ERR_EXIT in a DEBUG trap skips the
  # command (DEBUG_BEFORE_CMD, on by default, is kept on); `$?` stays.
  __askrisky_trap() {
    TRAPDEBUG() {
      [[ $ZSH_EVAL_CONTEXT != toplevel:shfunc || $__askrisky_run == ok ]] || __askrisky_gate
    }
  }

  __askrisky_gate() {
    [[ -z "$__askrisky_zle" || "${ASKRISKY_GUARD-}" == off ]] && return 0
    if [[ "$__askrisky_run" != stopped ]]; then
      __askrisky_run=stopped
      print -ru2 -- "askrisky: not run: this line reached the shell without the guard's check (the key that ran it no longer runs askrisky); the guard is back on, run the line again to have it checked"
      __askrisky_widgets
      __askrisky_arm
    fi
    setopt errexit
  }

  # Before each prompt: what the guard needs, put back if it was switched
  # off, and said.
  __askrisky_precmd() {
    __askrisky_pass= __askrisky_run=
    [[ "${ASKRISKY_GUARD-}" == off ]] && return 0
    local -a off
    [[ "${functions[TRAPDEBUG]-}" == *__askrisky_gate* ]] || off+=("the DEBUG trap")
    [[ -o debugbeforecmd ]] || off+=(DEBUG_BEFORE_CMD)
    (( ${preexec_functions[(Ie)__askrisky_preexec]} )) || off+=("the preexec hook")
    [[ -z "$__askrisky_zle" || -o zle ]] || off+=(ZLE)
    (( $#off )) || return 0
    print -ru2 -- "askrisky: the guard was switched off in this shell (${(j:, :)off}); it is back on"
    __askrisky_arm
  }

  __askrisky_arm() {
    setopt debugbeforecmd
    [[ -n "$__askrisky_zle" ]] && setopt zle
    __askrisky_trap
    add-zsh-hook preexec __askrisky_preexec
    add-zsh-hook precmd __askrisky_precmd
  }

  __askrisky_widgets
  __askrisky_arm
  typeset -gr __askrisky_bin __askrisky_zle
fi
