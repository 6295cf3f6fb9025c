#!/usr/bin/env bash
# API calls per file and time to the last result for `trackdrop upload --sandbox` on 10, 30 and 100
# distinct runs, with the sandbox's default processing delays and rate limits. Figures come from the
# sidecars' api_calls, whose sum equals the sandbox's count of API requests (PipelineTests checks that).
#
#   Benchmarks/pipeline.sh                  # this checkout's release build
#   Benchmarks/pipeline.sh /path/to/other   # and another trackdrop binary, on the same files, side by side
#
# Results: Benchmarks/results/pipeline.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SKIP_BUILD:-}" ]; then
  flock /tmp/trackdrop-build.lock swift build -c release --product trackdrop 2>&1 | tail -1
fi
for files in ${BENCH_FILES:-10 30 100}; do
  python3 Benchmarks/pipeline/calls.py "$files" "$@" "$PWD/.build/release/trackdrop"
done
