#!/usr/bin/env bash
# Load and timing figures for the Strava sandbox. Usage: Benchmarks/sandbox.sh [polls] [uploads] [timed] [clients]
# Builds trackdrop in release mode, starts `trackdrop sandbox` on a free port with the rate limits lifted,
# and runs Benchmarks/sandbox/bench.py against it.
set -euo pipefail
cd "$(dirname "$0")/.."
POLLS=${1:-5000}
UPLOADS=${2:-500}
TIMED=${3:-100}
CLIENTS=${4:-4}

command -v python3 >/dev/null || { apt-get update -qq && apt-get install -y -qq python3; }
# CONFIGURATION=debug measures the debug build; SKIP_BUILD=1 reuses an existing binary.
CONFIGURATION=${CONFIGURATION:-release}
if [ -z "${SKIP_BUILD:-}" ]; then
  flock /tmp/trackdrop-build.lock swift build -c "$CONFIGURATION" --product trackdrop >/dev/null
fi
BINARY=.build/$CONFIGURATION/trackdrop

WORK=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
cat > "$WORK/sandbox.json" <<JSON
{"rate_limit_overall_short": 1000000, "rate_limit_overall_daily": 1000000,
 "rate_limit_read_short": 1000000, "rate_limit_read_daily": 1000000}
JSON
"$BINARY" sandbox --port 0 --config "$WORK/sandbox.json" > "$WORK/out" 2>&1 &
PID=$!
for _ in $(seq 100); do grep -qs "listening on" "$WORK/out" && break; sleep 0.1; done
URL=$(grep -o 'http://127.0.0.1:[0-9]*' "$WORK/out" | head -1)
PORT=${URL##*:}
echo "sandbox at $URL ($CONFIGURATION build), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
python3 Benchmarks/sandbox/bench.py 127.0.0.1 "$PORT" "$POLLS" "$UPLOADS" "$TIMED" "$CLIENTS"
kill -INT "$PID"
wait "$PID" || true
