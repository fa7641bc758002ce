#!/usr/bin/env bash
# Computes the nimbers of empty Cram boards for records/cram.json: one JSON line per board
# with the nimber, the search's statistics, wall and CPU seconds and peak memory.
#
#   [CRAM_MEMORY_MIB=1024] [CRAM_METHOD=aspiration] \
#       [CRAM_TABLE_DIR=DIR [CRAM_STOP_AFTER=S] [CRAM_SAVE_EVERY=1800]] \
#       scripts/cram-records.sh "ROWS COLS" ...
#
# CRAM_MEMORY_MIB is the search's memory budget (its table and stack), 1024 MiB by default.
# CRAM_TABLE_DIR runs each board in sittings: its search starts from DIR/cram-RxC.tbl when that
# file exists and saves its table there when it stops (after CRAM_STOP_AFTER seconds of wall
# time, on SIGTERM or SIGINT) or answers; a stopped run prints its line with "stopped":true and
# the same command goes on later. Add up the CPU seconds of every line of a board. It also
# saves every CRAM_SAVE_EVERY seconds (1800 by default) while it runs, so a run killed outright
# loses at most that much (it prints no line then; the file's note ends with a checkpoint line).
# A machine that does not keep DIR between sessions keeps the costliest values instead:
# CRAM_COSTLY_MIB=N writes, after a sitting that stopped, the entries of DIR/cram-RxC.tbl whose
# values cost the most work to records/cram-tables/cram-RxC.tbl, at most N MiB (`games table
# carry`), the sitting's working state: kept on a disk that outlasts the machine's, never
# committed (docs/records.md, "Computations planned, not run here"); when DIR/cram-RxC.tbl does not exist, a board starts from
# records/cram-tables/cram-RxC.tbl if that exists (the search finds the cheap values again).
# Runs games-cli's example cram_record (the CLI's engine and default method) under GNU
# time at low priority (nice 19, and its session's scheduling group too: scripts/low-priority.sh),
# one board after another. `cargo xtask records --cram` re-runs the boards kept in
# records/cram.json and compares them with the published table.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority
[ $# -gt 0 ] || { echo "usage: scripts/cram-records.sh \"ROWS COLS\" ..." >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) not found" >&2; exit 2; }
cargo build --release -q -p games-cli --example cram_record
[ -z "${CRAM_COSTLY_MIB:-}" ] || cargo build --release -q -p games-cli
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), commit $(git rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for board in "$@"; do
    set -- $board
    sittings=()
    if [ -n "${CRAM_TABLE_DIR:-}" ]; then
        mkdir -p "$CRAM_TABLE_DIR"
        table="$CRAM_TABLE_DIR/cram-$1x$2.tbl"
        carried="records/cram-tables/cram-$1x$2.tbl"
        if [ ! -e "$table" ] && [ -e "$carried" ]; then
            echo "# cram $1 x $2: starting from the costliest values kept in $carried" >&2
            cp "$carried" "$table"
        fi
        sittings=(--table "$table")
        [ -z "${CRAM_STOP_AFTER:-}" ] || sittings+=(--stop-after "$CRAM_STOP_AFTER")
        sittings+=(--save-every "${CRAM_SAVE_EVERY:-1800}")
    fi
    # Exit status 3: stopped with its table saved (a line all the same). The search's own
    # messages (table loaded, saved) go to standard error as they come; GNU time writes to a
    # file of its own, removed before a failure ends the script.
    times=$(mktemp)
    status=0
    json=$(nice -n 19 /usr/bin/time -o "$times" -f 'TIME %U %S %M' ./target/release/examples/cram_record "$1" "$2" "${CRAM_METHOD:-aspiration}" "${CRAM_MEMORY_MIB:-1024}" "${sittings[@]}" | grep '^{') || status=$?
    timing=$(grep '^TIME' "$times" || true)
    rm -f "$times"
    if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
        echo "error: cram_record $1 x $2 failed (exit status $status)" >&2
        exit "$status"
    fi
    if [ "$status" -eq 3 ] && [ -n "${CRAM_COSTLY_MIB:-}" ] && [ -n "${CRAM_TABLE_DIR:-}" ]; then
        mkdir -p records/cram-tables
        ./target/release/games table carry "$table" "$carried" --max-mib "$CRAM_COSTLY_MIB" >&2
    fi
    read -r _ user sys kib <<<"$timing"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    printf '%s\n' "${json%\}},\"cpu_seconds\":$cpu,\"max_rss_kib\":$kib}"
done
