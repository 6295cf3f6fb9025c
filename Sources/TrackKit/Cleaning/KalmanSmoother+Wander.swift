import Foundation

/// The slow part of a receiver's error: a first-order Gauss–Markov process per axis, which wanders by about
/// `sigma` metres and forgets where it was over `tau` seconds. Phones show it most (multipath, a smoothing
/// fused location, weak geometry); a well-placed watch antenna shows little.
///
/// Modelled apart from the white noise because it is what makes a slow athlete's track far too long: with a
/// walker at 1 m/s and a 5 m wander that decorrelates within seconds, the error moves faster than the walker,
/// and a smoother that knows only white noise takes it for motion and keeps it.
struct Wander: Sendable, Equatable {
    /// One sigma per axis, metres.
    var sigma: Double
    /// Correlation time, seconds.
    var tau: Double
}

extension KalmanSmoother {
    /// Candidate wander, one sigma per axis (metres); `tuneWander` tries each with every correlation time.
    static let wanderSigmas: [Double] = [1, 2, 3, 4, 6, 8, 12]
    /// Candidate correlation times, seconds: from the few seconds of a phone in a pocket to the minutes over
    /// which satellite geometry changes.
    static let wanderTaus: [Double] = [3, 6, 12, 25, 50, 100, 200]
    /// Candidate white noise with a wander present, as multiples of the estimated short-term noise: the
    /// estimate (`NoiseEstimator`) takes in the fast part of the wander, so the white part is often smaller.
    static let wanderNoiseFactors: [Double] = [0.2, 0.3, 0.5, 0.7, 1, 1.5]
    /// The wander model must improve the likelihood (sum over points of log|S| + innovation²/S, both axes)
    /// by at least this much per point to be used: a few hundredths is noise in the score; a track whose
    /// error really wanders gains tenths.
    static let wanderGainPerPoint = 0.05
    /// White noise is never assumed below this with a wander, metres.
    static let wanderWhiteFloor = 0.5

    /// Symmetric 3×3 covariance of (position, velocity, wander) on one axis.
    struct WanderCovariance {
        var pp: Double, pv: Double, pb: Double, vv: Double, vb: Double, bb: Double

        /// One step of `dt` seconds later, before the next fix: F P Fᵀ + Q, with F = [[1, dt, 0], [0, 1, 0],
        /// [0, 0, φ]] and Q the white acceleration `q` plus the wander's own driving noise `wanderStep`.
        @inline(__always)
        func predicted(dt: Double, q: Double, phi: Double, wanderStep: Double) -> WanderCovariance {
            WanderCovariance(
                pp: pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3,
                pv: pv + dt * vv + q * dt * dt / 2,
                pb: phi * (pb + dt * vb),
                vv: vv + q * dt,
                vb: phi * vb,
                bb: phi * phi * bb + wanderStep)
        }

        /// Variance of the predicted fix (position plus wander) before its white noise.
        @inline(__always)
        var fix: Double { pp + 2 * pb + bb }
    }

    /// Position, velocity and wander along one axis.
    struct WanderState {
        var p: Double, v: Double, b: Double

        @inline(__always)
        func predicted(dt: Double, phi: Double) -> WanderState { WanderState(p: p + dt * v, v: v, b: phi * b) }
    }

    /// The wander's decay over `dt` and the variance its driving noise adds in that step.
    @inline(__always)
    static func wanderStep(_ wander: Wander, dt: Double) -> (phi: Double, added: Double) {
        let phi = exp(-dt / wander.tau)
        return (phi, wander.sigma * wander.sigma * (1 - phi * phi))
    }

    /// The prior at a run's first fix: the fix is position + wander + white noise, the wander drawn from its
    /// stationary spread, the speed unknown.
    static func wanderPrior(r: Double, wander: Wander, initialSpeed: Double) -> WanderCovariance {
        let b2 = wander.sigma * wander.sigma
        return WanderCovariance(pp: b2 + r, pv: 0, pb: -b2, vv: initialSpeed * initialSpeed, vb: 0, bb: b2)
    }

