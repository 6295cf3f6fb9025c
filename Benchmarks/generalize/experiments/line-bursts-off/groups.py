#!/usr/bin/env python3
"""Summed |error - floor| and files with a point over 30 m, base against candidate, by generator, sampling and truth,
over the files of a score.py result (the changed files, as `variant-drivers.sh`'s score_changed scores them).

Usage: python3 groups.py SCORES.json BASE CANDIDATE
"""
import json
import os
import stat
import sys
from collections import defaultdict


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: %s SCORES.json BASE CANDIDATE" % sys.argv[0])
    path, a, b = sys.argv[1:]
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            sys.exit("%s: %s is not a regular file" % (sys.argv[0], path))
        with open(path) as f:
            scores = json.load(f)
        off = lambda v, w: abs(v[w]["error"] - v[w]["floor"])  # noqa: E731
        for key in ("generator", "sampling", "truth"):
            groups = defaultdict(lambda: [0, 0.0, 0.0, 0, 0])
            for v in scores.values():
                g = groups[v[key]]
                g[0] += 1
                g[1] += off(v, a)
                g[2] += off(v, b)
                g[3] += v[a]["max_dev"] > 30
                g[4] += v[b]["max_dev"] > 30
            print("%s: %s" % (key, "; ".join("%s %d: %.2f -> %.2f (over 30 m %d -> %d)" % (k, *g)
                                              for k, g in sorted(groups.items()))))
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit("%s: cannot read %s as score.py's scores with columns %s and %s: %s" % (sys.argv[0], path, a, b, e))


if __name__ == "__main__":
    main()
