#!/bin/bash
# Fits and smooths every file named, two at a time, with smooth_wander.py; one JSON line a file.
# Usage: run.sh OUT_DIR [SCRIPT_FLAGS...] -- FILE.gpx...      e.g. run.sh /tmp/sw --split -- /tmp/w/other/in/receiver_hike_*.gpx
# Results: OUT_DIR/results.jsonl (appended), smoothed tracks OUT_DIR/<name>.o0.gpx and so on; read with summary.py.
# SCRIPT=turning.py run.sh OUT_DIR -- FILE.gpx... runs turning.py instead (no flags; one JSON line a file).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 3 ]; then sed -n '2,5p' "$0" >&2; exit 2; fi
out=$1; shift
flags=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do flags+=("$1"); shift; done
if [ $# -lt 2 ]; then sed -n '2,5p' "$0" >&2; exit 2; fi
shift
mkdir -p "$out"
printf '%s\n' "$@" | SW_OUT="$out" xargs -P 2 -I{} sh -c \
    'f="$1"; shift; python3 -W ignore "$0" "$@" "$f" "$SW_OUT/$(basename "$f" .gpx)"' \
    "$here/${SCRIPT:-smooth_wander.py}" {} "${flags[@]}" >> "$out/results.jsonl"
