#!/usr/bin/env python3
"""Does a smooth (second-order) wander let a smoother take a receiver's smooth error out of a walk?

Usage: smooth_wander.py [--split] [--turns] IN.gpx OUT_PREFIX
  IN.gpx        a benchmark file written by ../../make_worlds.py, its .truth.json beside it
  OUT_PREFIX    where the smoothed tracks go: OUT_PREFIX.o0.gpx, .o1.gpx, .o2.gpx (and .turns.gpx)
  --split       smooth only the fixes taken while the athlete truly moved, in runs split at the truth's stops, so
                that what is measured is walking alone (the product finds rests by itself; this script does not)
  --turns       also fit and smooth the second-order model with two acceleration noises (straights and turns,
                an interacting multiple model), started from the second-order model's best

Three models per axis, each fitted by the forward filter's likelihood over a grid and smoothed by Rauch–Tung–Striebel:
  0: constant velocity (position, velocity) and white noise;
  1: the same plus a first-order Gauss–Markov wander (what `KalmanSmoother+Wander.swift` models);
  2: the same plus a second-order wander: a first-order process passed through a second low-pass of the same time
     constant, as `../../worlds.py`'s `smooth_gauss_markov` makes a receiver's error.
Prints one JSON line: for each model its score per fix (sum of log|S| + innovation²/S over both axes), its
parameters [wander sigma m, tau s, white noise m, acceleration noise m²/s³] and `../../score.py`'s figures.
Time steps are rounded to a quarter second for the discretisation (irregular sampling would otherwise need one
matrix exponential per step and candidate). Takes a minute or two a file; numpy and scipy.
"""
import itertools
import json
import math
import os
import sys

import numpy as np
from scipy.linalg import expm, solve_continuous_lyapunov

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import score as S  # noqa: E402
from make_worlds import build_truth  # noqa: E402

SIGMAS = [1, 2, 3, 4, 6, 8]
TAUS = [3, 6, 12, 25, 50, 100]
WHITES = [0.3, 0.5, 1, 1.5, 2, 3]
QS = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1]
FIT_POINTS = 3000  # fixes the fit reads, as the product's wander search reads its first 4,000
STRAIGHT_S, TURN_S = 40.0, 6.0  # mean time in the straight and the turn mode (--turns)
TURN_QS = ([0.001, 0.002, 0.005, 0.01, 0.02], [0.05, 0.2, 1, 5])


def load(gpx, truth):
    info = json.load(open(truth))
    seen = {}
    for stamp, x, y in S.read_gpx(gpx, info["origin"], info["earth"]):
        if stamp is not None:
            seen.setdefault(S.seconds(stamp, info["start"]), (stamp, x, y))
    ts = sorted(seen)
    return info, np.array(ts, float), np.array([[seen[t][1], seen[t][2]] for t in ts]), [seen[t][0] for t in ts]


def write(path, info, stamps, xy):
    lat0, lon0 = info["origin"]
    kx = info["earth"] * math.cos(math.radians(lat0)) * math.pi / 180
    ky = info["earth"] * math.pi / 180
    with open(path, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="smooth_wander.py" '
                'xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>\n')
        for stamp, (x, y) in zip(stamps, xy):
            f.write('<trkpt lat="%.7f" lon="%.7f"><time>%s</time></trkpt>\n' % (lat0 + y / ky, lon0 + x / kx, stamp))
        f.write("</trkseg></trk></gpx>\n")


def continuous(order, tau, q, sigma):
    """System matrix and driving-noise density of (position, velocity[, wander states]) on one axis."""
    if order == 0:
        return np.array([[0.0, 1.0], [0.0, 0.0]]), np.diag([0.0, q])
    if order == 1:
        a = np.zeros((3, 3))
        a[0, 1], a[2, 2] = 1.0, -1.0 / tau
        return a, np.diag([0.0, q, 2 * sigma * sigma / tau])
    a = np.zeros((4, 4))  # (position, velocity, inner low-pass u, wander b): u' = -u/τ + w, b' = (u - b)/τ
    a[0, 1], a[2, 2], a[3, 2], a[3, 3] = 1.0, -1.0 / tau, 1.0 / tau, -1.0 / tau
    unit = solve_continuous_lyapunov(a[2:, 2:], -np.diag([1.0, 0.0]))
    w = np.zeros((4, 4))
    w[1, 1], w[2, 2] = q, sigma * sigma / unit[1, 1]  # scaled so that the wander's stationary sigma is `sigma`
    return a, w


