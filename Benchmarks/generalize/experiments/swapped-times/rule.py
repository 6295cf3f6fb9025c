"""The five conditions `swaps-final` was judged on (`rule-swaps-final.md`, written before the set was made), from
generalize.sh's scores.json.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../swaps-final/scores.json base trackdrop`)

1. every file: summed |error - floor| lower;
2. every file: summed |error| no higher;
3. the files sampled every 10 s with gaps: summed |error - floor| lower;
4. of the files changed, at least as many with |error - floor| down by more than 0.5 points as up; no file's |error|
   up by more than 3 points; each file whose |error| rises by more than 1 point listed;
5. no file gains a point more than 100 m from the truth.
Reported, not gated: files with a point over 30 m; the track truths' mean lap |error|. Prints every changed file.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import TRACKS, Scores  # noqa: E402


def main():
    s = Scores(sys.argv)
    scores, base, cand, files, off, total = s.scores, s.base, s.cand, s.files, s.off, s.total
    verdicts = []

    a, b = total(lambda v: True, off)
    print("1. all %d files, summed |error - floor|: %.2f -> %.2f" % (len(files), a, b))
    verdicts.append(b < a)

    a, b = total(lambda v: True, lambda v, who: abs(v[who]["error"]))
    print("2. all files, summed |error|: %.2f -> %.2f" % (a, b))
    verdicts.append(b <= a)

    sparse = lambda v: v["sampling"] == "10s-gaps"  # noqa: E731
    a, b = total(sparse, off)
    print("3. %d files every 10 s with gaps, summed |error - floor|: %.2f -> %.2f"
          % (sum(1 for v in files if sparse(v)), a, b))
    verdicts.append(b < a)

    changed = {n: v for n, v in scores.items()
               if v[base]["error"] != v[cand]["error"] or v[base]["max_dev"] != v[cand]["max_dev"]}
    down = sum(1 for v in changed.values() if off(v, cand) < off(v, base) - 0.5)
    up = sum(1 for v in changed.values() if off(v, cand) > off(v, base) + 0.5)
    rises = sorted(((abs(v[cand]["error"]) - abs(v[base]["error"]), n) for n, v in changed.items()), reverse=True)
    print("4. %d changed; |error - floor| down by more than 0.5 points in %d, up in %d; largest rise in |error| %+.2f"
          % (len(changed), down, up, rises[0][0] if rises else 0))
    for rise, name in rises:
        if rise > 1:
            v = scores[name]
            print("   rose: %s %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m"
                  % (name, v[base]["error"], v[cand]["error"], v[cand]["floor"], v[base]["max_dev"], v[cand]["max_dev"]))
    verdicts.append(down >= up and (not rises or rises[0][0] <= 3))

    new_far = [n for n, v in changed.items() if v[cand]["max_dev"] > 100 and v[base]["max_dev"] <= 100]
    print("5. files newly with a point over 100 m: %d %s" % (len(new_far), " ".join(new_far)))
    verdicts.append(not new_far)

    oa, ob = total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("reported: files with a point over 30 m %d -> %d" % (oa, ob))
    laps = [v for v in files if v["truth"] in TRACKS and "lap_mean_abs" in v[base]]
    if laps:
        la = sum(v[base]["lap_mean_abs"] for v in laps) / len(laps)
        lb = sum(v[cand]["lap_mean_abs"] for v in laps) / len(laps)
        print("reported: the track truths' files with laps (%d), mean lap |error|: %.4f -> %.4f" % (len(laps), la, lb))

    print("changed files:")
    for name, v in sorted(changed.items()):
        print("  %s %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m"
              % (name, v[base]["error"], v[cand]["error"], v[cand]["floor"], v[base]["max_dev"], v[cand]["max_dev"]))
    print("conditions: " + " ".join("%d %s" % (i + 1, "holds" if ok else "FAILS") for i, ok in enumerate(verdicts)))
    print("lands" if all(verdicts) else "does not land")


if __name__ == "__main__":
    main()
