#!/usr/bin/env python3
"""Steps across a 400 m track's infield in cleaned output: for every track file (`*track*.gpx`) of a folder of
cleaned GPX, the steps between neighbouring fixes at most MAX_DT seconds apart that are LOW to HIGH metres long (the two
straights of a standard track lie about 73.6 m apart). Prints each such step and a count by generator.

Usage: python3 jumps.py CLEANED_DIR [LOW HIGH MAX_DT]   (defaults 70 78 1.6)
"""
import glob
import math
import os
import re
import stat
import sys
from collections import Counter
from datetime import datetime

POINT = re.compile(r'lat="([^"]+)" lon="([^"]+)">.*?<time>([^<]+)</time>')


def fixes(path):
    """(lat, lon, seconds) of every fix with a time, in file order; None where the file cannot be read as such."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        return [(float(a), float(b), datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp())
                for a, b, t in POINT.findall(text)]
    except (OSError, ValueError):
        return None


def main():
    if len(sys.argv) not in (2, 5):
        sys.exit("usage: %s CLEANED_DIR [LOW HIGH MAX_DT]" % sys.argv[0])
    folder = sys.argv[1]
    if not os.path.isdir(folder):
        sys.exit("%s: %s is not a folder" % (sys.argv[0], folder))
    try:
        low, high, max_dt = (float(v) for v in sys.argv[2:5]) if len(sys.argv) == 5 else (70.0, 78.0, 1.6)
    except ValueError:
        sys.exit("%s: LOW, HIGH and MAX_DT must be numbers" % sys.argv[0])
    files, steps, unread = Counter(), 0, []
    paths = sorted(glob.glob(os.path.join(glob.escape(folder), "*track*.gpx")))
    for path in paths:
        name = os.path.basename(path)[:-4]
        points = fixes(path)
        if points is None:
            unread.append(name)
            continue
        found = 0
        for p, q in zip(points, points[1:]):
            dt = q[2] - p[2]
            if dt <= 0 or dt > max_dt:
                continue
            d = math.hypot((q[0] - p[0]) * 111320, (q[1] - p[1]) * 111320 * math.cos(math.radians(p[0])))
            if low < d < high:
                found += 1
                print("%s: %.1f m in %.2f s" % (name, d, dt))
        if found:
            files[name.split("_")[0]] += 1
            steps += found
    print("track files with such a step: %d of %d (%d steps); by generator %s"
          % (sum(files.values()), len(paths), steps, dict(sorted(files.items()))))
    if unread:
        print("not read: %s" % " ".join(unread))


if __name__ == "__main__":
    main()
