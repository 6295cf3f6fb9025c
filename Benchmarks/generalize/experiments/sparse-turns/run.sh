#!/usr/bin/env bash
# The trend-filtering prototype on one benchmark set: run `Benchmarks/generalize.sh SET` first, then
#   Benchmarks/generalize/experiments/sparse-turns/run.sh SET [BETA]      (BETA defaults to 0.05)
# Builds the cleaning driver twice from this tree: smoothing switched off (pre/) and the tuned smoothing of before
# `SparseTurns` (base/, with the driver's report beside each file), then runs trend_filter.py on pre/.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
W=$ROOT/Benchmarks/work/generalize/$1
BETA=${2:-0.05}
B=$W/trend-filter-build
mkdir -p "$B" "$W/pre" "$W/base"
python3 -c "import scipy" 2>/dev/null || python3 -m pip install --quiet scipy
sed '/^import TrackKit/d' "$ROOT/Tests/TrackKitTests/SyntheticLoader.swift" > "$B/loader.swift"
sed 's/options: CleaningOptions(sport: sport))/options: CleaningOptions(sport: sport, smooth: ProcessInfo.processInfo.environment["NOSMOOTH"] == nil, sparseTurns: false))/' \
    "$ROOT/Benchmarks/denoise/driver/main.swift" > "$B/main.swift"
grep -q NOSMOOTH "$B/main.swift"
swiftc -O -module-name TrackKit "$ROOT"/Sources/TrackKit/Model/*.swift "$ROOT"/Sources/TrackKit/Threads/*.swift \
    "$ROOT"/Sources/TrackKit/Cleaning/*.swift "$B/loader.swift" "$B/main.swift" -o "$B/driver"
ls "$W/in"/*.gpx | grep -v 10s-gaps | xargs -P "$(nproc)" -I{} sh -c \
    'n=$(basename "$2" .gpx); NOSMOOTH=1 "$1" "$2" "$3/pre/$n.gpx" >/dev/null; "$1" "$2" "$3/base/$n.gpx" > "$3/base/$n.json"' \
    _ "$B/driver" {} "$W"
python3 "$HERE/trend_filter.py" "$W" "$BETA"
