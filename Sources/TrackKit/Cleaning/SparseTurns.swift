import Foundation

/// Smoothing under the prior that an athlete's velocity changes seldom: long stretches of steady speed and heading,
/// and now and then a turn or a change of pace.
///
/// One acceleration noise for a whole run is a compromise between the straights and the turns. Tuned on the data
/// it is set by the straights, which are most of the fixes: the smoother then cuts every sharp turn (6–9 m each
/// under a phone's noise), and it still follows part of an error that wanders over tens of seconds on the straights
/// (+0.2 to +1.5 % of their length). Each half of that hid the other in a track's total length.
///
/// Here every step gets its own acceleration noise, by iteratively reweighted least squares: the smoother runs
/// again with each step's noise set from the change of velocity the previous round found there, so a turn gets
/// the freedom to turn and a straight stays straight. This is the majorise–minimise scheme for a penalty on the
/// size of each velocity change (a Laplace prior: many changes near zero, a few large ones), rather than on its
/// square; its fixed point is a track that follows the fixes where they turn and averages them where they do not.
///
/// The noise model is the white-noise one, with the part of a wandering error that moves within
/// `wanderReachSeconds` counted in: a turn lasts seconds, and a slower wander cannot be told from the path by
/// any smoother.
enum SparseTurns {
    /// Rounds of reweighting. With 20 rounds instead of 8, the median length error of two benchmark sets (`other`,
    /// `after`) moved by 0.01–0.02 points (measured while choosing the prior's scale), so 8 are as good as converged
    /// for a track's length.
    static let rounds = 8
    /// The scale of the prior's velocity changes at 1 s sampling (the mean size of a change under it), as a fraction
    /// of the athlete's typical speed: about 6° of heading from one fix to the next (see `scale`). Chosen on the
    /// `tuning`, `after`, `other` and `stretches` benchmark sets among 0.05, 0.1 and 0.2.
    static let headingScale = 0.1
    /// The smallest velocity change (m/s) a step's noise is sized for, so that a straight never becomes rigid.
    static let smallestChange = 0.01
    /// Seconds over which a wandering error counts as noise for this smoother (see above).
    static let wanderReachSeconds = 30.0
    /// Runs shorter than this are smoothed once, with the tuned noise.
    static let minimumPoints = 4

    /// The prior's scale of a velocity change from one fix to the next, m/s: `headingScale` of the athlete's typical
    /// `speed`, times the square root of the sampling `interval` (seconds): over a step of several seconds the
    /// heading changes by the sum of as many seconds' changes, whose typical size grows as its square root. (With the
    /// scale growing in proportion to the interval, a watch's walk sampled every 10 s came out 0.6–0.75 % long, where
    /// one tuned noise had kept it within 0.5 %.)
    static func scale(speed: Double, interval: Double) -> Double {
        headingScale * speed * interval.squareRoot()
    }

    /// The measurement noise (metres, 1 sigma per axis) for the white-noise model: `white`, plus the share of a
    /// wander that moves within `wanderReachSeconds`.
    static func effectiveSigma(white: Double, wander: Wander?) -> Double {
        guard let wander else { return white }
        let share = min(1, wanderReachSeconds / wander.tau)
        return (white * white + share * wander.sigma * wander.sigma).squareRoot()
    }

    /// The median speed over 10 s of the moving parts (faster than 0.3 m/s) of `s`, 10 s windows across a gap left
    /// out; 1 m/s when nothing moves.
    static func typicalSpeed(_ s: [CleaningSample], gapSeconds: Double) -> Double {
        measuredSpeed(s, gapSeconds: gapSeconds) ?? 1
    }

    /// As `typicalSpeed`, nil when there is nothing to measure (nothing moves, or no 10 s window without a gap).
    static func measuredSpeed(_ s: [CleaningSample], gapSeconds: Double) -> Double? {
        var speeds = windowSpeeds(s, gapSeconds: gapSeconds)
        guard !speeds.isEmpty else { return nil }
        return Selection.kthSmallest(speeds.count / 2, of: &speeds)
    }

