#!/usr/bin/env bash
# Pushes every unsolved class of the octal table (records/octal-table.json, 2^16 heaps) as far
# as a time budget per code allows, up to 2^MAX_POWER heaps, writing the value frequencies at
# every power of two in Rogalski's format into records/octal-unsolved/CODE/N (the push's working
# state: ignored by git; records/octal-unsolved/ keeps runs.tsv, the README's table of results
# and the comparisons with tczajka's program). On a machine without those files every code
# starts from scratch, which is all it does anyway: a run does not resume a code's values.
#
#   scripts/octal-unsolved.sh [MAX_POWER [SECONDS [JOBS [CODES...]]]]
#
# MAX_POWER defaults to 28, SECONDS (the wall-time budget of each code) to 60, JOBS (codes run
# at once, each on one core at `nice -n 19` through GNU parallel) to 1, CODES to the first code
# of every unsolved class (game-nim's example `octal_table --list-unsolved`), except the codes
# that are pushed elsewhere: those proven periodic by records/octal-solved-games.json and the
# five whose frequencies records/octal-frequencies/ keeps to 2^28.
#
# Each code runs game-nim's example `octal_frequencies CODE MAX_POWER records/octal-unsolved
# --max-seconds SECONDS`, which stops at the first chunk of heaps after the budget and keeps
# every power it passed. One line per code goes to records/octal-unsolved/runs.tsv: the code,
# the codes with the same values up to 2^16 heaps, MAX_POWER, the budget, the power reached,
# the largest value up to it, what stopped the run, the period the kernel proved on the way
# ("N0 P": pre-period and period; "none": its Guy-Smith search at every power of two passed
# found none; "-" on lines written before the example reported it), wall and CPU seconds, peak
# resident memory (KiB, GNU time), the machine and the date. A code already in runs.tsv with the same
# MAX_POWER and budget is skipped, so an interrupted run resumes where it stopped.
# After a push, each new result gets its row in the table of records/octal-unsolved/README.md
# (`cargo test --test records` fails while a row differs from runs.tsv), and
# scripts/octal-unsolved-check.sh compares the new codes with tczajka's program.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority

max_power=${1:-28}
seconds=${2:-60}
jobs=${3:-1}
shift $(($# < 3 ? $# : 3))
command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) is missing: apt-get install -y time" >&2; exit 2; }

out=records/octal-unsolved
mkdir -p "$out"
cargo build --release -p game-nim --example octal_frequencies --example octal_table --quiet
example=target/release/examples/octal_frequencies
classes=$(target/release/examples/octal_table --list-unsolved records/octal-table.json)
# Pushed elsewhere: the codes of records/octal-solved-games.json ("code": "0.354" lines) and
# the five codes of records/octal-frequencies/ (one CODE.txt each).
elsewhere=" $(grep -o '"code": "[^"]*"' records/octal-solved-games.json | cut -d'"' -f4 | tr '\n' ' ') "
for file in records/octal-frequencies/0.*.txt; do elsewhere+="$(basename "$file" .txt) "; done
codes=("$@")
if [ ${#codes[@]} -eq 0 ]; then
    while IFS=$'\t' read -r code _; do
        [[ $elsewhere == *" $code "* ]] || codes+=("$code")
    done <<<"$classes"
fi
machine="$(nproc --all) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(free -g | awk '/Mem:/ {print $2}') GiB"
[ -e "$out/runs.tsv" ] ||
    printf 'code\tsame_values\tmax_power\tbudget_s\treached_power\tlargest\tstopped\tperiod\twall_s\tcpu_s\tpeak_kib\tmachine\tdate\n' >"$out/runs.tsv"

run_one() {
    local code=$1 log json same
    if awk -F'\t' -v c="$code" -v p="$max_power" -v s="$seconds" '$1 == c && $3 == p && $4 == s { found = 1 } END { exit !found }' "$out/runs.tsv"; then
        echo "$code: already in $out/runs.tsv for 2^$max_power and $seconds s"
        return 0
    fi
    log=$(mktemp)
    json=$(/usr/bin/time -f '%e %U %S %M' -o "$log" nice -n 19 "$example" "$code" "$max_power" "$out" \
        --max-seconds "$seconds" 2>/dev/null) || { echo "$code: failed: $(head -c 300 "$log")" >&2; rm -f "$log"; return 1; }
    read -r wall user sys peak < <(tail -n 1 "$log")
    rm -f "$log"
    same=$(printf '%s\n' "$classes" | awk -F'\t' -v c="$code" '$1 == c { print $2 }')
    # The example's JSON line: "reached_power":K,"largest":V,..."stopped":null or "...",
    # "period":null or {"preperiod":N0,"period":P}
    local reached largest stopped period
    reached=$(sed -E 's/.*"reached_power":([0-9]+).*/\1/' <<<"$json")
    largest=$(sed -E 's/.*"largest":([0-9]+).*/\1/' <<<"$json")
    stopped=$(sed -E 's/.*"stopped":(null|"([^"]*)").*/\2/' <<<"$json")
    period=$(sed -E 's/.*"period":(null|\{"preperiod":([0-9]+),"period":([0-9]+)\}).*/\2 \3/' <<<"$json")
    [ "$period" = " " ] && period=none
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$code" "${same:--}" "$max_power" "$seconds" \
        "$reached" "$largest" "${stopped:-reached 2^$max_power}" "$period" "$wall" \
        "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" "$peak" "$machine" \
        "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$out/runs.tsv"
    echo "$code: 2^$reached heaps, largest value $largest, ${stopped:-reached 2^$max_power}, $wall s wall"
}
export -f run_one
export example max_power seconds out machine classes
printf '%s\n' "${codes[@]}" | parallel --will-cite --line-buffer --jobs "$jobs" run_one {}
echo "now: update the table of $out/README.md from runs.tsv and run scripts/octal-unsolved-check.sh"
