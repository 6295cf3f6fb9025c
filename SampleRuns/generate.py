#!/usr/bin/env python3
"""Writes the trackdrop sample runs. Deterministic: the same files every time (python3, stdlib only).

Usage: python3 SampleRuns/generate.py [OUTPUT_DIR]   (default: the directory of this script)

The FIT sample is a copy of a real device file from the shared corpus (shared/ beside the repository);
when the corpus is not there the committed copy is left as it is.
"""
import datetime
import gzip
import io
import math
import os
import random
import shutil
import sys

EARTH = 6371008.8
HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS_FIT = os.path.join(HERE, "..", "..", "shared", "corpus", "device-files", "garmin-forerunner-10.fit")


def to_latlon(origin, x, y):
    lat0, lon0 = origin
    lat = lat0 + math.degrees(y / EARTH)
    lon = lon0 + math.degrees(x / (EARTH * math.cos(math.radians(lat0))))
    return lat, lon


def loop(width, height, corner):
    """A rounded-rectangle loop (metres), 1 m apart, like a run around a park or a lake basin."""
    points = []
    w, h, r = width / 2 - corner, height / 2 - corner, corner
    centres = [(w, h), (-w, h), (-w, -h), (w, -h)]
    starts = [0, 90, 180, 270]
    for (cx, cy), a0 in zip(centres, starts):
        steps = max(2, int(math.pi / 2 * r))
        for k in range(steps):
            a = math.radians(a0 + 90 * k / steps)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        # straight to the next corner
        nx, ny = centres[(centres.index((cx, cy)) + 1) % 4]
        a = math.radians(a0 + 90)
        sx, sy = cx + r * math.cos(a), cy + r * math.sin(a)
        ex, ey = nx + r * math.cos(a), ny + r * math.sin(a)
        n = int(math.hypot(ex - sx, ey - sy))
        for k in range(n):
            points.append((sx + (ex - sx) * k / max(n, 1), sy + (ey - sy) * k / max(n, 1)))
    return points


def along(path, s):
    """Position at arc length s (metres) on a closed path of 1 m steps."""
    n = len(path)
    s = s % n
    i = int(s)
    f = s - i
    a, b = path[i], path[(i + 1) % n]
    return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f


class Noise:
    """GPS error: a slowly wandering part plus white jitter (metres)."""

    def __init__(self, rng, correlated, white, tau=30.0):
        self.rng, self.correlated, self.white, self.tau = rng, correlated, white, tau
        self.ex = self.ey = 0.0

    def step(self, dt):
        rho = math.exp(-dt / self.tau)
        k = math.sqrt(1 - rho * rho) * self.correlated
        self.ex = rho * self.ex + k * self.rng.gauss(0, 1)
        self.ey = rho * self.ey + k * self.rng.gauss(0, 1)
        return self.ex + self.white * self.rng.gauss(0, 1), self.ey + self.white * self.rng.gauss(0, 1)


