#!/usr/bin/env python3
"""Why the burst filter did not take out each missed burst of a list, read from the traced driver (python3 stdlib).

Usage: why.py IN_DIR LIST DRIVER
LIST is `bursts.py IN_DIR OUT_DIR --list`'s output, DRIVER a build of `trace.sh`. For each burst, the driver cleans
its file with the trace on from 15 s before the burst's first second off to 5 s after (the entry), and the burst is
put in one class: a clear jump found there whose slow-fall search found no return (`no return`), one not abrupt
enough for that search (`not abrupt`), one found only before the other bursts were taken out (`clear, first pass`);
or no clear jump, by what the best-sized jump candidate there failed: the velocities of its two windows differ by more
than 1.5 m/s (`velocity`), it is under its floor or five times its noise (`floor`, `noise`), the athlete could have made
it (`possible`); `no candidate` where no pair of windows was straight. Prints each burst's class, then a count per
truth, size and class. The traced times count from the start of the file's run, which is the file's start unless the
recording pauses before the burst.
"""
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

BIG_METRES = 30.0
VELOCITY_TOLERANCE = 1.5  # BurstFilter.velocityTolerance
NOISE_FACTOR = 5.0  # BurstFilter.noiseFactor


def classify(trace):
    slow = re.search(r"slow: clear t \S+ size \S+ abrupt ([\d.]+) need ([\d.]+) falls (\d+)", trace)
    if slow:
        if float(slow.group(1)) < float(slow.group(2)):
            return "clear, not abrupt"
        return "clear, no return" if slow.group(3) == "0" else "clear, return left a jump"
    if re.search(r"^clear t", trace, re.M):
        return "clear, first pass"
    best = None
    for line in trace.splitlines():
        if not line.startswith("cand "):
            continue
        v = dict((k, float(x)) for k, x in re.findall(r"(\w+) (-?[\d.]+)", line))
        if best is None or v["implaus"] > best["implaus"]:
            best = v
    if best is None:
        return "no candidate"
    failed = []
    if best["change"] > VELOCITY_TOLERANCE:
        failed.append("velocity")
    if best["implaus"] < best["floor"]:
        failed.append("floor")
    elif best["implaus"] < NOISE_FACTOR * best["noise"]:
        failed.append("noise")
    if not best["impossible"]:
        failed.append("possible")
    return ", ".join(failed) or "passes"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: why.py IN_DIR LIST DRIVER")
    in_dir, listing, driver = sys.argv[1:]
    if not os.path.isdir(in_dir):
        sys.exit("why.py: %s is no folder" % in_dir)
    if not os.path.isfile(listing) or not os.path.isfile(driver) or not os.access(driver, os.X_OK):
        sys.exit("why.py: %s must be a regular file and %s an executable one" % (listing, driver))
    # A file name that is not UTF-8 comes back as its own bytes (bursts.py --list writes it so).
    sys.stdout.reconfigure(errors="surrogateescape")
    counts = Counter()
    with tempfile.TemporaryDirectory() as scratch, open(listing, encoding="utf-8", errors="surrogateescape") as lines:
        for line in lines:
            parts = line.split()
            try:
                name, first, peak = parts[0], float(parts[2]), float(parts[7])
            except (IndexError, ValueError):
                print("why.py: line left out (not bursts.py --list's): %r" % line.strip()[:80], file=sys.stderr)
                continue
            path = os.path.join(in_dir, name + ".gpx")
            if not os.path.isfile(path):
                print("why.py: %s left out (no regular file)" % path, file=sys.stderr)
                continue
            env = dict(os.environ, TD_T0=str(first - 15), TD_T1=str(first + 5))
            try:
                run = subprocess.run([driver, path, os.path.join(scratch, "out.gpx")], env=env, capture_output=True,
                                     text=True, errors="replace", timeout=300)
            except subprocess.TimeoutExpired:
                print("why.py: %s timed out" % name, file=sys.stderr)
                continue
            if run.returncode != 0:
                # A file the driver cannot clean says nothing of its bursts (the benchmark's driver, for one, cannot
                # open a path that is not UTF-8).
                first = (run.stderr.strip().splitlines() or ["no message"])[-1][:160]
                print("why.py: %s left out: the driver failed (exit %d): %s" % (name, run.returncode, first),
                      file=sys.stderr)
                continue
            kind = classify(run.stderr)
            truth = name.split("_")[1] if name.count("_") >= 3 else "?"
            counts[(truth, "big" if peak > BIG_METRES else "small", kind)] += 1
            print("%-40s t %6.0f peak %4.0f m: %s" % (name, first, peak, kind))
    print()
    for (truth, size, kind), n in sorted(counts.items()):
        print("%-14s %-6s %-28s %d" % (truth, size, kind, n))


if __name__ == "__main__":
    main()
