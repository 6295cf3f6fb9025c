#!/usr/bin/env bash
# Remakes the README's screenshots with the built binary and headless Chromium:
#   cleaning-report.png   `trackdrop check --report` on SampleRuns' phone run
#   sandbox-activity.png  the sandbox's page for SampleRuns' morning run, uploaded by `watch --sandbox`
# usage: docs/images/make.sh      (after `swift build`; needs chromium and python3)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
BIN=${TRACKDROP:-$ROOT/.build/debug/trackdrop}
OUT=$ROOT/docs/images
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

"$BIN" check --report "$WORK/report.html" SampleRuns/2026-11-15-phone-run-with-stop.gpx >/dev/null
python3 Tests/Browser/page_check.py "file://$WORK/report.html" "$OUT/cleaning-report.png" >/dev/null

mkdir "$WORK/watch"
cp SampleRuns/2026-11-14-morning-run.gpx "$WORK/watch/"
"$BIN" watch --sandbox "$WORK/watch" 2>"$WORK/log" &
daemon=$!
for _ in $(seq 1 600); do
  grep -q '"status" : "uploaded"\|"status": "uploaded"' "$WORK/watch/"*.result.json 2>/dev/null && break
  sleep 0.1
done
url=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['activity_url'])" "$WORK/watch/2026-11-14-morning-run.gpx.result.json")
python3 Tests/Browser/page_check.py "$url" "$OUT/sandbox-activity.png" >/dev/null
kill -INT "$daemon"
wait "$daemon" || true
# Palette PNGs are a third of the size and look the same here.
if command -v pngquant >/dev/null; then
  for f in "$OUT"/cleaning-report.png "$OUT"/sandbox-activity.png; do pngquant --force --quality 70-95 --output "$f" "$f"; done
fi
ls -l "$OUT"/*.png
