#!/usr/bin/env bash
# TrackKit throughput and memory against the libxml2 floor, GPSBabel and gpxpy, on a generated
# 500,000-point (~53 MB: lat, lon, ele, time; heart rate on every 20th point) GPX, plus a typical
# 1 MB file (10,000 points) including process start.
# usage: Benchmarks/trackkit.sh            (prints a Markdown table; see Benchmarks/results/trackkit.md)
#   RUNS=N   runs of each large-file row, the median reported (default 3); SKIP_BUILD=1 uses the built binary
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${TRACKKIT_BENCH_DIR:-/tmp/trackdrop-trackkit-bench}
POINTS=${POINTS:-500000}
RUNS=${RUNS:-3}
if ! [[ $RUNS =~ ^[0-9]+$ ]] || (( 10#$RUNS < 1 )); then
  echo "trackkit.sh: RUNS must be a whole number of runs, at least 1 (got '$RUNS')" >&2
  exit 2
fi
RUNS=$((10#$RUNS))
mkdir -p "$WORK"

need_apt=()
command -v xmllint >/dev/null || need_apt+=(libxml2-utils)
command -v gpsbabel >/dev/null || need_apt+=(gpsbabel)
command -v hyperfine >/dev/null || need_apt+=(hyperfine)
[ -x /usr/bin/time ] || need_apt+=(time)
if [ ${#need_apt[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"; fi
python3 -c 'import gpxpy' 2>/dev/null || python3 -m pip install -q gpxpy

# v2: the generator's point shape changed (hr on every 20th point, no cadence); never reuse older files.
BIG=$WORK/big-$POINTS-v2.gpx
SMALL=$WORK/small-10000-v2.gpx
TINY=$WORK/tiny-50-v2.gpx
[ -s "$BIG" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$BIG" "$POINTS"
[ -s "$SMALL" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$SMALL" 10000
[ -s "$TINY" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$TINY" 50

if [ -z "${SKIP_BUILD:-}" ]; then
  flock /tmp/trackdrop-build.lock swift build -c release --product trackdrop 2>&1 | tail -3
fi
TRACKDROP=$ROOT/.build/release/trackdrop

size_mb=$(python3 -c "import os; print(os.path.getsize('$BIG') / 1e6)")
small_mb=$(python3 -c "import os; print(os.path.getsize('$SMALL') / 1e6)")

# measure NAME COMMAND...: the median wall seconds of RUNS runs (3 unless set; the machine drifts by a third from
# minute to minute, so one run says little) and the largest peak RSS, from GNU time.
measure() {
  local name=$1; shift
  local log=$WORK/time.log walls="" rss=0 r
  for ((r = 0; r < RUNS; r++)); do
    /usr/bin/time -v "$@" >/dev/null 2>"$log" || true
    walls="$walls $(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$log")"
    rss=$(awk -F': ' -v top="$rss" '/Maximum resident set size/ {m=$2/1024; if (m > top) top=m} END {printf "%.0f", top}' "$log")
  done
  python3 - "$name" "$size_mb" "$rss" $walls <<'PY'
import statistics, sys
name, size, rss, walls = sys.argv[1], float(sys.argv[2]), sys.argv[3], [float(w) for w in sys.argv[4:]]
wall = statistics.median(walls)
print(f"| {name} | {wall:.2f} | {size / max(wall, 0.001):.1f} | {rss} | {', '.join(f'{w:.2f}' for w in walls)} |")
PY
}

echo "Input: $BIG, $POINTS points, ${size_mb} MB ($(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "Each row: the median of $RUNS runs, and the largest peak RSS of them."
echo
echo "| tool | seconds | MB/s | peak RSS (MiB) | every run (s) |"
echo "|---|---:|---:|---:|---|"
measure "xmllint --stream --noout (libxml2 parse floor)" xmllint --stream --noout "$BIG"
measure "gpsbabel -i gpx -o gpx" gpsbabel -i gpx -f "$BIG" -o gpx -F "$WORK/gpsbabel.gpx"
measure "gpsbabel -x position,distance=3m" gpsbabel -i gpx -f "$BIG" -x position,distance=3m -o gpx -F "$WORK/gpsbabel-pos.gpx"
measure "gpxpy parse + smooth + write" python3 Benchmarks/trackkit/gpxpy_smooth.py "$BIG" "$WORK/gpxpy.gpx"
measure "trackdrop check --out (clean + write + XSD)" "$TRACKDROP" check --out "$WORK/trackdrop.gpx" "$BIG"
measure "trackdrop check --no-clean --out" "$TRACKDROP" check --no-clean --out "$WORK/trackdrop-raw.gpx" "$BIG"
measure "trackdrop check (output kept in memory, not written)" "$TRACKDROP" check "$BIG"
# What validating the whole large output would add (trackdrop validates a sample above 16 MiB).
measure "xmllint --stream --noout --schema output-gpx.xsd (trackdrop's output)" \
  xmllint --stream --noout --schema Sources/TrackKit/Schemas/output-gpx.xsd "$WORK/trackdrop.gpx"
echo
echo "How much of the large output was validated: $("$TRACKDROP" check --json "$BIG" | python3 -c 'import json,sys; o=json.loads(sys.stdin.readline()); print(o["validation"])')"
echo
echo "Typical file: $SMALL (${small_mb} MB, 10,000 points), process start included."
echo "This machine's speed drifts by up to a third from minute to minute: 60 runs each, and the median."
hyperfine --warmup 5 --runs 60 -N --ignore-failure --export-markdown "$WORK/hyperfine.md" --export-json "$WORK/hyperfine.json" \
  "$TRACKDROP --help" \
  "$TRACKDROP check --out $WORK/tiny-out.gpx $TINY" \
  "$TRACKDROP check --out $WORK/small-out.gpx $SMALL" \
  "$TRACKDROP check --no-clean --out $WORK/small-out-raw.gpx $SMALL" \
  "$TRACKDROP check --full-validation --out $WORK/small-out-full.gpx $SMALL" >/dev/null
cat "$WORK/hyperfine.md"
echo
python3 - "$WORK/hyperfine.json" "$ROOT/.build/release/" "$WORK/" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    command = result["command"].replace(sys.argv[2], "").replace(sys.argv[3], "")
    print(f"- median {result['median'] * 1000:.1f} ms, min {result['min'] * 1000:.1f} ms: `{command}`")
PY
