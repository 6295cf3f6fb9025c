#!/usr/bin/env python3
"""trackdrop soak driver (see Benchmarks/soak.sh)."""
import datetime, json, os, random, re, shutil, signal, subprocess, sys, tempfile, threading, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import sandboxrun  # noqa: E402  (Benchmarks/sandboxrun.py)

BIN, BUILD = sys.argv[1], sys.argv[2]
FILES = int(os.environ.get("SOAK_FILES", "300"))
KILLS = int(os.environ.get("SOAK_KILLS", "40"))
ONESHOT_BATCHES = int(os.environ.get("SOAK_ONESHOT_BATCHES", "5"))
ONESHOT_SIZE = int(os.environ.get("SOAK_ONESHOT_SIZE", "10"))
RSS_FILES = int(os.environ.get("RSS_FILES", "10000"))
FINAL_WAIT = int(os.environ.get("SOAK_FINAL_WAIT", "1800"))  # seconds for the last daemon run to finish everything
WINDOW = 30  # sandbox rate-limit window (s), so that limits bite within the run
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
random.seed(12)


def gpx(index, points=60):
    start = datetime.datetime(2019, 1, 1, 6, 0, 0) + datetime.timedelta(hours=index)
    rows = []
    for i in range(points):
        t = (start + datetime.timedelta(seconds=i * 2)).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f'<trkpt lat="{47.3769 + i * 0.00003:.7f}" lon="{8.5417 + i * 0.00003:.7f}"><ele>410</ele><time>{t}</time></trkpt>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="soak" '
            'xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Soak</name><trkseg>\n'
            + "\n".join(rows) + "\n</trkseg></trk></gpx>\n")


def start_sandbox(work, settings):
    return sandboxrun.start_sandbox(BIN, work, settings)


def stop_sandbox(sandbox):
    sandbox.terminate()
    try:
        sandbox.wait(timeout=30)
    except subprocess.TimeoutExpired:
        sandbox.kill()
        sandbox.wait()


def control(url, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"{}")


def write_config(work, inbox, url, client_id, secret):
    config = os.path.join(work, "config.json")
    with open(config, "w") as f:
        json.dump({"folders": [{"path": inbox}], "settle_seconds": 0.3,
                   "state_folder": os.path.join(work, "state"),
                   "strava": {"client_id": client_id, "client_secret": secret, "base_url": url,
                              "rate_limit_window_seconds": WINDOW,
                              "credentials_file": os.path.join(work, "credentials.json")}}, f)
    return config


def login(config):
    return sandboxrun.login(BIN, config)


def rss_kb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def final_sidecar(path):
    try:
        with open(path + ".result.json") as f:
            sidecar = json.load(f)
    except (OSError, ValueError):
        return None
    return None if sidecar.get("status") == "pending" else sidecar


class Daemon:
    def __init__(self, config, logs):
        self.config, self.logs, self.proc, self.runs = config, logs, None, 0

    def start(self):
        self.runs += 1
        log = open(os.path.join(self.logs, f"daemon-{self.runs:03d}.log"), "w")
        self.proc = subprocess.Popen([BIN, "watch", "--config", self.config], stdout=subprocess.DEVNULL, stderr=log)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def grep_logs(folder, pattern):
    count = 0
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), errors="replace") as f:
            count += sum(1 for line in f if re.search(pattern, line))
    return count


