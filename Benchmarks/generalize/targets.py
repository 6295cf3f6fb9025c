#!/usr/bin/env python3
"""How many generator × truth cells of a scored set meet each of issue 15's targets, with and without the 10 s files.

Usage: targets.py SCORES_JSON [TOOL]   (TOOL: the output folder scored, default trackdrop)
report.py gives each cell's verdict over all its files; at 10 s with signal losses the noise-free fixes alone miss the
true length by up to a fifth, so this also counts the worst-error and deviation targets without those files.
"""
import json
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import MAX_DEV, TARGET, WORST  # noqa: E402  (the targets, as report.py's verdicts use them)


def main():
    scores = json.load(open(sys.argv[1]))
    tool = sys.argv[2] if len(sys.argv) > 2 else "trackdrop"
    cells = defaultdict(list)
    for v in scores.values():
        cells[(v["generator"], v["class"], v["truth"])].append(v)
    met = defaultdict(int)
    missed_median = []
    worst_without = []
    for (generator, kind, truth), files in sorted(cells.items()):
        target = TARGET[kind]
        sparse_free = [v for v in files if v["sampling"] != "10s-gaps"] or files
        median = statistics.median(abs(v[tool]["error"]) for v in files)
        worst = max(abs(v[tool]["error"]) for v in files)
        worst_free = max(abs(v[tool]["error"]) for v in sparse_free)
        met["median"] += median <= target
        met["worst"] += worst <= WORST
        met["worst without 10 s"] += worst_free <= WORST
        met["max dev"] += max(v[tool]["max_dev"] for v in files) <= MAX_DEV
        met["max dev without 10 s"] += max(v[tool]["max_dev"] for v in sparse_free) <= MAX_DEV
        met["time order"] += all(v[tool]["monotone"] for v in files)
        if median > target:
            missed_median.append("%s %s %.2f %%" % (generator, truth, median))
        if worst_free > WORST:
            worst_without.append("%s %s %.2f %%" % (generator, truth, worst_free))
    print("%d cells; met: %s" % (len(cells), ", ".join("%s %d" % kv for kv in met.items())))
    print("median missed: " + (", ".join(missed_median) or "none"))
    print("worst over 3 % without the 10 s files: " + (", ".join(worst_without) or "none"))
    for kind in ("watch", "phone"):
        files = [v for v in scores.values() if v["class"] == kind]
        if files:
            free = [v for v in files if v["sampling"] != "10s-gaps"] or files
            print("%s-like: %d files, median |error| %.2f %% (%.2f %% without the 10 s files)" % (
                kind, len(files), statistics.median(abs(v[tool]["error"]) for v in files),
                statistics.median(abs(v[tool]["error"]) for v in free)))
    over = sum(v[tool]["max_dev"] > MAX_DEV for v in scores.values())
    raw = sum(v["raw"]["max_dev"] > MAX_DEV for v in scores.values() if "raw" in v)
    print("files with a point more than 30 m off: %d of %d (raw: %d)" % (over, len(scores), raw))


if __name__ == "__main__":
    main()
