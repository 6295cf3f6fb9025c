"""True paths for the generalization benchmark: what the athlete really did, second by second.

Each truth is a dense polyline (about 1 m between vertices, local east/north metres) and a motion along it:
the arc length reached at every whole second, with stops where the athlete stood still. Written for this
benchmark only; nothing here is shared with the cleaner or with Benchmarks/denoise/make_tracks.py.
"""
import math


class Path:
    """A polyline built from straights and circular arcs, sampled about every `step` metres."""

    def __init__(self, step=1.0):
        self.step = step
        self.x, self.y, self.heading = 0.0, 0.0, 0.0
        self.points = [(0.0, 0.0)]
        self.turn_at = []  # (arc where the turn starts, arc where it ends, signed angle in radians)

    def arc_length(self):
        return (len(self.points) - 1) * self.step

    def straight(self, metres):
        n = max(1, int(round(metres / self.step)))
        for _ in range(n):
            self.x += self.step * math.cos(self.heading)
            self.y += self.step * math.sin(self.heading)
            self.points.append((self.x, self.y))

    def turn(self, degrees, radius):
        """A turn of `degrees` (positive = left) on a circle of `radius` metres."""
        angle = math.radians(degrees)
        arc = abs(angle) * radius
        n = max(1, int(round(arc / self.step)))
        start = self.arc_length()
        for _ in range(n):
            # Chord of each sub-arc, so vertices lie exactly on the circle.
            self.heading += angle / (2 * n)
            chord = 2 * radius * math.sin(abs(angle) / (2 * n))
            self.x += chord * math.cos(self.heading)
            self.y += chord * math.sin(self.heading)
            self.heading += angle / (2 * n)
            self.points.append((self.x, self.y))
        self.turn_at.append((start, self.arc_length(), angle))

    def true_length(self, upto_index):
        p = self.points
        return sum(math.hypot(p[i][0] - p[i - 1][0], p[i][1] - p[i - 1][1]) for i in range(1, upto_index + 1))


def motion(path, speed_at, seconds, stops=()):
    """Arc length at each whole second: speed_at(arc, t) m/s, integrated in 0.05 s steps; `stops` is a list
    of (arc, seconds) where the athlete stands still. Returns the list and the moving flag per second."""
    arcs, moving = [0.0], [True]
    arc, t = 0.0, 0.0
    pending = sorted(stops)
    standing_until = -1.0
    end = path.arc_length() - 1
    for second in range(1, seconds + 1):
        still = False
        for _ in range(20):
            t += 0.05
            if t < standing_until:
                still = True
                continue
            if pending and arc >= pending[0][0]:
                standing_until = t + pending[0][1]
                pending.pop(0)
                still = True
                continue
            arc = min(end, arc + speed_at(arc, t) * 0.05)
        arcs.append(arc)
        moving.append(not still)
        if arc >= end:
            break
    return arcs, moving


def corners_run(rng):
    """A city run: blocks joined by sharp corners (90° on 4 m, 135° on 3 m) and hairpins (180° on 2 m);
    slows into the sharp ones; two traffic-light stops."""
    p = Path()
    slow = []
    while p.arc_length() < 9000:
        p.straight(rng.uniform(60, 240))
        kind = rng.random()
        side = rng.choice((-1, 1))
        start = p.arc_length()
        if kind < 0.55:
            p.turn(side * 90, 4)
        elif kind < 0.75:
            p.turn(side * 135, 3)
        elif kind < 0.88:
            p.turn(side * 180, 2)
        else:
            p.turn(side * 45, 10)
        slow.append((start - 8, p.arc_length() + 8))
    base = rng.uniform(2.8, 3.6)

    def speed(arc, t):
        for a, b in slow:
            if a <= arc <= b:
                return 0.65 * base
        return base * (1 + 0.08 * math.sin(t / 70))
    stops = [(rng.uniform(1500, 3500), rng.uniform(20, 60)), (rng.uniform(5000, 7500), rng.uniform(20, 60))]
    return p, speed, 3300, stops, "running"


# A 400 m track measured on the running line of lane 1: 84.39 m straights, and bends of 36.5 m kerb radius
# run 0.30 m outside the kerb (World Athletics track rules), so 2 × 84.39 + 2π × 36.80 = 400.0 m.
TRACK_STRAIGHT = 84.39
TRACK_RADIUS = 36.80


def track_path(laps):
    """`laps` laps of lane 1's running line, from the start of a straight, a vertex every 0.5 m."""
    p = Path(step=0.5)
    for _ in range(laps):
        p.straight(TRACK_STRAIGHT)
        p.turn(180, TRACK_RADIUS)
        p.straight(TRACK_STRAIGHT)
        p.turn(180, TRACK_RADIUS)
    return p


