#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at b8cb4c1 and with each variant of variants.patch, scores the files a
# variant changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants: trim-mark, trim, drop-mark (README.md); default trim-mark
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        trim-mark) echo TD_SCTRIM=1 TD_SCMARK=1 ;;
        trim) echo TD_SCTRIM=1 ;;
        drop-mark) echo TD_SCTRIM=2 TD_SCMARK=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants collapser-ends b8cb4c1 "$HERE/variants.patch" trim-mark "$@"
