#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at 90ada73 (before the motion check) and with each variant of
# variants.patch (the prototype of `RestStops.moving`, switched by environment), scores the files a variant changes and
# tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): find (the candidate: `find` only), find-edges (also each
#   rest's edge taken in no further than the first moving fix), edges (that alone), speed-1.5, speed-2.0, run-25
#   (find-edges with `motionSpeed` 1.5 or 2.0 m/s, or `motionRun` 25 s), off (the check off: main's bytes); default find
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        find) echo TD_MEDGE0=1 ;;
        find-edges) echo TD_MA=1.2 ;;
        edges) echo TD_MFIND0=1 ;;
        speed-1.5) echo TD_MA=1.5 ;;
        speed-2.0) echo TD_MA=2.0 ;;
        run-25) echo TD_MRUN=25 ;;
        off) echo TD_MOFF=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants shuttle-motion 90ada73 "$HERE/variants.patch" find "$@"
