#!/usr/bin/env bash
# Checks the values behind records/octal-unsolved/ against tczajka's `analyze`
# (tczajka/octal-games, C++, no code shared with ours): for every code of
# records/octal-unsolved/runs.tsv, scripts/bench-octal.sh compares our values with theirs up to
# 2^E heaps, E the power the code reached or 20 if it went further (the largest value and its
# first heap at every power of two, and the number and last of the rare heaps under their mask).
# The output of every comparison is appended to records/octal-unsolved/tczajka-check.txt, which
# `cargo test --test records` reads: every pushed code must have a line saying the values agree.
#
#   scripts/octal-unsolved-check.sh TCZAJKA_CHECKOUT [CODES...]
#
# TCZAJKA_CHECKOUT is a source tree of https://github.com/tczajka/octal-games (bench-octal.sh
# was tested at commit 57e893a). Without CODES, every code of runs.tsv not yet in the output.
# Not part of CI: it builds their program with g++ and runs for minutes (both programs at
# `nice -n 19`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority

tczajka=${1:?usage: scripts/octal-unsolved-check.sh TCZAJKA_CHECKOUT [CODES...]}
shift
out=records/octal-unsolved/tczajka-check.txt
runs=records/octal-unsolved/runs.tsv
[ -f "$runs" ] || { echo "error: no $runs (run scripts/octal-unsolved.sh first)" >&2; exit 2; }
touch "$out"

codes=("$@")
if [ ${#codes[@]} -eq 0 ]; then
    while IFS=$'\t' read -r code _; do
        [ "$code" = code ] && continue
        grep -q "^$code " "$out" || codes+=("$code")
    done <"$runs"
fi
# One bench run per power: the codes that reached it (or 2^20 and beyond).
declare -A by_power
for code in "${codes[@]}"; do
    reached=$(awk -F'\t' -v c="$code" '$1 == c { p = $5 } END { print p }' "$runs")
    [ -n "$reached" ] || { echo "error: $code is not in $runs" >&2; exit 2; }
    power=$((reached < 20 ? reached : 20))
    by_power[$power]+="$code "
done
for power in $(printf '%s\n' "${!by_power[@]}" | sort -n); do
    echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), codes that reached 2^$power or more: ${by_power[$power]}" >>"$out"
    nice -n 19 scripts/bench-octal.sh --tczajka "$tczajka" --codes "${by_power[$power]% }" --exponents "$power" \
        --scratch /tmp/octal-unsolved-check 2>/dev/null | grep -E '^[04]\.[0-7]+ +2\^|^load' >>"$out" || true
done
echo "appended to $out"
