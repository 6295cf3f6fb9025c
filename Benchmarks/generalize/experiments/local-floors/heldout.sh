#!/usr/bin/env bash
# The held-out run of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the change)
# and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file written the
# same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   local-floors-final (2026-12-07, rule held, not landed): BASE_REV cccdd52, CAND_REV 7f29fa3 (candidate.patch).
#   Where the branch that held 7f29fa3 is gone: `git worktree add /tmp/lf cccdd52`, `patch -p1 < candidate.patch`
#   there, commit, and give that commit as CAND_REV (candidate.patch is the whole diff, so the same tree).
#   local-floors-mend-final (2026-12-08, did not land: condition 6): BASE_REV c6523cf (main; its Sources are
#   cccdd52's), CAND_REV b696d2f (branch local-floors-mend: candidate.patch then mend.patch on c6523cf; where it is
#   gone, apply both there and commit).
# Usage: bash Benchmarks/generalize/experiments/local-floors/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-local-floors-final}
case $SET in
    local-floors-final) BASE_REV=${BASE_REV:-cccdd52} CAND_REV=${CAND_REV:-7f29fa3} ;;
    local-floors-mend-final) BASE_REV=${BASE_REV:-c6523cf} CAND_REV=${CAND_REV:-b696d2f} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" local "$ROOT/Benchmarks/generalize/experiments/local-floors/rule.py"
