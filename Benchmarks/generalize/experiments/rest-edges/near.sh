#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at df24f04 and with near.patch's rest edges for each (share, seconds)
# pair given, scores the files each pair changes (sum of |error - floor|, closer / further) and says how many seconds of
# stops and of walking the edges took in (walk.py).
# usage: near.sh SET [SHARE:SECONDS...]   default 0.5:10 (what landed as RestStops.takeInEdges)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: near.sh SET [SHARE:SECONDS...]}
shift
PAIRS=${*:-0.5:10}
W=$ROOT/Benchmarks/work/rest-edges/$SET
rm -rf "$W"
mkdir -p "$W/in" "$W/src"
python3 "$ROOT/Benchmarks/generalize/make_worlds.py" "$W/in" "$SET"
git -C "$ROOT" archive df24f04 Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver \
    | tar -x -C "$W/src"
build() {  # SOURCE_ROOT OUT
    sed '/^import TrackKit/d' "$1/Tests/TrackKitTests/SyntheticLoader.swift" > "$W/loader.swift"
    swiftc -O -module-name TrackKit "$1"/Sources/TrackKit/Model/*.swift "$1"/Sources/TrackKit/Threads/*.swift \
        "$1"/Sources/TrackKit/Cleaning/*.swift "$W/loader.swift" "$1/Benchmarks/denoise/driver/main.swift" -o "$2"
}
build "$W/src" "$W/base-driver"
(cd "$W/src" && patch -p1 -s < "$HERE/near.patch")
build "$W/src" "$W/near-driver"
clean() {  # DRIVER OUT_DIR [ENV...]
    local driver=$1 out=$2
    shift 2
    mkdir -p "$out"
    ls "$W/in"/*.gpx | env "$@" xargs -P "$(nproc)" -I{} sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null 2>&1' _ \
        "$driver" {} "$out"
}
clean "$W/base-driver" "$W/base"
for pair in $PAIRS; do
    share=${pair%:*} seconds=${pair#*:} v=near-$share-$seconds
    clean "$W/near-driver" "$W/$v" TD_EDGE="$share" TD_EDGE_SECONDS="$seconds"
    S=$W/scored-$v
    mkdir -p "$S/in" "$S/base" "$S/$v"
    for f in "$W/base"/*.gpx; do
        b=$(basename "$f" .gpx)
        cmp -s "$f" "$W/$v/$b.gpx" && continue
        ln -s "$W/in/$b.gpx" "$W/in/$b.truth.json" "$S/in/"
        ln -s "$f" "$S/base/"
        ln -s "$W/$v/$b.gpx" "$S/$v/"
    done
    echo "$SET, share $share, $seconds s: $(ls "$S/in"/*.gpx 2>/dev/null | wc -l) of $(ls "$W/in"/*.gpx | wc -l) files changed"
    if ls "$S/in"/*.gpx >/dev/null 2>&1; then
        python3 "$ROOT/Benchmarks/generalize/score.py" "$S/in" "$S/base,$S/$v" "$S/scores.json" >/dev/null
        python3 "$HERE/../stretch-segmentation/cmp.py" "$S/scores.json" base "$v"
    fi
    TD_EDGE="$share" TD_EDGE_SECONDS="$seconds" python3 "$HERE/walk.py" "$W/near-driver" "$W/in"
done
