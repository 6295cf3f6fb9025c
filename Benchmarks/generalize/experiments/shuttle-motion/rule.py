#!/usr/bin/env python3
"""The four conditions `shuttle-motion-final` is judged on (`rule-shuttle-motion-final.md`, written before the set was
made), from the scores of the files whose output the candidate changed (`variant-drivers.sh`'s `score_changed`): those
of `rest-ends-final` (`../rest-ends/rule.py`) but for the second, which holds the hikes to not higher, the `shuttles`
drill to lower, and every other truth together to at most 0.5 points higher.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-shuttle-motion/scores.json base shuttle-motion`)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "rest-ends"))
from rule import reports  # noqa: E402
from rule_common import judge  # noqa: E402


def hikes_shuttles_and_the_rest(s, number=2):
    """Condition 2: the hikes' summed |error - floor| not higher, the shuttles' lower, the other truths' together at
    most 0.5 points higher. Prints the three; returns the verdict."""
    hikes = s.total(lambda v: v["truth"] == "hike", s.off)
    shuttles = s.total(lambda v: v["truth"] == "shuttles", s.off)
    others = s.total(lambda v: v["truth"] not in ("hike", "shuttles"), s.off)
    print("%d. hikes, summed |error - floor|: %.2f -> %.2f (not higher); shuttles: %.2f -> %.2f (lower); "
          "the other truths: %.2f -> %.2f (at most 0.5 higher)" % ((number,) + hikes + shuttles + others))
    return hikes[1] <= hikes[0] and shuttles[1] < shuttles[0] and others[1] <= others[0] + 0.5


if __name__ == "__main__":
    judge(hikes_shuttles_and_the_rest, reports)