def discrete(a, w, dt):
    """Transition and process-noise covariance over dt (Van Loan)."""
    n = len(a)
    m = np.zeros((2 * n, 2 * n))
    m[:n, :n], m[:n, n:], m[n:, n:] = -a, w, a.T
    e = expm(m * dt)
    f = e[n:, n:].T
    q = f @ e[:n, n:]
    return f, (q + q.T) / 2


def observation(n):
    h = np.zeros(n)
    h[0] = 1.0
    if n > 2:
        h[n - 1] = 1.0  # the fix sees position plus wander
    return h


def prior(order, tau, sigma, r):
    """At the first fix: position = fix − wander, the wander at its stationary spread, the speed unknown."""
    a, w = continuous(order, tau, 1.0, sigma)
    n = len(a)
    p = np.zeros((n, n))
    p[1, 1] = 100.0
    if n > 2:
        p[2:, 2:] = solve_continuous_lyapunov(a[2:, 2:], -w[2:, 2:])
        p[0, 2:] = p[2:, 0] = -p[n - 1, 2:]
    p[0, 0] = r + (p[n - 1, n - 1] if n > 2 else 0.0)
    return p


def step_matrices(order, candidates, dt, split_q=False):
    """Per candidate: transition, and process noise (or its acceleration part and wander part when split_q)."""
    n = 2 + order
    fs, qa, qw = np.zeros((len(candidates), n, n)), np.zeros((len(candidates), n, n)), np.zeros((len(candidates), n, n))
    for i, c in enumerate(candidates):
        a, w = continuous(order, c[1], 1.0, c[0])
        acceleration = np.zeros_like(w)
        acceleration[1, 1] = 1.0
        fs[i], qa[i] = discrete(a, acceleration, dt)
        w[1, 1] = 0.0
        _, qw[i] = discrete(a, w, dt)
        if not split_q:
            qa[i] = c[3] * qa[i] + qw[i]
    return (fs, qa, qw) if split_q else (fs, qa)


def quarter(dt):
    return max(0.25, round(dt * 4) / 4)


def filter_scores(ts, z, candidates, order):
    """Forward filter of every candidate side by side; returns the summed score of each (first 3 steps left out)."""
    n = 2 + order
    h = observation(n)
    cache = {}
    r = np.array([c[2] ** 2 for c in candidates])
    x = np.zeros((len(candidates), 2, n))
    x[:, :, 0] = z[0]
    p = np.array([prior(order, c[1], c[0], c[2] ** 2) for c in candidates])
    total = np.zeros(len(candidates))
    for k in range(1, len(ts)):
        dt = quarter(ts[k] - ts[k - 1])
        if dt not in cache:
            cache[dt] = step_matrices(order, candidates, dt)
        f, q = cache[dt]
        xp = np.einsum("cij,caj->cai", f, x)
        pp = f @ p @ np.transpose(f, (0, 2, 1)) + q
        ph = pp @ h
        s = ph @ h + r
        nu = z[k][None, :] - xp @ h
        gain = ph / s[:, None]
        x = xp + gain[:, None, :] * nu[:, :, None]
        p = pp - gain[:, :, None] * ph[:, None, :]
        if k > 3:
            total += 2 * np.log(s) + (nu ** 2).sum(1) / s
    return np.where(np.isfinite(total), total, np.inf)


