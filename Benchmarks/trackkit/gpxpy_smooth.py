#!/usr/bin/env python3
"""gpxpy's parse, smooth and write, the Python baseline for the TrackKit benchmark.

usage: gpxpy_smooth.py IN OUT
"""
import sys

import gpxpy

with open(sys.argv[1], encoding="utf-8") as source:
    gpx = gpxpy.parse(source)
gpx.smooth()
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write(gpx.to_xml())
