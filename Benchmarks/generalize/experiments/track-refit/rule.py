"""The five conditions `refit-final` and `refit-laps-final` were judged on (each written before its set was made), from
generalize.sh's scores.json.

Usage: python3 rule.py SCORES.json BASE CANDIDATE [--all-track-laps]   (`.../refit-final/scores.json base trackdrop`)

1. track files (track-400m, track-400-repeats, track-intervals), every sampling: summed |error - floor| lower;
2. every file: summed |error - floor| lower, summed |error| no higher, no more files with a point over 30 m;
3. the other four truths: summed |error - floor| no higher by more than 0.1 points;
4. no file's |error| grows by more than 0.5 points, except one the change puts on the track (its max deviation from
   over 10 m to under 10 m), listed;
5. track-400m and track-400-repeats: mean lap |error| no higher (`refit-final`); with `--all-track-laps`, the files of
   all three track truths that have laps (`refit-laps-final`).
Prints each sum, base -> candidate, each condition's verdict, and every changed file.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import TRACKS, Scores  # noqa: E402


def main():
    s = Scores(sys.argv)
    scores, base, cand, files, off, total = s.scores, s.base, s.cand, s.files, s.off, s.total
    verdicts = []

    a, b = total(lambda v: v["truth"] in TRACKS, off)
    print("1. track files, summed |error - floor|: %.2f -> %.2f" % (a, b))
    verdicts.append(b < a)

    a, b = total(lambda v: True, off)
    ea, eb = total(lambda v: True, lambda v, who: abs(v[who]["error"]))
    oa, ob = total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("2. all %d files: summed |error - floor| %.2f -> %.2f, summed |error| %.2f -> %.2f, over 30 m %d -> %d"
          % (len(files), a, b, ea, eb, oa, ob))
    verdicts.append(b < a and eb <= ea and ob <= oa)

    a, b = total(lambda v: v["truth"] not in TRACKS, off)
    print("3. other truths, summed |error - floor|: %.2f -> %.2f" % (a, b))
    verdicts.append(b <= a + 0.1)

    grown, excepted = [], []
    for name, v in sorted(scores.items()):
        grew = abs(v[cand]["error"]) - abs(v[base]["error"])
        if grew > 0.5:
            onto = v[base]["max_dev"] > 10 and v[cand]["max_dev"] < 10
            (excepted if onto else grown).append((name, grew, v[base]["max_dev"], v[cand]["max_dev"]))
    for name, grew, da, db in excepted:
        print("4. excepted (put on the track): %s |error| +%.2f, max deviation %.1f -> %.1f m" % (name, grew, da, db))
    for name, grew, da, db in grown:
        print("4. GREW: %s |error| +%.2f, max deviation %.1f -> %.1f m" % (name, grew, da, db))
    verdicts.append(not grown)

    lapped = TRACKS if "--all-track-laps" in sys.argv else {"track-400m", "track-400-repeats"}
    laps = [v for v in files if v["truth"] in lapped and "lap_mean_abs" in v[base]]
    la = sum(v[base]["lap_mean_abs"] for v in laps) / len(laps)
    lb = sum(v[cand]["lap_mean_abs"] for v in laps) / len(laps)
    print("5. %s (%d files), mean lap |error|: %.4f -> %.4f" % (", ".join(sorted(lapped)), len(laps), la, lb))
    verdicts.append(lb <= la)

    print("conditions:", " ".join("%d %s" % (k + 1, "holds" if ok else "FAILS") for k, ok in enumerate(verdicts)))
    print("lands" if all(verdicts) else "does not land")
    changed = [(name, v) for name, v in sorted(scores.items()) if v[base]["error"] != v[cand]["error"]]
    print("changed files: %d" % len(changed))
    for name, v in changed:
        print("  %s: %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m"
              % (name, v[base]["error"], v[cand]["error"], v[base]["floor"], v[base]["max_dev"], v[cand]["max_dev"]))


if __name__ == "__main__":
    main()
