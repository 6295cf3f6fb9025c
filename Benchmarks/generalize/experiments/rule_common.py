"""What the held-out rules' scripts (`track-refit/rule.py`, `swapped-times/rule.py`, `ride-spikes/rule.py`,
`track-one-way/rule.py`, `moving-anchors/rule.py`, `track-bridge/rule.py`, `local-floors/rule.py`,
`turn-back/rule.py`) share: a set's scores, the base and candidate columns named on the command line, the sums the
rules are judged on (and `line-bursts-off/worse.py`'s count on both outputs of a whole set), and what they report after
their conditions."""
import json
import os
import stat
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

TRACKS = {"track-400m", "track-400-repeats", "track-intervals"}


class Scores:
    """generalize.sh's scores.json (argv[1]) with the base (argv[2]) and candidate (argv[3]) columns."""

    def __init__(self, argv):
        if len(argv) != 4:
            sys.exit("usage: %s SCORES.json BASE CANDIDATE" % argv[0])
        try:
            # A FIFO or a device would block the read or never end: only a regular file is read.
            if not stat.S_ISREG(os.stat(argv[1]).st_mode):
                sys.exit("%s: the scores %s are not a regular file" % (argv[0], argv[1]))
            with open(argv[1]) as f:
                self.scores = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit("%s: cannot read the scores %s: %s" % (argv[0], argv[1], e))
        self.base, self.cand = argv[2], argv[3]
        if not isinstance(self.scores, dict) or not all(
                isinstance(v, dict) and isinstance(v.get(self.base), dict) and isinstance(v.get(self.cand), dict)
                for v in self.scores.values()):
            sys.exit("%s: %s is not score.py's scores with columns %s and %s"
                     % (argv[0], argv[1], self.base, self.cand))
        self.files = list(self.scores.values())

    @staticmethod
    def off(v, who):
        """A file's |error - floor| for one column."""
        return abs(v[who]["error"] - v[who]["floor"])

    def total(self, select, measure):
        """(base, candidate): `measure(file, column)` summed over the files `select` takes."""
        return (sum(measure(v, self.base) for v in self.files if select(v)),
                sum(measure(v, self.cand) for v in self.files if select(v)))


def all_files_lower(s, number=1):
    """The rules' first condition: every file's |error - floor|, summed, lower. Prints it; returns the verdict."""
    a, b = s.total(lambda v: True, s.off)
    print("%d. all %d files, summed |error - floor|: %.2f -> %.2f" % (number, len(s.files), a, b))
    return b < a


