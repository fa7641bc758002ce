#!/usr/bin/env bash
# Times game-nim's octal Grundy values (rare/common kernel over narrow cells) against the public
# program of tczajka/octal-games (old/src/analyze_exec.cc, C++) on the same codes and heap
# counts, one run after the other on the same machine, and checks that the values agree.
# Not part of CI: it builds a C++ program and runs for minutes.
#
# Usage:
#   scripts/bench-octal.sh [--tczajka DIR] [--rogalski DIR --rogalski-cmd CMD]
#                          [--codes "0.6 0.16 0.137 0.14 0.64"] [--exponents "20 24"]
#                          [--scratch DIR]
#
#   --tczajka DIR   a source tree of https://github.com/tczajka/octal-games (its old/ folder is
#                   used; tested at commit 57e893a). Without it the script clones that repository
#                   into the scratch folder, which needs network access.
#   --rogalski DIR  a source tree of https://github.com/rogalski/octal (Rust), built with
#                   `cargo build --release` there; with --rogalski-cmd CMD, a command line run in
#                   DIR with {code} and {heaps} replaced, timed the same way. Its output is kept in
#                   the scratch folder but not compared (its output format is not known to this
#                   script). Without --rogalski it is skipped. Cloned when given --rogalski clone.
#   --codes         octal codes (default: 0.6 0.16 0.137 0.14 0.64)
#   --exponents     heap counts as powers of two (default: 20 24): heaps 0 .. 2^e - 1
#   --scratch DIR   where sources, binaries and outputs go (default: /tmp/bench-octal)
#
# What is compared. tczajka's analyze computes heaps 0, 1, 2, ... up to a compiled-in maximum
# (maxn = 2^28 in its source; this script compiles one binary per exponent with maxn = 2^e, the
# only change) and stops early when it proves a period. At every power of two it prints
#   n=2^k largest G[i]=v rare_mask=M num_rare=R last_rare=L
# Ours (crates/game-nim/examples/octal_values.rs, heaps 0 .. 2^e - 1, with game-nim's own period
# shortcut) prints `n=2^k largest G[i]=v` at every power of two, and, given their last mask,
# `num_rare=R last_rare=L` counted from our values by their definition of rare. The script checks
# that every `n=2^k largest G[i]=v` they print is printed identically by us, and, when they ran to
# 2^e, that num_rare and last_rare agree: the largest value, its first heap, and the number and
# last of the rare heaps under their mask, all from independent code.
#
# Time is CPU time, user + system, from /usr/bin/time -f '%U %S %e %M' (the machine's cores may
# be shared with other jobs; wall time and peak memory are printed too).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tczajka=""
rogalski=""
rogalski_cmd=""
codes="0.6 0.16 0.137 0.14 0.64"
exponents="20 24"
scratch=/tmp/bench-octal

while [[ $# -gt 0 ]]; do
  case "$1" in
    --tczajka) tczajka=$2; shift 2 ;;
    --rogalski) rogalski=$2; shift 2 ;;
    --rogalski-cmd) rogalski_cmd=$2; shift 2 ;;
    --codes) codes=$2; shift 2 ;;
    --exponents) exponents=$2; shift 2 ;;
    --scratch) scratch=$2; shift 2 ;;
    -h|--help) sed -n '2,36p' "$0"; exit 0 ;;
    *) echo "bench-octal: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

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
  [[ -d "$rogalski" ]] || git clone --depth 1 https://github.com/rogalski/octal "$rogalski"
fi

# Ours.
(cd "$here" && cargo build --release -q -p game-nim --example octal_values)
ours=${CARGO_TARGET_DIR:-$here/target}/release/examples/octal_values

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

if [[ -n "$rogalski" ]]; then
  (cd "$rogalski" && cargo build --release -q)
fi

cpu() { awk '{ printf "%.2f", $1 + $2 }' "$1"; }
field() { awk "{ print \$$2 }" "$1"; }

printf '%-6s %5s | %9s %9s %7s | %8s %8s | %s\n' code heaps "ours cpu" "their cpu" ours/th \
  "ours MB" "their MB" "values agree"
status=0
for e in $exponents; do
  heaps=$((1 << e))
  for code in $codes; do
    tag=$code-2^$e
    /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.their.time" \
      "$scratch/tczajka-bin/$e/analyze" "$code" > "$scratch/out/$tag.their" 2>&1
    mask=$(grep '^n=2^' "$scratch/out/$tag.their" | tail -1 | sed 's/.*rare_mask=\([0-9a-f]*\(pos\)\?\).*/\1/')
    /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.ours.time" \
      "$ours" "$code" "$heaps" "$mask" > "$scratch/out/$tag.ours"
    agree=yes
    while read -r line; do
      grep -qxF "$line" "$scratch/out/$tag.ours" || { agree="NO: $line"; break; }
    done < <(grep '^n=2^' "$scratch/out/$tag.their" | sed 's/ rare_mask=.*//')
    last=$(grep '^n=2^' "$scratch/out/$tag.their" | tail -1)
    if [[ "$agree" == yes && "$last" == "n=2^$e "* ]]; then
      theirs_rare=$(echo "$last" | sed 's/.* \(num_rare=[0-9]* last_rare=[0-9]*\).*/\1/')
      grep -qxF "$theirs_rare" "$scratch/out/$tag.ours" || agree="NO: $theirs_rare"
      [[ "$agree" == yes ]] && agree="yes (largest value at each 2^k; $theirs_rare)"
    elif [[ "$agree" == yes ]]; then
      agree="yes (largest value at each 2^k; they stopped at: $(grep -m1 '^Found period' "$scratch/out/$tag.their" || echo '?'))"
    fi
    [[ "$agree" == yes* ]] || status=1
    ours_cpu=$(cpu "$scratch/out/$tag.ours.time")
    their_cpu=$(cpu "$scratch/out/$tag.their.time")
    ratio=$(awk -v a="$ours_cpu" -v b="$their_cpu" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '%-6s  2^%-2s | %9s %9s %7s | %8d %8d | %s\n' "$code" "$e" "$ours_cpu" "$their_cpu" "$ratio" \
      $(( $(field "$scratch/out/$tag.ours.time" 4) / 1024 )) \
      $(( $(field "$scratch/out/$tag.their.time" 4) / 1024 )) "$agree"
    if [[ -n "$rogalski" && -n "$rogalski_cmd" ]]; then
      cmd=${rogalski_cmd//\{code\}/$code}
      cmd=${cmd//\{heaps\}/$heaps}
      (cd "$rogalski" && /usr/bin/time -f '%U %S %e %M' -o "$scratch/out/$tag.rogalski.time" \
        bash -c "$cmd" > "$scratch/out/$tag.rogalski" 2>&1) || true
      echo "        rogalski/octal: cpu $(cpu "$scratch/out/$tag.rogalski.time") s (output in $scratch/out/$tag.rogalski, not compared)"
    fi
  done
done
exit $status
