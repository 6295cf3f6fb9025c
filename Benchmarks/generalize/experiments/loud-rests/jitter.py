#!/usr/bin/env python3
"""How fast a file's fixes move while the athlete truly stands, against how far they scatter off the chord of their
neighbours (their jitter). Over each true stop of two minutes or more (10 s trimmed at each end): the displacement
from each fix to the first fix at least 5 s later, summed and divided by the time between them (the coarse speed, as
`RestStops` measures it), and the root mean square distance of each fix from the chord of its two neighbours, where
both are at most 2.6 s away. Per generator and sampling: the median coarse speed, the median jitter, and the median
and largest ratio (coarse speed in m/s over jitter in m).

Usage: jitter.py SETS   (hikes only, 10 s sampling left out; sets made by generalize.sh; raw fixes, spikes and all)"""
import collections
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../.."))
from make_worlds import build_truth  # noqa: E402
from score import read_gpx, seconds  # noqa: E402

ROOT = os.path.join(HERE, "../../../work/generalize")


def coarse_speed_and_jitter(t, x, y, lag=5.0, gap=2.6):
    j = np.searchsorted(t, t + lag)
    ok = j < len(t)
    jj = j[ok]
    speed = np.hypot(x[jj] - x[ok], y[jj] - y[ok]).sum() / (t[jj] - t[ok]).sum() if ok.any() else np.nan
    before, after = t[1:-1] - t[:-2], t[2:] - t[1:-1]
    near = (before <= gap) & (after <= gap)
    f = before / (before + after)
    ex = x[1:-1] - (x[:-2] + f * (x[2:] - x[:-2]))
    ey = y[1:-1] - (y[:-2] + f * (y[2:] - y[:-2]))
    jitter = np.sqrt(np.mean((ex ** 2 + ey ** 2)[near])) if near.any() else np.nan
    return speed, jitter


def fixes(path, info):
    rows = [(seconds(s, info["start"]), x, y) for s, x, y in read_gpx(path, info["origin"], info["earth"]) if s]
    r = np.array(rows)
    r = r[np.argsort(r[:, 0], kind="stable")]
    return r[np.concatenate([[True], np.diff(r[:, 0]) > 0])]


if __name__ == "__main__":
    found = collections.defaultdict(list)
    for s in sys.argv[1].split(","):
        for name in sorted(os.listdir(f"{ROOT}/{s}/in")):
            if not name.endswith(".truth.json") or "_hike_" not in name or "10s" in name:
                continue
            info = json.load(open(f"{ROOT}/{s}/in/{name}"))
            moving = np.array(build_truth(info["truth"], info["seed"])[2])
            r = fixes(f"{ROOT}/{s}/in/{name[:-11]}.gpx", info)
            k = 0
            while k < len(moving):
                if moving[k]:
                    k += 1
                    continue
                j = k
                while j < len(moving) and not moving[j]:
                    j += 1
                inside = (r[:, 0] >= k + 10) & (r[:, 0] <= j - 10)
                if j - k >= 120 and inside.sum() > 10:
                    found[(info["generator"], info["sampling"])].append(coarse_speed_and_jitter(*r[inside].T))
                k = j
    for key in sorted(found):
        a = np.array(found[key])
        ratio = a[:, 0] / a[:, 1]
        print(f"{key[0]:11s} {key[1]:10s} stops {len(a):3d}  speed {np.nanmedian(a[:, 0]):.2f} m/s  jitter "
              f"{np.nanmedian(a[:, 1]):.2f} m  ratio median {np.nanmedian(ratio):.2f}, largest {np.nanmax(ratio):.2f}")
