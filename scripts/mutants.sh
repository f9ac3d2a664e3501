#!/usr/bin/env bash
# Mutation testing of askrisky's decision core with cargo-mutants: every
# mutant of the policy table, the reply parser, the danger set, the
# config's strictest-wins merge and the escaping must make a test fail.
# What is mutated and which tests run are in .cargo/mutants.toml.
#
# Usage: scripts/mutants.sh [cargo-mutants options]   e.g. -j 2, -f src/policy.rs
# Needs: cargo install cargo-mutants
# Results: mutants.out/ (caught.txt, missed.txt, timeout.txt, unviable.txt).
# Exits non-zero if any mutant was missed.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo mutants --version >/dev/null 2>&1 || {
  echo "mutants.sh: cargo-mutants is not installed: cargo install --locked cargo-mutants" >&2
  exit 2
}
status=0
cargo mutants --no-shuffle "$@" || status=$?
out=mutants.out
for kind in caught missed timeout unviable; do
  printf '%-9s %s\n' "$kind" "$(wc -l <"$out/$kind.txt" 2>/dev/null || echo 0)"
done
if [ -s "$out/missed.txt" ]; then
  echo "missed mutants:"
  cat "$out/missed.txt"
fi
exit "$status"