    /// `manoeuvreProcessNoise` for the wander model: a fix further off than a steady athlete's would be gets,
    /// for that step, the acceleration noise that makes it ordinary.
    @inline(__always)
    static func manoeuvreProcessNoise(
        _ filtered: WanderCovariance, dt: Double, q: Double, r: Double, phi: Double, added: Double, ix: Double, iy: Double
    ) -> Double {
        guard dt >= manoeuvreMinimumStep else { return q }
        let nominal = filtered.predicted(dt: dt, q: q, phi: phi, wanderStep: added)
        let squared = ix * ix + iy * iy
        let falseAlarm = min(0.5, manoeuvreFalseAlarmsPerSecond * dt)
        guard squared > -2 * log(falseAlarm) * (nominal.fix + r) else { return q }
        let wanted = squared / manoeuvreInnovationTarget
        return q + (wanted - nominal.fix - r) * 3 / (dt * dt * dt)
    }

    /// Forward filter of the wander model only: sum over points of log|S| + innovation²/S for the two axes
    /// (constants dropped), the same score `negativeLogLikelihood` gives the white-noise model, so the two
    /// compare directly.
    static func negativeLogLikelihood(_ s: ArraySlice<CleaningSample>, r: Double, q: Double, wander: Wander) -> Double {
        guard s.count >= 2 else { return 0 }
        var x = WanderState(p: s[s.startIndex].x, v: 0, b: 0), y = WanderState(p: s[s.startIndex].y, v: 0, b: 0)
        var c = wanderPrior(r: r, wander: wander, initialSpeed: 10)
        var total = 0.0
        var warmUp = 3
        var previousTime = s[s.startIndex].t
        var lastStep = -1.0, phi = 1.0, added = 0.0
        var loggedVariance = -1.0, logOfVariance = 0.0
        for k in (s.startIndex + 1)..<s.endIndex {
            let dt = s[k].t - previousTime
            previousTime = s[k].t
            if dt != lastStep { (phi, added) = wanderStep(wander, dt: dt); lastStep = dt }
            let pred = c.predicted(dt: dt, q: q, phi: phi, wanderStep: added)
            let px = x.predicted(dt: dt, phi: phi), py = y.predicted(dt: dt, phi: phi)
            let ix = s[k].x - px.p - px.b, iy = s[k].y - py.p - py.b
            let variance = pred.fix + r
            if warmUp > 0 {
                warmUp -= 1
            } else {
                if abs(variance - loggedVariance) > logReuseTolerance * variance {
                    loggedVariance = variance
                    logOfVariance = log(variance)
                }
                total += 2 * logOfVariance + (ix * ix + iy * iy) / variance
            }
            (x, y, c) = update(pred, px, py, ix: ix, iy: iy, variance: variance)
        }
        return total
    }

    /// The measurement update of the wander model: the fix sees position plus wander.
    @inline(__always)
    static func update(
        _ pred: WanderCovariance, _ px: WanderState, _ py: WanderState, ix: Double, iy: Double, variance: Double
    ) -> (WanderState, WanderState, WanderCovariance) {
        // P Hᵀ with H = [1, 0, 1].
        let hp = pred.pp + pred.pb, hv = pred.pv + pred.vb, hb = pred.pb + pred.bb
        let kp = hp / variance, kv = hv / variance, kb = hb / variance
        let x = WanderState(p: px.p + kp * ix, v: px.v + kv * ix, b: px.b + kb * ix)
        let y = WanderState(p: py.p + kp * iy, v: py.v + kv * iy, b: py.b + kb * iy)
        let c = WanderCovariance(
            pp: pred.pp - kp * hp, pv: pred.pv - kp * hv, pb: pred.pb - kp * hb,
            vv: pred.vv - kv * hv, vb: pred.vb - kv * hb, bb: pred.bb - kb * hb)
        return (x, y, c)
    }

    /// The wander model's innovation variance settles only asymptotically, so its logarithm (most of the
    /// search's cost) is reused while the variance stays within this fraction of the value it was taken for:
    /// the score then differs by at most about 1e-9 per point.
    static let logReuseTolerance = 1e-9

    /// The wander search reads at most this many points (the white-noise tuning reads `tuningPoints`) and
    /// goes over its three stages this many times: over 10,000 points and two rounds it cost 20 ms, which a
    /// 1 MB file's whole `check` (about 21 ms) could not afford.
    static let wanderSearchPoints = 4_000
    static let wanderSearchRounds = 2

