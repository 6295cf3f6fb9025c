#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at d3252fa and with each variant of variants.patch, and scores the files
# a variant changes (sum of |error - floor|, closer / further, every changed file).
# usage: variants.sh SET [VARIANT...]   variants: prune, inside, own, pool, prune-own, prune-pool (README.md); default prune
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: variants.sh SET [VARIANT...]}
shift
VARIANTS=${*:-prune}
W=$ROOT/Benchmarks/work/stretch-segmentation/$SET
rm -rf "$W"
mkdir -p "$W/in" "$W/src"
python3 "$ROOT/Benchmarks/generalize/make_worlds.py" "$W/in" "$SET"
git -C "$ROOT" archive d3252fa Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver \
    | tar -x -C "$W/src"
build() {  # SOURCE_ROOT OUT
    sed '/^import TrackKit/d' "$1/Tests/TrackKitTests/SyntheticLoader.swift" > "$W/loader.swift"
    swiftc -O -module-name TrackKit "$1"/Sources/TrackKit/Model/*.swift "$1"/Sources/TrackKit/Threads/*.swift \
        "$1"/Sources/TrackKit/Cleaning/*.swift "$W/loader.swift" "$1/Benchmarks/denoise/driver/main.swift" -o "$2"
}
build "$W/src" "$W/base-driver"
(cd "$W/src" && patch -p1 -s < "$HERE/variants.patch")
build "$W/src" "$W/variant-driver"
clean() {  # DRIVER OUT_DIR [ENV...]
    local driver=$1 out=$2
    shift 2
    mkdir -p "$out"
    ls "$W/in"/*.gpx | env "$@" xargs -P "$(nproc)" -I{} sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' _ \
        "$driver" {} "$out"
}
clean "$W/base-driver" "$W/base"
for v in $VARIANTS; do
    case $v in
        prune | inside) set -- TD_SEG=$v ;;
        own | pool) set -- TD_FIT=$v ;;
        prune-own | prune-pool) set -- TD_SEG=prune TD_FIT=${v#prune-} ;;
        *) echo "variants.sh: no variant $v" >&2; exit 2 ;;
    esac
    clean "$W/variant-driver" "$W/$v" "$@"
    # Only the files the variant changes are scored (the others are the same bytes).
    S=$W/scored-$v
    mkdir -p "$S/in" "$S/base" "$S/$v"
    for f in "$W/base"/*.gpx; do
        b=$(basename "$f" .gpx)
        cmp -s "$f" "$W/$v/$b.gpx" && continue
        ln -s "$W/in/$b.gpx" "$W/in/$b.truth.json" "$S/in/"
        ln -s "$f" "$S/base/"
        ln -s "$W/$v/$b.gpx" "$S/$v/"
    done
    echo "$SET, $v: $(ls "$S/in"/*.gpx 2>/dev/null | wc -l) of $(ls "$W/in"/*.gpx | wc -l) files changed"
    if ls "$S/in"/*.gpx >/dev/null 2>&1; then
        python3 "$ROOT/Benchmarks/generalize/score.py" "$S/in" "$S/base,$S/$v" "$S/scores.json" >/dev/null
        python3 "$HERE/cmp.py" "$S/scores.json" base "$v"
    fi
done
