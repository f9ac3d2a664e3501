#!/usr/bin/env bash
# Whole `askrisky check` with a 1 MB and a 1 GB agent transcript: time and
# peak memory must not grow with the transcript (askrisky reads its end only).
# Usage: bench/transcript.sh [path/to/askrisky]   (default: target/release/askrisky)
set -euo pipefail
bin=${1:-target/release/askrisky}
[ -x "$bin" ] || cargo build --release --quiet
bin=$(realpath "$bin")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
dir="$HOME/.claude/projects/-bench"
mkdir -p "$dir" "$HOME/.config/askrisky"
printf 'mode = "review"\n' > "$HOME/.config/askrisky/config.toml"
chmod 600 "$HOME/.config/askrisky/config.toml"

python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
def line(i):
    if i % 50 == 0:
        return {"type": "user", "sessionId": "S", "promptSource": "typed",
                "message": {"role": "user", "content": f"goal number {i}: keep going"}}
    if i % 2:
        return {"type": "assistant", "sessionId": "S", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": f"cat src/file{i}.rs"}}]}}
    return {"type": "user", "sessionId": "S", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": f"t{i-1}", "content": "fn main() {}\n" * 80}]}}
chunk = "".join(json.dumps(line(i)) + "\n" for i in range(1, 700))
mb = chunk.encode()
for name, size in (("1mb.jsonl", 1 << 20), ("1gb.jsonl", 1 << 30)):
    with open(f"{d}/{name}", "wb") as f:
        written = 0
        while written < size:
            f.write(mb); written += len(mb)
PY

python3 - "$bin" "$dir" <<'PY'
import resource, subprocess, sys, time
bin, d = sys.argv[1], sys.argv[2]
def run(f):
    best, rss = 1e9, 0
    for _ in range(10):
        t = time.perf_counter()
        p = subprocess.run([bin, "check", "--show-prompt", "--transcript", f, "--", "git", "status"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t)
        assert p.returncode == 0, p.returncode
    return best
t1 = run(f"{d}/1mb.jsonl"); r1 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
t2 = run(f"{d}/1gb.jsonl"); r2 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print("transcript  best of 10   peak RSS")
print(f"1 MB        {t1*1000:7.2f} ms  {r1/1024:5.1f} MiB")
print(f"1 GB        {t2*1000:7.2f} ms  {r2/1024:5.1f} MiB")
print(f"ratio {t2/t1:.2f} (target <= 1.2); peak RSS {max(r1, r2)/1024:.1f} MiB (target <= 32)")
PY
