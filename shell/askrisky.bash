# askrisky guard for interactive bash — add to ~/.bashrc:
#   eval "$(askrisky init bash)"
# Every command line you type is checked once before it runs: the blocked
# tier is refused, the danger set shows askrisky's card, everything else runs
# at once. `ASKRISKY_GUARD=off` turns it off for this shell.
if [[ $- == *i* ]] && [[ -z "${__askrisky_guard_loaded-}" ]]; then
  __askrisky_guard_loaded=1
  __askrisky_bin=@ASKRISKY_BIN@
  # ready: next command starts a new line; checked: the line may run;
  # refused: skip every command of this line; each: check command by command.
  __askrisky_state=prompt
  __askrisky_last_hist=

  __askrisky_check() {
    "$__askrisky_bin" guard -c "$1" </dev/tty
  }

  __askrisky_preexec() {
    # The prompt command starts: whatever the last line did, a new one follows.
    if [[ "$BASH_COMMAND" == __askrisky_enter_prompt* ]]; then
      __askrisky_state=prompt
      return 0
    fi
    case "$__askrisky_state" in
      prompt) return 0 ;;
      checked) return 0 ;;
      refused) return 1 ;;
    esac
    [[ -n "${COMP_LINE-}" ]] && return 0
    [[ "${ASKRISKY_GUARD-}" == off ]] && return 0
    if [[ "$__askrisky_state" == each ]]; then
      __askrisky_check "$BASH_COMMAND" && return 0
      __askrisky_state=refused
      return 1
    fi
    # The whole line, once: it is the newest history entry if history
    # recorded it. If not (history off, a leading space with ignorespace),
    # check each simple command as it comes instead.
    local entry num line
    entry=$(HISTTIMEFORMAT='' builtin history 1)
    num=${entry#"${entry%%[![:space:]]*}"}
    num=${num%%[![:digit:]]*}
    line=${entry#*[[:digit:]]  }
    if [[ -n "$num" && "$num" != "$__askrisky_last_hist" && "$line" != "$entry" ]]; then
      __askrisky_last_hist=$num
      if __askrisky_check "$line"; then
        __askrisky_state=checked
        return 0
      fi
      __askrisky_state=refused
      return 1
    fi
    __askrisky_state=each
    __askrisky_check "$BASH_COMMAND" && return 0
    __askrisky_state=refused
    return 1
  }

  __askrisky_enter_prompt() { __askrisky_state=prompt; }
  __askrisky_leave_prompt() { __askrisky_state=ready; }

  # Record where history is now, so the first line is recognised as new.
  __askrisky_last_hist=$(HISTTIMEFORMAT='' builtin history 1)
  __askrisky_last_hist=${__askrisky_last_hist#"${__askrisky_last_hist%%[![:space:]]*}"}
  __askrisky_last_hist=${__askrisky_last_hist%%[![:digit:]]*}

  if [[ "$(declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
    PROMPT_COMMAND=(__askrisky_enter_prompt "${PROMPT_COMMAND[@]}" __askrisky_leave_prompt)
  else
    PROMPT_COMMAND="__askrisky_enter_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND};__askrisky_leave_prompt"
  fi
  shopt -s extdebug
  trap '__askrisky_preexec' DEBUG
fi
