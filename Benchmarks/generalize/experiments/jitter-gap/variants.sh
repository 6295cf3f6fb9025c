#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at 29b7d0b and with each variant of variants.patch, scores the files a
# variant changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): intervals-2 (the candidate), gap-5.5, join, join-stops,
#   impossible, impossible-6; no-rests, no-stops, no-spikes (a stage switched off, for shuttles-dev);
#   default intervals-2
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        intervals-2) echo TD_JSCALE=2 ;;
        gap-5.5) echo TD_JGAP=5.5 ;;
        join) echo TD_JOIN=1 ;;
        join-stops) echo TD_JOIN=1 TD_JOINSC=1 ;;
        impossible) echo TD_IMP=1 ;;
        impossible-6) echo TD_IMP=1 TD_IMPFLOOR=6 ;;
        no-rests) echo TD_NORESTS=1 ;;
        no-stops) echo TD_NOSTOPS=1 ;;
        no-spikes) echo TD_NOSPIKES=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants jitter-gap 29b7d0b "$HERE/variants.patch" intervals-2 "$@"
