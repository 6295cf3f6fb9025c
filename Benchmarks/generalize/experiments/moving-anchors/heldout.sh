#!/usr/bin/env bash
# The held-out run of moving-anchors-final as it was scored (2026-12-02): the set made by make_worlds.py, the cleaner of
# BASE_REV (default 1e04724) and the checkout's each run on every file, score.py on the files whose output differs (a
# file written the same bytes by both scores the same), then this folder's rule.py. The parts are variant-drivers.sh's;
# generalize.sh would also score every unchanged file twice (about 18 minutes more here) for the same verdict.
# Usage: bash Benchmarks/generalize/experiments/moving-anchors/heldout.sh   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=moving-anchors-final
BASE_REV=${BASE_REV:-1e04724}
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
rm -rf "$W"
mkdir -p "$W/in" "$W/src"
python3 "$ROOT/Benchmarks/generalize/make_worlds.py" "$W/in" "$SET"
git -C "$ROOT" archive "$BASE_REV" Sources/TrackKit Tests/TrackKitTests/SyntheticLoader.swift Benchmarks/denoise/driver \
    | tar -x -C "$W/src"
build "$W/src" "$W/base-driver"
build "$ROOT" "$W/cand-driver"
clean "$W/base-driver" "$W/base"
clean "$W/cand-driver" "$W/mab"
score_changed mab candidate
python3 "$ROOT/Benchmarks/generalize/experiments/moving-anchors/rule.py" "$W/scored-mab/scores.json" base mab
