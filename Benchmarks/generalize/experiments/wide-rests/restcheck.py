#!/usr/bin/env python3
"""Rests found against the truth's own movement inside them.

Usage: DRV=<driver built from a tree with switches.patch> restcheck.py SIDES SETS [REGEX]
  SIDES  box sides, metres, comma-separated, the first the base box (RS_SIDES); RS_GATE and RS_VF are passed on
  SETS   comma-separated sets under Benchmarks/work/generalize (made by generalize.sh)
For each file the driver prints its rests (RS_DBG); each is looked up in the truth's arc length per second, and the
rests across which the athlete moved more than 1 m are listed."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from multiprocessing import Pool

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../work/generalize")
REF = datetime(2001, 1, 1, tzinfo=timezone.utc).timestamp()  # the driver prints seconds since 2001


def rests(job):
    sides, s, n = job
    info = json.load(open(f"{ROOT}/{s}/in/{n}.truth.json"))
    arcs = info["arcs"] if isinstance(info["arcs"], list) else json.loads(info["arcs"])
    t0 = datetime.fromisoformat(info["start"].replace("Z", "+00:00")).timestamp() - REF
    env = dict(os.environ, RS_SIDES=sides, RS_DBG="1")
    # The driver writes its output atomically (a temporary file renamed onto the path), so it must not be given
    # /dev/null: run as root, that replaces the device with a regular file.
    with tempfile.TemporaryDirectory() as scratch:
        p = subprocess.run([os.environ["DRV"], f"{ROOT}/{s}/in/{n}.gpx", f"{scratch}/out.gpx"], env=env,
                           capture_output=True, text=True)
    out = []
    for line in p.stderr.splitlines():
        if line.startswith("REST "):
            a, b = (float(v) - t0 for v in line.split()[1:3])
            ia, ib = max(0, int(a)), min(len(arcs) - 1, int(b + 0.999))
            out.append((s, n, a, b, arcs[ib] - arcs[ia]))
    return out


if __name__ == "__main__":
    sides, sets = sys.argv[1], sys.argv[2].split(",")
    pattern = re.compile(sys.argv[3] if len(sys.argv) > 3 else ".")
    jobs = [(sides, s, os.path.basename(f)[:-4]) for s in sets for f in sorted(glob.glob(f"{ROOT}/{s}/in/*.gpx"))
            if pattern.search(os.path.basename(f))]
    with Pool(os.cpu_count()) as pool:
        found = [r for rs in pool.map(rests, jobs) for r in rs]
    moved = [r for r in found if r[4] > 1.0]
    print(f"{len(jobs)} files, {len(found)} rests, {sum(r[3] - r[2] for r in found):.0f} s; {len(moved)} hold more "
          f"than 1 m of the truth's movement, {sum(r[4] for r in moved):.1f} m in all")
    for r in sorted(moved, key=lambda r: -r[4]):
        print(f"  {r[0]}/{r[1]} {r[2]:.0f}-{r[3]:.0f} s: {r[4]:.1f} m")
