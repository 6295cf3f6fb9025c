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

    /// White noise alone gives the wander model nothing to explain: the plain smoother stays.
    @Test func whiteNoiseIsNotTakenForAWander() {
        let (_, samples) = straightRun(noise: 4, seed: 43)
        let sigma = NoiseEstimator.sigma(samples, gapSeconds: 60)
        let plain = KalmanSmoother.tune([samples[...]], sigma: sigma, maxAccelerationNoise: 1)
        let wandering = KalmanSmoother.tuneWander(
            [samples[...]], sigma: plain.sigma, accelerationNoise: plain.accelerationNoise, maxAccelerationNoise: 1,
            estimatedNoise: sigma)
        #expect(wandering == nil, "took \(String(describing: wandering)) for 4 m of white noise")
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

    /// The smoother keeps only the filtered state and covariance and recomputes the rest on the way back; it
    /// must give what the textbook Rauch–Tung–Striebel smoother, which stores every prediction, gives.
    @Test(arguments: [(SyntheticNoise.phone, 10.0, UInt64(61)), (SyntheticNoise.watch, 1.0, UInt64(62))])
    func theLeanSmootherMatchesTheTextbookOne(noise: SyntheticNoise, interval: Double, seed: UInt64) throws {
        let synthetic = SyntheticTrack(seed: seed, duration: 1800, interval: interval, noise: noise)
        let frame = LocalFrame(latitude: synthetic.points[0].latitude, longitude: synthetic.points[0].longitude)
        let input = synthetic.points.indices.map { i in
            let p = synthetic.points[i]
            let (x, y) = frame.project(latitude: p.latitude, longitude: p.longitude)
            return CleaningSample(source: i, t: p.time!.timeIntervalSinceReferenceDate, x: x, y: y)
        }
        let sigma = 4.0, q = 0.1, initialSpeed = 6.0
        var lean = input
        let moved = KalmanSmoother.smooth(
            &lean, range: lean.indices, sigma: sigma, accelerationNoise: q, initialSpeed: initialSpeed)
        try #require(moved > input.count / 2)
        let reference = textbookSmoother(input, sigma: sigma, q: q, initialSpeed: initialSpeed)
        let worst = zip(lean, reference).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? .infinity
        #expect(worst <= 1e-9, "largest difference \(worst) m")
    }

    /// Forward filter storing every prediction, then the backward pass over the stored arrays.
    private func textbookSmoother(
        _ s: [CleaningSample], sigma: Double, q: Double, initialSpeed: Double
    ) -> [(x: Double, y: Double)] {
        typealias State = (x: Double, vx: Double, y: Double, vy: Double)
        let n = s.count, r = sigma * sigma
        var filtered = [KalmanSmoother.Covariance](repeating: .init(pp: 0, pv: 0, vv: 0), count: n)
        var predicted = filtered
        var fs = [State](repeating: (0, 0, 0, 0), count: n), ps = fs
        filtered[0] = .init(pp: r, pv: 0, vv: initialSpeed * initialSpeed)
        fs[0] = (s[0].x, 0, s[0].y, 0)
        for k in 1..<n {
            let dt = s[k].t - s[k - 1].t
            let f = fs[k - 1]
            ps[k] = (f.x + dt * f.vx, f.vx, f.y + dt * f.vy, f.vy)
            let ix = s[k].x - ps[k].x, iy = s[k].y - ps[k].y
            let stepQ = KalmanSmoother.manoeuvreProcessNoise(filtered[k - 1], dt: dt, q: q, r: r, ix: ix, iy: iy)
            let c = filtered[k - 1]
            let p = KalmanSmoother.Covariance(
                pp: c.pp + 2 * dt * c.pv + dt * dt * c.vv + stepQ * dt * dt * dt / 3,
                pv: c.pv + dt * c.vv + stepQ * dt * dt / 2, vv: c.vv + stepQ * dt)
            predicted[k] = p
            let gainP = p.pp / (p.pp + r), gainV = p.pv / (p.pp + r)
            fs[k] = (ps[k].x + gainP * ix, ps[k].vx + gainV * ix, ps[k].y + gainP * iy, ps[k].vy + gainV * iy)
            filtered[k] = .init(pp: (1 - gainP) * p.pp, pv: (1 - gainP) * p.pv, vv: p.vv - gainV * p.pv)
        }
        var sm = fs
        for k in stride(from: n - 2, through: 0, by: -1) {
            let dt = s[k + 1].t - s[k].t
            let f = filtered[k], p = predicted[k + 1]
            let det = p.pp * p.vv - p.pv * p.pv
            guard det > 0 else { continue }
            let a00 = f.pp + dt * f.pv, a01 = f.pv, a10 = f.pv + dt * f.vv, a11 = f.vv
            let i00 = p.vv / det, i01 = -p.pv / det, i11 = p.pp / det
            let c00 = a00 * i00 + a01 * i01, c01 = a00 * i01 + a01 * i11
            let c10 = a10 * i00 + a11 * i01, c11 = a10 * i01 + a11 * i11
            let dx = sm[k + 1].x - ps[k + 1].x, dvx = sm[k + 1].vx - ps[k + 1].vx
            let dy = sm[k + 1].y - ps[k + 1].y, dvy = sm[k + 1].vy - ps[k + 1].vy
            sm[k] = (fs[k].x + c00 * dx + c01 * dvx, fs[k].vx + c10 * dx + c11 * dvx,
                     fs[k].y + c00 * dy + c01 * dvy, fs[k].vy + c10 * dy + c11 * dvy)
        }
        return sm.map { ($0.x, $0.y) }
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