    /// The athlete's typical speed (`typicalSpeed`) and the `topQuantile` of the same speeds (their top speed), from
    /// one pass; the top speed nil when nothing moves.
    static func typicalAndTopSpeed(
        _ s: [CleaningSample], gapSeconds: Double, topQuantile: Double
    ) -> (typical: Double, top: Double?) {
        var speeds = windowSpeeds(s, gapSeconds: gapSeconds)
        guard !speeds.isEmpty else { return (1, nil) }
        let typical = Selection.kthSmallest(speeds.count / 2, of: &speeds)
        let top = Selection.kthSmallest(min(speeds.count - 1, Int(Double(speeds.count) * topQuantile)), of: &speeds)
        return (typical, top)
    }

    /// The speeds over 10 s windows of `s` faster than 0.3 m/s, windows across a gap left out, at most about 50,000.
    static func windowSpeeds(_ s: [CleaningSample], gapSeconds: Double) -> [Double] {
        var speeds: [Double] = []
        let stride = max(1, s.count / 50_000)
        var j = 0, lastGap = -1
        var i = 0
        while i < s.count {
            if j < i { j = i }
            while j < s.count, s[j].t - s[i].t < 10 {
                if j > 0, s[j].t - s[j - 1].t > gapSeconds { lastGap = j }
                j += 1
            }
            guard j < s.count else { break }
            if s[j].t - s[j - 1].t > gapSeconds { lastGap = j }
            if lastGap <= i {
                let v = hypot(s[j].x - s[i].x, s[j].y - s[i].y) / (s[j].t - s[i].t)
                if v > 0.3 { speeds.append(v) }
            }
            i += stride
        }
        return speeds
    }

    /// From this many fixes on, a run is smoothed in two overlapping halves on two threads (`smoothInHalves`).
    static let parallelFixes = 50_000
    /// How many fixes each half reaches past the middle of the run. What a fix adds to a smoothed position dies away
    /// with its distance along the run, over hundreds of fixes once the rounds have compounded it: slowest under loud
    /// noise at a slow walk, where the prior's velocity changes are smallest. Under 100 m of noise at 0.4 m/s, halves
    /// joined after 1,024 fixes differed from the whole run smoothed at once by up to 19 mm, after 2,048 by 1.9 µm, after
    /// 4,096 by 1.4 × 10⁻¹² m (`SparseTurnsHalvesTests`); positions are written to 10⁻⁷ degrees, about a centimetre.
    static let halfOverlap = 4_096

    /// Smooths `s[range]` (a run without a gap) by `rounds` of `KalmanSmoother.smooth`, the first with the tuned
    /// acceleration noise `q`, each later one with the per-step noise the previous round's velocity changes give
    /// (`stepNoise` with `scale`, the prior's velocity change in m/s), never above `cap`: the sport's most agile
    /// athlete (`SportProfile.accelerationNoise(samplingInterval:)`), so a runner is not taken round a right angle
    /// at 16 m/s. Returns how many points moved by 10 cm or more. Holds the run's original positions and one noise
    /// per step (25 bytes a point) while it works, and the smoother's 56 bytes a point. A run of `parallelFixes` fixes
    /// or more (`smoothInHalves`) keeps no copy of its positions but two step noises (16 bytes a point), and the
    /// smoother's memory in two halves, each with `halfOverlap` more.
    static func smooth(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double,
        initialSpeed: Double, scale: Double, cap: Double, parallelFixes: Int = parallelFixes, overlap: Int = halfOverlap
    ) -> Int {
        let n = range.count
        guard n >= minimumPoints else {
            return KalmanSmoother.smooth(&s, range: range, sigma: sigma, accelerationNoise: min(q, cap), initialSpeed: initialSpeed)
        }
        if n >= max(parallelFixes, 2 * overlap + minimumPoints) {
            return smoothInHalves(
                &s, range: range, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed, scale: scale, cap: cap,
                overlap: overlap)
        }
        let base = range.lowerBound
        var x = [Double](repeating: 0, count: n), y = x
        var wasMoved = [Bool](repeating: false, count: n)
        for k in 0..<n {
            x[k] = s[base + k].x; y[k] = s[base + k].y; wasMoved[k] = s[base + k].moved
        }
        var noise: [Double]?
        let buffers = KalmanSmoother.Buffers()
        for round in 0..<rounds {
            if round > 0 {
                for k in 0..<n { s[base + k].x = x[k]; s[base + k].y = y[k]; s[base + k].moved = wasMoved[k] }
            }
            KalmanSmoother.smooth(
                &s, range: range, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed, stepNoise: noise,
                buffers: buffers)
            if round + 1 < rounds { noise = stepNoise(s, range: range, scale: scale, cap: cap, into: noise) }
        }
        var moved = 0
        for k in 0..<n {
            let dx = s[base + k].x - x[k], dy = s[base + k].y - y[k]
            if dx * dx + dy * dy >= 0.01 { moved += 1 }
        }
        return moved
    }

