#!/usr/bin/env bash
# Cleans one seed set of the generalization benchmark with an experimental cleaner and scores it.
# Usage: run.sh SOURCE_ROOT SET LABEL [GLOB]
#   SOURCE_ROOT: a tree whose Sources/TrackKit has cleaner.patch applied (git apply it on a checkout of 69d1327)
#   SET: a set already made by Benchmarks/generalize.sh SET (its inputs are reused)
# The experiment's switches are environment variables read by the patched cleaner:
#   ORACLE=1  use the generator's own noise parameters (gm-* files; the white-noise q still chosen by likelihood)
#   IRLS=1    smooth with the full-covariance smoother of IRLSSmoother.swift (ITER=0: no reweighting;
#             NU, ITER, REEST: Student-t reweighting of the acceleration noise)
#   CALIB=1   scale the acceleration noise until the smoothed track is as long as the posterior expected length
#   REFINE=1 MULTI=1 [PRIOR=w]  pattern search from six starts after the grid search (PRIOR: log-normal penalty on
#             the wander's sigma, median 4 m, width factor w)
# Writes Benchmarks/work/expected-length/SET/LABEL/*.gpx and LABEL.json; prints "ELEN expected mean-path" lines on
# stderr for each run smoothed with IRLS=1.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
SRC=$1; SET=$2; LABEL=$3; GLOB=${4:-*}
IN=$ROOT/Benchmarks/work/generalize/$SET/in
OUT=$ROOT/Benchmarks/work/expected-length/$SET/$LABEL
rm -rf "$OUT"; mkdir -p "$OUT"
sed '/^import TrackKit/d' "$ROOT/Tests/TrackKitTests/SyntheticLoader.swift" > "$OUT/loader.swift"
swiftc -O -module-name TrackKit "$SRC"/Sources/TrackKit/Model/*.swift "$SRC"/Sources/TrackKit/Threads/*.swift \
    "$SRC"/Sources/TrackKit/Cleaning/*.swift "$OUT/loader.swift" "$ROOT/Benchmarks/denoise/driver/main.swift" -o "$OUT/driver"
ls "$IN"/$GLOB.gpx | xargs -P 2 -I{} sh -c 'ORACLE_JSON="${1%.gpx}.truth.json" "$2" "$1" "$3/$(basename "$1")" >/dev/null' _ {} "$OUT/driver" "$OUT"
python3 -c "
import json, os, sys
sys.path.insert(0, '$ROOT/Benchmarks/generalize')
from score import score, read_gpx
res = {}
for f in sorted(os.listdir('$OUT')):
    if not f.endswith('.gpx'): continue
    info = json.load(open(os.path.join('$IN', f[:-4] + '.truth.json')))
    res[f[:-4]] = score(info, read_gpx(os.path.join('$OUT', f), info['origin'], info['earth']))
json.dump(res, open('$OUT.json', 'w'))
print('wrote $OUT.json')
"
