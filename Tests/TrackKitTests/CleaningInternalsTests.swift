import Foundation
import Testing

@testable import TrackKit

/// The cleaner's building blocks on their own: frame, sport profiles, noise estimate, smoother.
@Suite("Cleaning: building blocks")
struct CleaningInternalsTests {
    @Test func theLocalFrameInvertsExactly() {
        let frame = LocalFrame(latitude: 47.3663, longitude: 8.5415)
        for (lat, lon) in [(47.3663, 8.5415), (47.41, 8.49), (47.30, 8.60)] {
            let (x, y) = frame.project(latitude: lat, longitude: lon)
            let back = frame.unproject(x: x, y: y)
            #expect(abs(back.latitude - lat) < 1e-12 && abs(back.longitude - lon) < 1e-12)
        }
        // 0.01° of latitude is about 1,112 m in both measures.
        let (_, y) = frame.project(latitude: 47.3763, longitude: 8.5415)
        let haversine = LocalFrame.distance(
            TrackPoint(latitude: 47.3663, longitude: 8.5415), TrackPoint(latitude: 47.3763, longitude: 8.5415))
        #expect(abs(y - haversine) < 0.01)
        #expect(abs(haversine - 1_111.95) < 1)
    }

    @Test(arguments: [
        ("running", 12.0), ("Running", 12.0), ("TrailRun", 12.0), ("hiking", 12.0), ("Walk", 12.0),
        ("Biking", 30.0), ("cycling", 30.0), ("Ride", 30.0), ("MountainBikeRide", 30.0),
        ("Swim", 40.0), ("Other", 40.0), ("", 40.0),
    ])
    func sportsMapToTheirFastestPlausibleSpeed(sport: String, maxSpeed: Double) {
        #expect(SportProfile(sport: sport).maxSpeed == maxSpeed)
    }

    @Test func noSportIsTreatedAsUnknown() {
        #expect(SportProfile(sport: nil) == .unknown)
    }

    private func straightRun(noise: Double, seed: UInt64) -> (truth: [Double], samples: [CleaningSample]) {
        var random = SyntheticRandom(seed: seed)
        var truth: [Double] = []
        var samples: [CleaningSample] = []
        for k in 0..<600 {
            let x = 3.0 * Double(k)
            truth.append(x)
            samples.append(CleaningSample(
                source: k, t: Double(k), x: x + noise * random.gaussian(), y: noise * random.gaussian()))
        }
        return (truth, samples)
    }

    @Test func theNoiseEstimateFindsWhiteNoise() {
        let (_, samples) = straightRun(noise: 4, seed: 41)
        let sigma = NoiseEstimator.sigma(samples, gapSeconds: 60)
        #expect(abs(sigma - 4) < 0.8, "estimated \(sigma) m for 4 m")
    }

    @Test func theSmootherReducesNoiseOnAStraightRun() {
        let (truth, input) = straightRun(noise: 4, seed: 42)
        var samples = input
        let moved = KalmanSmoother.smooth(
            &samples, range: samples.indices, sigma: 4, accelerationNoise: 0.05, initialSpeed: 6)
        func rms(_ s: [CleaningSample]) -> Double {
            (zip(s, truth).map { ($0.x - $1) * ($0.x - $1) + $0.y * $0.y }.reduce(0, +) / Double(s.count)).squareRoot()
        }
        #expect(moved > 500)
        #expect(rms(samples) < 0.4 * rms(input), "rms \(rms(input)) m became \(rms(samples)) m")
        #expect(samples.allSatisfy { $0.moved })
        #expect(zip(samples, input).allSatisfy { $0.t == $1.t && $0.source == $1.source })
    }

    @Test func tuningPrefersLittleProcessNoiseForASteadyRun() {
        let (_, samples) = straightRun(noise: 4, seed: 43)
        let tuned = KalmanSmoother.tune([samples[...]], sigma: 4, maxAccelerationNoise: 1)
        #expect(tuned.accelerationNoise <= 0.05)
        #expect(abs(tuned.sigma - 4) <= 2.5)
    }

    @Test func theLongestOrderedSubsequenceSkipsABackwardJump() {
        let times: [Double] = [0, 1, 2, 3, -50, 4, 5, 4.5, 6]
        let kept = TimestampRepair.longestNonDecreasing(times)
        #expect(kept == [0, 1, 2, 3, 5, 7, 8] || kept == [0, 1, 2, 3, 5, 6, 8])
    }
}
