#!/usr/bin/env bash
# The held-out run of this experiment: the set made by make_worlds.py, the cleaner of BASE_REV (main before the change)
# and of CAND_REV (the change) each run on every file, score.py on the files whose output differs (a file written the
# same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
#   turn-back-final (2026-12-08, did not land: conditions 1 and 6): BASE_REV 4314f9b (main), CAND_REV 0370ff2
#   (branch turn-back; candidate.patch is its whole diff from 4314f9b: where the branch is gone, `git worktree add
#   /tmp/tb 4314f9b`, `patch -p1 < candidate.patch` there, commit, and give that commit as CAND_REV).
# Usage: bash Benchmarks/generalize/experiments/turn-back/heldout.sh [SET]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-turn-back-final}
case $SET in
    turn-back-final) BASE_REV=${BASE_REV:-4314f9b} CAND_REV=${CAND_REV:-0370ff2} ;;
    *) echo "heldout.sh: no held-out run of this experiment on '$SET'" >&2; exit 2 ;;
esac
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" turn "$ROOT/Benchmarks/generalize/experiments/turn-back/rule.py"
