# askrisky guard for interactive bash — add to ~/.bashrc:
#   eval "$(askrisky init bash)"
# Every command line you type is checked once before it runs: the blocked
# tier is refused, the danger set shows askrisky's card, everything else runs
# at once. `ASKRISKY_GUARD=off` turns it off for this shell.
#
# Two hooks check a line. Enter checks it before bash reads it (a key
# binding): a line that is not run is taken back, so nothing of it runs
# and `$?` stays as it was. A DEBUG trap, with extdebug so that a refusal
# skips the command, checks before it runs every line Enter did not: one
# typed over several lines, one accepted another way.
#
# A line typed here runs in this shell, so it could take the hooks away
# for the lines after it: askrisky's `guard.*` rules ask before a line
# does. What is found switched off all the same (by a script sourced
# here, say) is put back before the next line is read, and said; a line
# that reaches a hook while the guard is found off is not run. The
# functions are read-only: they cannot be redefined or removed.
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
  __askrisky_trap='[[ "${FUNCNAME[0]-}" == __askrisky_* ]] || __askrisky_preexec'
  # The line Enter checked and let run (the trap does not check it again);
  # whether Enter is on the first line of a command; whether the trap ran
  # for the prompt command (it is in place); what was found switched off.
  __askrisky_passed=
  __askrisky_first=
  __askrisky_beat=
  __askrisky_off=()

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
        builtin printf '%s\n' "askrisky: history is off in this shell, so the guard checks each command of a line typed over several lines on its own and cannot see a pipe into a shell whole; 'set -o history' brings back the whole-line check" >&2
      fi
    fi
    # erasedups removes older copies; it never keeps the new line out.
    if [[ ":${HISTCONTROL-}:" == *:erasedups:* ]]; then HISTCONTROL=erasedups; else HISTCONTROL=; fi
    HISTIGNORE=
  }

  __askrisky_restore_history() {
    [[ -z "$__askrisky_suspended" ]] && return 0
    __askrisky_suspended=
    if [[ -n "$__askrisky_hc_set" ]]; then HISTCONTROL=$__askrisky_hc; else builtin unset HISTCONTROL; fi
    if [[ -n "$__askrisky_hi_set" ]]; then HISTIGNORE=$__askrisky_hi; else builtin unset HISTIGNORE; fi
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
    IFS=: builtin read -r -a patterns <<<"$HISTIGNORE"
    for p in "${patterns[@]}"; do
      if [[ $p == '&' ]]; then
        [[ $1 == "$__askrisky_prev" ]] && return 0
      elif [[ -n $p && $1 == $p ]]; then
        return 0
      fi
    done
    return 1
  }

  # What the guard needs that is switched off, added to __askrisky_off:
  # extdebug (without it a refusal does not stop the command) and
  # functrace (without it a line that is a subshell, `( … )`, reaches no
  # trap at all).
  __askrisky_options() {
    builtin shopt -q extdebug || __askrisky_off+=(extdebug)
    [[ -o functrace ]] || __askrisky_off+=(functrace)
  }

  # Puts back all the hooks, and says what was found switched off.
  __askrisky_rearm() {
    local IFS=,
    local what="${__askrisky_off[*]}"
    IFS=$' \t\n'
    __askrisky_off=()
    builtin printf 'askrisky: the guard was switched off in this shell (%s); it is back on\n' "${what//,/, }" >&2
    builtin shopt -s extdebug
    builtin set -T
    builtin trap -- "$__askrisky_trap" DEBUG
    [[ "${PS0-}" == *"$__askrisky_ps0"* ]] || PS0="${PS0-}$__askrisky_ps0"
    [[ "${PROMPT_COMMAND[*]-}" == *__askrisky_leave_prompt* ]] || __askrisky_hook_prompt
    __askrisky_bind_enter
  }

  # Whether the DEBUG trap is the guard's: read only where the prompt
  # command could not tell (it costs a subshell).
  __askrisky_trap_is_ours() {
    [[ "$(builtin trap -p DEBUG)" == "trap -- '$__askrisky_trap' DEBUG" ]]
  }

  __askrisky_preexec() {
    # extdebug traces into functions: the guard's own are not the line.
    [[ "${FUNCNAME[1]-}" == __askrisky_* ]] && return 0
    # The prompt command starts: whatever the last line did, a new one follows.
    if [[ "$BASH_COMMAND" == __askrisky_enter_prompt* ]]; then
      __askrisky_state=prompt
      return 0
    fi
    # The prompt command ends: the trap is in place.
    if [[ "$BASH_COMMAND" == __askrisky_leave_prompt* ]]; then
      __askrisky_beat=1
      return 0
    fi
    # Completion functions and `bind -x` commands run while a line is read;
    # they are not the line. (Setting these variables by hand asks first:
    # askrisky's `guard.switched_off`.)
    [[ -n "${COMP_LINE-}" || -n "${READLINE_POINT+x}" ]] && return 0
    # A new line was read: PS0, expanded once per line read, counted it. If
    # the person's config replaced PS0 or the prompt command after the guard
    # loaded, the hooks go back, and this command counts as a new line.
    local new=
    if [[ "$__askrisky_lines" != "$__askrisky_seen" ]]; then
      new=1
    elif [[ "${PS0-}" != *"$__askrisky_ps0"* ]]; then
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
        [[ "${ASKRISKY_GUARD-}" == off ]] && { __askrisky_state=checked; return 0; }
        __askrisky_stop_if_off && return 1
        # Enter already checked exactly this line.
        if [[ -n "$__askrisky_passed" && "$line" == "$__askrisky_passed" ]]; then
          __askrisky_passed=
          __askrisky_state=checked
          return 0
        fi
        __askrisky_passed=
        if __askrisky_check "$line"; then
          __askrisky_state=checked
          return 0
        fi
        __askrisky_state=refused
        return 1
      fi
      # History did not record it (it should have): command by command.
    fi
    [[ "${ASKRISKY_GUARD-}" == off ]] && return 0
    __askrisky_stop_if_off && return 1
    __askrisky_check "$BASH_COMMAND" && return 0
    __askrisky_state=refused
    return 1
  }

  # Before the trap decides on a line: if extdebug or functrace was
  # switched off, a refusal would print "refused" and the command run all
  # the same. They are put back (so that this refusal does stop it), the
  # person is told, and the line does not run: true when it must not.
  __askrisky_stop_if_off() {
    __askrisky_options
    ((${#__askrisky_off[@]})) || return 1
    __askrisky_rearm
    builtin printf '%s\n' "askrisky: not run: this line came while the guard was off; run it again to have it checked" >&2
    __askrisky_state=refused
    return 0
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

  # Last in the prompt command, just before a line is read: what was
  # switched off since the last line is put back now, so that the next
  # line is checked.
  __askrisky_leave_prompt() {
    if [[ "${ASKRISKY_GUARD-}" != off ]]; then
      [[ -n "$__askrisky_beat" ]] || __askrisky_off+=("the DEBUG trap")
      __askrisky_options
      ((${#__askrisky_off[@]})) && __askrisky_rearm
    fi
    __askrisky_beat=
    # Only PS0 counts lines from here on.
    __askrisky_seen=$__askrisky_lines
    __askrisky_passed=
    __askrisky_first=1
    __askrisky_suspend_history
  }

  __askrisky_hook_prompt() {
    if [[ "$(builtin declare -p PROMPT_COMMAND 2>/dev/null)" == "declare -a"* ]]; then
      PROMPT_COMMAND=(__askrisky_enter_prompt "${PROMPT_COMMAND[@]}" __askrisky_leave_prompt)
    else
      PROMPT_COMMAND="__askrisky_enter_prompt${PROMPT_COMMAND:+;$PROMPT_COMMAND};__askrisky_leave_prompt"
    fi
  }

  # Enter: the line is checked before bash reads it. A line that is not
  # run is taken back (and kept in history): nothing of it runs, and `$?`
  # stays the status of the last line that ran. A line bash reads more of
  # (`for f in *; do`), or the later lines of one, are left to the trap,
  # which checks the whole command.
  __askrisky_enter() {
    local line=$READLINE_LINE first=$__askrisky_first
    __askrisky_first=
    [[ "${ASKRISKY_GUARD-}" == off ]] && return 0
    # The prompt command did not run (PROMPT_COMMAND was replaced after
    # the guard loaded): it goes back, and what it would have checked is
    # checked here.
    if [[ "${PROMPT_COMMAND[*]-}" != *__askrisky_leave_prompt* ]]; then
      __askrisky_hook_prompt
      __askrisky_trap_is_ours || __askrisky_off+=("the DEBUG trap")
      first=1
    fi
    __askrisky_options
    if ((${#__askrisky_off[@]})); then
      __askrisky_show_line "$line"
      __askrisky_rearm
      __askrisky_take_back "$line" "this line came while the guard was off; run it again to have it checked"
      return 0
    fi
    [[ -n "$first" && -n "${line//[[:space:]]/}" ]] || return 0
    # History references are checked as what they expand to.
    local run=$line
    if [[ -o histexpand && ( "$line" == *!* || "$line" == ^* ) ]]; then
      run=$(builtin history -p -- "$line" 2>/dev/null) || return 0
    fi
    # (Its stderr stays on the terminal: a project file's warning, once.)
    "$__askrisky_bin" guard --enter --silent -c "$run" </dev/null >/dev/null
    case $? in
      0)
        __askrisky_passed=$run
        return 0
        ;;
      85) return 0 ;;
    esac
    __askrisky_show_line "$line"
    if "$__askrisky_bin" guard --enter -c "$run" </dev/tty; then
      __askrisky_passed=$run
      return 0
    fi
    __askrisky_take_back "$run"
  }

  # bash clears the line for a key binding's command: it is shown again,
  # after the prompt's last line, above what askrisky says about it.
  __askrisky_show_line() {
    local prompt=${PS1@P}
    prompt=${prompt##*$'\n'}
    builtin printf '%s%s\n' "${prompt//[$'\001\002']/}" "$1" >/dev/tty
  }

  # A line that is not run, with why (none: askrisky said so): it stays in
  # history to recall and edit, as the person's settings keep lines, and
  # the line bash reads is empty.
  __askrisky_take_back() {
    [[ -n "${2-}" ]] && builtin printf 'askrisky: not run: %s\n' "$2" >&2
    if [[ -z "${__askrisky_hsize-}" && -z "${__askrisky_hoff-}" && -o history ]]; then
      local HISTCONTROL HISTIGNORE
      if [[ -n "$__askrisky_suspended" ]]; then
        if [[ -n "$__askrisky_hc_set" ]]; then HISTCONTROL=$__askrisky_hc; else builtin unset HISTCONTROL; fi
        if [[ -n "$__askrisky_hi_set" ]]; then HISTIGNORE=$__askrisky_hi; else builtin unset HISTIGNORE; fi
      fi
      builtin history -s -- "$1"
      __askrisky_prev=$1
    fi
    READLINE_LINE=
    READLINE_POINT=0
  }

  # Enter (Control-M and Control-J, in every keymap) first runs the check,
  # then accepts the line.
  __askrisky_bind_enter() {
    local m
    for m in emacs vi-insert vi-command; do
      builtin bind -m "$m" -x '"\C-x\C-_\C-a": __askrisky_enter'
      builtin bind -m "$m" '"\C-x\C-_\C-b": accept-line'
      builtin bind -m "$m" '"\C-m": "\C-x\C-_\C-a\C-x\C-_\C-b"'
      builtin bind -m "$m" '"\C-j": "\C-x\C-_\C-a\C-x\C-_\C-b"'
    done
  } 2>/dev/null

  # Where history is now, so the first line is recognised as new.
  __askrisky_newest
  __askrisky_last_hist=$__askrisky_num
  __askrisky_prev=$__askrisky_text

  __askrisky_hook_prompt
  PS0="${PS0-}$__askrisky_ps0"
  __askrisky_bind_enter
  builtin readonly __askrisky_bin __askrisky_ps0 __askrisky_trap
  builtin readonly -f __askrisky_check __askrisky_suspend_history __askrisky_restore_history \
    __askrisky_unwanted __askrisky_options __askrisky_rearm __askrisky_trap_is_ours \
    __askrisky_preexec __askrisky_stop_if_off __askrisky_newest __askrisky_enter_prompt \
    __askrisky_leave_prompt __askrisky_hook_prompt __askrisky_enter __askrisky_show_line \
    __askrisky_take_back __askrisky_bind_enter
  builtin shopt -s extdebug
  # extdebug traces into functions; the guard's own are skipped before any
  # call, which keeps the prompt fast.
  builtin trap -- "$__askrisky_trap" DEBUG
fi
