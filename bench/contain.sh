#!/usr/bin/env bash
# The cost of containment on `askrisky exec -- true` in autopilot: the same
# run with containment on (the default) and off (`[contain] enabled =
# false`), N runs each, taken in turn so that load on the machine falls on
# both alike. Prints the mean per run of each and the difference.
#
#   bench/contain.sh [N]        (default 400; builds the release binary)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-400}"
bin="$(realpath "${ASKRISKY_BIN:-target/release/askrisky}")"
[ -x "$bin" ] || { cargo build --release --quiet && bin="$(realpath target/release/askrisky)"; }
scratch="$(mktemp -d /var/tmp/askrisky-bench.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT
home="$scratch/home"
mkdir -p "$home/.config/askrisky" "$home/project"
for f in .bashrc .profile .gitconfig; do echo "# $f" >"$home/$f"; done
mkdir -p "$home/.ssh" "$home/.cache" "$home/.cargo/registry" && echo k >"$home/.ssh/id_ed25519"
cfg="$home/.config/askrisky/config.toml"

run() { # $1: config; prints seconds for n runs
  printf '%s' "$1" >"$cfg" && chmod 600 "$cfg"
  local start end
  start=$(date +%s%N)
  for ((i = 0; i < n; i++)); do
    (cd "$home/project" && HOME="$home" "$bin" exec -- true) || { echo "askrisky exec failed" >&2; exit 1; }
  done
  end=$(date +%s%N)
  echo $(((end - start) / n))
}

on=0 off=0
for round in 1 2 3; do
  off=$((off + $(run $'mode = "autopilot"\n[contain]\nenabled = false\n')))
  on=$((on + $(run $'mode = "autopilot"\n')))
done
on=$((on / 3)) off=$((off / 3))
printf 'askrisky exec -- true, autopilot, %d runs x 3 rounds each\n' "$n"
printf '  uncontained: %d.%03d ms a run\n' $((off / 1000000)) $((off / 1000 % 1000))
printf '  contained:   %d.%03d ms a run\n' $((on / 1000000)) $((on / 1000 % 1000))
d=$((on - off))
printf '  containment: %d µs a run\n' $((d / 1000))
