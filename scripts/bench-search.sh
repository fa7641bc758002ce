#!/usr/bin/env bash
# Times `games cram` (game-core's search engine, game-placement's Cram) against Piotr Beling's
# `igsolve` (github.com/beling/impartial-games) on the same Cram boards, run after run in turn.
#
#   scripts/bench-search.sh /path/to/impartial-games-checkout [RUNS] [BOARD ...]
#
# BOARD is "ROWS COLS" (quoted), default: "4 7" "5 6" "4 9" "5 7". The checkout is copied
# into a scratch folder under /tmp and built there with cargo (nothing is committed here).
# Its Cargo.lock pairs csf 0.2.0-alpha.2 with ph 0.11, whose seed accessors became unsafe
# functions, so it no longer compiles with a current rustc; the script pins ph 0.10 (what
# igs itself asks for) in the scratch copy's lock file, which changes no code.
#
# For every board and run it prints the nimber each program found (they must agree: the
# script fails otherwise), CPU seconds (user + system), wall seconds and peak memory (GNU
# time's maximum resident set), then the ratios ours / igsolve. Both programs run with
# their defaults (igsolve: method BrAspSet, a hash-map table up to 40 cells and an 8 GB
# succinct table beyond; games: --method aspiration, memory budget 4096 MiB). Outside CI:
# it needs a checkout (`fetch` it, or git clone) and GNU time (/usr/bin/time).
set -euo pipefail

IGS=${1:?usage: scripts/bench-search.sh IMPARTIAL_GAMES_CHECKOUT [RUNS] [BOARD ...]}
RUNS=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
if [ $# -eq 0 ]; then set -- "4 7" "5 6" "4 9" "5 7"; fi
[ -f "$IGS/igsolve/Cargo.toml" ] || { echo "error: no igsolve/Cargo.toml under $IGS" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) not found" >&2; exit 2; }

WORK=$(mktemp -d /tmp/bench-search.XXXXXX)
cp -r "$IGS/." "$WORK/igs"
rm -rf "$WORK/igs/target"
(cd "$WORK/igs" && cargo update -q -p ph@0.11.0 --precise 0.10.0 2>/dev/null || true)
(cd "$WORK/igs" && cargo build --release -q -p igsolve 2>"$WORK/igsolve-build.log") || { cat "$WORK/igsolve-build.log" >&2; exit 2; }
IGSOLVE="$WORK/igs/target/release/igsolve"
cargo build --release -q -p games-cli
OURS="$PWD/target/release/games"

# Runs "$@" under GNU time; prints "NIMBER CPU WALL KB" (NIMBER from the program's output).
timed() {
    local out
    out=$( { /usr/bin/time -f 'TIME %U %S %e %M' "$@" 2>&1; } 2>&1 )
    local nimber
    nimber=$(printf '%s\n' "$out" | sed -n -e 's/^Nimber of initial position: \([0-9]*\).*/\1/p' \
        -e 's/.*"nimber":\([0-9]*\).*/\1/p' | head -n 1)
    printf '%s\n' "$out" | awk -v n="${nimber:-?}" '/^TIME/ { printf "%s %.2f %.2f %d\n", n, $2 + $3, $4, $5 }'
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-4s %-8s %7s %9s %9s %10s\n' board run program nimber "CPU s" "wall s" "peak KB"
for board in "$@"; do
    set -- $board
    for run in $(seq "$RUNS"); do
        read -r n1 c1 w1 m1 < <(timed "$IGSOLVE" cram "$1" "$2")
        read -r n2 c2 w2 m2 < <(timed "$OURS" --json --allow-long cram "$1" "$2")
        printf '%-6s %-4s %-8s %7s %9s %9s %10s\n' "${1}x$2" "$run" igsolve "$n1" "$c1" "$w1" "$m1"
        printf '%-6s %-4s %-8s %7s %9s %9s %10s\n' "${1}x$2" "$run" games "$n2" "$c2" "$w2" "$m2"
        [ "$n1" = "$n2" ] || { echo "error: the nimbers differ on ${1}x$2 ($n1 against $n2)" >&2; exit 1; }
        awk -v c1="$c1" -v c2="$c2" -v w1="$w1" -v w2="$w2" -v m1="$m1" -v m2="$m2" -v b="${1}x$2" 'BEGIN {
            printf "%-6s ratio games/igsolve: CPU %s, wall %s, memory %.2f\n", b,
                (c1 > 0 ? sprintf("%.1f", c2 / c1) : "n/a (igsolve under 0.01 s)"),
                (w1 > 0 ? sprintf("%.1f", w2 / w1) : "n/a"), m2 / m1 }'
    done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg); scratch build in $WORK"
