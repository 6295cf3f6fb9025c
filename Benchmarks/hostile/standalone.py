"""Peak RSS of the daemon alone (`watch --once`) on one input, against a `trackdrop sandbox` in its own process,
so the sandbox's reading of the upload is not counted (with `--sandbox` it runs in the daemon's process).
usage: standalone.py TRACKDROP FILE WORK  -> prints "RSS_MIB SECONDS STATUS" """
import json, os, re, shutil, subprocess, sys, threading

BIN, FILE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(WORK, ignore_errors=True)
inbox = os.path.join(WORK, "inbox")
os.makedirs(inbox)
try:
    os.link(FILE, os.path.join(inbox, os.path.basename(FILE)))
except OSError:
    shutil.copy(FILE, inbox)
sandbox = subprocess.Popen([BIN, "sandbox", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
url = client_id = secret = None
for line in sandbox.stdout:
    for key, pattern in (("url", r"listening on (\S+)"), ("id", r"client id:\s+(\S+)"), ("secret", r"client secret:\s+(\S+)")):
        m = re.search(pattern, line)
        if m: url, client_id, secret = (m.group(1), client_id, secret) if key == "url" else (url, m.group(1), secret) if key == "id" else (url, client_id, m.group(1))
    if url and client_id and secret: break
threading.Thread(target=lambda: [None for _ in sandbox.stdout], daemon=True).start()
config = os.path.join(WORK, "config.json")
with open(config, "w") as f:
    json.dump({"folders": [{"path": inbox}], "settle_seconds": 0.2, "state_folder": os.path.join(WORK, "state"),
               "strava": {"client_id": client_id, "client_secret": secret, "base_url": url,
                          "credentials_file": os.path.join(WORK, "credentials.json")}}, f)
login = subprocess.Popen([BIN, "auth", "login", "--manual", "--config", config], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
for line in login.stdout:
    m = re.search(r"(http://127\.0\.0\.1:\d+/oauth/authorize\S+)", line)
    if m:
        redirect = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{redirect_url}", m.group(1)],
                                  capture_output=True, text=True).stdout.strip()
        login.stdin.write(redirect + "\n"); login.stdin.flush()
        break
login.communicate(timeout=120)
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
