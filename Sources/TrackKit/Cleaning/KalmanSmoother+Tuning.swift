import Foundation

extension KalmanSmoother {
    /// Candidate acceleration noise densities (m²/s³), from a stroll to a sprint finish or a bike descent.
    static let accelerationCandidates: [Double] = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5]
    /// Candidate measurement noise as multiples of the estimated noise. The estimate reads how far each fix
    /// sits off the chord of its neighbours, which a bend between sparse fixes inflates (a 400 m track
    /// recorded every 10 s reads 15–17 m of "noise" from a watch with 3 m), so the candidates reach well below
    /// it and the likelihood decides.
    static let noiseFactors: [Double] = [0.15, 0.25, 0.4, 0.7, 1, 1.5, 2, 3]
    /// The smallest measurement noise the tuning considers, metres. Below the estimator's 1 m floor: the
    /// output of a device that filters its own fixes (a phone's fused location, many Garmin units) is smoother
    /// than 1 m, and smoothing it as if it were not cuts its turns (on the corpus, files already smoothed by
    /// another program were shortened by 0.6–1.1 % at a 1 m floor, by 0.1–0.2 % at this one).
    static let noiseFloor = 0.3
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
        let candidates = accelerationCandidates.filter { $0 <= maxAccelerationNoise }
        // Factors that all fall on the floor give one candidate, not several.
        var sigmas: [Double] = []
        for factor in noiseFactors where !sigmas.contains(max(noiseFloor, sigma * factor)) {
            sigmas.append(max(noiseFloor, sigma * factor))
        }
        // Every (measurement noise, process noise) pair, measurement noise outermost: ties go to the first.
        let pairs = sigmas.flatMap { candidateSigma in candidates.map { (r: candidateSigma * candidateSigma, q: $0) } }
        let points = sample.reduce(0) { $0 + $1.count }
        let scores = laneScores(sample, pairs: pairs, threads: points >= parallelTuningPoints ? 2 : 1)
        var best = (score: Double.infinity, sigma: sigma, q: maxAccelerationNoise)
        for (index, score) in scores.enumerated() where score < best.score {
            best = (score, sigmas[index / candidates.count], candidates[index % candidates.count])
        }
        return (best.sigma, best.q)
    }

    /// From this many points on, the tuning's lanes are shared between two threads.
    static let parallelTuningPoints = 2_000

    typealias Lanes = SIMD16<Double>

    /// The score of every (measurement noise variance `r`, process noise `q`) pair, the runs' scores summed
    /// in order. The pairs' filters are independent, so they run side by side in SIMD lanes, 16 at a time:
    /// the processor stays busy where one filter would wait on its own divisions. Lanes never mix, so each
    /// score is exactly what that pair's filter alone gives. With `threads` 2, a second thread takes the
    /// later half of the groups of 16.
    static func laneScores(_ sample: [ArraySlice<CleaningSample>], pairs: [(r: Double, q: Double)], threads: Int = 1) -> [Double] {
        let groups = stride(from: 0, to: pairs.count, by: Lanes.scalarCount).map {
            Array(pairs[$0..<min($0 + Lanes.scalarCount, pairs.count)])
        }
        @Sendable func score(_ group: [(r: Double, q: Double)]) -> [Double] {
            var r = Lanes(repeating: group.last?.r ?? 1), q = Lanes(repeating: group.last?.q ?? 1)
            for (lane, pair) in group.enumerated() {
                r[lane] = pair.r
                q[lane] = pair.q
            }
            var totals = Lanes(repeating: 0)
            for run in sample { totals = totals + negativeLogLikelihoods(run, r: r, q: q) }
            return (0..<group.count).map { totals[$0] }
        }
        guard threads > 1, groups.count > 1 else { return groups.flatMap(score) }
        let half = (groups.count + 1) / 2
        let later = Array(groups[half...])
        let scoredLater = SecondThread { later.flatMap(score) }
        let earlier = groups[..<half].flatMap(score)
        return earlier + scoredLater.join()
    }

    /// Forward filter only; sum over points of log|S| + innovation²/S for the two axes (constants dropped).
    static func negativeLogLikelihood(_ s: ArraySlice<CleaningSample>, r: Double, q: Double) -> Double {
        negativeLogLikelihoods(s, r: Lanes(repeating: r), q: Lanes(repeating: q))[0]
    }

    /// `negativeLogLikelihood` for one process noise per lane. Written for `SIMD16<Double>` rather than
    /// generically: the generic version, even specialized, took about 2.5 times as long.
    static func negativeLogLikelihoods(_ s: ArraySlice<CleaningSample>, r: Lanes, q: Lanes) -> Lanes {
        var base = s.startIndex
        var px = Lanes(repeating: s[base].x), vx = Lanes(repeating: 0)
        var py = Lanes(repeating: s[base].y), vy = Lanes(repeating: 0)
        var pp = r, pv = Lanes(repeating: 0), vv = Lanes(repeating: 100)
        var total = Lanes(repeating: 0)
        base += 1
        var previousTime = s[s.startIndex].t
        // The first few innovations mostly measure the unknown starting speed.
        var warmUp = 3
        // With a steady sampling interval the innovation variance settles to one value within a few dozen
        // steps; its logarithm, most of the cost of tuning, is then reused rather than recomputed.
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
}
