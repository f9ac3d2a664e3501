#!/usr/bin/env bash
# End-to-end test: README.md's Quick start, as a new user does it.
#
# Clones this checkout into a scratch folder, takes the first ```sh block of
# README.md's "## Quick start" section, and types its lines, one by one, into
# an interactive bash in a tmux session whose HOME is a scratch folder: the
# README's own `cargo install` builds and installs askrisky, `askrisky install
# claude-code` hooks it into Claude Code, `askrisky doctor` and `askrisky check`
# run. Then the real Claude Code client (pinned, as in claude-code.sh) is
# started in that HOME, in its terminal UI, against a scripted fake model
# (fake_models.py) that runs `ls` and then `rm -rf x`: `ls` must run with no
# permission prompt (askrisky with no mode set leaves it to Claude Code's own
# rules, which allow it), and `rm -rf x` must stop at a permission prompt
# that shows askrisky's reason; the test answers No and x must survive.
# Claude Code and its fake model run in a network namespace that has only
# loopback, so nothing can leave the machine.
#
# Needs: git, cargo, tmux, python3, unshare and ip, npm and its registry (the
# first time; the install is shared with claude-code.sh). Without the registry
# or a network namespace it prints one `SKIP:` line and exits 0; so it does
# without tmux, except under CI, where a missing tmux is a failure.
#
# Environment:
#   ASKRISKY_QUICKSTART_TARGET  cargo's target folder for the README's
#                               `cargo install` (default: quickstart/ in
#                               $CARGO_TARGET_DIR, or in the checkout's
#                               target/), so built dependencies are reused
#                               and a real release build is left alone
#   ASKRISKY_QUICKSTART_README  the README to take the Quick start from
#                               (default: the checkout's README.md)
#   ASKRISKY_E2E_CACHE          where Claude Code is installed (see npm.sh)
#   ASKRISKY_E2E_KEEP=1         keep the scratch folder even when all passed
set -euo pipefail

# Pinned, as in claude-code.sh (package.json and package-lock.json here).
CLAUDE_CODE_VERSION=2.1.197
# What the Quick start must say, in order (its comments aside).
EXPECTED_LINES=(
  'cargo install --locked --path .'
  'askrisky install claude-code'
  'askrisky doctor'
  'askrisky check -- rm -rf x'
)
# Upper bounds on each wait; each is polled, so a pass takes what it takes.
BUILD_TIMEOUT_S=1500 # a release build from nothing on a small machine
LINE_TIMEOUT_S=60    # any other typed line
TUI_TIMEOUT_S=60     # each step of Claude Code's terminal UI
# The API key Claude Code is given (the fake model accepts anything).
API_KEY=e2e-not-a-real-key-quickstart

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
self=$here/$(basename "${BASH_SOURCE[0]}")
repo=$(cd "$here/../.." && pwd)

# ---------------------------------------------------------------------------
# Inside the network namespace, in a tmux window: start the fake model,
# run Claude Code in the foreground (the window is its terminal), stop the
# fake. CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: without it Claude Code
# tries to reach its vendor's servers besides the model API.
if [[ ${1:-} == __claude ]]; then
  claude=$2 home=$3 proj=$4 dir=$5
  ip link set lo up
  python3 "$here/fake_models.py" "$dir/port" "$dir/req" "$(cat "$dir/steps.json")" 2>"$dir/server.log" &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null || true' EXIT
  trap 'exit 129' HUP
  trap 'exit 130' INT TERM
  for ((i = 0; i < 200; i++)); do
    [[ -s $dir/port ]] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.05
  done
  if [[ ! -s $dir/port ]]; then
    echo "the fake model server did not start" >"$dir/claude.rc"
    exit 1
  fi
  cd "$proj"
  rc=0
  # env -i: only what is listed reaches Claude Code and so askrisky's hook
  # (in particular not CI, which turns askrisky's "ask" into "deny").
  env -i PATH=/usr/local/bin:/usr/bin:/bin SHELL=/bin/bash LANG=C.UTF-8 TERM="${TERM:-screen}" \
    HOME="$home" TMPDIR="$dir/tmp" CLAUDE_CODE_TMPDIR="$dir/tmp" \
    ANTHROPIC_BASE_URL="http://127.0.0.1:$(cat "$dir/port")" ANTHROPIC_API_KEY="$API_KEY" \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 \
    "$claude" || rc=$?
  echo "$rc" >"$dir/claude.rc"
  exit 0
fi

