"""Shared by oracle.py and detector.py: an output's progress along the true path of a 400 m track run."""
import glob
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, read_gpx, seconds  # noqa: E402


def progress(in_dir, out_dir, name):
    """Times, the output's place along the true path (nearest arc) and the athlete's true arc, per output point,
    and the true lap times."""
    info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
    truth = Truth(info)
    t, s = [], []
    for stamp, x, y in read_gpx(os.path.join(out_dir, name + ".gpx"), info["origin"], info["earth"]):
        tt = seconds(stamp, info["start"])
        t.append(tt)
        s.append(truth.nearest(x, y, tt)[3])
    t, s = np.array(t), np.array(s)
    arc = np.array([truth.arc_at(x) for x in t])
    seconds_grid = np.arange(0, len(truth.arcs))
    arcs = [truth.arc_at(x) for x in seconds_grid]
    laps = [np.interp(k * info["lap_length"], arcs, seconds_grid) for k in range(info["laps"] + 1)]
    return t, s, arc, laps, info["lap_length"]


def lap_error(t, s, laps, lap_length):
    """Mean |error| of each lap's progress between the true lap times, %."""
    at = np.interp(laps, t, s)
    return float(np.mean(np.abs(np.diff(at) - lap_length)) / lap_length * 100)


def names(in_dir, pattern):
    """Track files matching `pattern`, without the 10 s ones (their chords are another matter)."""
    found = sorted(os.path.basename(f)[:-4] for f in glob.glob(os.path.join(in_dir, pattern + ".gpx")))
    return [n for n in found if "10s" not in n]
