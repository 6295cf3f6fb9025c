"""What the benchmark drivers share: a standalone `trackdrop sandbox` process and `trackdrop auth login --manual`
against it, the browser's part played by curl (the sandbox approves at once)."""
import json, os, re, subprocess, threading


def start_sandbox(binary, work, settings=None):
    """Starts `trackdrop sandbox --port 0` (with `settings` as its configuration file); returns
    (process, base URL, client id, client secret). Its later output is drained in the background."""
    arguments = [binary, "sandbox", "--port", "0"]
    if settings is not None:
        config = os.path.join(work, "sandbox.json")
        with open(config, "w") as f:
            json.dump(settings, f)
        arguments += ["--config", config]
    proc = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    found = {}
    for line in proc.stdout:
        for key, pattern in (("url", r"listening on (\S+)"), ("id", r"client id:\s+(\S+)"), ("secret", r"client secret:\s+(\S+)")):
            m = re.search(pattern, line)
            if m: found[key] = m.group(1)
        if len(found) == 3: break
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    return proc, found.get("url"), found.get("id"), found.get("secret")


def login(binary, config, timeout=300):
    """`trackdrop auth login --manual`; returns (exit status, output)."""
    proc = subprocess.Popen([binary, "auth", "login", "--manual", "--config", config], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        m = re.search(r"(http://127\.0\.0\.1:\d+/oauth/authorize\S+)", line)
        if m:
            redirect = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{redirect_url}", m.group(1)],
                                      capture_output=True, text=True).stdout.strip()
            proc.stdin.write(redirect + "\n")
            proc.stdin.flush()
            break
    out, _ = proc.communicate(timeout=timeout)
    return proc.returncode, out