def smooth(ts, z, c, order, q_steps=None):
    """Rauch–Tung–Striebel smoothing of one candidate; q_steps gives each step its own acceleration noise."""
    n = 2 + order
    h = observation(n)
    r = c[2] ** 2
    x = np.zeros((2, n))
    x[:, 0] = z[0]
    p = prior(order, c[1], c[0], r)
    kept, cache = [], {}
    for k in range(1, len(ts)):
        dt = quarter(ts[k] - ts[k - 1])
        if dt not in cache:
            cache[dt] = tuple(m[0] for m in step_matrices(order, [c], dt, split_q=True))
        f, qa, qw = cache[dt]
        q = (q_steps[k] if q_steps is not None else c[3]) * qa + qw
        xp, pp = x @ f.T, f @ p @ f.T + q
        ph = pp @ h
        s = ph @ h + r
        gain = ph / s
        x = xp + (z[k] - xp @ h)[:, None] * gain[None, :]
        p = pp - np.outer(gain, ph)
        kept.append((f, xp, pp, x, p))
    out = np.zeros((len(ts), 2))
    xs, ps = kept[-1][3], kept[-1][4]
    out[-1] = xs[:, 0]
    for k in range(len(ts) - 2, 0, -1):
        f, xp, pp = kept[k][:3]
        xf, pf = kept[k - 1][3], kept[k - 1][4]
        g = pf @ f.T @ np.linalg.inv(pp)
        xs = xf + (xs - xp) @ g.T
        ps = pf + g @ (ps - pp) @ g.T
        out[k] = xs[:, 0]
    out[0] = out[1] - (ts[1] - ts[0]) * xs[:, 1]
    return out


def turn_scores(ts, z, candidates, keep=False):
    """Interacting multiple model over the second-order model: two modes that differ only in acceleration noise
    (candidate = [sigma, tau, white, q_straight, q_turn]). Returns scores, and with keep the mode probabilities."""
    order, n, modes = 2, 4, 2
    h = observation(n)
    cache = {}
    r = np.array([c[2] ** 2 for c in candidates])
    q = np.array([[c[3], c[4]] for c in candidates])
    x = np.zeros((len(candidates), modes, 2, n))
    x[..., 0] = z[0]
    p = np.repeat(np.array([prior(order, c[1], c[0], c[2] ** 2) for c in candidates])[:, None], modes, axis=1)
    mu = np.tile([0.8, 0.2], (len(candidates), 1))
    total = np.zeros(len(candidates))
    kept = []
    for k in range(1, len(ts)):
        dt = quarter(ts[k] - ts[k - 1])
        a, b = 1 - math.exp(-dt / STRAIGHT_S), 1 - math.exp(-dt / TURN_S)
        switch = np.array([[1 - a, a], [b, 1 - b]])
        predicted_mode = mu @ switch
        weights = switch[None] * mu[:, :, None] / predicted_mode[:, None, :]
        x0 = np.einsum("cij,ciad->cjad", weights, x)
        spread = x[:, :, None] - x0[:, None, :]
        # The two axes share one covariance, so the modes' spread of means enters as the mean over the axes.
        p0 = (np.einsum("cij,cixy->cjxy", weights, p)
              + np.einsum("cij,cijax,cijay->cjxy", weights, spread, spread) / 2)
        if dt not in cache:
            cache[dt] = step_matrices(order, candidates, dt, split_q=True)
        f, qa, qw = cache[dt]
        xp = np.einsum("cxy,cmay->cmax", f, x0)
        pp = f[:, None] @ p0 @ np.transpose(f, (0, 2, 1))[:, None] + q[:, :, None, None] * qa[:, None] + qw[:, None]
        ph = pp @ h
        s = ph @ h + r[:, None]
        nu = z[k][None, None, :] - xp @ h
        gain = ph / s[..., None]
        x = xp + gain[:, :, None, :] * nu[..., None]
        p = pp - gain[..., :, None] * ph[..., None, :]
        log_likelihood = -0.5 * (2 * np.log(s) + (nu ** 2).sum(-1) / s)
        top = log_likelihood.max(1)
        likelihood = predicted_mode * np.exp(log_likelihood - top[:, None])
        summed = likelihood.sum(1)
        if k > 3:
            total += -2 * (np.log(summed) + top)
        mu = likelihood / summed[:, None]
        if keep:
            kept.append((switch, mu[0].copy(), predicted_mode[0].copy()))
    return np.where(np.isfinite(total), total, np.inf), kept


