import Foundation
import Testing

@testable import TrackKit

/// How much of ten minutes of shuttle runs, straight after a four-minute rest in the same place, main's
/// `RestStops.find` takes into a rest: shuttles along 10, 15 and 20 m at 2 and 3 m/s, fixes every second, under a
/// receiver's smooth error (`RestStopsTests.fixes`) and a phone's 4 m wander over 30 s (`RestStopsTests.phoneFixes`),
/// eight seeds each. Not part of the test suite: copy into `Tests/TrackKitTests/` and run
/// `swift test --filter ShuttleLengths`; it prints one line per case and asserts nothing.
@Suite struct ShuttleLengths {
    @Test(arguments: [10.0, 15.0, 20.0]) func shuttles(length: Double) {
        for seed in UInt64(1)...8 {
            for speed in [2.0, 3.0] {
                let path: (Double) -> (Double, Double) = { t in
                    if t < 300 { return (1.2 * t, 0) }
                    if t < 540 { return (360, 0) }
                    guard t < 1140 else { return (360, 1.2 * (t - 1140)) }
                    let u = (speed * (t - 540)).truncatingRemainder(dividingBy: 2 * length)
                    return (360 + (u < length ? u : 2 * length - u), 0)
                }
                let cases = [
                    ("receiver", RestStopsTests.fixes(seed: seed, seconds: 1440, path: path)),
                    ("phone", RestStopsTests.phoneFixes(seed: seed, seconds: 1440, sigma: 4, tau: 30, path: path)),
                ]
                for (label, fixes) in cases {
                    let rests = RestStops.find(fixes, profile: .foot)
                    let inside = rests.reduce(0.0) { $0 + max(0, min($1.end, 1140) - max($1.start, 540)) }
                    print("SHUTTLES \(length) m \(label) \(speed) m/s seed \(seed): \(inside) s in rests")
                }
            }
        }
    }
}
