#!/usr/bin/env python3
"""Where a cleaner's output draws length while the athlete truly stands (python3 + numpy).

Usage: stops.py IN_DIR OUT_DIR [PATTERN]   (PATTERN a file-name glob, default `*hike*`; 10 s files are best left out:
       their steps are as long as a collapsed rest's)
For each true stop of 30 s or more, the output's steps that begin and end within it are split by where they lie
against the collapsed rests inside it (an output step over 12 s: a rest's first and last fix, the fixes between taken
out): before the first, after the last, between two, or at a stop with none. Prints each file drawing more than 0.3 %
of its true length while standing (its parts in % of the true length; then each stop: first and last second, rests
found in it, metres drawn) and the parts summed over all files, in % points.
"""
import fnmatch
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, read_gpx, seconds  # noqa: E402

COLLAPSED = 12.0  # seconds: an output step longer than this, inside a true stop, is a collapsed rest


def stops_of(moving):
    """(first, last) second of each run of seconds the truth stands still."""
    out, k, last = [], 0, len(moving) - 1
    while k <= last:
        if moving[k]:
            k += 1
            continue
        e = k
        while e <= last and not moving[e]:
            e += 1
        out.append((k, e - 1))
        k = e
    return out


def main():
    if len(sys.argv) < 3 or not all(os.path.isdir(d) for d in sys.argv[1:3]):
        sys.exit("usage: stops.py IN_DIR OUT_DIR [PATTERN] (folders that exist)")
    in_dir, out_dir = sys.argv[1], sys.argv[2]
    pattern = sys.argv[3] if len(sys.argv) > 3 else "*hike*"
    total = {"before": 0.0, "after": 0.0, "between": 0.0, "none": 0.0}
    files = 0
    for f in sorted(os.listdir(out_dir)):
        if not f.endswith(".gpx") or not fnmatch.fnmatch(f, pattern):
            continue
        name = f[:-4]
        info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
        truth = Truth(info)
        rows = read_gpx(os.path.join(out_dir, f), info["origin"], info["earth"])
        pts = [(seconds(s, info["start"]), x, y) for s, x, y in rows if s is not None]
        ts = np.array([p[0] for p in pts])
        xy = np.array([(p[1], p[2]) for p in pts])
        steps = np.hypot(*np.diff(xy, axis=0).T)
        parts = dict.fromkeys(total, 0.0)
        detail = []
        for a, b in stops_of(truth.moving):
            if b - a < 30:
                continue
            inside = [i for i in range(len(ts) - 1) if ts[i] >= a and ts[i + 1] <= b + 1]
            rests = [i for i in inside if ts[i + 1] - ts[i] > COLLAPSED]
            for i in inside:
                if i in rests:
                    continue
                key = "none" if not rests else "before" if i < rests[0] else "after" if i > rests[-1] else "between"
                parts[key] += steps[i]
            detail.append((a, b, len(rests), round(float(sum(steps[i] for i in inside if i not in rests)), 1)))
        length = info["true_length"]
        for key in parts:
            parts[key] = parts[key] / length * 100
            total[key] += parts[key]
        files += 1
        if sum(parts.values()) > 0.3:
            print(name, " ".join("%s %.2f" % kv for kv in parts.items()), detail)
    print("%d files, drawn while standing (%% points): %s, all %.2f" % (
        files, ", ".join("%s %.2f" % kv for kv in total.items()), sum(total.values())))


if __name__ == "__main__":
    main()
