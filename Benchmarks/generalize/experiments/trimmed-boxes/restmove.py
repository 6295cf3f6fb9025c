#!/usr/bin/env python3
"""How far the athlete truly moved inside the fixes a cleaner took to be at rest.

Usage: DRV=<driver built with switches.patch> restmove.py ROOT SETS REGEX [NAME=VALUE...]
  ROOT   a directory holding <set>/in/<name>.gpx and .truth.json (written by ../../make_worlds.py)
  SETS   comma-separated sets under ROOT; REGEX picks files by name; NAME=VALUE are the patch's switches
The driver prints the time of every fix at rest (RS_DBG=1). For each pair of neighbouring such fixes at most 12 s
apart, the truth's arc length between their times is summed: 0 m means no step of the walk was taken into a rest.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from make_worlds import build_truth  # noqa: E402

REF = datetime(2001, 1, 1, tzinfo=timezone.utc).timestamp()  # the driver prints seconds since 2001


def job(args):
    root, s, name, extra = args
    info = json.load(open(f"{root}/{s}/in/{name}.truth.json"))
    t0 = datetime.fromisoformat(info["start"].replace("Z", "+00:00")).timestamp() - REF
    _, arcs, _, _, _ = build_truth(info["truth"], info["seed"])
    with tempfile.TemporaryDirectory() as tmp:
        # The driver writes its output atomically (a temporary file renamed onto the path): never /dev/null.
        r = subprocess.run([os.environ["DRV"], f"{root}/{s}/in/{name}.gpx", f"{tmp}/out.gpx"],
                           env=dict(os.environ, RS_DBG="1", **extra), capture_output=True, text=True)
    ts = sorted(float(line.split()[1]) - t0 for line in r.stderr.splitlines() if line.startswith("RS "))
    moved, worst = 0.0, (0.0, 0.0)
    for a, b in zip(ts, ts[1:]):
        if b - a > 12:
            continue
        i, j = (min(max(int(x), 0), len(arcs) - 1) for x in (a, b))
        step = abs(arcs[j] - arcs[i])
        moved += step
        worst = max(worst, (step, a))
    return s, name, moved, worst, len(ts)


def main():
    if len(sys.argv) < 4 or "DRV" not in os.environ:
        sys.exit(__doc__)
    root, sets, rx = sys.argv[1], sys.argv[2].split(","), re.compile(sys.argv[3])
    extra = dict(a.split("=", 1) for a in sys.argv[4:])
    jobs = [(root, s, f[:-4], extra) for s in sets for f in sorted(os.listdir(f"{root}/{s}/in"))
            if f.endswith(".gpx") and rx.search(f)]
    with Pool(2) as pool:
        rows = pool.map(job, jobs)
    print(f"{len(rows)} files, fixes at rest {sum(r[4] for r in rows)}, "
          f"truth's movement inside rests {sum(r[2] for r in rows):.0f} m")
    for s, name, moved, worst, _ in sorted(rows, key=lambda r: -r[2])[:15]:
        if moved > 1:
            print(f"  {s}/{name}: {moved:.1f} m (largest step {worst[0]:.1f} m at {worst[1]:.0f} s)")


if __name__ == "__main__":
    main()
