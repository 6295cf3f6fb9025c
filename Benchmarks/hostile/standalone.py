"""Peak RSS of the daemon alone (`watch --once`) on one input, against a `trackdrop sandbox` in its own process,
so the sandbox's reading of the upload is not counted (with `--sandbox` it runs in the daemon's process).
usage: standalone.py TRACKDROP FILE WORK  -> prints "RSS_MIB SECONDS STATUS" """
import json, os, shutil, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import sandboxrun  # noqa: E402  (Benchmarks/sandboxrun.py)

BIN, FILE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(WORK, ignore_errors=True)
inbox = os.path.join(WORK, "inbox")
os.makedirs(inbox)
try:
    os.link(FILE, os.path.join(inbox, os.path.basename(FILE)))
except OSError:
    shutil.copy(FILE, inbox)
sandbox, url, client_id, secret = sandboxrun.start_sandbox(BIN, WORK)
config = os.path.join(WORK, "config.json")
with open(config, "w") as f:
    json.dump({"folders": [{"path": inbox}], "settle_seconds": 0.2, "state_folder": os.path.join(WORK, "state"),
               "strava": {"client_id": client_id, "client_secret": secret, "base_url": url,
                          "credentials_file": os.path.join(WORK, "credentials.json")}}, f)
sandboxrun.login(BIN, config, timeout=120)
timing = os.path.join(WORK, "time.log")
subprocess.run(["/usr/bin/time", "-f", "%M %e", "-o", timing, BIN, "watch", "--once", "--config", config],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
sandbox.terminate(); sandbox.wait(timeout=30)
rss_kb, seconds = open(timing).read().split()[-2:]
status = "?"
for name in os.listdir(inbox):
    if name.endswith(".result.json"):
        status = json.load(open(os.path.join(inbox, name)))["status"]
print(f"{int(rss_kb) / 1024:.0f} {seconds} {status}")
