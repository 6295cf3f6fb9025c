#!/usr/bin/env python3
"""Walking taken into collapsed rests: for every output step over 12 s (a collapsed rest's first to last fix), how far
the truth moved meanwhile; per file where two outputs differ by more than a metre, then the totals (python3 + numpy).

Usage: walk.py IN_DIR OUT_A OUT_B [NAME...]   (names without .gpx; default every file of OUT_B; 10 s files left out)
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, read_gpx, seconds  # noqa: E402


def walked(path, info, truth):
    rows = read_gpx(path, info["origin"], info["earth"])
    ts = [seconds(s, info["start"]) for s, _, _ in rows if s is not None]
    return sum(truth.arc_at(b) - truth.arc_at(a) for a, b in zip(ts, ts[1:]) if b - a > 12)


def main():
    if len(sys.argv) < 4 or not all(os.path.isdir(d) for d in sys.argv[1:4]):
        sys.exit("usage: walk.py IN_DIR OUT_A OUT_B [NAME...] (folders that exist)")
    in_dir, a, b = sys.argv[1:4]
    names = sys.argv[4:] or sorted(f[:-4] for f in os.listdir(b) if f.endswith(".gpx"))
    totals = [0.0, 0.0]
    for name in names:
        if "10s-gaps" in name:
            continue
        info = json.load(open(os.path.join(in_dir, name + ".truth.json")))
        truth = Truth(info)
        pair = [walked(os.path.join(d, name + ".gpx"), info, truth) for d in (a, b)]
        totals = [t + w for t, w in zip(totals, pair)]
        if abs(pair[0] - pair[1]) > 1:
            print("%s: walked inside rests %.1f -> %.1f m" % (name, *pair))
    print("total walked inside rests: %.1f -> %.1f m" % tuple(totals))


if __name__ == "__main__":
    main()
