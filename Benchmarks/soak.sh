#!/usr/bin/env bash
# Soak: the daemon SIGKILLed and restarted over and over against a faulty standalone sandbox (5xx, answers lost
# after the request took effect, stalled answers, rotating refresh tokens, a revocation followed by
# `auth login`), with one-shot `trackdrop upload` runs beside it; then the daemon's RSS over a long run.
# Writes Benchmarks/results/soak.md (soak-memory.md when SOAK_FILES=0: the memory run alone). Environment: SOAK_FILES (300), SOAK_KILLS (40), RSS_FILES (10000),
# BUILD=debug to use the debug binary, SKIP_BUILD=1 to use what is built.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { apt-get update && apt-get install -y python3; }
command -v curl >/dev/null || { apt-get update && apt-get install -y curl; }
CONFIGURATION="${BUILD:-release}"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  flock /tmp/trackdrop-build.lock swift build -c "$CONFIGURATION" --product trackdrop
fi
exec python3 Benchmarks/soak/soak.py "$(pwd)/.build/$CONFIGURATION/trackdrop" "$CONFIGURATION" "${@}"
