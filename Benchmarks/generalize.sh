#!/usr/bin/env bash
# Does trackdrop's cleaner hold on noise it was never tuned on?
#
# Four GPS error generators written for this benchmark from published error characteristics
# (Benchmarks/generalize/worlds.py: Gauss–Markov watch-like and phone-like grids, urban multipath bursts,
# a phone's fused location), five true paths (Benchmarks/generalize/truths.py: a run with sharp corners and
# hairpins, a 400 m track in lane 1, an out-and-back, a slow hike with long stops, a ride at 8 to 12 m/s)
# and four kinds of sampling (1 s, smart recording, 10 s with signal losses, auto-pause). Nothing is shared
# with the cleaner or with Benchmarks/denoise/make_tracks.py.
#
# The split is fixed in make_worlds.py: seeds 1–2 of gm-watch, gm-phone and multipath were used while
# tuning; seeds 101–103 of all four generators are held out (`fused` entirely).
#
# Usage: Benchmarks/generalize.sh [heldout|final|fresh|unseen|later|next|beyond|after|other|other-final|stretches|stretches-final|turns-final|interval-final|rest-final|still-final|fall-final|sparse-final|sparse-falls-final|wide-rests-final|loud-rests-final|anchorless-rests-final|top-speed-final|steps-first-final|hold-wobble-final|wobble-out-final|trimmed-boxes-final|dense-final|half-seconds-final|half-seconds-dev|walkers-dev-a|walkers-dev-b|walkers-final|segments-final|edges-final|standing|tracks-final|lanes-final|drift-final|bends-final|sectors-final|intervals-dev|rests-line-final|top-speed-rests-final|repeats-final|loops-final|spikes-final|anchors-final|strays-final|refit-final|refit-laps-final|swaps-final|detours-final|one-way-final|moving-anchors-final|bridge-final|bridge-sides-final|standing-again|rest-ends-final|rest-wait-final|jitter-gap-final|shuttles-dev|shuttle-motion-final|shuttle-axis-final|humps-final|wander-phase-final|crossings-final|local-floors-final|local-floors-mend-final|turn-back-final|tuning]   (default: heldout)
#   BASE_REV=<git revision>  also cleans the same files with the cleaner of that revision, for comparison.
# Writes Benchmarks/work/generalize/<set>/scores.json and report.md (the tables of
# Benchmarks/results/generalize.md come from report.md: the verdicts, each sampling's error and its distance from the
# noise-free floor, every generator × truth × sampling, then targets.py's counts and last budget.py's table).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/Benchmarks/generalize
SET=${1:-heldout}
WORK=$ROOT/Benchmarks/work/generalize/$SET
rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/trackdrop"

python3 -c "import numpy" 2>/dev/null || python3 -m pip install --quiet numpy
python3 "$HERE/make_worlds.py" "$WORK/in" "$SET"

# The cleaning engine alone, as Benchmarks/denoise.sh builds it: Model + Threads (where a tree has it) +
# Cleaning with swiftc -O.
build_driver() {  # SOURCE_ROOT OUT
    sed '/^import TrackKit/d' "$1/Tests/TrackKitTests/SyntheticLoader.swift" > "$WORK/loader.swift"
    swiftc -O -module-name TrackKit "$1"/Sources/TrackKit/Model/*.swift $(ls "$1"/Sources/TrackKit/Threads/*.swift 2>/dev/null) "$1"/Sources/TrackKit/Cleaning/*.swift \
        "$WORK/loader.swift" "$ROOT/Benchmarks/denoise/driver/main.swift" -o "$2"
}
clean_all() {  # DRIVER OUT_DIR
    ls "$WORK/in"/*.gpx | xargs -P "$(nproc)" -I{} sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' _ "$1" {} "$2"
}

build_driver "$ROOT" "$WORK/driver"
clean_all "$WORK/driver" "$WORK/trackdrop"
OUTS="$WORK/trackdrop"
if [ -n "${BASE_REV:-}" ]; then
    mkdir -p "$WORK/base-src" "$WORK/base"
    git -C "$ROOT" archive "$BASE_REV" Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift | tar -x -C "$WORK/base-src"
    build_driver "$WORK/base-src" "$WORK/base-driver"
    clean_all "$WORK/base-driver" "$WORK/base"
    OUTS="$OUTS,$WORK/base"
fi
ln -s "$WORK/in" "$WORK/raw"
python3 "$HERE/score.py" "$WORK/in" "$OUTS,$WORK/raw" "$WORK/scores.json"
python3 "$HERE/report.py" "$WORK/scores.json" trackdrop ${BASE_REV:+base} > "$WORK/report.md"
{ echo; echo "Each target over the cells, with and without the 10 s files (targets.py):"; echo
  python3 "$HERE/targets.py" "$WORK/scores.json" | sed 's/^/    /'; } >> "$WORK/report.md"
{ echo; echo "Where the length error comes from (budget.py; 10 s-with-gaps files left out):"; echo
  python3 "$HERE/budget.py" "$WORK/in" "$WORK/trackdrop"; } >> "$WORK/report.md"
echo "wrote $WORK/report.md"
