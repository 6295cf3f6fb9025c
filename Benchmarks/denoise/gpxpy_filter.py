#!/usr/bin/env python3
"""gpxpy's own filters, for comparison: smooth (horizontal + vertical, extremes removed) or reduce_points."""
import sys

import gpxpy

source, target, mode = sys.argv[1], sys.argv[2], sys.argv[3]
with open(source) as f:
    gpx = gpxpy.parse(f)
if mode == "smooth":
    gpx.smooth(vertical=True, horizontal=True, remove_extremes=True)
elif mode == "reduce":
    gpx.reduce_points(min_distance=3)
else:
    raise SystemExit("mode must be smooth or reduce")
with open(target, "w") as f:
    f.write(gpx.to_xml())
