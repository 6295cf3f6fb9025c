#!/usr/bin/env python3
"""Synthetic GPX tracks with a known true path, for the denoising benchmark (python3 stdlib, deterministic).

Usage: make_tracks.py OUT_DIR
Writes OUT_DIR/<case>-<seed>.gpx and OUT_DIR/<case>-<seed>.truth.json (true path in local metres, true
length, the noise-free sampled length, and where on the path the athlete truly was at each recorded time).

The noise-free sampled length joins the true positions at the recorded times with straight lines: what a
perfect receiver with the same sampling interval would measure. At 10 s it cuts every corner, so it is
shorter than the continuous path; no cleaner that keeps only recorded points can be expected to beat it.
"""
import datetime
import json
import math
import os
import random
import sys

EARTH = 6371008.8
ORIGIN = (47.3663, 8.5415)  # Zurich, Mythenquai
START = datetime.datetime(2026, 11, 14, 7, 0, 0, tzinfo=datetime.timezone.utc)

# (case, interval s, minutes, speed m/s as a function of t, noise (correlated m, white m, spike probability), stop, sport)
CASES = [
    ("watch-1s-run", 1, 60, lambda t: 3.0 + 0.4 * math.sin(t / 90), (2.5, 1.5, 0.0), None, "running"),
    ("phone-1s-run", 1, 60, lambda t: 3.0 + 0.4 * math.sin(t / 90), (7.0, 4.0, 0.01), (1500, 180), "running"),
    ("watch-1s-ride", 1, 40, lambda t: 8.0 + 2.0 * math.sin(t / 60), (2.5, 1.5, 0.0), None, "cycling"),
    ("watch-10s-walk", 10, 60, lambda t: 1.2, (2.5, 1.5, 0.0), None, "walking"),
    ("phone-10s-run", 10, 60, lambda t: 3.0 + 0.4 * math.sin(t / 90), (7.0, 4.0, 0.01), None, "running"),
]
SEEDS = [1, 2, 3]


def path(laps=12):
    """Laps of a loop of straights, right-angle corners, a bend and a hairpin, 1 m apart (local metres)."""
    legs = [(500, 90), (250, 45), (150, 45), (300, 180), (200, -90), (350, 90), (100, 0)]
    pts = [(0.0, 0.0)]
    x = y = heading = 0.0
    for _ in range(laps):
        for straight, turn in legs:
            for _ in range(straight):
                x += math.cos(heading)
                y += math.sin(heading)
                pts.append((x, y))
            arc = abs(turn) * math.pi / 180 * 15
            steps = int(round(arc))
            for _ in range(steps):
                heading += math.radians(turn) / steps
                x += arc / steps * math.cos(heading)
                y += arc / steps * math.sin(heading)
                pts.append((x, y))
    return pts


def position(p, arc):
    i = min(int(arc), len(p) - 2)
    f = arc - i
    return p[i][0] + (p[i + 1][0] - p[i][0]) * f, p[i][1] + (p[i + 1][1] - p[i][1]) * f


def to_latlon(x, y):
    lat = ORIGIN[0] + math.degrees(y / EARTH)
    lon = ORIGIN[1] + math.degrees(x / (EARTH * math.cos(math.radians(ORIGIN[0]))))
    return lat, lon


def make(case, seed, out):
    name, interval, minutes, speed, (corr, white, spike_p), stop, sport = case
    rng = random.Random(seed * 1000 + len(name))
    p = path()
    duration = minutes * 60
    rho = math.exp(-interval / 30.0)
    ex = ey = 0.0
    arc = 0.0
    t = 0
    rows, arcs = [], {}
    sampled_length, previous_true = 0.0, None
    while t <= duration:
        ex = rho * ex + math.sqrt(1 - rho * rho) * corr * rng.gauss(0, 1)
        ey = rho * ey + math.sqrt(1 - rho * rho) * corr * rng.gauss(0, 1)
        tx, ty = position(p, arc)
        if previous_true is not None:
            sampled_length += math.hypot(tx - previous_true[0], ty - previous_true[1])
        previous_true = (tx, ty)
        x, y = tx + ex + white * rng.gauss(0, 1), ty + ey + white * rng.gauss(0, 1)
        if t > 0 and rng.random() < spike_p:
            a, size = rng.uniform(0, 2 * math.pi), rng.uniform(100, 200)
            x, y = x + size * math.cos(a), y + size * math.sin(a)
        lat, lon = to_latlon(x, y)
        when = START + datetime.timedelta(seconds=t)
        stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append((lat, lon, 400 + 10 * math.sin(arc / 300), stamp, 120 + len(rows) % 40))
        arcs[stamp] = arc
        if t < duration:
            h = 0.1
            for k in range(int(round(interval / h))):
                tt = t + k * h
                if not (stop and stop[0] <= tt < stop[0] + stop[1]):
                    arc += speed(tt) * h
        t += interval
    true_length = arcs[rows[-1][3]]
    base = os.path.join(out, "%s-%d" % (name, seed))
    with open(base + ".gpx", "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="trackdrop denoise benchmark" '
                'xmlns="http://www.topografix.com/GPX/1/1" '
                'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n'
                ' <trk>\n  <name>%s</name>\n  <type>%s</type>\n  <trkseg>\n' % (name, sport))
        for lat, lon, ele, stamp, hr in rows:
            f.write('   <trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time><extensions>'
                    '<gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr></gpxtpx:TrackPointExtension>'
                    '</extensions></trkpt>\n' % (lat, lon, ele, stamp, hr))
        f.write('  </trkseg>\n </trk>\n</gpx>\n')
    used = int(true_length) + 2
    with open(base + ".truth.json", "w") as f:
        json.dump({"origin": ORIGIN, "true_length": true_length, "sampled_length": sampled_length, "path": p[:used + 1], "arc_at": arcs,
                   "sport": sport}, f)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for case in CASES:
        for seed in SEEDS:
            make(case, seed, out)


if __name__ == "__main__":
    main()
