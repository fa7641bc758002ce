#!/usr/bin/env bash
# Times game-nim's octal Grundy values (rare/common kernel over narrow cells) against the public
# programs of tczajka/octal-games (old/src/analyze_exec.cc, C++), and optionally beling's ogsolve
# (beling/impartial-games, Rust) and rogalski's solver (rogalski-wmii-uni-lodz-pl/octal, Rust) on
# the same codes and heap counts, one run after the other on the same machine, and checks that
# the values agree. Not part of CI: it builds their programs and runs for minutes.
#
# Usage:
#   scripts/bench-octal.sh [--tczajka DIR] [--beling DIR|clone] [--rogalski DIR|clone]
#                          [--rogalski-threads N] [--rogalski-cmd CMD] [--codes "0.6 0.16 0.137 0.14 0.64"]
#                          [--exponents "20 24"] [--scratch DIR] [--limit SECONDS] [--runs N]
#
#   --tczajka DIR   a source tree of https://github.com/tczajka/octal-games (its old/ folder is
#                   used; tested at commit 57e893a). Without it the script clones that repository
#                   into the scratch folder, which needs network access.
#   --beling DIR    a source tree of https://github.com/beling/impartial-games (tested at commit
#                   07a34e6), whose ogsolve is built with `cargo build --release -p ogsolve` (its
#                   target folder in the scratch folder) and run as `ogsolve CODE -m rcs -n HEAPS-1
#                   -s` (its RC method with static rebuilds of the rare/common split). `clone`
#                   clones it. Without it ogsolve is skipped.
#   --rogalski DIR  a source tree of https://github.com/rogalski-wmii-uni-lodz-pl/octal (tested at
#                   commit 9841c1e), built with `cargo build --release --bin octal` (target folder
#                   in the scratch folder) and run as `octal CODE HEAPS` in a folder of the scratch
#                   (it writes there). `clone` clones it. Without it the solver is skipped.
#   --rogalski-threads N  DIR is the branch multi_thread of that repository (tested at commit
#                   e329ba9, its newest), whose solver takes options and splits the work of each
#                   heap among N threads: it is run as `octal -r CODE -m HEAPS -t N` and its output
#                   compared as above. Give N = the number of cores to let it use all of them.
#   --rogalski-cmd CMD  instead of that, a command line run in DIR with {code} and {heaps}
#                   replaced, timed the same way (its output is then not compared).
#   --codes         octal codes, or `grundy` for Grundy's game (default: 0.6 0.16 0.137 0.14 0.64).
#                   For `grundy` ours is game-takebreak's example grundy_values (same output lines
#                   as octal_values) and theirs is `analyze grundy`; ogsolve and rogalski's solver
#                   cannot express Grundy's game (their octal codes always allow splitting a heap
#                   into two equal heaps), so they are reported as not supported on it.
#   --exponents     heap counts as powers of two (default: 20 24): heaps 0 .. 2^e - 1
#   --scratch DIR   where sources, binaries and outputs go (default: /tmp/bench-octal)
#   --limit SECONDS ogsolve and rogalski's solver are stopped after this wall time (default 300):
#                   neither stops at a proven period, and ogsolve's RC method is slow on 0.137.
#   --runs N        repeat the whole sweep N times (default 1), so the programs alternate: run 1
#                   of every program on every code, then run 2, ... At the end a summary gives,
#                   per code and heap count, each program's median CPU and wall time over the
#                   runs and ours / the fastest of the other programs (a program stopped by
#                   --limit or whose values differ is not counted as fastest).
#                   Ours, tczajka's analyzer and ogsolve are single-threaded (at the commits above:
#                   no threads in ogsolve) and so is rogalski's solver on its main branch; with
#                   --rogalski-threads it uses N threads. The summary names the fastest other
#                   program by CPU time and, separately, by wall time; CPU time is the
#                   steadier figure when the machine is shared, wall time is what a user waits.
#
# What is compared. tczajka's analyze computes heaps 0, 1, 2, ... up to a compiled-in maximum
# (maxn = 2^28 in its source; this script compiles one binary per exponent with maxn = 2^e, the
# only change) and stops early when it proves a period. At every power of two it prints
#   n=2^k largest G[i]=v rare_mask=M num_rare=R last_rare=L
# Ours (crates/game-nim/examples/octal_values.rs, heaps 0 .. 2^e - 1, with game-nim's own period
# shortcut; for `grundy`, crates/game-takebreak/examples/grundy_values.rs, which never stops
# early, and neither does analyze, which looks for periods only in octal games) prints
# `n=2^k largest G[i]=v` at every power of two, and, given their last mask, `num_rare=R
# last_rare=L` counted from our values by their definition of rare. The script checks
# that every `n=2^k largest G[i]=v` they print is printed identically by us, and, when they ran to
# 2^e, that num_rare and last_rare agree: the largest value, its first heap, and the number and
# last of the rare heaps under their mask, all from independent code. rogalski's solver prints
# `largest=v @ i` for heaps 0 .. 2^e - 1, whose v must equal our last `largest G[i]=v` (its i is
# not always the first heap of that value, so it is shown, not compared); ogsolve
# prints the frequency of every value (`v:count`), whose largest value with a nonzero count must
# equal ours (it does not print where).
#
# Time is CPU time, user + system, and wall time, from /usr/bin/time -f '%U %S %e %M' (the
# machine's cores may be shared with other jobs: the load average is printed before and after;
# peak memory is printed too). Each ratio is ours / theirs (below 1: ours is faster).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tczajka=""
beling=""
rogalski=""
rogalski_cmd=""
rogalski_threads=""
codes="0.6 0.16 0.137 0.14 0.64"
exponents="20 24"
limit=300
runs=1
scratch=/tmp/bench-octal

