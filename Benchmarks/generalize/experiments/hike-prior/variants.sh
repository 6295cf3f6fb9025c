#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at be93431 and with each variant of variants.patch (the turn-following
# smoothing's prior, `SparseTurns`, switched by environment), scores the files a variant changes and tables them by
# truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): scale-0.2 (`headingScale` 0.2 for 0.1), scale-0.07,
#   rounds-20 (20 rounds of reweighting for 8), cap-4 (the sport's acceleration cap four times higher), reach-10
#   (`wanderReachSeconds` 10 for 30), off (no switch: main's bytes); default scale-0.2
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        scale-0.2) echo TD_HS=0.2 ;;
        scale-0.07) echo TD_HS=0.07 ;;
        rounds-20) echo TD_ROUNDS=20 ;;
        cap-4) echo TD_CAPX=4 ;;
        reach-10) echo TD_REACH=10 ;;
        off) echo TD_NONE=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants hike-prior be93431 "$HERE/variants.patch" scale-0.2 "$@"
