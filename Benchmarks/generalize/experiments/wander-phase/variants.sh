#!/usr/bin/env bash
# The wander model phased in over a band of its gain per point, on a set already cleaned by main: $W/in (the set's
# files) and $W/base (main's output) must be there. The driver is 6010cea's cleaner with variants.patch applied
# (TD_WLO, TD_WHI: the band; TD_WDBG: one line per fit on stderr with its gain and weight), built once as
# $W/phase-driver. Every file is cleaned with the band LO-HI into $W/NAME (each fit's line in $W/gain-NAME), the files
# that differ from main's are scored (variant-drivers.sh's score_changed) and judged by rule.py.
# A band equal at both ends (LO = HI = 0.05) gives main's bytes: weight 0 at or below LO, 1 above.
# Usage: W=<work folder> SET=<set> bash variants.sh NAME LO HI
#   The README's bands were run by earlier forms of this script on humps-final and shuttles-dev (README, Development).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../../.." && pwd)
HERE=$ROOT/Benchmarks/generalize/experiments/wander-phase
[ $# -eq 3 ] || { echo "usage: W=<work folder> SET=<set> bash variants.sh NAME LO HI" >&2; exit 2; }
name=$1; lo=$2; hi=$3
# The patch reads a band it cannot parse as main's 0.05: a typo would run main's cleaner under the band's name.
python3 -c 'import sys; lo, hi = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if 0 <= lo <= hi else 1)' "$lo" "$hi" \
    2>/dev/null || { echo "variants.sh: the band LO HI must be two numbers with 0 <= LO <= HI (got '$lo' '$hi')" >&2; exit 2; }
# NAME's folders are emptied first: never the set, main's output or this script's own.
case $name in
    ''|*/*|.|..|in|base|src|phase-src|phase-driver|scored-*|gain-*)
        echo "variants.sh: NAME must be a plain folder name not used by the set or main's output (got '$name')" >&2
        exit 2 ;;
esac
: "${W:?W: the work folder, holding in/ and base/}" "${SET:?SET: the name of the set}"
[ -d "$W/in" ] && [ -d "$W/base" ] || { echo "variants.sh: $W has no in/ and base/" >&2; exit 2; }
source "$ROOT/Benchmarks/generalize/experiments/variant-drivers.sh"
lock_work  # a second run on the same work folder stops with one line
# Built again when the patch is newer than the driver: a driver left from an earlier patch would score that one.
if [ ! -x "$W/phase-driver" ] || [ "$HERE/variants.patch" -nt "$W/phase-driver" ]; then
    rm -rf "$W/phase-src"
    sources 6010cea "$W/phase-src"
    (cd "$W/phase-src" && patch -p1 -s < "$HERE/variants.patch")
    build "$W/phase-src" "$W/phase-driver"
fi
rm -rf "${W:?}/$name" "$W/scored-$name" "$W/gain-$name"
mkdir -p "$W/$name" "$W/gain-$name"
ls "$W/in"/*.gpx | TD_WLO=$lo TD_WHI=$hi TD_WDBG=1 xargs -P "$(nproc)" -I{} sh -c \
    'b=$(basename "$1" .gpx); "$2/phase-driver" "$1" "$2/$3/$b.gpx" > /dev/null 2> "$2/gain-$3/$b.txt"' _ {} "$W" "$name"
score_changed "$name" "$name" | tail -1
if [ -f "$W/scored-$name/scores.json" ]; then
    python3 "$HERE/rule.py" "$W/scored-$name/scores.json" base "$name"
fi
