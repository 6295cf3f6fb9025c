#!/usr/bin/env python3
"""Table of smooth_wander.py's results.

Usage: summary.py RESULTS.jsonl[,MORE.jsonl...] [REGEX]    (REGEX: only files whose name it matches)
Where turning.py's results are among the files, a second table sets them beside the first's.
Per file: the noise-free floor; each model's distance error (%), its error on straights (`jitter`) and its loss per
sharp turn (m); the gain in score per fix of the first- and of the second-order model over the white-noise one; and
the error of the model a likelihood rule like the product's would use (the best-scoring wander, only when it gains
more than 0.05 a fix over white noise alone, as `KalmanSmoother.wanderGainPerPoint`). Last line: median and sum of
|error − floor| under that rule, with and without the second-order model among the choices.
"""
import json
import re
import statistics
import sys

GAIN = 0.05


def pick(result, wanders):
    """The best-scoring wander model, where it beats the white-noise model by more than GAIN a fix."""
    best = min((result[name] for name in wanders), key=lambda model: model["score"])
    return best if result["o0"]["score"] - best["score"] > GAIN else result["o0"]


def main(argv):
    if len(argv) not in (1, 2):
        sys.exit(__doc__)
    try:
        wanted = re.compile(argv[1] if len(argv) == 2 else "")
    except re.error as error:
        sys.exit(f"summary.py: not a regular expression: {error}")
    rows = {}
    for path in argv[0].split(","):
        try:
            with open(path) as lines:
                for line in lines:
                    result = json.loads(line)
                    rows.setdefault(result["name"], {}).update(result)
        except (OSError, ValueError, KeyError, TypeError) as error:
            sys.exit(f"summary.py: cannot read {path}: {error}")
    without, with_second = [], []
    print("| file | floor | o0 | o1 | o2 | turns | o2 on straights | per sharp turn, o0 / o2 | o1 gain a fix | o2 gain a fix | chosen without o2 | chosen with o2 | o2 model (sigma, tau, white, q) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")

    def metres(value):
        return "–" if value is None else f"{value:+.1f}"
    for name in sorted(rows):
        if not wanted.search(name):
            continue
        r = rows[name]
        if "o0" not in r:
            continue
        floor = r["o0"]["floor"]
        first = pick(r, ["o1"])
        second = pick(r, ["o1", "o2"])
        turns = f"{r['turns']['error']:+.2f} %" if "turns" in r else "–"
        print(f"| {name} | {floor:+.2f} % | {r['o0']['error']:+.2f} % | {r['o1']['error']:+.2f} % | "
              f"{r['o2']['error']:+.2f} % | {turns} | {r['o2']['jitter']:+.2f} % | {metres(r['o0']['turn_loss'])} / {metres(r['o2']['turn_loss'])} m | "
              f"{r['o0']['score'] - r['o1']['score']:+.3f} | {r['o0']['score'] - r['o2']['score']:+.3f} | {first['error']:+.2f} % | {second['error']:+.2f} % | {r['o2']['model']} |")
        without.append(abs(first["error"] - floor))
        with_second.append(abs(second["error"] - floor))
    if without:
        print(f"\n{len(without)} files, |error − floor|: without the second-order model median "
              f"{statistics.median(without):.2f}, sum {sum(without):.2f} points; with it median "
              f"{statistics.median(with_second):.2f}, sum {sum(with_second):.2f} points")
    turning = [name for name in sorted(rows) if wanted.search(name) and "turning" in rows[name] and "o0" in rows[name]]
    if turning:
        print("\n| file | floor | chosen without o2 | o2 | turning | per sharp turn, o0 / o2 / turning | turning on straights | turning model (sigma, tau, white, speed noise, turn noise) |")
        print("|---|---|---|---|---|---|---|---|")
        first_off, turning_off = [], []
        for name in turning:
            r = rows[name]
            t, floor, first = r["turning"], r["o0"]["floor"], pick(r, ["o1"])
            print(f"| {name} | {floor:+.2f} % | {first['error']:+.2f} % | {r['o2']['error']:+.2f} % | {t['error']:+.2f} % | "
                  f"{metres(r['o0']['turn_loss'])} / {metres(r['o2']['turn_loss'])} / {metres(t['turn_loss'])} m | "
                  f"{t['jitter']:+.2f} % | {t['model']} |")
            first_off.append(abs(first["error"] - floor))
            turning_off.append(abs(t["error"] - floor))
        print(f"\n{len(turning)} files, |error − floor|: chosen without o2 median {statistics.median(first_off):.2f}, "
              f"sum {sum(first_off):.2f} points; turning median {statistics.median(turning_off):.2f}, "
              f"sum {sum(turning_off):.2f} points")


if __name__ == "__main__":
    main(sys.argv[1:])
