#!/usr/bin/env python3
"""Loads a page in headless Chromium and reports what the browser drew, for trackdrop's tests.

Usage: page_check.py URL SCREENSHOT.png ELEMENT_ID...

Talks to Chromium over the DevTools protocol (a WebSocket on loopback; standard library only), loads URL,
waits for the load event, and prints one JSON object:
  {"errors": [...],            console errors, uncaught exceptions and failed loads
   "title": "...",
   "elements": {ID: {"found": bool, "tag": "polyline", "vertices": N, "bbox": [x, y, w, h]}},
   "screenshot": "SCREENSHOT.png"}
For a polyline, vertices are the points the browser parsed; for a group, the sum over its polylines.
The exit status is 0 when the page loaded, whatever it found; the caller asserts.
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

CANDIDATES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]


class DevTools:
    def __init__(self, ws_url):
        assert ws_url.startswith("ws://")
        host_port, path = ws_url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            response += chunk
        head, self.buffer = response.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("DevTools refused the WebSocket: " + head.decode(errors="replace"))
        self.next_id = 0
        self.events = []

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _receive(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            length = b1 & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(length)
            if mask:
                payload = bytes(c ^ mask[i % 4] for i, c in enumerate(payload))
            opcode = b0 & 0x0F
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if b0 & 0x80:
                return json.loads(message)

    def send(self, method, params=None):
        self.next_id += 1
        body = json.dumps({"id": self.next_id, "method": method, "params": params or {}}).encode()
        header = bytearray([0x81])
        if len(body) < 126:
            header.append(0x80 | len(body))
        elif len(body) < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack(">H", len(body))
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", len(body))
        mask = os.urandom(4)
        self.sock.sendall(bytes(header) + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(body)))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method, timeout):
        deadline = time.time() + timeout
        for event in self.events:
            if event.get("method") == method:
                return event
        while time.time() < deadline:
            message = self._receive()
            self.events.append(message)
            if message.get("method") == method:
                return message
        raise RuntimeError(f"no {method} within {timeout} s")


MEASURE = r"""
(ids) => {
  const out = {};
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el) { out[id] = {found: false}; continue; }
    const lines = el.tagName.toLowerCase() === 'polyline' ? [el] : Array.from(el.querySelectorAll('polyline'));
    let vertices = 0;
    for (const line of lines) vertices += line.points.numberOfItems;
    let bbox = null;
    if (typeof el.getBBox === 'function') { const b = el.getBBox(); bbox = [b.x, b.y, b.width, b.height]; }
    else { const r = el.getBoundingClientRect(); bbox = [r.x, r.y, r.width, r.height]; }
    out[id] = {found: true, tag: el.tagName.toLowerCase(), vertices: vertices, bbox: bbox,
               text: (el.textContent || '').slice(0, 200)};
  }
  return JSON.stringify({title: document.title, elements: out, height: document.documentElement.scrollHeight});
}
"""


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    url, screenshot, ids = sys.argv[1], sys.argv[2], sys.argv[3:]
    browser = next((shutil.which(c) for c in CANDIDATES if shutil.which(c)), None)
    if browser is None:
        sys.exit("no Chromium found (apt-get install chromium)")
    profile = tempfile.mkdtemp(prefix="trackdrop-browser-")
    process = subprocess.Popen(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
         f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 60
        while not (os.path.exists(port_file) and open(port_file).read().count("\n") >= 1):
            if process.poll() is not None or time.time() > deadline:
                sys.exit("Chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        port = int(open(port_file).read().split("\n")[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(t for t in targets if t.get("type") == "page")
        tools = DevTools(page["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Log"):
            tools.send(f"{domain}.enable")
        tools.send("Emulation.setDeviceMetricsOverride",
                   {"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        navigation = tools.send("Page.navigate", {"url": url})
        errors = []
        if navigation.get("errorText"):
            errors.append("navigation: " + navigation["errorText"])
        else:
            tools.wait_for("Page.loadEventFired", 60)
        measured = json.loads(tools.send("Runtime.evaluate", {
            "expression": f"({MEASURE})({json.dumps(ids)})", "returnByValue": True})["result"]["value"])
        height = min(int(measured.get("height") or 900), 16000)
        tools.send("Emulation.setDeviceMetricsOverride",
                   {"width": 1100, "height": height, "deviceScaleFactor": 1, "mobile": False})
        shot = tools.send("Page.captureScreenshot", {"format": "png"})
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        for event in tools.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append("exception: " + params.get("exceptionDetails", {}).get("text", "?"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append("console: " + " ".join(str(a.get("value", "")) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append("log: " + params["entry"].get("text", "?"))
        print(json.dumps({"errors": errors, "title": measured.get("title"), "elements": measured.get("elements"),
                          "screenshot": screenshot}))
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