def record(rng, origin, path, start, minutes, speed, intervals, noise, base_ele,
           stop=None, spikes=0, hr_base=135):
    """Samples a run: list of dicts with time, lat, lon, ele, hr, cad, dist (true distance so far)."""
    points = []
    t, s = 0.0, 0.0
    end = minutes * 60
    while t <= end:
        stopped = stop is not None and stop[0] <= t < stop[0] + stop[1]
        dt = rng.choice(intervals)
        ex, ey = noise.step(dt)
        x, y = along(path, s)
        lat, lon = to_latlon(origin, x + ex, y + ey)
        effort = 0 if stopped else min(1, t / 300)
        points.append({
            "time": start + datetime.timedelta(seconds=t),
            "lat": lat, "lon": lon,
            "ele": base_ele + 6 * math.sin(s / 700) + 0.3 * rng.gauss(0, 1),
            "hr": int(hr_base - 25 + 25 * effort + 8 * math.sin(t / 240) + rng.randint(-1, 1)),
            "cad": 0 if stopped else 84 + rng.randint(-2, 2),
            "dist": s,
        })
        if not stopped:
            s += speed(t) * dt
        t += dt
    for _ in range(spikes):
        i = rng.randrange(20, len(points) - 20)
        angle, size = rng.uniform(0, 2 * math.pi), rng.uniform(120, 250)
        x, y = along(path, points[i]["dist"])
        points[i]["lat"], points[i]["lon"] = to_latlon(origin, x + size * math.cos(angle), y + size * math.sin(angle))
    return points


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def gpx(points, name, sport, creator, extensions, times=True):
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write('<gpx version="1.1" creator="%s" xmlns="http://www.topografix.com/GPX/1/1" '
              'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
              'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" '
              'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd '
              'http://www.garmin.com/xmlschemas/TrackPointExtension/v1 '
              'http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">\n' % creator)
    if times:
        out.write(' <metadata>\n  <time>%s</time>\n </metadata>\n' % iso(points[0]["time"]))
    out.write(' <trk>\n  <name>%s</name>\n  <type>%s</type>\n  <trkseg>\n' % (name, sport))
    for p in points:
        out.write('   <trkpt lat="%.7f" lon="%.7f">\n    <ele>%.1f</ele>\n' % (p["lat"], p["lon"], p["ele"]))
        if times:
            out.write('    <time>%s</time>\n' % iso(p["time"]))
        if extensions:
            out.write('    <extensions>\n     <gpxtpx:TrackPointExtension>\n      <gpxtpx:hr>%d</gpxtpx:hr>\n'
                      '      <gpxtpx:cad>%d</gpxtpx:cad>\n     </gpxtpx:TrackPointExtension>\n    </extensions>\n'
                      % (p["hr"], p["cad"] // 2))
        out.write('   </trkpt>\n')
    out.write('  </trkseg>\n </trk>\n</gpx>\n')
    return out.getvalue()


def tcx(points, laps, sport):
    """laps: list of (first index, intensity)."""
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write('<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" '
              'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
              'xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 '
              'http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">\n')
    out.write(' <Activities>\n  <Activity Sport="%s">\n   <Id>%s</Id>\n' % (sport, iso(points[0]["time"])))
    bounds = [start for start, _ in laps] + [len(points)]
    for k, (start, intensity) in enumerate(laps):
        chunk = points[start:bounds[k + 1]]
        after = points[bounds[k + 1]] if bounds[k + 1] < len(points) else chunk[-1]
        seconds = (after["time"] - chunk[0]["time"]).total_seconds()
        metres = after["dist"] - chunk[0]["dist"]
        speeds = [(b["dist"] - a["dist"]) / max(1, (b["time"] - a["time"]).total_seconds())
                  for a, b in zip(chunk, chunk[1:])] or [0]
        hrs = [p["hr"] for p in chunk]
        out.write('   <Lap StartTime="%s">\n' % iso(chunk[0]["time"]))
        out.write('    <TotalTimeSeconds>%.1f</TotalTimeSeconds>\n    <DistanceMeters>%.1f</DistanceMeters>\n'
                  '    <MaximumSpeed>%.3f</MaximumSpeed>\n    <Calories>%d</Calories>\n'
                  '    <AverageHeartRateBpm>\n     <Value>%d</Value>\n    </AverageHeartRateBpm>\n'
                  '    <MaximumHeartRateBpm>\n     <Value>%d</Value>\n    </MaximumHeartRateBpm>\n'
                  '    <Intensity>%s</Intensity>\n    <TriggerMethod>Manual</TriggerMethod>\n    <Track>\n'
                  % (seconds, metres, max(speeds), int(metres / 1000 * 62), sum(hrs) // len(hrs), max(hrs), intensity))
        for p in chunk:
            out.write('     <Trackpoint>\n      <Time>%s</Time>\n      <Position>\n'
                      '       <LatitudeDegrees>%.7f</LatitudeDegrees>\n       <LongitudeDegrees>%.7f</LongitudeDegrees>\n'
                      '      </Position>\n      <AltitudeMeters>%.1f</AltitudeMeters>\n'
                      '      <DistanceMeters>%.1f</DistanceMeters>\n'
                      '      <HeartRateBpm>\n       <Value>%d</Value>\n      </HeartRateBpm>\n     </Trackpoint>\n'
                      % (iso(p["time"]), p["lat"], p["lon"], p["ele"], p["dist"], p["hr"]))
        out.write('    </Track>\n   </Lap>\n')
    out.write('   <Creator xsi:type="Device_t">\n    <Name>Forerunner 265</Name>\n    <UnitId>3412345678</UnitId>\n'
              '    <ProductID>4257</ProductID>\n    <Version>\n     <VersionMajor>19</VersionMajor>\n'
              '     <VersionMinor>18</VersionMinor>\n    </Version>\n   </Creator>\n')
    out.write('  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n')
    return out.getvalue()


def utc(*args):
    return datetime.datetime(*args, tzinfo=datetime.timezone.utc)


def write(directory, name, text):
    with open(os.path.join(directory, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(directory, exist_ok=True)

    # 1. A clean watch run with heart rate: Zurich, along the lake from Bellevue towards Mythenquai.
    rng = random.Random(20261114)
    zurich = loop(1400, 700, 60)
    points = record(rng, (47.3600, 8.5380), zurich, utc(2026, 11, 14, 7, 2, 11), 32,
                    lambda t: 3.1 + 0.2 * math.sin(t / 200), [1, 2, 3, 4], Noise(rng, 1.2, 0.4), 408)
    write(directory, "2026-11-14-morning-run.gpx",
          gpx(points, "Morning Run", "running", "Garmin Forerunner 265", extensions=True))

    # 2. A phone recording: Berlin, Tiergarten; noisy, six spikes, two minutes at a traffic light.
    rng = random.Random(20261115)
    tiergarten = loop(1500, 900, 40)
    points = record(rng, (52.5145, 13.3501), tiergarten, utc(2026, 11, 15, 16, 40, 3), 26,
                    lambda t: 2.8, [1], Noise(rng, 6.0, 3.5), 36, stop=(600, 120), spikes=6)
    write(directory, "2026-11-15-phone-run-with-stop.gpx",
          gpx(points, "Afternoon Run", "running", "StravaGPX iPhone", extensions=False))

    # 3. Track intervals with laps and heart rate, as TCX: London, Regent's Park outer circle.
    rng = random.Random(20261117)
    regents = loop(900, 700, 80)
    def interval_speed(t):
        if t < 600 or t >= 1800:
            return 2.7
        return 4.6 if int((t - 600) // 300) % 2 == 0 else 2.4
    points = record(rng, (51.5313, -0.1570), regents, utc(2026, 11, 17, 18, 15, 40), 40,
                    interval_speed, [5], Noise(rng, 1.0, 0.4), 41, hr_base=150)
    starts = [0] + [next(i for i, p in enumerate(points) if (p["time"] - points[0]["time"]).total_seconds() >= s)
                    for s in (600, 900, 1200, 1500, 1800)]
    kinds = ["Active", "Active", "Resting", "Active", "Resting", "Active"]
    write(directory, "2026-11-17-track-intervals.tcx", tcx(points, list(zip(starts, kinds)), "Running"))

    # 4. A real FIT file from a Garmin Forerunner 10 (passed through unchanged by trackdrop).
    fit = os.path.join(directory, "2026-11-18-forerunner-10.fit")
    if os.path.exists(CORPUS_FIT):
        shutil.copyfile(CORPUS_FIT, fit)
    elif not os.path.exists(fit):
        print("note: %s not found; the FIT sample was not written" % CORPUS_FIT, file=sys.stderr)

    # 5. A gzipped GPX: Munich, Englischer Garten.
    rng = random.Random(20261119)
    garten = loop(2200, 800, 90)
    points = record(rng, (48.1590, 11.5930), garten, utc(2026, 11, 19, 12, 5, 0), 38,
                    lambda t: 3.3, [5], Noise(rng, 1.2, 0.4), 512)
    data = gpx(points, "Lunch Run", "running", "Garmin Forerunner 265", extensions=True).encode("utf-8")
    with open(os.path.join(directory, "2026-11-19-lunch-run.gpx.gz"), "wb") as f:
        with gzip.GzipFile(filename="2026-11-19-lunch-run.gpx", mode="wb", fileobj=f, mtime=0) as z:
            z.write(data)

    # 6. A route planned on a website: no timestamps, so Strava would refuse it as an activity.
    rng = random.Random(20261120)
    points = record(rng, (52.5145, 13.3501), tiergarten, utc(2026, 11, 20, 0, 0, 0), 25,
                    lambda t: 3.0, [10], Noise(rng, 0.0, 0.0), 36)
    write(directory, "2026-11-20-planned-route-no-times.gpx",
          gpx(points, "Tiergarten loop (planned)", "running", "trackdrop sample route planner",
              extensions=False, times=False))

    # 7. One run exported twice, as GPX and as TCX (same start, same duration): Hamburg, Außenalster.
    rng = random.Random(20261121)
    alster = loop(1300, 2300, 150)
    points = record(rng, (53.5680, 10.0060), alster, utc(2026, 11, 21, 17, 30, 0), 36,
                    lambda t: 3.2, [5], Noise(rng, 1.2, 0.4), 9)
    write(directory, "2026-11-21-evening-run.gpx",
          gpx(points, "Evening Run", "running", "Garmin Connect", extensions=True))
    write(directory, "2026-11-21-evening-run.tcx", tcx(points, [(0, "Active")], "Running"))


if __name__ == "__main__":
    main()
