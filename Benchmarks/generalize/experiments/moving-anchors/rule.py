"""The four conditions `moving-anchors-final` is judged on (`rule-moving-anchors-final.md`, written before the set was
made), from the scores of the files whose output the candidate changed (`variant-drivers.sh`'s `score_changed`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-mab/scores.json base mab`)

1. all files: summed |error - floor| lower;
2. the interval truths' files sampled every 10 s: summed |error - floor| lower;
3. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
4. no file gains a point more than 100 m from the truth.
A file whose output is the same bytes under both cleaners scores the same under both: the sums' differences over the
changed files are those over all files. Reported, not gated: summed |error|, files over 100 m and 30 m, the track
truths' mean lap |error|, then each changed file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import judge  # noqa: E402

INTERVALS = {"track-400-repeats", "track-intervals"}


def intervals_lower(s):
    """Condition 2: the interval truths' files sampled every 10 s, summed |error - floor| lower."""
    select = lambda v: v["truth"] in INTERVALS and v["sampling"] == "10s-gaps"  # noqa: E731
    a, b = s.total(select, s.off)
    print("2. interval truths every 10 s (%d changed files), summed |error - floor|: %.2f -> %.2f"
          % (sum(1 for v in s.files if select(v)), a, b))
    return b < a


if __name__ == "__main__":
    judge(intervals_lower)