# ---------------------------------------------------------------------------
# Outside: prerequisites, the clone, the typed Quick start, Claude Code.
skip() {
  echo "SKIP: Quick start end-to-end test: $*"
  exit 0
}
die() {
  echo "error: $*" >&2
  exit 1
}

for tool in git cargo python3 ip timeout unshare; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool is not installed"
done
if ! command -v tmux >/dev/null 2>&1; then
  # CI installs tmux (.ci/run): there its absence is a broken setup.
  [[ -n ${CI:-} ]] && die "tmux is not installed (under CI it must be)"
  skip "tmux is not installed"
fi
if unshare -n true 2>/dev/null; then
  netns=(unshare -n)
elif unshare -rn true 2>/dev/null; then
  netns=(unshare -rn)
else
  skip "cannot make a network namespace (unshare -n needs root or user namespaces)"
fi

case $(uname -m) in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) skip "Claude Code has no Linux build for $(uname -m)" ;;
esac
# shellcheck source=tests/e2e/npm.sh
source "$here/npm.sh"
modules=$(e2e_npm_install) || die "npm install of the pinned agents failed"
[[ $modules == SKIP:* ]] && skip "${modules#SKIP: }"
claude=$modules/@anthropic-ai/claude-code-linux-$arch/claude
[[ -x $claude ]] || die "npm ci did not install $claude"
version=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/nonexistent LANG=C.UTF-8 "$claude" --version 2>/dev/null || true)
[[ $version == "$CLAUDE_CODE_VERSION "* ]] ||
  die "expected Claude Code $CLAUDE_CODE_VERSION at $claude, got: ${version:-nothing}"