while [[ $# -gt 0 ]]; do
  case "$1" in
    --tczajka) tczajka=$2; shift 2 ;;
    --beling) beling=$2; shift 2 ;;
    --rogalski) rogalski=$2; shift 2 ;;
    --rogalski-cmd) rogalski_cmd=$2; shift 2 ;;
    --rogalski-threads) rogalski_threads=$2; shift 2 ;;
    --codes) codes=$2; shift 2 ;;
    --exponents) exponents=$2; shift 2 ;;
    --scratch) scratch=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "bench-octal: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

[[ -z "$rogalski_threads" || "$rogalski_threads" =~ ^[1-9][0-9]*$ ]] || {
  echo "bench-octal: --rogalski-threads takes a positive count, not $rogalski_threads" >&2; exit 2; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-octal: --runs takes a positive count, not $runs" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench-octal: needs /usr/bin/time (GNU time)" >&2; exit 2; }
command -v g++ >/dev/null || { echo "bench-octal: needs g++ for tczajka/octal-games" >&2; exit 2; }
mkdir -p "$scratch/out"

if [[ -z "$tczajka" ]]; then
  tczajka=$scratch/octal-games
  [[ -d "$tczajka" ]] || git clone --depth 1 https://github.com/tczajka/octal-games "$tczajka"
fi
[[ -f "$tczajka/old/src/analyze_exec.cc" ]] || {
  echo "bench-octal: $tczajka/old/src/analyze_exec.cc not found" >&2; exit 2; }

if [[ "$rogalski" == clone ]]; then
  rogalski=$scratch/rogalski-octal
  [[ -d "$rogalski" ]] || git clone --depth 1 https://github.com/rogalski-wmii-uni-lodz-pl/octal "$rogalski"
fi
if [[ "$beling" == clone ]]; then
  beling=$scratch/beling-impartial-games
  [[ -d "$beling" ]] || git clone --depth 1 https://github.com/beling/impartial-games "$beling"
fi

# Ours.
(cd "$here" && cargo build --release -q -p game-nim --example octal_values)
ours=${CARGO_TARGET_DIR:-$here/target}/release/examples/octal_values
ours_grundy=${CARGO_TARGET_DIR:-$here/target}/release/examples/grundy_values
if [[ " $codes " == *" grundy "* ]]; then
  (cd "$here" && cargo build --release -q -p game-takebreak --example grundy_values)
fi

