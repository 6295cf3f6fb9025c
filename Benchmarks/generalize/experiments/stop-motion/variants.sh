#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at 3fa6e3f and with each variant of variants.patch (the stop collapser
# given the fixes seen moving, `RestStops.moving`, switched by environment), scores the files a variant changes and
# tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): exclude (no fix seen moving begins a stop, is taken into
#   one or passed over as a stray; the noise model fitted as main fits it), exclude-own-model (the same, the model
#   fitted on what that collapse leaves), runs-30 (a cluster cut where a run of moving fixes has gone on within it for
#   30 s, strays and pauses counted), runs-20 and runs-15 (20 or 15 s, a run ending at a step over 10 s, a run the
#   cluster begins in from more than twice its radius away left alone), off (no switch: main's bytes); default exclude
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        exclude) echo TD_SX=1 ;;
        exclude-own-model) echo TD_SX=1 TD_SXM=0 ;;
        runs-30) echo TD_RUNL=30 TD_RUNGAP=1e9 TD_ARRIVE=0 ;;
        runs-20) echo TD_RUNL=20 ;;
        runs-15) echo TD_RUNL=15 ;;
        off) echo TD_NONE=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants stop-motion 3fa6e3f "$HERE/variants.patch" exclude "$@"
