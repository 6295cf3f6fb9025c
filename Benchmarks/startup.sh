#!/usr/bin/env bash
# Start-up cost of the `trackdrop` binary with the Swift runtime and Foundation linked statically (the default
# when the toolchain has the archives Package.swift names) and dynamically (TRACKDROP_DYNAMIC_LINK=1).
# Builds both (only the executable is linked again), then times short commands, RUNS times each, and prints the
# median wall time. Writes Benchmarks/results/startup.md.
#   usage: Benchmarks/startup.sh            BUILD=release for the release configuration (default debug), RUNS=50
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
CONFIGURATION=${BUILD:-debug}
RUNS=${RUNS:-50}
WORK=$(mktemp -d /tmp/trackdrop-startup.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

build() {  # build NAME [ENV...]: builds trackdrop and keeps a copy as $WORK/NAME
  local name=$1; shift
  env "$@" flock /tmp/trackdrop-build.lock swift build -c "$CONFIGURATION" --product trackdrop >"$WORK/$name.build.log" 2>&1
  cp ".build/$CONFIGURATION/trackdrop" "$WORK/$name"
}
build dynamic TRACKDROP_DYNAMIC_LINK=1
build static
if [ "$(ldd "$WORK/static" | grep -c 'libFoundation')" != 0 ] || [ "$(ldd "$WORK/dynamic" | grep -c 'libFoundation')" = 0 ]; then
  echo "the two builds do not differ in how Foundation is linked; see $WORK/*.build.log" >&2
  exit 1
fi

median() {  # median BINARY ARGS...: median wall milliseconds of RUNS runs
  python3 - "$RUNS" "$@" <<'PY'
import subprocess, sys, time, statistics
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    began = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append((time.perf_counter() - began) * 1000)
print(f"{statistics.median(times):.1f}")
PY
}

sample=SampleRuns/2026-11-14-morning-run.gpx
{
  echo "# Start-up: static and dynamic Swift runtime"
  echo
  echo "Date: $(date -u +%Y-%m-%dT%H:%MZ). Commit: $(git rev-parse --short HEAD). $(nproc) cores. Configuration: $CONFIGURATION."
  echo "Command: \`BUILD=$CONFIGURATION RUNS=$RUNS Benchmarks/startup.sh\`. Median wall time of $RUNS runs each."
  echo
  echo "| command | static runtime (ms) | dynamic runtime (ms) | shared libraries loaded (static / dynamic) |"
  echo "|---|---:|---:|---|"
  libs="$(ldd "$WORK/static" | wc -l) / $(ldd "$WORK/dynamic" | wc -l)"
  echo "| \`trackdrop --version\` | $(median "$WORK/static" --version) | $(median "$WORK/dynamic" --version) | $libs |"
  echo "| \`trackdrop check $sample\` | $(median "$WORK/static" check "$sample") | $(median "$WORK/dynamic" check "$sample") | $libs |"
  echo
  echo "Binary sizes: static $(du -h "$WORK/static" | cut -f1), dynamic $(du -h "$WORK/dynamic" | cut -f1)."
} | tee Benchmarks/results/startup.md
