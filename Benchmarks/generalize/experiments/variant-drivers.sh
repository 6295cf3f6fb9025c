# Sourced by the experiments' scripts that compare main's cleaner with a patched one on a benchmark set
# (stretch-segmentation/variants.sh, rest-edges/near.sh, wander-phase/variants.sh, line-bursts-off/measure.sh, the
# heldout.sh scripts; loose-lines/variants.sh and collapser-ends/variants.sh through run_variants, at the end). Needs
# ROOT (the checkout), W (the work folder) and SET (a set make_worlds.py knows) before use, but for run_variants, which
# sets them.

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

# sources REV DIR: what build needs of the checkout at REV (the cleaner, the loader, the driver), in DIR.
sources() {
    mkdir -p "$2"
    git -C "$ROOT" archive "$1" Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver \
        | tar -x -C "$2"
}

# lock_work: holds $W.lock until the script ends (on file descriptor 9), or stops the script with one line where another
# run holds it: two runs of one experiment on one set share $W, and make_base empties it under the other.
lock_work() {
    mkdir -p "$(dirname "$W")"
    exec 9>"$W.lock"
    flock -n 9 || { echo "$(basename "$0"): another run is using $W; wait for it to end" >&2; exit 1; }
}

# make_base REV: the set's files in $W/in (made afresh) and main's cleaner at REV built as $W/base-driver, its sources
# left in $W/src. Takes the work folder's lock first (lock_work).
make_base() {
    lock_work
    rm -rf "$W"
    mkdir -p "$W/in"
    python3 "$ROOT/Benchmarks/generalize/make_worlds.py" "$W/in" "$SET"
    sources "$1" "$W/src"
    build "$W/src" "$W/base-driver"
}

# prepare REV PATCH: make_base REV, the same cleaner with PATCH applied ($W/variant-driver), and the set cleaned with
# the first ($W/base).
prepare() {
    make_base "$1"
    (cd "$W/src" && patch -p1 -s < "$2")
    build "$W/src" "$W/variant-driver"
    clean "$W/base-driver" "$W/base"
}

# heldout BASE_REV CAND_REV NAME RULE: a held-out run as the experiments' heldout.sh scripts make it: make_base BASE_REV,
# CAND_REV's cleaner built from its sources ($W/cand-driver), each run on every file of the set ($W/base, $W/NAME), the
# files whose output differs scored (score_changed), then the rule script RULE on their scores.
heldout() {
    # Both commits first: make_base empties the work folder and builds for minutes before the candidate is looked up.
    local rev
    for rev in "$1" "$2"; do
        git -C "$ROOT" rev-parse -q --verify "$rev^{commit}" >/dev/null || {
            echo "$(basename "$0"): no commit $rev in $ROOT (give BASE_REV or CAND_REV as one that is there)" >&2
            exit 2
        }
    done
    make_base "$1"
    sources "$2" "$W/cand-src"
    build "$W/cand-src" "$W/cand-driver"
    clean "$W/base-driver" "$W/base"
    clean "$W/cand-driver" "$W/$3"
    score_changed "$3" candidate
    python3 "$4" "$W/scored-$3/scores.json" base "$3"
}

# run_variants NAME REV PATCH DEFAULT SET [VARIANT...]: what an experiment's variants.sh runs. SET is made afresh,
# cleaned by main's cleaner at REV and by each VARIANT of the cleaner with PATCH applied (DEFAULT when none is named);
# the files a variant changes are scored (score_changed), then bytruth.py tables them. The calling script defines
# variant_env, which prints a variant's environment (NAME=VALUE words) or fails for a variant it does not know. Works in
# Benchmarks/work/NAME/SET; sets ROOT, W and SET itself.
run_variants() {
    local name=$1 rev=$2 patch=$3 default=$4
    SET=${5:?usage: variants.sh SET [VARIANT...]}
    shift 5
    ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
    W=$ROOT/Benchmarks/work/$name/$SET
    local variants=("$@") v
    [ ${#variants[@]} -gt 0 ] || variants=("$default")
    for v in "${variants[@]}"; do
        variant_env "$v" >/dev/null || { echo "variants.sh: no variant $v" >&2; exit 2; }
    done
    prepare "$rev" "$patch"
    for v in "${variants[@]}"; do
        # shellcheck disable=SC2046 # the environment's words, one NAME=VALUE each
        clean "$W/variant-driver" "$W/$v" $(variant_env "$v")
        score_changed "$v" "$v" | tail -1
        # A variant that changes no file leaves nothing to table (score_changed has said so).
        [ -f "$W/scored-$v/scores.json" ] || continue
        python3 "$ROOT/Benchmarks/generalize/experiments/bytruth.py" "$W/scored-$v/scores.json" base "$v"
    done
}
