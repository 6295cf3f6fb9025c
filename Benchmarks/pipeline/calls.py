#!/usr/bin/env python3
"""API calls per file and time to the last result for `trackdrop upload --sandbox` on N distinct runs.

usage: calls.py N BINARY [BINARY...]   (each binary is measured on its own copy of the same files)
Prints one BENCH line per binary. The sandbox runs with its defaults (Strava's processing delays and
rate limits), in the same process as the upload, as `upload --sandbox` does for a newcomer.
"""
import datetime, glob, json, os, re, shutil, subprocess, sys, tempfile, time


def gpx(index, points=120):
    start = datetime.datetime(2021, 1, 1, 6, 0, 0) + datetime.timedelta(hours=7 * index)
    rows = []
    for i in range(points):
        t = (start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f'<trkpt lat="{47.3769 + i * 0.000021:.7f}" lon="{8.5417 + i * 0.000017:.7f}">'
                    f'<ele>410</ele><time>{t}</time></trkpt>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" '
            'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Run</name><trkseg>\n'
            + "\n".join(rows) + "\n</trkseg></trk></gpx>\n")


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        raise SystemExit("usage: calls.py N BINARY [BINARY...]   (N: how many runs to upload, at least 1)")
    for binary in sys.argv[2:]:
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            raise SystemExit(f"calls.py: {binary}: not an executable file")
    count = int(sys.argv[1])
    work = tempfile.mkdtemp(prefix="trackdrop-pipeline-calls-")
    try:
        files = os.path.join(work, "runs")
        os.makedirs(files)
        for index in range(count):
            with open(os.path.join(files, f"run-{index:04d}.gpx"), "w") as f:
                f.write(gpx(index))
        for binary in sys.argv[2:]:
            began = time.monotonic()
            run = subprocess.run([binary, "upload", "--sandbox", files], capture_output=True, text=True,
                                 env=dict(os.environ, TERM="dumb"))
            seconds = time.monotonic() - began
            match = re.search(r"Sidecars are beside the copies in (\S+)", run.stdout)
            if not match:
                print(run.stdout[-2000:], run.stderr[-2000:], file=sys.stderr)
                raise SystemExit(f"{binary}: no sidecar folder in the output (exit {run.returncode})")
            sidecars = [json.load(open(p)) for p in glob.glob(os.path.join(match.group(1), "**", "*.result.json"), recursive=True)]
            statuses = {}
            for sidecar in sidecars:
                statuses[sidecar["status"]] = statuses.get(sidecar["status"], 0) + 1
            calls = sum(sidecar.get("api_calls", 0) for sidecar in sidecars)
            print(f"BENCH binary={binary} files={count} sidecars={len(sidecars)} api_calls={calls} "
                  f"per_file={calls / max(1, len(sidecars)):.3f} statuses={json.dumps(statuses, separators=(',', ':'))} "
                  f"exit={run.returncode} seconds={seconds:.1f}")
            shutil.rmtree(os.path.dirname(match.group(1).rstrip("/")), ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
