#!/usr/bin/env bash
# Peak memory and time of `trackdrop check` and of the daemon (`watch --once --sandbox`) on single hostile
# inputs: an 8 GiB sparse file, a gzip bomb of 3 GiB of zeros, one of 3 GiB of XML-looking text, a FIFO,
# a folder with two symbolic-link loops, and the 500,000-point GPX of trackkit.sh. Target: peak RSS
# <= 200 MiB each, and under 2 s where the input is refused.
# usage: Benchmarks/hostile.sh   (prints a Markdown table; see Benchmarks/results/hostile.md)
#   TRACKDROP=path/to/trackdrop to measure another build (default: release if built, else debug).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=${HOSTILE_BENCH_DIR:-/tmp/trackdrop-hostile-bench}
mkdir -p "$WORK"
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time; }
TRACKDROP=${TRACKDROP:-}
if [ -z "$TRACKDROP" ]; then
  if [ -x "$ROOT/.build/release/trackdrop" ]; then TRACKDROP=$ROOT/.build/release/trackdrop; else TRACKDROP=$ROOT/.build/debug/trackdrop; fi
fi

# Inputs, made once (the bombs take a minute; the sparse file takes no disk).
[ -e "$WORK/sparse-8g.fit" ] || truncate -s 8G "$WORK/sparse-8g.fit"
[ -s "$WORK/zeros-3g.gpx.gz" ] || head -c 3G /dev/zero | gzip -1 > "$WORK/zeros-3g.gpx.gz"
if [ ! -s "$WORK/xml-3g.gpx.gz" ]; then
  { echo '<?xml version="1.0"?><gpx version="1.1" creator="bomb"><trk><trkseg>'
    yes '<trkpt lat="47.1" lon="8.5"><ele>410.0</ele><time>2024-05-01T07:00:00Z</time></trkpt>' | head -c 3G || true; } | gzip -1 > "$WORK/xml-3g.gpx.gz"
fi
[ -s "$WORK/big-500000-v2.gpx" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$WORK/big-500000-v2.gpx" 500000
[ -p "$WORK/pipe.gpx" ] || mkfifo "$WORK/pipe.gpx"
mkdir -p "$WORK/loops"
[ -e "$WORK/loops/run.gpx" ] || python3 Benchmarks/trackkit/make_big_gpx.py "$WORK/loops/run.gpx" 2000
[ -L "$WORK/loops/a" ] || ln -s . "$WORK/loops/a"
[ -L "$WORK/loops/b" ] || ln -s "$WORK/loops" "$WORK/loops/b"

# measure LABEL COMMAND...: peak RSS (MiB) and wall seconds from GNU time, and the verdict's first code.
measure() {
  local label=$1; shift
  local log=$WORK/time.log out=$WORK/out.log
  /usr/bin/time -f "%M %e" -o "$log" timeout 120 "$@" >"$out" 2>&1 || true
  local rss seconds verdict
  rss=$(awk 'END {printf "%.0f", $1 / 1024}' "$log")
  seconds=$(awk 'END {print $2}' "$log")
  verdict=$(grep -o '"code":"[a-z-]*"' "$out" | head -1 | cut -d'"' -f4 || true)
  [ -n "$verdict" ] || verdict=$(grep -o '"valid":[a-z]*' "$out" | head -1 || true)
  [ -n "$verdict" ] || verdict=$(grep -oE 'invalid|uploaded|not a regular file|skipping' "$out" | sort | uniq -c | tr -s ' ' | paste -sd, - || true)
  echo "| $label | $rss | $seconds | ${verdict:-?} |"
}

# The daemon on a folder holding one input (a fresh copy or link each time, so nothing is "already done").
daemon() {  # daemon LABEL FILE
  local label=$1 file=$2 folder=$WORK/inbox
  rm -rf "$folder"; mkdir -p "$folder"
  if [ -d "$file" ]; then cp -a "$file/." "$folder/"; elif [ -p "$file" ]; then mkfifo "$folder/$(basename "$file")"; else ln "$file" "$folder/" 2>/dev/null || cp --sparse=always "$file" "$folder/"; fi
  measure "$label" env XDG_STATE_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config" "$TRACKDROP" watch --once --sandbox "$folder"
  cat "$folder"/*.result.json 2>/dev/null | grep -o '"status" *: *"[a-z]*"' | head -1 >&2 || true
}

echo "binary: $TRACKDROP ($(git rev-parse --short HEAD)); $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| input | peak RSS (MiB) | wall (s) | verdict |"
echo "|---|---:|---:|---|"
measure "check: 8 GiB sparse .fit" "$TRACKDROP" check --json "$WORK/sparse-8g.fit"
measure "check: 8 GiB sparse .fit, --max-file-mib 16384" "$TRACKDROP" check --json --max-file-mib 16384 "$WORK/sparse-8g.fit"
measure "check: gzip bomb, 3 GiB of zeros" "$TRACKDROP" check --json "$WORK/zeros-3g.gpx.gz"
measure "check: gzip bomb, 3 GiB of XML-looking text" "$TRACKDROP" check --json "$WORK/xml-3g.gpx.gz"
measure "check: FIFO" "$TRACKDROP" check --json "$WORK/pipe.gpx"
measure "check: 500,000-point GPX (usable)" "$TRACKDROP" check --json "$WORK/big-500000-v2.gpx"
daemon "watch --once: 8 GiB sparse .fit" "$WORK/sparse-8g.fit"
daemon "watch --once: gzip bomb, 3 GiB of zeros" "$WORK/zeros-3g.gpx.gz"
daemon "watch --once: gzip bomb, 3 GiB of XML-looking text" "$WORK/xml-3g.gpx.gz"
daemon "watch --once: FIFO" "$WORK/pipe.gpx"
daemon "watch --once: two symbolic-link loops" "$WORK/loops"
daemon "watch --once: 500,000-point GPX (sent)" "$WORK/big-500000-v2.gpx"
# The daemon alone, against a sandbox in its own process (with --sandbox the sandbox reads the upload in the
# daemon's process too).
read -r rss seconds status < <(python3 Benchmarks/hostile/standalone.py "$TRACKDROP" "$WORK/big-500000-v2.gpx" "$WORK/standalone")
echo "| watch --once, standalone sandbox: 500,000-point GPX (sent) | $rss | $seconds | $status |"
