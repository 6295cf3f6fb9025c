#!/usr/bin/env bash
# API calls per file and rate-limit drain of StravaKit against the in-process Strava sandbox,
# compared with stravalib's polling pattern. Figures come from the sandbox's own counters
# (StravaSandboxServer.stats(), the same numbers as GET /_sandbox/stats).
#
#   Benchmarks/api-calls.sh                # 30 single files, a backlog of 200
#   BENCH_SINGLE_FILES=10 BENCH_BACKLOG_FILES=50 Benchmarks/api-calls.sh
#
# Writes Benchmarks/results/api-calls.md.
set -euo pipefail
cd "$(dirname "$0")/.."
results=Benchmarks/results/api-calls.md
log=$(mktemp)
trap 'rm -f "$log"' EXIT

flock /tmp/trackdrop-build.lock swift build --build-tests 2>&1 | tail -3
TRACKDROP_BENCH=1 swift test --skip-build --filter APICallsBenchmark 2>&1 | tee "$log" | grep -E "^BENCH|passed|failed" || true

grep -q "^BENCH single" "$log" || { echo "benchmark produced no figures; see the output above" >&2; exit 1; }

field() { grep "^BENCH $1 " "$log" | tr ' ' '\n' | grep "^$2=" | cut -d= -f2; }

{
  echo "# API calls per file (StravaKit vs. stravalib's pattern)"
  echo
  echo "Run: \`Benchmarks/api-calls.sh\` ($(date -u +%Y-%m-%dT%H:%MZ), $(uname -m), $(nproc) cores, debug build)."
  echo "Sandbox: in-process \`StravaSandboxServer\` on 127.0.0.1:0 with default processing delays"
  echo "(lognormal, median 1.5 s, sigma 0.7). Counts are the sandbox's: every request under /api/v3."
  echo
  echo "| scenario | files | API calls | calls per file | 429s | notes |"
  echo "|---|---|---|---|---|---|"
  echo "| single file dropped at a time | $(field single files) | $(field single api_calls) | **$(field single per_file)** | $(field single 429s) | first file $(field single first_file) calls, max $(field single max); $(field single two_or_less) of $(field single files) files took ≤ 2; mean time to result $(field single mean_latency_s) s |"
  echo "| backlog submitted at once | $(field backlog files) | $(field backlog api_calls) | **$(field backlog per_file)** | $(field backlog 429s) | $(field backlog posts) POSTs, $(field backlog listings) activity listings, $(field backlog status_checks) status checks; $(field backlog seconds) s; limits raised to 600/15 min (see below) |"
  echo "| stravalib pattern, single files | $(field stravalib files) | $(field stravalib api_calls) | **$(field stravalib per_file)** | $(field stravalib 429s) | POST, status check every 1 s until ready, GET /activities/{id}; max $(field stravalib max) |"
  echo
  echo "## Rate-limit-bound drain"
  echo
  echo "$(field drain files) files, window $(field drain window_s) s, limits $(field drain limit) (overall/read) per window,"
  echo "default processing delays. The sandbox's overall usage of each window, read 50 ms before it turns:"
  echo "$(field drain usage_per_window)."
  echo "In the $(field drain full_windows) whole windows that passed while the backlog was still being submitted,"
  echo "$(field drain spent) requests were sent: **$(field drain utilization)** of what the limit allows; $(field drain 429s) 429s."
  echo "All files submitted after $(field drain submit_seconds) s, all resolved after $(field drain seconds) s;"
  echo "$(field drain api_calls) API calls in all ($(field drain per_file) per file)."
  echo
  echo "## Notes"
  echo
  echo "- Targets: single file ≤ 2 calls, backlog ≤ 1.15 calls per file, zero 429s, drain ≥ 95 % of the limit."
  echo "- The backlog run raises the limits to 600/6000 (read 300/3000): with Strava's default 200 per 15 minutes, 200"
  echo "  POSTs fill the window by themselves and the run would wait for the next quarter hour (the gate handles that,"
  echo "  the benchmark just does not wait for it)."
  echo "- Per-file counts: POST calls (\`StravaSession.apiCallsForSubmission(externalID:)\`) plus \`ResolvedUpload.apiCalls\`"
  echo "  (status checks, and a shared activity listing once, for the first upload it settles); their sum over all"
  echo "  uploads equals the sandbox's count (checked by \`UploadTests.aBacklogIsSettledByListingsWithFewCalls\`)."
  echo "- Single files: the first status check comes at a learned ~95th percentile of processing time (starts at 3 s),"
  echo "  so about one file in twenty needs a second check; the mean is therefore a little above 2. Reaching exactly 2"
  echo "  would mean waiting for the slowest uploads on every file."
  echo "- An earlier run with the first check at ~2 s (tracking the 93rd percentile) and every listing miss polled on its"
  echo "  own measured 2.13 per single file and 1.49 per file for the backlog (85 status checks); the current rules keep"
  echo "  listing misses in the next listing and poll an upload only after two misses."
  echo
  echo "Raw lines:"
  echo
  echo '```'
  grep "^BENCH" "$log"
  echo '```'
} > "$results"
echo "wrote $results"
