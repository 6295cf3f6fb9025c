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
        guard !speeds.isEmpty else { return nil }
        return Selection.kthSmallest(speeds.count / 2, of: &speeds)
    }

    /// From this many fixes on, a run is smoothed in two overlapping halves on two threads (`smoothedInHalves`).
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
    /// per step (25 bytes a point) while it works, and the smoother's 56 bytes a point (in two halves of a run of
    /// `parallelFixes` fixes or more, each with `halfOverlap` more: see `smoothedInHalves`).
    static func smooth(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double,
        initialSpeed: Double, scale: Double, cap: Double, parallelFixes: Int = parallelFixes, overlap: Int = halfOverlap
    ) -> Int {
        let n = range.count
        guard n >= minimumPoints else {
            return KalmanSmoother.smooth(&s, range: range, sigma: sigma, accelerationNoise: min(q, cap), initialSpeed: initialSpeed)
        }
        let base = range.lowerBound
        var x = [Double](repeating: 0, count: n), y = x
        var wasMoved = [Bool](repeating: false, count: n)
        for k in 0..<n {
            x[k] = s[base + k].x; y[k] = s[base + k].y; wasMoved[k] = s[base + k].moved
        }
        var noise: [Double]?
        let buffers = KalmanSmoother.Buffers()
        let halves = n >= max(parallelFixes, 2 * overlap + minimumPoints)
            ? (KalmanSmoother.Buffers(), KalmanSmoother.Buffers()) : nil
        for round in 0..<rounds {
            if round > 0 {
                for k in 0..<n { s[base + k].x = x[k]; s[base + k].y = y[k]; s[base + k].moved = wasMoved[k] }
            }
            if let halves {
                smoothedInHalves(
                    &s, range: range, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed, stepNoise: noise,
                    overlap: overlap, into: halves)
            } else {
                KalmanSmoother.smooth(
                    &s, range: range, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed, stepNoise: noise,
                    buffers: buffers)
            }
            if round + 1 < rounds { noise = stepNoise(s, range: range, scale: scale, cap: cap, into: noise) }
        }
        var moved = 0
        for k in 0..<n {
            let dx = s[base + k].x - x[k], dy = s[base + k].y - y[k]
            if dx * dx + dy * dy >= 0.01 { moved += 1 }
        }
        return moved
    }

    /// One round of `KalmanSmoother.smooth` over `s[range]` (at least `2 * overlap + minimumPoints` fixes), its two
    /// halves smoothed side by side: the earlier from the run's start to `overlap` fixes past the middle, on this
    /// thread, the later from `overlap` fixes before the middle to the end, on a second one. Each half gives the
    /// positions on its side of the middle; the run is then kept or left as recorded as a whole, as one smoothing
    /// would. Work and memory grow by the overlap's share (under 17 % at `parallelFixes`).
    private static func smoothedInHalves(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double, initialSpeed: Double,
        stepNoise: [Double]?, overlap: Int, into buffers: (earlier: KalmanSmoother.Buffers, later: KalmanSmoother.Buffers)
    ) {
        let base = range.lowerBound, middle = base + range.count / 2
        let earlier = base..<(middle + overlap), later = (middle - overlap)..<range.upperBound
        // Both halves' memory taken here, on the calling thread: taken on the second, it would come from that thread's
        // own allocator arena and stay resident after the cleaning (peak RSS of a `check` of the 500,000-point
        // benchmark file 116 → 165 MiB), where the calling thread's is reused for the output that follows.
        buffers.earlier.fit(earlier.count)
        buffers.later.fit(later.count)
        s.withUnsafeBufferPointer { samples in
            // The samples are read, never changed, by both threads until both have joined.
            let shared = SharedSamples(samples: samples)
            let second = SecondThread {
                KalmanSmoother.smoothedStates(
                    shared.samples, range: later, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed,
                    stepNoise: stepNoise, noiseOffset: later.lowerBound - base, into: buffers.later)
            }
            KalmanSmoother.smoothedStates(
                samples, range: earlier, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed,
                stepNoise: stepNoise, into: buffers.earlier)
            second.join()
        }
        let split = middle - base, laterStart = later.lowerBound - base
        let early = (ex: buffers.earlier.ex, ny: buffers.earlier.ny), late = (ex: buffers.later.ex, ny: buffers.later.ny)
        _ = KalmanSmoother.keepIfShorter(&s, base: base, count: range.count) { k in
            k < split ? (early.ex[k].p, early.ny[k].p) : (late.ex[k - laterStart].p, late.ny[k - laterStart].p)
        }
    }

    /// A run's samples, read by a second thread while the first reads them too and neither changes them.
    private struct SharedSamples: @unchecked Sendable {
        let samples: UnsafeBufferPointer<CleaningSample>
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
        // The velocity change at fix k (between the steps into and out of it), 0 at the ends.
        func change(_ k: Int) -> Double {
            guard k >= 1, k + 1 < n else { return 0 }
            let a = s[base + k - 1], b = s[base + k], c = s[base + k + 1]
            let d1 = b.t - a.t, d2 = c.t - b.t
            let ux = (c.x - b.x) / d2 - (b.x - a.x) / d1, uy = (c.y - b.y) / d2 - (b.y - a.y) / d1
            return (ux * ux + uy * uy).squareRoot()
        }
        var previous = change(0)
        for k in 1..<n {
            let current = change(k)
            let dt = s[base + k].t - s[base + k - 1].t
            noise[k] = min(cap, scale * max(smallestChange, (previous + current) / 2) / dt)
            previous = current
        }
        return noise
    }
}
