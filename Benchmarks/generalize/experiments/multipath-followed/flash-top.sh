#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at f7faf45 and with flash-top.patch (a burst with no hold is taken only
# if the velocity carried across it is within K times the athlete's top speed on the run), for each K given, and scores
# the files each K changes (sum of |error - floor|, closer / further). README.md, thirty-sixth session.
# usage: flash-top.sh SET [K...]   default 1.0
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: flash-top.sh SET [K...]}
shift
FACTORS=${*:-1.0}
W=$ROOT/Benchmarks/work/flash-top/$SET
. "$HERE/../variant-drivers.sh"
prepare f7faf45 "$HERE/flash-top.patch"
for k in $FACTORS; do
    clean "$W/variant-driver" "$W/top-$k" TD_FLASHTOP="$k"
    score_changed "top-$k" "carried velocity within $k x the top speed"
done
