#!/usr/bin/env python3
"""The length each of two cleaners draws during the shuttles (540 to 1,140 s) of stop-cases.swift's GPX files.

Usage: python3 shuttle-lengths.py A_DIR B_DIR   (each holding the cleaned <error>-<length>-<speed>-<seed>.gpx files, the
same names in both; the benchmark's cleaning driver writes them: `driver IN.gpx OUT.gpx`)
"""
import collections
import datetime
import glob
import math
import os
import re
import sys


def length(path, start, end):
    """Metres between the fixes of `path` from `start` to `end` seconds after its first fix; None when `path` is not a
    regular file (a FIFO would block the read) or cannot be read as UTF-8 text."""
    if not os.path.isfile(path):
        print(f"shuttle-lengths.py: {path} is not a regular file; left out", file=sys.stderr)
        return None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"shuttle-lengths.py: cannot read {path} ({error}); left out", file=sys.stderr)
        return None
    fixes = re.findall(r'<trkpt lat="([-\d.]+)" lon="([-\d.]+)">.*?<time>([^<]+)</time>', text, re.S)
    points, first = [], None
    for lat, lon, time in fixes:
        t = datetime.datetime.fromisoformat(time.replace("Z", "+00:00")).timestamp()
        first = t if first is None else first
        points.append((t - first, float(lat), float(lon)))
    total = 0.0
    for (t0, lat0, lon0), (t1, lat1, lon1) in zip(points, points[1:]):
        if t0 >= start and t1 <= end:
            total += math.hypot((lat1 - lat0) * 111320, (lon1 - lon0) * 111320 * math.cos(math.radians(lat0)))
    return total


def main():
    if len(sys.argv) != 3 or not all(os.path.isdir(d) for d in sys.argv[1:]):
        sys.exit("usage: shuttle-lengths.py A_DIR B_DIR (two folders of cleaned stop-cases files)")
    a, b = sys.argv[1:]
    rows = collections.defaultdict(list)
    for path in sorted(glob.glob(os.path.join(a, "*.gpx"))):
        name = os.path.basename(path)
        parts = name[:-4].split("-")
        other = os.path.join(b, name)
        if len(parts) != 4 or not os.path.exists(other):
            continue
        if not (parts[1].isdigit() and parts[2].isdigit()):
            continue
        pair = (length(path, 540, 1140), length(other, 540, 1140))
        if None not in pair:
            rows[(parts[0], int(parts[1]), int(parts[2]))].append(pair)
    if not rows:
        sys.exit("shuttle-lengths.py: no <error>-<length>-<speed>-<seed>.gpx file found in both folders")
    for (error, along, speed), pairs in sorted(rows.items()):
        print(f"{error} along {along} m at {speed} m/s ({600 * speed} m true):",
              " ".join(f"{x:.0f}->{y:.0f}" for x, y in pairs))


if __name__ == "__main__":
    main()
