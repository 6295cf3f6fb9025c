#!/usr/bin/env python3
"""The prototype that led to `SparseTurns`: group-lasso trend filtering of a track (python3 + numpy + scipy).

Minimises  ½ Σ‖p_k − z_k‖² + λ Σ‖Δv_k‖  over the positions p, where z are the fixes and Δv_k the change of velocity
at fix k (a second difference scaled by the time steps): a track whose velocity is steady with a few changes. Solved
by ADMM (200 iterations, ρ = λ / 0.3 m/s) on each run between gaps of over 60 s.

Usage: trend_filter.py SETDIR BETA [PATTERN]
SETDIR is a `Benchmarks/work/generalize/<set>` directory in which `pre/` holds the benchmark's inputs cleaned with
smoothing switched off (timestamps, spikes, bursts and stops done) and `base/` the same inputs fully cleaned, and
`base/<name>.json` the driver's report (its `noiseMeters` is the noise the tuned model assumed, wander included).
λ = noise² / (BETA · typical speed). Prints, per generator × truth (10 s-with-gaps files left out), the median
|error|, signed median, worst, jitter on straights, sharp-turn loss and length while stopped, for base and the filter.
"""
import fnmatch
import json
import os
import sys
from datetime import datetime, timedelta

import numpy as np
from scipy.linalg import cho_solve_banded, cholesky_banded

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import read_gpx, score, seconds  # noqa: E402


def second_difference(p, t):
    return np.diff(np.diff(p, axis=0) / np.diff(t)[:, None], axis=0)


def second_difference_adjoint(u, t, n):
    a = np.zeros((n - 1, 2)); a[:-1] -= u; a[1:] += u
    a /= np.diff(t)[:, None]
    b = np.zeros((n, 2)); b[:-1] -= a; b[1:] += a
    return b


def banded_normal_matrix(t, rho):
    """I + ρ DᵀD in the upper banded form scipy's Cholesky takes."""
    n = len(t); w = 1 / np.diff(t)
    ab = np.zeros((3, n)); ab[2] = 1
    for k in range(n - 2):
        c = (w[k], -(w[k] + w[k + 1]), w[k + 1])
        for i in range(3):
            ab[2, k + i] += rho * c[i] * c[i]
            for j in range(i + 1, 3):
                ab[2 - (j - i), k + j] += rho * c[i] * c[j]
    return ab


def trend_filter(z, t, lam, iterations=200):
    n = len(z)
    if n < 4:
        return z.copy()
    rho = lam / 0.3
    factor = cholesky_banded(banded_normal_matrix(t, rho))
    p = z.copy(); u = second_difference(p, t); w = np.zeros_like(u)
    for _ in range(iterations):
        p = cho_solve_banded((factor, False), z + rho * second_difference_adjoint(u - w, t, n))
        dp = second_difference(p, t)
        a = dp + w
        norm = np.hypot(a[:, 0], a[:, 1])
        u = a * np.maximum(0, 1 - (lam / rho) / np.maximum(norm, 1e-12))[:, None]
        w += dp - u
    return p


def runs(t, gap=60):
    return np.split(np.arange(len(t)), np.where(np.diff(t) > gap)[0] + 1)


def typical_speed(z, t):
    speeds = []
    for r in runs(t):
        zz, tt = z[r], t[r]
        j = np.searchsorted(tt, tt + 10); ok = j < len(tt)
        speeds.append(np.hypot(*(zz[j[ok]] - zz[ok]).T) / (tt[j[ok]] - tt[ok]))
    s = np.concatenate(speeds) if speeds else np.array([])
    s = s[s > 0.3]
    return float(np.median(s)) if len(s) else 1.0


def main():
    setdir, beta = sys.argv[1], float(sys.argv[2])
    pattern = sys.argv[3] if len(sys.argv) > 3 else "*"
    cells = {}
    for f in sorted(os.listdir(f"{setdir}/pre")):
        name = f[:-4]
        if not f.endswith(".gpx") or "10s-gaps" in name or not fnmatch.fnmatch(name, pattern):
            continue
        info = json.load(open(f"{setdir}/in/{name}.truth.json"))
        rows = read_gpx(f"{setdir}/pre/{f}", info["origin"], info["earth"])
        pts = [(seconds(s, info["start"]), x, y) for s, x, y in rows if s is not None]
        t = np.array([q[0] for q in pts]); z = np.array([q[1:] for q in pts])
        noise = json.load(open(f"{setdir}/base/{name}.json")).get("noiseMeters") or 1.0
        lam = noise * noise / (beta * typical_speed(z, t))
        p = z.copy()
        for r in runs(t):
            p[r] = trend_filter(z[r], t[r], lam)
        start = datetime.fromisoformat(info["start"].replace("Z", "+00:00"))
        out = [((start + timedelta(seconds=float(s))).isoformat(), x, y) for s, (x, y) in zip(t, p)]
        base = read_gpx(f"{setdir}/base/{f}", info["origin"], info["earth"])
        key = (info["generator"], info["truth"])
        cells.setdefault(key, {"base": [], "filter": []})
        cells[key]["base"].append(score(info, base)); cells[key]["filter"].append(score(info, out))
    every = {"base": [], "filter": []}
    for key in sorted(cells):
        line = "%-24s" % ("%s %s" % key)
        for tool in ("base", "filter"):
            v = cells[key][tool]; e = [x["error"] for x in v]; every[tool] += e
            turns = [x["turn_loss"] for x in v if x["turn_loss"] is not None]
            line += "  %s %5.2f %+5.2f w%5.2f j%+5.2f t%s" % (
                tool, np.median(np.abs(e)), np.median(e), max(np.abs(e)), np.median([x["jitter"] for x in v]),
                ("%+5.1f" % np.mean(turns)) if turns else "  -  ")
        print(line)
    for tool in ("base", "filter"):
        print("%s: median |error| %.3f %%" % (tool, np.median(np.abs(every[tool]))))


if __name__ == "__main__":
    main()
