#!/usr/bin/env python3
"""Per file |error - floor| of output B against output A (a score.py result), in points; then the sum over the files
and how many B brings closer to their floor and how many further.
usage: cmp.py SCORES.json A B"""
import json
import sys

scores, a, b = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
sum_a = sum_b = 0.0
closer = further = 0
rows = []
for name, v in scores.items():
    ea, eb = abs(v[a]["error"] - v[a]["floor"]), abs(v[b]["error"] - v[b]["floor"])
    sum_a += ea
    sum_b += eb
    if abs(ea - eb) > 1e-9:
        rows.append((eb - ea, name, v[a]["error"], v[b]["error"], v[a]["floor"], v[a]["max_dev"], v[b]["max_dev"]))
        closer += eb < ea
        further += eb > ea
for row in sorted(rows):
    print("%+.3f %s: %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m" % row)
print("sum of |error - floor| %.2f -> %.2f points; %d closer, %d further, of %d" % (sum_a, sum_b, closer, further, len(scores)))