readme=${ASKRISKY_QUICKSTART_README:-$repo/README.md}
[[ -f $readme ]] || die "no README at $readme"
target=${ASKRISKY_QUICKSTART_TARGET:-${CARGO_TARGET_DIR:-target}/quickstart}
[[ $target == /* ]] || target=$repo/$target
mkdir -p "$target"
# The shell's cargo is the caller's (rustup's proxy, usually), with the
# caller's registry cache and toolchains; only HOME and the install root are
# the scratch ones.
cargo_bin=$(dirname "$(command -v cargo)")
cargo_home=${CARGO_HOME:-$HOME/.cargo}
rustup_home=${RUSTUP_HOME:-$HOME/.rustup}

work=$(mktemp -d "${TMPDIR:-/tmp}/askrisky-qs.XXXXXX")
sock=$work/tmux.sock
fail=0
pass=0
cleanup() {
  # Claude Code outlives the hangup it gets when tmux closes its terminal, so
  # each live pane's process group (the pane's first process leads one) is
  # told to stop first.
  local dead pid
  while read -r dead pid; do
    [[ $dead == 0 ]] && kill -TERM -- "-$pid" 2>/dev/null
  done < <(tmux -S "$sock" list-panes -a -F '#{pane_dead} #{pane_pid}' 2>/dev/null)
  tmux -S "$sock" kill-server 2>/dev/null || true
  if ((fail == 0)) && [[ ${ASKRISKY_E2E_KEEP:-} != 1 ]]; then
    rm -rf "$work"
  else
    echo "scratch folder kept: $work"
  fi
}
trap cleanup EXIT
trap 'fail=1; exit 130' INT TERM

# --- helpers ----------------------------------------------------------------
# shellcheck source=tests/e2e/checks.sh
source "$here/checks.sh"
now_ms() { echo $((${EPOCHREALTIME/[.,]/} / 1000)); }
seconds_since() { # START_MS -> "12.3"
  local ms=$(($(now_ms) - $1))
  printf '%d.%d' $((ms / 1000)) $((ms / 100 % 10))
}

tmux_() { tmux -S "$sock" "$@"; }
pane() { # TARGET: what the pane shows now, wrapped lines joined
  tmux_ capture-pane -p -J -t "$1" 2>/dev/null || true
}
history_of() { # TARGET: the pane's whole history and screen
  tmux_ capture-pane -p -J -S - -t "$1" 2>/dev/null || true
}
give_up() { # TARGET MESSAGE: stop with what the pane shows
  fail=$((fail + 1))
  echo "FAIL  $2" >&2
  echo "----- tmux pane $1 -----" >&2
  pane "$1" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >&2
  echo "-----" >&2
  exit 1
}
wait_until() { # TARGET TIMEOUT_S WHAT COMMAND...: poll COMMAND until it succeeds
  local target=$1 timeout_s=$2 what=$3 deadline
  shift 3
  deadline=$(($(now_ms) + timeout_s * 1000))
  until "$@"; do
    (($(now_ms) < deadline)) || give_up "$target" "timed out after ${timeout_s}s waiting for $what"
    sleep 0.1
  done
}
pane_has() { # TARGET TEXT
  [[ $(pane "$1") == *"$2"* ]]
}
lines_in() { # FILE: its number of lines (0 when it does not exist)
  if [[ -f $1 ]]; then wc -l <"$1"; else echo 0; fi
}
more_lines_than() { # FILE N
  (($(lines_in "$1") > $2))
}

# --- the Quick start, from README.md ----------------------------------------
# The first ```sh block under "## Quick start" (before the next heading).
quickstart=$(awk '
  /^## / { inside = ($0 ~ /^## Quick start[ \t]*$/); next }
  inside && !open && /^```sh[ \t]*$/ { open = 1; next }
  open && /^```/ { closed = 1; exit }
  open { print }
  END { if (!closed) exit 1 }
' "$readme") || die "$readme: no closed \`\`\`sh block under a \"## Quick start\" heading"
mapfile -t block <<<"$quickstart"
typed=()   # the lines as a user types (pastes) them, comments and all
commands=() # the same without their comments, to compare
for line in "${block[@]}"; do
  [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue # blank or only a comment
  typed+=("$line")
  line=${line%% #*}
  line=${line%"${line##*[![:space:]]}"}
  commands+=("$line")
done
if [[ ${commands[*]} != "${EXPECTED_LINES[*]}" || ${#commands[@]} != "${#EXPECTED_LINES[@]}" ]]; then
  echo "README.md's Quick start changed shape; this test types its lines and checks each one." >&2
  echo "expected these commands, in order:" >&2
  printf '  %s\n' "${EXPECTED_LINES[@]}" >&2
  echo "found:" >&2
  printf '  %s\n' "${commands[@]}" >&2
  die "update tests/e2e/quickstart.sh together with README.md's Quick start"
fi
ok "README.md's Quick start has the expected ${#commands[@]} lines"

# --- a fresh clone ---------------------------------------------------------------
# The commit checked out here, as a new user gets it (not uncommitted edits).
# A checkout owned by another user (CI's, run as root) is still this one.
clone=$work/askrisky
if rev=$(git -c safe.directory='*' -C "$repo" rev-parse HEAD 2>/dev/null); then
  git -c safe.directory='*' clone --quiet --no-checkout "$repo" "$clone"
  git -C "$clone" -c advice.detachedHead=false checkout --quiet "$rev"
else
  # Not a git checkout (a tarball): the tree as it is, without build output.
  rev="the tree at $repo"
  mkdir -p "$clone"
  tar -C "$repo" --exclude=./target --exclude=./fuzz/target -cf - . | tar -C "$clone" -xf -
fi
home=$work/home
mkdir -p "$home"
echo "Quick start from a clone of $rev; Claude Code $CLAUDE_CODE_VERSION; scratch $work"

# --- the typed lines -------------------------------------------------------------
# An interactive bash in tmux, in the clone's folder. Its prompt command
# appends each line's exit status to a file, so each wait is on that file.
statuses=$work/statuses
cat >"$work/bashrc" <<EOF
PS1='quickstart\$ '
PROMPT_COMMAND='echo \$? >>"$statuses"'
EOF
cat >"$work/tmux.conf" <<'EOF'
set -g history-limit 100000
set -g remain-on-exit on
EOF
# The typed line stays as written; settings that reach cargo through its
# environment build it without the release profile's optimisation (opt
# level 3, fat LTO, one codegen unit): on a busy 2-core machine those took
# the build from nothing to 8.5 minutes (5 with LTO off alone), CI builds
# it from nothing each time, and they prove nothing here: the Quick
# start's steps work the same either way.
env -i HOME="$home" LANG=C.UTF-8 \
  PATH="$home/.cargo/bin:$cargo_bin:/usr/local/bin:/usr/bin:/bin" \
  CARGO_HOME="$cargo_home" RUSTUP_HOME="$rustup_home" \
  ${RUSTUP_TOOLCHAIN:+RUSTUP_TOOLCHAIN="$RUSTUP_TOOLCHAIN"} \
  CARGO_INSTALL_ROOT="$home/.cargo" CARGO_TARGET_DIR="$target" CARGO_TERM_COLOR=never \
  CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_DEBUG=false \
  tmux -S "$sock" -f "$work/tmux.conf" new-session -d -s qs -n shell -x 200 -y 50 -c "$clone" \
  bash --noprofile --rcfile "$work/bashrc" -i
wait_until qs:shell 30 "the shell's first prompt" test -s "$statuses"

declare -a status_of output_of
type_line() { # N: type line N, wait for its prompt to come back
  local n=$1 line=${typed[$1]} before timeout_s=$LINE_TIMEOUT_S t0
  ((n == 0)) && timeout_s=$BUILD_TIMEOUT_S
  before=$(lines_in "$statuses")
  tmux_ send-keys -t qs:shell -l -- "$line"
  tmux_ send-keys -t qs:shell Enter
  t0=$(now_ms)
  wait_until qs:shell "$timeout_s" "\`${commands[$n]}\` to finish" more_lines_than "$statuses" "$before"
  status_of[n]=$(tail -n 1 "$statuses")
  printf -- '--- "%s" exited %s after %s s\n' "${commands[$n]}" "${status_of[n]}" "$(seconds_since "$t0")"
}
# What line N printed: the pane's lines after its own prompt line, up to the
# next prompt.
capture_outputs() {
  local n=-1 l
  local -a lines
  mapfile -t lines < <(history_of qs:shell)
  for l in "${lines[@]}"; do
    if [[ $l == 'quickstart$ '* ]]; then
      n=$((n + 1))
      continue
    fi
    ((n >= 0 && n < ${#typed[@]})) && output_of[n]+=$l$'\n'
  done
  return 0
}

for i in "${!typed[@]}"; do type_line "$i"; done
capture_outputs
for i in "${!typed[@]}"; do printf '%s' "${output_of[i]}" >"$work/output-$i.txt"; done
printf -- '--- askrisky doctor said:\n%s' "${output_of[2]}"
printf -- '--- askrisky check -- rm -rf x said:\n%s' "${output_of[3]}"

installed=$home/.cargo/bin/askrisky
check_eq "\`cargo install --locked --path .\` exits 0" "${status_of[0]}" 0
check "it installed askrisky into the scratch HOME's ~/.cargo/bin" test -x "$installed"
check_has "that askrisky runs" "$("$installed" --version 2>&1)" askrisky

check_eq "\`askrisky install claude-code\` exits 0" "${status_of[1]}" 0
settings=$home/.claude/settings.json
check "it wrote .claude/settings.json in the scratch HOME" test -f "$settings"
check_has "settings.json runs the installed askrisky as a hook" "$(cat "$settings" 2>/dev/null)" "$installed"

# doctor exits 1 when it finds a problem; a scratch HOME may have some.
check "\`askrisky doctor\` ran (exit 0 or 1)" test "${status_of[2]}" = 0 -o "${status_of[2]}" = 1
check "doctor reports Claude Code's hook installed and answering" \
  grep -Eq '^claude-code +hook installed and answering \(' "$work/output-2.txt"
check "doctor ends with its summary" grep -Eq '^(no problems found|[0-9]+ problem\(s\) found)' "$work/output-2.txt"

# check exits 81 for "ask" (README, "Exit statuses").
check_eq "\`askrisky check -- rm -rf x\` exits 81 (the decision is ask)" "${status_of[3]}" 81
check_has "check says its decision is ask" "${output_of[3]}" "decision: ask"
check_has "check names the rule delete.recursive" "${output_of[3]}" delete.recursive

# --- Claude Code, in its terminal UI -------------------------------------------------
proj=$work/project
cdir=$work/claude
mkdir -p "$proj/x" "$cdir/req" "$cdir/tmp"
echo keep >"$proj/x/keep.txt"
# The fake model's script: `ls`, then, once its result is back, `rm -rf x`.
cat >"$cdir/steps.json" <<'EOF'
[["Bash", {"command": "ls", "description": "List the files"}],
 ["Bash", {"command": "rm -rf x", "description": "Delete the x folder"}]]
EOF
# Claude Code's first-run screens, answered as a person would have: the
# onboarding (theme) done, this folder trusted, this API key approved (Claude
# Code keeps the key's last 20 characters).
python3 - "$home/.claude.json" "$proj" "$API_KEY" "$CLAUDE_CODE_VERSION" <<'PY'
import json, os, sys
path, proj, key, version = sys.argv[1:]
config = json.load(open(path)) if os.path.exists(path) else {}
config.update(hasCompletedOnboarding=True, lastOnboardingVersion=version, theme="dark",
              customApiKeyResponses={"approved": [key[-20:]], "rejected": []})
config.setdefault("projects", {}).setdefault(proj, {})["hasTrustDialogAccepted"] = True
with open(path, "w") as f:
    json.dump(config, f, indent=2)
PY

start_claude=$(printf '%q ' "${netns[@]}" bash "$self" __claude "$claude" "$home" "$proj" "$cdir")
tmux_ new-window -t qs -n claude "$start_claude"
claude_ready() { # Claude Code shows its input prompt (and has not quit)
  [[ -s $cdir/claude.rc ]] && give_up qs:claude "Claude Code quit early: $(cat "$cdir/claude.rc")"
  pane_has qs:claude "for shortcuts"
}
wait_until qs:claude "$TUI_TIMEOUT_S" "Claude Code's input prompt" claude_ready
ok "Claude Code starts in its terminal UI with no first-run screen"

prompt='List the files here, then delete the x folder'
tmux_ send-keys -t qs:claude -l -- "$prompt"
wait_until qs:claude 10 "the typed prompt to show" pane_has qs:claude "$prompt"
tmux_ send-keys -t qs:claude Enter
wait_until qs:claude "$TUI_TIMEOUT_S" "a permission prompt" pane_has qs:claude "Do you want to proceed?"
screen=$(pane qs:claude)
printf -- '--- Claude Code asks:\n%s\n' "$(sed -n -e 's/ *$//' -e '/Bash command/,$p' <<<"$screen")"

check "x still exists while Claude Code asks" test -f "$proj/x/keep.txt"
check_has "the prompt is for rm -rf x" "$screen" "rm -rf x"
# Claude Code would ask about rm -rf x on its own too: the prompt must be
# the hook's, with askrisky's reason in it.
check_has "the prompt is askrisky's hook asking" "$screen" "Hook PreToolUse:Bash requires confirmation"
check_has "the prompt shows askrisky's reason" "$screen" "askrisky: Deletes a folder"
check_has "the prompt names the rule delete.recursive" "$screen" "[delete.recursive]"
# Nothing was answered so far: had `ls` stopped at a prompt, its result would
# not have reached the model and `rm -rf x` would never have been asked for.
# (facts.py reads the result of the call that ran the command it is given.)
declare -A L=() F=()
while IFS=$'\t' read -r k v; do L[$k]=$v; done < <(python3 "$here/facts.py" "$cdir" "$home" 'ls')
while IFS=$'\t' read -r k v; do F[$k]=$v; done < <(python3 "$here/facts.py" "$cdir" "$home" 'rm -rf x')
check_eq "ls ran with no permission prompt: its result went back to the model" "${L[tool_result_is_error]:-}" false
check_eq "ls listed the project folder" "${L[tool_result_text]:-}" x
# askrisky's own record of ls: a line outside the danger set, with no mode
# set, left to Claude Code's rules (which allow ls without asking), and no
# record taking its run for the person's approval at a prompt.
ls_record=$(python3 - "$home/.local/state/askrisky/log.jsonl" <<'PY'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
ls = [r for r in records if r.get("command") == "ls" and r.get("surface") == "hook:claude-code"]
print("/".join("%s/%s/%s" % (r.get("tier"), r.get("outcome"), r.get("decided_by")) for r in ls))
PY
) || true
check_eq "askrisky's decision log: ls was left to Claude Code's own rules, and only that" "$ls_record" clear/left_to_agent/agent
check_eq "askrisky's decision log: rm -rf x from Claude Code's hook" "${F[log_surface]:-}" hook:claude-code
check_eq "askrisky's decision log: rm -rf x was asked about" "${F[log_decision]:-}" ask
check_has "askrisky's decision log: rm -rf x matched delete.recursive" "${F[log_rules]:-}" delete.recursive

# No, by Escape, as the prompt says.
tmux_ send-keys -t qs:claude Escape
wait_until qs:claude "$TUI_TIMEOUT_S" "Claude Code to take the No" pane_has qs:claude "Interrupted"
check "after No, x and its file still exist" test -f "$proj/x/keep.txt"

tmux_ send-keys -t qs:claude -l -- /exit
wait_until qs:claude 10 "/exit to show" pane_has qs:claude "/exit"
tmux_ send-keys -t qs:claude Enter
wait_until qs:claude "$TUI_TIMEOUT_S" "Claude Code to quit" test -s "$cdir/claude.rc"
check_eq "Claude Code quits with status 0" "$(cat "$cdir/claude.rc")" 0
check "x is still there at the end" test -f "$proj/x/keep.txt"

echo "quickstart: $pass passed, $fail failed"
((fail == 0))
