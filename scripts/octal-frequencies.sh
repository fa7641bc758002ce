#!/usr/bin/env bash
# The value frequencies of the five octal games whose frequency files
# rogalski-wmii-uni-lodz-pl/octal publishes, at every power of two up to 2^MAX_POWER, computed
# by game-nim's example `octal_frequencies` (one run per code) into records/octal-frequencies/.
#
#   scripts/octal-frequencies.sh [MAX_POWER [JOBS [CODES...]]]
#
# MAX_POWER defaults to 28, JOBS (codes run at once, each on one core at `nice -n 19` through
# GNU parallel) to 1, CODES to all five, the longest first. Each run appends one line to
# records/octal-frequencies/runs.tsv: the code, MAX_POWER, wall and CPU seconds, peak resident
# memory (KiB, from GNU time), the machine, the date and the command. The files it writes
# (records/octal-frequencies/CODE/N, each renamed into place whole; records/ keeps them packed
# as CODE.txt, records/octal-frequencies/README.md says how) are compared with the kept
# copies of Rogalski's by `cargo test --test records`; `cargo xtask records
# --octal-frequencies --max-power K` recomputes them from scratch and compares both.
#
# Cost, measured on the project's machine (2 cores, shared) with game-nim's example
# `octal_values`: CPU seconds at 2^22 heaps 0.172 36, 0.014 28, 0.034 14, 0.161 7, 0.167 2; from
# 2^22 to 2^24 heaps 0.161 took 4 times as long, 0.014 4.5 times. 2^28 heaps need 2 bytes a heap
# (every value stays below 65536: 372 at most, by Rogalski's files), 512 MiB and scratch per
# code (256 MiB for 0.167, whose values stay below 256), stated by the example before it
# allocates; about 1.7 CPU hours for the five codes (measured: 0.172 40 CPU minutes, 0.014 32,
# 0.034 17, 0.161 10, 0.167 3.4). The real times and peaks are in runs.tsv. A run stopped early keeps the files of every power it passed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority

max_power=${1:-28}
jobs=${2:-1}
shift $(($# < 2 ? $# : 2))
codes=("$@")
[ ${#codes[@]} -gt 0 ] || codes=(0.172 0.014 0.034 0.161 0.167)
command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) is missing: apt-get install -y time" >&2; exit 2; }

out=records/octal-frequencies
mkdir -p "$out"
cargo build --release -p game-nim --example octal_frequencies --quiet
example=target/release/examples/octal_frequencies
machine="$(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB"
[ -e "$out/runs.tsv" ] || printf 'code\tmax_power\twall_s\tcpu_s\tpeak_kib\tmachine\tdate\tcommand\n' >"$out/runs.tsv"

run_one() {
    local code=$1 log
    log=$(mktemp)
    /usr/bin/time -f '%e %U %M' -o "$log" nice -n 19 "$example" "$code" "$max_power" "$out" >/dev/null
    # GNU time puts "Command terminated by signal N" first when the run was stopped.
    local note=""
    grep -q '^Command' "$log" && note=" (stopped by a signal before 2^$max_power)"
    read -r wall cpu peak < <(tail -n 1 "$log")
    rm -f "$log"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$code" "$max_power" "$wall" "$cpu" "$peak" "$machine" \
        "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "octal_frequencies $code $max_power $out$note" >>"$out/runs.tsv"
    echo "$code: 2^$max_power heaps in $wall s wall, $cpu s CPU, peak $peak KiB"
}
export -f run_one
export example max_power out machine
printf '%s\n' "${codes[@]}" | parallel --will-cite --line-buffer --jobs "$jobs" run_one {}
