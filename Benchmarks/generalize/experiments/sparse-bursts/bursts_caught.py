#!/usr/bin/env python3
"""How many of the `multipath` world's bursts a cleaner took out, by sampling.

Usage: bursts_caught.py TOOL[,TOOL...] SET[,SET...] [REGEX]
  TOOL   a folder beside in/ in Benchmarks/work/generalize/<set>/ holding a cleaner's output of the same files
  SET    a set written by Benchmarks/generalize.sh (tuning, after, other, stretches, fall-final, ...)
  REGEX  which `multipath` files (default: all of them)
The bursts are made again from each file's seed: the generator is run once more with a line added that records each
burst's start, hold, size, direction, rise and decay (nothing else in it changes, so the file is the same). For each
burst of at least 10 m while the athlete moves (faster than 0.3 m/s over the hold), the mean offset of the fixes
along the burst's direction over its hold is measured in the input and in each output: a burst counts as taken out
when less than 30 % of the input's offset is left. "excess" is the output's length over the burst (15 s either side,
three decay times after it) less the true distance there, summed over the bursts.
"""
import json
import math
import os
import random
import re
import sys
import types
import zlib
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
GENERALIZE = os.path.join(HERE, "..", "..")
sys.path.insert(0, GENERALIZE)
sys.path.insert(0, os.path.join(HERE, "..", "multipath-followed"))
import make_worlds as mw  # noqa: E402
from burst_windows import seconds  # noqa: E402
from score import read_gpx  # noqa: E402

# worlds.py with one line added to `multipath`: each burst is appended to BURSTS.
source = open(os.path.join(GENERALIZE, "worlds.py")).read()
marker = "        bursts += 1\n        t += int(duration + 6 * decay)"
assert marker in source, "worlds.multipath changed: update the recording line"
recording = types.ModuleType("worlds_recording")
recording.__dict__["BURSTS"] = []
exec(compile(source.replace(marker, "        BURSTS.append((t, duration, size, angle, rise, decay))\n" + marker),
             "worlds_recording", "exec"), recording.__dict__)


def bursts_of(name):
    generator, truth_name, sampling, seed = name.split("_")
    path, arcs, _, _, _ = mw.build_truth(truth_name, int(seed))
    truth_xy = [mw.at(path, a) for a in arcs]
    rng = random.Random(zlib.crc32(("noise/%s/%s/%s/%s" % (generator, truth_name, sampling, seed)).encode()))
    recording.BURSTS.clear()
    recording.multipath(rng, truth_xy, 0)
    return list(recording.BURSTS), path, arcs


def measure(job):
    set_dir, name, tools = job
    bursts, path, arcs = bursts_of(name)
    info = json.load(open(os.path.join(set_dir, "in", name + ".truth.json")))

    def load(folder):
        return [(seconds(s), x, y) for s, x, y in read_gpx(os.path.join(set_dir, folder, name + ".gpx"),
                                                           info["origin"], info["earth"])]

    def truth(t):
        return mw.at(path, mw.arc_at(arcs, t))

    raw, outputs = load("in"), {tool: load(tool) for tool in tools}
    found = []
    for start, hold, _, angle, rise, decay in bursts:
        speed = (mw.arc_at(arcs, start + hold) - mw.arc_at(arcs, start)) / hold
        ux, uy = math.cos(angle), math.sin(angle)

        def offset(rows):
            values = [(x - truth(t)[0]) * ux + (y - truth(t)[1]) * uy for t, x, y in rows if start + rise <= t <= start + hold]
            return sum(values) / len(values) if values else None

        a, b = start - 15, start + hold + 3 * decay + 15
        per_tool = {}
        for tool, rows in outputs.items():
            inside = [r for r in rows if a <= r[0] <= b]
            length = sum(math.hypot(q[1] - p[1], q[2] - p[2]) for p, q in zip(inside, inside[1:]))
            true = mw.arc_at(arcs, inside[-1][0]) - mw.arc_at(arcs, inside[0][0]) if len(inside) > 1 else 0.0
            per_tool[tool] = (offset(rows), length - true)
        found.append((name.split("_")[2], speed, offset(raw), per_tool))
    return found


def main():
    tools, sets = sys.argv[1].split(","), sys.argv[2].split(",")
    pattern = re.compile(sys.argv[3] if len(sys.argv) > 3 else ".")
    jobs = []
    for name_of_set in sets:
        set_dir = os.path.join(GENERALIZE, "..", "work", "generalize", name_of_set)
        for f in sorted(os.listdir(os.path.join(set_dir, "in"))):
            if f.startswith("multipath_") and f.endswith(".gpx") and pattern.search(f):
                jobs.append((set_dir, f[:-4], tools))
    for set_dir, name, _ in jobs:
        for tool in tools:
            if not os.path.exists(os.path.join(set_dir, tool, name + ".gpx")):
                raise SystemExit("bursts_caught.py: %s has no output for %s" % (tool, name))
    with Pool(2) as pool:
        rows = [r for found in pool.map(measure, jobs) for r in found]
    print("| sampling | bursts (moving, 10 m or more) | " + " | ".join("%s: taken out | %s: excess (m)" % (t, t) for t in tools) + " |")
    print("|---|---|" + "---|---|" * len(tools))
    for sampling in sorted({r[0] for r in rows}):
        picked = [r for r in rows if r[0] == sampling and r[1] > 0.3 and r[2] is not None and abs(r[2]) >= 10]
        cells = []
        for tool in tools:
            taken = sum(1 for r in picked if r[3][tool][0] is not None and abs(r[3][tool][0]) < 0.3 * abs(r[2]))
            cells += [str(taken), "%+.0f" % sum(r[3][tool][1] for r in picked)]
        print("| %s | %d | %s |" % (sampling, len(picked), " | ".join(cells)))


if __name__ == "__main__":
    main()
