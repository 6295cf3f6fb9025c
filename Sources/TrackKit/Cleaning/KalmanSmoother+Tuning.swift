import Foundation

extension KalmanSmoother {
    /// Candidate acceleration noise densities (m²/s³), from a stroll to a sprint finish or a bike descent.
    static let accelerationCandidates: [Double] = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5]
    /// Candidate measurement noise as multiples of the estimated noise.
    static let noiseFactors: [Double] = [0.7, 1, 1.5, 2, 3]
    /// At most this many points feed the tuning; a long activity's start says enough about its device.
    static let tuningPoints = 20_000

    /// Picks the measurement and process noise that best explain the data (largest innovation likelihood
    /// of the forward filter), the process noise capped by what the sport allows.
    static func tune(
        _ runs: [ArraySlice<CleaningSample>], sigma: Double, maxAccelerationNoise: Double
    ) -> (sigma: Double, accelerationNoise: Double) {
        var budget = tuningPoints
        var sample: [ArraySlice<CleaningSample>] = []
        for run in runs where run.count >= 3 && budget > 0 {
            sample.append(run.prefix(budget))
            budget -= min(run.count, budget)
        }
        guard !sample.isEmpty else { return (sigma, maxAccelerationNoise) }
        var best = (score: Double.infinity, sigma: sigma, q: maxAccelerationNoise)
        let candidates = accelerationCandidates.filter { $0 <= maxAccelerationNoise }
        for factor in noiseFactors {
            let candidateSigma = max(NoiseEstimator.floorMeters, sigma * factor)
            let r = candidateSigma * candidateSigma
            let scores = candidates.count <= Lanes.scalarCount
                ? laneScores(sample, r: r, candidates: candidates)
                : candidates.map { q in sample.reduce(0) { $0 + negativeLogLikelihood($1, r: r, q: q) } }
            for (q, score) in zip(candidates, scores) where score < best.score {
                best = (score, candidateSigma, q)
            }
        }
        return (best.sigma, best.q)
    }

    typealias Lanes = SIMD16<Double>

    /// The scores of every candidate process noise at once, one per SIMD lane: the candidates' filters are
    /// independent, so running them side by side keeps the processor busy where one filter would wait on
    /// its own divisions. Each lane does exactly the arithmetic of `negativeLogLikelihood`, in the same
    /// order, so the scores are identical.
    static func laneScores(_ sample: [ArraySlice<CleaningSample>], r: Double, candidates: [Double]) -> [Double] {
        var q = Lanes(repeating: candidates.last ?? 1)
        for (lane, candidate) in candidates.enumerated() { q[lane] = candidate }
        var totals = Lanes(repeating: 0)
        for run in sample { totals = totals + negativeLogLikelihoods(run, r: r, q: q) }
        return (0..<candidates.count).map { totals[$0] }
    }

    /// `negativeLogLikelihood` for one process noise per lane.
    static func negativeLogLikelihoods(_ s: ArraySlice<CleaningSample>, r: Double, q: Lanes) -> Lanes {
        var base = s.startIndex
        var px = Lanes(repeating: s[base].x), vx = Lanes(repeating: 0)
        var py = Lanes(repeating: s[base].y), vy = Lanes(repeating: 0)
        var pp = Lanes(repeating: r), pv = Lanes(repeating: 0), vv = Lanes(repeating: 100)
        var total = Lanes(repeating: 0)
        base += 1
        var previousTime = s[s.startIndex].t
        var warmUp = 3
        var loggedVariance = Lanes(repeating: -1), logOfVariance = Lanes(repeating: 0)
        for k in base..<s.endIndex {
            let dt = s[k].t - previousTime
            previousTime = s[k].t
            let ppPred = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
            let pvPred = pv + dt * vv + q * dt * dt / 2
            let vvPred = vv + q * dt
            let predX = px + dt * vx, predY = py + dt * vy
            let innovationVariance = ppPred + r
            let ix = s[k].x - predX, iy = s[k].y - predY
            if warmUp > 0 {
                warmUp -= 1
            } else {
                if any(innovationVariance .!= loggedVariance) {
                    for lane in 0..<Lanes.scalarCount where innovationVariance[lane] != loggedVariance[lane] {
                        loggedVariance[lane] = innovationVariance[lane]
                        logOfVariance[lane] = log(innovationVariance[lane])
                    }
                }
                total = total + (2 * logOfVariance + (ix * ix + iy * iy) / innovationVariance)
            }
            let gainP = ppPred / innovationVariance, gainV = pvPred / innovationVariance
            px = predX + gainP * ix; vx = vx + gainV * ix
            py = predY + gainP * iy; vy = vy + gainV * iy
            pp = (1 - gainP) * ppPred
            pv = (1 - gainP) * pvPred
            vv = vvPred - gainV * pvPred
        }
        return total
    }

    /// Forward filter only; sum over points of log|S| + innovation²/S for the two axes (constants dropped).
    static func negativeLogLikelihood(_ s: ArraySlice<CleaningSample>, r: Double, q: Double) -> Double {
        var base = s.startIndex
        var px = s[base].x, vx = 0.0, py = s[base].y, vy = 0.0
        var pp = r, pv = 0.0, vv = 100.0
        var total = 0.0
        base += 1
        var previousTime = s[s.startIndex].t
        // The first few innovations mostly measure the unknown starting speed.
        var warmUp = 3
        // With a steady sampling interval the innovation variance settles to one value within a few dozen
        // steps; its logarithm, most of the cost of tuning, is then reused rather than recomputed.
        var loggedVariance = -1.0, logOfVariance = 0.0
        for k in base..<s.endIndex {
            let dt = s[k].t - previousTime
            previousTime = s[k].t
            let ppPred = pp + 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
            let pvPred = pv + dt * vv + q * dt * dt / 2
            let vvPred = vv + q * dt
            let predX = px + dt * vx, predY = py + dt * vy
            let innovationVariance = ppPred + r
            let ix = s[k].x - predX, iy = s[k].y - predY
            if warmUp > 0 {
                warmUp -= 1
            } else {
                if innovationVariance != loggedVariance {
                    loggedVariance = innovationVariance
                    logOfVariance = log(innovationVariance)
                }
                total += 2 * logOfVariance + (ix * ix + iy * iy) / innovationVariance
            }
            let gainP = ppPred / innovationVariance, gainV = pvPred / innovationVariance
            px = predX + gainP * ix; vx += gainV * ix
            py = predY + gainP * iy; vy += gainV * iy
            pp = (1 - gainP) * ppPred
            pv = (1 - gainP) * pvPred
            vv = vvPred - gainV * pvPred
        }
        return total
    }
}
