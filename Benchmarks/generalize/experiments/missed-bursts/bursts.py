#!/usr/bin/env python3
"""Which bursts of a set's input the cleaner leaves in its output (python3 + numpy).

Usage: bursts.py IN_DIR OUT_DIR [PATTERN] [--list]
IN_DIR holds a set's inputs and truths (make_worlds.py), OUT_DIR the cleaned files of the same names. Files sampled
every 10 s and the athletics track's files are left out (their bursts are other stages' work). A burst is a stretch of
the input more than BURST_METRES off the true path (fixes less than MERGE_SECONDS apart joined, stretches shorter than
MIN_SECONDS left out); it is missed when the output there is still more than BURST_METRES off and more than half as far
off as the input's peak. Prints, per truth, the bursts and those missed by size (peak over BIG_METRES or not) and by
whether a true turn of SHARP_DEGREES or more lies within TURN_SECONDS of the stretch. With --list, one line per missed
burst instead: file, first second off, seconds off, input's peak, output's peak, and the seconds its rise and its fall
took (from under CLEAN_METRES to 0.7 of the peak and back).
"""
import bisect
import fnmatch
import json
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, build_truth, read_gpx, seconds  # noqa: E402

BURST_METRES = 12.0
MERGE_SECONDS = 3.0
MIN_SECONDS = 3.0
BIG_METRES = 30.0
SHARP_DEGREES = 100.0
TURN_SECONDS = 10.0
CLEAN_METRES = 4.0


def deviations(path, info, truth):
    """(seconds, metres off the true path) of every timed point of a GPX file, in time order."""
    out = []
    for stamp, x, y in read_gpx(path, info["origin"], info["earth"]):
        if stamp is None:
            continue
        t = seconds(stamp, info["start"])
        out.append((t, truth.nearest(x, y, t)[0]))
    out.sort()
    return out


def stretches(raw):
    """[first second, last second, peak] of each stretch of the input more than BURST_METRES off."""
    found, current = [], None
    for t, d in raw:
        if d <= BURST_METRES:
            continue
        if current and t - current[1] <= MERGE_SECONDS:
            current[1], current[2] = t, max(current[2], d)
        else:
            if current:
                found.append(current)
            current = [t, t, d]
    if current:
        found.append(current)
    return [s for s in found if s[1] - s[0] >= MIN_SECONDS]


def edges(raw, first, last, peak):
    """Seconds the rise and the fall took: from the last fix under CLEAN_METRES before the stretch to the first at 0.7
    of its peak, and from the last at 0.7 of it to the first under CLEAN_METRES after."""
    start = max((t for t, d in raw if t <= first and d < CLEAN_METRES), default=first)
    up = min((t for t, d in raw if t >= start and d >= 0.7 * peak), default=last)
    end = min((t for t, d in raw if t >= last and d < CLEAN_METRES), default=last)
    down = max((t for t, d in raw if t <= end and d >= 0.7 * peak), default=first)
    return up - start, end - down


def one_file(in_dir, out_dir, name, table, listing):
    info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
    truth = Truth(info)
    path = build_truth(info["truth"], info["seed"])[0]
    turns = [(a, b) for a, b, angle in path.turn_at if abs(math.degrees(angle)) >= SHARP_DEGREES]
    raw = deviations(os.path.join(in_dir, name + ".gpx"), info, truth)
    cleaned = deviations(os.path.join(out_dir, name + ".gpx"), info, truth)
    times = [t for t, _ in cleaned]
    for first, last, peak in stretches(raw):
        i, j = bisect.bisect_left(times, first), bisect.bisect_right(times, last)
        left = max((d for _, d in cleaned[i:j]), default=0.0)
        missed = left > BURST_METRES and left > 0.5 * peak
        a0, a1 = truth.arc_at(first - TURN_SECONDS), truth.arc_at(last + TURN_SECONDS)
        turn = any(a <= a1 and b >= a0 for a, b in turns)
        key = ("turn" if turn else "no turn", "big" if peak > BIG_METRES else "small")
        table[info["truth"]][key][0] += 1
        table[info["truth"]][key][1] += missed
        if missed and listing:
            rise, fall = edges(raw, first, last, peak)
            print("%-40s t %6.0f off %4.0f s peak %4.0f m out %4.0f m rise %5.1f s fall %5.1f s"
                  % (name, first, last - first, peak, left, rise, fall))


def main():
    # A file name that is not UTF-8 is printed as its own bytes, so that why.py finds the file again.
    sys.stdout.reconfigure(errors="surrogateescape")
    args = [a for a in sys.argv[1:] if a != "--list"]
    listing = len(args) < len(sys.argv) - 1
    if len(args) not in (2, 3):
        sys.exit("usage: bursts.py IN_DIR OUT_DIR [PATTERN] [--list]")
    in_dir, out_dir = args[0], args[1]
    pattern = args[2] if len(args) > 2 else "*"
    for d in (in_dir, out_dir):
        if not os.path.isdir(d):
            sys.exit("bursts.py: %s is no folder" % d)
    table = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    names = sorted(n[:-4] for n in os.listdir(in_dir) if n.endswith(".gpx"))
    done = 0
    for name in names:
        if not fnmatch.fnmatch(name, pattern) or "10s-gaps" in name or "_track-" in name:
            continue
        files = [os.path.join(in_dir, name + ".gpx"), os.path.join(in_dir, name + ".truth.json"),
                 os.path.join(out_dir, name + ".gpx")]
        if not all(os.path.isfile(f) for f in files):
            print("bursts.py: %s left out (an input, truth or output that is not a regular file)" % name,
                  file=sys.stderr)
            continue
        try:
            one_file(in_dir, out_dir, name, table, listing)
            done += 1
        except (OSError, ValueError, KeyError, TypeError, SyntaxError) as e:
            # SyntaxError: xml.etree's ParseError, for a file that is not XML.
            print("bursts.py: %s left out (%s)" % (name, type(e).__name__), file=sys.stderr)
    if not done:
        sys.exit("bursts.py: no file of %s matching %s could be read with its output" % (in_dir, pattern))
    if listing:
        return
    print("| truth | bursts | missed | big, turn | big, no turn | small, turn | small, no turn |")
    print("|---|---|---|---|---|---|---|")
    for truth, cells in sorted(table.items()):
        keys = [("turn", "big"), ("no turn", "big"), ("turn", "small"), ("no turn", "small")]
        total = sum(cells[k][0] for k in keys)
        missed = sum(cells[k][1] for k in keys)
        print("| %s | %d | %d | %s |" % (truth, total, missed,
                                         " | ".join("%d of %d" % (cells[k][1], cells[k][0]) for k in keys)))


if __name__ == "__main__":
    main()
