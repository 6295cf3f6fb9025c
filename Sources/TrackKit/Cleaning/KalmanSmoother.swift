import Foundation

/// A constant-velocity Kalman filter with a Rauch–Tung–Striebel backward pass, on east/north metres.
///
/// East and north are independent under this model and see the same noise, so one covariance recursion
/// serves both axes. Time steps may vary; the process noise is white acceleration scaled to each step.
///
/// Turns: a constant-velocity model tuned for the straights cuts a corner that falls between two fixes,
/// which sparse (≈10 s) sampling makes the rule. A fix the prediction cannot explain (see
/// `manoeuvreProcessNoise`) gets, for that one step, the process noise that makes it ordinary, so the
/// smoothed track follows the turn there and stays smoothed hard everywhere else.
///
/// Memory: a run keeps only its filtered state (position and velocity per axis) and filtered covariance,
/// 56 bytes per point; the backward pass recomputes each prediction (and each step's process noise) from
/// them, the time step and the recorded fix, and overwrites the filtered state with the smoothed one as it
/// goes.
enum KalmanSmoother {
    /// How often, per second of recording, a fix of a steady athlete may be taken for a turn. Per second
    /// rather than per fix so that a 1 s recording, whose turns span many fixes and are already followed
    /// through the tuned process noise, is not loosened ten times as often as a 10 s one.
    static let manoeuvreFalseAlarmsPerSecond = 0.001
    /// Shortest step (seconds) across which a whole turn can hide. Over shorter steps a turn spans several
    /// fixes and the tuned process noise follows it, while the slow wander of a phone's error, heavier-tailed
    /// than the model assumes, would pass for a turn far more often than `manoeuvreFalseAlarmsPerSecond`.
    static let manoeuvreMinimumStep = 3.0
    /// A fix taken for a turn gets the process noise that brings its normalised innovation down to this
    /// (the 2-D expectation is 2): the filter then follows it instead of cutting the corner.
    static let manoeuvreInnovationTarget = 1.0
    /// One sigma (m/s) of the athlete's speed at a collapsed rest's first and last fix (`CleaningSample.atRest`): they
    /// stand there. Without it the smoothing carries the pace of the way in up to the rest's first fix and of the way
    /// out from its last (`RestEndTests`); on a phone hike (`Benchmarks/results/generalize.md`, fiftieth session) the
    /// way in was drawn 17 m past a rest's centre and the way out started 25 m behind it. Read by this white-noise
    /// smoothing, which `SparseTurns` runs; the wander model, used only with `sparseTurns` off, does not.
    static let restSpeedNoise = 0.1

    /// Symmetric 2×2 covariance of (position, velocity).
    struct Covariance {
        var pp: Double, pv: Double, vv: Double

        /// The covariance one step of `dt` seconds later, before the next fix: F P Fᵀ + Q.
        @inline(__always)
        func predicted(dt: Double, q: Double) -> Covariance {
            Covariance(
                pp: pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3,
                pv: pv + dt * vv + q * dt * dt / 2,
                vv: vv + q * dt)
        }
    }

    /// Position and velocity along one axis.
    struct AxisState {
        var p: Double, v: Double

        @inline(__always)
        func predicted(dt: Double) -> AxisState { AxisState(p: p + dt * v, v: v) }
    }

    /// The process noise for one step of `dt` seconds from `filtered` to a fix (`ix`, `iy`) metres east and
    /// north of the prediction: `q`, or more when the fix is further off than a steady athlete's would be
    /// (normalised innovation beyond the χ² quantile of `manoeuvreFalseAlarmsPerSecond · dt`).
    @inline(__always)
    static func manoeuvreProcessNoise(
        _ filtered: Covariance, dt: Double, q: Double, r: Double, ix: Double, iy: Double
    ) -> Double {
        guard dt >= manoeuvreMinimumStep else { return q }
        let nominal = filtered.predicted(dt: dt, q: q)
        let squared = ix * ix + iy * iy
        let falseAlarm = min(0.5, manoeuvreFalseAlarmsPerSecond * dt)
        // For two independent Gaussian axes P(NIS > x) = exp(−x/2).
        guard squared > -2 * log(falseAlarm) * (nominal.pp + r) else { return q }
        let wanted = squared / manoeuvreInnovationTarget
        return q + (wanted - nominal.pp - r) * 3 / (dt * dt * dt)
    }

