#!/usr/bin/env python3
"""Writes each 1 s file of a generalization set again at RATE fixes a second (python3 stdlib, deterministic).

Usage: upsample.py SRC_DIR DST_DIR rep|interp RATE
For every SRC_DIR/*_1s_*.gpx (with its .truth.json, copied beside it):
- rep: each fix written RATE times, at t, t + 1/RATE, ...: a receiver that fixes once a second and repeats it;
- interp: fixes on the straight line from each second's fix to the next: a receiver that interpolates;
each copy with 0.3 m of white noise per axis. Across a step longer than 1.5 s the fix is written once.
"""
import glob
import math
import os
import random
import re
import shutil
import sys
import zlib
from datetime import datetime, timedelta, timezone

POINT = re.compile(r'<trkpt lat="([^"]+)" lon="([^"]+)">(.*?)<time>([^<]+)</time>(.*?)</trkpt>')


def main():
    usage = "usage: upsample.py SRC_DIR DST_DIR rep|interp RATE (a whole number of fixes a second, 1 or more)"
    if len(sys.argv) != 5 or sys.argv[3] not in ("rep", "interp") or not sys.argv[4].isdigit() or int(sys.argv[4]) < 1:
        sys.exit(usage)
    src, dst, mode, rate = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    if not os.path.isdir(src):
        sys.exit("upsample.py: no folder %s" % src)
    os.makedirs(dst, exist_ok=True)
    for path in sorted(glob.glob(os.path.join(src, "*_1s_*.gpx"))):
        name = os.path.basename(path)
        text = open(path).read()
        rng = random.Random(zlib.crc32(("%s/%s/%d" % (name, mode, rate)).encode()))
        points = [(float(a), float(b), c, datetime.strptime(d, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc), e)
                  for a, b, c, d, e in POINT.findall(text)]
        if not points:
            continue
        ky = 6371000 * math.pi / 180
        kx = ky * math.cos(math.radians(points[0][0]))
        out = []
        for i, (lat, lon, middle, t, tail) in enumerate(points):
            after = points[i + 1] if i + 1 < len(points) else None
            copies = rate if after and (after[3] - t).total_seconds() <= 1.5 else 1
            for j in range(copies):
                f = j / rate
                la, lo = (lat + f * (after[0] - lat), lon + f * (after[1] - lon)) if mode == "interp" and copies > 1 \
                    else (lat, lon)
                la += rng.gauss(0, 0.3) / ky
                lo += rng.gauss(0, 0.3) / kx
                moment = t + timedelta(seconds=f)
                stamp = moment.strftime("%Y-%m-%dT%H:%M:%S") + (
                    ".%03dZ" % (moment.microsecond // 1000) if moment.microsecond else "Z")
                out.append('<trkpt lat="%.7f" lon="%.7f">%s<time>%s</time>%s</trkpt>' % (la, lo, middle, stamp, tail))
        head, foot = text[:text.index("<trkpt")], text[text.rindex("</trkpt>") + 8:]
        with open(os.path.join(dst, name), "w") as f:
            f.write(head + "\n   ".join(out) + foot)
        shutil.copy(path[:-4] + ".truth.json", os.path.join(dst, name[:-4] + ".truth.json"))


if __name__ == "__main__":
    main()
