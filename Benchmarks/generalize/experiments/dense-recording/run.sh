#!/usr/bin/env bash
# Cleans the 1 s files of `tuning` as they are and written again ten times a second (upsample.py), with the product's
# `trackdrop check --out` (files of 11 MB are beyond the cleaning driver's XMLParser), and scores them.
# Usage: run.sh TRACKDROP_BINARY OUT_DIR     (needs Benchmarks/work/generalize/tuning/in from `generalize.sh tuning`,
#        or any folder of 1 s files with their truths as IN=...)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
BIN=$1; OUT=$2
IN=${IN:-$ROOT/Benchmarks/work/generalize/tuning/in}
mkdir -p "$OUT/one/in"
cp "$IN"/*_1s_* "$OUT/one/in/"
for mode in rep interp; do python3 "$HERE/upsample.py" "$IN" "$OUT/$mode/in" $mode 10; done
for set in one rep interp; do
    mkdir -p "$OUT/$set/out"
    ls "$OUT/$set/in"/*.gpx | xargs -P "$(nproc)" -I{} sh -c '"$1" check --out "$2/$(basename "$3")" "$3" >/dev/null' _ "$BIN" "$OUT/$set/out" {}
    python3 "$ROOT/Benchmarks/generalize/score.py" "$OUT/$set/in" "$OUT/$set/out" "$OUT/$set.json"
done
echo "scores in $OUT/one.json, $OUT/rep.json, $OUT/interp.json"
