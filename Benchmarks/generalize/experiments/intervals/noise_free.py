#!/usr/bin/env python3
"""Writes `track-intervals` files with no noise at all (the true positions, sampled at 1 s and irregularly) for
seeds 2381–2383, to see what the cleaning does to the pace changes by themselves.

usage: noise_free.py OUT_DIR   (then clean OUT_DIR/*.gpx, score with score.py, and read laps_by_pace.py)"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import make_worlds  # noqa: E402

make_worlds.GENERATORS["none"] = ("watch", lambda rng, truth_xy, pick: (list(truth_xy), {}))
os.makedirs(sys.argv[1], exist_ok=True)
for seed in (2381, 2382, 2383):
    for sampling in ("1s", "irregular"):
        make_worlds.make(sys.argv[1], "none", "track-intervals", sampling, seed, 0)
