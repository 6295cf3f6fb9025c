#!/usr/bin/env python3
"""Median and worst distance error of one cleaner's outputs, by generator and by sampling (python3 only).

Usage: table.py SCORES.json NAME   (score.py's result; NAME the output folder's name in it)
"""
import collections
import json
import statistics
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: table.py SCORES.json NAME")
    try:
        with open(sys.argv[1]) as f:
            scores = json.load(f)
    except (OSError, ValueError) as error:
        sys.exit("table.py: cannot read %s: %s" % (sys.argv[1], error))
    name = sys.argv[2]
    if not isinstance(scores, dict):
        sys.exit("table.py: %s is not score.py's result" % sys.argv[1])
    try:
        rows = [(r["generator"], r["sampling"], r[name]["error"], r[name]["floor"], r[name]["max_dev"])
                for r in scores.values() if name in r]
    except (KeyError, TypeError) as error:
        sys.exit("table.py: %s is not score.py's result (%s)" % (sys.argv[1], error))
    if not rows:
        sys.exit("table.py: no scores for %s in %s" % (name, sys.argv[1]))
    for label, key in (("generator", 0), ("sampling", 1)):
        groups = collections.defaultdict(list)
        for row in rows:
            groups[row[key]].append(row)
        print("%-11s %5s %8s %8s %8s %9s" % (label, "files", "median", "worst", "floor", "over 30 m"))
        for group, members in sorted(groups.items()):
            errors = [m[2] for m in members]
            print("%-11s %5d %7.2f%% %7.2f%% %7.2f%% %9d" % (
                group, len(members), statistics.median(errors), max(errors, key=abs),
                statistics.median(m[3] for m in members), sum(m[4] > 30 for m in members)))
        print()
    errors = [r[2] for r in rows]
    print("all %d files: median error %.2f %%, worst %.2f %%" % (len(rows), statistics.median(errors),
                                                                 max(errors, key=abs)))


if __name__ == "__main__":
    main()