    /// Smooths one run of samples with no gap inside; returns how many moved by 10 cm or more.
    /// A run the smoothing would lengthen is left untouched.
    /// - Parameters:
    ///   - sigma: measurement noise, metres (1 sigma per axis).
    ///   - accelerationNoise: spectral density of the acceleration, m²/s³.
    ///   - initialSpeed: 1 sigma of the unknown starting speed, m/s.
    ///   - stepNoise: when given, the acceleration noise of each step in place of `accelerationNoise`, indexed
    ///     from the range's start by the fix the step ends at (entry 0 unused): `SparseTurns` sets it per step.
    ///   - buffers: where the smoothing works (see `Buffers`).
    @discardableResult
    static func smooth(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double,
        initialSpeed: Double, stepNoise: [Double]? = nil, buffers: Buffers = Buffers()
    ) -> Int {
        guard range.count >= 3 else { return 0 }
        s.withUnsafeBufferPointer {
            smoothedStates(
                $0, range: range, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed, stepNoise: stepNoise,
                into: buffers)
        }
        return keepIfShorter(&s, base: range.lowerBound, east: buffers.ex, north: buffers.ny)
    }

    /// The arrays a smoothing works in: the filtered (then smoothed) state per axis and the filtered covariance, 56
    /// bytes a point. `SparseTurns` keeps them from one round to the next, so that each round works in the memory of
    /// the round before instead of taking (and faulting in) its own; a reference, so that a second thread can work in
    /// one and hand it back. One smoothing at a time per instance.
    final class Buffers: @unchecked Sendable {
        fileprivate(set) var covariance: [Covariance] = []
        /// After a smoothing, the smoothed state of each point of its range, from the range's start.
        fileprivate(set) var ex: [AxisState] = []
        fileprivate(set) var ny: [AxisState] = []

        /// Makes room for a smoothing of `n` points (their contents are left to it to write).
        func fit(_ n: Int) {
            guard covariance.count != n else { return }
            covariance = [Covariance](repeating: Covariance(pp: 0, pv: 0, vv: 0), count: n)
            ex = [AxisState](repeating: AxisState(p: 0, v: 0), count: n)
            ny = [AxisState](repeating: AxisState(p: 0, v: 0), count: n)
        }
    }

    /// The smoothed states of `s[range]` (at least 3 points), left in `buffers.ex` and `buffers.ny`; `s` is not
    /// changed. `stepNoise` as for `smooth`, indexed from `noiseOffset` before the range's start (a part of a longer run
    /// uses that run's step noise).
    static func smoothedStates(
        _ s: UnsafeBufferPointer<CleaningSample>, range: Range<Int>, sigma: Double, accelerationNoise q: Double,
        initialSpeed: Double, stepNoise: [Double]?, noiseOffset: Int = 0, into buffers: Buffers
    ) {
        let n = range.count
        precondition(n >= 3, "a smoothing needs three points")
        let base = range.lowerBound
        let r = sigma * sigma
        // Every entry is written by the forward pass before it is read: only the sizes are set here.
        buffers.fit(n)
        // Worked in as local arrays (taken out of the buffers, so that each stays uniquely held) and put back after.
        // `ex` and `ny` hold the filtered state on the way forward, the smoothed state once the backward pass has been
        // over it.
        var covariance: [Covariance] = [], ex: [AxisState] = [], ny: [AxisState] = []
        swap(&covariance, &buffers.covariance); swap(&ex, &buffers.ex); swap(&ny, &buffers.ny)
        defer { swap(&covariance, &buffers.covariance); swap(&ex, &buffers.ex); swap(&ny, &buffers.ny) }

        // At a rest's first or last fix, a reading of the athlete's speed after its position: zero, `restSpeedNoise`.
        @inline(__always) func standing(_ k: Int) {
            guard s[base + k].atRest else { return }
            let c = covariance[k]
            let variance = c.vv + restSpeedNoise * restSpeedNoise
            let gainP = c.pv / variance, gainV = c.vv / variance
            ex[k] = AxisState(p: ex[k].p - gainP * ex[k].v, v: ex[k].v - gainV * ex[k].v)
            ny[k] = AxisState(p: ny[k].p - gainP * ny[k].v, v: ny[k].v - gainV * ny[k].v)
            covariance[k] = Covariance(pp: c.pp - gainP * c.pv, pv: (1 - gainV) * c.pv, vv: (1 - gainV) * c.vv)
        }
        ex[0] = AxisState(p: s[base].x, v: 0)
        ny[0] = AxisState(p: s[base].y, v: 0)
        covariance[0] = Covariance(pp: r, pv: 0, vv: initialSpeed * initialSpeed)
        standing(0)
        for k in 1..<n {
            let dt = s[base + k].t - s[base + k - 1].t
            let px = ex[k - 1].predicted(dt: dt), py = ny[k - 1].predicted(dt: dt)
            let ix = s[base + k].x - px.p, iy = s[base + k].y - py.p
            let stepQ = manoeuvreProcessNoise(
                covariance[k - 1], dt: dt, q: stepNoise?[noiseOffset + k] ?? q, r: r, ix: ix, iy: iy)
            let pred = covariance[k - 1].predicted(dt: dt, q: stepQ)
            let innovationVariance = pred.pp + r
            let gainP = pred.pp / innovationVariance, gainV = pred.pv / innovationVariance
            ex[k] = AxisState(p: px.p + gainP * ix, v: px.v + gainV * ix)
            ny[k] = AxisState(p: py.p + gainP * iy, v: py.v + gainV * iy)
            covariance[k] = Covariance(
                pp: (1 - gainP) * pred.pp, pv: (1 - gainP) * pred.pv, vv: pred.vv - gainV * pred.pv)
            standing(k)
        }

        // Backward pass: x_k += C (x_{k+1}|n − x_{k+1}|k), C = P_k|k Fᵀ (P_{k+1}|k)⁻¹. Entry k + 1 already
        // holds the smoothed state; entry k still holds the filtered one, from which the prediction for
        // k + 1 (and the process noise of that step, from the still unchanged fix k + 1) is recomputed
        // exactly as the forward pass made it.
        for k in stride(from: n - 2, through: 0, by: -1) {
            let dt = s[base + k + 1].t - s[base + k].t
            let px = ex[k].predicted(dt: dt), py = ny[k].predicted(dt: dt)
            let f = covariance[k]
            let stepQ = manoeuvreProcessNoise(
                f, dt: dt, q: stepNoise?[noiseOffset + k + 1] ?? q, r: r, ix: s[base + k + 1].x - px.p,
                iy: s[base + k + 1].y - py.p)
            let pr = f.predicted(dt: dt, q: stepQ)
            let det = pr.pp * pr.vv - pr.pv * pr.pv
            guard det > 0 else { continue }
            // P Fᵀ with F = [[1, dt], [0, 1]].
            let a00 = f.pp + dt * f.pv, a01 = f.pv
            let a10 = f.pv + dt * f.vv, a11 = f.vv
            let i00 = pr.vv / det, i01 = -pr.pv / det, i11 = pr.pp / det
            let c00 = a00 * i00 + a01 * i01, c01 = a00 * i01 + a01 * i11
            let c10 = a10 * i00 + a11 * i01, c11 = a10 * i01 + a11 * i11
            let dxp = ex[k + 1].p - px.p, dxv = ex[k + 1].v - px.v
            let dyp = ny[k + 1].p - py.p, dyv = ny[k + 1].v - py.v
            ex[k] = AxisState(p: ex[k].p + c00 * dxp + c01 * dxv, v: ex[k].v + c10 * dxp + c11 * dxv)
            ny[k] = AxisState(p: ny[k].p + c00 * dyp + c01 * dyv, v: ny[k].v + c10 * dyp + c11 * dyv)
        }
    }

