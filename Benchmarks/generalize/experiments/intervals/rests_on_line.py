#!/usr/bin/env python3
"""What collapsing short rests on the running line could gain (on the outputs, not built): each output point's
progress along the true line (its nearest arc); a point is at rest where the mean progress over the W seconds after it
is less than LIMIT metres beyond the mean over the W seconds before it (at least three points each side); each run of
such points is put at their median position. Prints the mean lap |error| and the summed |length error| before and
after, over all files and per seed. Files sampled every 10 s are left out.

usage: rests_on_line.py SET_DIR OUT W LIMIT"""
import glob
import json
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, lap_errors, read_gpx, seconds  # noqa: E402

set_dir, out, W, LIMIT = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
results = {}
for path in sorted(glob.glob(os.path.join(set_dir, "in", "*.truth.json"))):
    name = os.path.basename(path)[:-len(".truth.json")]
    info = json.load(open(path))
    if info["sampling"] == "10s-gaps":
        continue
    truth = Truth(info)
    rows = read_gpx(os.path.join(set_dir, out, name + ".gpx"), info["origin"], info["earth"])
    points = [(seconds(s, info["start"]), x, y) for s, x, y in rows if s]
    ts = np.array([p[0] for p in points])
    xy = np.array([(p[1], p[2]) for p in points])
    progress = np.array([truth.nearest(x, y, t)[3] for t, x, y in points])
    n = len(ts)
    rest = np.zeros(n, bool)
    for i in range(n):
        before = (ts >= ts[i] - W) & (ts < ts[i])
        after = (ts > ts[i]) & (ts <= ts[i] + W)
        if before.sum() >= 3 and after.sum() >= 3 and abs(progress[after].mean() - progress[before].mean()) < LIMIT:
            rest[i] = True
    moved = xy.copy()
    i = 0
    while i < n:
        j = i
        while j < n and rest[j]:
            j += 1
        if j > i:
            moved[i:j] = np.median(xy[i:j], axis=0)
        i = max(j, i + 1)

    def measure(p):
        steps = np.hypot(*np.diff(p, axis=0).T)
        laps = lap_errors(info, truth, ts, steps)
        return (steps.sum() - info["true_length"]) / info["true_length"] * 100, float(np.mean(np.abs(laps)))
    results[name] = (measure(xy), measure(moved), rest.mean())


def line(rows):
    return "laps %.3f -> %.3f %%, sum |error| %.2f -> %.2f" % (
        statistics.mean(r[0][1] for r in rows), statistics.mean(r[1][1] for r in rows),
        sum(abs(r[0][0]) for r in rows), sum(abs(r[1][0]) for r in rows))


print("W %g s, LIMIT %g m: %s; points at rest %.1f %%" % (
    W, LIMIT, line(list(results.values())), 100 * statistics.mean(r[2] for r in results.values())))
for seed in sorted({name.rsplit("_", 1)[1] for name in results}):
    print("  seed %s: %s" % (seed, line([r for name, r in results.items() if name.endswith("_" + seed)])))
