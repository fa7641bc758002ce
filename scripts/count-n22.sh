#!/usr/bin/env bash
# Counts the sequencings of Z_22 in shards, a few at a time, on the machine at hand.
#
#   [METHOD=depth-first] scripts/count-n22.sh [SHARDS [JOBS]]
#
# Runs the next SHARDS shards (default: every missing one) whose files are not yet in the
# method's directory, JOBS at a time (default: the number of cores), each with one thread at
# `nice -n 19` through GNU parallel. Every shard writes DIR/shard-I-of-K.json atomically, so the
# script can be stopped (Ctrl-C) and run again at any time: finished shards are kept and skipped.
# When every shard is there it merges them (into DIR/merged.json).
#
# Two counts, by two kernels that share no search code, so that each confirms the other:
#   METHOD=two-ended (default): records/rotation-22/, K = 256 at prefix depth 3 (the rotations
#       placed after the first and the last);
#   METHOD=depth-first: records/rotation-22-depth-first/, K = 256 at prefix depth 5 (the
#       first five rotations), about 6 times the work (283 CPU seconds a shard).
# K and the prefix depth are fixed here so that runs on different days and machines add up; do
# not change them once shard files exist (`games rotation merge` refuses mixed ones). The time
# of a shard and the projection for the rest are in each directory's README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

n=22
method=${METHOD:-two-ended}
case "$method" in
    two-ended) shards=256 depth=3 out=records/rotation-22 ;;
    depth-first) shards=256 depth=5 out=records/rotation-22-depth-first ;;
    *) echo "error: METHOD must be two-ended or depth-first, not $method" >&2; exit 2 ;;
esac
limit=${1:-$shards}
jobs=${2:-$(nproc)}

command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }
games=${GAMES:-target/release/games}
if [ -z "${GAMES:-}" ]; then
    cargo build --release -p games-cli --quiet
fi
mkdir -p "$out"

missing=()
for ((i = 0; i < shards; i++)); do
    [ -e "$out/shard-$i-of-$shards.json" ] || missing+=("$i")
done
todo=("${missing[@]:0:$limit}")
echo "n = $n ($method): ${#missing[@]} of $shards shards missing; running ${#todo[@]} of them, $jobs at a time"
if [ "${#todo[@]}" -gt 0 ]; then
    printf '%s\n' "${todo[@]}" |
        RAYON_NUM_THREADS=1 nice -n 19 parallel --will-cite --line-buffer --jobs "$jobs" \
            "$games" rotation count "$n" --allow-long --prefix-depth "$depth" \
            --method "$method" --shard "{}/$shards" --out "$out/shard-{}-of-$shards.json"
fi

done_count=$(find "$out" -name "shard-*-of-$shards.json" | wc -l)
echo "n = $n ($method): $done_count of $shards shards done"
if [ "$done_count" -eq "$shards" ]; then
    "$games" rotation merge "$out"/shard-*-of-"$shards".json
    "$games" --json rotation merge "$out"/shard-*-of-"$shards".json >"$out/merged.json"
    echo "the merged count is in $out/merged.json"
fi
