#!/usr/bin/env python3
"""Files a variant changed against a base, and what it did to them.

Usage: compare.py BASE VARIANT[,VARIANT...] SET[,SET...] [REGEX]
BASE and each VARIANT are output folders beside in/ in Benchmarks/work/generalize/<set>/ (run.sh writes them; a
variant needs an output for every input the regex picks). For each variant: how many files came out different from
BASE (byte for byte), how many of those moved closer to the noise-free floor and how many further (by more than 0.01
points), the median |length error| over all picked files and over the `multipath` hikes among them, the worst loss
against the floor, and the largest rise in max deviation.
"""
import filecmp
import json
import os
import re
import statistics
import sys
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from score import read_gpx, score  # noqa: E402

base, variants = sys.argv[1], sys.argv[2].split(",")
sets, pattern = sys.argv[3].split(","), re.compile(sys.argv[4] if len(sys.argv) > 4 else ".")


def measure(job):
    folder, name = job
    info = json.load(open(os.path.join(folder, "in", name + ".truth.json")))
    result = {}
    for tool in [base] + variants:
        path = os.path.join(folder, tool, name + ".gpx")
        if tool != base and filecmp.cmp(os.path.join(folder, base, name + ".gpx"), path, shallow=False):
            result[tool] = None
        else:
            result[tool] = score(info, read_gpx(path, info["origin"], info["earth"]))
    return name, result


def median(values):
    return "%.2f %%" % statistics.median(values) if values else "–"


def main():
    jobs = []
    for name_of_set in sets:
        folder = os.path.join(HERE, "..", "..", "..", "work", "generalize", name_of_set)
        jobs += [(folder, f[:-4]) for f in sorted(os.listdir(os.path.join(folder, "in")))
                 if f.endswith(".gpx") and pattern.search(f)]
    for folder, name in jobs:
        for tool in [base] + variants:
            if not os.path.exists(os.path.join(folder, tool, name + ".gpx")):
                raise SystemExit("compare.py: %s has no output for %s (run.sh writes one for every input it picks)"
                                 % (tool, name))
    with Pool(2) as pool:
        rows = pool.map(measure, jobs)
    for variant in variants:
        changed = [(n, r[base], r[variant]) for n, r in rows if r[variant] is not None]
        def off(s):
            return abs(s["error"] - s["floor"])
        closer = sum(1 for _, a, b in changed if off(b) < off(a) - 0.01)
        further = sum(1 for _, a, b in changed if off(b) > off(a) + 0.01)
        everything = [(r[base], r[variant] or r[base]) for _, r in rows]
        hikes = [(r[base], r[variant] or r[base]) for n, r in rows if n.startswith("multipath_hike_")]
        print("%s: %d of %d files changed, %d closer to the floor, %d further" % (variant, len(changed), len(rows), closer, further))
        print("  median |error|: all %s -> %s; multipath hikes (%d) %s -> %s" % (
            median([abs(a["error"]) for a, _ in everything]), median([abs(b["error"]) for _, b in everything]),
            len(hikes), median([abs(a["error"]) for a, _ in hikes]), median([abs(b["error"]) for _, b in hikes])))
        if changed:
            n, a, b = max(changed, key=lambda c: off(c[2]) - off(c[1]))
            print("  worst loss: %s %+.2f -> %+.2f %% (floor %+.2f %%)" % (n, a["error"], b["error"], a["floor"]))
            n, a, b = max(changed, key=lambda c: c[2]["max_dev"] - c[1]["max_dev"])
            print("  largest rise in max deviation: %s %.1f -> %.1f m" % (n, a["max_dev"], b["max_dev"]))


if __name__ == "__main__":
    main()
