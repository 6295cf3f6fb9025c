import Foundation
import Testing

@testable import TrackKit

/// The tuning runs its candidate (measurement noise, process noise) pairs side by side in SIMD lanes, 16 at a
/// time, on one or two threads; every lane must score exactly what that pair's filter scores alone, whatever
/// its neighbours, its lane and its thread, or the chosen noise (and every cleaned track) would drift.
@Suite struct TuningLanesTests {
    private static func samples(count: Int, interval: Double, seed: UInt64) -> [CleaningSample] {
        var random = SyntheticRandom(seed: seed)
        var x = 0.0, y = 0.0, heading = 0.0
        return (0..<count).map { k in
            heading += 0.05 * random.gaussian()
            x += 3 * interval * cos(heading)
            y += 3 * interval * sin(heading)
            // Uneven steps now and then, as real loggers have.
            let t = Double(k) * interval + (k % 17 == 0 ? 0.4 : 0)
            return CleaningSample(source: k, t: t, x: x + 3 * random.gaussian(), y: y + 3 * random.gaussian())
        }
    }

    @Test(arguments: [(1.0, UInt64(1)), (10.0, 2), (1.0, 3)])
    func everyLaneScoresWhatTheSingleFilterScores(interval: Double, seed: UInt64) {
        let run = Self.samples(count: 3_000, interval: interval, seed: seed)
        let sample = [run[0..<1_200], run[1_200...]]
        // More candidates than lanes, so the second chunk of 16 is checked too.
        let candidates = KalmanSmoother.accelerationCandidates + [0.0005, 0.003, 0.03, 0.07, 0.3, 0.7, 3, 7, 10]
        // Pairs of measurement and process noise, as the tuning forms them (measurement noise outermost).
        let pairs = [0.5, 9.0, 64.0].flatMap { r in candidates.map { (r: r, q: $0) } }
        let single = pairs.map { pair in
            sample.reduce(0) { $0 + KalmanSmoother.negativeLogLikelihood($1, r: pair.r, q: pair.q) }
        }
        for threads in [1, 2] {
            let lanes = KalmanSmoother.laneScores(sample, pairs: pairs, threads: threads)
            #expect(lanes == single, "\(threads) threads")
        }
    }

    /// The wander search, likewise: each lane scores what its candidate's filter scores alone.
    @Test(arguments: [(1.0, UInt64(4)), (10.0, 5)])
    func everyWanderLaneScoresWhatTheSingleFilterScores(interval: Double, seed: UInt64) {
        let run = Self.samples(count: 3_000, interval: interval, seed: seed)
        let sample = [run[0..<1_200], run[1_200...]]
        let candidates = KalmanSmoother.wanderSigmas.flatMap { sigma in
            KalmanSmoother.wanderTaus.map { tau in
                KalmanSmoother.WanderCandidate(r: sigma < 4 ? 0.5 : 9, q: tau < 20 ? 0.05 : 1, wander: Wander(sigma: sigma, tau: tau))
            }
        }
        let single = candidates.map { candidate in
            sample.reduce(0) {
                $0 + KalmanSmoother.negativeLogLikelihood($1, r: candidate.r, q: candidate.q, wander: candidate.wander)
            }
        }
        #expect(KalmanSmoother.wanderScores(sample, candidates) == single)
    }
}
