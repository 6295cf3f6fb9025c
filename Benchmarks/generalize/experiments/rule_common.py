"""What the held-out rules' scripts (`track-refit/rule.py`, `swapped-times/rule.py`) share: a set's scores, the base
and candidate columns named on the command line, and the sums the rules are judged on."""
import json

TRACKS = {"track-400m", "track-400-repeats", "track-intervals"}


class Scores:
    """generalize.sh's scores.json (argv[1]) with the base (argv[2]) and candidate (argv[3]) columns."""

    def __init__(self, argv):
        self.scores = json.load(open(argv[1]))
        self.base, self.cand = argv[2], argv[3]
        self.files = list(self.scores.values())

    @staticmethod
    def off(v, who):
        """A file's |error - floor| for one column."""
        return abs(v[who]["error"] - v[who]["floor"])

    def total(self, select, measure):
        """(base, candidate): `measure(file, column)` summed over the files `select` takes."""
        return (sum(measure(v, self.base) for v in self.files if select(v)),
                sum(measure(v, self.cand) for v in self.files if select(v)))