def track_400(rng):
    laps = rng.randint(10, 25)
    p = track_path(laps)
    lap_len = p.arc_length() / laps
    base = rng.uniform(4.0, 5.5)

    def speed(arc, t):
        return base * (1 + 0.05 * math.sin(arc / lap_len * 2 * math.pi / 3))
    seconds = int(p.arc_length() / (base * 0.95)) + 5
    return p, speed, seconds, [], "running", laps


def track_intervals(rng):
    """An interval session on a 400 m track, in lane 1: a two-lap warm-up jog, then repetitions of 200, 400 or 800 m
    at 5.5 to 7 m/s, each followed either by a rest of 60 to 150 s standing on the line or by a 200 m jog at 2 to
    2.5 m/s, and a cool-down jog to a whole number of laps. The pace changes two- to threefold within a few seconds
    (over about 12 m of the line), and the athlete stands still on the track between repetitions: what
    `track-400m`'s even pace never shows."""
    rep = rng.choice((200, 400, 800))
    reps = {200: rng.randint(8, 12), 400: rng.randint(6, 10), 800: rng.randint(4, 6)}[rep]
    fast = rng.uniform(5.5, 6.5) * (1.08 if rep == 200 else 1.0)
    jog, easy = rng.uniform(2.7, 3.2), rng.uniform(2.0, 2.5)
    standing = rng.random() < 0.5
    return interval_session(rng, rep, reps, fast, jog, easy, standing, (60, 150))


def track_400_repeats(rng):
    """400 m repetitions on the track with the rests standing on the line, so that each repetition leaves a rest and
    comes back to the same place: a two-lap warm-up jog, 5 to 12 repetitions at 4.6 to 7 m/s (57 to 87 s each), rests
    of 45 to 180 s, a cool-down jog to a whole number of laps. The athlete stands for about as long as they run, so
    their median speed is a walk or less while each repetition is twice or three times it: a wider spread of paces and
    rests than `track-intervals` draws."""
    reps = rng.randint(5, 12)
    fast = rng.uniform(4.6, 7.0)
    jog = rng.uniform(2.5, 3.3)
    return interval_session(rng, 400, reps, fast, jog, None, True, (45, 180))


def interval_session(rng, rep, reps, fast, jog, easy, standing, rest):
    """The session `track_intervals` describes, of `reps` repetitions of `rep` metres at `fast` m/s, each followed by
    a rest standing on the line (seconds drawn from `rest`) or by a 200 m jog at `easy` m/s."""
    segments, stops, arc = [(800.0, jog)], [], 800.0
    for _ in range(reps):
        segments.append((float(rep), fast))
        arc += rep
        if standing:
            stops.append((arc, rng.uniform(*rest)))
        else:
            segments.append((200.0, easy))
            arc += 200
    laps = int(math.ceil((arc + 400) / 400))
    segments.append((laps * 400.0 - arc, jog))
    p = track_path(laps)
    # Speed against arc: each stretch's pace, reached over `ramp` metres either side of where it changes, and down to
    # a walk into each standing rest.
    ramp = 6.0
    knots, start = [], 0.0
    for length, pace in segments:
        knots += [(start + ramp, pace), (start + length - ramp, pace)]
        start += length
    for where, _ in stops:
        knots.append((where, 1.5))
    knots.sort()

    def speed(arc, t):
        if arc <= knots[0][0]:
            return knots[0][1]
        for (a, va), (b, vb) in zip(knots, knots[1:]):
            if arc <= b:
                return va + (vb - va) * (arc - a) / (b - a) if b > a else vb
        return knots[-1][1]
    seconds = int(sum(length / pace for length, pace in segments) + sum(d for _, d in stops) + 120)
    return p, speed, seconds, stops, "running", laps


def out_and_back(rng):
    """Out along a winding road and back the same way; a hairpin turn-around (180° on 1.5 m) with a stop."""
    legs = []
    total = 0.0
    while total < rng.uniform(4000, 5500):
        length = rng.uniform(80, 400)
        legs.append(("s", length))
        total += length
        r = rng.random()
        if r < 0.5:
            legs.append(("t", rng.uniform(-40, 40), rng.uniform(30, 200)))
        elif r < 0.75:
            legs.append(("t", rng.choice((-90, 90)), rng.uniform(6, 10)))
    p = Path()
    for leg in legs:
        p.straight(leg[1]) if leg[0] == "s" else p.turn(leg[1], leg[2])
    p.turn(180, 1.5)
    turnaround = p.arc_length()
    for leg in reversed(legs):
        p.straight(leg[1]) if leg[0] == "s" else p.turn(-leg[1], leg[2])
    base = rng.uniform(2.9, 3.5)
    return p, (lambda arc, t: base * (1 + 0.06 * math.sin(t / 50))), 3800, [(turnaround - 1, rng.uniform(20, 45))], "running"


