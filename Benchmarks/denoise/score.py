#!/usr/bin/env python3
"""Scores denoised GPX files against the known true path and writes the results table (python3 stdlib).

Usage: score.py WORK_DIR TOOLS_JSON RESULT_MD
WORK_DIR holds in/ (synthetic inputs and truth), corpus/ (device files) and out/<tool>/ for each tool.
"""
import json
import math
import os
import statistics
import sys
import xml.etree.ElementTree as ET

EARTH = 6371008.8


def read_points(path):
    """Segments of (lat, lon, time string or None) from a GPX 1.0/1.1 file."""
    segments = []
    for seg in ET.parse(path).getroot().iter():
        if not seg.tag.endswith("trkseg"):
            continue
        points = []
        for pt in seg:
            if not pt.tag.endswith("trkpt"):
                continue
            stamp = None
            for child in pt:
                if child.tag.endswith("time") and child.text:
                    stamp = child.text.strip()
            points.append((float(pt.get("lat")), float(pt.get("lon")), stamp))
        segments.append(points)
    return segments


def haversine(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH * math.asin(min(1.0, math.sqrt(h)))


def length(segments):
    return sum(haversine(s[i - 1], s[i]) for s in segments for i in range(1, len(s)))


def normalize_stamp(stamp):
    # Tools write 2026-11-14T07:00:00Z, ...00.000Z or ...00+00:00; the truth uses the first form.
    if stamp is None:
        return None
    stamp = stamp.replace("+00:00", "Z")
    if "." in stamp:
        stamp = stamp.split(".")[0] + "Z"
    return stamp


def max_deviation(segments, truth):
    lat0, lon0 = truth["origin"]
    path = truth["path"]
    arc_at = truth["arc_at"]
    kx = EARTH * math.cos(math.radians(lat0)) * math.pi / 180
    ky = EARTH * math.pi / 180
    worst = 0.0
    for seg in segments:
        for lat, lon, stamp in seg:
            x, y = (lon - lon0) * kx, (lat - lat0) * ky
            arc = arc_at.get(normalize_stamp(stamp))
            if arc is None:
                lo, hi = 0, len(path) - 1
            else:
                lo, hi = max(0, int(arc) - 200), min(len(path) - 1, int(arc) + 200)
            best = float("inf")
            for i in range(lo, hi):
                ax, ay = path[i]
                bx, by = path[i + 1]
                dx, dy = bx - ax, by - ay
                l2 = dx * dx + dy * dy
                f = 0.0 if l2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / l2))
                ex, ey = x - (ax + f * dx), y - (ay + f * dy)
                d = ex * ex + ey * ey
                if d < best:
                    best = d
            worst = max(worst, math.sqrt(best))
    return worst


def main():
    work, tools_json, result = sys.argv[1], sys.argv[2], sys.argv[3]
    tools = json.loads(tools_json)  # [[name, command description], ...]
    inputs = sorted(f[:-4] for f in os.listdir(os.path.join(work, "in")) if f.endswith(".gpx"))
    cases = sorted({name.rsplit("-", 1)[0] for name in inputs}, key=lambda c: inputs.index(next(n for n in inputs if n.startswith(c))))
    rows = {}
    samples_floor = {}  # case -> error of the noise-free samples themselves against the continuous path
    for tool, _ in tools:
        for name in inputs:
            truth = json.load(open(os.path.join(work, "in", name + ".truth.json")))
            out = os.path.join(work, "out", tool, name + ".gpx")
            if not os.path.exists(out):
                continue
            segs = read_points(out)
            measured = length(segs)
            err = (measured - truth["true_length"]) / truth["true_length"] * 100
            sampled_err = (measured - truth["sampled_length"]) / truth["sampled_length"] * 100
            rows.setdefault((tool, name.rsplit("-", 1)[0]), []).append(
                (err, max_deviation(segs, truth), sum(len(s) for s in segs), sampled_err))
        if tool == "raw":
            for name in inputs:
                truth = json.load(open(os.path.join(work, "in", name + ".truth.json")))
                sampled_vs_path = (truth["sampled_length"] - truth["true_length"]) / truth["true_length"] * 100
                samples_floor.setdefault(name.rsplit("-", 1)[0], []).append(sampled_vs_path)

    lines = []
    lines.append("### Synthetic tracks with a known true path (3 seeds per case)\n")
    lines.append("Two references. **vs path** (the issue's headline figure) = (measured − true path length) / true")
    lines.append("path length. **vs samples** = (measured − noise-free sampled length) / noise-free sampled length,")
    lines.append("where the noise-free sampled length joins the true positions at the recorded times: what a")
    lines.append("perfect receiver with the same sampling interval would measure. Each shows the median over the")
    lines.append("seeds of the absolute error, with the signed errors in brackets. Max dev = largest distance of")
    lines.append("any output point from the true path, worst seed.\n")
    lines.append("| case | tool | vs path | signed | vs samples | signed | max dev (m) | points out |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for case in cases:
        floor = samples_floor.get(case)
        if floor:
            lines.append("| %s | *noise-free samples* | %.2f %% | %s | 0.00 %% | | 0.0 | |" % (
                case, statistics.median(abs(e) for e in floor), ", ".join("%+.2f" % e for e in floor)))
        for tool, _ in tools:
            r = rows.get((tool, case))
            if not r:
                continue
            errs = [e for e, _, _, _ in r]
            sampled = [e for _, _, _, e in r]
            lines.append("| %s | %s | %.2f %% | %s | %.2f %% | %s | %.1f | %d |" % (
                case, tool, statistics.median(abs(e) for e in errs), ", ".join("%+.2f" % e for e in errs),
                statistics.median(abs(e) for e in sampled), ", ".join("%+.2f" % e for e in sampled),
                max(d for _, d, _, _ in r), int(statistics.median(n for _, _, n, _ in r))))

    lines.append("\n### trackdrop against the targets\n")
    lines.append("The verdict is on the headline figure (vs path); vs samples is shown for what is achievable.\n")
    lines.append("| case | target distance error | vs path | vs samples | max dev ≤ 30 m | verdict |")
    lines.append("|---|---|---|---|---|---|")
    for case in cases:
        r = rows.get(("trackdrop", case))
        if not r:
            continue
        target = 0.5 if case.startswith("watch") else 2.0
        median = statistics.median(abs(e) for e, _, _, _ in r)
        sampled = statistics.median(abs(e) for _, _, _, e in r)
        worst = max(d for _, d, _, _ in r)
        ok = median <= target and worst <= 30
        lines.append("| %s | ≤ %.1f %% | %.2f %% | %.2f %% | %.1f m | %s |" % (
            case, target, median, sampled, worst, "meets" if ok else "MISSES"))

    corpus = sorted(f for f in os.listdir(os.path.join(work, "corpus")) if f.endswith(".gpx"))
    if corpus:
        lines.append("\n### Clean files from real devices: distance change (target ≤ 1 %)\n")
        lines.append("| file | raw distance (m) | " + " | ".join(t for t, _ in tools if t != "raw") + " |")
        lines.append("|---|---|" + "---|" * (len(tools) - 1))
        for name in corpus:
            raw = length(read_points(os.path.join(work, "corpus", name)))
            cells = []
            for tool, _ in tools:
                if tool == "raw":
                    continue
                out = os.path.join(work, "out", tool, "corpus", name)
                if os.path.exists(out) and raw > 0:
                    cells.append("%+.2f %%" % ((length(read_points(out)) - raw) / raw * 100))
                else:
                    cells.append("n/a")
            lines.append("| %s | %.0f | %s |" % (name, raw, " | ".join(cells)))
    with open(result, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
