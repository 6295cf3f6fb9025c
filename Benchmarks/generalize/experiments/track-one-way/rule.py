"""The five conditions `one-way-final` is judged on (`rule-one-way-final.md`, written before the set was made), from
generalize.sh's scores.json.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../one-way-final/scores.json base trackdrop`)

1. every file: summed |error - floor| lower;
2. the three track truths' files with laps: mean lap |error| lower;
3. the three track truths' files: summed length drawn while the athlete stood still (score.py's `stopped`) lower;
4. of the files changed that are not sampled every 10 s, at least as many with |error - floor| down by more than 0.5
   points as up; no such file's |error - floor| up by more than 3 points; each rising by more than 1 point listed (the
   10 s files' rises are listed too, not gated: there the stop collapser loses whole laps, and a rest's back and forth
   made up part of them on the spent `loops-final`);
5. no file gains a point more than 100 m from the truth.
Reported, not gated: summed |error|, files over 100 m and the 10 s files' summed |error - floor|, then each changed
file (`rule_common.report_and_verdict`).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rule_common import (TRACKS, Scores, all_files_lower, balance, changed_files, laps_lower,  # noqa: E402
                         no_new_far, report_and_verdict, report_error_and_far)


def standing_lower(s):
    """Condition 3: the track files' summed length drawn while the athlete stood still lower."""
    track = lambda v: v["truth"] in TRACKS  # noqa: E731
    a, b = s.total(track, lambda v, who: v[who]["stopped"] or 0.0)
    print("3. %d track files, summed length while standing (%% of the true length): %.2f -> %.2f"
          % (sum(1 for v in s.files if track(v)), a, b))
    return b < a


def balance_not_sparse(s, changed):
    """Condition 4 on the changed files not sampled every 10 s; the 10 s files' rises over 1 point printed."""
    rise = lambda v: s.off(v, s.cand) - s.off(v, s.base)  # noqa: E731
    verdict = balance(s, {n: v for n, v in changed.items() if v["sampling"] != "10s-gaps"}, rise,
                      " (not every 10 s)")
    for n, v in sorted(changed.items(), key=lambda nv: -rise(nv[1])):
        if v["sampling"] == "10s-gaps" and rise(v) > 1:
            print("   reported, every 10 s, rose: %s %+.2f -> %+.2f %% (floor %+.2f)"
                  % (n, v[s.base]["error"], v[s.cand]["error"], v[s.cand]["floor"]))
    return verdict


def main():
    scores = Scores(sys.argv)
    changed = changed_files(scores)
    verdicts = [all_files_lower(scores), laps_lower(scores), standing_lower(scores),
                balance_not_sparse(scores, changed), no_new_far(scores, changed)]
    report_error_and_far(scores)
    a, b = scores.total(lambda v: v["sampling"] == "10s-gaps", scores.off)
    print("reported: files every 10 s with gaps, summed |error - floor|: %.2f -> %.2f" % (a, b))
    report_and_verdict(scores, verdicts, changed)


if __name__ == "__main__":
    main()
