#!/usr/bin/env bash
# The whole per-line cost of a guarded interactive shell: N clear lines typed
# into bash, zsh and fish in tmux, with and without `askrisky init`, and
# the difference per line. It includes everything the shell does for the
# guard (bash's DEBUG trap and history read, zsh's widget, fish's binding),
# not only askrisky's process.
#
# Usage: bench/guard.sh [LINES]   (default 200; needs tmux, and zsh and fish
# for their rows; uses target/release/askrisky, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
bin=$PWD/target/release/askrisky
[ -x "$bin" ] || cargo build --release --quiet
work=$(mktemp -d)
trap 'tmux -L askrisky-bench kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

run() { # shell guarded? -> seconds for n lines
  local shell=$1 guarded=$2 start load
  case $shell in
    bash) start="bash --norc --noprofile -i"; load="eval \"\$('$bin' init bash)\"" ;;
    zsh) start="zsh -f -i"; load="eval \"\$('$bin' init zsh)\"" ;;
    fish) start="fish --no-config -i"; load="'$bin' init fish | source" ;;
  esac
  rm -f "$work/done"
  tmux -L askrisky-bench kill-server 2>/dev/null || true
  sleep 0.5
  tmux -L askrisky-bench new-session -d -x 200 -y 50 -c "$work" \
    "env -i HOME='$work' PATH='$PATH' TERM=xterm-256color LANG=C.UTF-8 $start"
  sleep 1
  [ "$guarded" = yes ] && tmux -L askrisky-bench send-keys -l "$load" && tmux -L askrisky-bench send-keys Enter
  sleep 1
  # All lines are typed ahead at once, so the shell, not the typing, sets
  # the pace.
  local t0 t1 keys
  keys=$(printf 'true\n%.0s' $(seq "$n"))
  t0=$(date +%s%N)
  tmux -L askrisky-bench send-keys -l "$keys"
  tmux -L askrisky-bench send-keys Enter
  tmux -L askrisky-bench send-keys -l 'touch done'
  tmux -L askrisky-bench send-keys Enter
  while [ ! -e "$work/done" ]; do sleep 0.01; done
  t1=$(date +%s%N)
  echo $(( (t1 - t0) / 1000 ))
}

printf '%-5s %12s %12s %14s\n' shell "plain µs/line" "guarded" "guard µs/line"
for shell in bash zsh fish; do
  command -v "$shell" >/dev/null || continue
  plain=$(run "$shell" no)
  guarded=$(run "$shell" yes)
  printf '%-5s %12d %12d %14d\n' "$shell" $((plain / n)) $((guarded / n)) $(((guarded - plain) / n))
done
