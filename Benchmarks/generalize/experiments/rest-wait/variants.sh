#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at c18139e and with each variant of variants.patch, scores the files a
# variant changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): longest (the candidate), longest-0.75, longest-1.5, q90,
#   speed30, corr3, cap60, cap40 (the landed wait capped; compare with longest); default longest
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        longest) echo TD_EWQ=1 ;;
        longest-0.75) echo TD_EWQ=1 TD_EWF=0.75 TD_EWALL=1 ;;
        longest-1.5) echo TD_EWQ=1 TD_EWF=1.5 TD_EWALL=1 ;;
        q90) echo TD_EWQ=0.9 TD_EWALL=1 ;;
        speed30) echo TD_SPW=30 ;;
        corr3) echo TD_CORR=3 ;;
        cap60) echo TD_EWQ=1 TD_EWCAP=60 ;;
        cap40) echo TD_EWQ=1 TD_EWCAP=40 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants rest-wait c18139e "$HERE/variants.patch" longest "$@"
