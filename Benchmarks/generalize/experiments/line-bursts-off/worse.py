#!/usr/bin/env python3
"""Where the cleaner puts a fix further from the athlete than the device recorded it: for every file of a set, the
cleaned fixes whose position at their own time lies more than MARGIN metres (default 20) further from where the
athlete truly was than the recorded fix with the same time. A smoother's lag of a few metres does not reach it; a burst
taken out the wrong way round, or a wrong offset taken out of a stretch, does. Counts the files and fixes by
generator, sampling and truth, then lists the files with most such fixes (the largest excess and its time).

Usage: python3 worse.py SET_DIR CLEANED_DIR [MARGIN]   (SET_DIR holds make_worlds.py's NAME.gpx and NAME.truth.json)
"""
import glob
import json
import math
import os
import stat
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from score import Truth, read_gpx, seconds  # noqa: E402


def regular(path):
    """True for a regular file: a FIFO would block the read, a link that loops cannot be read."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def excess(info, recorded_path, cleaned_path, margin):
    """(fixes beyond the margin, largest excess, its time) of one file."""
    truth = Truth(info)

    def where(t):
        arc = truth.arc_at(t)
        k = arc / truth.step
        i = min(int(k), len(truth.p) - 2)
        return truth.p[i] + (truth.p[i + 1] - truth.p[i]) * (k - i)

    recorded = {}
    for stamp, x, y in read_gpx(recorded_path, info["origin"], info["earth"]):
        if stamp:
            recorded.setdefault(round(seconds(stamp, info["start"]), 2), (x, y))
    count, worst, when = 0, 0.0, None
    for stamp, x, y in read_gpx(cleaned_path, info["origin"], info["earth"]):
        if not stamp:
            continue
        t = seconds(stamp, info["start"])
        r = recorded.get(round(t, 2))
        if r is None:
            continue
        p = where(t)
        more = math.hypot(x - p[0], y - p[1]) - math.hypot(r[0] - p[0], r[1] - p[1])
        if more > margin:
            count += 1
            if more > worst:
                worst, when = more, t
    return count, worst, when


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: %s SET_DIR CLEANED_DIR [MARGIN]" % sys.argv[0])
    set_dir, cleaned_dir = sys.argv[1:3]
    for folder in (set_dir, cleaned_dir):
        if not os.path.isdir(folder):
            sys.exit("%s: %s is not a folder" % (sys.argv[0], folder))
    try:
        margin = float(sys.argv[3]) if len(sys.argv) == 4 else 20.0
    except ValueError:
        sys.exit("%s: MARGIN must be a number of metres" % sys.argv[0])
    rows, unread = [], []
    for truth_path in sorted(glob.glob(os.path.join(glob.escape(set_dir), "*.truth.json"))):
        name = os.path.basename(truth_path)[:-len(".truth.json")]
        recorded, cleaned = os.path.join(set_dir, name + ".gpx"), os.path.join(cleaned_dir, name + ".gpx")
        if not all(regular(p) for p in (truth_path, recorded, cleaned)):
            unread.append(name)
            continue
        try:
            with open(truth_path) as f:
                info = json.load(f)
            rows.append((name, info, *excess(info, recorded, cleaned, margin)))
        except (OSError, ValueError, KeyError, TypeError) as e:
            unread.append("%s (%s)" % (name, e))
    print("cleaned fixes more than %.0f m further from the athlete than the recorded fix at their time" % margin)
    for key in ("generator", "sampling", "truth"):
        groups = defaultdict(lambda: [0, 0, 0])
        for name, info, count, worst, when in rows:
            g = groups[info[key]]
            g[0] += count > 0
            g[1] += count
            g[2] += 1
        print("%s: %s" % (key, "; ".join("%s %d of %d files, %d fixes" % (k, g[0], g[2], g[1])
                                         for k, g in sorted(groups.items()))))
    print("files with such fixes: %d of %d; fixes: %d" % (sum(r[2] > 0 for r in rows), len(rows),
                                                          sum(r[2] for r in rows)))
    for name, info, count, worst, when in sorted(rows, key=lambda r: -r[2])[:20]:
        if count:
            print("  %s: %d fixes, up to %.1f m further at %.0f s" % (name, count, worst, when))
    if unread:
        print("not read: %s" % " ".join(unread))


if __name__ == "__main__":
    main()
