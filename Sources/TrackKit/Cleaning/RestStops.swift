import Foundation

/// Finds where a device lay at rest under a slow, smooth error, and collapses it.
///
/// A chipset's own tracking filter, or a phone's fused location, leaves an error that moves smoothly: metres over tens
/// of seconds. At rest its fixes wander 10–20 m from where the device lies, at walking pace, and neither the stop
/// collapser (its radius is sized from how far fixes sit off their neighbours' chord, which a smooth error hardly
/// moves) nor the smoother (a smooth error looks like motion over seconds) can tell that from a walk. A hike with three
/// long breaks came out up to 19 % long that way.
///
/// What tells it apart is where the fixes get to over a longer time. A walker, even at the sport's slowest moving
/// pace, gets `side` metres along in `side / slowestMovingSpeed` seconds; a device at rest stays in a small box however
/// its error wanders. So a fix is *at rest* when every fix within that many seconds before it and after it lies in a
/// box `side` metres on a side (a walker would have covered twice that), and a run of such fixes is a rest. The test
/// is centred: a rest ends that many seconds before the athlete set off, so no step of the walk itself is ever taken
/// into it (of the 734 rests found in the benchmark's `tuning`, `after`, `other`, `stretches` and `still-final` files,
/// none held a metre of the truth's movement). Between fixes 10 s apart a rest can still end on the walk's first fix:
/// 4 of the 2,686 rests found over the thirteen sets made so far held 5 to 21 m of the truth's movement that way.
///
/// A phone's wander can be larger: 5 to 9 m of error correlated over seconds to a minute leaves a 20 m box every minute
/// or two, and a rest is then found in pieces, or not at all, while its fixes draw up to 7.5 % of a hike. So the test
/// is also made with wider boxes, `wideSides` (30 and 40 m; a phone's 8 m wander stays within 2.5 times that either
/// side of where it lies), each over its own window (a walker at the slowest pace still covers twice the side in it).
/// A wide box alone would take a walk folded into it (shuttle runs along 20 m stay inside a 40 m box for minutes), so
/// a fix that passes only in a wider box is at rest only if its fixes move slowly enough, measured over `speedLag`
/// seconds within the base window either side:
/// - **no faster than the rest beside it**: where it lies in one run of passing fixes with fixes that pass the 20 m
///   test, no faster than `speedFactor` times those fixes. Where the device lay, its fixes move only as fast as its
///   wander does; shuttle runs right after a rest, in the same place, move three to five times as fast and are left as
///   they are;
/// - **or no faster than its own jitter**: where the noise changes during a rest (a phone carried from the open into a
///   city, then laid down), the quiet part passes in the 20 m box and the loud part's fixes move several times as
///   fast, by their noise alone. So a fix may also move as fast as the jitter of the fixes around it (each fix's
///   distance from the chord of its neighbours) covers in `jitterSeconds`. Noise that moves fixes fast also scatters
///   them off that chord; a walk does not. At the benchmark's true stops the phone-like generators' fixes move 0.09 to
///   0.36 times their jitter per second (medians, 1 s and irregular sampling), a receiver's 0.72 (its error is smooth,
///   and there the rest's own speed is the limit that counts). Shuttles along 20 m move 1.7 to 1.9 times theirs under
///   a receiver's smooth error, 0.7 to 0.9 times under a phone's 4 m wander and 1 m of white noise. Under 2 to 3 m of
///   white noise shuttles scatter as much as a phone lying still (0.3 to 0.6) and can be taken into a rest beside them.
///
/// A phone whose noise is loud the whole time (6 to 10 m of wander over seconds, as in a city) never lets its fixes
/// settle in a 20 m box, and its rests have no such fix beside them; the jitter limit alone holds them. But a walk
/// at 1 m/s under a phone's 1 m of white noise moves about as fast as that limit, and a climb on tight switchbacks
/// (legs of 30 m, each 5 m further up) stays in a 40 m box. What tells such a walk from a wander is that it **holds its
/// direction** for the length of a leg. So where a run has no fix in the base box, a fix is at rest only if its fixes'
/// speed measured over `persistenceLag` (10 s) is at most `persistence` (0.75) of their speed over `speedLag` (5 s).
/// A wander forgets its direction: a phone lying still gives 0.59 to 0.64 (2 to 8 m of wander over 10 to 120 s, 0.5
/// to 3 m of white noise). A walk does not: 0.78 to 0.91 on switchbacks under a receiver's error or a phone's of up to
/// 4 m and 1 m of white noise (`Benchmarks/generalize/experiments/anchorless-rests/persistence.py`). A receiver's
/// smooth error at rest holds its direction too (0.78 to 0.84); its rests are found from the 20 m box as before.
///
/// Left as they are: under louder noise (5 to 6 m over 10 s, 2 to 3 m of white noise) a walk at 1 m/s is lost in it
/// (0.63 to 0.72), and rests may take up to half a minute of a fifteen-minute climb, of which the cleaner already
/// keeps only 36 to 64 %. And a climb on still tighter switchbacks (legs of 20 m, 5 m apart, at 0.8 m/s) passes
/// in the 20 m box itself, where no speed is checked: rests take up to 228 s of fifteen minutes of it
/// (`switchbacks.py` there).
///
/// A phone whose wander is both large and fast (8 m over 5 s, with 2 m of white noise) gives a device lying still
/// fixes that range over 42 m on each axis in a wide box's 200 s window: 86 % of such windows leave the 40 m box, and
/// whole rests of five to ten minutes were kept, drawn as up to 157 m of wandering each. So the wide boxes may leave
/// out the `trimmedShare` of the window's fixes that lie furthest out on each side of each axis: then 0.03 % of those
/// windows leave the 40 m box (`Benchmarks/generalize/experiments/trimmed-boxes/boxes.py`). A walk at the slowest
/// pace still covers twice the side in the window, and leaving out a twentieth at each end does not bring it in. But
/// where a walk slows into a rest, or folds on itself beside one, more of its fixes now pass, so a fix that passes
/// only with its outermost fixes left out is at rest only if its fixes do not hold their direction, anchored or not.
/// Over the development sets the rests then took 25 m of walking (18.7 m of it from a hike slowing into its stop),
/// against none before and 70 m with no check on the direction. And a zigzag up to a rest on legs of 15 to 30 m,
/// whose legs are too short to hold their direction against such noise, loses up to a minute of itself to the rest
/// where the whole boxes took up to 47 s (`aZigzagIntoARestLosesAtMostItsLastMinute`).
///
/// The centred test leaves each end of a rest, up to a window's half, to be drawn as wander; `takeInEdges` then takes
/// in the fixes there that lie as near the rest's centre as half its own do (see there).
///
/// Rests are found on the fixes as they came in (spikes and bursts corrected), and collapsed after the stop collapser,
/// like its stops: a rest's first and last fix stay, moved to its centroid, so its time is kept and it adds no
/// distance.
enum RestStops {
    /// Side of the box a device at rest stays in, metres: the wander of a chipset's or a phone's smooth error at rest
    /// (10–20 m from its centre over a long stop, most of it within 12 m).
    static let side = 20.0
    /// The wider boxes, metres: they extend a rest found in the `side` box, or find one that a phone's loud noise keeps
    /// out of it (see the type's documentation).
    static let wideSides: [Double] = [30, 40]
    /// The share of a window's fixes that a wide box may leave out on each side of each axis (see the type's
    /// documentation): the box then holds the middle nine in ten of them along either axis.
    static let trimmedShare = 0.05
    /// How far apart in time two fixes are for their displacement to measure how fast the fixes move, seconds: long
    /// enough that white noise adds little to it, short enough that a shuttle along 20 m does not turn within it.
    static let speedLag = 5.0
    /// A fix passing only in a wider box may move at most this many times as fast as the fixes of its rest that pass
    /// the `side` test (shuttle runs beside a rest under a 5 m wander move 3 to 5 times as fast).
    static let speedFactor = 2.0
    /// Or as fast as the fixes' own jitter covers in this many seconds, where that is faster (see the type's
    /// documentation). The jitter is the root mean square distance of each fix within the base window either side from
    /// the chord of its two neighbours.
    static let jitterSeconds = 2.0
    /// A fix's jitter counts only where both its neighbours are at most this many seconds away: across longer gaps a
    /// walker's own turns bend the chord.
    static let jitterGap = 2.5
    /// How far apart in time two fixes are for their displacement to say whether the fixes hold their direction,
    /// seconds: twice `speedLag`.
    static let persistenceLag = 10.0
    /// A run of fixes with none in the base box is at rest only where the fixes' speed measured over `persistenceLag`
    /// is at most this fraction of their speed over `speedLag` (see the type's documentation): a walk holds its
    /// direction for the length of a leg, a wander forgets it.
    static let persistence = 0.75
    /// Fewest fixes in a fix's window for the test to mean anything.
    static let minimumWindowFixes = 5
    /// A rest's edges are taken in over fixes that lie no further from its centre than this share of its own fixes do
    /// (their median distance from it; see `takeInEdges`).
    static let edgeShare = 0.5
    /// A rest's edge is taken in until this many seconds pass without a fix that near its centre, or as long as the
    /// rest's own fixes once stayed further out, whichever is longer (see `takeInEdges`).
    static let edgeSeconds = 10.0
    /// The least time between two fixes for their displacement to count as a step in `moving`, and between a fix and
    /// each neighbour of the chord its jitter is measured from, seconds: a recording of several fixes a second is
    /// judged on fixes about a second apart, as one of a fix a second is.
    static let motionLag = 1.0
    /// `moving` judges each fix on the steps and the jitter of the fixes within this many seconds either side of it.
    static let motionHalf = 10.0
    /// The least speed of the fixes' smooth part for them to be moving, m/s: the root of their mean squared step speed
    /// once white noise's share (four thirds of their mean squared jitter) is taken out (see `moving`).
    static let motionSpeed = 1.2
    /// And the least ratio of that smooth part's mean square to the fixes' mean squared jitter (see `moving`).
    static let motionSmoothRatio = 1.0
    /// `moving` judges the way the fixes move, back and forth along a line or every way, over this many seconds
    /// either side of a fix.
    static let motionAxisHalf = 30.0
    /// The most the fixes' steps may spread across their main direction: the ratio of the smaller to the larger mean
    /// squared step speed along the two principal axes (see `moving`).
    static let motionAxisRatio = 0.5
    /// A run of moving fixes shorter than this many seconds is left out (see `moving`).
    static let motionRun = 15.0

