#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at f7faf45, then its gm-watch and gm-phone files again with the
# smoothing's effective noise set to what the generator put in (oracle.py), and scores the files that changed
# (sum of |error - floor|, closer / further): how much of those files' error is the noise fit's, not the smoothing's.
# usage: oracle.sh SET
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: oracle.sh SET}
W=$ROOT/Benchmarks/work/noise-oracle/$SET
. "$HERE/../variant-drivers.sh"
prepare f7faf45 "$HERE/oracle.patch"
python3 "$HERE/oracle.py" "$W/variant-driver" "$W"
score_changed oracle "effective noise from the generator's parameters"
