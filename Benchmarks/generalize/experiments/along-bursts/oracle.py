"""oracle.py IN_DIR OUT_DIR PATTERN: each track file's lap error, and what it would be with every point more than
10 m off along the line (against the truth) put back where the athlete was: the most that taking bursts along the
line out could give."""
import sys

import numpy as np

from common import lap_error, names, progress

in_dir, out_dir, pattern = sys.argv[1:4]
before, after = [], []
for name in names(in_dir, pattern):
    t, s, arc, laps, lap_length = progress(in_dir, out_dir, name)
    off = np.abs(s - arc) > 10
    before.append(lap_error(t, s, laps, lap_length))
    after.append(lap_error(t, np.where(off, arc, s), laps, lap_length))
    print("%-42s laps %.2f -> %.2f %%, %.1f %% of points over 10 m off along" % (name, before[-1], after[-1], off.mean() * 100))
print("mean %.2f -> %.2f %% (%d files)" % (np.mean(before), np.mean(after), len(before)))
