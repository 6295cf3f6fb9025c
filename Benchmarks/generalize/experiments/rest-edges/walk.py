#!/usr/bin/env python3
"""How many seconds of stops and of walking the rests' edges took in, over every file of a set: runs near.patch's
driver with TD_EDIAG set (it prints each rest as found and as widened) and reads the truth's moving seconds.
usage: TD_EDGE=SHARE TD_EDGE_SECONDS=SECONDS walk.py DRIVER IN_DIR"""
import datetime
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from make_worlds import build_truth  # noqa: E402

driver, folder = sys.argv[1], sys.argv[2]
reference = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)  # the samples' clock
walk = stop = 0
worst = []
with tempfile.TemporaryDirectory() as tmp:
    for path in sorted(glob.glob(os.path.join(folder, "*.gpx"))):
        info = json.load(open(path[:-4] + ".truth.json"))
        err = subprocess.run([driver, path, os.path.join(tmp, "out.gpx")], env=dict(os.environ, TD_EDIAG="1"),
                             capture_output=True, text=True).stderr
        lines = [line for line in err.splitlines() if line.startswith("EDGE")]
        if not lines:
            continue
        _, arcs, moving, _, _ = build_truth(info["truth"], info["seed"])
        start = (datetime.datetime.fromisoformat(info["start"].replace("Z", "+00:00")) - reference).total_seconds()
        file_walk = file_stop = 0
        metres = 0.0
        for line in lines:
            m = re.search(r"rest ([\d.]+)-([\d.]+) .* -> ([\d.]+)-([\d.]+)", line)
            a, b, c, d = (float(m.group(i)) - start for i in range(1, 5))
            # The whole seconds the edges added: from the new start up to the old, and after the old end to the new.
            seconds = [t for t in range(max(0, int(c) - 1), min(len(moving), int(d) + 2))
                       if c <= t < a or b < t <= d]
            if seconds:
                for t in seconds:
                    if moving[t]:
                        file_walk += 1
                        metres += arcs[min(t + 1, len(arcs) - 1)] - arcs[t]
                    else:
                        file_stop += 1
        walk += file_walk
        stop += file_stop
        worst.append((metres, file_walk, file_stop, os.path.basename(path)))
worst.sort(reverse=True)
print(f"edges took in {stop} s of stops and {walk} s of walking; most walking: "
      + "; ".join(f"{n} {m:.0f} m in {w} s (and {s} s of stops)" for m, w, s, n in worst[:3]))
