#!/usr/bin/env bash
# Runs the cleaning engine with the experiment's switches over sets of the generalization benchmark.
# Usage: run.sh NAME SETS REGEX [VAR=VALUE ...]
#   NAME   the output folder written beside each set's in/ (Benchmarks/work/generalize/<set>/NAME)
#   SETS   comma-separated sets, already written by Benchmarks/generalize.sh
#   REGEX  which input files (grep -E on their names); '' for all
#   VAR=VALUE  switches of switches.patch (FLASH, HOLD, ABRN, ABRK, BACKK, TRIM, WGAIN); none gives main's output
# The driver is built once, from the working tree with switches.patch applied in a scratch copy.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
name=$1 sets=$2 pattern=$3
shift 3
build="${TMPDIR:-/tmp}/trackdrop-sparse-bursts"
if [ ! -x "$build/driver" ]; then
    rm -rf "$build" && mkdir -p "$build"
    cp -r "$root/Sources" "$build/"
    (cd "$build" && patch -p1 -s < "$here/switches.patch")
    grep -v '^import TrackKit' "$root/Tests/TrackKitTests/SyntheticLoader.swift" > "$build/loader.swift"
    swiftc -O -module-name TrackKit "$build"/Sources/TrackKit/{Model,Threads,Cleaning}/*.swift "$build/loader.swift" \
        "$root/Benchmarks/denoise/driver/main.swift" -o "$build/driver"
fi
for set in ${sets//,/ }; do
    work="$root/Benchmarks/work/generalize/$set"
    rm -rf "${work:?}/$name" && mkdir -p "$work/$name"
    ls "$work"/in/*.gpx | grep -E "$pattern" | xargs -P 2 -I{} env "$@" sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' \
        _ "$build/driver" {} "$work/$name"
done
