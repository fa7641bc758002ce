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
source scripts/low-priority.sh
lower_session_priority
source scripts/shards-common.sh

method=${METHOD:-two-ended}
case "$method" in
    two-ended) shards=256 depth=3 out=records/rotation-22 ;;
    depth-first) shards=256 depth=5 out=records/rotation-22-depth-first ;;
    *) echo "error: METHOD must be two-ended or depth-first, not $method" >&2; exit 2 ;;
esac

games=$(release_games)
run_missing_shards "$out" "$shards" "${1:-$shards}" "${2:-$(nproc)}" "n = 22 ($method)" "$games" \
    rotation count 22 --allow-long --prefix-depth "$depth" --method "$method"
