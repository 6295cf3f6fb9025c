#!/usr/bin/env python3
"""Each lap's error (score.py's: the output's length between the true lap times) grouped by what the athlete did in
the lap: `fast` where more than 80 % of its seconds were faster than 4.5 m/s (a repetition), `slow` where under 5 %
were, `mixed` otherwise. Files sampled every 10 s are left out. python3 + numpy.

usage: laps_by_pace.py SET_DIR OUT[,OUT...] [NAME_PART] [SCORES.json]
SET_DIR holds `in/` (the inputs and their .truth.json) and one directory per OUT (`trackdrop`, `base`, ...); the files
are those of SCORES.json (default SET_DIR/scores.json) whose name holds NAME_PART."""
import collections
import json
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, lap_errors, read_gpx, seconds  # noqa: E402

set_dir, outs = sys.argv[1], sys.argv[2].split(",")
part = sys.argv[3] if len(sys.argv) > 3 else ""
scores = json.load(open(sys.argv[4] if len(sys.argv) > 4 else os.path.join(set_dir, "scores.json")))
for out in outs:
    groups = collections.defaultdict(list)
    for name, entry in sorted(scores.items()):
        if entry["sampling"] == "10s-gaps" or part not in name:
            continue
        info = json.load(open(os.path.join(set_dir, "in", name + ".truth.json")))
        truth = Truth(info)
        arcs = np.array(info["arcs"])
        rows = read_gpx(os.path.join(set_dir, out, name + ".gpx"), info["origin"], info["earth"])
        points = sorted((seconds(s, info["start"]), x, y) for s, x, y in rows if s)
        ts = np.array([p[0] for p in points])
        steps = np.hypot(*np.diff(np.array([(p[1], p[2]) for p in points]), axis=0).T)
        lap = info["lap_length"]
        at = [np.interp(k * lap, arcs, np.arange(len(arcs))) for k in range(info["laps"] + 1)]
        for k, error in enumerate(lap_errors(info, truth, ts, steps)):
            fast = (np.diff(arcs[int(at[k]):int(at[k + 1]) + 1]) > 4.5).mean()
            groups["fast" if fast > 0.8 else "slow" if fast < 0.05 else "mixed"].append(error)
    print(out, "  ".join("%s %d laps: mean %+.2f %%, mean |error| %.2f %%" % (
        k, len(v), statistics.mean(v), statistics.mean(abs(e) for e in v)) for k, v in sorted(groups.items())))