    /// A rest: from `start` to `end` (seconds, the times of its first and last fix), centred at (`x`, `y`).
    struct Rest: Equatable {
        var start: Double, end: Double, x: Double, y: Double
    }

    /// The rests of `s` (samples in strictly increasing time), in time order. A fix's window must lie within `s` and
    /// hold `minimumWindowFixes` fixes that reach at least half-way to each of its ends: across a loss of signal the
    /// test has nothing to see. Linear in the number of fixes (sliding minima and maxima, prefix sums), but for the
    /// trimmed boxes, which keep each window's fixes sorted: linear in the number of fixes times a window's, at most
    /// `trimmedSortedValues`.
    /// No fix seen moving is at rest (`moving`; `motion` false: not checked).
    /// `wideSides`, `speedFactor`, `jitterSeconds`, `persistence`, `trimmedShare` and `motion` are parameters for tests
    /// only.
    static func find(
        _ s: [CleaningSample], profile: SportProfile, wideSides: [Double] = wideSides,
        speedFactor: Double = speedFactor, jitterSeconds: Double = jitterSeconds, persistence: Double = persistence,
        trimmedShare: Double = trimmedShare, motion: Bool = true
    ) -> [Rest] {
        let n = s.count
        guard n >= minimumWindowFixes else { return [] }
        let base = stillInBox(s, side: side, profile: profile)
        // `wide`: in a wide box with the outermost fixes left out; `whole`: with every fix in it.
        var wide = [Bool](repeating: false, count: n), whole = [Bool](repeating: false, count: n)
        for wideSide in wideSides {
            let still = stillInBox(s, side: wideSide, profile: profile)
            for k in 0..<n where still[k] { wide[k] = true; whole[k] = true }
            guard trimmedShare > 0, anyTrimmedWindowMayFit(s, side: wideSide, share: trimmedShare, profile: profile)
            else { continue }
            let trimmed = stillInTrimmedBox(s, side: wideSide, share: trimmedShare, profile: profile)
            for k in 0..<n where trimmed[k] { wide[k] = true }
        }
        guard base.contains(true) || wide.contains(true) else { return [] }
        // How fast the fixes move: the displacement from each fix to the first one `speedLag` seconds later, and the
        // time between them, summed from the first fix (so any stretch's sums are two lookups); likewise over
        // `persistenceLag`. And each fix's squared distance from its neighbours' chord, and how many fixes have one.
        let (distance, time) = displacements(s, lag: speedLag)
        let (farDistance, farTime) = displacements(s, lag: persistenceLag)
        var jitter = [Double](repeating: 0, count: n + 1), jittered = [Double](repeating: 0, count: n + 1)
        for k in 0..<n {
            jitter[k + 1] = jitter[k]
            jittered[k + 1] = jittered[k]
            guard k > 0, k + 1 < n else { continue }
            let before = s[k].t - s[k - 1].t, after = s[k + 1].t - s[k].t
            guard before <= jitterGap, after <= jitterGap else { continue }
            let f = before / (before + after)
            let dx = s[k].x - s[k - 1].x - f * (s[k + 1].x - s[k - 1].x)
            let dy = s[k].y - s[k - 1].y - f * (s[k + 1].y - s[k - 1].y)
            jitter[k + 1] += dx * dx + dy * dy
            jittered[k + 1] += 1
        }
        var atRest = base
        let half = side / profile.slowestMovingSpeed
        var low = 0, high = 0  // the base window of the fix judged: low..<high, moving on with it
        var k = 0
        while k < n {
            guard base[k] || wide[k] else { k += 1; continue }
            var end = k
            var baseDistance = 0.0, baseTime = 0.0, anchored = false
            while end < n, base[end] || wide[end] {
                if base[end] {
                    anchored = true
                    baseDistance += distance[end + 1] - distance[end]
                    baseTime += time[end + 1] - time[end]
                }
                end += 1
            }
            // With no fix of the run in the base box, the fixes' own jitter alone can let them in, and only where
            // they do not hold their direction.
            let limit = baseTime > 0 ? speedFactor * baseDistance / baseTime : 0
            for i in k..<end where !base[i] {
                // How fast the fixes within the base window either side of fix i move.
                while s[low].t < s[i].t - half { low += 1 }
                high = max(high, i)
                while high < n, s[high].t <= s[i].t + half { high += 1 }
                let span = time[high] - time[low]
                guard span > 0 else { atRest[i] = false; continue }
                let speed = (distance[high] - distance[low]) / span
                let farSpan = farTime[high] - farTime[low]
                let held = farSpan <= 0 || (farDistance[high] - farDistance[low]) / farSpan > persistence * speed
                // In a wide box only with its outermost fixes left out: a walk slowing into a rest, or folded beside
                // it, may pass that far, so such a fix must not hold its direction, anchored or not.
                if !whole[i] && held { atRest[i] = false; continue }
                if speed <= limit { atRest[i] = true; continue }
                let count = jittered[high] - jittered[low]
                let own = count > 0 ? ((jitter[high] - jitter[low]) / count).squareRoot() / jitterSeconds : 0
                atRest[i] = speed <= own && (anchored || !held)
            }
            k = end
        }
        // Running in place is no rest, however small its box.
        if motion {
            for (i, moving) in moving(s).enumerated() where moving { atRest[i] = false }
        }
        // Runs of fixes at rest.
        var rests: [Rest] = []
        k = 0
        while k < n {
            guard atRest[k] else { k += 1; continue }
            var end = k, sumX = 0.0, sumY = 0.0
            while end < n, atRest[end] {
                sumX += s[end].x; sumY += s[end].y
                end += 1
            }
            if end - 1 > k {
                let count = Double(end - k)
                rests.append(Rest(start: s[k].t, end: s[end - 1].t, x: sumX / count, y: sumY / count))
            }
            k = end
        }
        return rests
    }

