import Foundation

/// Bursts where fixes come seconds apart: a burst there is a few fixes, found by the steps into and out of it.
///
/// A watch's smart recording writes a fix every 2–5 s, a logger every 5 or 10 s. A burst of reflected signal held
/// for 5 s to a minute is then one to a dozen fixes, too few for the lines `BurstFilter` fits either side of a jump
/// (4 fixes each), and at a walker's pace it was left to the smoother, which follows it there and back: of the
/// development sets' `multipath` bursts, the lines took out none of 188 at 10 s and 40 of 193 at smart recording, and
/// the 10 s hikes came out up to 10 % long. With single steps out and back this pass took out 23 and 43 of them; with
/// rises and falls over several fixes, 33 and 52.
///
/// Such a burst gives itself away by three things at once:
/// - a step out that the athlete could not have made: longer than `minimumJumpMeters`, than `speedUpFactor` times
///   their pace allows over its time, and than `sparseNoiseFactor` times the steps' own unevenness there (the median
///   second difference of the fixes from `sparseNoiseReach` fixes before it to as many after the step back: turns,
///   wander and white noise all show in it, and a phone among buildings makes uneven steps of 20 m with no burst);
/// - a step back within `maxHoldSeconds` that mirrors it: against the athlete's mean velocity from the fix before the
///   first step to the fix after the second, the two offsets agree within `mirrorTolerance`, and their mean stands
///   out from that unevenness. Held for one fix, the two offsets agree by construction, so there the step back itself
///   must be at least `1 - mirrorTolerance` of the way out: a burst's hold wobbles by steps a walker could not make,
///   and one of them part of the way back would otherwise end it there, leaving the rest of the hold in;
/// - and with the offset out, every step from the fix before to the fix after is one the athlete could make
///   (`speedUpFactor` times their pace, and `sparseSlackMeters` for the noise).
/// The fixes between the two steps are moved back by the offset, taken from the first step's estimate to the second's
/// in time, and by the hold's wobble (below).
///
/// A receiver may take a reflection up over two fixes and let go of it over several (its offset decaying over
/// seconds), so that no one step back mirrors the step out. Then:
/// - **The rise** goes on while the next step is also out of the athlete's reach and goes the same way
///   (`sparseRiseAlignment`), within `maxRiseSeconds` of the fix before the step out; the hold starts after it.
/// - **The fall**, looked for only where no step back mirrors the step out, starts with a step back by more than the
///   slack and `sparseFallStart` of the offset, and takes up to `maxSparseFallSeconds` (`maxSparseFallFixes`). Every
///   step of it, with the athlete's mean velocity taken out, goes back along the offset, or out by no more than the
///   slack, and across it no further than the athlete could. It ends at the fix where the offset it takes back
///   mirrors the entry's best.
/// - **A fall is told from a bend** by two more things. Over it the athlete goes less far than the offset comes back.
///   And the athlete went on across the burst as they were going: their velocity over the `sparseNoiseReach` fixes
///   before the burst and after it is within `velocityTolerance` of the mean velocity across it. A runner's bend
///   does neither.
/// The fixes of a rise or a fall are moved by the part of the entry's (or exit's) offset they still show, measured
/// along it from the athlete's line through the fix before the burst (or after it); across the offset they are left.
///
/// The athlete's pace is the run's typical speed, or how fast they got over the `sparseNoiseReach` fixes either side
/// if that is faster (a long stop with a phone's wander pulls a run's typical speed down). Only where their own step
/// between fixes is shorter than the smallest burst is anything looked for: a walker's step at 10 s is about 12 m,
/// and a burst of 25 m stands out twice over; a runner's or rider's is 30 m and more, a burst is no longer than a
/// step, and a step out and back is a bend as often as a burst. A detour on foot (out to a viewpoint and back) is
/// walked step by step and never passes the first test. Where fixes come every `sparseAfterLinesInterval` seconds or
/// sparser, up to `maxInterval`, this runs after the lines and the flashes, on what they left, and before the drifts
/// and slow falls: those see one jump and a decay, where the steps see a burst's rise and fall together. Sparser
/// than `maxSparseInterval` a hold is a fix or two among steps as long as a burst, and nothing is looked for.
///
/// **A hold wobbles**: a reflection's offset wanders while it is held, so that between fixes 3 to 5 s apart a hold of
/// 40 m can step 10 to 20 m, out of a walker's reach. Such a step ends the hold only if it also stands out from the
/// steps' unevenness from `sparseNoiseReach` fixes before the step out to as many after it, the measure a step out must
/// beat; where it is no longer than the hold's other steps make usual, the burst goes on. Once the burst is taken, the
/// part of each step inside its hold beyond the athlete's reach (`SparseBurst.reach`) is the wobble, and goes into the
/// offset with it (`SparseBurst.offsets(in:)`): taken from the entry's estimate to the exit's alone, the offset left
/// the wobble in a hold's fixes (up to 11 to 22 m off in `SparseBurstTests`). The athlete's own steps, a turn among
/// them, are left as they were; so is a wobble within their reach. The reach is read from the run's typical speed and
/// the athlete's mean velocity across the burst, not from their pace around the step out, which takes in the burst's
/// own offset.
///
/// Left to the smoother: a burst held across a sharp turn, where the mean velocity across the turn can leave its steps
/// within the athlete's reach (`SparseBurstTests`); a burst whose steps do not mirror each other; a burst whose hold
/// wobbles by a step that stands out even from the hold's own unevenness; a hold's wobble within the athlete's reach;
/// and the rest of a hold after a wobble part of the way back that passes for the step back: the mirror test's
/// velocity, from the fix before the burst to the fix after that step, takes in the offset that fix still shows (seed
/// 78 of `SparseBurstTests`'s hold that wobbles). Asking every step back to undo half the rise, as a one-fix hold's
/// must, lost on the benchmark's spent sets (`Benchmarks/generalize/experiments/hold-wobble`).
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
    /// Most steps back (or falls) that mirror one step out whose burst is weighed against the unevenness around it, in
    /// each of the two searches (each costs a median of up to `maxSparseFixes` fixes): a bound on the search over a
    /// crafted track of jumps.
    static let maxSparseWeighings = 3
    /// Steps after the step out that go on the same way (the cosine of the angle between them at least this), out of
    /// the athlete's reach, within `maxRiseSeconds` of the fix before it, are the burst's rise: a reflection taken up
    /// over two or three seconds spans two fixes as often as one.
    static let sparseRiseAlignment = 0.5
    /// Longest fall back from a hold, seconds and fixes: a receiver letting go of a reflection with a time constant of
    /// up to 8 s is back within a tenth of it in 18 s, and the fix after that may come 5 s later.
    static let maxSparseFallSeconds = 25.0
    static let maxSparseFallFixes = 12
    /// The first step of a fall goes back by at least this fraction of the offset (and more than the slack): the
    /// hold has ended there. A fall with a time constant of 8 s goes back a fifth of the way in 2 s.
    static let sparseFallStart = 0.15

    /// A burst found by its steps: the fixes `first..<end` were off the athlete's path. They rose from `first` to
    /// `held` (one fix when the step out is one step), held from `held` to `last`, off by (`entryX`, `entryY`) just
    /// after the rise and by (`exitX`, `exitY`) just before the fall, and fell back from `last` to `end` (the first fix
    /// back; `last + 1` when the step back is one step). (`vx`, `vy`) is the athlete's mean velocity from the fix before
    /// `first` to `end`.
    struct SparseBurst: Equatable {
        var first: Int
        var held: Int
        var last: Int
        var end: Int
        var entryX: Double, entryY: Double
        var exitX: Double, exitY: Double
        var vx: Double, vy: Double
        /// How far the athlete could go in a second across the burst (metres): `speedUpFactor` times the run's
        /// typical speed, or their mean velocity across the burst if that is faster. (Their pace around the step out
        /// takes in the burst's own offset.) A step inside the hold longer than this allows is the reflection's wobble.
        var reach: Double

        /// The offset on a fix of the hold at time `t`, taken from the entry's estimate at `start` (the time of fix
        /// `held`) to the exit's at `end` (the time of fix `last`).
        func offset(at t: Double, from start: Double, to end: Double) -> (x: Double, y: Double) {
            let along = end > start ? (t - start) / (end - start) : 0.5
            return (entryX + along * (exitX - entryX), entryY + along * (exitY - entryY))
        }

        /// The offset on fix `k` (`first..<end`) of `s`. On the hold, `offset(at:from:to:)`. On a rise or a fall, the
        /// part of the entry's (or the exit's) offset the fix still shows: how far it sits along that offset from the
        /// athlete's line through the fix before the burst (or the fix after it), at their mean velocity, between
        /// none and all of it. Across the offset the fix is left as it is.
        func offset(of k: Int, in s: [CleaningSample]) -> (x: Double, y: Double) {
            if k >= held, k <= last { return offset(at: s[k].t, from: s[held].t, to: s[last].t) }
            let (ox, oy) = k < held ? (entryX, entryY) : (exitX, exitY)
            let anchor = k < held ? first - 1 : end
            let rx = s[k].x - s[anchor].x - vx * (s[k].t - s[anchor].t)
            let ry = s[k].y - s[anchor].y - vy * (s[k].t - s[anchor].t)
            let size = ox * ox + oy * oy
            guard size > 0 else { return (0, 0) }
            let part = min(1, max(0, (rx * ox + ry * oy) / size))
            return (part * ox, part * oy)
        }

        /// The offsets on the fixes `first..<end` of `s`: `offset(of:in:)`, and on the hold, its wobble too. That is
        /// the part of each step inside the hold beyond the athlete's `reach`, summed from the hold's first fix; what
        /// it comes to at the hold's last fix is spread back over the hold in time, so that the offset there is still
        /// the exit's estimate. The athlete's own steps, a turn among them, stay as they were.
        func offsets(in s: [CleaningSample]) -> [(x: Double, y: Double)] {
            var result = (first..<end).map { offset(of: $0, in: s) }
            guard last > held else { return result }
            var wobble = (x: 0.0, y: 0.0)
            var wobbles = [wobble]
            for k in (held + 1)...last {
                let dx = s[k].x - s[k - 1].x, dy = s[k].y - s[k - 1].y, step = hypot(dx, dy)
                let beyond = max(0, step - reach * (s[k].t - s[k - 1].t))
                if beyond > 0 {
                    wobble.x += dx * beyond / step
                    wobble.y += dy * beyond / step
                }
                wobbles.append(wobble)
            }
            let start = s[held].t, span = s[last].t - start
            for k in held...last {
                let along = span > 0 ? (s[k].t - start) / span : 0.5
                result[k - first].x += wobbles[k - held].x - along * wobble.x
                result[k - first].y += wobbles[k - held].y - along * wobble.y
            }
            return result
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
            let before = i - 1
            // The rise: further steps out the athlete could not make, the same way, within `maxRiseSeconds`.
            var held = i
            while held + 1 < high - 1, s[held + 1].t - s[before].t <= maxRiseSeconds {
                let dx = s[held + 1].x - s[held].x, dy = s[held + 1].y - s[held].y
                guard hypot(dx, dy) > reachable(s[held + 1].t - s[held].t) + sparseSlackMeters,
                      dx * ex + dy * ey > sparseRiseAlignment * hypot(dx, dy) * hypot(ex, ey) else { break }
                held += 1
            }
            // The mean velocity from fix `a` to fix `b`; from the fix before the burst to fix `e`; and the offset just
            // after the rise.
            func course(_ a: Int, _ b: Int) -> (x: Double, y: Double) {
                let span = s[b].t - s[a].t
                return span > 0 ? ((s[b].x - s[a].x) / span, (s[b].y - s[a].y) / span) : (0, 0)
            }
            func velocity(to e: Int) -> (x: Double, y: Double) { course(before, e) }
            func entry(_ v: (x: Double, y: Double)) -> (x: Double, y: Double) {
                let dt = s[held].t - s[before].t
                return (s[held].x - s[before].x - v.x * dt, s[held].y - s[before].y - v.y * dt)
            }
            // The fix at which a fall that starts after fix `j` of a hold ends, where it mirrors the entry best: every
            // step of it, with the mean velocity taken out, goes back along the offset (or within the slack for the noise)
            // and across it no further than the athlete could, and its first step goes back by more than the slack and
            // `sparseFallStart` of the offset.
            func fall(from j: Int) -> Int? {
                var best: (e: Int, miss: Double)?
                var e = j + 1
                while e < high, e - j <= maxSparseFallFixes, s[e].t - s[j].t <= maxSparseFallSeconds {
                    let v = velocity(to: e), inside = entry(v)
                    let ox = v.x * (s[e].t - s[j].t) - (s[e].x - s[j].x), oy = v.y * (s[e].t - s[j].t) - (s[e].y - s[j].y)
                    let size = hypot(ox, oy)
                    guard size > 0 else { e += 1; continue }
                    let ux = ox / size, uy = oy / size
                    var falls = true
                    for k in (j + 1)...e {
                        let dt = s[k].t - s[k - 1].t
                        let dx = s[k].x - s[k - 1].x - v.x * dt, dy = s[k].y - s[k - 1].y - v.y * dt
                        let back = -(dx * ux + dy * uy), across = abs(dx * uy - dy * ux)
                        if back < (k == j + 1 ? max(sparseSlackMeters, sparseFallStart * size) : -sparseSlackMeters)
                            || across > speedUpFactor * pace(k) * dt + sparseSlackMeters {
                            falls = false
                            break
                        }
                    }
                    let larger = max(hypot(inside.x, inside.y), size)
                    let miss = hypot(inside.x - ox, inside.y - oy)
                    if falls, miss <= mirrorTolerance * larger, miss < best?.miss ?? .infinity { best = (e, miss) }
                    e += 1
                }
                return best?.e
            }
            // Whether the burst from the entry to the hold's last fix `j`, back at `e`, stands out from the steps'
            // unevenness and has the athlete go at a pace they could; if so it is taken.
            var weighed = 0
            func take(_ j: Int, _ e: Int, _ v: (x: Double, y: Double), _ inside: (x: Double, y: Double), _ outside: (x: Double, y: Double)) -> Bool {
                guard weighed < maxSparseWeighings else { return false }
                weighed += 1
                let slowest = max(s[held].t - s[before].t, s[j + 1].t - s[j].t)
                guard hypot((inside.x + outside.x) / 2, (inside.y + outside.y) / 2) > max(minimumJumpMeters, unevenness(i, j)),
                      hypot(v.x, v.y) * slowest <= reachable(slowest) + sparseSlackMeters else { return false }
                found.append(SparseBurst(
                    first: i, held: held, last: j, end: e, entryX: inside.x, entryY: inside.y, exitX: outside.x,
                    exitY: outside.y, vx: v.x, vy: v.y, reach: speedUpFactor * max(speed, hypot(v.x, v.y))))
                i = e + 1
                return true
            }
            // First a step back that mirrors the entry; failing that, a fall back over several fixes.
            for slow in [false, true] {
                var j = held
                weighed = 0
                while j < high - 1, j - held < maxSparseFixes, s[j].t - s[held].t <= maxHoldSeconds {
                    // A step inside the burst that the athlete could not make, and that stands out from the steps'
                    // unevenness as a step out must, rules out this burst and every longer one. One that does not is
                    // the reflection's own wobble.
                    if j > held {
                        let step = hypot(s[j].x - s[j - 1].x, s[j].y - s[j - 1].y)
                        if step > reachable(s[j].t - s[j - 1].t) + sparseSlackMeters, step > unevenness(i, j) { break }
                    }
                    if !slow {
                        let exitTime = s[j + 1].t - s[j].t
                        let xx = s[j + 1].x - s[j].x, xy = s[j + 1].y - s[j].y
                        let v = velocity(to: j + 1)
                        // With the offset out, the two steps are the mean velocity's: the athlete must be able to make them.
                        let inside = entry(v)
                        let outside = (x: v.x * exitTime - xx, y: v.y * exitTime - xy)
                        let larger = max(hypot(inside.x, inside.y), hypot(outside.x, outside.y))
                        // Held for one fix, the two offsets agree whatever the step back is (the mean velocity runs
                        // from the fix before the burst to the fix after it), so the step back must itself undo the
                        // way out, within `mirrorTolerance`: a hold's wobble part of the way back is not its end.
                        let undoes = j > held || hypot(xx, xy) >= (1 - mirrorTolerance) * hypot(s[held].x - s[before].x, s[held].y - s[before].y)
                        if hypot(xx, xy) > max(minimumJumpMeters, reachable(exitTime), speedUpFactor * pace(j + 1) * exitTime),
                           undoes, hypot(inside.x - outside.x, inside.y - outside.y) <= mirrorTolerance * larger,
                           take(j, j + 1, v, inside, outside) {
                            continue search
                        }
                    } else if let e = fall(from: j) {
                        let v = velocity(to: e), inside = entry(v)
                        let outside = (x: v.x * (s[e].t - s[j].t) - (s[e].x - s[j].x), y: v.y * (s[e].t - s[j].t) - (s[e].y - s[j].y))
                        // Over a fall the athlete goes less far than the offset comes back, and went on across the
                        // burst as they were going: a bend taken for a fall does neither.
                        let earlier = course(max(low, before - sparseNoiseReach), before)
                        let later = course(e, min(high - 1, e + sparseNoiseReach))
                        if pace(e) * (s[e].t - s[j].t) < hypot(outside.x, outside.y), before > low, e < high - 1,
                           hypot(earlier.x - v.x, earlier.y - v.y) <= velocityTolerance,
                           hypot(later.x - v.x, later.y - v.y) <= velocityTolerance,
                           take(j, e, v, inside, outside) { continue search }
                    }
                    j += 1
                }
            }
            i += 1
        }
        return found
    }

    /// Takes a sparse burst's offset out of its fixes.
    static func remove(_ burst: SparseBurst, from samples: inout [CleaningSample]) {
        for (k, (ox, oy)) in zip(burst.first..<burst.end, burst.offsets(in: samples)) {
            samples[k].x -= ox
            samples[k].y -= oy
            samples[k].moved = true
        }
    }
}
