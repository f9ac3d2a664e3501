#!/usr/bin/env bash
# Regenerates docs/report.png: `askrisky report --html` over the fixture log
# the tests use (tests/fixtures/log/report.jsonl), drawn by headless
# Chromium. Needs a built askrisky (ASKRISKY_BIN, default the debug build)
# and chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${ASKRISKY_BIN:-${CARGO_TARGET_DIR:-target}/debug/askrisky}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home/.local/state/askrisky"
cp tests/fixtures/log/report.jsonl "$scratch/home/.local/state/askrisky/log.jsonl"
env -i HOME="$scratch/home" PATH=/usr/bin:/bin LANG=C.UTF-8 \
  "$bin" report --since 2026-11-20 --html "$scratch/report.html"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --no-first-run --hide-scrollbars \
  --user-data-dir="$scratch/profile" --window-size=1100,"${HEIGHT:-2200}" \
  --screenshot="$PWD/docs/report.png" "file://$scratch/report.html" 2>/dev/null
echo "wrote docs/report.png"
