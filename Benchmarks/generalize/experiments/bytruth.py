#!/usr/bin/env python3
"""Per truth, class and generator: how many files a variant changed, their summed |error - floor| under main and under
the variant, and how many of them have a point over 30 m from the truth; then the mean lap |error| of the changed
track files. Reads the scores of `variant-drivers.sh`'s `score_changed` (only the files the variant changed);
`run_variants` runs it.

Usage: python3 bytruth.py SCORES.json BASE VARIANT   (`.../scored-tm/scores.json base tm`)
"""
import collections
import json
import sys


def main():
    scores, a, b = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
    rows = collections.defaultdict(lambda: [0, 0.0, 0.0, 0, 0])
    off = lambda v, who: abs(v[who]["error"] - v[who]["floor"])  # noqa: E731
    for v in scores.values():
        for key in (v["truth"], "class " + v["class"], "generator " + v["generator"]):
            r = rows[key]
            r[0] += 1
            r[1] += off(v, a)
            r[2] += off(v, b)
            r[3] += v[a]["max_dev"] > 30
            r[4] += v[b]["max_dev"] > 30
    print("%-24s %5s %9s %9s  over 30 m" % ("", "files", a, b))
    for key, r in sorted(rows.items()):
        print("%-24s %5d %9.2f %9.2f  %d -> %d" % (key, *r))
    total = [sum(off(v, who) for v in scores.values()) for who in (a, b)]
    closer = sum(off(v, b) < off(v, a) for v in scores.values())
    print("all %d changed: %.2f -> %.2f, %d closer" % (len(scores), total[0], total[1], closer))
    laps = [v for v in scores.values() if "lap_mean_abs" in v[a]]
    if laps:
        mean = [sum(v[who]["lap_mean_abs"] for v in laps) / len(laps) for who in (a, b)]
        print("track files with laps (%d): mean lap |error| %.4f -> %.4f %%" % (len(laps), *mean))


if __name__ == "__main__":
    main()
