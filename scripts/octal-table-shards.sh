#!/usr/bin/env bash
# The octal table (every code with up to three digits after the point) in K shards, a few at a
# time, on the machine at hand; then merged and compared with the record.
#
#   scripts/octal-table-shards.sh [K [JOBS [HEAPS [DIR]]]]
#
# K shards (default 16; shard I holds every K-th code from the I-th, so the costly unsolved
# codes spread evenly), JOBS at a time (default: the number of cores), each on one core at
# `nice -n 19` through GNU parallel, to HEAPS heaps (default: the record's, 65536), into DIR
# (default target/octal-table-shards/heaps-HEAPS-of-K; the shard files keep the values the
# grouping reads, about 85 MB in all at 2^16 heaps, and are not committed). Each shard is written
# whole and renamed into place, so the script can be stopped and run again: finished shards are
# skipped. When all K are there, `cargo xtask records --octal-table --shards DIR` merges them
# (a missing, repeated or mixed shard is refused) and compares the table with
# records/octal-table.json and docs/octal-table.md; at other bounds the merged table is written
# to DIR/octal-table.json and DIR/octal-table.md instead. Use the same K and HEAPS for every
# run into one directory. On a cluster: scripts/slurm/octal-table-shards.sbatch.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority

shards=${1:-16}
jobs=${2:-$(nproc)}
record_heaps=$(grep -m1 -o '"heaps": *[0-9]*' records/octal-table.json | grep -o '[0-9]*$')
heaps=${3:-$record_heaps}
out=${4:-target/octal-table-shards/heaps-$heaps-of-$shards}
command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }

cargo build --release -p game-nim --example octal_table --quiet
example=target/release/examples/octal_table
mkdir -p "$out"
missing=()
for ((i = 0; i < shards; i++)); do
    [ -e "$out/shard-$i-of-$shards.json" ] || missing+=("$i")
done
echo "octal table, heaps 0..=$heaps: ${#missing[@]} of $shards shards missing, $jobs at a time, into $out"
if [ "${#missing[@]}" -gt 0 ]; then
    printf '%s\n' "${missing[@]}" |
        RAYON_NUM_THREADS=1 nice -n 19 parallel --will-cite --line-buffer --jobs "$jobs" \
            "$example" --heaps "$heaps" --shard "{}/$shards" --out "$out/shard-{}-of-$shards.json"
fi
done_count=$(find "$out" -name "shard-*-of-$shards.json" | wc -l)
echo "octal table: $done_count of $shards shards done"
[ "$done_count" -eq "$shards" ] || exit 0
if [ "$heaps" = "$record_heaps" ]; then
    cargo xtask records --octal-table --shards "$out"
else
    "$example" --merge "$out" --markdown "$out/octal-table.md" >"$out/octal-table.json"
    echo "the merged table is in $out/octal-table.json and $out/octal-table.md"
fi
