#!/usr/bin/env bash
# Two trackdrop builds on the large benchmark file, alternating, so that the machine's drift from minute to minute
# falls on both alike: `check --out` ROUNDS times each (15 unless given), then each build's median wall time, MB/s,
# CPU time and largest peak RSS, and the median of the paired differences (B − A) with how often B was faster.
# usage: Benchmarks/trackkit/compare-builds.sh TRACKDROP_A TRACKDROP_B [ROUNDS]
#   (the file is the one Benchmarks/trackkit.sh makes; run that once first)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: compare-builds.sh TRACKDROP_A TRACKDROP_B [ROUNDS]" >&2
  exit 2
fi
A=$1 B=$2 ROUNDS=${3:-15}
if ! [[ $ROUNDS =~ ^[0-9]+$ ]] || (( 10#$ROUNDS < 1 )); then
  echo "compare-builds.sh: ROUNDS must be a whole number, at least 1 (got '$ROUNDS')" >&2
  exit 2
fi
for bin in "$A" "$B"; do
  [ -x "$bin" ] || { echo "compare-builds.sh: $bin is not an executable" >&2; exit 2; }
done
WORK=${TRACKKIT_BENCH_DIR:-/tmp/trackdrop-trackkit-bench}
BIG=$WORK/big-${POINTS:-500000}-v2.gpx
[ -s "$BIG" ] || { echo "compare-builds.sh: $BIG is missing: run Benchmarks/trackkit.sh first" >&2; exit 2; }
# Outputs, timings and messages in a directory of this run's own: two comparisons at once do not share files.
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
LOG=$OUT/times
echo "$BIG, $ROUNDS rounds, $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
# run ROUND NAME BINARY: one timed `check --out`; a build that fails stops the comparison with its own message.
run() {
  if ! /usr/bin/time -o "$OUT/time" -f "$1 $2 %e %U %S %M" "$3" check --out "$OUT/$2.gpx" "$BIG" >/dev/null 2>"$OUT/stderr"; then
    echo "compare-builds.sh: build $2 ($3) failed in round $1; its last messages:" >&2
    tail -5 "$OUT/stderr" >&2
    exit 1
  fi
  cat "$OUT/time" >> "$LOG"
}
for ((r = 1; r <= 10#$ROUNDS; r++)); do
  run "$r" A "$A"
  run "$r" B "$B"
done
if cmp -s "$OUT/A.gpx" "$OUT/B.gpx"; then echo "outputs: the same bytes"; else echo "outputs: DIFFERENT"; fi
python3 - "$LOG" "$(stat -c %s "$BIG")" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if len(line.split()) == 6]
size = int(sys.argv[2]) / 1e6
for build in ("A", "B"):
    own = [r for r in rows if r[1] == build]
    wall = [float(r[2]) for r in own]
    cpu = [float(r[3]) + float(r[4]) for r in own]
    rss = max(int(r[5]) for r in own) / 1024
    print(f"{build}: wall median {statistics.median(wall):.2f} s (min {min(wall):.2f}, max {max(wall):.2f}), "
          f"{size / statistics.median(wall):.1f} MB/s, CPU median {statistics.median(cpu):.2f} s, peak RSS {rss:.0f} MiB")
pairs = {}
for r in rows:
    pairs.setdefault(r[0], {})[r[1]] = float(r[2])
diffs = [p["B"] - p["A"] for p in pairs.values() if len(p) == 2]
print(f"B − A per round: median {statistics.median(diffs):+.2f} s, mean {statistics.mean(diffs):+.3f} s; "
      f"B faster in {sum(d < 0 for d in diffs)} of {len(diffs)}")
PY
