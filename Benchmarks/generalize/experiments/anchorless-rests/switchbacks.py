#!/usr/bin/env python3
"""A climb on tight switchbacks, under a receiver's or a phone's noise: how much of it each cleaning driver keeps, and
how many of its seconds the driver's rests hold.

A hiker walks in east (0-300 s, 1.2 m/s), climbs switchbacks for fifteen minutes (300-1200 s: legs LEG metres long
across the slope, each HEAD metres further up it than the last, walked at SPEED m/s), and walks off north; a fix a
second. Such a climb makes headway at SPEED x HEAD / LEG m/s, below the 0.4 m/s the rest boxes take for the slowest
walk, so every box test can hold it: only the speed checks keep it out.

Noises: `receiver`, a smooth 5 m / 10 s error and 0.3 m of white noise (`worlds.smooth_gauss_markov`); `quiet`, a
first-order 2 m / 30 s wander and 0.5 m of white noise; `phone-1`, 4 m / 30 s and 1 m; `loud-2`, 5 m / 10 s and 2 m;
`loud-3`, 6 m / 10 s and 3 m (`worlds.gauss_markov`).

Usage: switchbacks.py DRIVER[:VAR=VAL,...] ...   (a driver built from a tree with switches.patch prints its rests with
RS_DBG=1; main's driver prints none). Seeds 1-3; climbs 20 m legs 5 m apart at 0.8 m/s and 30 m legs 5 m apart at
1 m/s. Each line gives the true length of the climb, and for each driver the length its output draws over it and the
seconds of it inside a rest."""
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../loud-rests"))
from shuttles import REF, START, drawn, write_track  # noqa: E402  (the same frame, clock, writing and reading)

NOISES = {"receiver": None, "quiet": (2, 30, 0.5), "phone-1": (4, 30, 1.0), "loud-2": (5, 10, 2.0),
          "loud-3": (6, 10, 3.0)}
CLIMBS = ((20.0, 5.0, 0.8), (30.0, 5.0, 1.0))


def path(t, leg, head, speed):
    if t < 300:
        return 1.2 * t, 0.0
    per = math.hypot(leg, head)
    top = 900 * speed / per  # legs climbed by 1,200 s
    d = speed * (min(t, 1200) - 300) / per
    n = math.floor(d)
    f = d - n
    x = 360 + (f * leg if n % 2 == 0 else (1 - f) * leg)
    y = d * head
    if t < 1200:
        return x, y
    n = math.floor(top)
    f = top - n
    return 360 + (f * leg if n % 2 == 0 else (1 - f) * leg), top * head + 1.2 * (t - 1200)


def write(out, seed, climb, noise):
    write_track(out, seed, 1500, lambda t: path(t, *climb), NOISES[noise] or "receiver", "switchbacks.py")


if __name__ == "__main__":
    drivers = []
    for arg in sys.argv[1:]:
        driver, _, knobs = arg.partition(":")
        drivers.append((arg, driver, dict(kv.split("=") for kv in knobs.split(",") if kv)))
    totals = {arg: [0.0, 0.0] for arg, _, _ in drivers}
    with tempfile.TemporaryDirectory() as tmp:
        for noise in NOISES:
            for climb in CLIMBS:
                true = 900 * climb[2]
                for seed in (1, 2, 3):
                    gpx, out = f"{tmp}/in.gpx", f"{tmp}/out.gpx"
                    write(gpx, seed, climb, noise)
                    line = f"{noise:8s} {climb[0]:.0f} m legs {climb[1]:.0f} m apart at {climb[2]} m/s, seed {seed}: " \
                           f"climb {true:4.0f} m"
                    for arg, driver, knobs in drivers:
                        p = subprocess.run([driver, gpx, out], env=dict(os.environ, RS_DBG="1", **knobs),
                                           capture_output=True, text=True, check=True)
                        held = 0.0
                        for l in p.stderr.splitlines():
                            if l.startswith("REST "):
                                a, b = (float(v) - (START - REF).total_seconds() for v in l.split()[1:3])
                                held += max(0.0, min(b, 1200) - max(a, 300))
                        name = os.path.basename(os.path.dirname(driver))
                        if knobs:
                            name += ":" + ",".join(f"{k}={v}" for k, v in knobs.items())
                        kept = drawn(out, 300, 1200)
                        totals[arg][0] += held
                        totals[arg][1] += kept
                        line += f" | {name} keeps {kept:4.0f} m, rests {held:3.0f} s"
                    print(line, flush=True)
    for arg, (held, kept) in totals.items():
        print(f"{arg}: {held:.0f} s of the climbs inside rests, {kept:.0f} m kept in all")