def hike(rng):
    """A slow hike: winding trail with switchbacks (150° on 3 m), long stops of 3 to 10 minutes."""
    p = Path()
    while p.arc_length() < 5000:
        p.straight(rng.uniform(20, 120))
        r = rng.random()
        if r < 0.3:
            p.turn(rng.choice((-150, 150)), 3)
        else:
            p.turn(rng.uniform(-60, 60), rng.uniform(8, 40))
    base = rng.uniform(0.9, 1.3)
    stops = [(rng.uniform(800, 1600), rng.uniform(180, 600)), (rng.uniform(2200, 3200), rng.uniform(180, 600)),
             (rng.uniform(3600, 4400), rng.uniform(180, 600))]
    return p, (lambda arc, t: base * (1 + 0.15 * math.sin(t / 120))), 6000, stops, "hiking"


def ride(rng):
    """A road ride at 8 to 12 m/s: long curves (20 to 150 m radius), junctions (90° on 10 m, slowed to
    5 m/s), traffic lights."""
    p = Path()
    junctions = []
    while p.arc_length() < 26000:
        p.straight(rng.uniform(150, 800))
        r = rng.random()
        if r < 0.6:
            p.turn(rng.uniform(-70, 70), rng.uniform(20, 150))
        else:
            start = p.arc_length()
            p.turn(rng.choice((-90, 90)), 10)
            junctions.append((start - 30, p.arc_length() + 20))
    base = rng.uniform(8, 12)

    def speed(arc, t):
        for a, b in junctions:
            if a <= arc <= b:
                return 5.0
        return base * (1 + 0.1 * math.sin(t / 90))
    stops = [(rng.uniform(3000, 9000), rng.uniform(20, 60)), (rng.uniform(12000, 20000), rng.uniform(20, 60))]
    return p, speed, 2400, stops, "cycling"


def shuttles(rng):
    """Shuttle runs beside a place the athlete stands: a 600 to 900 m warm-up jog on a winding path at 2.6 to 3.2 m/s,
    2 to 4 minutes standing, then 3 to 5 sets of shuttles, each 6 to 12 runs back and forth along 10 to 30 m at 2.5 to
    4.5 m/s (a 180° turn on 0.5 m, slowed to 1.5 m/s over its last and first 2 m), with 60 to 120 s standing between
    sets and after the last, then a jog back as long as the warm-up. Confined running that gets nowhere: what a stop
    finder can take for standing and a noise estimate for noise (found in the fifty-third session: a walk, a rest and
    ten minutes of 10 m shuttles came out as the two walks)."""
    p = Path()
    warm = rng.uniform(600, 900)
    while p.arc_length() < warm:
        p.straight(rng.uniform(40, 120))
        p.turn(rng.uniform(-60, 60), rng.uniform(10, 30))
    jog = rng.uniform(2.6, 3.2)
    stops = [(p.arc_length(), rng.uniform(120, 240))]
    paces = []  # (first arc, last arc, pace) of each set
    turns = []  # arcs where each turn starts and ends
    for _ in range(rng.randint(3, 5)):
        length, pace, runs = rng.uniform(10, 30), rng.uniform(2.5, 4.5), rng.randint(6, 12)
        start = p.arc_length()
        for _ in range(runs):
            p.straight(length)
            begin = p.arc_length()
            p.turn(180, 0.5)
            turns.append((begin, p.arc_length()))
        paces.append((start, p.arc_length(), pace))
        stops.append((p.arc_length(), rng.uniform(60, 120)))
    back = p.arc_length() + warm
    while p.arc_length() < back:
        p.straight(rng.uniform(40, 120))
        p.turn(rng.uniform(-60, 60), rng.uniform(10, 30))

    def speed(arc, t):
        for a, b in turns:
            if a - 2 <= arc <= b + 2:
                return 1.5
        for a, b, pace in paces:
            if a <= arc <= b:
                return pace
        return jog
    return p, speed, 4000, stops, "running"


# Truths that only the sets naming them (`make_worlds.SET_TRUTHS`) hold, so that the sets made before them stay the
# same files.
LATER_TRUTHS = {
    "track-intervals": track_intervals,
    "track-400-repeats": track_400_repeats,
}
# Drills: truths that only the sets naming them hold, and that `make_worlds.WITH_INTERVALS` (every truth and both
# interval sessions) leaves out, so that a set made from that list stays the same files.
DRILL_TRUTHS = {
    "shuttles": shuttles,
}
TRUTHS = {
    "corners-run": corners_run,
    "track-400m": track_400,
    "out-and-back": out_and_back,
    "hike": hike,
    "ride": ride,
}
