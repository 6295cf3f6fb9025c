"""The sums a held-out set's rule is judged on, from generalize.sh's scores.json.

Usage: python3 rule_sums.py SCORES.json BASE CANDIDATE   (e.g. `.../repeats-final/scores.json base trackdrop`)

Prints, for the files not sampled every 10 s and for the 10 s files (all, then each truth): how many, the summed
|error − floor| (points), files with a point over 30 m from the truth and the mean lap |error| (track truths), base →
candidate; then the 10 s files' summed |error|, how many files' |error| grew and by how much at most, how many changed.
"""
import json
import sys


def sums(scores, base, cand, select):
    files = [v for v in scores.values() if select(v)]
    off = lambda v, who: abs(v[who]["error"] - v[who]["floor"])  # noqa: E731
    laps = lambda who: [v[who]["lap_mean_abs"] for v in files if "lap_mean_abs" in v[who]]  # noqa: E731
    mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
    return (len(files), sum(off(v, base) for v in files), sum(off(v, cand) for v in files),
            sum(v[base]["max_dev"] > 30 for v in files), sum(v[cand]["max_dev"] > 30 for v in files),
            mean(laps(base)), mean(laps(cand)))


def main():
    scores = json.load(open(sys.argv[1]))
    base, cand = sys.argv[2], sys.argv[3]
    no10 = lambda v: v["sampling"] != "10s-gaps"  # noqa: E731
    groups = [("all without 10 s", no10), ("10 s", lambda v: not no10(v))]
    for truth in sorted({v["truth"] for v in scores.values()}):
        groups.append((truth + " without 10 s", lambda v, t=truth: no10(v) and v["truth"] == t))
    for truth in sorted({v["truth"] for v in scores.values()}):
        groups.append((truth + " 10 s", lambda v, t=truth: not no10(v) and v["truth"] == t))
    for label, select in groups:
        n, ea, eb, oa, ob, la, lb = sums(scores, base, cand, select)
        print("%-32s %4d files  sum|err-floor| %8.2f -> %8.2f  over 30 m %3d -> %3d  laps %.3f -> %.3f"
              % (label, n, ea, eb, oa, ob, la, lb))
    ten = [v for v in scores.values() if not no10(v)]
    print("10 s summed |error|: %.2f -> %.2f" % (sum(abs(v[base]["error"]) for v in ten),
                                                 sum(abs(v[cand]["error"]) for v in ten)))
    grew = [abs(v[cand]["error"]) - abs(v[base]["error"]) for v in scores.values()]
    grew = [g for g in grew if g > 1e-9]
    print("files whose |error| grew:", len(grew), "max %.2f" % max(grew, default=0.0))
    print("changed files:", sum(v[base]["error"] != v[cand]["error"] for v in scores.values()))


if __name__ == "__main__":
    main()