# Theirs, one binary per exponent, compiled with the flags of their Makefile.
for e in $exponents; do
  bin=$scratch/tczajka-bin/$e
  mkdir -p "$bin"
  if [[ ! -x "$bin/analyze" ]]; then
    sed "s/^constexpr uint64_t maxn = 1<<28;.*/constexpr uint64_t maxn = uint64_t(1)<<$e;/" \
      "$tczajka/old/src/analyze_exec.cc" > "$bin/analyze_exec.cc"
    grep -q "maxn = uint64_t(1)<<$e;" "$bin/analyze_exec.cc" || {
      echo "bench-octal: could not set maxn in their analyze_exec.cc" >&2; exit 2; }
    g++ -O2 -std=c++11 -Wall -Wextra -pthread -I"$tczajka/old/src" -o "$bin/analyze" \
      "$bin/analyze_exec.cc" "$tczajka/old/src/game.cc" "$tczajka/old/src/hadamard.cc" -lpthread
  fi
done

# ogsolve and rogalski's solver are built only when some code is not `grundy` (they cannot run it).
build_others=no
[[ "${codes//grundy/}" =~ [^[:space:]] ]] && build_others=yes
if [[ -n "$rogalski" && "$build_others" == yes ]]; then
  (cd "$rogalski" && CARGO_TARGET_DIR=$scratch/rogalski-target cargo build --release -q --bin octal)
  mkdir -p "$scratch/rogalski-run"
fi
if [[ -n "$beling" && "$build_others" == yes ]]; then
  (cd "$beling" && CARGO_TARGET_DIR=$scratch/beling-target cargo build --release -q -p ogsolve)
fi

# The last line of a time file (GNU time puts "Command exited with non-zero status" above it).
cpu() { tail -1 "$1" | awk '{ printf "%.2f", $1 + $2 }'; }
field() { tail -1 "$1" | awk "{ print \$$2 }"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
# One more program against ours: its CPU and wall time, ours / theirs, and whether it agrees.
other() {
  local name=$1 tag=$2 agree=$3
  local t=$scratch/out/$tag.$name.time o=$scratch/out/$tag.ours.time
  printf '        %-8s cpu %7s s wall %7s s %6d MB | ours/theirs cpu %s wall %s | %s\n' "$name" \
    "$(cpu "$t")" "$(field "$t" 3)" $(( $(field "$t" 4) / 1024 )) \
    "$(ratio "$(cpu "$o")" "$(cpu "$t")")" "$(ratio "$(field "$o" 3)" "$(field "$t" 3)")" "$agree"
  [[ "$agree" == yes* || "$agree" == "not compared"* ]] || status=1
  record "$name" "$t" "$agree"
}
# One line of the summary's input: code, exponent, program, CPU, wall, and whether it counts.
record() {
  local state=ok
  [[ "$3" == yes* ]] || state=differs
  [[ "$3" == "not compared: stopped"* ]] && state=stopped
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$code" "$e" "$1" "$(cpu "$2")" "$(field "$2" 3)" "$state" \
    >> "$results"
}
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2];
  else if (NR) printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

printf '%-6s %5s | %9s %9s %7s | %8s %8s | %s\n' code heaps "ours cpu" "their cpu" ours/th \
  "ours MB" "their MB" "values agree"
