#!/usr/bin/env bash
# Denoising quality of trackdrop's cleaner against gpsbabel's and gpxpy's filters.
#
# Synthetic runs/rides/walks with a known true path (watch-like and phone-like noise, spikes, a stop) are
# cleaned by every tool; each output is scored for distance error (against the continuous true path, the
# headline figure, and against the noise-free sampled path, what a perfect receiver at the same sampling
# interval would measure) and for the largest distance of any point from the true path. Clean files from real Garmin/Wahoo devices are scored for distance change.
# Writes Benchmarks/results/denoise.md.
#
# Usage: Benchmarks/denoise.sh
# trackdrop is run as `trackdrop check --out` when a release build that has it exists
# (.build/release/trackdrop, or $TRACKDROP); otherwise the cleaning engine is driven directly by
# Benchmarks/denoise/driver (the same TrackCleaner sources, compiled with swiftc -O).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/Benchmarks/denoise
WORK=$ROOT/Benchmarks/work/denoise
RESULT=$ROOT/Benchmarks/results/denoise.md
CORPUS=${CORPUS:-$ROOT/../shared/corpus/device-files}
DEVICE_FILES=(wahoo-element-bolt.gpx garmin-edge-800-output.gpx garmin-forerunner-10-output.gpx
              gpx_garmin_extensions.gpx garmin-oregon-700-output.gpx)

if ! command -v gpsbabel >/dev/null; then
    apt-get update -qq && apt-get install -y -qq gpsbabel
fi
if ! python3 -c "import gpxpy" 2>/dev/null; then
    python3 -m pip install --quiet gpxpy
fi

rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/corpus" "$(dirname "$RESULT")"
python3 "$HERE/make_tracks.py" "$WORK/in"
if [ -d "$CORPUS" ]; then
    for f in "${DEVICE_FILES[@]}"; do cp "$CORPUS/$f" "$WORK/corpus/"; done
else
    echo "note: corpus not found at $CORPUS; device files are skipped" >&2
fi

# How to run trackdrop.
TRACKDROP=${TRACKDROP:-$ROOT/.build/release/trackdrop}
MODE=driver
if [ -x "$TRACKDROP" ]; then
    probe=$(ls "$WORK/in"/*.gpx | head -1)
    if "$TRACKDROP" check --out "$WORK/probe.gpx" "$probe" >/dev/null 2>&1 && [ -s "$WORK/probe.gpx" ]; then
        MODE=cli
    fi
fi
if [ "$MODE" = driver ]; then
    sed '/^import TrackKit/d' "$ROOT/Tests/TrackKitTests/SyntheticLoader.swift" > "$WORK/loader.swift"
    swiftc -O -module-name TrackKit "$ROOT"/Sources/TrackKit/Model/*.swift "$ROOT"/Sources/TrackKit/Threads/*.swift "$ROOT"/Sources/TrackKit/Cleaning/*.swift \
        "$WORK/loader.swift" "$HERE/driver/main.swift" -o "$WORK/denoise-driver"
    TRACKDROP_COMMAND="Benchmarks/work/denoise/denoise-driver IN OUT (TrackCleaner.clean with default options; built from Sources/TrackKit/Cleaning with swiftc -O)"
else
    TRACKDROP_COMMAND="trackdrop check --out OUT IN (release build)"
fi

run_trackdrop() {
    if [ "$MODE" = cli ]; then "$TRACKDROP" check --out "$2" "$1" >/dev/null || true
    else "$WORK/denoise-driver" "$1" "$2" >/dev/null; fi
}

TOOLS='[["raw","the input, unfiltered"],
 ["trackdrop","'"$TRACKDROP_COMMAND"'"],
 ["gpsbabel-position","gpsbabel -i gpx -f IN -x position,distance=3m -o gpx -F OUT"],
 ["gpsbabel-position+simplify","gpsbabel -i gpx -f IN -x position,distance=3m -x simplify,crosstrack,error=0.002k -o gpx -F OUT"],
 ["gpxpy-smooth","gpx.smooth(vertical=True, horizontal=True, remove_extremes=True) (gpxpy '"$(python3 -c 'import gpxpy; print(gpxpy.__version__)')"')"],
 ["gpxpy-reduce","gpx.reduce_points(min_distance=3)"]]'

for tool in raw trackdrop gpsbabel-position gpsbabel-position+simplify gpxpy-smooth gpxpy-reduce; do
    mkdir -p "$WORK/out/$tool/corpus"
done
run_all() {  # IN OUT_NAME SUBDIR
    local in=$1 name=$2 sub=$3
    cp "$in" "$WORK/out/raw/$sub$name"
    run_trackdrop "$in" "$WORK/out/trackdrop/$sub$name"
    gpsbabel -i gpx -f "$in" -x position,distance=3m -o gpx -F "$WORK/out/gpsbabel-position/$sub$name"
    gpsbabel -i gpx -f "$in" -x position,distance=3m -x simplify,crosstrack,error=0.002k -o gpx \
        -F "$WORK/out/gpsbabel-position+simplify/$sub$name"
    python3 "$HERE/gpxpy_filter.py" "$in" "$WORK/out/gpxpy-smooth/$sub$name" smooth
    python3 "$HERE/gpxpy_filter.py" "$in" "$WORK/out/gpxpy-reduce/$sub$name" reduce
}
for in in "$WORK"/in/*.gpx; do run_all "$in" "$(basename "$in")" ""; done
for in in "$WORK"/corpus/*.gpx; do run_all "$in" "$(basename "$in")" "corpus/"; done

python3 "$HERE/score.py" "$WORK" "$TOOLS" "$WORK/table.md" >/dev/null

{
    echo "# Denoising quality"
    echo
    echo "Measured $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -sm), $(nproc) cores, with \`Benchmarks/denoise.sh\`."
    echo
    echo "Targets (issue 2): median distance error ≤ 0.5 % with watch-like noise and ≤ 2 % with phone-like"
    echo "noise, no output point more than 30 m from the true path, clean Garmin/Wahoo files changed by ≤ 1 %."
    echo
    echo "Inputs: \`Benchmarks/denoise/make_tracks.py\` (deterministic). A 2.3 km loop of straights, 90° and 45°"
    echo "corners on a 15 m radius and a hairpin, repeated; watch-like noise = 2.5 m correlated (AR(1), τ = 30 s)"
    echo "+ 1.5 m white; phone-like = 7 m correlated + 4 m white + 1 % of points thrown 100–200 m away; the"
    echo "phone 1 s run also stands still for 3 minutes. Sampling 1 s (run, ride) or 10 s (walk at 1.2 m/s, run)."
    echo
    echo "Tools and exact commands (IN/OUT are the files):"
    echo
    python3 -c 'import json,sys; [print("- **%s**: `%s`" % (t, c)) for t, c in json.loads(sys.argv[1])]' "$TOOLS"
    echo
    cat "$WORK/table.md"
    cat "$HERE/variants.md"
} > "$RESULT"
echo "wrote $RESULT"
