"""The four conditions `bridge-final` and `bridge-sides-final` are judged on (`rule-bridge-final.md`,
`rule-bridge-sides-final.md`, each written before its set was made), from the scores of the files whose output the
candidate changed (`variant-drivers.sh`'s `score_changed`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-bridge/scores.json base bridge`)

1. all files: summed |error - floor| lower;
2. the three track truths' files with laps: mean lap |error| lower;
3. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
4. no file gains a point more than 100 m from the truth.
A file whose output is the same bytes under both cleaners scores the same under both: the sums' differences over the
changed files are those over all files (the lap mean is over the changed files with laps). Reported, not gated:
summed |error|, files over 100 m, the 10 s files' and the track files' length drawn standing, files over 30 m, then
each changed file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import TRACKS, judge, laps_lower  # noqa: E402


def reports(scores):
    """Reported, not gated: the 10 s files' summed |error - floor| and the track files' length drawn standing."""
    a, b = scores.total(lambda v: v["sampling"] == "10s-gaps", scores.off)
    print("reported: files every 10 s with gaps, summed |error - floor|: %.2f -> %.2f" % (a, b))
    a, b = scores.total(lambda v: v["truth"] in TRACKS, lambda v, who: v[who]["stopped"] or 0.0)
    print("reported: track files, summed length while standing (%% of the true length): %.2f -> %.2f" % (a, b))


if __name__ == "__main__":
    judge(laps_lower, reports)
