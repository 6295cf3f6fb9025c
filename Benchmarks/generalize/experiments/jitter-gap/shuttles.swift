import Foundation
import Testing

@testable import TrackKit

/// Rests in a recording sparser than one fix a second (smart recording: a fix every 2 to 5 s): what the candidate of
/// `experiments/jitter-gap` (commit 9d1613c, `RestStops.find(jitterIntervals:)`) finds, against `jitterIntervals: 0`
/// (main's measure).
/// Not part of the test suite: copy into `Tests/TrackKitTests/` of that commit and run
/// `swift test --filter RestStopsSparseTests`; it prints what each finds and asserts nothing.
@Suite("Cleaning: rests in a sparse recording")
struct RestStopsSparseTests {
    /// `s` thinned as smart recording thins a track: after each fix kept, the next one 2 to 5 s later.
    static func smart(_ s: [CleaningSample], seed: UInt64) -> [CleaningSample] {
        var rng = SyntheticRandom(seed: seed &+ 1_000)
        var out: [CleaningSample] = []
        var next = 0.0
        for sample in s where sample.t >= next {
            out.append(sample)
            next = sample.t + Double(2 + Int(rng.uniform() * 4))
        }
        return out
    }

    @Test(arguments: Array(UInt64(1)...8))
    func explore(seed: UInt64) throws {  // prints LOUD, SHUTTLE (phone), WSHUTTLE (receiver), SWITCHBACK lines
        var rng = SyntheticRandom(seed: seed)
        func wander(sigma: Double, tau: Double) -> [Double] {
            let rho = exp(-1 / tau), drive = sigma * (1 - rho * rho).squareRoot()
            var e = sigma * rng.gaussian()
            return (0..<1300).map { _ in
                e = rho * e + drive * rng.gaussian()
                return e
            }
        }
        let quietX = wander(sigma: 2, tau: 30), quietY = wander(sigma: 2, tau: 30)
        let loudX = wander(sigma: 5, tau: 10), loudY = wander(sigma: 5, tau: 10)
        let all = (0..<1300).map { k in
            let t = Double(k)
            let (x, y) = t < 300 ? (1.2 * t, 0) : t < 1000 ? (360, 0) : (360, 1.2 * (t - 1000))
            let (ex, ey) = t < 600
                ? (quietX[k] + 0.5 * rng.gaussian(), quietY[k] + 0.5 * rng.gaussian())
                : (loudX[k] + 2 * rng.gaussian(), loudY[k] + 2 * rng.gaussian())
            return CleaningSample(source: k, t: t, x: x + ex, y: y + ey)
        }
        let s = Self.smart(all, seed: seed)
        func loudPart(_ rests: [RestStops.Rest]) -> Double {
            rests.reduce(0) { $0 + max(0, $1.end - max($1.start, 600)) }
        }
        let rests = RestStops.find(s, profile: .foot)
        let old = RestStops.find(s, profile: .foot, jitterIntervals: 0)
        func spans(_ rests: [RestStops.Rest]) -> [(Double, Double)] { rests.map { ($0.start, $0.end) } }
        print("LOUD seed \(seed) new \(loudPart(rests)) old \(loudPart(old)) span \(spans(rests))")
        func both(_ label: String, _ fixes: [CleaningSample]) {
            let candidate = RestStops.find(fixes, profile: .foot)
            let main = RestStops.find(fixes, profile: .foot, jitterIntervals: 0)
            print("\(label) seed \(seed) new \(spans(candidate)) old \(spans(main))")
        }
        for speed in [2.0, 3.0] {
            let path = RestStopsTests.shuttlesAfterARest(speed: speed)
            both("SHUTTLE speed \(speed)", Self.smart(
                RestStopsTests.phoneFixes(seed: seed, seconds: 1440, sigma: 4, tau: 30, path: path), seed: seed))
            both("WSHUTTLE speed \(speed)", Self.smart(
                RestStopsTests.fixes(seed: seed, seconds: 1440, path: path), seed: seed))
        }
        both("SWITCHBACK", Self.smart(RestStopsTests.phoneFixes(seed: seed, seconds: 1200, sigma: 4, tau: 30) { t in
            let leg = 30.0, rise = 5.0
            let legs = t / hypot(leg, rise)
            let along = legs - legs.rounded(.down)
            return (Int(legs) % 2 == 0 ? along * leg : (1 - along) * leg, legs * rise)
        }, seed: seed))
    }
}