    /// A smoothed position no further than this (metres) from the recorded one leaves the recorded one in place (and
    /// the point unmarked as moved). `SparseTurns.smoothInHalves` applies the same rule to the positions it has not
    /// written yet.
    static let smallestShift = 0.001

    /// Writes the smoothed positions of one run (starting at `base`) into the samples and returns how many moved by
    /// 10 cm or more (one moved by `smallestShift` or less is left as recorded). Noise only ever adds length; a
    /// smoothed run that came out longer means the model did not fit this run (too few points to learn from, or an
    /// already smoothed recording): it is left as recorded and 0 is returned.
    static func keepIfShorter<State: SmoothedPosition>(
        _ s: inout [CleaningSample], base: Int, east ex: [State], north ny: [State]
    ) -> Int {
        let n = ex.count
        var rawLength = 0.0, smoothedLength = 0.0
        for k in 1..<n {
            let rx = s[base + k].x - s[base + k - 1].x, ry = s[base + k].y - s[base + k - 1].y
            rawLength += (rx * rx + ry * ry).squareRoot()
            let mx = ex[k].p - ex[k - 1].p, my = ny[k].p - ny[k - 1].p
            smoothedLength += (mx * mx + my * my).squareRoot()
        }
        guard smoothedLength <= rawLength else { return 0 }

        var moved = 0
        for k in 0..<n {
            let dx = ex[k].p - s[base + k].x, dy = ny[k].p - s[base + k].y
            let shift = (dx * dx + dy * dy).squareRoot()
            guard shift > smallestShift else { continue }
            s[base + k].x = ex[k].p
            s[base + k].y = ny[k].p
            s[base + k].moved = true
            if shift >= 0.1 { moved += 1 }
        }
        return moved
    }
}

/// A smoother's state along one axis, of which only the position is written back.
protocol SmoothedPosition {
    var p: Double { get }
}

extension KalmanSmoother.AxisState: SmoothedPosition {}
extension KalmanSmoother.WanderState: SmoothedPosition {}