def laps_lower(s, number=2):
    """A rule's condition (`number`): the track truths' mean lap |error| lower. Prints it; returns the verdict."""
    laps = [v for v in s.files if v["truth"] in TRACKS and "lap_mean_abs" in v[s.base]]
    la = sum(v[s.base]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    lb = sum(v[s.cand]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    print("%d. track truths (%d files with laps), mean lap |error|: %.4f -> %.4f" % (number, len(laps), la, lb))
    return lb < la


def far_fewer(s, number=2):
    """Files with a point over 30 m: fewer than under base."""
    a, b = s.total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("%d. files with a point over 30 m: %d -> %d" % (number, a, b))
    return b < a


def files_worse(work, name):
    """worse.py's count of files with a fix more than 20 m further from the athlete than recorded, or None."""
    run = subprocess.run([sys.executable, os.path.join(HERE, "line-bursts-off", "worse.py"),
                          os.path.join(work, "in"), os.path.join(work, name)], capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith("files with such fixes:"):
            return int(line.split(":")[1].split()[0])
    print("   worse.py on %s said: %s" % (name, (run.stderr or run.stdout).strip()[-300:]))
    return None


def fewer_worse(s, scores_path, number=3):
    """Files of the whole set with a fix put more than 20 m further from the athlete: fewer under the candidate."""
    work = os.path.dirname(os.path.dirname(os.path.abspath(scores_path)))
    a, b = files_worse(work, s.base), files_worse(work, s.cand)
    print("%d. files of the set with a fix more than 20 m further from the athlete than recorded: %s -> %s"
          % (number, a, b))
    return a is not None and b is not None and b < a


def multipath_far_not_more(s, number=4):
    """The multipath generator's files with a point over 30 m: no more than under base."""
    a, b = s.total(lambda v: v["generator"] == "multipath", lambda v, who: v[who]["max_dev"] > 30)
    print("%d. multipath, files with a point over 30 m: %d -> %d" % (number, a, b))
    return b <= a


def laps_not_higher(s, number=5):
    """The track truths' mean lap |error| over the changed files with laps: not higher by more than 0.05 points."""
    laps = [v for v in s.files if v["truth"] in TRACKS and "lap_mean_abs" in v[s.base]]
    la = sum(v[s.base]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    lb = sum(v[s.cand]["lap_mean_abs"] for v in laps) / max(1, len(laps))
    print("%d. track truths (%d files with laps), mean lap |error|: %.4f -> %.4f" % (number, len(laps), la, lb))
    return lb <= la + 0.05


def report_error_and_far(s):
    """Reported by the later rules, not gated: summed |error|, and the files with a point over 100 m."""
    a, b = s.total(lambda v: True, lambda v, who: abs(v[who]["error"]))
    print("reported: all files, summed |error|: %.2f -> %.2f" % (a, b))
    a, b = s.total(lambda v: True, lambda v, who: v[who]["max_dev"] > 100)
    print("reported: files with a point over 100 m %d -> %d" % (a, b))


def changed_files(s):
    """The files whose error or largest deviation differs between the two columns."""
    return {n: v for n, v in s.scores.items()
            if v[s.base]["error"] != v[s.cand]["error"] or v[s.base]["max_dev"] != v[s.cand]["max_dev"]}


def balance(s, changed, rise, rise_label, number=4):
    """Condition 4 of the later rules (`number`): of the changed files at least as many with |error - floor| down by more than 0.5
    points as up, no file's `rise(file)` above 3 points, each above 1 point printed. Returns the verdict."""
    base, cand, off = s.base, s.cand, s.off
    down = sum(1 for v in changed.values() if off(v, cand) < off(v, base) - 0.5)
    up = sum(1 for v in changed.values() if off(v, cand) > off(v, base) + 0.5)
    rises = sorted(((rise(v), n) for n, v in changed.items()), reverse=True)
    print("%d. %d changed; |error - floor| down by more than 0.5 points in %d, up in %d; largest rise%s %+.2f"
          % (number, len(changed), down, up, rise_label, rises[0][0] if rises else 0))
    for amount, name in rises:
        if amount > 1:
            v = s.scores[name]
            print("   rose: %s %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m"
                  % (name, v[base]["error"], v[cand]["error"], v[cand]["floor"], v[base]["max_dev"], v[cand]["max_dev"]))
    return down >= up and (not rises or rises[0][0] <= 3)


def no_new_far(s, changed, number=5):
    """Condition 5 of the later rules (`number`): no changed file newly with a point more than 100 m from the truth."""
    new_far = [n for n, v in changed.items() if v[s.cand]["max_dev"] > 100 and v[s.base]["max_dev"] <= 100]
    print("%d. files newly with a point over 100 m: %d %s" % (number, len(new_far), " ".join(new_far)))
    return not new_far


def report_and_verdict(s, verdicts, changed):
    """What the rules report without gating (files with a point over 30 m, the track truths' mean lap |error|), every
    changed file, and the verdict."""
    base, cand, files, total = s.base, s.cand, s.files, s.total
    oa, ob = total(lambda v: True, lambda v, who: v[who]["max_dev"] > 30)
    print("reported: files with a point over 30 m %d -> %d" % (oa, ob))
    laps = [v for v in files if v["truth"] in TRACKS and "lap_mean_abs" in v[base]]
    if laps:
        la = sum(v[base]["lap_mean_abs"] for v in laps) / len(laps)
        lb = sum(v[cand]["lap_mean_abs"] for v in laps) / len(laps)
        print("reported: the track truths' files with laps (%d), mean lap |error|: %.4f -> %.4f" % (len(laps), la, lb))

    print("changed files:")
    for name, v in sorted(changed.items()):
        print("  %s %+.2f -> %+.2f %% (floor %+.2f), max deviation %.1f -> %.1f m"
              % (name, v[base]["error"], v[cand]["error"], v[cand]["floor"], v[base]["max_dev"], v[cand]["max_dev"]))
    print("conditions: " + " ".join("%d %s" % (i + 1, "holds" if ok else "FAILS") for i, ok in enumerate(verdicts)))
    print("lands" if all(verdicts) else "does not land")


def judge(second, reports=lambda s: None):
    """The run of a rule judged on four conditions whose second is its own (`moving-anchors/rule.py`,
    `track-bridge/rule.py`): the scores named on the command line; 1. `all_files_lower`; 2. `second(scores)`, which
    prints its figure and returns its verdict; 3. `balance` of the changed files' rises; 4. `no_new_far`; then
    `report_error_and_far`, the rule's own `reports(scores)`, and `report_and_verdict`."""
    scores = Scores(sys.argv)
    changed = changed_files(scores)
    rise = lambda v: scores.off(v, scores.cand) - scores.off(v, scores.base)  # noqa: E731
    verdicts = [all_files_lower(scores), second(scores), balance(scores, changed, rise, "", number=3),
                no_new_far(scores, changed, number=4)]
    report_error_and_far(scores)
    reports(scores)
    report_and_verdict(scores, verdicts, changed)
