import Foundation

/// Bursts where fixes come seconds apart: a burst there is a few fixes, found by the steps into and out of it.
///
/// A watch's smart recording writes a fix every 2–5 s, a logger every 5 or 10 s. A burst of reflected signal held
/// for 5 s to a minute is then one to a dozen fixes, too few for the lines `BurstFilter` fits either side of a jump
/// (4 fixes each), and at a walker's pace it was left to the smoother, which follows it there and back: of the
/// development sets' `multipath` bursts, the lines took out none of 188 at 10 s and 40 of 193 at smart recording, and
/// the 10 s hikes came out up to 10 % long.
///
/// Such a burst gives itself away by three things at once:
/// - a step out that the athlete could not have made: longer than `minimumJumpMeters`, than `speedUpFactor` times
///   their pace allows over its time, and than `sparseNoiseFactor` times the steps' own unevenness there (the median
///   second difference of the fixes from `sparseNoiseReach` fixes before it to as many after the step back: turns,
///   wander and white noise all show in it, and a phone among buildings makes uneven steps of 20 m with no burst);
/// - a step back within `maxHoldSeconds` that mirrors it: against the athlete's mean velocity from the fix before the
///   first step to the fix after the second, the two offsets agree within `mirrorTolerance`, and their mean stands
///   out from that unevenness;
/// - and with the offset out, every step from the fix before to the fix after is one the athlete could make
///   (`speedUpFactor` times their pace, and `sparseSlackMeters` for the noise).
/// The fixes between the two steps are moved back by the offset, taken from the first step's estimate to the second's
/// in time.
///
/// The athlete's pace is the run's typical speed, or how fast they got over the `sparseNoiseReach` fixes either side
/// if that is faster (a long stop with a phone's wander pulls a run's typical speed down). Only where their own step
/// between fixes is shorter than the smallest burst is anything looked for: a walker's step at 10 s is about 12 m,
/// and a burst of 25 m stands out twice over; a runner's or rider's is 30 m and more, a burst is no longer than a
/// step, and a step out and back is a bend as often as a burst. A detour on foot (out to a viewpoint and back) is
/// walked step by step and never passes the first test. Where fixes come every `sparseAfterLinesInterval` seconds or
/// sparser, up to `maxInterval`, this runs after the lines, on what they left; sparser than `maxSparseInterval` a hold
/// is a fix or two among steps as long as a burst, and nothing is looked for.
///
/// Left to the smoother: a burst held across a sharp turn, where the mean velocity across the turn can leave its steps
/// within the athlete's reach (`SparseBurstTests`), and a burst whose steps do not mirror each other.
extension BurstFilter {
    /// Runs whose median interval is longer than this (seconds) are left alone.
    static let maxSparseInterval = 15.0
    /// Runs whose median interval is at least this (seconds), and not over `maxInterval`, are searched this way too,
    /// after the lines: smart recording. Denser runs are left to the lines, which pin a burst down better there.
    static let sparseAfterLinesInterval = 2.0
    /// Fixes either side of a step whose second differences measure the steps' unevenness there.
    static let sparseNoiseReach = 6
    /// A step out must be longer than this many times the median of those second differences.
    static let sparseNoiseFactor = 3.0
    /// Allowance for noise on a step the athlete could make, metres: half the smallest jump.
    static let sparseSlackMeters = minimumJumpMeters / 2
    /// Most fixes between a step out and a step back: `maxHoldSeconds` at 2 s, and a bound on the search.
    static let maxSparseFixes = 40
    /// Most steps back that mirror one step out whose burst is weighed against the unevenness around it (each costs a
    /// median of up to `maxSparseFixes` fixes): a bound on the search over a crafted track of jumps.
    static let maxSparseWeighings = 3

    /// A burst found by its steps: the fixes `first...last` were off by (`entryX`, `entryY`) just after the step out
    /// and by (`exitX`, `exitY`) just before the step back.
    struct SparseBurst: Equatable {
        var first: Int
        var last: Int
        var entryX: Double, entryY: Double
        var exitX: Double, exitY: Double

        /// The offset on a fix of the burst at time `t`, taken from the entry's estimate at `start` (the time of fix
        /// `first`) to the exit's at `end` (the time of fix `last`).
        func offset(at t: Double, from start: Double, to end: Double) -> (x: Double, y: Double) {
            let along = end > start ? (t - start) / (end - start) : 0.5
            return (entryX + along * (exitX - entryX), entryY + along * (exitY - entryY))
        }
    }