def runs_of(info, ts, z, stamps, split):
    if not split:
        return [(ts, z)], stamps
    moving = np.array(build_truth(info["truth"], info["seed"])[2], bool)
    keep = moving[np.minimum(len(moving) - 1, ts.astype(int))]
    pieces, current = [], []
    for k in range(len(ts)):
        if keep[k]:
            current.append(k)
        elif current:
            pieces.append(current)
            current = []
    if current:
        pieces.append(current)
    pieces = [piece for piece in pieces if len(piece) >= 10]
    return [(ts[piece], z[piece]) for piece in pieces], [stamps[i] for piece in pieces for i in piece]


def fit(runs, candidates, scorer):
    total, left = 0.0, FIT_POINTS
    for ts, z in runs:
        if left <= 10:
            break
        total = total + scorer(ts[:left], z[:left], candidates)
        left -= len(ts)
    best = int(np.argmin(total))
    return candidates[best], float(total[best]) / min(FIT_POINTS, sum(len(t) for t, _ in runs))


def main(argv):
    flags = {a for a in argv if a.startswith("--")}
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2 or not args[0].endswith(".gpx") or flags - {"--split", "--turns"}:
        sys.exit(__doc__)
    gpx, prefix = args
    for path in (gpx, gpx[:-4] + ".truth.json"):
        if not os.path.isfile(path):
            sys.exit(f"smooth_wander.py: no such file: {path}")
    info, ts, z, stamps = load(gpx, gpx[:-4] + ".truth.json")
    runs, stamps = runs_of(info, ts, z, stamps, "--split" in flags)
    result = {"name": os.path.basename(gpx)[:-4]}

    def scored(label, xy, candidate, per_fix):
        out = f"{prefix}.{label}.gpx"
        write(out, info, stamps, xy)
        s = S.score(info, S.read_gpx(out, info["origin"], info["earth"]))
        result[label] = {"score": per_fix, "model": list(candidate), "error": s["error"], "floor": s["floor"],
                         "jitter": s["jitter"], "turn_loss": s["turn_loss"], "max_dev": s["max_dev"]}

    for order in (0, 1, 2):
        if order == 0:
            candidates = [(0, 1, w, q) for w in WHITES for q in QS]
        else:
            candidates = list(itertools.product(SIGMAS, TAUS, WHITES, QS))
        best, per_fix = fit(runs, candidates, lambda t, zz, c, o=order: filter_scores(t, zz, c, o))
        scored(f"o{order}", np.concatenate([smooth(t, zz, best, order) for t, zz in runs]), best, per_fix)
    if "--turns" in flags:
        sigma, tau, white, _ = result["o2"]["model"]
        straights, turns = TURN_QS

        def scorer(t, zz, c):
            return turn_scores(t, zz, c)[0]
        best, _ = fit(runs, [(sigma, tau, white, a, b) for a in straights for b in turns], scorer)
        best, _ = fit(runs, [(s, t, best[2], best[3], best[4]) for s in SIGMAS for t in TAUS], scorer)
        best, per_fix = fit(runs, [(best[0], best[1], best[2], a, b) for a in straights for b in turns], scorer)
        pieces = []
        for t, zz in runs:
            _, kept = turn_scores(t, zz, [best], keep=True)
            mus = np.zeros((len(kept), 2))
            mus[-1] = kept[-1][1]
            for k in range(len(kept) - 2, -1, -1):  # smoothed mode probabilities, backward over the mode chain
                mus[k] = kept[k][1] * (kept[k + 1][0] @ (mus[k + 1] / kept[k + 1][2]))
                mus[k] /= mus[k].sum()
            q_steps = np.concatenate([[best[3]], np.exp(mus @ np.log([best[3], best[4]]))])
            pieces.append(smooth(t, zz, best[:4], 2, q_steps))
        scored("turns", np.concatenate(pieces), best, per_fix)
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
