# askrisky guard for interactive bash — add to ~/.bashrc:
#   eval "$(askrisky init bash)"
# Every command line you type is checked once before it runs: the blocked
# tier is refused, the danger set shows askrisky's card, everything else runs
# at once. `ASKRISKY_GUARD=off` turns it off for this shell.
if [[ $- == *i* ]] && [[ -z "${__askrisky_guard_loaded-}" ]]; then
  __askrisky_guard_loaded=1
  __askrisky_bin=@ASKRISKY_BIN@
  # prompt: the prompt command runs; checked: the line may run; refused:
  # skip every command of this line; each: check command by command.
  __askrisky_state=prompt
  __askrisky_last_hist=
  __askrisky_prev=
  __askrisky_suspended=
  # Lines read so far (PS0 counts them, printing nothing), and seen so far.
  __askrisky_lines=0
  __askrisky_seen=0
  __askrisky_empty=
  __askrisky_ps0='${__askrisky_empty:$((__askrisky_lines += 1)):0}'

  __askrisky_check() {
    "$__askrisky_bin" guard -c "$1" </dev/tty
  }

  # The guard reads the whole line from history, so history must record
  # every line, whatever HISTCONTROL, HISTIGNORE or HISTSIZE=0 say: a line
  # kept out of history (a leading space under
  # ignorespace, a repeat under ignoredups) would otherwise be checked
  # command by command, and `echo x | sh` passes that way. While a line is read they are set aside;
  # before it runs they are put back, and the entry is removed if they would
  # not have kept it.
  __askrisky_suspend_history() {
    [[ -n "$__askrisky_suspended" ]] && return 0
    __askrisky_suspended=1
    __askrisky_hc_set=${HISTCONTROL+1} __askrisky_hc=${HISTCONTROL-}
    __askrisky_hi_set=${HISTIGNORE+1} __askrisky_hi=${HISTIGNORE-}
    __askrisky_hsize=
    if [[ "${HISTSIZE-}" == 0 ]]; then
      __askrisky_hsize=1
      HISTSIZE=1
    fi
    __askrisky_hoff=
    if [[ ! -o history ]]; then
      # bash does not take `set -o history` back for the line it is about
      # to read: with history off, lines are checked command by command.
      __askrisky_hoff=1
      if [[ -z "${__askrisky_told_off-}" ]]; then
        __askrisky_told_off=1
        printf '%s\n' "askrisky: history is off in this shell, so the guard checks each command of a line on its own and cannot see a pipe into a shell whole; 'set -o history' brings back the whole-line check" >&2
      fi
    fi
    # erasedups removes older copies; it never keeps the new line out.
    if [[ ":${HISTCONTROL-}:" == *:erasedups:* ]]; then HISTCONTROL=erasedups; else HISTCONTROL=; fi
    HISTIGNORE=
  }

  __askrisky_restore_history() {
    [[ -z "$__askrisky_suspended" ]] && return 0
    __askrisky_suspended=
    if [[ -n "$__askrisky_hc_set" ]]; then HISTCONTROL=$__askrisky_hc; else unset HISTCONTROL; fi
    if [[ -n "$__askrisky_hi_set" ]]; then HISTIGNORE=$__askrisky_hi; else unset HISTIGNORE; fi
    [[ -n "$__askrisky_hsize" ]] && HISTSIZE=0
    return 0
  }

  # Whether the person's settings would have kept line $1 out of history.
  __askrisky_unwanted() {
    [[ -n "$__askrisky_hoff" ]] && return 0
    local hc=":${HISTCONTROL-}:" p
    if [[ $hc == *:ignorespace:* || $hc == *:ignoreboth:* ]] && [[ $1 == [[:space:]]* ]]; then
      return 0
    fi
    if [[ $hc == *:ignoredups:* || $hc == *:ignoreboth:* ]] && [[ $1 == "$__askrisky_prev" ]]; then
      return 0
    fi
    [[ -z "${HISTIGNORE-}" ]] && return 1
    local -a patterns
    IFS=: read -r -a patterns <<<"$HISTIGNORE"
    for p in "${patterns[@]}"; do
      if [[ $p == '&' ]]; then
        [[ $1 == "$__askrisky_prev" ]] && return 0
      elif [[ -n $p && $1 == $p ]]; then
        return 0
      fi
    done
    return 1
  }

  __askrisky_preexec() {
    # extdebug traces into functions: the guard's own are not the line.
    [[ "${FUNCNAME[1]-}" == __askrisky_* ]] && return 0
    # The prompt command starts: whatever the last line did, a new one follows.
    if [[ "$BASH_COMMAND" == __askrisky_enter_prompt* ]]; then
      __askrisky_state=prompt
      return 0
    fi
    # Completion functions and `bind -x` commands run while a line is read;
    # they are not the line.
    [[ -n "${COMP_LINE-}" || -n "${READLINE_POINT+x}" ]] && return 0
    # A new line was read: PS0, expanded once per line read, counted it. If
    # the person's config replaced PS0 or the prompt command after the guard
    # loaded, the hooks go back, and this command counts as a new line.
    local new=
    if [[ "$__askrisky_lines" != "$__askrisky_seen" ]]; then
      new=1
    elif [[ "${PS0-}" != *__askrisky_lines* ]]; then
      PS0="${PS0-}$__askrisky_ps0"
      new=1
    fi
    if [[ "${PROMPT_COMMAND[*]-}" != *__askrisky_leave_prompt* ]]; then
      __askrisky_hook_prompt
    fi
    if [[ -z "$new" ]]; then
      case "$__askrisky_state" in
        prompt | checked) return 0 ;;
        refused) return 1 ;;
      esac
    else
      __askrisky_seen=$__askrisky_lines
      # The whole line is the newest history entry.
      __askrisky_newest
      local num=$__askrisky_num line=$__askrisky_text
      __askrisky_restore_history
      __askrisky_state=each
      if [[ -n "$num" && "$num" != "$__askrisky_last_hist" ]]; then
        __askrisky_last_hist=$num
        if [[ -n "$__askrisky_hsize" ]]; then
          # HISTSIZE=0 is back: the list is empty again, and the next
          # line's entry may get this number again.
          __askrisky_last_hist=
        elif __askrisky_unwanted "$line"; then
          builtin history -d "$num" 2>/dev/null && __askrisky_last_hist=$((num - 1))
        else
          __askrisky_prev=$line
        fi
        if [[ "${ASKRISKY_GUARD-}" == off ]] || __askrisky_check "$line"; then
          __askrisky_state=checked
          return 0
        fi
        __askrisky_state=refused
        return 1
      fi
      # History did not record it (it should have): command by command.
    fi
    [[ "${ASKRISKY_GUARD-}" == off ]] && return 0
    __askrisky_check "$BASH_COMMAND" && return 0
    __askrisky_state=refused
    return 1
  }

  # The newest history entry: its number and text (no number when there
  # is none).
  __askrisky_newest() {
    local entry
    entry=$(HISTTIMEFORMAT='' builtin history 1)
    __askrisky_num=${entry#"${entry%%[![:space:]]*}"}
    __askrisky_num=${__askrisky_num%%[![:digit:]]*}
    __askrisky_text=${entry#*[[:digit:]]  }
    [[ "$__askrisky_text" == "$entry" ]] && __askrisky_num=
    return 0
  }

  __askrisky_enter_prompt() {
    __askrisky_restore_history
    __askrisky_state=prompt
  }
  __askrisky_leave_prompt() {
    __askrisky_suspend_history
  }

  __askrisky_hook_prompt() {
    if [[ "$(declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
      PROMPT_COMMAND=(__askrisky_enter_prompt "${PROMPT_COMMAND[@]}" __askrisky_leave_prompt)
    else
      PROMPT_COMMAND="__askrisky_enter_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND};__askrisky_leave_prompt"
    fi
  }

  # Where history is now, so the first line is recognised as new.
  __askrisky_newest
  __askrisky_last_hist=$__askrisky_num
  __askrisky_prev=$__askrisky_text

  __askrisky_hook_prompt
  PS0="${PS0-}$__askrisky_ps0"
  shopt -s extdebug
  # extdebug traces into functions; the guard's own are skipped before any
  # call, which keeps the prompt fast.
  trap '[[ "${FUNCNAME[0]-}" == __askrisky_* ]] || __askrisky_preexec' DEBUG
fi
