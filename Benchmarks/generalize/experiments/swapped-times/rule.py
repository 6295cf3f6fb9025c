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
from rule_common import Scores, all_files_lower, balance, changed_files, no_new_far, report_and_verdict  # noqa: E402


def five_conditions(s):
    """The five conditions, printed one by one; returns the verdicts and the changed files."""
    base, cand, files, off, total = s.base, s.cand, s.files, s.off, s.total
    verdicts = []
    verdicts.append(all_files_lower(s))

    a, b = total(lambda v: True, lambda v, who: abs(v[who]["error"]))
    print("2. all files, summed |error|: %.2f -> %.2f" % (a, b))
    verdicts.append(b <= a)

    sparse = lambda v: v["sampling"] == "10s-gaps"  # noqa: E731
    a, b = total(sparse, off)
    print("3. %d files every 10 s with gaps, summed |error - floor|: %.2f -> %.2f"
          % (sum(1 for v in files if sparse(v)), a, b))
    verdicts.append(b < a)

    changed = changed_files(s)
    verdicts.append(balance(s, changed, lambda v: abs(v[cand]["error"]) - abs(v[base]["error"]), " in |error|"))
    verdicts.append(no_new_far(s, changed))
    return verdicts, changed


def main():
    s = Scores(sys.argv)
    verdicts, changed = five_conditions(s)
    report_and_verdict(s, verdicts, changed)


if __name__ == "__main__":
    main()
