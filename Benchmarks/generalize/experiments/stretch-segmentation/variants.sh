#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at d3252fa and with each variant of variants.patch, and scores the files
# a variant changes (sum of |error - floor|, closer / further, every changed file).
# usage: variants.sh SET [VARIANT...]   variants: prune, inside, own, pool, prune-own, prune-pool (README.md); default prune
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SET=${1:?usage: variants.sh SET [VARIANT...]}
shift
VARIANTS=${*:-prune}
W=$ROOT/Benchmarks/work/stretch-segmentation/$SET
. "$HERE/../variant-drivers.sh"
prepare d3252fa "$HERE/variants.patch"
for v in $VARIANTS; do
    case $v in
        prune | inside) set -- TD_SEG=$v ;;
        own | pool) set -- TD_FIT=$v ;;
        prune-own | prune-pool) set -- TD_SEG=prune TD_FIT=${v#prune-} ;;
        *) echo "variants.sh: no variant $v" >&2; exit 2 ;;
    esac
    clean "$W/variant-driver" "$W/$v" "$@"
    score_changed "$v" "$v"
done
