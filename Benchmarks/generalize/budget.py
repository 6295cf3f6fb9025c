#!/usr/bin/env python3
"""Where a cleaner's length error comes from, per generator × truth (python3 + numpy).

Usage: budget.py IN_DIR OUT_DIR [PATTERN]
For every cleaned file (10 s-with-gaps files left out: their error is the sampling's), splits the signed distance
error into parts, each in % of the true length:
- sharp turns: the output's length minus the path's over the 60 m around each true turn of 120° or more on a radius
  of 10 m or less (score.py's sharp-turn loss), summed over the file's turns;
- straights: the output's excess over the true advance between neighbouring points on straights (score.py's jitter),
  times the share of the true length those steps cover;
- stops: the output's length over steps that begin and end while the athlete stood still;
- the rest: what is left (gentler turns, the ends, spikes and bursts left, lost fixes).
Prints the median of each part per generator × truth.
"""
import fnmatch
import json
import math
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from score import TURN_REACH, Truth, read_gpx, seconds  # noqa: E402


def parts(info, rows, truth):
    start = info["start"]
    pts = [(seconds(s, start), x, y) for s, x, y in rows if s is not None]
    ts = np.array([p[0] for p in pts])
    xy = np.array([(p[1], p[2]) for p in pts])
    steps = np.hypot(*np.diff(xy, axis=0).T)
    true = info["true_length"]
    error = steps.sum() - true
    cumulative = np.concatenate([[0.0], np.cumsum(steps)])
    index = np.arange(len(truth.arcs))
    turns = 0.0
    for middle in truth.turns:
        lo, hi = middle - TURN_REACH, middle + TURN_REACH
        if lo < truth.arcs[0] or hi > truth.arcs[-1]:
            continue
        t_lo, t_hi = np.interp(lo, truth.arcs, index), np.interp(hi, truth.arcs, index)
        if t_lo < ts[0] or t_hi > ts[-1] or not truth.moving[int(t_lo):int(t_hi) + 1].all():
            continue
        turns += np.interp(t_hi, ts, cumulative) - np.interp(t_lo, ts, cumulative) - 2 * TURN_REACH
    straights = 0.0
    last = len(truth.moving) - 1
    stops = 0.0
    for i in range(len(pts) - 1):
        a, b = ts[i], ts[i + 1]
        if not truth.moving[min(last, int(a))] and not truth.moving[min(last, int(b))] \
                and not truth.moving[min(last, int((a + b) / 2))]:
            stops += steps[i]
            continue
        _, _, ja, _ = truth.nearest(xy[i][0], xy[i][1], a)
        _, _, jb, _ = truth.nearest(xy[i + 1][0], xy[i + 1][1], b)
        if truth.straight[ja] and truth.straight[jb] and 0 < b - a <= 5:
            advance = truth.arc_at(b) - truth.arc_at(a)
            if advance > 0.5 * (b - a) * 0.3:
                straights += steps[i] - advance
    to_pct = 100 / true
    rest = error - turns - straights - stops
    return error * to_pct, turns * to_pct, straights * to_pct, stops * to_pct, rest * to_pct


def main():
    in_dir, out_dir = sys.argv[1], sys.argv[2]
    pattern = sys.argv[3] if len(sys.argv) > 3 else "*"
    cells, truths = {}, {}
    for name in sorted(f[:-4] for f in os.listdir(in_dir) if f.endswith(".gpx")):
        if "10s-gaps" in name or not fnmatch.fnmatch(name, pattern):
            continue
        info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
        key = (info["truth"], info["seed"])
        if key not in truths:
            truths[key] = Truth(info)
        rows = read_gpx(os.path.join(out_dir, name + ".gpx"), info["origin"], info["earth"])
        cells.setdefault((info["generator"], info["truth"]), []).append(parts(info, rows, truths[key]))
    print("| generator | truth | files | error | sharp turns | straights | stops | rest |")
    print("|---|---|---|---|---|---|---|---|")
    for (generator, truth), rows in sorted(cells.items()):
        medians = [statistics.median(r[k] for r in rows) for k in range(5)]
        print("| %s | %s | %d | %s |" % (generator, truth, len(rows), " | ".join("%+.2f %%" % m for m in medians)))


if __name__ == "__main__":
    main()