    /// `smooth` for a run of at least `2 * overlap + minimumPoints` fixes, each round on two threads: the earlier half
    /// from the run's start to `overlap` fixes past the middle on this thread, the later from `overlap` fixes before the
    /// middle to the end on a second one. Each half gives the positions on its side of the middle, measures its side's
    /// smoothed length and works out its side's step noise for the next round; the few steps at the middle are done
    /// here once both have joined. The run is then kept or left as recorded as a whole, as one smoothing decides. The
    /// samples hold their recorded positions until the last round (every round smooths those), which writes its own:
    /// each later round's step noise is taken from the positions the round before would have written (a shift of
    /// 1 mm or less leaves the recorded one), so every step noise, and each position written, is the one the whole
    /// run smoothed at once gives. Only the smoothed length is summed in another order (two sides and the middle's
    /// step), which can change the keep-or-leave decision only for a smoothing within rounding (10⁻¹⁰ of the length)
    /// of the recorded length. Work and memory grow by the overlap's share (under 17 % at `parallelFixes`).
    private static func smoothInHalves(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double, initialSpeed: Double,
        scale: Double, cap: Double, overlap: Int
    ) -> Int {
        let n = range.count, base = range.lowerBound, split = n / 2
        let earlier = base..<(base + split + overlap), later = (base + split - overlap)..<range.upperBound
        let laterStart = later.lowerBound - base
        // Both halves' memory taken here, on the calling thread: taken on the second, it would come from that thread's
        // own allocator arena and stay resident after the cleaning (peak RSS of a `check` of the 500,000-point
        // benchmark file 116 → 165 MiB), where the calling thread's is reused for the output that follows.
        let early = KalmanSmoother.Buffers(), late = KalmanSmoother.Buffers()
        early.fit(earlier.count)
        late.fit(later.count)
        var recordedLength = 0.0
        for k in 1..<n {
            let rx = s[base + k].x - s[base + k - 1].x, ry = s[base + k].y - s[base + k - 1].y
            recordedLength += (rx * rx + ry * ry).squareRoot()
        }
        // This round's step noise (none in the first) and the next round's, written by both threads.
        var noise = [Double](repeating: 0, count: n), next = noise
        var recordedNoise: [Double]?
        var kept = false
        for round in 0..<rounds {
            let current: [Double]? = round == 0 ? nil : noise
            let last = round + 1 == rounds
            s.withUnsafeBufferPointer { samples in
                next.withUnsafeMutableBufferPointer { nextNoise in
                    // The samples are read, never changed, by both threads until both have joined; each writes the
                    // next step noise of its own steps only, and works in its own buffers.
                    let shared = SharedRound(samples: samples, next: nextNoise)
                    let second = SecondThread { () -> Double in
                        KalmanSmoother.smoothedStates(
                            shared.samples, range: later, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed,
                            stepNoise: current, noiseOffset: laterStart, into: late)
                        let side = HalfPositions(samples: shared.samples, base: base, from: laterStart, buffers: late)
                        if !last {
                            fillStepNoise(
                                shared.next, steps: (split + 2)..<n, count: n, scale: scale, cap: cap,
                                time: side.time, position: side.written)
                        }
                        return side.length(steps: (split + 1)..<n)
                    }
                    KalmanSmoother.smoothedStates(
                        samples, range: earlier, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed,
                        stepNoise: current, into: early)
                    let side = HalfPositions(samples: samples, base: base, from: 0, buffers: early)
                    if !last {
                        fillStepNoise(
                            nextNoise, steps: 1..<(split - 1), count: n, scale: scale, cap: cap, time: side.time,
                            position: side.written)
                    }
                    var smoothedLength = side.length(steps: 1..<split)
                    smoothedLength += second.join()
                    // The steps at the middle, from both halves' positions.
                    let both = Halves(
                        early: side, late: HalfPositions(samples: samples, base: base, from: laterStart, buffers: late),
                        split: split)
                    smoothedLength += both.stepLength(split)
                    if !last {
                        fillStepNoise(
                            nextNoise, steps: (split - 1)..<(split + 2), count: n, scale: scale, cap: cap, time: both.time,
                            position: both.written)
                    }
                    kept = smoothedLength <= recordedLength
                }
            }
            guard !last else { break }
            if kept {
                swap(&noise, &next)
            } else {
                // Left as recorded: the next round's step noise is that of the recorded positions.
                if recordedNoise == nil { recordedNoise = stepNoise(s, range: range, scale: scale, cap: cap) }
                noise = recordedNoise!
            }
        }
        guard kept else { return 0 }
        // The last round's positions written, each half's side on its own thread.
        return s.withUnsafeMutableBufferPointer { samples in
            let shared = SharedWrite(samples: samples)
            let second = SecondThread { () -> Int in
                HalfPositions.write(late, from: laterStart, into: shared.samples, base: base, points: split..<n)
            }
            return HalfPositions.write(early, from: 0, into: samples, base: base, points: 0..<split) + second.join()
        }
    }

