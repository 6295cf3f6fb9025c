"""detector.py IN_DIR OUT_DIR PATTERN [HALF_WINDOW_S] [THRESHOLD_M]: the simplest detector of bursts along the line,
on the output's progress: a robust (Huber-then-redescending) local-linear fit over HALF_WINDOW_S seconds either
side (30), and every point more than THRESHOLD_M metres (8) from it put on it. Lap errors before and after."""
import sys

import numpy as np

from common import lap_error, names, progress


def robust_local_linear(t, s, half):
    fitted = np.empty_like(s)
    for i in range(len(t)):
        near = np.abs(t - t[i]) <= half
        dt, ds = t[near] - t[i], s[near]
        w = np.ones_like(dt)
        for _ in range(6):
            a = np.vstack([np.ones_like(dt), dt]).T * np.sqrt(w)[:, None]
            c = np.linalg.lstsq(a, ds * np.sqrt(w), rcond=None)[0]
            r = ds - (c[0] + c[1] * dt)
            scale = max(1.0, 1.4826 * np.median(np.abs(r)))
            w = np.where(np.abs(r) <= 2 * scale, 1, (2 * scale / np.maximum(np.abs(r), 1e-9)) ** 2)
        fitted[i] = c[0]
    return fitted


if __name__ == "__main__":
    in_dir, out_dir, pattern = sys.argv[1:4]
    half = float(sys.argv[4]) if len(sys.argv) > 4 else 30
    threshold = float(sys.argv[5]) if len(sys.argv) > 5 else 8
    before, after = [], []
    for name in names(in_dir, pattern):
        t, s, arc, laps, lap_length = progress(in_dir, out_dir, name)
        fitted = robust_local_linear(t, s, half)
        flagged = np.abs(s - fitted) > threshold
        before.append(lap_error(t, s, laps, lap_length))
        after.append(lap_error(t, np.where(flagged, fitted, s), laps, lap_length))
        print("%-42s laps %.2f -> %.2f %%, %.1f %% of points moved" % (name, before[-1], after[-1], flagged.mean() * 100))
    print("mean %.2f -> %.2f %% (%d files)" % (np.mean(before), np.mean(after), len(before)))
