#!/usr/bin/env bash
# What one cleaner makes of the `shuttles` drill: the set made by make_worlds.py (default shuttles-dev), the cleaner of
# REV (default HEAD) built and run on every file, score.py on all of them, then table.py by generator and by sampling.
# Usage: bash Benchmarks/generalize/experiments/shuttles/measure.sh [SET] [REV]   (W=<work folder> to put it elsewhere)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
SET=${1:-shuttles-dev}
REV=${2:-HEAD}
case $SET in
    shuttles-dev) ;;
    *) echo "measure.sh: '$SET' holds no shuttles (shuttles-dev does)" >&2; exit 2 ;;
esac
git -C "$ROOT" rev-parse --verify --quiet "$REV^{commit}" >/dev/null || { echo "measure.sh: no commit '$REV'" >&2; exit 2; }
W=${W:-$ROOT/Benchmarks/work/shuttles/$SET}
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
make_base "$REV"
clean "$W/base-driver" "$W/base"
python3 "$ROOT/Benchmarks/generalize/score.py" "$W/in" "$W/base" "$W/scores.json" >/dev/null
python3 "$ROOT/Benchmarks/generalize/experiments/shuttles/table.py" "$W/scores.json" base
