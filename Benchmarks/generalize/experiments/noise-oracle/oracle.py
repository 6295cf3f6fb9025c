#!/usr/bin/env python3
"""Cleans each gm-watch and gm-phone file of a set with the smoothing's effective noise set to what the generator
really put in, instead of what the cleaner fitted (noise-oracle/README.md).

Usage: oracle.py DRIVER WORK_DIR
  DRIVER    the cleaner built with oracle.patch (TD_DIAG prints the fitted model, TD_EFF scales its effective noise)
  WORK_DIR  holds in/ (the set) and base/ (the same files cleaned by main); writes oracle/ (every file: the oracle's
            output for the Gauss-Markov files with one fitted model, base's copy for the others) and oracle.json
            (per file: the fitted and the true effective noise).
The true effective noise is what SparseTurns.effectiveSigma makes of the generator's own parameters: white noise
plus the share of the wander that moves within SparseTurns.wanderReachSeconds (30 s), sqrt(w^2 + min(1, 30/tau) s^2).
"""
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

REACH = 30.0


def main():
    driver, work = sys.argv[1], sys.argv[2]
    out_dir = os.path.join(work, "oracle")
    os.makedirs(out_dir, exist_ok=True)
    table = {}
    for path in sorted(glob.glob(os.path.join(work, "in", "*.gpx"))):
        name = os.path.basename(path)[:-4]
        info = json.load(open(os.path.join(work, "in", name + ".truth.json")))
        params = info.get("params") or {}
        target = os.path.join(out_dir, name + ".gpx")
        shutil.copyfile(os.path.join(work, "base", name + ".gpx"), target)
        if info.get("generator") not in ("gm-watch", "gm-phone") or "tau_s" not in params:
            continue
        # The driver writes its output atomically (a temporary file renamed over the target), so it gets a scratch
        # file of its own, never a device such as /dev/null.
        with tempfile.TemporaryDirectory() as scratch:
            run = subprocess.run([driver, path, os.path.join(scratch, "fit.gpx")], env={**os.environ, "TD_DIAG": "1"},
                                 capture_output=True, text=True, check=True)
        fitted = [float(m.group(1)) for m in re.finditer(r"eff ([0-9.]+)", run.stderr)]
        if len(fitted) != 1:  # several smoothings (noise stretches): no one factor is the oracle's
            continue
        sigma, tau, white = params["sigma_m"], params["tau_s"], params["white_m"]
        true = math.sqrt(white * white + min(1.0, REACH / tau) * sigma * sigma)
        factor = true / fitted[0]
        subprocess.run([driver, path, target], env={**os.environ, "TD_EFF": repr(factor)},
                       capture_output=True, check=True)
        table[name] = {"fitted": fitted[0], "true": true, "factor": factor,
                       "model": run.stderr.strip().splitlines()[-1]}
    json.dump(table, open(os.path.join(work, "oracle.json"), "w"), indent=1)
    under = sum(1 for v in table.values() if v["fitted"] < v["true"])
    print("%d Gauss-Markov files with one fitted model: fitted effective noise under the true one in %d, over it in %d"
          % (len(table), under, len(table) - under))


if __name__ == "__main__":
    main()
