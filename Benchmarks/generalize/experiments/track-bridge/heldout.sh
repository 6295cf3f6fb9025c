#!/usr/bin/env bash
# The held-out run of bridge-final (2026-12-02): the set made by make_worlds.py, the cleaner of BASE_REV (default
# 4a38834, main before the change) and of CAND_REV (default a3e5b59, the change, reverted after this run) each run on
# every file, score.py on the files whose output differs (a file written the same bytes by both scores the same), then
# this folder's rule.py: variant-drivers.sh's heldout.
# Usage: bash Benchmarks/generalize/experiments/track-bridge/heldout.sh   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=bridge-final
BASE_REV=${BASE_REV:-4a38834}
CAND_REV=${CAND_REV:-a3e5b59}
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" bridge "$ROOT/Benchmarks/generalize/experiments/track-bridge/rule.py"
