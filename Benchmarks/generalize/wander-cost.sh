#!/usr/bin/env bash
# What the wander model costs on a long activity: 500,000 points of a 1 s walk under a 6 m / 5 s wandering
# error plus 2 m white noise. Times the white-noise tuning, the wander search and one smoothing pass with
# each model, and the peak memory of the whole run (GNU time). The cleaning engine alone (Model + Threads +
# Cleaning with swiftc -O), as denoise.sh and generalize.sh build it.
# Usage: Benchmarks/generalize/wander-cost.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/Benchmarks/work/generalize
mkdir -p "$OUT/wander-cost-src"
cp "$ROOT/Benchmarks/generalize/wander_cost.swift" "$OUT/wander-cost-src/main.swift"
swiftc -O -module-name TrackKit "$ROOT"/Sources/TrackKit/Model/*.swift "$ROOT"/Sources/TrackKit/Threads/*.swift \
    "$ROOT"/Sources/TrackKit/Cleaning/*.swift "$OUT/wander-cost-src/main.swift" -o "$OUT/wander-cost"
/usr/bin/time -f "peak RSS %M KB" "$OUT/wander-cost"
