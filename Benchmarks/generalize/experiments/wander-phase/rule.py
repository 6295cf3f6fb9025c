#!/usr/bin/env python3
"""The five conditions `wander-phase-final` is judged on (`rule-wander-phase-final.md`, written before the set was
made), from the scores of the files whose output the candidate changed. The `shuttles` drill is judged apart from the
other truths: its summed |error - floor| is several times theirs and would decide a single sum alone.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-phase/scores.json base phase`)

1. the drill's files: summed |error - floor| lower;
2. every other file: summed |error - floor| not higher;
3. files with a point more than 30 m from the truth: no more than under base;
4. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
5. no file gains a point more than 100 m from the truth.
Reported, not gated: summed |error|, files over 100 m, each generator's and truth's summed |error - floor|, the track
files' mean lap |error|, then each changed file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import (Scores, balance, changed_files, no_new_far, report_and_verdict,  # noqa: E402
                         report_error_and_far)

DRILL = "shuttles"


def summed(s, select, label, number, strict):
    """A condition on the summed |error - floor| of the files `select` takes: lower (`strict`) or not higher."""
    a, b = s.total(select, s.off)
    n = sum(1 for v in s.files if select(v))
    print("%d. %s (%d files), summed |error - floor|: %.2f -> %.2f" % (number, label, n, a, b))
    return b < a if strict else b <= a


def far_not_more(s, number=3):
    """Files with a point over 30 m: no more than under base. Prints it; returns the verdict."""
    a, b = s.total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("%d. files with a point over 30 m: %d -> %d" % (number, a, b))
    return b <= a


def main():
    s = Scores(sys.argv)
    changed = changed_files(s)
    rise = lambda v: s.off(v, s.cand) - s.off(v, s.base)  # noqa: E731
    verdicts = [summed(s, lambda v: v["truth"] == DRILL, "the drill", 1, True),
                summed(s, lambda v: v["truth"] != DRILL, "every other truth", 2, False),
                far_not_more(s), balance(s, changed, rise, "", number=4), no_new_far(s, changed, number=5)]
    report_error_and_far(s)
    for key in ("generator", "truth"):
        for value in sorted({v[key] for v in s.files}):
            a, b = s.total(lambda v: v[key] == value, s.off)
            n = sum(1 for v in s.files if v[key] == value)
            print("reported: %s %s (%d changed), summed |error - floor|: %.2f -> %.2f" % (key, value, n, a, b))
    report_and_verdict(s, verdicts, changed)


if __name__ == "__main__":
    main()
