#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at bebdd1d and with weights.patch (each fix's measurement noise in the
# turn-following smoothing's later rounds scaled by a Student-t weight from its distance to the round before's track),
# for each NU given, and scores the files each changes (sum of |error - floor|, closer / further). README.md,
# thirty-seventh session.
# usage: weights.sh SET [NU...]   default 4; TD_NUFROM (first round weighted, default 1) and TD_NUDOWN=1 (weights
# only ever lower the trust in a fix) pass through.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: weights.sh SET [NU...]}
shift
NUS=${*:-4}
W=$ROOT/Benchmarks/work/robust-weights/$SET
. "$HERE/../variant-drivers.sh"
prepare bebdd1d "$HERE/weights.patch"
for nu in $NUS; do
    clean "$W/variant-driver" "$W/nu-$nu" TD_NU="$nu" TD_NUFROM="${TD_NUFROM:-1}" TD_NUDOWN="${TD_NUDOWN:-0}"
    score_changed "nu-$nu" "Student-t weights, $nu degrees of freedom"
done
