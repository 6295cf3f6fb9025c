#!/usr/bin/env python3
"""The seven conditions `local-floors-final` and `local-floors-mend-final` are judged on (`rule-local-floors-final.md`,
`rule-local-floors-mend-final.md`, each written before its set was made), from the scores of the files whose output
the candidate changed, and `../line-bursts-off/worse.py` on every file of the set under both cleaners (the folders
beside the scores' folder: `W/in`, `W/base` and `W/NAME` for `W/scored-NAME/scores.json`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-local/scores.json base local`)

1. the changed files outside the `shuttles` drill: summed |error - floor| lower (the drill's reported);
2. files with a point more than 30 m from the truth: fewer than under base;
3. files of the set with a fix put more than 20 m further from the athlete than the recorded fix (worse.py): fewer;
4. the `multipath` generator's files with a point over 30 m: no more than under base;
5. the track truths' files with laps: mean lap |error| not higher by more than 0.05 points;
6. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; outside the
   `shuttles` drill none up by more than 3 points (each rising by more than 1 point listed);
7. no file gains a point more than 100 m from the truth.
Reported, not gated: summed |error|, files over 100 m, then each changed file (`rule_common.report_and_verdict`).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from rule_common import (Scores, balance, changed_files, far_fewer, fewer_worse, laps_not_higher,  # noqa: E402
                         multipath_far_not_more, no_new_far, report_and_verdict, report_error_and_far)


def outside_drill_lower(s, number=1):
    """The changed files outside the drill, summed |error - floor|: lower. The drill's figure is printed, not gated."""
    a, b = s.total(lambda v: v["truth"] != "shuttles", s.off)
    print("%d. changed files outside the drill, summed |error - floor|: %.2f -> %.2f" % (number, a, b))
    da, db = s.total(lambda v: v["truth"] == "shuttles", s.off)
    print("   reported: the drill's changed files, summed |error - floor|: %.2f -> %.2f" % (da, db))
    return b < a


if __name__ == "__main__":
    scores = Scores(sys.argv)
    changed = changed_files(scores)
    # The drill's distance error moves with what false bursts added to its turns: it is held to the balance, not to
    # the largest rise (`README.md`).
    rise = lambda v: (0 if v["truth"] == "shuttles"  # noqa: E731
                      else scores.off(v, scores.cand) - scores.off(v, scores.base))
    verdicts = [outside_drill_lower(scores), far_fewer(scores), fewer_worse(scores, sys.argv[1]),
                multipath_far_not_more(scores), laps_not_higher(scores),
                balance(scores, changed, rise, " outside the drill", number=6), no_new_far(scores, changed, number=7)]
    report_error_and_far(scores)
    report_and_verdict(scores, verdicts, changed)
