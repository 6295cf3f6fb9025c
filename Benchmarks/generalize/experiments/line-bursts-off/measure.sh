#!/usr/bin/env bash
# Diagnosis only (issue 15): main's cleaner against the same cleaner with the burst filter's first pass left out
# (no-line-bursts.patch: bursts found by their pair of jumps), on a set make_worlds.py knows; score.py on the files whose
# output differs, groups.py by generator, sampling and truth; then worse.py on main's output.
# Usage: bash Benchmarks/generalize/experiments/line-bursts-off/measure.sh SET [REV]   (W=<work folder>; REV: main's
# commit, HEAD when not given)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=$ROOT/Benchmarks/generalize/experiments/line-bursts-off
SET=${1:?usage: measure.sh SET [REV]}
REV=${2:-HEAD}
git -C "$ROOT" rev-parse -q --verify "$REV^{commit}" >/dev/null || { echo "measure.sh: no commit $REV in $ROOT" >&2; exit 2; }
W=${W:-$ROOT/Benchmarks/work/generalize/$SET-lines-off}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
prepare "$REV" "$HERE/no-line-bursts.patch"
clean "$W/variant-driver" "$W/off"
score_changed off "first pass left out"
python3 "$HERE/groups.py" "$W/scored-off/scores.json" base off
python3 "$HERE/worse.py" "$W/in" "$W/base"
