#!/usr/bin/env python3
"""A walk of straight legs joined by hairpins, under a receiver's smooth error: which model's fit keeps the hairpins?

Usage: hairpins.py SPEED RADIUS LEG SIGMA TAU [SEED]
  SPEED m/s; RADIUS of each 180° hairpin, m (0: no hairpins, one straight line); LEG, metres of straight between
  hairpins; SIGMA, TAU: the smooth (second-order) error's stationary sigma per axis (m) and time constant (s), as
  `../../worlds.py`'s `smooth_gauss_markov`, plus 0.5 m of white noise; 3,000 fixes, one a second.
Fits the three models of smooth_wander.py on the fixes (no alpha-beta tracker, no quantisation), smooths with each,
and prints each model's parameters, score per fix and length error against the true path (%).
"""
import math
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import smooth_wander as W  # noqa: E402
from worlds import smooth_gauss_markov  # noqa: E402

FIXES = 3000


def walk(speed, radius, leg):
    """Positions at each second: legs along ±x joined by half circles of `radius` (a switchback climb)."""
    out, s = [], 0.0
    turn = math.pi * radius
    period = leg + turn
    for k in range(FIXES):
        s = k * speed
        if radius <= 0:
            out.append((s, 0.0))
            continue
        n, u = divmod(s, period)
        n = int(n)
        direction = 1 if n % 2 == 0 else -1
        start_x = 0.0 if direction == 1 else leg
        y0 = 2 * radius * n
        if u < leg:
            out.append((start_x + direction * u, y0))
        else:
            a = (u - leg) / radius
            cx = leg if direction == 1 else 0.0
            out.append((cx + direction * radius * math.sin(a), y0 + radius - radius * math.cos(a)))
    return np.array(out)


def walk_arguments(argv, usage):
    """SPEED RADIUS LEG SIGMA TAU [SEED] read and checked; exits with `usage` when they are not that."""
    try:
        speed, radius, leg, sigma, tau = (float(a) for a in argv[:5])
        seed = int(argv[5]) if len(argv) > 5 else 1
        if len(argv) not in (5, 6) or speed <= 0 or radius < 0 or leg <= 0 or sigma <= 0 or tau <= 0:
            raise ValueError
    except ValueError:
        sys.exit(usage)
    return speed, radius, leg, sigma, tau, seed


def recorded(speed, radius, leg, sigma, tau, seed):
    """The true walk, its fixes under the smooth error and 0.5 m of white noise, and their times."""
    rng = random.Random(seed)
    truth = walk(speed, radius, leg)
    ex, ey = smooth_gauss_markov(rng, FIXES, sigma, tau), smooth_gauss_markov(rng, FIXES, sigma, tau)
    z = truth + np.array([ex, ey]).T + np.array([[rng.gauss(0, 0.5), rng.gauss(0, 0.5)] for _ in range(FIXES)])
    return truth, z, np.arange(FIXES, dtype=float)


def length(xy):
    return float(np.hypot(*np.diff(xy, axis=0).T).sum())


def main(argv):
    truth, z, ts = recorded(*walk_arguments(argv, __doc__))
    true_length = length(truth)
    print(f"fixes as recorded {100 * (length(z) / true_length - 1):+.2f} %")
    for order in (0, 1, 2):
        if order == 0:
            candidates = [(0, 1, w, q) for w in W.WHITES for q in W.QS]
        else:
            candidates = [(s, t, w, q) for s in W.SIGMAS for t in W.TAUS for w in W.WHITES for q in W.QS]
        scores = W.filter_scores(ts, z, candidates, order)
        best = int(np.argmin(scores))
        xy = W.smooth(ts, z, candidates[best], order)
        print(f"order {order}: model {candidates[best]} score a fix {scores[best] / FIXES:.4f} "
              f"length {100 * (length(xy) / true_length - 1):+.2f} %")


if __name__ == "__main__":
    main(sys.argv[1:])
