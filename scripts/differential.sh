#!/usr/bin/env bash
# Differential execution over generated lines: for each shell, lines built
# from the grammars' tricky corners that askrisky calls clear are run by
# that shell in a sandbox of stubs, and every program started must be one
# askrisky reported (tests/lines/differential.rs, `generated_lines`).
#
#   scripts/differential.sh [SECONDS_PER_SHELL] [SHELL…]   # default 600, dash bash zsh
#   SEED=42 scripts/differential.sh 60 dash                # another sequence
#
# Needs dash, bash, zsh and bwrap (bubblewrap). Findings are written to
# target/differential-SHELL.txt, one per line: shell, line, what ran.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
shells=("$@")
[ ${#shells[@]} -gt 0 ] || shells=(dash bash zsh)
target=${CARGO_TARGET_DIR:-target}
cargo test --locked --test lines --no-run
status=0
for sh in "${shells[@]}"; do
  out="$target/differential-$sh.txt"
  echo "== $sh: $seconds s"
  ASKRISKY_DIFF_SECONDS=$seconds ASKRISKY_DIFF_SHELL=$sh ASKRISKY_DIFF_OUT=$out \
    ASKRISKY_DIFF_SEED=${SEED:-$RANDOM$RANDOM} \
    cargo test --locked --test lines differential::generated_lines -- --exact --ignored --nocapture \
    || status=1
done
exit $status
