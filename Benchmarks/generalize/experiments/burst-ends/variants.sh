#!/usr/bin/env bash
# Cleans one benchmark set with main's cleaner at bdac041 and with each variant of variants.patch (the burst filter's
# search for bursts with an end the clear-jump test cannot read, switched by environment), scores the files a variant
# changes and tables them by truth, class and generator (variant-drivers.sh's run_variants).
# usage: variants.sh SET [VARIANT...]   variants (README.md): turn (a clear jump's other end read as a turn), flash-long
#   (a burst with no hold found over a 4 s rise and a 60 s return), edges (jumps read with each line's own velocity,
#   among the clear jumps), edges-late (the same, as a last pass), edges-late-guarded (and not where the lines meet
#   near the gap, nor on fixes an earlier pass moved), edges-late-guarded-turn (with turn), off (no switch: main's
#   bytes); default edges-late-guarded
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
variant_env() {
    case $1 in
        turn) echo TD_TURN=1 ;;
        flash-long) echo TD_FLRISE=4 TD_FLASH=60 TD_FLACC=5 ;;
        edges) echo TD_EDGE=4 ;;
        edges-late) echo TD_EDGE2=4 ;;
        edges-late-guarded) echo TD_EDGE2=4 TD_MEET=1 TD_UNTOUCHED=1 ;;
        edges-late-guarded-turn) echo TD_EDGE2=4 TD_MEET=1 TD_UNTOUCHED=1 TD_TURN=1 ;;
        off) echo TD_NONE=1 ;;
        *) return 1 ;;
    esac
}
. "$HERE/../variant-drivers.sh"
run_variants burst-ends bdac041 "$HERE/variants.patch" edges-late-guarded "$@"