    /// A candidate of the wander search: white-noise variance, acceleration noise and wander.
    struct WanderCandidate {
        var r: Double, q: Double, wander: Wander
    }

    /// `negativeLogLikelihood(_:r:q:wander:)` for one candidate per SIMD lane, the same operations in the same
    /// order, so each lane scores exactly what its candidate's filter scores alone (`WanderLanesTests`).
    static func negativeLogLikelihoods(
        _ s: ArraySlice<CleaningSample>, r: Lanes, q: Lanes, wanderSigma: Lanes, wanderTau: Lanes
    ) -> Lanes {
        let zero = Lanes(repeating: 0)
        guard s.count >= 2 else { return zero }
        let first = s.startIndex
        var xp = Lanes(repeating: s[first].x), xv = zero, xb = zero
        var yp = Lanes(repeating: s[first].y), yv = zero, yb = zero
        let b2 = wanderSigma * wanderSigma
        var pp = b2 + r, pv = zero, pb = -b2, vv = Lanes(repeating: 100), vb = zero, bb = b2
        var total = zero
        var warmUp = 3
        var previousTime = s[first].t
        var lastStep = -1.0, phi = Lanes(repeating: 1), added = zero
        var loggedVariance = Lanes(repeating: -1), logOfVariance = zero
        for k in (first + 1)..<s.endIndex {
            let dt = s[k].t - previousTime
            previousTime = s[k].t
            if dt != lastStep {
                for lane in 0..<Lanes.scalarCount { phi[lane] = exp(-dt / wanderTau[lane]) }
                added = b2 * (1 - phi * phi)
                lastStep = dt
            }
            let ppP = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
            let pvP = pv + dt * vv + q * dt * dt / 2
            let pbP = phi * (pb + dt * vb)
            let vvP = vv + q * dt
            let vbP = phi * vb
            let bbP = phi * phi * bb + added
            let pxp = xp + dt * xv, pxb = phi * xb
            let pyp = yp + dt * yv, pyb = phi * yb
            let ix = s[k].x - pxp - pxb, iy = s[k].y - pyp - pyb
            let variance = ppP + 2 * pbP + bbP + r
            if warmUp > 0 {
                warmUp -= 1
            } else {
                let drift = variance - loggedVariance
                if any((drift .> logReuseTolerance * variance) .| (-drift .> logReuseTolerance * variance)) {
                    for lane in 0..<Lanes.scalarCount
                    where abs(variance[lane] - loggedVariance[lane]) > logReuseTolerance * variance[lane] {
                        loggedVariance[lane] = variance[lane]
                        logOfVariance[lane] = log(variance[lane])
                    }
                }
                total = total + (2 * logOfVariance + (ix * ix + iy * iy) / variance)
            }
            let hp = ppP + pbP, hv = pvP + vbP, hb = pbP + bbP
            let kp = hp / variance, kv = hv / variance, kb = hb / variance
            xp = pxp + kp * ix; xv = xv + kv * ix; xb = pxb + kb * ix
            yp = pyp + kp * iy; yv = yv + kv * iy; yb = pyb + kb * iy
            pp = ppP - kp * hp; pv = pvP - kp * hv; pb = pbP - kp * hb
            vv = vvP - kv * hv; vb = vbP - kv * hb; bb = bbP - kb * hb
        }
        return total
    }

    /// The score of every candidate over `sample`, the runs summed in order, 16 candidates at a time.
    static func wanderScores(_ sample: [ArraySlice<CleaningSample>], _ candidates: [WanderCandidate]) -> [Double] {
        stride(from: 0, to: candidates.count, by: Lanes.scalarCount).flatMap { start -> [Double] in
            let group = candidates[start..<min(start + Lanes.scalarCount, candidates.count)]
            let last = group.last!
            var r = Lanes(repeating: last.r), q = Lanes(repeating: last.q)
            var sigma = Lanes(repeating: last.wander.sigma), tau = Lanes(repeating: last.wander.tau)
            for (lane, candidate) in group.enumerated() {
                r[lane] = candidate.r; q[lane] = candidate.q
                sigma[lane] = candidate.wander.sigma; tau[lane] = candidate.wander.tau
            }
            var totals = Lanes(repeating: 0)
            for run in sample {
                totals = totals + negativeLogLikelihoods(run, r: r, q: q, wanderSigma: sigma, wanderTau: tau)
            }
            return (0..<group.count).map { totals[$0] }
        }
    }

