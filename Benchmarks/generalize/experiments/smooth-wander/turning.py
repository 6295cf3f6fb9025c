#!/usr/bin/env python3
"""A walker who keeps their pace through a turn: a coordinated-turn motion model under the second-order wander.

Usage: turning.py IN.gpx OUT_PREFIX
       turning.py --hairpins SPEED RADIUS LEG SIGMA TAU [SEED]
  IN.gpx        a benchmark file written by ../../make_worlds.py, its .truth.json beside it; smoothed, as
                smooth_wander.py --split does, over the fixes taken while the athlete truly moved, and written to
                OUT_PREFIX.turning.gpx
  --hairpins    the walk of hairpins.py instead (same arguments, 3,000 fixes at 1 s)

State: position, speed, heading and turn rate (the speed and the turn rate each a random walk, with densities
`speed_noise` and `turn_noise`), plus smooth_wander.py's second-order wander on each axis. Extended Kalman filter,
fitted by its likelihood (log det S + νᵀS⁻¹ν over the first 2,000 fixes) in a coordinate descent over wander,
white noise and the two noise densities, started at 4 m over 12 s; extended Rauch–Tung–Striebel smoothing.
Prints one JSON line: {"name", "turning": the model [wander sigma m, tau s, white m, speed noise m²/s³, turn noise
rad²/s³], its score per fix and `../../score.py`'s figures}, which summary.py reads beside smooth_wander.py's; with
--hairpins, the model, its score and the length error against the true path.
"""
import json
import math
import os
import sys

import numpy as np
from scipy.linalg import solve_continuous_lyapunov

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import hairpins  # noqa: E402
import score as S  # noqa: E402
import smooth_wander as W  # noqa: E402

FIT_POINTS = 2000
SPEED_NOISES = (0.001, 0.01, 0.1)
TURN_NOISES = (1e-4, 1e-3, 1e-2, 0.1)
WANDER_SIGMAS, WANDER_TAUS, WHITES = (1, 2, 4, 6, 8), (6, 12, 25), (0.3, 0.5, 1)
START = (4, 12, 0.5, 0.01, 1e-3)


def wander_blocks(sigma, tau, dt):
    """The second-order wander of one axis (inner low-pass, wander): transition, noise, stationary covariance."""
    a = np.array([[-1 / tau, 0.0], [1 / tau, -1 / tau]])
    unit = solve_continuous_lyapunov(a, -np.diag([1.0, 0.0]))
    w = np.diag([sigma * sigma / unit[1, 1], 0.0])
    f, q = W.discrete(a, w, dt)
    return f, q, solve_continuous_lyapunov(a, -w)


def run(ts, z, model, keep=False):
    """State [x, y, speed, heading, turn rate, u_x, b_x, u_y, b_y]; the fix sees (x + b_x, y + b_y) + white noise.
    Returns the score, and with keep also the smoothed positions."""
    sigma, tau, white, speed_noise, turn_noise = model
    n, r = 9, white * white
    x = np.zeros(n)
    x[0], x[1] = z[0]
    ahead = min(len(z) - 1, 5)
    d = z[ahead] - z[0]
    x[2] = max(0.3, float(np.hypot(*d)) / max(1e-3, ts[ahead] - ts[0]))
    x[3] = math.atan2(d[1], d[0])
    _, _, still = wander_blocks(sigma, tau, 1.0)
    p = np.zeros((n, n))
    p[2, 2], p[3, 3], p[4, 4] = 1.0, 1.0, 0.01
    for axis, first in ((0, 5), (1, 7)):
        p[first:first + 2, first:first + 2] = still
        p[axis, axis] = r + still[1, 1]
        p[axis, first:first + 2] = p[first:first + 2, axis] = -still[1]
    h = np.zeros((2, n))
    h[0, 0] = h[0, 6] = h[1, 1] = h[1, 8] = 1.0
    cache, total, kept = {}, 0.0, []
    for k in range(1, len(ts)):
        dt = W.quarter(ts[k] - ts[k - 1])
        if dt not in cache:
            fw, qw, _ = wander_blocks(sigma, tau, dt)
            q = np.zeros((n, n))
            q[0, 0] = q[1, 1] = 1e-6 * dt
            q[2, 2] = speed_noise * dt
            q[3:5, 3:5] = turn_noise * np.array([[dt ** 3 / 3, dt ** 2 / 2], [dt ** 2 / 2, dt]])
            q[5:7, 5:7] = q[7:9, 7:9] = qw
            cache[dt] = (fw, q)
        fw, q = cache[dt]
        speed, heading, turn = x[2], x[3], x[4]
        middle = heading + turn * dt / 2
        cos, sin = math.cos(middle), math.sin(middle)
        xp = x.copy()
        xp[0] += speed * cos * dt
        xp[1] += speed * sin * dt
        xp[3] += turn * dt
        xp[5:7], xp[7:9] = fw @ x[5:7], fw @ x[7:9]
        f = np.eye(n)
        f[0, 2], f[0, 3], f[0, 4] = cos * dt, -speed * sin * dt, -speed * sin * dt * dt / 2
        f[1, 2], f[1, 3], f[1, 4] = sin * dt, speed * cos * dt, speed * cos * dt * dt / 2
        f[3, 4] = dt
        f[5:7, 5:7] = f[7:9, 7:9] = fw
        pp = f @ p @ f.T + q
        s = h @ pp @ h.T + np.eye(2) * r
        nu = z[k] - h @ xp
        s_inv = np.linalg.inv(s)
        gain = pp @ h.T @ s_inv
        x = xp + gain @ nu
        p = (np.eye(n) - gain @ h) @ pp
        p = (p + p.T) / 2
        if k > 3:
            det = np.linalg.det(s)
            if not det > 0:  # the linearisation broke down: this model cannot be scored
                return (math.inf, None) if keep else math.inf
            total += math.log(det) + nu @ s_inv @ nu
        if keep:
            kept.append((f, xp, pp, x.copy(), p.copy()))
    if not keep:
        return total
    out = np.zeros((len(ts), 2))
    xs, ps = kept[-1][3], kept[-1][4]
    out[-1] = xs[:2]
    for k in range(len(ts) - 2, 0, -1):
        f, xp, pp = kept[k][:3]
        xf, pf = kept[k - 1][3], kept[k - 1][4]
        g = pf @ f.T @ np.linalg.inv(pp)
        xs = xf + g @ (xs - xp)
        ps = pf + g @ (ps - pp) @ g.T
        out[k] = xs[:2]
    out[0] = z[0] - xs[[6, 8]]
    return total, out


