#!/usr/bin/env python3
"""The six conditions `crossings-final` is judged on (`rule-crossings-final.md`, written before the set was made), from
the scores of the files whose output the candidate changed, and the steps across the infield in every track file's
output of both cleaners (`../track-jumps/jumps.py`, on the folders beside the scores' folder: `W/base` and `W/NAME`
for `W/scored-NAME/scores.json`).

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-crossings/scores.json base crossings`)

1. all files: summed |error - floor| lower;
2. the track truths' files with laps: mean lap |error| not higher;
3. of the changed files, at least as many with |error - floor| down by more than 0.5 points as up; none up by more
   than 3 points; each rising by more than 1 point listed;
4. no file gains a point more than 100 m from the truth;
5. files with a point more than 30 m from the truth: no more than under base;
6. steps of 70-78 m between fixes at most 1.6 s apart, over every track file of the set: fewer than under base.
Reported, not gated: summed |error|, files over 100 m, then each changed file (`rule_common.report_and_verdict`).
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from rule_common import (TRACKS, Scores, all_files_lower, balance, changed_files, no_new_far,  # noqa: E402
                         report_and_verdict, report_error_and_far)


def laps_not_higher(s, number=2):
    """The track truths' mean lap |error| over the changed files with laps: not higher."""
    laps = [v for v in s.files if v["truth"] in TRACKS and "lap_mean_abs" in v[s.base]]
    la = sum(v[s.base]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    lb = sum(v[s.cand]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    print("%d. track truths (%d files with laps), mean lap |error|: %.4f -> %.4f" % (number, len(laps), la, lb))
    return lb <= la


def far_not_more(s, number=5):
    """Files with a point over 30 m: no more than under base."""
    a, b = s.total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("%d. files with a point over 30 m: %d -> %d" % (number, a, b))
    return b <= a


def steps_across(folder):
    """jumps.py's count of steps across the infield in the folder's track files, or None where it cannot say."""
    run = subprocess.run([sys.executable, os.path.join(HERE, "..", "track-jumps", "jumps.py"), folder],
                         capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith("track files with such a step:"):
            return int(line.split("(")[1].split()[0])
    print("   jumps.py on %s said: %s" % (folder, (run.stderr or run.stdout).strip()[-300:]))
    return None


def fewer_steps(s, scores_path, number=6):
    """Steps across the infield over every track file of the set: fewer under the candidate."""
    work = os.path.dirname(os.path.dirname(os.path.abspath(scores_path)))
    a, b = steps_across(os.path.join(work, s.base)), steps_across(os.path.join(work, s.cand))
    print("%d. steps across the infield, every track file of the set: %s -> %s" % (number, a, b))
    return a is not None and b is not None and b < a


if __name__ == "__main__":
    scores = Scores(sys.argv)
    changed = changed_files(scores)
    rise = lambda v: scores.off(v, scores.cand) - scores.off(v, scores.base)  # noqa: E731
    verdicts = [all_files_lower(scores), laps_not_higher(scores), balance(scores, changed, rise, "", number=3),
                no_new_far(scores, changed, number=4), far_not_more(scores), fewer_steps(scores, sys.argv[1])]
    report_error_and_far(scores)
    report_and_verdict(scores, verdicts, changed)
