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
        for factor in noiseFactors {
            let candidateSigma = max(NoiseEstimator.floorMeters, sigma * factor)
            for q in accelerationCandidates where q <= maxAccelerationNoise {
                let score = sample.reduce(0) { $0 + negativeLogLikelihood($1, r: candidateSigma * candidateSigma, q: q) }
                if score < best.score { best = (score, candidateSigma, q) }
            }
        }
        return (best.sigma, best.q)
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
