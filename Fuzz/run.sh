#!/usr/bin/env bash
# Builds the libFuzzer targets of trackdrop's readers and runs each for a given time.
#
#   Fuzz/run.sh SECONDS [JOBS] [TARGET...]
#
# SECONDS: wall time per target; JOBS: targets run side by side (default 1); TARGET: FuzzGPX, FuzzTCX,
# FuzzFIT, FuzzGzip (default all four). Runs under `nice -n ${FUZZ_NICE:-19}` (set FUZZ_NICE=0 on a machine
# where the fuzzers should get their full share of CPU beside a build). Seeds come from ../shared/corpus/ and
# SampleRuns/ (gzipped copies for FuzzGzip); the growing corpus lives in .build-fuzz/corpus/TARGET.
# Each target's log is .build-fuzz/logs/TARGET.log; crashing inputs land in Fuzz/crashes/ (copy each into
# Tests/Regressions/ with a line in its README once understood). Prints one summary line per target:
# executions, coverage (edges, features), corpus size, crashes, CPU seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:?usage: Fuzz/run.sh SECONDS [JOBS] [TARGET...]}
jobs=${2:-1}
shift $(( $# >= 2 ? 2 : 1 ))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzGPX FuzzTCX FuzzFIT FuzzGzip)
export PATH=/opt/swift/usr/bin:$PATH
scratch=$root/.build-fuzz

sanitizers=fuzzer,address
mkdir -p "$scratch"
if ! swift build -c release --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=$sanitizers -Xswiftc -use-ld=lld >"$scratch/build.log" 2>&1; then
    echo "the address sanitizer did not build; fuzzing without it" >&2
    sanitizers=fuzzer
    swift build -c release --package-path Fuzz --scratch-path "$scratch" -Xswiftc -sanitize=$sanitizers -Xswiftc -use-ld=lld
fi
echo "built with -sanitize=$sanitizers"

corpus=${TRACKDROP_CORPUS:-$root/../shared/corpus}
mkdir -p "$scratch/seeds" "$scratch/logs" "$root/Fuzz/crashes"
seed() {  # seed TARGET PATTERN...
    local dir=$scratch/seeds/$1; shift
    mkdir -p "$dir"
    for pattern in "$@"; do
        find "$corpus" "$root/SampleRuns" "$root/Tests/Regressions" -type f -iname "$pattern" -size -2M -exec cp {} "$dir/" \; 2>/dev/null || true
    done
}
seed FuzzGPX '*.gpx'
seed FuzzTCX '*.tcx'
seed FuzzFIT '*.fit'
seed FuzzGzip '*.gz'
for f in "$scratch"/seeds/FuzzGPX/* "$scratch"/seeds/FuzzTCX/* "$scratch"/seeds/FuzzFIT/*; do
    gzip -c "$f" > "$scratch/seeds/FuzzGzip/$(basename "$f").gz"
done

run() {  # run TARGET
    local target=$1
    mkdir -p "$scratch/corpus/$target"
    local log=$scratch/logs/$target.log
    /usr/bin/time -f "cpu_seconds %U %S" -o "$scratch/logs/$target.time" \
        nice -n "${FUZZ_NICE:-19}" "$scratch/release/$target" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
        -timeout=10 -print_final_stats=1 -artifact_prefix="$root/Fuzz/crashes/$target-" \
        "$scratch/corpus/$target" "$scratch/seeds/$target" >"$log" 2>&1 || true
    local runs cov ft corp cpu crashes
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | awk '{print $2}')
    corp=$(grep -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' "$log" | tail -1 | awk '{print $2}')
    cpu=$(awk '/cpu_seconds/ {printf "%.0f", $2 + $3}' "$scratch/logs/$target.time")
    crashes=$(ls "$root/Fuzz/crashes" | grep -c "^$target-" || true)
    echo "$target: ${runs:-?} executions, cov ${cov:-?} edges, ft ${ft:-?} features, corpus ${corp:-?}, $crashes crash files, ${cpu:-?} CPU s, ${seconds} s wall"
}

running=0
for target in "${targets[@]}"; do
    run "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait
