#!/usr/bin/env python3
"""Do a dense recording's one-second fixes share their errors? The ratio of lag-1 to lag-2 second differences.

Usage: shared-error.py IN_DIR [IN_DIR ...]   (reads every <name>.gpx with its <name>.truth.json for origin and start)

Each file's fixes are grouped a second at a time as DenseRecording does (fixes less than 1 s after the group's first,
median east, north and time). On that skeleton, for east and north, the robust variance (MAD) of x[k+1] - 2x[k] + x[k-1]
over that of x[k+2] - 2x[k] + x[k-2]: 1 for independent errors, lower where neighbours share error (a fix written
between two solutions) and where the error wanders; a walk's own motion hardly counts in either. Prints the mean of the
two axes per file, by sampling.
"""
import glob
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
import score  # noqa: E402


def skeleton(points, seconds=1.0):
    out, i = [], 0
    while i < len(points):
        j = i + 1
        while j < len(points) and points[j][0] - points[i][0] < seconds:
            j += 1
        out.append(np.median(np.array(points[i:j]), axis=0))
        i = j
    return np.array(out)


def robust_variance(v):
    return (np.median(np.abs(v - np.median(v))) * 1.4826) ** 2


def ratio(points):
    k = skeleton(points)
    values = []
    for axis in (1, 2):
        v = k[:, axis]
        d1 = v[2:] - 2 * v[1:-1] + v[:-2]
        d2 = v[4:] - 2 * v[2:-2] + v[:-4]
        values.append(robust_variance(d1) / max(robust_variance(d2), 1e-12))
    return float(np.mean(values))


def main():
    rows = []
    for directory in sys.argv[1:]:
        for path in sorted(glob.glob(os.path.join(directory, "*.gpx"))):
            info = json.load(open(path[:-4] + ".truth.json"))
            points = [(score.seconds(s, info["start"]), x, y)
                      for s, x, y in score.read_gpx(path, info["origin"], info["earth"]) if s is not None]
            rows.append((info["sampling"], os.path.basename(path)[:-4], ratio(points)))
    for sampling, name, r in sorted(rows):
        print("%-11s %-36s %.2f" % (sampling, name, r))


if __name__ == "__main__":
    main()
