"""intervals.py: the same detector on an interval session's progress (400 m reps at 6 m/s, reached at 2 m/s², 60 s
standing between), measured with no noise and with two wanders: how many points it moves and how far off it puts them."""
import numpy as np

from detector import robust_local_linear

rng = np.random.default_rng(5)
t = np.arange(0, 10 * (67 + 60), 1.0)
s = np.zeros_like(t)
v = 0.0
for i in range(1, len(t)):
    v += np.clip((6.0 if t[i] % 127 < 67 else 0.0) - v, -2, 2)
    s[i] = s[i - 1] + v


def wander(n, sigma, tau):
    e, phi = np.zeros(n), np.exp(-1 / tau)
    for i in range(1, n):
        e[i] = phi * e[i - 1] + sigma * np.sqrt(1 - phi * phi) * rng.standard_normal()
    return e


for sigma, tau, white in [(0, 30, 0), (2, 30, 1), (3, 60, 1.5)]:
    m = s + wander(len(t), sigma, tau) + white * rng.standard_normal(len(t))
    fitted = robust_local_linear(t, m, 30)
    flagged = np.abs(m - fitted) > 8
    out = np.where(flagged, fitted, m)
    print("wander %s m over %s s, white %s m: %.1f %% of points moved; farthest %.1f -> %.1f m off" %
          (sigma, tau, white, flagged.mean() * 100, np.max(np.abs(m - s)), np.max(np.abs(out - s))))