status=0
results=$scratch/out/results.tsv
: > "$results"
for run in $(seq 1 "$runs"); do
[[ "$runs" -gt 1 ]] && echo "run $run of $runs"
for e in $exponents; do
  heaps=$((1 << e))
  for code in $codes; do
    tag=$code-2^$e-r$run
    /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.their.time" \
      "$scratch/tczajka-bin/$e/analyze" "$code" > "$scratch/out/$tag.their" 2>&1
    mask=$(grep '^n=2^' "$scratch/out/$tag.their" | tail -1 | sed 's/.*rare_mask=\([0-9a-f]*\(pos\)\?\).*/\1/')
    if [[ "$code" == grundy ]]; then
      ours_cmd=("$ours_grundy" "$heaps" "$mask")
    else
      ours_cmd=("$ours" "$code" "$heaps" "$mask")
    fi
    /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.ours.time" \
      "${ours_cmd[@]}" > "$scratch/out/$tag.ours" 2> "$scratch/out/$tag.ours.err" ||
      { echo "bench-octal: ours failed on $code:" >&2; cat "$scratch/out/$tag.ours.err" >&2; exit 1; }
    agree=yes
    while read -r line; do
      grep -qxF "$line" "$scratch/out/$tag.ours" || { agree="NO: $line"; break; }
    done < <(grep '^n=2^' "$scratch/out/$tag.their" | sed 's/ rare_mask=.*//')
    last=$(grep '^n=2^' "$scratch/out/$tag.their" | tail -1)
    if [[ "$agree" == yes && "$last" == "n=2^$e "* ]]; then
      theirs_rare=$(echo "$last" | sed 's/.* \(num_rare=[0-9]* last_rare=[0-9]*\).*/\1/')
      grep -qxF "$theirs_rare" "$scratch/out/$tag.ours" || agree="NO: $theirs_rare"
      # A period their program proved at the last power is said too (it stopped there anyway).
      found=$(grep -m1 '^Found period' "$scratch/out/$tag.their" || true)
      [[ "$agree" == yes ]] && agree="yes (largest value at each 2^k; $theirs_rare${found:+; they then found: $found})"
    elif [[ "$agree" == yes ]]; then
      agree="yes (largest value at each 2^k; they stopped at: $(grep -m1 '^Found period' "$scratch/out/$tag.their" || echo '?'))"
    fi
    [[ "$agree" == yes* ]] || status=1
    ours_cpu=$(cpu "$scratch/out/$tag.ours.time")
    their_cpu=$(cpu "$scratch/out/$tag.their.time")
    ratio=$(ratio "$ours_cpu" "$their_cpu")
    printf '%-6s  2^%-2s | %9s %9s %7s | %8d %8d | %s\n' "$code" "$e" "$ours_cpu" "$their_cpu" "$ratio" \
      $(( $(field "$scratch/out/$tag.ours.time" 4) / 1024 )) \
      $(( $(field "$scratch/out/$tag.their.time" 4) / 1024 )) "$agree"
    ours_wall=$(field "$scratch/out/$tag.ours.time" 3)
    their_wall=$(field "$scratch/out/$tag.their.time" 3)
    echo "        ours     cpu $ours_cpu s wall $ours_wall s (tczajka's wall $their_wall s, ours/theirs wall $(ratio "$ours_wall" "$their_wall"))"
    record ours "$scratch/out/$tag.ours.time" yes
    record tczajka "$scratch/out/$tag.their.time" "$agree"
    ours_last=$(grep "^n=2^$e " "$scratch/out/$tag.ours" | sed 's/.*largest G\[\([0-9]*\)\]=\([0-9]*\).*/\2 @ \1/')
    # Their codes are octal digits only, and both always count the split of a heap into two
    # equal heaps (ogs/src/game.rs, BreakingMoveIterator; rogalski's src/octal.rs, prove and
    # set_0th_bit_if_can_be_divided_in_half), which Grundy's game forbids.
    if [[ "$code" == grundy ]]; then
      [[ -n "$beling" ]] && printf '        %-8s not supported: no way to forbid splits into equal heaps\n' ogsolve
      [[ -n "$rogalski" ]] && printf '        %-8s not supported: no way to forbid splits into equal heaps\n' rogalski
      continue
    fi
    if [[ -n "$beling" ]]; then
      /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.ogsolve.time" \
        timeout "$limit" "$scratch/beling-target/release/ogsolve" "$code" -m rcs -n $((heaps - 1)) -s \
        > "$scratch/out/$tag.ogsolve" 2>&1 || true
      # The frequency line: "v:count" pairs separated by tabs; the largest value counted.
      largest=$(grep -m1 -E '^ ?0:[0-9]+' "$scratch/out/$tag.ogsolve" | tr '\t' '\n' \
        | awk -F: '$2 > 0 { v = $1 + 0 } END { print v }' || true)
      agree="NO: largest value $largest, ours ${ours_last%% @*}"
      [[ -n "$largest" && "$largest" == "${ours_last%% @*}" ]] && agree="yes (largest value $largest)"
      grep -q 'status 124' "$scratch/out/$tag.ogsolve.time" && agree="not compared: stopped after $limit s"
      other ogsolve "$tag" "$agree"
    fi
    if [[ -n "$rogalski" ]]; then
      if [[ -n "$rogalski_cmd" ]]; then
        cmd=${rogalski_cmd//\{code\}/$code}
        cmd=${cmd//\{heaps\}/$heaps}
        (cd "$rogalski" && /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.rogalski.time" \
          bash -c "$cmd" > "$scratch/out/$tag.rogalski" 2>&1) || true
        agree="not compared (--rogalski-cmd)"
      else
        if [[ -n "$rogalski_threads" ]]; then
          rogalski_args=(-r "$code" -m "$heaps" -t "$rogalski_threads")
        else
          rogalski_args=("$code" "$heaps")
        fi
        (cd "$scratch/rogalski-run" && /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.rogalski.time" \
          timeout "$limit" "$scratch/rogalski-target/release/octal" "${rogalski_args[@]}" \
          > "$scratch/out/$tag.rogalski" 2>&1) || true
        # Its heap is not always the first one with that value (0.16: a later one), so only
        # the value is compared.
        theirs=$(grep -o 'largest=[0-9]* @ [0-9]*' "$scratch/out/$tag.rogalski" | tail -1 | sed 's/largest=//' || true)
        agree="NO: largest $theirs, ours $ours_last"
        [[ -n "$theirs" && "${theirs%% @*}" == "${ours_last%% @*}" ]] &&
          agree="yes (largest value ${theirs%% @*}; at heap ${theirs##*@ } there, first at ${ours_last##*@ })"
        grep -q 'status 124' "$scratch/out/$tag.rogalski.time" && agree="not compared: stopped after $limit s"
      fi
      other rogalski "$tag" "$agree"
    fi
  done
done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# The summary: medians over the runs, and ours / the fastest other program.
echo
echo "summary over $runs run(s): median CPU / wall seconds; ours / fastest other (below 1: ours is faster)"
printf '%-7s %-5s | %-15s | %-15s | %-15s | %-15s | %s\n' code heaps ours tczajka ogsolve rogalski \
  "ours / fastest other by CPU; by wall"
for e in $exponents; do
  for code in $codes; do
    line=$(printf '%-7s 2^%-3s' "$code" "$e")
    best_cpu=""; best_cpu_time=""; best_wall=""; best_wall_time=""
    for program in ours tczajka ogsolve rogalski; do
      rows=$(awk -F'\t' -v c="$code" -v e="$e" -v p="$program" '$1 == c && $2 == e && $3 == p' "$results")
      if [[ -z "$rows" ]]; then line+=$(printf ' | %-15s' "-"); continue; fi
      mcpu=$(cut -f4 <<< "$rows" | median)
      mwall=$(cut -f5 <<< "$rows" | median)
      if grep -q $'\tstopped$' <<< "$rows"; then
        line+=$(printf ' | %-15s' "over $limit s")
        continue
      elif grep -q $'\tdiffers$' <<< "$rows"; then
        line+=$(printf ' | %-15s' "values differ")
        continue
      fi
      line+=$(printf ' | %6s %8s' "$mcpu" "$mwall")
      [[ "$program" == ours ]] && { ours_cpu=$mcpu; ours_wall=$mwall; continue; }
      if [[ -z "$best_cpu" ]] || awk -v a="$mcpu" -v b="$best_cpu_time" 'BEGIN { exit !(a < b) }'; then
        best_cpu=$program; best_cpu_time=$mcpu
      fi
      if [[ -z "$best_wall" ]] || awk -v a="$mwall" -v b="$best_wall_time" 'BEGIN { exit !(a < b) }'; then
        best_wall=$program; best_wall_time=$mwall
      fi
    done
    if [[ -n "$best_cpu" ]]; then
      line+=" | cpu: $best_cpu $(ratio "$ours_cpu" "$best_cpu_time"); wall: $best_wall $(ratio "$ours_wall" "$best_wall_time")"
    else
      line+=" | no other program counted"
    fi
    echo "$line"
  done
done
exit $status
