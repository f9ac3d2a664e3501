#!/usr/bin/env bash
# The classification of this tree against an earlier commit's, on the
# benchmark's typical lines (benches/lines.rs): instructions counted by
# callgrind (deterministic: the figure to compare), then whole runs of
# both builds taken in turn, so the drift of a shared machine falls on
# both alike.
# Usage: bench/classify.sh REV [PAIRS] [ROUNDS]   (default 40 pairs of 2000 rounds)
set -euo pipefail
rev=${1:?usage: bench/classify.sh REV [PAIRS] [ROUNDS]}
pairs=${2:-40}
rounds=${3:-2000}
[ -x /usr/bin/time ] || { echo "bench/classify.sh needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
here=$(git rev-parse --show-toplevel)
cd "$here"
target=${CARGO_TARGET_DIR:-$here/target}
case $target in /*) ;; *) target=$here/$target ;; esac
work=$(mktemp -d)
trap 'git worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git worktree add --detach --force "$work/old" "$rev" >/dev/null
# The lines are judged as run in a project on disk (a git repository with
# the files they name, in a home of its own), as a guarded agent runs
# them: a repository search stops at its first folder, and a word that
# names a file finds one.
project="$work/home/project"
mkdir -p "$project/src" "$project/target/debug/incremental"
printf '[package]\nname = "p"\nversion = "0.1.0"\n' >"$project/Cargo.toml"
printf '{"name": "p", "scripts": {"build": "tsc", "test": "jest"}}\n' >"$project/package.json"
printf 'fn main() {}\n' >"$project/src/lib.rs"
printf '# p\n' >"$project/README.md"
git -C "$project" init -q
git -C "$project" add -A
git -C "$project" -c user.name=b -c user.email=b@b commit -qm init
export CLASSIFY_IN="$project"
# The same measuring program in both trees; the library API it uses
# (parse, assess, Place) is older than the danger classes.
mkdir -p "$work/old/examples" "$work/old/benches"
cp examples/classify.rs "$work/old/examples/"
cp benches/lines.rs "$work/old/benches/"
# A target folder of its own: cargo names a workspace's artifacts by path
# relative to it, so one folder shared by two checkouts mixes them up.
(cd "$work/old" && CARGO_TARGET_DIR="$target/bench-old" \
    cargo build --release --quiet --example classify)
cargo build --release --quiet --example classify
old="$target/bench-old/release/examples/classify"
new="$target/release/examples/classify"

if command -v valgrind >/dev/null; then
    for b in old new; do
        bin=${!b}
        refs=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 50 2>&1 |
            awk '/refs:/ {print $NF}')
        echo "$b: $refs instructions for 50 rounds"
    done
else
    echo "valgrind not installed: instruction counts skipped" >&2
fi

for _ in $(seq "$pairs"); do
    for b in old new; do
        /usr/bin/time -f "$b %e %U %S" "${!b}" "$rounds" >/dev/null
    done
done 2>&1 | awk -v pairs="$pairs" -v rounds="$rounds" '
    { wall[$1] += $2; cpu[$1] += $3 + $4; sys[$1] += $4 }
    END {
        for (b in wall)
            printf "%s: %.2f s wall, %.2f s CPU (%.2f s in the kernel) for %d runs of %d rounds\n",
                b, wall[b], cpu[b], sys[b], pairs, rounds
        printf "new/old CPU: %.3f\n", cpu["new"] / cpu["old"]
    }'
