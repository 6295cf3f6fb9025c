#!/usr/bin/env bash
# Cleans one generalization set with main's cleaner (at BASE, default 95bcd47) and with this experiment's patch applied
# to it, then prints compare.py's and turnloss.py's tables.
# Usage: run.sh SET [TD_GATE]   e.g. `run.sh after 0` (the set must have been made by Benchmarks/generalize.sh SET)
# PATCH=combined.patch scores that patch instead (with its TD_REFINE, TD_NOSKIP switches in the environment).
# TD_GATE: the patch's amplitude gate in standard errors; 0 puts back every turn found (the figures in README.md).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=$1; GATE=${2:-0}; BASE=${BASE:-95bcd47}
WORK=$ROOT/Benchmarks/work/generalize/$SET
TMP=$(mktemp -d)
mkdir -p "$TMP/main" "$TMP/patched"
for tree in main patched; do
    git -C "$ROOT" archive "$BASE" Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver |
        tar -x -C "$TMP/$tree"
done
build() {  # TREE OUT
    sed '/^import TrackKit/d' "$1/Tests/TrackKitTests/SyntheticLoader.swift" > "$TMP/loader.swift"
    swiftc -O -module-name TrackKit "$1"/Sources/TrackKit/Model/*.swift "$1"/Sources/TrackKit/Threads/*.swift \
        "$1"/Sources/TrackKit/Cleaning/*.swift "$TMP/loader.swift" "$1/Benchmarks/denoise/driver/main.swift" -o "$2"
}
build "$TMP/main" "$TMP/base"
(cd "$TMP/patched" && git apply --include="Sources/TrackKit/*" "$HERE/${PATCH:-cleaner.patch}")
build "$TMP/patched" "$TMP/turns"
for tool in base turns; do
    rm -rf "$WORK/$tool"; mkdir -p "$WORK/$tool"
    ls "$WORK/in"/*.gpx | TD_GATE=$GATE xargs -P "$(nproc)" -I{} sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' _ "$TMP/$tool" {} "$WORK/$tool"
done
python3 "$HERE/compare.py" "$WORK" base,turns
python3 "$HERE/turnloss.py" "$WORK" base,turns
rm -rf "$TMP"
