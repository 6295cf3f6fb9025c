"""The five conditions `detours-final` is judged on (`rule-detours-final.md`, written before the set was made), from
generalize.sh's scores.json.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../detours-final/scores.json base trackdrop`)

1. every file: summed |error - floor| lower;
2. the files sampled every 10 s with gaps: summed |error - floor| lower;
3. every file: summed excess of the largest deviation over 30 m (max(0, max deviation - 30)) lower;
4. of the files changed, at least as many with |error - floor| down by more than 0.5 points as up; no file's
   |error - floor| up by more than 3 points; each file whose |error - floor| rises by more than 1 point listed;
5. no file gains a point more than 100 m from the truth.
Reported, not gated: summed |error|; files with a point over 30 m and over 100 m; the track truths' mean lap |error|.
Prints every changed file.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import (Scores, all_files_lower, balance, changed_files, no_new_far,  # noqa: E402
                         report_and_verdict, report_error_and_far)


def main():
    s = Scores(sys.argv)
    base, cand, files, off, total = s.base, s.cand, s.files, s.off, s.total
    verdicts = []

    verdicts.append(all_files_lower(s))

    sparse = lambda v: v["sampling"] == "10s-gaps"  # noqa: E731
    a, b = total(sparse, off)
    print("2. %d files every 10 s with gaps, summed |error - floor|: %.2f -> %.2f"
          % (sum(1 for v in files if sparse(v)), a, b))
    verdicts.append(b < a)

    a, b = total(lambda v: True, lambda v, who: max(0.0, v[who]["max_dev"] - 30))
    print("3. all files, summed max(0, max deviation - 30 m): %.1f -> %.1f m" % (a, b))
    verdicts.append(b < a)

    changed = changed_files(s)
    verdicts.append(balance(s, changed, lambda v: off(v, cand) - off(v, base), ""))
    verdicts.append(no_new_far(s, changed))

    report_error_and_far(s)
    report_and_verdict(s, verdicts, changed)


if __name__ == "__main__":
    main()
