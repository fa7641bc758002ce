# Shared by the shard scripts (sourced, not run): runs the missing shards of one count through
# GNU parallel and merges them once all are there.

# run_missing_shards DIR K LIMIT JOBS LABEL GAMES ARGS...: runs `GAMES ARGS... --shard I/K
# --out DIR/shard-I-of-K.json` for the first LIMIT shards I whose files are missing, JOBS at a
# time, each with one thread at `nice -n 19`; then, if all K files are there, merges them into
# DIR/merged.json.
run_missing_shards() {
    local out=$1 shards=$2 limit=$3 jobs=$4 label=$5 games=$6
    shift 6
    command -v parallel >/dev/null || { echo "error: GNU parallel is missing: apt-get install -y parallel" >&2; exit 2; }
    mkdir -p "$out"
    local missing=() i
    for ((i = 0; i < shards; i++)); do
        [ -e "$out/shard-$i-of-$shards.json" ] || missing+=("$i")
    done
    local todo=("${missing[@]:0:$limit}")
    echo "$label: ${#missing[@]} of $shards shards missing; running ${#todo[@]} of them, $jobs at a time"
    if [ "${#todo[@]}" -gt 0 ]; then
        printf '%s\n' "${todo[@]}" |
            RAYON_NUM_THREADS=1 nice -n 19 parallel --will-cite --line-buffer --jobs "$jobs" \
                "$games" "$@" --shard "{}/$shards" --out "$out/shard-{}-of-$shards.json"
    fi
    local done_count
    done_count=$(find "$out" -name "shard-*-of-$shards.json" | wc -l)
    echo "$label: $done_count of $shards shards done"
    if [ "$done_count" -eq "$shards" ]; then
        "$games" rotation merge "$out"/shard-*-of-"$shards".json
        "$games" --json rotation merge "$out"/shard-*-of-"$shards".json >"$out/merged.json"
        echo "the merged count is in $out/merged.json"
    fi
}

# release_games: the `games` binary to run, $GAMES if set, else a release build made now.
release_games() {
    if [ -n "${GAMES:-}" ]; then
        echo "$GAMES"
    else
        cargo build --release -p games-cli --quiet
        echo target/release/games
    fi
}
