#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at 84508cc (the landed motion check) and with each variant of
# smooth-ratio.patch (the check's ratio, run and way-of-moving switched by environment), scores the files a variant
# changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: ratio-variants.sh SET [VARIANT...]   variants (README.md): ratio-1.0, ratio-0.85, ratio-0.7 (the smooth part at
#   least that times the squared jitter), ratio-1.0-run-25, ratio-0.85-run-25 (and runs of 25 s), axis-0.3, axis-0.5
#   (the way of moving alone, over 30 s either side), ratio-1.0-axis-0.5 (the second candidate), off (no check);
#   default ratio-1.0-axis-0.5
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        ratio-1.0) echo TD_MC=1.0 ;;
        ratio-0.85) echo TD_MC=0.85 ;;
        ratio-0.7) echo TD_MC=0.7 ;;
        ratio-1.0-run-25) echo TD_MC=1.0 TD_MRUN=25 ;;
        ratio-0.85-run-25) echo TD_MC=0.85 TD_MRUN=25 ;;
        axis-0.3) echo TD_MAXIS=0.3 ;;
        axis-0.5) echo TD_MAXIS=0.5 ;;
        ratio-1.0-axis-0.5) echo TD_MC=1.0 TD_MAXIS=0.5 ;;
        off) echo TD_MOFF=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants shuttle-motion-ratio 84508cc "$HERE/smooth-ratio.patch" ratio-1.0-axis-0.5 "$@"
