"""The four conditions `rest-ends-final` is judged on (`rule-rest-ends-final.md`, written before the set was made), from
the scores of the files whose output the candidate changed (`variant-drivers.sh`'s `score_changed`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-rest-ends/scores.json base rest-ends`)

1. all files: summed |error - floor| lower;
2. the hikes (the truth with long rests): summed |error - floor| lower;
3. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
4. no file gains a point more than 100 m from the truth.
A file whose output is the same bytes under both cleaners scores the same under both: the sums' differences over the
changed files are those over all files. Reported, not gated: summed |error|, files over 100 m, each truth's summed
|error - floor|, the track files' mean lap |error| and their length drawn standing, files over 30 m, then each changed
file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import TRACKS, judge  # noqa: E402


def hikes_lower(s, number=2):
    """Condition 2: the hikes' summed |error - floor| lower. Prints it; returns the verdict."""
    a, b = s.total(lambda v: v["truth"] == "hike", s.off)
    print("%d. hikes, summed |error - floor|: %.2f -> %.2f" % (number, a, b))
    return b < a


def reports(s):
    """Reported, not gated: each truth's summed |error - floor| and the track files' length drawn standing."""
    for truth in sorted({v["truth"] for v in s.files}):
        a, b = s.total(lambda v: v["truth"] == truth, s.off)
        n = sum(1 for v in s.files if v["truth"] == truth)
        print("reported: %s (%d changed), summed |error - floor|: %.2f -> %.2f" % (truth, n, a, b))
    a, b = s.total(lambda v: v["truth"] in TRACKS, lambda v, who: v[who]["stopped"] or 0.0)
    print("reported: track files, summed length while standing (%% of the true length): %.2f -> %.2f" % (a, b))


if __name__ == "__main__":
    judge(hikes_lower, reports)
