#!/usr/bin/env bash
# Fuzzes every target (or the ones named) for a given time each, starting
# from corpora seeded out of the test fixtures, and prints one line per
# target: runs, seconds, corpus size, and whether it found anything.
#
# Usage: fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]   (default 600, all)
# Env:   JOBS  targets fuzzed at once (default 1)
# Needs: a nightly toolchain and cargo-fuzz (cargo install cargo-fuzz).
# A crash leaves its input in fuzz/artifacts/TARGET/; reproduce it with
#   cargo +nightly fuzz run TARGET fuzz/artifacts/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-600}
shift || true
if [ "$#" -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo +nightly fuzz list); fi
jobs=${JOBS:-1}

python3 seed.py corpus >/dev/null
cargo +nightly fuzz build >/dev/null 2>&1 || cargo +nightly fuzz build
mkdir -p logs

run_one() {
  local t=$1 status=0
  # -timeout: one input taking longer is a hang; -rss_limit_mb: runaway
  # memory; stack overflows abort on their own.
  cargo +nightly fuzz run "$t" "corpus/$t" -- \
    -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 >"logs/$t.log" 2>&1 || status=$?
  local runs time
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$t.log" | grep -o '[0-9]*$' || echo '?')
  time=$(grep -o 'Done [0-9]* runs in [0-9]* second' "logs/$t.log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo '?')
  local result=ok
  [ "$status" -eq 0 ] || result="FOUND SOMETHING (exit $status): see fuzz/logs/$t.log"
  printf '%-18s runs %-10s seconds %-5s corpus %-6s %s\n' "$t" "$runs" "$time" \
    "$(find "corpus/$t" -type f | wc -l)" "$result"
  [ "$status" -eq 0 ]
}

failed=0
pids=()
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
exit "$failed"
