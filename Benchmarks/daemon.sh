#!/usr/bin/env bash
# Daemon benchmark: close-to-upload latency, startup scan of 10,000 files, idle CPU and memory.
# Runs the release binary against a standalone sandbox (`trackdrop sandbox`), connected through
# `trackdrop auth login --manual` (the script plays the browser). Writes Benchmarks/results/daemon.md.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { apt-get update && apt-get install -y python3; }
command -v curl >/dev/null || { apt-get update && apt-get install -y curl; }
[ -x /usr/bin/time ] || { apt-get update && apt-get install -y time; }
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  flock /tmp/trackdrop-build.lock swift build -c release --product trackdrop
fi
exec python3 Benchmarks/daemon/bench.py "$(pwd)/.build/release/trackdrop" "${@}"
