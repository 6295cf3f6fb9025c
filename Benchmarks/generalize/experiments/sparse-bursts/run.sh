#!/usr/bin/env bash
# Runs the cleaning engine with the experiment's switches over sets of the generalization benchmark.
# Usage: run.sh NAME SETS REGEX [VAR=VALUE ...]
#   NAME   the output folder written beside each set's in/ (Benchmarks/work/generalize/<set>/NAME)
#   SETS   comma-separated sets, already written by Benchmarks/generalize.sh
#   REGEX  which input files (grep -E on their names); '' for all
#   VAR=VALUE  switches of switches.patch (FLASH, HOLD, ABRN, ABRK, BACKK, TRIM, WGAIN, MODELRAW); none gives main's output
# The driver is built afresh on each run (about 20 s), from the working tree's Sources with switches.patch applied
# in a scratch copy, so it never lags behind either.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
[ $# -ge 3 ] || { echo "usage: run.sh NAME SETS REGEX [VAR=VALUE ...]" >&2; exit 2; }
name=$1 sets=$2 pattern=$3
shift 3
case "$name" in
    ""|in|*/*|.|..) echo "run.sh: '$name' cannot be an output folder (not empty, not in/, no slash)" >&2; exit 2 ;;
esac
for set in ${sets//,/ }; do
    [ -d "$root/Benchmarks/work/generalize/$set/in" ] \
        || { echo "run.sh: no set '$set': write it first with Benchmarks/generalize.sh" >&2; exit 2; }
done
build="$(mktemp -d "${TMPDIR:-/tmp}/trackdrop-sparse-bursts.XXXXXX")"
trap 'rm -rf "$build"' EXIT
cp -r "$root/Sources" "$build/"
(cd "$build" && patch -p1 -s < "$here/switches.patch")
grep -v '^import TrackKit' "$root/Tests/TrackKitTests/SyntheticLoader.swift" > "$build/loader.swift"
swiftc -O -module-name TrackKit "$build"/Sources/TrackKit/{Model,Threads,Cleaning}/*.swift "$build/loader.swift" \
    "$root/Benchmarks/denoise/driver/main.swift" -o "$build/driver"
for set in ${sets//,/ }; do
    work="$root/Benchmarks/work/generalize/$set"
    inputs=$(ls "$work"/in/*.gpx | grep -E "$pattern" || true)
    [ -n "$inputs" ] || { echo "run.sh: no input of '$set' matches '$pattern'" >&2; exit 2; }
    rm -rf "${work:?}/$name" && mkdir -p "$work/$name"
    printf '%s\n' "$inputs" | xargs -P 2 -I{} env "$@" sh -c '"$1" "$2" "$3/$(basename "$2")" >/dev/null' \
        _ "$build/driver" {} "$work/$name"
done
