#!/usr/bin/env bash
# The held-out runs of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the
# change) and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file
# written the same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   bridge-final (2026-12-02, the first candidate, reverted after it): BASE_REV 4a38834, CAND_REV a3e5b59.
#   bridge-sides-final (2026-12-02, paces read on both sides, landed): BASE_REV 0741072, CAND_REV 84f22e2.
# Usage: bash Benchmarks/generalize/experiments/track-bridge/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-bridge-final}
case $SET in
    bridge-final) BASE_REV=${BASE_REV:-4a38834} CAND_REV=${CAND_REV:-a3e5b59} ;;
    bridge-sides-final) BASE_REV=${BASE_REV:-0741072} CAND_REV=${CAND_REV:-84f22e2} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" bridge "$ROOT/Benchmarks/generalize/experiments/track-bridge/rule.py"
