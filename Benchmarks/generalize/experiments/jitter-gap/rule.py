#!/usr/bin/env python3
"""The four conditions `jitter-gap-final` is judged on (`rule-jitter-gap-final.md`, written before the set was made): the
same as `rest-ends-final`'s (`../rest-ends/rule.py`), from the scores of the files whose output the candidate changed.

Usage: python3 rule.py SCORES.json BASE CANDIDATE   (`.../scored-jitter-gap/scores.json base jitter-gap`)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "rest-ends"))
from rule import hikes_lower, reports  # noqa: E402
from rule_common import judge  # noqa: E402

if __name__ == "__main__":
    judge(hikes_lower, reports)
