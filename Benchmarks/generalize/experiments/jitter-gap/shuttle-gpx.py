#!/usr/bin/env python3
"""A GPX of shuttle runs beside a rest, to see what the whole cleaner makes of them (python3 only).

Usage: shuttle-gpx.py LENGTH SPEED SEED OUT.gpx
A runner walks 300 s east at 1.2 m/s, stands 240 s, runs shuttles back and forth along LENGTH metres at SPEED m/s for
600 s, and walks 300 s north: fixes every second under a watch-like error (2 m of wander over 30 s and 1 m of white
noise per axis). Prints the true distance (720 m of walking plus SPEED x 600 s) and the length of the noise-free fixes
(a 1 s recording cuts each turn a little). Then `trackdrop check OUT.gpx` gives the length after cleaning.
"""
import math
import os
import random
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: shuttle-gpx.py LENGTH SPEED SEED OUT.gpx")
    try:
        length, speed, seed, out = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    except ValueError:
        sys.exit("usage: shuttle-gpx.py LENGTH SPEED SEED OUT.gpx (LENGTH in metres, SPEED in m/s, SEED whole)")
    if not (0 < length < math.inf and 0 < speed < math.inf):
        sys.exit("shuttle-gpx.py: LENGTH and SPEED must be positive")
    if os.path.exists(out) and not os.path.isfile(out):
        sys.exit("shuttle-gpx.py: %s exists and is not a regular file" % out)
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

    sampled = sum(math.dist(path(t + 1), path(t)) for t in range(1439))
    tau, sigma = 30.0, 2.0
    rho = math.exp(-1 / tau)
    drive = sigma * math.sqrt(1 - rho * rho)
    ex, ey = sigma * rng.gauss(0, 1), sigma * rng.gauss(0, 1)
    lat0, lon0 = 59.33, 18.06
    ky = 6378137 * math.pi / 180
    kx = ky * math.cos(math.radians(lat0))
    points = []
    for t in range(1440):
        ex = rho * ex + drive * rng.gauss(0, 1)
        ey = rho * ey + drive * rng.gauss(0, 1)
        x, y = path(t)
        x += ex + rng.gauss(0, 1)
        y += ey + rng.gauss(0, 1)
        points.append('<trkpt lat="%.7f" lon="%.7f"><time>2026-06-01T08:%02d:%02dZ</time></trkpt>'
                      % (lat0 + y / ky, lon0 + x / kx, t // 60, t % 60))
    try:
        f = open(out, "w")
    except OSError as error:
        sys.exit("shuttle-gpx.py: cannot write %s: %s" % (out, error.strerror))
    with f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="shuttle-gpx.py" '
                'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>shuttles</name><type>running</type><trkseg>'
                + "".join(points) + "</trkseg></trk></gpx>\n")
    print("true distance %.1f m, noise-free fixes %.1f m" % (720 + 600 * speed, sampled))


if __name__ == "__main__":
    main()
