#!/usr/bin/env bash
# The nimber of an empty Cram board cut into K shards at the root (its distinct first moves,
# every K-th to one shard), run with GNU parallel at low priority (nice 19), then merged:
#
#   scripts/cram-shards.sh ROWS COLS K [JOBS [OUT_DIR]]
#
# JOBS shards run at once (default 1), each `games --allow-long cram ROWS COLS --shard I/K
# --out OUT_DIR/shard-I-of-K.json` (default OUT_DIR: cram-ROWSxCOLS-shards). A shard writes
# its file after each first move it values, and a run finds there what an earlier run of the
# shard valued: after a stop the script goes on where each shard was (a finished shard is only
# reported). Each run appends the shard, wall and CPU seconds and peak memory (GNU time) to
# OUT_DIR/times.tsv (add up a shard's lines). When every shard is finished, `games cram ROWS
# COLS --merge` prints the nimber. In the environment (see docs/commands.md, "Shards"):
#
#   CAP=C          `--cap C`: each first move asked only whether its value is below C.
#   ONLY=V         `--only V`: each first move asked only whether its value is V (merge such
#                  shards with shards that give the values below V, e.g. a run with CAP=V).
#   MAX_SECONDS=S  `--max-seconds S`: each shard stops after S seconds of search, its part
#                  kept, so that a first sweep (with a table) finishes the quick shards first.
#   MAX_NODES=N    `--max-nodes N`: the same sweep by positions expanded, which a busy machine
#                  does not shorten.
#   MEMORY=MIB     `--memory MIB`: each shard's budget (4096 MiB by default).
#   TABLES=1       each shard its own table file OUT_DIR/shard-I-of-K.tbl (`--table`), so that
#                  a stopped shard keeps the values of the first move it was searching too.
#   TABLE=FILE     every shard of this run one table file, FILE, in turn (JOBS must be 1): the
#                  values found for one first move serve the next, so a position reached under
#                  several first moves is searched once, as in one search of the whole board.
#   SHARDS="I ..." run only these shards, in this order (default: all, 0 to K-1), e.g. two runs
#                  of the script with TABLE, one for the even shards and one for the odd.
#   CARRY_MIB=N    after a run that ended before its shard was finished, the entries of its
#                  table file whose values cost the most work go to OUT_DIR/carry/ under the
#                  table's name, at most N MiB (`games table carry`), kept with the run
#                  (working state, not committed: only a complete shard set is): a machine that
#                  loses the table files then loses only part of the work, for a table file that
#                  does not exist starts from its carry file.
#   STOP_AT=TIME   a time GNU date reads (e.g. 20:05, or 2026-12-02T20:05Z): each shard stops
#                  searching by then (its --max-seconds the seconds left, or MAX_SECONDS if
#                  fewer), saves its table and carry file as after any stop, and no shard starts
#                  after it; for a machine that goes at a known time (saving a table file takes
#                  about a second per 500 MB here, its carry file a few more).
#
# On a cluster, scripts/slurm/cram-shards.sbatch runs the same shards as a job array.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/low-priority.sh
lower_session_priority
usage="usage: scripts/cram-shards.sh ROWS COLS K [JOBS [OUT_DIR]]"
rows=${1:?$usage}
cols=${2:?$usage}
k=${3:?$usage}
jobs=${4:-1}
out=${5:-cram-${rows}x${cols}-shards}
if [ -n "${TABLE:-}" ]; then
    [ "$jobs" = 1 ] || { echo "error: TABLE=FILE serves one shard at a time: JOBS must be 1, not $jobs" >&2; exit 2; }
    [ -z "${TABLES:-}" ] || { echo "error: TABLE=FILE and TABLES=1 do not go together" >&2; exit 2; }
fi
stop_at=
if [ -n "${STOP_AT:-}" ]; then
    stop_at=$(date -u -d "$STOP_AT" +%s 2>/dev/null) || { echo "error: STOP_AT=$STOP_AT is not a time that GNU date reads" >&2; exit 2; }
    [ "$stop_at" -gt "$(date +%s)" ] || { echo "error: STOP_AT=$STOP_AT ($(date -u -d "@$stop_at" +%FT%TZ)) has passed" >&2; exit 2; }
fi
command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: GNU time (/usr/bin/time) is missing: apt-get install -y time" >&2; exit 2; }
cargo build --release -q -p games-cli
games=$PWD/target/release/games
mkdir -p "$out"
[ -e "$out/times.tsv" ] || printf 'shard\twall_s\tcpu_s\tpeak_kib\tdate\n' >"$out/times.tsv"

run_shard() {
    local i=$1 file="$out/shard-$1-of-$k.json" log status=0 table=() tbl=${TABLE:-} carry seconds=${MAX_SECONDS:-}
    if [ -n "$stop_at" ]; then
        local left=$((stop_at - $(date +%s)))
        if [ "$left" -le 0 ]; then
            echo "shard $i/$k: not started, STOP_AT has passed" >&2
            return 0
        fi
        [ -n "$seconds" ] && [ "$seconds" -le "$left" ] || seconds=$left
    fi
    [ -z "${TABLES:-}" ] || tbl="$out/shard-$1-of-$k.tbl"
    if [ -n "$tbl" ]; then
        table=(--table "$tbl")
        carry="$out/carry/$(basename "$tbl")"
        if [ ! -e "$tbl" ] && [ -e "$carry" ]; then
            echo "shard $i/$k: starting from the costliest values kept in $carry" >&2
            cp "$carry" "$tbl"
        fi
    fi
    log=$(mktemp)
    # A run that stops (--max-seconds, Ctrl-C) or fails says why on standard error and keeps
    # its part and table; the merge below says what is missing.
    /usr/bin/time -f '%e %U %S %M' -o "$log" nice -n 19 "$games" --allow-long ${MEMORY:+--memory "$MEMORY"} \
        cram "$rows" "$cols" --shard "$i/$k" ${CAP:+--cap "$CAP"} ${ONLY:+--only "$ONLY"} ${seconds:+--max-seconds "$seconds"} \
        ${MAX_NODES:+--max-nodes "$MAX_NODES"} --out "$file" "${table[@]}" \
        || status=$?
    read -r wall user sys peak < <(tail -n 1 "$log")
    rm -f "$log"
    printf '%s\t%s\t%s\t%s\t%s\n' "$i/$k" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
        "$peak" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$out/times.tsv"
    if [ "$status" -ne 0 ] && [ -n "${CARRY_MIB:-}" ] && [ -n "$tbl" ] && [ -e "$tbl" ]; then
        mkdir -p "$out/carry"
        nice -n 19 "$games" table carry "$tbl" "$carry" --max-mib "$CARRY_MIB" >&2 || true
    fi
}
export -f run_shard
export out k rows cols games stop_at TABLES TABLE CAP ONLY MAX_SECONDS MAX_NODES MEMORY CARRY_MIB
printf '%s\n' ${SHARDS:-$(seq 0 $((k - 1)))} | parallel --will-cite --line-buffer --jobs "$jobs" run_shard {}
files=()
for i in $(seq 0 $((k - 1))); do files+=("$out/shard-$i-of-$k.json"); done
"$games" cram "$rows" "$cols" --merge "${files[@]}"
