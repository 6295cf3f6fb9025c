#!/usr/bin/env python3
"""Where a file's length error sits: burst by burst, against the rest of the track.

Usage: burst_windows.py SET_DIR NAME TOOL[,TOOL...]
  SET_DIR  a set written by Benchmarks/generalize.sh (Benchmarks/work/generalize/<set>), with in/ and one folder per
           tool (trackdrop, base, or any other cleaner's output of the same files)
  NAME     a file's name without .gpx, e.g. multipath_hike_1s_1101
A burst window is a stretch where the input's error (distance of a fix from the true position at its time) is over
10 m, merged across 10 s and padded by 15 s on each side (windows that then overlap are merged). For each window: the largest error, the true distance
covered, and how much longer than that each tool's output is there; then the total over the windows and over the
rest of the track.
"""
import datetime
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
import make_worlds as mw  # noqa: E402
from score import read_gpx  # noqa: E402


def seconds(stamp):
    whole = datetime.datetime.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    fraction = float("0" + stamp[19:-1]) if len(stamp) > 20 else 0.0
    return (whole - mw.START).total_seconds() + fraction


def main():
    set_dir, name, tools = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    info = json.load(open(os.path.join(set_dir, "in", name + ".truth.json")))
    path, arcs, _, _, _ = mw.build_truth(info["truth"], info["seed"])

    def truth(t):
        return mw.at(path, mw.arc_at(arcs, t))

    def load(folder):
        rows = read_gpx(os.path.join(set_dir, folder, name + ".gpx"), info["origin"], info["earth"])
        return [(seconds(stamp), x, y) for stamp, x, y in rows]

    def length(rows, a=-math.inf, b=math.inf):
        return sum(math.hypot(x2 - x1, y2 - y1) for (t1, x1, y1), (t2, x2, y2) in zip(rows, rows[1:])
                   if a <= t1 and t2 <= b)

    def true_length(a, b):
        return mw.arc_at(arcs, min(b, len(arcs) - 1)) - mw.arc_at(arcs, max(a, 0))

    raw = load("in")
    errors = [(t, math.hypot(x - truth(t)[0], y - truth(t)[1])) for t, x, y in raw]
    windows = []
    for t, e in errors:
        if e > 10:
            if windows and t - windows[-1][1] <= 10:
                windows[-1][1] = t
            else:
                windows.append([t, t])
    padded = []
    for a, b in windows:
        if padded and a - 15 <= padded[-1][1]:
            padded[-1][1] = b + 15
        else:
            padded.append([a - 15, b + 15])
    windows = padded
    outputs = {tool: load(tool) for tool in tools}
    print("%s: true length %.0f m, %d burst windows" % (name, info["true_length"], len(windows)))
    print("%13s %9s %9s  %s" % ("window (s)", "peak (m)", "true (m)", "  ".join("%12s" % t[:12] for t in tools)))
    inside = {tool: 0.0 for tool in tools}
    for a, b in windows:
        peak = max(e for t, e in errors if a <= t <= b)
        covered = true_length(a, b)
        cells = []
        for tool in tools:
            excess = length(outputs[tool], a, b) - covered
            inside[tool] += excess
            cells.append("%+12.1f" % excess)
        print("%6.0f-%6.0f %9.0f %9.0f  %s" % (a, b, peak, covered, "  ".join(cells)))
    for tool in tools:
        total = length(outputs[tool]) - info["true_length"]
        print("%s: %+.1f m in all (%+.2f %%): %+.1f m in the burst windows, %+.1f m elsewhere" % (
            tool, total, total / info["true_length"] * 100, inside[tool], total - inside[tool]))


if __name__ == "__main__":
    main()
