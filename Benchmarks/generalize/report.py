#!/usr/bin/env python3
"""Tables of the generalization benchmark from score.py's JSON, against the issue's targets.

Usage: report.py SCORES.json TOOL [BASELINE_TOOL]
Prints markdown: one row per generator × truth (over samplings and seeds) with the verdict, then one row
per generator × truth × sampling. With BASELINE_TOOL, the median error of that tool is shown beside.
"""
import json
import statistics
import sys

TARGET = {"watch": 1.0, "phone": 1.5}
WORST = 3.0
MAX_DEV = 30.0
LAP = 1.0


def group(scores, tool, keys):
    out = {}
    for entry in scores.values():
        if tool not in entry:
            continue
        out.setdefault(tuple(entry[k] for k in keys), []).append((entry, entry[tool]))
    return out


def summary(rows):
    errors = [r["error"] for _, r in rows]
    return {
        "n": len(rows),
        "median": statistics.median(abs(e) for e in errors),
        "signed": statistics.median(errors),
        "worst": max(abs(e) for e in errors),
        "max_dev": max(r["max_dev"] for _, r in rows),
        "monotone": all(r["monotone"] for _, r in rows),
        "floor": statistics.median(r["floor"] for _, r in rows),
        "corner": statistics.mean(r["corner_cut"] for _, r in rows),
        "jitter": statistics.median(r["jitter"] for _, r in rows),
        "lap": statistics.mean(r["lap_mean_abs"] for _, r in rows) if "lap_mean_abs" in rows[0][1] else None,
        # Metres per sharp turn over all the cell's sharp turns (older scores have no such key).
        "turn_loss": turn_loss(rows),
        "stopped": statistics.median(r.get("stopped", 0.0) for _, r in rows),
        "lap_floor": statistics.mean(e["lap_floor"] for e, _ in rows) if "lap_floor" in rows[0][0] else None,
    }


def turn_loss(rows):
    """The mean loss per sharp turn over every sharp turn of the rows, or None when they have none."""
    total = count = 0
    for _, r in rows:
        if r.get("turn_loss") is not None:
            total += r["turn_loss"] * r["sharp_turns"]
            count += r["sharp_turns"]
    return total / count if count else None


def lap_cell(s):
    """The mean lap error, and beside it that of the noise-free samples (what sampling alone costs)."""
    if s["lap"] is None:
        return "–"
    return "%.2f %% (floor %.2f %%)" % (s["lap"], s["lap_floor"]) if s["lap_floor"] is not None else "%.2f %%" % s["lap"]


def by_sampling(scores, tool, base):
    """One row per sampling: the median length error, and the median of its distance from the noise-free floor (the
    length of the true positions at the recorded times): the part the cleaner answers for. Where fixes are sparse,
    the floor is far below the true length (10 s fixes cut every bend and cross each signal loss in a straight line),
    and a cleaner that leaves noise in comes closer to the truth by lengthening the track; measured from the floor,
    that noise counts against it. Last, the median lag (score.py: how late the positions are for their times; scores
    from before it was measured have none)."""
    tools = [tool] + ([base] if base else [])
    print("| sampling | files | %s |" % " | ".join(
        "%s: median abs error | %s: median abs distance from the floor | %s: median lag" % (t, t, t) for t in tools))
    print("|---|---|%s" % ("---|---|---|" * len(tools)))
    for key, rows in sorted(group(scores, tool, ("sampling",)).items()):
        cells = []
        for t in tools:
            picked = [e[t] for e, _ in rows if t in e]
            lags = [r["lag"] for r in picked if r.get("lag") is not None]
            cells.append("%.2f %% | %.2f %% | %s" % (statistics.median(abs(r["error"]) for r in picked),
                                                     statistics.median(abs(r["error"] - r["floor"]) for r in picked),
                                                     "%+.3f s" % statistics.median(lags) if lags else "–"))
        print("| %s | %d | %s |" % (key[0], len(rows), " | ".join(cells)))
    print()


def main():
    scores = json.load(open(sys.argv[1]))
    tool = sys.argv[2]
    base = sys.argv[3] if len(sys.argv) > 3 else None
    keys = ("generator", "truth")
    grouped = group(scores, tool, keys)
    based = group(scores, base, keys) if base else {}
    print("| generator | class | truth | files | median abs error | signed median | worst | max dev (m) | "
          "time order | lap error (mean abs; noise-free samples) | corner cut (m) | sharp-turn loss (m a turn) | "
          "jitter on straights | while stopped | noise-free floor | %s"
          "verdict |" % ("%s median | " % base if base else ""))
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|%s---|" % ("---|" if base else ""))
    met = total = 0
    for key in sorted(grouped):
        rows = grouped[key]
        kind = rows[0][0]["class"]
        s = summary(rows)
        ok = (s["median"] <= TARGET[kind] and s["worst"] <= WORST and s["max_dev"] <= MAX_DEV and s["monotone"]
              and (s["lap"] is None or s["lap"] <= LAP))
        misses = []
        if s["median"] > TARGET[kind]: misses.append("median > %.1f %%" % TARGET[kind])
        if s["worst"] > WORST: misses.append("worst > 3 %")
        if s["max_dev"] > MAX_DEV: misses.append("max dev > 30 m")
        if not s["monotone"]: misses.append("time goes back")
        if s["lap"] is not None and s["lap"] > LAP: misses.append("lap > 1 %")
        met += ok
        total += 1
        basecell = ""
        if base and key in based:
            basecell = "%.2f %% | " % summary(based[key])["median"]
        print("| %s | %s | %s | %d | %.2f %% | %+.2f %% | %.2f %% | %.1f | %s | %s | %+.1f | %s | %+.2f %% | %.2f %% | %+.2f %% | %s%s |" % (
            key[0], kind, key[1], s["n"], s["median"], s["signed"], s["worst"], s["max_dev"],
            "ok" if s["monotone"] else "BACKWARDS", lap_cell(s), s["corner"],
            "–" if s["turn_loss"] is None else "%+.1f" % s["turn_loss"], s["jitter"], s["stopped"], s["floor"],
            basecell, "met" if ok else "NOT MET: " + ", ".join(misses)))
    print("\n%d of %d generator × truth cells meet every target.\n" % (met, total))
    by_sampling(scores, tool, base)
    print("| generator | truth | sampling | files | median abs error | signed | worst | max dev (m) | floor | laps |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for key, rows in sorted(group(scores, tool, ("generator", "truth", "sampling")).items()):
        s = summary(rows)
        print("| %s | %s | %s | %d | %.2f %% | %s | %.2f %% | %.1f | %+.2f %% | %s |" % (
            key[0], key[1], key[2], s["n"], s["median"],
            ", ".join("%+.2f" % r["error"] for _, r in rows), s["worst"], s["max_dev"], s["floor"], lap_cell(s)))


if __name__ == "__main__":
    main()
