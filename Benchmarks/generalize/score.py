#!/usr/bin/env python3
"""Scores cleaned files of the generalization benchmark against their true paths (python3 + numpy).

Usage: score.py IN_DIR OUT_DIR[,OUT_DIR...] RESULT.json
For every IN_DIR/<name>.gpx with its .truth.json, reads OUT_DIR/<name>.gpx and measures:
- distance error: (output length − true path length over the recorded span) / true length, in %;
- floor: the same for the noise-free samples (true positions at the recorded times, straight lines between; for a
  device whose own tracking filter bends its output, `receiver` and the `fused` provider, that filter's output from
  the true path);
- max deviation: the largest distance of any output point from the true path, metres;
- monotone: every output time later than the one before;
- corner cut: mean signed offset of output points toward the inside of corners (turning more than 30°
  within ±10 m of path), metres; positive = cutting inside;
- jitter: length of the output between neighbouring points on straights (no more than 3° of turn within
  ±25 m) over the true distance covered there, minus 1, in %: noise that survives adds length there;
- laps (400 m track): each lap's output length between the true lap times, mean |error| in %; and, once per
  input, the same for the noise-free samples (`lap_floor`): what the sampling alone costs;
- sharp-turn loss: over the 60 m of path centred on each true turn of 120° or more on a radius of 10 m or less (a
  hairpin, a switchback, a 135° corner; not a running track's bend), the output's length between the times the athlete was at either end, minus 60 m; the mean over
  the file's turns, in metres (negative = the turn was cut). Turns with a stop or a loss of signal inside are left
  out;
- while stopped: the output's length over steps that begin and end while the athlete stood still, in % of the
  true length (a stop's wandering fixes that survived);
- lag: how late the output's positions are for their times, in seconds (negative = early): over the output points on
  straights while moving, each point's offset along the path from where the athlete truly was at its time, fitted as
  the speed there times one lag (least squares; offsets over LAG_REACH metres, a point matched to another stretch of
  the path, are left out). Noise along the way averages out; a cleaner that draws each fix where the athlete was a
  moment earlier does not.
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_worlds import at, build_truth  # noqa: E402

WINDOW = 150.0  # metres of path searched either side of where the athlete truly was at that time
TURN_REACH = 30.0  # metres of path either side of a sharp turn's middle over which its loss is measured
SHARP_TURN = 120.0  # degrees
SHARP_RADIUS = 10.0  # metres
LAG_REACH = 20.0  # metres along the path: an offset beyond it is a mismatch, not a lag


def read_gpx(path, origin, earth):
    """(seconds since start, x, y) of every track point, in file order."""
    lat0, lon0 = origin
    kx = earth * math.cos(math.radians(lat0)) * math.pi / 180
    ky = earth * math.pi / 180
    rows = []
    for el in ET.parse(path).getroot().iter():
        if not el.tag.endswith("trkpt"):
            continue
        stamp = None
        for child in el:
            if child.tag.endswith("time") and child.text:
                stamp = child.text.strip()
        rows.append((stamp, (float(el.get("lon")) - lon0) * kx, (float(el.get("lat")) - lat0) * ky))
    return rows


def seconds(stamp, start):
    from datetime import datetime
    fmt = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
    return (fmt(stamp) - fmt(start)).total_seconds()


class Truth:
    def __init__(self, info):
        path, arcs, moving, _, _ = build_truth(info["truth"], info["seed"])
        # Sharp turns: the middle of each turn of SHARP_TURN or more on a radius of SHARP_RADIUS or less.
        self.turns = [(a + b) / 2 for a, b, angle in path.turn_at
                      if abs(math.degrees(angle)) >= SHARP_TURN and (b - a) / abs(angle) <= SHARP_RADIUS]
        self.moving = np.array(moving)
        self.step = path.step
        self.p = np.array(path.points)
        self.arcs = np.array(arcs)
        h = np.arctan2(np.diff(self.p[:, 1]), np.diff(self.p[:, 0]))
        h = np.unwrap(np.concatenate([h, h[-1:]]))
        def turn(metres):
            k = max(1, int(metres / self.step))
            idx = np.arange(len(h))
            return h[np.minimum(idx + k, len(h) - 1)] - h[np.maximum(idx - k, 0)]
        self.turn10 = turn(10)
        self.corner = np.abs(self.turn10) > math.radians(30)
        self.straight = np.abs(turn(25)) < math.radians(3)

    def arc_at(self, t):
        t = min(max(t, 0.0), len(self.arcs) - 1.0)
        i = min(int(t), len(self.arcs) - 2)
        return self.arcs[i] + (self.arcs[i + 1] - self.arcs[i]) * (t - i)

    def nearest(self, x, y, t):
        """(distance, signed offset to the left, vertex index, arc) of the nearest point of the path near time t."""
        a = self.arc_at(t)
        lo = max(0, int((a - WINDOW) / self.step))
        hi = min(len(self.p) - 1, int((a + WINDOW) / self.step) + 1)
        A, B = self.p[lo:hi], self.p[lo + 1:hi + 1]
        d = B - A
        l2 = np.maximum((d * d).sum(1), 1e-12)
        f = np.clip(((x - A[:, 0]) * d[:, 0] + (y - A[:, 1]) * d[:, 1]) / l2, 0, 1)
        ex, ey = x - (A[:, 0] + f * d[:, 0]), y - (A[:, 1] + f * d[:, 1])
        dist = np.hypot(ex, ey)
        j = int(np.argmin(dist))
        left = (d[j, 0] * (y - A[j, 1]) - d[j, 1] * (x - A[j, 0])) / math.sqrt(l2[j])
        return dist[j], left, lo + j, (lo + j + f[j]) * self.step


_truths = {}


def score(info, rows):
    key = (info["truth"], info["seed"])
    if key not in _truths:
        _truths[key] = Truth(info)
    truth = _truths[key]
    start = info["start"]
    pts = [(seconds(s, start), x, y) for s, x, y in rows if s is not None]
    ts = np.array([p[0] for p in pts])
    xy = np.array([(p[1], p[2]) for p in pts])
    steps = np.hypot(*np.diff(xy, axis=0).T) if len(xy) > 1 else np.zeros(0)
    length = steps.sum()
    worst, inside, corner_n = 0.0, 0.0, 0
    straight_flags = []
    lag_num = lag_den = 0.0
    last_second = len(truth.moving) - 1
    for (t, x, y) in pts:
        dist, left, j, arc = truth.nearest(x, y, t)
        worst = max(worst, dist)
        speed = truth.arc_at(t + 0.5) - truth.arc_at(t - 0.5)
        behind = truth.arc_at(t) - arc
        if truth.straight[j] and truth.moving[min(last_second, int(t))] and speed > 0.5 and abs(behind) <= LAG_REACH:
            lag_num += speed * behind
            lag_den += speed * speed
        if truth.corner[j]:
            inside += left * math.copysign(1, truth.turn10[j])
            corner_n += 1
        straight_flags.append(bool(truth.straight[j]))
    out_len, true_len = 0.0, 0.0
    for i in range(len(pts) - 1):
        dt = ts[i + 1] - ts[i]
        if straight_flags[i] and straight_flags[i + 1] and 0 < dt <= 5:
            advance = truth.arc_at(ts[i + 1]) - truth.arc_at(ts[i])
            if advance > 0.5 * dt * 0.3:
                out_len += steps[i]
                true_len += advance
    cumulative = np.concatenate([[0.0], np.cumsum(steps)])
    losses = []
    seconds_index = np.arange(len(truth.arcs))
    for middle in truth.turns:
        lo, hi = middle - TURN_REACH, middle + TURN_REACH
        if lo < truth.arcs[0] or hi > truth.arcs[-1]:
            continue
        t_lo, t_hi = np.interp(lo, truth.arcs, seconds_index), np.interp(hi, truth.arcs, seconds_index)
        within = (ts > t_lo) & (ts < t_hi)
        gaps = np.diff(np.concatenate([[t_lo], ts[within], [t_hi]]))
        if t_lo < ts[0] or t_hi > ts[-1] or not truth.moving[int(t_lo):int(t_hi) + 1].all() or gaps.max() > 10:
            continue
        losses.append(np.interp(t_hi, ts, cumulative) - np.interp(t_lo, ts, cumulative) - 2 * TURN_REACH)
    last = len(truth.moving) - 1
    still = [not truth.moving[min(last, int(a))] and not truth.moving[min(last, int(b))]
             and not truth.moving[min(last, int((a + b) / 2))] for a, b in zip(ts, ts[1:])]
    result = {
        "error": (length - info["true_length"]) / info["true_length"] * 100,
        "floor": (info["sampled_length"] - info["true_length"]) / info["true_length"] * 100,
        "max_dev": worst,
        "monotone": bool(np.all(np.diff(ts) > 0)),
        "corner_cut": inside / corner_n if corner_n else 0.0,
        "jitter": (out_len / true_len - 1) * 100 if true_len > 0 else 0.0,
        "points": len(pts),
        "turn_loss": float(np.mean(losses)) if losses else None,
        "sharp_turns": len(losses),
        "stopped": float(steps[np.array(still, dtype=bool)].sum() / info["true_length"] * 100) if len(still) else 0.0,
        "lag": lag_num / lag_den if lag_den > 0 else None,
    }
    if info.get("laps"):
        laps = lap_errors(info, truth, ts, steps)
        result["lap_mean_abs"] = float(np.mean(np.abs(laps)))
        result["lap_mean"] = float(np.mean(laps))
        result["lap_worst"] = float(np.max(np.abs(laps)))
    return result


def lap_errors(info, truth, ts, steps):
    """Each lap's length between the true lap times (the track's length between times ts, interpolated), in %."""
    lap_len = info["lap_length"]
    cumulative = np.concatenate([[0.0], np.cumsum(steps)])
    bounds = []
    for k in range(info["laps"] + 1):
        target = k * lap_len
        i = int(np.searchsorted(truth.arcs, target))
        i = min(max(i, 1), len(truth.arcs) - 1)
        a0, a1 = truth.arcs[i - 1], truth.arcs[i]
        bounds.append(i - 1 + (target - a0) / (a1 - a0) if a1 > a0 else float(i))
    bounds[-1] = min(bounds[-1], ts[-1])
    at = np.interp(bounds, ts, cumulative)
    return [(at[k + 1] - at[k] - lap_len) / lap_len * 100 for k in range(info["laps"])]


def lap_floor(info, rows):
    """The lap error of the noise-free samples: true positions at the recorded times, straight lines between.
    What sampling alone costs each lap (10 s fixes cut a bend's arc to chords, a loss of signal cuts more)."""
    key = (info["truth"], info["seed"])
    if key not in _truths:
        _truths[key] = Truth(info)
    truth = _truths[key]
    path = build_truth(info["truth"], info["seed"])[0]
    ts = np.array(sorted({seconds(s, info["start"]) for s, _, _ in rows if s is not None}))
    xy = np.array([at(path, truth.arc_at(t)) for t in ts])
    steps = np.hypot(*np.diff(xy, axis=0).T)
    return float(np.mean(np.abs(lap_errors(info, truth, ts, steps))))


def main():
    in_dir, out_dirs, result = sys.argv[1], sys.argv[2].split(","), sys.argv[3]
    scores = {}
    names = sorted(f[:-4] for f in os.listdir(in_dir) if f.endswith(".gpx"))
    for name in names:
        info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
        entry = {k: info[k] for k in ("generator", "class", "truth", "sampling", "seed", "params", "faults")}
        if info.get("laps"):
            entry["lap_floor"] = lap_floor(info, read_gpx(os.path.join(in_dir, name + ".gpx"), info["origin"], info["earth"]))
        for out_dir in out_dirs:
            out = os.path.join(out_dir, name + ".gpx")
            if os.path.exists(out):
                entry[os.path.basename(out_dir.rstrip("/"))] = score(info, read_gpx(out, info["origin"], info["earth"]))
        scores[name] = entry
    with open(result, "w") as f:
        json.dump(scores, f, indent=0)


if __name__ == "__main__":
    main()
