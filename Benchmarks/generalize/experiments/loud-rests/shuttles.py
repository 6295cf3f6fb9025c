#!/usr/bin/env python3
"""Shuttle runs beside a rest, under a phone's noise: how much of them each cleaning driver keeps, and where its rests
end.

A hiker walks in (0-300 s), rests four minutes (300-540 s), runs shuttles along 20 m at SPEED m/s in the same place for
ten minutes (540-1140 s) and walks off; a fix a second. Noises: `receiver`, the smooth 5 m / 10 s error and 0.3 m of
white noise of `../wide-rests/shuttle.py`; `phone-1`, `phone-2`, `phone-3`, a first-order 4 m / 30 s wander
(worlds.gauss_markov) and 1, 2 or 3 m of white noise.

Usage: shuttles.py DRIVER[:VAR=VAL,...] ...   (a driver built from a tree with switches.patch prints its rests with
RS_DBG=1; main's driver prints none). Seeds 1-3, speeds 2 and 3 m/s. Each line also gives, on the raw fixes, the
coarse speed over the jitter (as jitter.py measures them) at the rest (310-530 s) and over the shuttles (560-1120 s)."""
import datetime
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from worlds import gauss_markov, smooth_gauss_markov  # noqa: E402
from jitter import coarse_speed_and_jitter  # noqa: E402

LAT0, LON0 = 47.3663, 8.5415
KY = 6378137 * math.pi / 180
KX = KY * math.cos(math.radians(LAT0))
START = datetime.datetime(2026, 11, 1, 8, 0, 0, tzinfo=datetime.timezone.utc)
REF = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)  # the driver prints seconds since 2001


def path(t, speed):
    if t < 300:
        return 1.2 * t, 0.0
    if t < 540:
        return 360.0, 0.0
    if t < 1140:
        u = (speed * (t - 540)) % 40
        return 360 + (u if u < 20 else 40 - u), 0.0
    return 360.0, 1.2 * (t - 1140)


def write_track(out, seed, n, path_at, noise, creator):
    """A GPX hike of `n` fixes a second along `path_at(t)`, under `noise`: "receiver" (a smooth 5 m / 10 s error and
    0.3 m of white noise) or (sigma, tau, white) for a first-order wander and white noise."""
    import random
    rng = random.Random(seed)
    if noise == "receiver":
        ex, ey, white = smooth_gauss_markov(rng, n, 5, 10), smooth_gauss_markov(rng, n, 5, 10), 0.3
    else:
        sigma, tau, white = noise
        ex, ey = gauss_markov(rng, n, sigma, tau), gauss_markov(rng, n, sigma, tau)
    with open(out, "w") as f:
        f.write(f'<?xml version="1.0"?>\n<gpx version="1.1" creator="{creator}" '
                'xmlns="http://www.topografix.com/GPX/1/1"><trk><type>hiking</type><trkseg>\n')
        for k in range(n):
            x, y = path_at(k)
            x, y = x + ex[k] + white * rng.gauss(0, 1), y + ey[k] + white * rng.gauss(0, 1)
            stamp = (START + datetime.timedelta(seconds=k)).strftime("%Y-%m-%dT%H:%M:%SZ")
            f.write(f'<trkpt lat="{LAT0 + y / KY:.7f}" lon="{LON0 + x / KX:.7f}"><time>{stamp}</time></trkpt>\n')
        f.write("</trkseg></trk></gpx>\n")


def write(out, seed, speed, noise):
    wander = "receiver" if noise == "receiver" else (4, 30, float(noise.split("-")[1]))
    write_track(out, seed, 1440, lambda t: path(t, speed), wander, "shuttles.py")


def read(gpx):
    """(seconds from the start, x, y) of every track point."""
    rows = []
    for el in ET.parse(gpx).getroot().iter():
        if el.tag.endswith("trkpt"):
            stamp = [c.text for c in el if c.tag.endswith("time")][0]
            t = (datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")) - START).total_seconds()
            rows.append((t, (float(el.get("lon")) - LON0) * KX, (float(el.get("lat")) - LAT0) * KY))
    return rows


def drawn(out, lo, hi):
    pts = [(x, y) for t, x, y in read(out) if lo <= t <= hi]
    return sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))


if __name__ == "__main__":
    drivers = []
    for arg in sys.argv[1:]:
        driver, _, knobs = arg.partition(":")
        drivers.append((arg, driver, dict(kv.split("=") for kv in knobs.split(",") if kv)))
    with tempfile.TemporaryDirectory() as tmp:
        for noise in ("receiver", "phone-1", "phone-2", "phone-3"):
            for speed in (2.0, 3.0):
                for seed in (1, 2, 3):
                    gpx, out = f"{tmp}/in.gpx", f"{tmp}/out.gpx"
                    write(gpx, seed, speed, noise)
                    line = f"{noise:8s} {speed:.0f} m/s seed {seed}: run {600 * speed:4.0f} m"
                    fixes = np.array(read(gpx))
                    for lo, hi, what in ((310, 530, "rest"), (560, 1120, "shuttles")):
                        inside = (fixes[:, 0] >= lo) & (fixes[:, 0] <= hi)
                        speed_, jitter = coarse_speed_and_jitter(*fixes[inside].T)
                        line += f", {what} {speed_ / jitter:.2f}"
                    for _, driver, knobs in drivers:
                        p = subprocess.run([driver, gpx, out], env=dict(os.environ, RS_DBG="1", **knobs),
                                           capture_output=True, text=True, check=True)
                        ends = [float(l.split()[2]) - (START - REF).total_seconds()
                                for l in p.stderr.splitlines() if l.startswith("REST ")]
                        rests = f", rests end {max(ends):.0f} s" if ends else ""
                        name = os.path.basename(os.path.dirname(driver))
                        if knobs:
                            name += ":" + ",".join(f"{k}={v}" for k, v in knobs.items())
                        line += f" | {name} keeps {drawn(out, 540, 1140):4.0f} m{rests}"
                    print(line)
