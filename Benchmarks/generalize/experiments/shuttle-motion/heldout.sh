#!/usr/bin/env bash
# The held-out run of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the change)
# and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file written the
# same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   shuttle-motion-final (2026-12-06): BASE_REV 90ada73, CAND_REV the candidate's commit (README.md);
#   shuttle-axis-final (2026-12-06): BASE_REV 84508cc, CAND_REV the second candidate's commit.
# Usage: bash Benchmarks/generalize/experiments/shuttle-motion/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-shuttle-motion-final}
case $SET in
    shuttle-motion-final) BASE_REV=${BASE_REV:-90ada73} CAND_REV=${CAND_REV:?CAND_REV=<the candidate commit>} ;;
    shuttle-axis-final) BASE_REV=${BASE_REV:-84508cc} CAND_REV=${CAND_REV:?CAND_REV=<the candidate commit>} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" shuttle-motion "$ROOT/Benchmarks/generalize/experiments/shuttle-motion/rule.py"
