#!/usr/bin/env python3
"""trackdrop daemon benchmark driver (see Benchmarks/daemon.sh)."""
import datetime, json, os, re, shutil, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import sandboxrun  # noqa: E402  (Benchmarks/sandboxrun.py)

BIN = sys.argv[1]
FILES = int(os.environ.get("LATENCY_FILES", "30"))
SCAN_FILES = int(os.environ.get("SCAN_FILES", "10000"))
IDLE_SECONDS = int(os.environ.get("IDLE_SECONDS", "30"))
SETTLE = float(os.environ.get("SETTLE_SECONDS", "1.0"))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gpx(index, points=60):
    start = datetime.datetime(2020, 1, 1, 6, 0, 0) + datetime.timedelta(hours=index)
    rows = []
    for i in range(points):
        t = (start + datetime.timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f'<trkpt lat="{47.3769 + i * 0.000019:.7f}" lon="{8.5417 + i * 0.000019:.7f}"><ele>410</ele><time>{t}</time></trkpt>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" '
            'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Bench</name><trkseg>\n'
            + "\n".join(rows) + "\n</trkseg></trk></gpx>\n")


def start_sandbox(work):
    return sandboxrun.start_sandbox(BIN, work, {
        "rate_limit_overall_short": 100000, "rate_limit_overall_daily": 1000000,
        "rate_limit_read_short": 100000, "rate_limit_read_daily": 1000000})


def write_config(work, inbox, url, client_id, secret):
    config = os.path.join(work, "config.json")
    with open(config, "w") as f:
        json.dump({"folders": [{"path": inbox}], "settle_seconds": SETTLE,
                   "state_folder": os.path.join(work, "state"),
                   "strava": {"client_id": client_id, "client_secret": secret, "base_url": url,
                              "credentials_file": os.path.join(work, "credentials.json")}}, f)
    return config


def login(config):
    status, out = sandboxrun.login(BIN, config, timeout=60)
    if status != 0:
        raise SystemExit(f"login failed: {out}")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid, key="VmRSS"):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def latency_and_idle(work, config, inbox):
    proc = subprocess.Popen([BIN, "watch", "--config", config, "--log-format", "json", "--verbose"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    sent = {}
    ready = threading.Event()

    def reader():
        for line in proc.stderr:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            message = event.get("message", "")
            if message.startswith("watching"):
                ready.set()
            m = re.match(r"sending (\S+)", message)
            if m:
                sent[m.group(1)] = datetime.datetime.fromisoformat(event["time"].replace("Z", "+00:00")).timestamp()

    threading.Thread(target=reader, daemon=True).start()
    ready.wait(60)
    closed = {}
    for i in range(FILES):
        name = f"latency-{i:03d}.gpx"
        with open(os.path.join(inbox, name), "w") as f:
            f.write(gpx(1000 + i))
        closed[name] = time.time()
        time.sleep(SETTLE + 0.5)
    deadline = time.time() + 60
    while len(sent) < FILES and time.time() < deadline:
        time.sleep(0.2)
    latencies = sorted((sent[n] - closed[n]) * 1000 for n in closed if n in sent)
    # Idle: let uploads resolve, then measure.
    time.sleep(5)
    cpu0, t0 = cpu_seconds(proc.pid), time.time()
    time.sleep(IDLE_SECONDS)
    cpu1, t1 = cpu_seconds(proc.pid), time.time()
    idle = {"cpu_percent": 100 * (cpu1 - cpu0) / (t1 - t0), "rss_mb": rss_kb(proc.pid) / 1024,
            "seconds": round(t1 - t0)}
    proc.terminate()
    proc.wait(timeout=10)
    return latencies, idle


def timed_run(config):
    result = subprocess.run(["/usr/bin/time", "-f", "%e %M", BIN, "watch", "--once", "--config", config],
                            capture_output=True, text=True)
    elapsed, peak_kb = result.stderr.strip().splitlines()[-1].split()
    return float(elapsed), int(peak_kb) / 1024, result.returncode


def percentile(values, p):
    if not values: return float("nan")
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def main():
    work = tempfile.mkdtemp(prefix="trackdrop-bench-")
    sandbox, url, client_id, secret = start_sandbox(work)
    try:
        inbox = os.path.join(work, "inbox"); os.makedirs(inbox)
        config = write_config(work, inbox, url, client_id, secret)
        login(config)
        latencies, idle = latency_and_idle(work, config, inbox)
        # Partial figures first, so a long scan phase cannot lose them.
        print(json.dumps({"latencies_ms": latencies, "idle": idle}), flush=True)

        scan = os.path.join(work, "scan"); os.makedirs(scan)
        body = gpx(5000)
        for i in range(SCAN_FILES):
            with open(os.path.join(scan, f"scan-{i:05d}.gpx"), "w") as f:
                f.write(body)  # one activity exported 10,000 times: 1 upload, the rest local duplicates
        scan_config = write_config(work, scan, url, client_id, secret)
        first = timed_run(scan_config)
        second = timed_run(scan_config)
        stats = json.loads(subprocess.run(["curl", "-s", url + "/_sandbox/stats"], capture_output=True, text=True).stdout)
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)

    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    cpu = os.cpu_count()
    lines = [
        "# Daemon benchmark", "",
        f"Date: {date}. Machine: {cpu} cores (shared with other builds while measuring). Release build.",
        "Command: `Benchmarks/daemon.sh` (driver `Benchmarks/daemon/bench.py`), against `trackdrop sandbox` on loopback,",
        "connected through `trackdrop auth login --manual`.", "",
        "## Latency: file closed → upload request sent",
        f"{len(latencies)} of {FILES} files written one at a time into a watched folder, settle time {SETTLE:.1f} s;",
        "latency = time of the daemon's `sending <file>` log line (written just before the POST) minus the time the",
        "writer closed the file.", "",
        "| median | p95 | min | max | median minus settle time |", "|---|---|---|---|---|",
        f"| {statistics.median(latencies):.0f} ms | {percentile(latencies, 95):.0f} ms | {latencies[0]:.0f} ms | {latencies[-1]:.0f} ms | {statistics.median(latencies) - SETTLE * 1000:.0f} ms |" if latencies else "| – | – | – | – | – |",
        "", f"Target: within 100 ms of the settle time.", "",
        f"## Startup scan: {SCAN_FILES:,} files",
        f"`trackdrop watch --once` on a folder of {SCAN_FILES:,} small GPX files (the same activity: 1 upload, the rest",
        "local duplicates without an API call).", "",
        "| run | wall time | peak RSS | exit |", "|---|---|---|---|",
        f"| first (hash, normalize, ledger, sidecar for every file) | {first[0]:.1f} s | {first[1]:.0f} MB | {first[2]} |",
        f"| restart (every file already in the ledger: scan + settle + stat) | {second[0]:.1f} s | {second[1]:.0f} MB | {second[2]} |",
        "", f"Sandbox saw {stats.get('uploads')} upload(s) for the scan folder and latency files together.", "",
        "## Idle while watching",
        f"After the latency run, the daemon idle for {idle['seconds']} s: CPU {idle['cpu_percent']:.2f} %, RSS {idle['rss_mb']:.1f} MB.",
    ]
    out = os.path.join(ROOT, "results", "daemon.md")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
