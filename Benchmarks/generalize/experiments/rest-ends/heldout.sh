#!/usr/bin/env bash
# The held-out run of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the change)
# and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file written the
# same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   rest-ends-final (2026-12-02, landed): BASE_REV 0ae1d0c, CAND_REV 008223e.
# Usage: bash Benchmarks/generalize/experiments/rest-ends/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-rest-ends-final}
case $SET in
    rest-ends-final) BASE_REV=${BASE_REV:-0ae1d0c} CAND_REV=${CAND_REV:-008223e} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" rest-ends "$ROOT/Benchmarks/generalize/experiments/rest-ends/rule.py"
