#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at b8cb4c1 and with each variant of variants.patch, scores the files a
# variant changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants: floor8, relative6 (README.md); default relative6
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        floor8) echo TD_STRAIGHT=8 ;;
        relative6) echo TD_REL=6 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants loose-lines b8cb4c1 "$HERE/variants.patch" relative6 "$@"
