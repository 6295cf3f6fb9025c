#!/usr/bin/env python3
"""Every step the burst filter weighed as a jump on a walker's two-second skeleton, and how close each came.

Usage: steps.py LOG_DIR

LOG_DIR holds <name>.log, the standard output of the cleaning driver built with variants.patch and run with TD_DBGALL=1
on <name>.gpx: one `DBG` line for every step whose part the walker could not have made (`impl`) reaches the
step's floor, whether or not it passed the velocity bar (`chg` against 1.5 m/s) and the noise test (`impl` against
five times `noise`). The same step is printed once per pass of the filter; each is counted once here.

Prints, per generator, how many 30 s windows hold a step with impl/noise in [4, 5) (what a noise factor of 4 would let
in) and the velocity changes around the kept burst of multipath_hike_2hz-smooth_22 at 3,680-3,750 s.
"""
import collections
import glob
import os
import re
import sys


def steps(log_dir):
    seen = set()
    for log in sorted(glob.glob(os.path.join(log_dir, "*.log"))):
        name = os.path.basename(log)[:-4]
        for line in open(log):
            if not line.startswith("DBG t0="):
                continue
            m = dict(re.findall(r"(\w+)=(\S+)", line))
            a, b = (float(v) for v in m["t"].split(".."))
            row = dict(file=name, generator=name.split("_")[0], start=float(m["t0"]), t=a, t_end=b,
                       chg=float(m["chg"]), size=float(m["size"]), impl=float(m["impl"]),
                       floor=float(m["floor"]), noise=float(m["noise"]), possible=m["imp"] == "n")
            key = (name, row["t"], row["t_end"], row["size"])
            if key in seen:
                continue
            seen.add(key)
            row["ratio"] = row["impl"] / max(row["noise"], 1e-6)
            yield row


def windows(rows):
    """The step with the largest ratio in each file's 30 s windows."""
    best = {}
    for r in rows:
        key = (r["file"], int(r["t"] // 30))
        if key not in best or r["ratio"] > best[key]["ratio"]:
            best[key] = r
    return list(best.values())


def main():
    rows = [r for r in steps(sys.argv[1]) if not r["possible"]]
    print(f"{len(rows)} steps over their floor in {len({r['file'] for r in rows})} files")
    for bar in (1.5, 2.0):
        w = windows([r for r in rows if r["chg"] <= bar and 4 <= r["ratio"] < 5])
        print(f"velocity change <= {bar} m/s, impl/noise in [4, 5): {len(w)} windows,",
              dict(sorted(collections.Counter(r["generator"] for r in w).items())))
    w = windows([r for r in rows if 1.5 < r["chg"] <= 2.0 and r["ratio"] >= 5])
    print(f"velocity change in (1.5, 2.0] m/s, impl/noise >= 5: {len(w)} windows,",
          dict(sorted(collections.Counter(r["generator"] for r in w).items())))
    kept = [r for r in rows if r["file"].startswith("multipath_hike_2hz-smooth_22") and 3680 <= r["t"] <= 3750]
    for r in sorted(kept, key=lambda r: -r["ratio"])[:4]:
        print("  kept burst: %.0f..%.0f s change %.2f m/s, jump %.1f m, impl %.1f m, noise %.1f m, ratio %.2f"
              % (r["t"], r["t_end"], r["chg"], r["size"], r["impl"], r["noise"], r["ratio"]))


if __name__ == "__main__":
    main()
