#!/usr/bin/env python3
"""The four conditions `humps-final` is judged on (`rule-humps-final.md`, written before the set was made), from the
scores of the files whose output the candidate changed (`variant-drivers.sh`'s `score_changed`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-humps/scores.json base humps`)

1. all files: summed |error - floor| lower;
2. files with a point more than 30 m from the truth: no more than under base;
3. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
4. no file gains a point more than 100 m from the truth.
Reported, not gated: summed |error|, files over 100 m, each generator's and truth's summed |error - floor|, the track
files' mean lap |error|, then each changed file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import judge  # noqa: E402


def far_not_more(s, number=2):
    """Condition 2: files with a point over 30 m no more than under base. Prints it; returns the verdict."""
    a, b = s.total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("%d. files with a point over 30 m: %d -> %d" % (number, a, b))
    return b <= a


def reports(s):
    """Reported, not gated: each generator's and each truth's summed |error - floor| over the changed files."""
    for key in ("generator", "truth"):
        for value in sorted({v[key] for v in s.files}):
            a, b = s.total(lambda v: v[key] == value, s.off)
            n = sum(1 for v in s.files if v[key] == value)
            print("reported: %s %s (%d changed), summed |error - floor|: %.2f -> %.2f" % (key, value, n, a, b))


if __name__ == "__main__":
    judge(far_not_more, reports)
