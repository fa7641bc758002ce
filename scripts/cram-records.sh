#!/usr/bin/env bash
# Computes the nimbers of empty Cram boards for records/cram.json: one JSON line per board
# with the nimber, the search's statistics, wall and CPU seconds and peak memory.
#
#   [CRAM_MEMORY_MIB=1024] [CRAM_METHOD=aspiration] scripts/cram-records.sh "ROWS COLS" ...
#
# CRAM_MEMORY_MIB is the search's memory budget (its table and stack), 1024 MiB by default.
# Runs game-placement's example cram_record (the CLI's engine and default method) under GNU
# time at low priority (nice 19), one board after another. `cargo xtask records --cram`
# re-runs the boards kept in records/cram.json and compares them with the published table.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/cram-records.sh \"ROWS COLS\" ..." >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) not found" >&2; exit 2; }
cargo build --release -q -p game-placement --example cram_record
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), commit $(git rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for board in "$@"; do
    set -- $board
    out=$( { nice -n 19 /usr/bin/time -f 'TIME %U %S %M' ./target/release/examples/cram_record "$1" "$2" "${CRAM_METHOD:-aspiration}" "${CRAM_MEMORY_MIB:-1024}"; } 2>&1 )
    json=$(printf '%s\n' "$out" | grep '^{')
    read -r _ user sys kib < <(printf '%s\n' "$out" | grep '^TIME')
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '%s\n' "${json%\}},\"cpu_seconds\":$cpu,\"max_rss_kib\":$kib}"
done
