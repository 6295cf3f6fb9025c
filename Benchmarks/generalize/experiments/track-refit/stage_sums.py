"""Per truth, the summed (error - floor) and summed |error - floor| (points) of each named output in a score.py
scores.json: where a change moves a set's files, long or short.

Usage: python3 stage_sums.py SCORES.json NAME...   (each NAME an output score.py was given, e.g. `main c1 nostop`)
"""
import collections
import json
import sys


def main():
    scores = json.load(open(sys.argv[1]))
    names = sys.argv[2:]
    rows = collections.defaultdict(lambda: collections.defaultdict(list))
    for v in scores.values():
        for n in names:
            if n in v:
                rows[v["truth"]][n].append(v[n]["error"] - v[n]["floor"])
    print("truth".ljust(20) + "".join("%24s" % n for n in names))
    for truth, r in sorted(rows.items()):
        print(truth.ljust(20) + "".join("%11.2f /%11.2f" % (sum(r[n]), sum(map(abs, r[n]))) for n in names))


if __name__ == "__main__":
    main()