    /// Looks for a wander in the error of `runs`: starting from the white-noise model's best (`sigma`, `q`),
    /// tries every candidate wander, then the white noise and acceleration noise again under the best one,
    /// twice over. Returns the wander model when it explains the data clearly better, nil otherwise.
    static func tuneWander(
        _ runs: [ArraySlice<CleaningSample>], sigma: Double, accelerationNoise: Double, maxAccelerationNoise: Double,
        estimatedNoise: Double
    ) -> (sigma: Double, accelerationNoise: Double, wander: Wander)? {
        var budget = wanderSearchPoints
        var sample: [ArraySlice<CleaningSample>] = []
        for run in runs where run.count >= 3 && budget > 0 {
            sample.append(run.prefix(budget))
            budget -= min(run.count, budget)
        }
        let points = sample.reduce(0) { $0 + max(0, $1.count - 4) }
        guard points >= 30 else { return nil }
        let plain = sample.reduce(0) { $0 + negativeLogLikelihood($1, r: sigma * sigma, q: accelerationNoise) }
        var best = (score: Double.infinity, sigma: sigma, q: accelerationNoise, wander: Wander(sigma: 0, tau: 1))
        let accelerations = accelerationCandidates.filter { $0 <= maxAccelerationNoise }
        let whites = wanderNoiseFactors.map { max(wanderWhiteFloor, estimatedNoise * $0) }
        // Each stage scores its candidates side by side and keeps the first best, in the order listed.
        func take(_ candidates: [WanderCandidate], _ noise: [Double]) {
            for (index, value) in wanderScores(sample, candidates).enumerated() where value < best.score {
                best = (value, noise[index], candidates[index].q, candidates[index].wander)
            }
        }
        for _ in 0..<wanderSearchRounds {
            let wanders = wanderSigmas.flatMap { wanderSigma in wanderTaus.map { Wander(sigma: wanderSigma, tau: $0) } }
            take(wanders.map { WanderCandidate(r: best.sigma * best.sigma, q: best.q, wander: $0) },
                 Array(repeating: best.sigma, count: wanders.count))
            take(whites.map { WanderCandidate(r: $0 * $0, q: best.q, wander: best.wander) }, whites)
            take(accelerations.map { WanderCandidate(r: best.sigma * best.sigma, q: $0, wander: best.wander) },
                 Array(repeating: best.sigma, count: accelerations.count))
        }
        guard best.score.isFinite, plain - best.score > wanderGainPerPoint * Double(points) else { return nil }
        return (best.sigma, best.q, best.wander)
    }

