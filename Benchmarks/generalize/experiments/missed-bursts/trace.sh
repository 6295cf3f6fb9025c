#!/usr/bin/env bash
# Builds the benchmark's cleaning driver of main at be93431 with trace.patch applied: with TD_T0 and TD_T1 (seconds
# from the start of a run) set, the burst filter prints on stderr, for the fixes between them, each jump candidate
# (rise, size, the part the athlete could not have made, the floor, the noise, the velocity change, whether getting
# across it is impossible), each straight-window check, each clear jump with its partners, and the slow-fall search.
# TD_WOBK=K (default 0) lets the two windows' velocities at a clear jump differ by 1.5 m/s plus K times its size.
# usage: trace.sh DRIVER    then: TD_T0=450 TD_T1=470 DRIVER IN.gpx OUT.gpx 2>trace.txt
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: trace.sh DRIVER" >&2; exit 1; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
W=$ROOT/Benchmarks/work/missed-bursts
. "$HERE/../variant-drivers.sh"
mkdir -p "$W"
rm -rf "$W/src"
sources be93431 "$W/src"
(cd "$W/src" && patch -p1 -s < "$HERE/trace.patch")
build "$W/src" "$1"
