#!/usr/bin/env bash
# What `trackdrop check --report` costs: wall time and peak RSS of `check --out` with and without the HTML
# report, on the typical 1 MB file (10,000 points) and the 500,000-point (~53 MB) GPX of trackkit.sh, and
# the size of the page written. Writes Benchmarks/results/report.md.
# usage: Benchmarks/report.sh       (SKIP_BUILD=1 to use the release build as it is)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${TRACKKIT_BENCH_DIR:-/tmp/trackdrop-trackkit-bench}
RESULT=$ROOT/Benchmarks/results/report.md
mkdir -p "$WORK" "$(dirname "$RESULT")"

need_apt=()
command -v hyperfine >/dev/null || need_apt+=(hyperfine)
[ -x /usr/bin/time ] || need_apt+=(time)
if [ ${#need_apt[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"; fi

BIG=$WORK/big-500000-v2.gpx
SMALL=$WORK/small-10000-v2.gpx
[ -s "$BIG" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$BIG" 500000
[ -s "$SMALL" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$SMALL" 10000
PHONE=$ROOT/SampleRuns/2026-11-15-phone-run-with-stop.gpx

if [ -z "${SKIP_BUILD:-}" ]; then
  flock /tmp/trackdrop-build.lock swift build -c release --product trackdrop 2>&1 | tail -3
fi
TRACKDROP=$ROOT/.build/release/trackdrop

peak() {  # peak RSS in MiB of one run
  /usr/bin/time -v "$@" >/dev/null 2>"$WORK/time.log" || true
  awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$WORK/time.log"
}
seconds() {  # mean wall seconds of hyperfine's runs
  hyperfine --warmup 2 --runs "$1" --export-json "$WORK/h.json" "${@:2}" >/dev/null 2>&1
  python3 -c "import json; r=json.load(open('$WORK/h.json'))['results'][0]; print('%.1f ± %.1f' % (r['mean']*1000, r['stddev']*1000))"
}

{
  echo "# The cleaning report (\`check --report\`)"
  echo
  echo "Measured $(date -u +%Y-%m-%dT%H:%M:%SZ) on Linux $(uname -m), $(nproc) cores (load average $(cut -d' ' -f1-3 /proc/loadavg)),"
  echo "release build, with \`Benchmarks/report.sh\`. Times in ms (hyperfine mean ± sd, process start included)."
  echo
  echo "| input | check --out | check --out --report | report size | peak RSS with report (MiB) | drawn vertices (recorded / cleaned) |"
  echo "|---|---:|---:|---:|---:|---:|"
  for input in "$PHONE" "$SMALL" "$BIG"; do
    runs=30; [ "$input" = "$BIG" ] && runs=5
    name=$(basename "$input")
    plain=$(seconds $runs "$TRACKDROP check --out $WORK/r-out.gpx $input")
    with=$(seconds $runs "$TRACKDROP check --out $WORK/r-out.gpx --report $WORK/r.html $input")
    size=$(python3 -c "import os; print('%.0f KiB' % (os.path.getsize('$WORK/r.html') / 1024))")
    rss=$(peak "$TRACKDROP" check --out "$WORK/r-out.gpx" --report "$WORK/r.html" "$input")
    vertices=$(python3 - "$WORK/r.html" <<'PY'
import re, sys
html = open(sys.argv[1]).read()
def count(i):
    m = re.search(r'id="%s"[^>]*data-vertices="(\d+)"' % i, html)
    return m.group(1) if m else "-"
print(count("recorded-track") + " / " + count("cleaned-track"))
PY
)
    echo "| $name | $plain | $with | $size | $rss | $vertices |"
  done
} | tee "$RESULT"
