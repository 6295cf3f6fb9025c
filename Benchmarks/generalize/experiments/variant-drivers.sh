# Sourced by the experiments' scripts that compare main's cleaner with a patched one on a benchmark set
# (stretch-segmentation/variants.sh, rest-edges/near.sh). Needs ROOT (the checkout), W (the work folder) and SET
# (a set make_worlds.py knows) before use.

# build SOURCE_ROOT OUT: the cleaning driver of a source tree, as Benchmarks/generalize.sh builds it.
build() {
    sed '/^import TrackKit/d' "$1/Tests/TrackKitTests/SyntheticLoader.swift" > "$W/loader.swift"
    swiftc -O -module-name TrackKit "$1"/Sources/TrackKit/Model/*.swift "$1"/Sources/TrackKit/Threads/*.swift \
        "$1"/Sources/TrackKit/Cleaning/*.swift "$W/loader.swift" "$1/Benchmarks/denoise/driver/main.swift" -o "$2"
}

# clean DRIVER OUT_DIR [ENV...]: every file of the set, with ENV set.
clean() {
    local driver=$1 out=$2
    shift 2
    mkdir -p "$out"
    ls "$W/in"/*.gpx | env "$@" xargs -P "$(nproc)" -I{} sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' _ \
        "$driver" {} "$out"
}

# score_changed NAME LABEL: scores only the files $W/NAME changes against $W/base (the others are the same bytes), and
# prints each changed file, the sum of |error - floor| over them, and how many came closer and went further.
score_changed() {
    local v=$1 label=$2 S=$W/scored-$1
    mkdir -p "$S/in" "$S/base" "$S/$v"
    for f in "$W/base"/*.gpx; do
        b=$(basename "$f" .gpx)
        cmp -s "$f" "$W/$v/$b.gpx" && continue
        ln -s "$W/in/$b.gpx" "$W/in/$b.truth.json" "$S/in/"
        ln -s "$f" "$S/base/"
        ln -s "$W/$v/$b.gpx" "$S/$v/"
    done
    echo "$SET, $label: $(ls "$S/in"/*.gpx 2>/dev/null | wc -l) of $(ls "$W/in"/*.gpx | wc -l) files changed"
    if ls "$S/in"/*.gpx >/dev/null 2>&1; then
        python3 "$ROOT/Benchmarks/generalize/score.py" "$S/in" "$S/base,$S/$v" "$S/scores.json" >/dev/null
        python3 "$ROOT/Benchmarks/generalize/experiments/stretch-segmentation/cmp.py" "$S/scores.json" base "$v"
    fi
}

# prepare REV PATCH: the set's files in $W/in, main's cleaner at REV ($W/base-driver) and the same with PATCH applied
# ($W/variant-driver), and the set cleaned with the first ($W/base).
prepare() {
    rm -rf "$W"
    mkdir -p "$W/in" "$W/src"
    python3 "$ROOT/Benchmarks/generalize/make_worlds.py" "$W/in" "$SET"
    git -C "$ROOT" archive "$1" Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver \
        | tar -x -C "$W/src"
    build "$W/src" "$W/base-driver"
    (cd "$W/src" && patch -p1 -s < "$2")
    build "$W/src" "$W/variant-driver"
    clean "$W/base-driver" "$W/base"
}