def soak(work):
    settings = {
        "rotate_refresh_tokens": True, "access_token_lifetime_seconds": 60, "same_token_threshold_seconds": 0,
        "processing_fixed_seconds": 0.5,
        "rate_limit_overall_short": 150, "rate_limit_read_short": 120,
        "rate_limit_overall_daily": 1_000_000, "rate_limit_read_daily": 1_000_000,
        "rate_limit_window_seconds": WINDOW, "rate_limit_daily_seconds": WINDOW * 96,
        "faults": {"seed": 5, "server_error_rate": 0.05, "dropped_connection_rate": 0.04,
                   "drop_after_processing": True, "stall_rate": 0.01, "stall_after_processing": True,
                   "stall_seconds": 120},
    }
    sandbox, url, client_id, secret = start_sandbox(work, settings)
    logs = os.path.join(work, "logs"); os.makedirs(logs)
    inbox = os.path.join(work, "inbox"); os.makedirs(inbox)
    config = write_config(work, inbox, url, client_id, secret)
    status, out = login(config)
    if status != 0:
        raise SystemExit(f"login failed: {out}")
    daemon_files = FILES - ONESHOT_BATCHES * ONESHOT_SIZE
    paths, oneshots, oneshot_runs = [], [], []
    began = time.time()
    daemon = Daemon(config, logs)
    daemon.start()
    written = 0
    revoked_at = KILLS // 2
    relogin = None
    for kill in range(1, KILLS + 1):
        # Files arrive while the daemon runs; each run lives 1.5 to 5 s before it is killed.
        batch = max(1, daemon_files // KILLS + (1 if kill <= daemon_files % KILLS else 0))
        for _ in range(batch):
            if written >= daemon_files: break
            path = os.path.join(inbox, f"soak-{written:05d}.gpx")
            with open(path, "w") as f:
                f.write(gpx(written))
            paths.append(path)
            written += 1
        if ONESHOT_BATCHES and kill % max(1, KILLS // ONESHOT_BATCHES) == 3 and len(oneshot_runs) < ONESHOT_BATCHES:
            folder = os.path.join(work, f"oneshot-{len(oneshot_runs)}"); os.makedirs(folder)
            for i in range(ONESHOT_SIZE):
                index = 5_000 + len(oneshot_runs) * 100 + i
                path = os.path.join(folder, f"one-{index}.gpx")
                with open(path, "w") as f:
                    f.write(gpx(index))
                oneshots.append(path)
            log = open(os.path.join(logs, f"upload-{len(oneshot_runs)}.log"), "w")
            oneshot_runs.append(subprocess.Popen([BIN, "upload", folder, "--config", config],
                                                 stdout=log, stderr=subprocess.STDOUT))
        if kill == revoked_at:
            control(url, "/_sandbox/revoke", {})
            relogin = threading.Thread(target=lambda: (time.sleep(5), login(config)))
            relogin.start()
        time.sleep(random.uniform(1.5, 5.0))
        daemon.kill()
        daemon.start()
    while written < daemon_files:
        path = os.path.join(inbox, f"soak-{written:05d}.gpx")
        with open(path, "w") as f:
            f.write(gpx(written))
        paths.append(path)
        written += 1
    if relogin: relogin.join()
    # No more kills: everything must end final.
    deadline = time.time() + FINAL_WAIT
    while time.time() < deadline:
        if all(final_sidecar(p) for p in paths) and all(r.poll() is not None for r in oneshot_runs):
            break
        time.sleep(1)
    wall = time.time() - began
    daemon.stop()
    # One-shot runs that left files pending (e.g. paused by the revocation) are finished by one more run.
    unfinished = [p for p in oneshots if not final_sidecar(p)]
    if unfinished:
        subprocess.run([BIN, "upload", *unfinished, "--config", config], capture_output=True, timeout=FINAL_WAIT)
    stats = control(url, "/_sandbox/stats")
    activities = control(url, "/_sandbox/activities")
    stop_sandbox(sandbox)
    by_external = {}
    for activity in activities if isinstance(activities, list) else activities.get("activities", []):
        if activity.get("deleted"): continue
        key = activity["external_id"].rsplit(".", 1)[0]
        by_external[key] = by_external.get(key, 0) + 1
    all_paths = paths + oneshots
    lost = [p for p in all_paths if not final_sidecar(p)]
    statuses = {}
    for p in all_paths:
        sidecar = final_sidecar(p)
        if sidecar: statuses[sidecar["status"]] = statuses.get(sidecar["status"], 0) + 1
    return {
        "files": len(all_paths), "daemon_files": len(paths), "oneshot_files": len(oneshots),
        "kills": KILLS, "daemon_runs": daemon.runs, "oneshot_runs": len(oneshot_runs),
        "oneshot_exit_codes": [r.returncode for r in oneshot_runs],
        "lost": len(lost), "doubled": sum(n - 1 for n in by_external.values() if n > 1),
        "activities": sum(by_external.values()), "statuses": statuses,
        "rate_limited": stats.get("rate_limited"), "uploads_posted": stats.get("uploads"),
        "faults": stats.get("faults_injected"), "token_requests": stats.get("requests", {}).get("POST /oauth/token"),
        "wall_seconds": round(wall), "revoked_lines": grep_logs(logs, r"reconnect required|access was revoked"),
    }


def rss_run(work):
    settings = {"processing_fixed_seconds": 0.2, "rate_limit_overall_short": 1_000_000,
                "rate_limit_read_short": 1_000_000, "rate_limit_overall_daily": 100_000_000,
                "rate_limit_read_daily": 100_000_000}
    sandbox, url, client_id, secret = start_sandbox(work, settings)
    inbox = os.path.join(work, "inbox"); os.makedirs(inbox)
    config = write_config(work, inbox, url, client_id, secret)
    login(config)
    logs = os.path.join(work, "logs"); os.makedirs(logs)
    daemon = Daemon(config, logs)
    daemon.start()
    samples, began = [], time.time()
    done = 0
    paths = []
    chunk = 250
    for start in range(0, RSS_FILES, chunk):
        for i in range(start, min(RSS_FILES, start + chunk)):
            path = os.path.join(inbox, f"rss-{i:05d}.gpx")
            with open(path, "w") as f:
                f.write(gpx(10_000 + i))
            paths.append(path)
        # Keep at most two chunks ahead of the daemon, as a steady trickle of files would be.
        while done < len(paths) - chunk:
            time.sleep(1)
            done = sum(1 for p in paths if os.path.exists(p + ".result.json"))
            samples.append((done, rss_kb(daemon.proc.pid)))
    deadline = time.time() + 3600
    while done < len(paths) and time.time() < deadline:
        time.sleep(1)
        done = sum(1 for p in paths if final_sidecar(p))
        samples.append((done, rss_kb(daemon.proc.pid)))
    wall = time.time() - began
    daemon.stop()
    stop_sandbox(sandbox)
    at_1000 = next((kb for n, kb in samples if n >= min(1000, len(paths))), None)
    return {"files": len(paths), "done": done, "rss_at_1000_kb": at_1000, "rss_last_kb": samples[-1][1] if samples else None,
            "rss_max_kb": max((kb for _, kb in samples), default=None), "wall_seconds": round(wall),
            "samples": samples[:: max(1, len(samples) // 20)]}


def main():
    results = {}
    if FILES > 0:
        work = tempfile.mkdtemp(prefix="trackdrop-soak-")
        try:
            results["soak"] = soak(work)
            print(json.dumps(results["soak"]), flush=True)
            write_report(results)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if RSS_FILES > 0:
        work = tempfile.mkdtemp(prefix="trackdrop-rss-")
        try:
            results["rss"] = rss_run(work)
            print(json.dumps({k: v for k, v in results["rss"].items() if k != "samples"}), flush=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    write_report(results)


def write_report(results):
    """Benchmarks/results/soak.md for a soak (and memory) run; Benchmarks/results/soak-memory.md for a memory run
    alone (SOAK_FILES=0), so that each keeps its own latest figures."""
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    env = f"SOAK_FILES={FILES} SOAK_KILLS={KILLS} RSS_FILES={RSS_FILES} BUILD={BUILD}"
    if "soak" not in results:
        lines = ["# Soak: the daemon's memory over a long run", "",
                 f"Date: {date}. Machine: {os.cpu_count()} cores shared with other work. Binary: {BUILD} build.",
                 f"Command: `{env} Benchmarks/soak.sh` (driver `Benchmarks/soak/soak.py`), against a standalone",
                 "`trackdrop sandbox` on loopback, connected through `trackdrop auth login --manual`."]
        lines += memory_section(results)
        out = os.path.join(ROOT, "results", "soak-memory.md")
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
        return
    s = results["soak"]
    lines = [
        "# Soak: kills, faults, one-shot runs beside the daemon, long-run memory", "",
        f"Date: {date}. Machine: {os.cpu_count()} cores shared with other builds. Binary: {BUILD} build.",
        f"Command: `{env} Benchmarks/soak.sh` (driver `Benchmarks/soak/soak.py`), against a standalone",
        "`trackdrop sandbox` on loopback, connected through `trackdrop auth login --manual`.", "",
        "## Soak",
        f"Sandbox: 5 % 5xx, 4 % connections dropped after the request took effect, 1 % answers stalled after the head",
        f"(after the request took effect), refresh tokens rotated at every refresh, access tokens living 60 s (so every",
        f"call refreshes), rate limits of 150 overall / 120 read per {WINDOW}-s window, all tokens revoked after kill",
        f"{KILLS // 2} and `trackdrop auth login --manual` run again 5 s later. The daemon is SIGKILLed {s['kills']} times,",
        f"1.5 to 5 s after each start, while files arrive; {s['oneshot_runs']} `trackdrop upload` runs of {ONESHOT_SIZE} other files",
        "each run beside it on the same state folder and credentials file.", "",
        "| files | kills | lost | doubled | 429s | wall time | one-shot exit codes | revoked/reconnect log lines |",
        "|---|---|---|---|---|---|---|---|",
        f"| {s['files']} ({s['daemon_files']} watched + {s['oneshot_files']} one-shot) | {s['kills']} | {s['lost']} | {s['doubled']} | "
        f"{s['rate_limited']} | {s['wall_seconds']} s | {s['oneshot_exit_codes']} | {s['revoked_lines']} |", "",
        f"Final statuses: {s['statuses']}. Activities at the sandbox: {s['activities']}; upload POSTs it received:",
        f"{s['uploads_posted']}; token requests: {s['token_requests']}; faults injected: {s['faults']}.",
        "`lost`: files without a final sidecar at the end; `doubled`: activities beyond one per external id.",
        "The revoked/reconnect lines are the daemon's reaction to the deliberate revocation (expected > 0).",
    ]
    lines += memory_section(results)
    out = os.path.join(ROOT, "results", "soak.md")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def memory_section(results):
    if "rss" not in results:
        return []
    r = results["rss"]
    growth = (r["rss_last_kb"] - r["rss_at_1000_kb"]) / 1024 if r["rss_at_1000_kb"] and r["rss_last_kb"] else float("nan")
    return ["", f"## Daemon memory over {r['files']:,} files",
            "One daemon, no kills, no faults; files written 250 at a time, at most two batches ahead of it.", "",
            "| files final | RSS at the 1,000th | RSS at the end | max RSS | growth 1,000th → end | wall time |",
            "|---|---|---|---|---|---|",
            f"| {r['done']:,} | {r['rss_at_1000_kb'] / 1024:.1f} MB | {r['rss_last_kb'] / 1024:.1f} MB | {r['rss_max_kb'] / 1024:.1f} MB | {growth:+.1f} MB | {r['wall_seconds']} s |",
            "", "Target: growth ≤ 10 MB. Samples (files with a sidecar, RSS kB): "
            + ", ".join(f"{n}:{kb}" for n, kb in r["samples"])]


if __name__ == "__main__":
    main()