    /// What both threads of a round of `smoothInHalves` share: the samples, read by both, and the next round's step
    /// noise, each thread writing its own steps.
    private struct SharedRound: @unchecked Sendable {
        let samples: UnsafeBufferPointer<CleaningSample>
        let next: UnsafeMutableBufferPointer<Double>
    }

    /// The samples both threads write the last round's positions into, each its own side of the middle.
    private struct SharedWrite: @unchecked Sendable {
        let samples: UnsafeMutableBufferPointer<CleaningSample>
    }

    /// One half's smoothed positions over a run starting at `base` of `samples`, for the run's points from `from` on.
    private struct HalfPositions {
        let samples: UnsafeBufferPointer<CleaningSample>
        let base: Int
        let from: Int
        let east: [KalmanSmoother.AxisState]
        let north: [KalmanSmoother.AxisState]

        /// Holds `buffers`' states: let go of before they are smoothed into again.
        init(samples: UnsafeBufferPointer<CleaningSample>, base: Int, from: Int, buffers: KalmanSmoother.Buffers) {
            self.samples = samples
            self.base = base
            self.from = from
            east = buffers.ex
            north = buffers.ny
        }

        @inline(__always) func time(_ k: Int) -> Double { samples[base + k].t }

        /// The smoothed position of the run's point k.
        @inline(__always) func smoothed(_ k: Int) -> (x: Double, y: Double) { (east[k - from].p, north[k - from].p) }

        /// Where point k would be once written: its smoothed position, or its recorded one where the smoothing
        /// moves it by `KalmanSmoother.smallestShift` or less (as `KalmanSmoother.keepIfShorter` writes).
        @inline(__always) func written(_ k: Int) -> (x: Double, y: Double) {
            let p = smoothed(k), sample = samples[base + k]
            let dx = p.x - sample.x, dy = p.y - sample.y
            return (dx * dx + dy * dy).squareRoot() > KalmanSmoother.smallestShift ? p : (sample.x, sample.y)
        }

        /// The smoothed length of `steps` (step k from point k − 1 to point k).
        func length(steps: Range<Int>) -> Double {
            var length = 0.0
            var previous = smoothed(steps.lowerBound - 1)
            for k in steps {
                let current = smoothed(k)
                let mx = current.x - previous.x, my = current.y - previous.y
                length += (mx * mx + my * my).squareRoot()
                previous = current
            }
            return length
        }

        /// Writes the smoothed positions of `points` (run indices, from `from` on) of `buffers` into `samples` as
        /// `KalmanSmoother.keepIfShorter` does; returns how many moved by 10 cm or more.
        static func write(
            _ buffers: KalmanSmoother.Buffers, from: Int, into samples: UnsafeMutableBufferPointer<CleaningSample>,
            base: Int, points: Range<Int>
        ) -> Int {
            var moved = 0
            buffers.ex.withUnsafeBufferPointer { east in
                buffers.ny.withUnsafeBufferPointer { north in
                    for k in points {
                        let px = east[k - from].p, py = north[k - from].p
                        let dx = px - samples[base + k].x, dy = py - samples[base + k].y
                        guard (dx * dx + dy * dy).squareRoot() > KalmanSmoother.smallestShift else { continue }
                        samples[base + k].x = px
                        samples[base + k].y = py
                        samples[base + k].moved = true
                        if dx * dx + dy * dy >= 0.01 { moved += 1 }
                    }
                }
            }
            return moved
        }
    }