def fit(runs, models):
    best = None
    for model in models:
        total, left = 0.0, FIT_POINTS
        for ts, z in runs:
            if left <= 10:
                break
            total += run(ts[:left], z[:left], model)
            left -= len(ts)
        if np.isfinite(total) and (best is None or total < best[0]):
            best = (total, model)
    return best


def search(runs):
    best = fit(runs, [START])
    for _ in range(2):
        s, t, w, a, b = best[1]
        best = min(best, fit(runs, [(s, t, w, x, y) for x in SPEED_NOISES for y in TURN_NOISES]), key=lambda v: v[0])
        s, t, w, a, b = best[1]
        best = min(best, fit(runs, [(x, y, w, a, b) for x in WANDER_SIGMAS for y in WANDER_TAUS]), key=lambda v: v[0])
        s, t, w, a, b = best[1]
        best = min(best, fit(runs, [(s, t, x, a, b) for x in WHITES]), key=lambda v: v[0])
    return best


def main(argv):
    if argv[:1] == ["--hairpins"]:
        truth, z, ts = hairpins.recorded(*hairpins.walk_arguments(argv[1:], __doc__))
        score, model = search([(ts, z)])
        _, xy = run(ts, z, model, keep=True)
        if xy is None:
            sys.exit(f"turning.py: the fitted model {model} broke down beyond the fixes it was fitted on")

        print(json.dumps({"walk": argv[1:], "model": list(model), "score": score / FIT_POINTS,
                          "error": 100 * (hairpins.length(xy) / hairpins.length(truth) - 1)}), flush=True)
        return
    if len(argv) != 2 or not argv[0].endswith(".gpx"):
        sys.exit(__doc__)
    gpx, prefix = argv
    for path in (gpx, gpx[:-4] + ".truth.json"):
        if not os.path.isfile(path):
            sys.exit(f"turning.py: no such file: {path}")
    info, ts, z, stamps = W.load(gpx, gpx[:-4] + ".truth.json")
    runs, stamps = W.runs_of(info, ts, z, stamps, True)
    score, model = search(runs)
    pieces = [run(t, zz, model, keep=True)[1] for t, zz in runs]
    if any(piece is None for piece in pieces):
        sys.exit(f"turning.py: the fitted model {model} broke down beyond the fixes it was fitted on")
    xy = np.concatenate(pieces)
    out = prefix + ".turning.gpx"
    W.write(out, info, stamps, xy)
    s = S.score(info, S.read_gpx(out, info["origin"], info["earth"]))
    print(json.dumps({"name": os.path.basename(gpx)[:-4], "turning": {
        "model": list(model), "score": score / min(FIT_POINTS, sum(len(t) for t, _ in runs)), "error": s["error"],
        "floor": s["floor"], "jitter": s["jitter"], "turn_loss": s["turn_loss"]}}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
