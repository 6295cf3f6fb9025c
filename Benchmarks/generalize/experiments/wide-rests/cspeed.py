#!/usr/bin/env python3
"""How fast a file's fixes move while the athlete truly stands: over each true stop of two minutes or more (10 s
trimmed at each end), the displacement from each fix to the first fix at least D seconds later, summed and divided by
the time between them, for D = 5, 10 and 20 s. Per generator: median, 90th percentile and largest.

Usage: cspeed.py SETS   (hikes only, 10 s sampling left out; sets made by generalize.sh)"""
import collections
import glob
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../.."))
from score import read_gpx, seconds  # noqa: E402

ROOT = os.path.join(HERE, "../../../work/generalize")
LAGS = (5, 10, 20)


def coarse_speed(fixes, lag):
    distance = time = 0.0
    j = 0
    for k in range(len(fixes)):
        j = max(j, k + 1)
        while j < len(fixes) and fixes[j][0] < fixes[k][0] + lag:
            j += 1
        if j >= len(fixes):
            break
        distance += math.hypot(fixes[j][1] - fixes[k][1], fixes[j][2] - fixes[k][2])
        time += fixes[j][0] - fixes[k][0]
    return distance / time if time else float("nan")


def stops(arcs):
    out, k = [], 0
    while k < len(arcs) - 1:
        if arcs[k + 1] - arcs[k] < 1e-6:
            j = k
            while j < len(arcs) - 1 and arcs[j + 1] - arcs[j] < 1e-6:
                j += 1
            if j - k >= 120:
                out.append((k, j))
            k = j
        k += 1
    return out


speeds = collections.defaultdict(list)
for s in sys.argv[1].split(","):
    for path in sorted(glob.glob(f"{ROOT}/{s}/in/*_hike_*.truth.json")):
        name = os.path.basename(path)[: -len(".truth.json")]
        if "10s-gaps" in name:
            continue
        info = json.load(open(path))
        arcs = info["arcs"] if isinstance(info["arcs"], list) else json.loads(info["arcs"])
        rows = read_gpx(f"{ROOT}/{s}/in/{name}.gpx", info["origin"], info["earth"])
        fixes = sorted((seconds(r[0], info["start"]), r[1], r[2]) for r in rows if r[0])
        for a, b in stops(arcs):
            inside = [f for f in fixes if a + 10 <= f[0] <= b - 10]
            if len(inside) > 5:
                speeds[info["generator"]].append([coarse_speed(inside, lag) for lag in LAGS])
for generator, rows in sorted(speeds.items()):
    for i, lag in enumerate(LAGS):
        xs = sorted(r[i] for r in rows if r[i] == r[i])
        print(f"{generator} {lag} s: {len(xs)} stops, median {xs[len(xs) // 2]:.2f} m/s, "
              f"90 % {xs[int(len(xs) * 0.9)]:.2f}, largest {xs[-1]:.2f}")
