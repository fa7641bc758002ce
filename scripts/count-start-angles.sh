#!/usr/bin/env bash
# Counts the solutions of every start angle of the rotation puzzle (R9) in shards, a few at a
# time, on the machine at hand: a third count of n = 20 by the one-ended kernel (the counts are
# already confirmed by the two-ended kernel and meeting in the middle).
#
#   scripts/count-start-angles.sh [SHARDS [JOBS]]
#
# Runs the next SHARDS shards (default: every missing one) whose files are not yet in
# records/rotation-20-start-angles-depth-first/, JOBS at a time (default: the number of cores),
# each with one thread at `nice -n 19` through GNU parallel. Every shard writes
# shard-I-of-128.json atomically, so the script can be stopped (Ctrl-C) and run again at any
# time: finished shards are kept and skipped. When every shard is there it merges them (into
# merged.json). Until then the folder is working state (ignored by git); complete, the merge is
# added to records/rotation-start-angles.json as the depth-first entry of n = 20, which
# `cargo test --test records` compares with the other two methods (the shard set may be kept
# beside it with a test module of its own, as tests/records/rotation_22.rs keeps n = 22's).
# Planned, not run here: about 11.4 CPU hours (docs/records.md, the last section).
#
# K = 128 and prefix depth 4 (the default of the one-ended kernel at n = 20) are fixed here so
# that runs on different days and machines add up; do not change them once shard files exist.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority
source scripts/shards-common.sh

games=$(release_games)
run_missing_shards records/rotation-20-start-angles-depth-first 128 "${1:-128}" "${2:-$(nproc)}" \
    "n = 20 by start angle (depth-first)" "$games" \
    rotation count 20 --allow-long --by-start-angle --method depth-first --prefix-depth 4