    /// `rests` (from `find` on `s`, in time order) with their edges taken in. `find`'s test is centred, so a rest it
    /// finds begins up to a window's half after the athlete stopped (50 s on foot in the 20 m box, 100 s in the 40 m
    /// box) and ends as long before they set off. Those edges are drawn as wander: up to 110 m at a stop of the
    /// benchmark's hikes under a phone's loud noise (6 to 10 m over seconds). So each rest reaches back, and on, over
    /// the fixes that lie no further from its centre than the `share` of its own fixes do (their median distance),
    /// until a wait passes without one, at most the widest box's half window (`wideSides`), and never into the rest
    /// before or after it. The wait is `seconds`, or the longest the rest's own fixes stayed further out than that,
    /// if longer (`longestExcursion`).
    ///
    /// The fixes of a walk into the rest or out of it lie that near too, over their last or first few metres, and are
    /// taken in: the walk is then drawn straight to the rest's centre from its last fix outside, which keeps its
    /// length where it comes straight in. Scaled to the rest's own scatter, a watch's rest (metres) takes in a few
    /// metres of a walk at most, and a city phone's (tens of metres) the most of its wander. Over five development
    /// sets (1,140 files) the edges took in 16,562 s of stops and 872 s of walking; the most walking, 77 m in 59 s at
    /// three rests of one phone's hike, left its length as it was. A farther reach (the 75th percentile of the rest's
    /// distances, or its farthest fix) or a longer wait (20 s) took in more walking (on `tuning` 296, 974 and 234 s,
    /// against 168 s) and cut that hike 0.7 to 1.4 points short (`Benchmarks/generalize/experiments/rest-edges/`, with
    /// an earlier version, not landed, that took in a 20 m box at every rest and a watch's hikes with it).
    ///
    /// A wait of `seconds` alone stopped short where the error is slow: a receiver's smooth error, or a phone's wander
    /// over tens of seconds, keeps a resting device's fixes beyond half of them for tens of seconds at a time, and the
    /// edge ended at the first such excursion, leaving the rest of the stop to be drawn as wander (82 m at one stop of
    /// the benchmark's `receiver` hikes). The rest's own fixes show how long its error stays out: the edge waits that
    /// long. Being the longest of a rest's excursions, the wait is over 10 s at nearly every rest of some minutes,
    /// under any of the benchmark's errors (354 of 386 rests on its development hikes; median 17 s under heavy-tailed
    /// noise, 29 s a watch's, 42 s a receiver's, up to 127 s, so capped), but it moves an edge only where a near fix
    /// lies beyond a longer excursion than 10 s. A walk is still taken in only over its fixes as near the centre as
    /// half the rest's own, but a longer wait reaches more of them: under a phone's 8 m wander over 120 s a wait of 40
    /// to 60 s took 72 m of one hike's walk in; over the benchmark's held-out set the walking inside rests grew by 9 %
    /// where the length drawn standing fell by a quarter. Capping the wait at 40 s gave that walk back and left the
    /// hike's length further off (`Benchmarks/generalize/experiments/rest-wait/`).
    /// `share`, `seconds` and `excursions` (false: the wait is `seconds` alone) are parameters for tests only.
    static func takeInEdges(
        _ s: [CleaningSample], rests: [Rest], profile: SportProfile, share: Double = edgeShare,
        seconds: Double = edgeSeconds, excursions: Bool = true
    ) -> [Rest] {
        let reach = (wideSides.max() ?? side) / profile.slowestMovingSpeed
        func index(_ t: Double) -> Int {  // the first fix at or after t
            var low = 0, high = s.count
            while low < high {
                let mid = (low + high) / 2
                if s[mid].t < t { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var out = rests
        for (j, rest) in rests.enumerated() {
            let first = index(rest.start), last = index(rest.end.nextUp) - 1
            guard first < last else { continue }
            func distance(_ k: Int) -> Double { hypot(s[k].x - rest.x, s[k].y - rest.y) }
            var own = (first...last).map(distance)
            let near = Selection.kthSmallest(min(own.count - 1, Int(share * Double(own.count - 1))), of: &own)
            let longest = excursions ? longestExcursion(s, first...last, beyond: near, from: distance) : 0
            let wait = min(reach, max(seconds, longest))
            let before = j > 0 ? out[j - 1].end : -Double.infinity
            let after = j + 1 < rests.count ? rests[j + 1].start : Double.infinity
            var start = first, k = first - 1
            while k >= 0, s[k].t > before, s[k].t >= rest.start - reach, s[start].t - s[k].t <= wait {
                if distance(k) <= near { start = k }
                k -= 1
            }
            var end = last
            k = last + 1
            while k < s.count, s[k].t < after, s[k].t <= rest.end + reach, s[k].t - s[end].t <= wait {
                if distance(k) <= near { end = k }
                k += 1
            }
            out[j].start = s[start].t
            out[j].end = s[end].t
        }
        return out
    }

    /// Whether each fix of `s` is seen moving, however little ground it covers: running back and forth along a few
    /// metres (a shuttle drill) stays in the 20 m box for minutes, and is a rest to `find`'s boxes, which check no
    /// speed there (a receiver's smooth error at rest moves at walking pace). Ten minutes of 10 m shuttles beside a
    /// rest were taken into it whole; the benchmark's `shuttles` drill came out 23 % short (median of 168 files).
    ///
    /// What tells running from a wander is how the fixes move from one second to the next against how far each lies
    /// off the chord of its neighbours a second either side (its jitter). An athlete's motion moves the fixes smoothly:
    /// a runner at 3 m/s moves them 3 m a second and bends the chord only at the turns. An error moves them roughly:
    /// white noise of σ metres on each axis gives a mean squared step speed of 4σ² (steps 1 s apart) and a mean
    /// squared jitter of 3σ², all of it taken out by subtracting four thirds of the squared jitter; a first-order
    /// Gauss–Markov error gives a mean squared step speed at most twice its squared jitter, however slow it is, so
    /// what is left of it is at most two thirds of that. So a fix is moving where, over `motionHalf` seconds either
    /// side, the fixes' mean squared step speed less four thirds of their squared jitter (their smooth part) is at
    /// least `motionSmoothRatio` times that squared jitter and at least `motionSpeed` squared: a receiver's smooth
    /// error hardly bends the chord, but at rest moves the fixes more slowly than that.
    ///
    /// An error the device smooths on its own is smooth too, and a fast one (5 to 8 m over 5 s) moves the fixes faster
    /// than `motionSpeed`. But it moves them every way, where a runner goes one way or back and forth along one line:
    /// so a fix is moving only where, over `motionAxisHalf` seconds either side, the fixes' mean squared step speed
    /// across their main direction is at most `motionAxisRatio` times that along it (the smaller and the larger
    /// eigenvalue of the steps' velocity second moments). Running round a small loop is not seen moving.
    ///
    /// Steps and jitter count only between fixes at least `motionLag` and at most `jitterGap` seconds apart; a fix
    /// needs three of each in its window. A run of moving fixes shorter than `motionRun` is left out: a rough error's
    /// fast moments pass within seconds. `find` takes no moving fix into a rest; `takeInEdges` does not check motion
    /// (bounding its edges by the first moving fix cost the rest-ends sets more than it gained). Fixes seconds apart
    /// have no jitter to measure, and are never moving: a sparse recording's shuttles are left to the boxes. Seen
    /// partly: shuttles under a phone's white noise of a metre or more. `smoothRatio` and `axisRatio` are parameters
    /// for tests only (`RestMotionTests`; `Benchmarks/generalize/experiments/shuttle-motion/`).
    static func moving(
        _ s: [CleaningSample], smoothRatio: Double = motionSmoothRatio, axisRatio: Double = motionAxisRatio
    ) -> [Bool] {
        let n = s.count
        var moving = [Bool](repeating: false, count: n)
        guard n >= 3 else { return moving }
        // Each fix's squared speed to the first fix `motionLag` or more later, and its squared distance from the chord
        // of that fix and the last fix `motionLag` or more before it, summed from the first fix with how many count.
        var speed = [Double](repeating: 0, count: n + 1), speeds = speed, jitter = speed, jitters = speed
        var east = speed, north = speed, across = speed  // the steps' squared velocities east, north, and their product
        var next = 0, previous = 0
        for k in 0..<n {
            speed[k + 1] = speed[k]; speeds[k + 1] = speeds[k]
            jitter[k + 1] = jitter[k]; jitters[k + 1] = jitters[k]
            east[k + 1] = east[k]; north[k + 1] = north[k]; across[k + 1] = across[k]
            next = max(next, k + 1)
            while next < n, s[next].t < s[k].t + motionLag { next += 1 }
            guard next < n, s[next].t - s[k].t <= jitterGap else { continue }
            let after = s[next].t - s[k].t
            let dx = s[next].x - s[k].x, dy = s[next].y - s[k].y
            speed[k + 1] += (dx * dx + dy * dy) / (after * after)
            speeds[k + 1] += 1
            east[k + 1] += dx * dx / (after * after); north[k + 1] += dy * dy / (after * after)
            across[k + 1] += dx * dy / (after * after)
            while previous + 1 < k, s[previous + 1].t <= s[k].t - motionLag { previous += 1 }
            let before = s[k].t - s[previous].t
            guard previous < k, before >= motionLag, before <= jitterGap else { continue }
            let f = before / (before + after)
            let rx = s[k].x - s[previous].x - f * (s[next].x - s[previous].x)
            let ry = s[k].y - s[previous].y - f * (s[next].y - s[previous].y)
            jitter[k + 1] += rx * rx + ry * ry
            jitters[k + 1] += 1
        }
        var low = 0, high = 0  // the window of the fix judged: low..<high
        var axisLow = 0, axisHigh = 0  // and the longer one its way of moving is judged on
        for k in 0..<n {
            while s[low].t < s[k].t - motionHalf { low += 1 }
            high = max(high, k)
            while high < n, s[high].t <= s[k].t + motionHalf { high += 1 }
            let stepCount = speeds[high] - speeds[low], jitterCount = jitters[high] - jitters[low]
            guard stepCount >= 3, jitterCount >= 3 else { continue }
            let v2 = (speed[high] - speed[low]) / stepCount, j2 = (jitter[high] - jitter[low]) / jitterCount
            let smooth = v2 - 4 / 3 * j2
            guard smooth >= motionSpeed * motionSpeed, smooth >= smoothRatio * j2 else { continue }
            // The way the fixes move over the longer window: their steps' mean squares along the principal axes.
            while s[axisLow].t < s[k].t - motionAxisHalf { axisLow += 1 }
            axisHigh = max(axisHigh, k)
            while axisHigh < n, s[axisHigh].t <= s[k].t + motionAxisHalf { axisHigh += 1 }
            let xx = east[axisHigh] - east[axisLow], yy = north[axisHigh] - north[axisLow]
            let xy = across[axisHigh] - across[axisLow]
            let middle = (xx + yy) / 2, half = (((xx - yy) / 2) * ((xx - yy) / 2) + xy * xy).squareRoot()
            moving[k] = middle + half > 0 && middle - half <= axisRatio * (middle + half)
        }
        // Short runs are a rough error's fast moments.
        var k = 0
        while k < n {
            guard moving[k] else { k += 1; continue }
            var end = k
            while end + 1 < n, moving[end + 1] { end += 1 }
            if s[end].t - s[k].t < motionRun { for i in k...end { moving[i] = false } }
            k = end + 1
        }
        return moving
    }

    /// The longest time between two of the fixes `s[fixes]` that lie within `near` metres of a rest's centre
    /// (`distance`) with at least one fix further out between them: how long the rest's error keeps its fixes out. Two
    /// such fixes with none between them are a loss of signal, not an excursion, and do not count. 0 if there is none.
    static func longestExcursion(
        _ s: [CleaningSample], _ fixes: ClosedRange<Int>, beyond near: Double, from distance: (Int) -> Double
    ) -> Double {
        var longest = 0.0
        var lastNear: Int?
        for k in fixes where distance(k) <= near {
            if let previous = lastNear, k > previous + 1 { longest = max(longest, s[k].t - s[previous].t) }
            lastNear = k
        }
        return longest
    }

    /// The displacement from each fix of `s` to the first one `lag` seconds later, and the time between them, summed
    /// from the first fix (index k + 1 holds the sums up to fix k; a fix with none that late adds nothing).
    static func displacements(_ s: [CleaningSample], lag: Double) -> (distance: [Double], time: [Double]) {
        let n = s.count
        var distance = [Double](repeating: 0, count: n + 1), time = [Double](repeating: 0, count: n + 1)
        var partner = 0
        for k in 0..<n {
            partner = max(partner, k + 1)
            while partner < n, s[partner].t < s[k].t + lag { partner += 1 }
            guard partner < n else {
                distance[k + 1] = distance[k]
                time[k + 1] = time[k]
                continue
            }
            distance[k + 1] = distance[k] + hypot(s[partner].x - s[k].x, s[partner].y - s[k].y)
            time[k + 1] = time[k] + s[partner].t - s[k].t
        }
        return (distance, time)
    }

    /// Whether each fix of `s` is at rest in a box `side` metres on a side: every fix within so many seconds either
    /// side of it as a walker at the sport's slowest moving pace takes to cover `side` lies in such a box, and that
    /// window is full enough to judge.
    static func stillInBox(_ s: [CleaningSample], side: Double, profile: SportProfile) -> [Bool] {
        let n = s.count
        var still = [Bool](repeating: false, count: n)
        let half = side / profile.slowestMovingSpeed
        guard anyWindowMayFit(s, side: side, half: half) else { return still }
        var lowX = SlidingExtreme(below: true), highX = SlidingExtreme(below: false)
        var lowY = SlidingExtreme(below: true), highY = SlidingExtreme(below: false)
        var low = 0, high = 0  // the window is low..<high
        for k in 0..<n {
            while high < n, s[high].t <= s[k].t + half {
                lowX.push(high, s[high].x); highX.push(high, s[high].x)
                lowY.push(high, s[high].y); highY.push(high, s[high].y)
                high += 1
            }
            while s[low].t < s[k].t - half { low += 1 }
            // Forget what left the window on every step, judged or not, so the queues hold one window at most.
            lowX.drop(before: low); highX.drop(before: low)
            lowY.drop(before: low); highY.drop(before: low)
            let t = s[k].t
            let full = t - half >= s[0].t && t + half <= s[n - 1].t && high - low >= minimumWindowFixes
                && s[low].t <= t - half / 2 && s[high - 1].t >= t + half / 2
            still[k] = full && highX.value - lowX.value <= side && highY.value - lowY.value <= side
        }
        return still
    }

    /// Whether each fix of `s` is at rest in a box `side` metres on a side once the `share` of its window's fixes
    /// furthest out on each side of each axis is left out: `stillInBox`'s test on the rest. Each axis's window is kept
    /// sorted as it slides. Where a window would hold more than `sortedValues` fixes (a recording faster than about
    /// 5 Hz), every fix's window sorts only every `stride`-th fix of the track, the same for all, so that no window
    /// holds more: a sorted window costs each fix time in proportion to its size, and a file recorded at 100 Hz or
    /// more would otherwise spend seconds to hours here. The fixes left out are the window's own neighbours, seconds
    /// apart at most; the share is taken of the fixes sorted. (`sortedValues` is a parameter for tests only.)
    static func stillInTrimmedBox(
        _ s: [CleaningSample], side: Double, share: Double, profile: SportProfile, sortedValues: Int = trimmedSortedValues
    ) -> [Bool] {
        let n = s.count
        var still = [Bool](repeating: false, count: n)
        let half = side / profile.slowestMovingSpeed
        // The stride that keeps the sorted fixes of the fullest window within `sortedValues`.
        let widest = widestWindow(s, span: 2 * half)
        let stride = widest <= sortedValues ? 1 : (widest - 1) / max(1, sortedValues) + 1
        var xs = SortedWindow(), ys = SortedWindow()
        var low = 0, high = 0  // the window is low..<high
        for k in 0..<n {
            while high < n, s[high].t <= s[k].t + half {
                if high % stride == 0 { xs.insert(s[high].x); ys.insert(s[high].y) }
                high += 1
            }
            while s[low].t < s[k].t - half {
                if low % stride == 0 { xs.remove(s[low].x); ys.remove(s[low].y) }
                low += 1
            }
            let t = s[k].t
            let full = t - half >= s[0].t && t + half <= s[n - 1].t && high - low >= minimumWindowFixes
                && s[low].t <= t - half / 2 && s[high - 1].t >= t + half / 2
            guard full else { continue }
            let left = Int(share * Double(xs.values.count))
            still[k] = xs.extent(leavingOut: left) <= side && ys.extent(leavingOut: left) <= side
        }
        return still
    }

    /// Whether any fix's window may pass `stillInTrimmedBox`: a cheap pass that spares it its sorted windows on a track
    /// that never slows down. If the box holds all but the `share` furthest out on each side of an axis, any set of more
    /// than twice that many of the window's fixes has one in the box. So the fixes of the window's first third of its
    /// time, and those of its last third, must come within `side` of each other on each axis. Each third is read by
    /// the blocks of `trimmedBlock` fixes that lie wholly inside it; where those hold too few fixes to say, the window
    /// may fit. Windows that do not lie within the track are never judged, as in `stillInTrimmedBox`.
    static func anyTrimmedWindowMayFit(_ s: [CleaningSample], side: Double, share: Double, profile: SportProfile) -> Bool {
        let half = side / profile.slowestMovingSpeed, third = 2 * half / 3
        // Blocks grow with the fullest window, so that no window reads more than about `trimmedBlocksAWindow` of them.
        let n = s.count, size = max(trimmedBlock, widestWindow(s, span: 2 * half) / trimmedBlocksAWindow)
        let blocks = (n + size - 1) / size
        var lowX = [Double](repeating: .infinity, count: blocks), highX = [Double](repeating: -.infinity, count: blocks)
        var lowY = lowX, highY = highX
        for k in 0..<n {
            let b = k / size
            lowX[b] = min(lowX[b], s[k].x); highX[b] = max(highX[b], s[k].x)
            lowY[b] = min(lowY[b], s[k].y); highY[b] = max(highY[b], s[k].y)
        }
        /// The extremes over blocks `from..<to`.
        func extremes(_ from: Int, _ to: Int) -> (lowX: Double, highX: Double, lowY: Double, highY: Double) {
            var e = (lowX: Double.infinity, highX: -Double.infinity, lowY: Double.infinity, highY: -Double.infinity)
            for b in from..<to {
                e.lowX = min(e.lowX, lowX[b]); e.highX = max(e.highX, highX[b])
                e.lowY = min(e.lowY, lowY[b]); e.highY = max(e.highY, highY[b])
            }
            return e
        }
        var low = 0, high = 0  // the window is low..<high
        var firstEnd = 0  // the first third is low..<firstEnd
        var lastStart = 0  // the last third is lastStart..<high
        for k in 0..<n {
            while s[low].t < s[k].t - half { low += 1 }
            while high < n, s[high].t <= s[k].t + half { high += 1 }
            firstEnd = max(firstEnd, low)
            while firstEnd < high, s[firstEnd].t < s[low].t + third { firstEnd += 1 }
            while s[lastStart].t <= s[high - 1].t - third { lastStart += 1 }
            lastStart = max(lastStart, low)
            guard s[k].t - half >= s[0].t, s[k].t + half <= s[n - 1].t else { continue }
            let left = Int(share * Double(high - low))
            // The blocks wholly inside each third.
            let firstFrom = (low + size - 1) / size, firstTo = firstEnd / size
            let lastFrom = (lastStart + size - 1) / size, lastTo = high / size
            guard (firstTo - firstFrom) * size > 2 * left, (lastTo - lastFrom) * size > 2 * left else { return true }
            let first = extremes(firstFrom, firstTo), last = extremes(lastFrom, lastTo)
            if first.lowX - last.highX <= side, last.lowX - first.highX <= side,
                first.lowY - last.highY <= side, last.lowY - first.highY <= side
            {
                return true
            }
        }
        return false
    }

    /// Fixes per block in `anyTrimmedWindowMayFit`, and the most blocks a window spans before blocks grow (a window
    /// of more than 1,024 fixes, a recording faster than about 5 Hz).
    static let trimmedBlock = 16
    static let trimmedBlocksAWindow = 64

    /// The most fixes of `s` within any `span` seconds.
    static func widestWindow(_ s: [CleaningSample], span: Double) -> Int {
        var widest = 0, first = 0
        for k in s.indices {
            while s[first].t < s[k].t - span { first += 1 }
            widest = max(widest, k - first + 1)
        }
        return widest
    }
    /// The most fixes a trimmed box's sorted window holds (`stillInTrimmedBox`): 1,024, so that a recording of up to
    /// about 5 Hz has every fix of its window sorted.
    static let trimmedSortedValues = 1024

    /// The values of a sliding window in ascending order: each added and removed once, by binary search.
    struct SortedWindow {
        private(set) var values: [Double] = []

        /// The first position whose value is not below `value`.
        private func position(of value: Double) -> Int {
            var low = 0, high = values.count
            while low < high {
                let middle = (low + high) / 2
                if values[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        mutating func insert(_ value: Double) { values.insert(value, at: position(of: value)) }

        /// Removes one copy of `value`, inserted and not yet removed (a value never inserted is ignored).
        mutating func remove(_ value: Double) {
            let index = position(of: value)
            if index < values.count, values[index] == value { values.remove(at: index) }
        }

        /// The distance from the lowest to the highest value once `count` values are left out at each end; infinite
        /// when that leaves fewer than two.
        func extent(leavingOut count: Int) -> Double {
            guard values.count - 2 * count >= 2 else { return .infinity }
            return values[values.count - 1 - count] - values[count]
        }
    }

    /// Whether any fix's window (the fixes within `half` seconds either side of it) may lie in a box `side` metres on
    /// a side: its first and last fix lie within the box's diagonal of each other. A cheap pass that spares
    /// `stillInBox` its sliding extremes on a track that never slows down (a run or a ride with no stop).
    static func anyWindowMayFit(_ s: [CleaningSample], side: Double, half: Double) -> Bool {
        let diagonal = side * 2.0.squareRoot()
        var low = 0, high = 0  // the window's first and last fix
        for k in s.indices {
            while high + 1 < s.count, s[high + 1].t <= s[k].t + half { high += 1 }
            while s[low].t < s[k].t - half { low += 1 }
            if hypot(s[high].x - s[low].x, s[high].y - s[low].y) <= diagonal { return true }
        }
        return false
    }

    /// Collapses `rests` (from `find`, in time order) in `s`: the samples within each rest's time give way to its first
    /// and last, both moved to the rest's centroid.
    static func collapse(
        _ s: [CleaningSample], rests: [Rest]
    ) -> (samples: [CleaningSample], removed: Int, stops: Int) {
        guard !rests.isEmpty else { return (s, 0, 0) }
        var out: [CleaningSample] = []
        out.reserveCapacity(s.count)
        var removed = 0, stops = 0
        var next = 0
        var i = 0
        while i < s.count {
            while next < rests.count, rests[next].end < s[i].t { next += 1 }
            guard next < rests.count, s[i].t >= rests[next].start else {
                out.append(s[i])
                i += 1
                continue
            }
            let rest = rests[next]
            var last = i
            while last + 1 < s.count, s[last + 1].t <= rest.end { last += 1 }
            var first = s[i], end = s[last]
            first.x = rest.x; first.y = rest.y; first.moved = true; first.atRest = true
            out.append(first)
            if last > i {
                end.x = rest.x; end.y = rest.y; end.moved = true; end.atRest = true
                out.append(end)
            }
            removed += max(0, last - i - 1)
            stops += 1
            i = last + 1
            next += 1
        }
        return (out, removed, stops)
    }

    /// The least (`below`) or greatest of the values pushed and not yet dropped: a monotonic queue over a sliding
    /// window, each index pushed and dropped once.
    struct SlidingExtreme {
        let below: Bool
        private var indices: [Int] = []
        private var values: [Double] = []
        private var head = 0

        init(below: Bool) { self.below = below }

        mutating func push(_ index: Int, _ value: Double) {
            while indices.count > head, below ? values[values.count - 1] >= value : values[values.count - 1] <= value {
                indices.removeLast()
                values.removeLast()
            }
            indices.append(index)
            values.append(value)
        }

        /// Drops the values pushed with an index below `low`, which never decreases between calls.
        mutating func drop(before low: Int) {
            while head < indices.count, indices[head] < low { head += 1 }
            // Keep the storage to what is still in the window.
            if head >= 4_096, head * 2 >= indices.count {
                indices.removeFirst(head)
                values.removeFirst(head)
                head = 0
            }
        }

        /// The extreme of the values pushed and not dropped; at least one must be.
        var value: Double { values[head] }
    }
}
