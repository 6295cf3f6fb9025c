"""Load and timing figures for the Strava sandbox (`trackdrop sandbox`).

Measures, over real HTTP on loopback:
  1. the upload-status poll path (GET /api/v3/uploads/{id}): requests per second and latency percentiles;
  2. uploads (POST /api/v3/uploads, multipart GPX): requests per second and latency percentiles;
  3. the default processing-delay distribution, as a client sees it (time from POST to "ready",
     polled every 50 ms), against the target: median about 1.5 s, mean under 2 s, a long tail.
"""
import concurrent.futures
import datetime
import http.client
import json
import statistics
import sys
import threading
import time
import uuid

HOST, PORT = sys.argv[1], int(sys.argv[2])
POLLS, UPLOADS, TIMED, WORKERS = (int(v) for v in sys.argv[3:7])
local = threading.local()


def connection():
    if not hasattr(local, "conn"):
        local.conn = http.client.HTTPConnection(HOST, PORT, timeout=30)
    return local.conn


def request(method, path, body=None, headers=None):
    for attempt in range(2):
        try:
            conn = connection()
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.read()
        except (http.client.HTTPException, ConnectionError):
            del local.conn
            if attempt:
                raise


def gpx(index):
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(hours=index)
    points = "".join(
        f'<trkpt lat="{47.0 + index * 1e-4 + i * 3e-5:.6f}" lon="8.5"><time>'
        f'{(start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")}</time></trkpt>'
        for i in range(60))
    return ('<?xml version="1.0"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">'
            f'<trk><trkseg>{points}</trkseg></trk></gpx>').encode()


def upload(token, index):
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="data_type"\r\n\r\ngpx\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="b{index}.gpx"\r\n\r\n').encode()
    body += gpx(index) + f'\r\n--{boundary}--\r\n'.encode()
    started = time.perf_counter()
    status, data = request("POST", "/api/v3/uploads", body, {
        "Authorization": f"Bearer {token}", "Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert status == 201, (status, data)
    return time.perf_counter() - started, json.loads(data)["id_str"]


def percentiles(samples):
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return {"p50": pick(0.5), "p90": pick(0.9), "p99": pick(0.99), "max": ordered[-1]}


def timed_run(label, count, work):
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(WORKERS) as pool:
        latencies = list(pool.map(work, range(count)))
    elapsed = time.perf_counter() - started
    p = percentiles(latencies)
    print(f"| {label} | {count} | {WORKERS} | {count / elapsed:.0f} | {p['p50'] * 1000:.1f} | "
          f"{p['p90'] * 1000:.1f} | {p['p99'] * 1000:.1f} |")


def main():
    status, data = request("POST", "/_sandbox/tokens", b"scope=activity:read_all,activity:write",
                           {"Content-Type": "application/x-www-form-urlencoded"})
    token = json.loads(data)["access_token"]
    auth = {"Authorization": f"Bearer {token}"}

    print("| operation | requests | clients | requests/s | p50 ms | p90 ms | p99 ms |")
    print("|---|---|---|---|---|---|---|")
    upload_ids = []

    def do_upload(index):
        latency, upload_id = upload(token, index)
        upload_ids.append(upload_id)
        return latency

    timed_run("POST /api/v3/uploads (60-point GPX)", UPLOADS, do_upload)

    def do_poll(index):
        started = time.perf_counter()
        status, _ = request("GET", f"/api/v3/uploads/{upload_ids[index % len(upload_ids)]}", headers=auth)
        assert status == 200, status
        return time.perf_counter() - started

    timed_run("GET /api/v3/uploads/{id}", POLLS, do_poll)

    # Processing delay as a client sees it: POST, then poll every 50 ms until ready.
    def time_to_ready(index):
        posted = time.perf_counter()
        _, upload_id = upload(token, 100_000 + index)
        while True:
            time.sleep(0.05)
            status, data = request("GET", f"/api/v3/uploads/{upload_id}", headers=auth)
            if json.loads(data)["status"] != "Your activity is still being processed.":
                return time.perf_counter() - posted

    with concurrent.futures.ThreadPoolExecutor(TIMED) as pool:
        delays = list(pool.map(time_to_ready, range(TIMED)))
    p = percentiles(delays)
    print()
    print(f"Processing delay seen by a client polling every 50 ms ({TIMED} uploads, default distribution):")
    print(f"median {statistics.median(delays):.2f} s, mean {statistics.mean(delays):.2f} s, "
          f"p90 {p['p90']:.2f} s, p99 {p['p99']:.2f} s, max {p['max']:.2f} s")


main()
