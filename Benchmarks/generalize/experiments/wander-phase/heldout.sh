#!/usr/bin/env bash
# The held-out run of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the change)
# and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file written the
# same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   wander-phase-final (2026-12-07): BASE_REV 84aba1f, CAND_REV f1444d2 (candidate.patch applied to 84aba1f, on a
#   branch of the checkout it was made in: to run this again elsewhere, commit the patch on 84aba1f and give that
#   commit as CAND_REV). Did not land (README.md).
# Usage: bash Benchmarks/generalize/experiments/wander-phase/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-wander-phase-final}
case $SET in
    wander-phase-final) BASE_REV=${BASE_REV:-84aba1f} CAND_REV=${CAND_REV:-f1444d2} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" phase "$ROOT/Benchmarks/generalize/experiments/wander-phase/rule.py"