    /// Both halves' positions: the earlier's before `split`, the later's from it on.
    private struct Halves {
        let early: HalfPositions
        let late: HalfPositions
        let split: Int

        @inline(__always) func time(_ k: Int) -> Double { early.time(k) }
        @inline(__always) func written(_ k: Int) -> (x: Double, y: Double) { k < split ? early.written(k) : late.written(k) }
        /// The smoothed length of step k (from point k − 1 to point k).
        func stepLength(_ k: Int) -> Double {
            let a = k - 1 < split ? early.smoothed(k - 1) : late.smoothed(k - 1)
            let b = k < split ? early.smoothed(k) : late.smoothed(k)
            let mx = b.x - a.x, my = b.y - a.y
            return (mx * mx + my * my).squareRoot()
        }
    }

    /// For each step k of `s[range]` (from its fix k − 1 to fix k; entry 0 unused) the white acceleration noise,
    /// m²/s³, whose velocity change over the step has the variance `scale` × the change of velocity at the step's two
    /// ends (their mean, at least `smallestChange`): the quadratic that touches the penalty |Δv| / `scale` there;
    /// at most `cap`.
    static func stepNoise(
        _ s: [CleaningSample], range: Range<Int>, scale: Double, cap: Double = .infinity, into reuse: [Double]? = nil
    ) -> [Double] {
        let n = range.count, base = range.lowerBound
        var noise = reuse ?? [Double](repeating: 0, count: n)
        s.withUnsafeBufferPointer { samples in
            noise.withUnsafeMutableBufferPointer { noise in
                fillStepNoise(
                    noise, steps: 1..<n, count: n, scale: scale, cap: cap, time: { samples[base + $0].t },
                    position: { (samples[base + $0].x, samples[base + $0].y) })
            }
        }
        return noise
    }

    /// `stepNoise` of the steps `steps` (within 1..<n) of a run of `n` points, point k at `time(k)` and `position(k)`,
    /// written to `noise[k]`. Reads the points from two before the first step to one after the last.
    @inline(__always)
    static func fillStepNoise(
        _ noise: UnsafeMutableBufferPointer<Double>, steps: Range<Int>, count n: Int, scale: Double, cap: Double,
        time: (Int) -> Double, position: (Int) -> (x: Double, y: Double)
    ) {
        guard !steps.isEmpty else { return }
        // The velocity change at point k (between the steps into and out of it) from its neighbours a and c; 0 at the
        // run's ends.
        @inline(__always) func change(
            _ a: (x: Double, y: Double), _ ta: Double, _ b: (x: Double, y: Double), _ tb: Double,
            _ c: (x: Double, y: Double), _ tc: Double
        ) -> Double {
            let d1 = tb - ta, d2 = tc - tb
            let ux = (c.x - b.x) / d2 - (b.x - a.x) / d1, uy = (c.y - b.y) / d2 - (b.y - a.y) / d1
            return (ux * ux + uy * uy).squareRoot()
        }
        let first = steps.lowerBound
        // Points first − 1 (a) and first (b) at the first step, and the change at point first − 1.
        var a = position(first - 1), ta = time(first - 1), b = position(first), tb = time(first)
        var previous = first - 1 >= 1 ? change(position(first - 2), time(first - 2), a, ta, b, tb) : 0
        for k in steps {
            // The change at point k, from point k + 1 (none at the run's end).
            var current = 0.0, c = b, tc = tb
            if k + 1 < n {
                c = position(k + 1); tc = time(k + 1)
                current = change(a, ta, b, tb, c, tc)
            }
            noise[k] = min(cap, scale * max(smallestChange, (previous + current) / 2) / (tb - ta))
            a = b; ta = tb; b = c; tb = tc
            previous = current
        }
    }
}
