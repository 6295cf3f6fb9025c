#!/usr/bin/env python3
"""Output steps across the infield: how many of a cleaner's output steps are longer than 50 m and faster than 12 m/s
(a fix put on the far side of an athletics track, 73.6 m across), and in how many files.

Usage: python3 cross.py DIR OUT   (DIR/in/<name>.gpx with its .truth.json, DIR/OUT/<name>.gpx the cleaner's output)
"""
import glob
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
from score import read_gpx, seconds  # noqa: E402


def main():
    folder, out = sys.argv[1], sys.argv[2]
    files = steps = 0
    for path in sorted(glob.glob(os.path.join(folder, "in", "*.gpx"))):
        name = os.path.basename(path)[:-4]
        info = json.load(open(os.path.join(folder, "in", name + ".truth.json")))
        rows = read_gpx(os.path.join(folder, out, name + ".gpx"), info["origin"], info["earth"])
        pts = [(seconds(s, info["start"]), x, y) for s, x, y in rows if s is not None]
        across = 0
        for (ta, xa, ya), (tb, xb, yb) in zip(pts, pts[1:]):
            d = math.hypot(xb - xa, yb - ya)
            if tb > ta and d > 50 and d / (tb - ta) > 12:
                across += 1
        files += across > 0
        steps += across
    print("%s: %d steps across the infield in %d files" % (out, steps, files))


if __name__ == "__main__":
    main()
