#!/usr/bin/env python3
"""Writes a large, realistic GPX 1.1 run for the TrackKit benchmark: 1 Hz points with lat, lon, ele and
time (about 100 bytes a point, so 500,000 points make ~50 MB), and heart rate (Garmin
TrackPointExtension v1) on every 20th point so the extension path is exercised too.

usage: make_big_gpx.py OUT POINTS
"""
import math
import random
import sys

out_path, count = sys.argv[1], int(sys.argv[2])
random.seed(42)
start = 1_714_546_800  # 2024-05-01T07:00:00Z
lat, lon, heading = 47.3769, 8.5417, 0.3
with open(out_path, "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write('<gpx version="1.1" creator="trackdrop benchmark" xmlns="http://www.topografix.com/GPX/1/1" '
              'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n')
    out.write(' <trk><name>Benchmark run</name><type>running</type><trkseg>\n')
    for i in range(count):
        heading += random.gauss(0, 0.05)
        step = 3.0 / 111_320  # about 3 m per second
        lat += step * math.cos(heading) + random.gauss(0, 0.00002)
        lon += step * math.sin(heading) / math.cos(math.radians(lat)) + random.gauss(0, 0.00002)
        t = start + i
        stamp = "%04d-%02d-%02dT%02d:%02d:%02dZ" % (2024, 5, 1 + t // 86400 - start // 86400, (t // 3600) % 24, (t // 60) % 60, t % 60)
        if i % 20 == 0:
            extension = ('<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr>'
                         '</gpxtpx:TrackPointExtension></extensions>' % (140 + (i // 60) % 30))
        else:
            extension = ''
        out.write('  <trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time>%s</trkpt>\n'
                  % (lat, lon, 400 + 20 * math.sin(i / 500), stamp, extension))
    out.write(' </trkseg></trk>\n</gpx>\n')
