#!/usr/bin/env bash
# The held-out run of moving-anchors-final as it was scored (2026-12-02): the set made by make_worlds.py, the cleaner of
# BASE_REV (default 1e04724, main before the change) and of CAND_REV (default a4b6f00, the change; the run itself built
# the checkout, whose cleaner was a4b6f00's) each run on every file, score.py on the files whose output differs (a file
# written the same bytes by both scores the same), then this folder's rule.py: variant-drivers.sh's heldout.
# generalize.sh would also score every unchanged file twice (about 18 minutes more here) for the same verdict.
# Usage: bash Benchmarks/generalize/experiments/moving-anchors/heldout.sh   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=moving-anchors-final
BASE_REV=${BASE_REV:-1e04724}
CAND_REV=${CAND_REV:-a4b6f00}
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-parts}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
heldout "$BASE_REV" "$CAND_REV" mab "$ROOT/Benchmarks/generalize/experiments/moving-anchors/rule.py"
