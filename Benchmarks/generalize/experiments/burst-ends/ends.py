#!/usr/bin/env python3
"""Both ends of each missed burst: which of the clear-jump tests fails at its entry and at its fall (python3 stdlib).

Usage: ends.py exits LIST > EXIT_LIST
       ends.py table LIST ENTRY_WHY EXIT_WHY
LIST is `../missed-bursts/bursts.py IN OUT --list`'s output. `exits` writes it again with each burst's time moved to
its fall: the first second off, plus the seconds off, less the fall's seconds, plus 5 (so that `why.py`, which traces
from 15 s before a burst's time to 5 s after, traces the fall). ENTRY_WHY and EXIT_WHY are `../missed-bursts/why.py`'s
output on LIST and on EXIT_LIST. `table` counts the bursts by the class of each end (a clear jump found there; no
clear jump because the windows' velocities differ by more than 1.5 m/s; no clear jump for another test; no pair of
straight windows), all and over 30 m, then the bursts by their seconds off for each pair of classes.
"""
import os
import re
import signal
import stat
import sys
from collections import Counter

BIG_METRES = 30.0
LINE = re.compile(r"(\S+)(\s+t\s+)(\d+)(\s+off\s+)(\d+)( s peak\s+)(\d+)( m out.*fall\s+)([\d.]+)")
WHY = re.compile(r"(\S+)\s+t\s+(\d+) peak\s+(\d+) m: (.*)")


def read_lines(path):
    try:
        # Not a FIFO or a device: opening one would wait for a writer.
        if not stat.S_ISREG(os.stat(path).st_mode):
            sys.exit("ends.py: %s: not a regular file" % path)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            return f.read().splitlines()
    except OSError as e:
        sys.exit("ends.py: %s: %s" % (path, e.strerror))


def bursts(path):
    """(line, match) of each burst line of a LIST; other lines are left out with one line each."""
    found = []
    for number, line in enumerate(read_lines(path), 1):
        m = LINE.match(line)
        if m:
            found.append((line, m))
        elif line.strip():
            print("ends.py: %s:%d: not a burst line, left out" % (path, number), file=sys.stderr)
    return found


def exits(listing):
    out = sys.stdout
    out.reconfigure(errors="surrogateescape")
    for line, m in bursts(listing):
        t, off, fall = int(m.group(3)), int(m.group(5)), float(m.group(9))
        moved = str(int(t + off - fall + 5)).rjust(len(m.group(3)))
        out.write(line[:m.start(3)] + moved + line[m.end(3):] + "\n")


def classes(path):
    """{(file, peak): [class, ...]} of a why.py output, in its order."""
    found = {}
    for line in read_lines(path):
        m = WHY.match(line)
        if m:
            found.setdefault((m.group(1), int(m.group(3))), []).append(m.group(4).strip())
    return found


def kind(why):
    if why.startswith("clear"):
        return "clear"
    if why == "no candidate":
        return "no straight pair"
    return "velocity" if "velocity" in why else "other test"


def table(listing, entry_why, exit_why):
    rows = bursts(listing)
    entries, falls = classes(entry_why), classes(exit_why)
    pairs, big, offs = Counter(), Counter(), {}
    seen = Counter()
    for _, m in rows:
        key = (m.group(1), int(m.group(7)))
        k = seen[key]
        seen[key] += 1
        try:
            pair = (kind(entries[key][k]), kind(falls[key][k]))
        except (KeyError, IndexError):
            print("ends.py: %s at %s s has no class in both traces, left out" % (key[0], m.group(3)), file=sys.stderr)
            continue
        pairs[pair] += 1
        big[pair] += int(m.group(7)) > BIG_METRES
        offs.setdefault(pair, []).append(int(m.group(5)))
    if not pairs:
        sys.exit("ends.py: no burst of %s is classed in both traces" % listing)
    print("| entry | fall | bursts | over 30 m | off 15 s or less | 16-30 s | over 30 s |")
    print("|---|---|---|---|---|---|---|")
    for pair, n in pairs.most_common():
        o = offs[pair]
        print("| %s | %s | %d | %d | %d | %d | %d |" % (pair + (n, big[pair], sum(x <= 15 for x in o),
                                                       sum(15 < x <= 30 for x in o), sum(x > 30 for x in o))))


def main():
    # Read into `head`, the table ends quietly when the reader stops.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if len(sys.argv) == 3 and sys.argv[1] == "exits":
        exits(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "table":
        table(*sys.argv[2:])
    else:
        sys.exit("usage: ends.py exits LIST > EXIT_LIST | ends.py table LIST ENTRY_WHY EXIT_WHY")


if __name__ == "__main__":
    main()
