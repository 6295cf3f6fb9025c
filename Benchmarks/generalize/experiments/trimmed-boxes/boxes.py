#!/usr/bin/env python3
"""How often a device lying still under a phone's fast, large wander fails a wide box, with every fix and with the
outermost twentieth on each side of each axis left out.

Usage: boxes.py [SIGMA_M TAU_S WHITE_M SIDE_M WINDOW_S]   (default 8 5 2 40 200: `gm-phone`'s largest, fastest wander,
the 40 m box over a hiker's window). Simulates 200,000 s of the error at 1 s and looks at a window every 50 s.
"""
import sys

import numpy as np


def main():
    try:
        args = [float(a) for a in sys.argv[1:]] or [8, 5, 2, 40, 200]
    except ValueError:
        sys.exit(__doc__)
    if len(args) != 5 or min(args) < 0 or args[1] <= 0 or args[4] < 2:
        sys.exit(__doc__)
    sigma, tau, white, side, window = args
    rng = np.random.default_rng(1)
    n, rho = 200_000, np.exp(-1 / tau)
    drive = sigma * np.sqrt(1 - rho * rho)
    e = np.zeros((n, 2))
    e[0] = rng.normal(0, sigma, 2)
    steps = rng.normal(0, 1, (n, 2))
    for k in range(1, n):
        e[k] = rho * e[k - 1] + drive * steps[k]
    e += rng.normal(0, white, (n, 2))
    ranges, whole, trimmed = [], 0, 0
    starts = range(0, n - int(window) - 1, 50)
    for s in starts:
        w = e[s:s + int(window) + 1]
        r = w.max(0) - w.min(0)
        ranges.append(r[0])
        whole += bool((r > side).any())
        q = np.percentile(w, [5, 95], axis=0)
        trimmed += bool(((q[1] - q[0]) > side).any())
    count = len(starts)
    print(f"spread per axis {np.std(e[:, 0]):.2f} m; a window's range on one axis {np.mean(ranges):.1f} m "
          f"({np.mean(ranges) / np.std(e[:, 0]):.1f} sigma); windows out of the {side:g} m box: "
          f"every fix {whole / count * 100:.1f} %, middle nine in ten {trimmed / count * 100:.2f} %")


if __name__ == "__main__":
    main()