    /// `smooth` under the wander model: the smoothed track is the athlete's position with the wander taken
    /// out. Same contract: returns how many points moved by 10 cm or more, and leaves a run untouched when
    /// smoothing would lengthen it.
    @discardableResult
    static func smooth(
        _ s: inout [CleaningSample], range: Range<Int>, sigma: Double, accelerationNoise q: Double, wander: Wander,
        initialSpeed: Double
    ) -> Int {
        let n = range.count
        guard n >= 3 else { return 0 }
        let base = range.lowerBound
        let r = sigma * sigma
        var covariance = [WanderCovariance](repeating: WanderCovariance(pp: 0, pv: 0, pb: 0, vv: 0, vb: 0, bb: 0), count: n)
        var ex = [WanderState](repeating: WanderState(p: 0, v: 0, b: 0), count: n), ny = ex

        ex[0] = WanderState(p: s[base].x, v: 0, b: 0)
        ny[0] = WanderState(p: s[base].y, v: 0, b: 0)
        covariance[0] = wanderPrior(r: r, wander: wander, initialSpeed: initialSpeed)
        for k in 1..<n {
            let dt = s[base + k].t - s[base + k - 1].t
            let (phi, added) = wanderStep(wander, dt: dt)
            let px = ex[k - 1].predicted(dt: dt, phi: phi), py = ny[k - 1].predicted(dt: dt, phi: phi)
            let ix = s[base + k].x - px.p - px.b, iy = s[base + k].y - py.p - py.b
            let stepQ = manoeuvreProcessNoise(covariance[k - 1], dt: dt, q: q, r: r, phi: phi, added: added, ix: ix, iy: iy)
            let pred = covariance[k - 1].predicted(dt: dt, q: stepQ, phi: phi, wanderStep: added)
            (ex[k], ny[k], covariance[k]) = update(pred, px, py, ix: ix, iy: iy, variance: pred.fix + r)
        }

        // Backward pass, as in `smooth` without a wander: x_k += C (x_{k+1}|n − x_{k+1}|k),
        // C = P_k|k Fᵀ (P_{k+1}|k)⁻¹, each prediction recomputed from the filtered state still held at k.
        for k in stride(from: n - 2, through: 0, by: -1) {
            let dt = s[base + k + 1].t - s[base + k].t
            let (phi, added) = wanderStep(wander, dt: dt)
            let px = ex[k].predicted(dt: dt, phi: phi), py = ny[k].predicted(dt: dt, phi: phi)
            let f = covariance[k]
            let stepQ = manoeuvreProcessNoise(
                f, dt: dt, q: q, r: r, phi: phi, added: added,
                ix: s[base + k + 1].x - px.p - px.b, iy: s[base + k + 1].y - py.p - py.b)
            let pr = f.predicted(dt: dt, q: stepQ, phi: phi, wanderStep: added)
            // Inverse of the symmetric predicted covariance, by cofactors.
            let c00 = pr.vv * pr.bb - pr.vb * pr.vb
            let c01 = pr.pb * pr.vb - pr.pv * pr.bb
            let c02 = pr.pv * pr.vb - pr.pb * pr.vv
            let det = pr.pp * c00 + pr.pv * c01 + pr.pb * c02
            guard det > 0, det.isFinite else { continue }
            let i00 = c00 / det, i01 = c01 / det, i02 = c02 / det
            let i11 = (pr.pp * pr.bb - pr.pb * pr.pb) / det
            let i12 = (pr.pb * pr.pv - pr.pp * pr.vb) / det
            let i22 = (pr.pp * pr.vv - pr.pv * pr.pv) / det
            // A = P Fᵀ: column 0 = P₀ + dt·P₁, column 1 = P₁, column 2 = φ·P₂ (Pⱼ the j-th column of P).
            let a00 = f.pp + dt * f.pv, a01 = f.pv, a02 = phi * f.pb
            let a10 = f.pv + dt * f.vv, a11 = f.vv, a12 = phi * f.vb
            let a20 = f.pb + dt * f.vb, a21 = f.vb, a22 = phi * f.bb
            // Gain rows: C = A · inverse.
            let g00 = a00 * i00 + a01 * i01 + a02 * i02
            let g01 = a00 * i01 + a01 * i11 + a02 * i12
            let g02 = a00 * i02 + a01 * i12 + a02 * i22
            let g10 = a10 * i00 + a11 * i01 + a12 * i02
            let g11 = a10 * i01 + a11 * i11 + a12 * i12
            let g12 = a10 * i02 + a11 * i12 + a12 * i22
            let g20 = a20 * i00 + a21 * i01 + a22 * i02
            let g21 = a20 * i01 + a21 * i11 + a22 * i12
            let g22 = a20 * i02 + a21 * i12 + a22 * i22
            func smoothed(_ filtered: WanderState, _ next: WanderState, _ predicted: WanderState) -> WanderState {
                let dp = next.p - predicted.p, dv = next.v - predicted.v, db = next.b - predicted.b
                return WanderState(
                    p: filtered.p + g00 * dp + g01 * dv + g02 * db,
                    v: filtered.v + g10 * dp + g11 * dv + g12 * db,
                    b: filtered.b + g20 * dp + g21 * dv + g22 * db)
            }
            ex[k] = smoothed(ex[k], ex[k + 1], px)
            ny[k] = smoothed(ny[k], ny[k + 1], py)
        }

        return keepIfShorter(&s, base: base, east: ex, north: ny)
    }
}
