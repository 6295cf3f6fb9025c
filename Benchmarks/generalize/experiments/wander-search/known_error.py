"""A benchmark file's truth re-recorded with an error whose model is known: the athlete's true positions at the
file's own times (sorted, duplicates dropped), plus a first-order Gauss-Markov wander (SIGMA_M per axis over TAU_S)
and white noise (WHITE_M per axis). Nothing else: no spikes, bursts, gaps or swaps. Used to ask whether the smoother's
fit finds the wander that is there.

usage: known_error.py IN.gpx IN.truth.json OUT.gpx WHITE_M SEED [SIGMA_M TAU_S]
(without SIGMA_M and TAU_S: white noise alone). Score OUT's cleaned output with `../../score.py` and IN.truth.json.
"""
import json
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
import score as S  # noqa: E402


def main():
    if len(sys.argv) not in (6, 8):
        sys.exit("usage: known_error.py IN.gpx IN.truth.json OUT.gpx WHITE_M SEED [SIGMA_M TAU_S]")
    source, truth_json, out = sys.argv[1], sys.argv[2], sys.argv[3]
    white, seed = float(sys.argv[4]), int(sys.argv[5])
    sigma, tau = (float(sys.argv[6]), float(sys.argv[7])) if len(sys.argv) > 7 else (0.0, 1.0)
    info = json.load(open(truth_json))
    truth = S.Truth(info)
    lat0, lon0 = info["origin"]
    kx = info["earth"] * math.cos(math.radians(lat0)) * math.pi / 180
    ky = info["earth"] * math.pi / 180
    rng = random.Random(seed)
    rows = S.read_gpx(source, info["origin"], info["earth"])
    stamps = sorted({(S.seconds(stamp, info["start"]), stamp) for stamp, _, _ in rows if stamp is not None})
    lines = []
    ex = ey = previous = None
    for t, stamp in stamps:
        arc = truth.arc_at(t)
        i = min(int(arc / truth.step), len(truth.p) - 2)
        f = arc / truth.step - i
        if ex is None:
            ex, ey = sigma * rng.gauss(0, 1), sigma * rng.gauss(0, 1)
        else:
            rho = math.exp(-(t - previous) / tau)
            drive = sigma * math.sqrt(1 - rho * rho)
            ex, ey = rho * ex + drive * rng.gauss(0, 1), rho * ey + drive * rng.gauss(0, 1)
        previous = t
        x = truth.p[i, 0] + f * (truth.p[i + 1, 0] - truth.p[i, 0]) + ex + white * rng.gauss(0, 1)
        y = truth.p[i, 1] + f * (truth.p[i + 1, 1] - truth.p[i, 1]) + ey + white * rng.gauss(0, 1)
        lines.append('<trkpt lat="%.7f" lon="%.7f"><time>%s</time></trkpt>' % (lat0 + y / ky, lon0 + x / kx, stamp))
    sport = re.search(r"<type>([^<]*)</type>", open(source).read(4000))
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="known_error.py" '
            'xmlns="http://www.topografix.com/GPX/1/1"><trk><type>%s</type><trkseg>' % (sport.group(1) if sport else ""))
    with open(out, "w") as handle:
        handle.write("\n".join([head] + lines + ["</trkseg></trk></gpx>\n"]))


if __name__ == "__main__":
    main()
