#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at df24f04 and with near.patch's rest edges for each (share, seconds)
# pair given, scores the files each pair changes (sum of |error - floor|, closer / further) and says how many seconds of
# stops and of walking the edges took in (walk.py).
# usage: near.sh SET [SHARE:SECONDS...]   default 0.5:10 (what landed as RestStops.takeInEdges)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: near.sh SET [SHARE:SECONDS...]}
shift
PAIRS=${*:-0.5:10}
W=$ROOT/Benchmarks/work/rest-edges/$SET
. "$HERE/../variant-drivers.sh"
prepare df24f04 "$HERE/near.patch"
for pair in $PAIRS; do
    share=${pair%:*} seconds=${pair#*:} v=near-$share-$seconds
    clean "$W/variant-driver" "$W/$v" TD_EDGE="$share" TD_EDGE_SECONDS="$seconds"
    score_changed "$v" "share $share, $seconds s"
    TD_EDGE="$share" TD_EDGE_SECONDS="$seconds" python3 "$HERE/walk.py" "$W/variant-driver" "$W/in"
done
