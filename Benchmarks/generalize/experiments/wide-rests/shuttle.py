#!/usr/bin/env python3
"""A GPX file: a hiker walks in (0-300 s), rests four minutes (300-540 s), runs shuttles along LENGTH metres at SPEED
m/s in the same place for ten minutes (540-1140 s), and walks off; under a receiver's smooth 5 m / 10 s error
(worlds.smooth_gauss_markov) and 0.3 m of white noise, a fix a second.

Usage: shuttle.py SEED LENGTH SPEED OUT.gpx"""
import datetime
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
from worlds import smooth_gauss_markov  # noqa: E402

seed, length, speed, out = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rng = random.Random(seed)


def path(t):
    if t < 300:
        return 1.2 * t, 0.0
    if t < 540:
        return 360.0, 0.0
    if t < 1140:
        u = (speed * (t - 540)) % (2 * length)
        return 360 + (u if u < length else 2 * length - u), 0.0
    return 360.0, 1.2 * (t - 1140)


n = 1440
ex, ey = smooth_gauss_markov(rng, n, 5, 10), smooth_gauss_markov(rng, n, 5, 10)
lat0, lon0 = 47.3663, 8.5415
ky = 6378137 * math.pi / 180
kx = ky * math.cos(math.radians(lat0))
start = datetime.datetime(2026, 11, 1, 8, 0, 0)
with open(out, "w") as f:
    f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="shuttle.py" xmlns="http://www.topografix.com/GPX/1/1">'
            "<trk><type>hiking</type><trkseg>\n")
    for k in range(n):
        x, y = path(k)
        x, y = x + ex[k] + 0.3 * rng.gauss(0, 1), y + ey[k] + 0.3 * rng.gauss(0, 1)
        stamp = (start + datetime.timedelta(seconds=k)).isoformat()
        f.write(f'<trkpt lat="{lat0 + y / ky:.7f}" lon="{lon0 + x / kx:.7f}"><time>{stamp}Z</time></trkpt>\n')
    f.write("</trkseg></trk></gpx>\n")
