import Foundation
import Testing

@testable import TrackKit

/// The smoothing's wander model phased in over a band of its gain per point (`KalmanSmoother.wanderWeight`), not
/// switched on at one value.
@Suite("Cleaning: the wander model phased in")
struct WanderPhaseTests {
    /// 600 fixes a second apart along a straight at 3 m/s, each off by a first-order Gauss–Markov wander of `wander`
    /// metres over `tau` seconds per axis and white noise of `white` metres.
    private func wanderingRun(wander: Double, tau: Double, white: Double, seed: UInt64) -> [CleaningSample] {
        var random = SyntheticRandom(seed: seed)
        let phi = exp(-1 / tau), drive = wander * (1 - phi * phi).squareRoot()
        var bx = wander * random.gaussian(), by = wander * random.gaussian()
        return (0..<600).map { k in
            bx = phi * bx + drive * random.gaussian()
            by = phi * by + drive * random.gaussian()
            return CleaningSample(
                source: k, t: Double(k), x: 3 * Double(k) + bx + white * random.gaussian(), y: by + white * random.gaussian())
        }
    }

    /// The white-noise model's fit of `s` and the wander model's (nil when it gains 0.05 a point or less).
    private func fits(_ s: [CleaningSample]) -> (
        white: (sigma: Double, accelerationNoise: Double),
        wander: (sigma: Double, accelerationNoise: Double, wander: Wander, weight: Double)?
    ) {
        let sigma = NoiseEstimator.sigma(s, gapSeconds: 60)
        let plain = KalmanSmoother.tune([s[...]], sigma: sigma, maxAccelerationNoise: 1)
        let wandering = KalmanSmoother.tuneWander(
            [s[...]], sigma: plain.sigma, accelerationNoise: plain.accelerationNoise, maxAccelerationNoise: 1,
            estimatedNoise: sigma)
        return ((plain.sigma, plain.accelerationNoise), wandering)
    }

    private func length(_ s: [CleaningSample]) -> Double {
        zip(s, s.dropFirst()).reduce(0) { $0 + (($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot() }
    }

    @Test func nothingUpToTheBandAllFromItsTopInProportionBetween() {
        #expect(KalmanSmoother.wanderBlendLow == KalmanSmoother.wanderGainPerPoint)
        #expect(KalmanSmoother.wanderWeight(gainPerPoint: -0.3) == 0)
        #expect(KalmanSmoother.wanderWeight(gainPerPoint: 0.05) == 0)
        #expect(KalmanSmoother.wanderWeight(gainPerPoint: 0.12) == 1)
        #expect(KalmanSmoother.wanderWeight(gainPerPoint: 0.9) == 1)
        #expect(abs(KalmanSmoother.wanderWeight(gainPerPoint: 0.085) - 0.5) < 1e-12)
        var last = 0.0
        for step in 0...300 {
            let weight = KalmanSmoother.wanderWeight(gainPerPoint: Double(step) * 0.001)
            #expect(weight >= last && weight <= 1, "weight \(weight) at \(Double(step) * 0.001) after \(last)")
            last = weight
        }
    }

    /// White noise alone draws no wander; a wander of 1.5 m over 20 s under 1.5 m of white noise explains the fixes
    /// only a little better and is taken in part; one of 3 m is taken whole.
    @Test func aWanderThatShowsALittleIsTakenInPart() throws {
        #expect(fits(wanderingRun(wander: 0, tau: 20, white: 1.5, seed: 1)).wander == nil)
        let part = try #require(fits(wanderingRun(wander: 1.5, tau: 20, white: 1.5, seed: 1)).wander)
        #expect(part.weight > 0.2 && part.weight < 0.9, "weight \(part.weight)")
        let whole = try #require(fits(wanderingRun(wander: 3, tau: 20, white: 1.5, seed: 1)).wander)
        #expect(whole.weight == 1)
    }

    /// The mix of a run smoothed under each model puts every fix on the line between its two smoothed positions, at
    /// the weight's share of the way, and is no longer than the run or than the longer of the two smoothed runs.
    @Test func theMixLiesBetweenTheTwoModelsTracks() throws {
        let run = wanderingRun(wander: 1.5, tau: 20, white: 1.5, seed: 1)
        let fitted = fits(run)
        let wandering = try #require(fitted.wander)
        let inner = 100..<500
        var white = Array(run[inner]), wandered = white
        KalmanSmoother.smooth(
            &white, range: white.indices, sigma: fitted.white.sigma, accelerationNoise: fitted.white.accelerationNoise,
            initialSpeed: 6)
        KalmanSmoother.smooth(
            &wandered, range: wandered.indices, sigma: wandering.sigma, accelerationNoise: wandering.accelerationNoise,
            wander: wandering.wander, initialSpeed: 6)
        let apart = zip(white, wandered).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }
        #expect(apart.max()! > 0.5, "the two models' tracks differ by \(apart.max()!) m at most")
        for weight in [0.0, wandering.weight, 1.0] {
            var mixed = run
            let moved = KalmanSmoother.mix(&mixed, range: inner, white: white, wander: wandered, weight: weight)
            #expect(moved > 300)
            #expect(zip(mixed, run).enumerated().allSatisfy { i, pair in inner.contains(i) || (pair.0.x == pair.1.x && pair.0.y == pair.1.y) })
            for (k, i) in inner.enumerated() {
                let ex = white[k].x + weight * (wandered[k].x - white[k].x)
                let ey = white[k].y + weight * (wandered[k].y - white[k].y)
                if mixed[i].moved {
                    #expect(abs(mixed[i].x - ex) < 1e-9 && abs(mixed[i].y - ey) < 1e-9)
                } else {  // within `smallestShift` of where it was, it stays as recorded
                    #expect(mixed[i].x == run[i].x && mixed[i].y == run[i].y)
                    #expect(((ex - run[i].x) * (ex - run[i].x) + (ey - run[i].y) * (ey - run[i].y)).squareRoot()
                        <= KalmanSmoother.smallestShift + 1e-12)
                }
                #expect(mixed[i].t == run[i].t && mixed[i].source == run[i].source)
            }
            let mixedLength = length(Array(mixed[inner]))
            #expect(mixedLength <= length(Array(run[inner])))
            #expect(mixedLength <= max(length(white), length(wandered)) + 1e-9)
        }
    }
}