    /// The bursts of one run (time order, no gaps, at least 4 fixes) of `s`, found by their steps.
    static func sparseBursts(_ s: [CleaningSample], range: Range<Int>) -> [SparseBurst] {
        let low = range.lowerBound, high = range.upperBound
        guard high - low >= 4 else { return [] }
        let speed = SparseTurns.typicalSpeed(Array(s[range]), gapSeconds: .infinity)
        // Second differences at each fix with a neighbour on either side (index - low; the ends are never read).
        var bends = [Double](repeating: 0, count: high - low)
        for m in (low + 1)..<(high - 1) {
            bends[m - low] = hypot(s[m + 1].x - 2 * s[m].x + s[m - 1].x, s[m + 1].y - 2 * s[m].y + s[m - 1].y)
        }
        // How long a step must be to stand out among the fixes from `a` to `b` and `sparseNoiseReach` either side.
        func unevenness(_ a: Int, _ b: Int) -> Double {
            var nearby = Array(bends[(max(low + 1, a - sparseNoiseReach) - low)...(min(high - 2, b + sparseNoiseReach) - low)])
            return sparseNoiseFactor * Selection.kthSmallest(nearby.count / 2, of: &nearby)
        }
        // The athlete's pace around fix m: at least the run's typical speed, and at least how fast they got from
        // `sparseNoiseReach` fixes before it to as many after (a run's typical speed is read from its moving parts,
        // and a long stop with a phone's wander there pulls it down; steps between neighbours would add the noise).
        func pace(_ m: Int) -> Double {
            let a = max(low, m - sparseNoiseReach), b = min(high - 1, m + sparseNoiseReach)
            return max(speed, hypot(s[b].x - s[a].x, s[b].y - s[a].y) / (s[b].t - s[a].t))
        }

        var found: [SparseBurst] = []
        var i = low + 1
        search: while i < high - 1 {
            let entryTime = s[i].t - s[i - 1].t
            let ex = s[i].x - s[i - 1].x, ey = s[i].y - s[i - 1].y
            func reachable(_ dt: Double) -> Double { speedUpFactor * pace(i) * dt }
            // Only where the athlete's own step is shorter than the smallest burst: between a runner's or a rider's
            // sparse fixes a burst is as long as a step, and a step out and back is a bend as often as a burst.
            // (The unevenness, a median, is worked out only for a step already out of the athlete's reach.)
            guard pace(i) * entryTime < minimumJumpMeters, hypot(ex, ey) > max(minimumJumpMeters, reachable(entryTime)),
                  hypot(ex, ey) > unevenness(i, i) else { i += 1; continue }
            var j = i, weighed = 0
            while j < high - 1, j - i < maxSparseFixes, s[j].t - s[i].t <= maxHoldSeconds {
                // A step inside the burst the athlete could not make rules out this burst and every longer one.
                if j > i, hypot(s[j].x - s[j - 1].x, s[j].y - s[j - 1].y) > reachable(s[j].t - s[j - 1].t) + sparseSlackMeters {
                    break
                }
                let exitTime = s[j + 1].t - s[j].t
                let xx = s[j + 1].x - s[j].x, xy = s[j + 1].y - s[j].y
                let span = s[j + 1].t - s[i - 1].t
                let vx = (s[j + 1].x - s[i - 1].x) / span, vy = (s[j + 1].y - s[i - 1].y) / span
                // With the offset out, the two steps are the mean velocity's: the athlete must be able to make them.
                let inX = ex - vx * entryTime, inY = ey - vy * entryTime
                let outX = vx * exitTime - xx, outY = vy * exitTime - xy
                let larger = max(hypot(inX, inY), hypot(outX, outY))
                let mirrored = hypot(xx, xy) > max(minimumJumpMeters, reachable(exitTime), speedUpFactor * pace(j + 1) * exitTime)
                    && hypot(inX - outX, inY - outY) <= mirrorTolerance * larger
                if mirrored, weighed < maxSparseWeighings {
                    weighed += 1
                    let slowest = max(entryTime, exitTime)
                    if hypot((inX + outX) / 2, (inY + outY) / 2) > max(minimumJumpMeters, unevenness(i, j)),
                       hypot(vx, vy) * slowest <= reachable(slowest) + sparseSlackMeters {
                        found.append(SparseBurst(first: i, last: j, entryX: inX, entryY: inY, exitX: outX, exitY: outY))
                        i = j + 1
                        continue search
                    }
                }
                j += 1
            }
            i += 1
        }
        return found
    }

    /// Takes a sparse burst's offset out of its fixes.
    static func remove(_ burst: SparseBurst, from samples: inout [CleaningSample]) {
        let start = samples[burst.first].t, end = samples[burst.last].t
        for i in burst.first...burst.last {
            let (ox, oy) = burst.offset(at: samples[i].t, from: start, to: end)
            samples[i].x -= ox
            samples[i].y -= oy
            samples[i].moved = true
        }
    }
}
