import Foundation
import Testing

@testable import TrackKit

/// What `RestStops.moving` sees in the unit cases, printed (it asserts nothing, and is not part of the suite): copy it
/// into `Tests/TrackKitTests/` and run `swift test --filter MotionCases`. At `84508cc`, with `smooth-ratio.patch`
/// applied, its switches try the variants (`TD_MC=1.0 TD_MAXIS=0.5 swift test --filter MotionCases`; README.md).
/// A device at rest ten minutes under eleven phone wanders (sigma/tau/white, eight seeds each): the largest share of
/// the rest's fixes seen moving, on how many seeds the rests found differ from those without the check, and the
/// seconds of rest that costs; the same for three fast wanders the device smooths. A receiver at rest and walking:
/// the share seen moving. Ten minutes of shuttles beside a rest (`RestMotionTests.shuttles`) along 10, 15 and 20 m at
/// 2 and 3 m/s under a receiver's error and two phones': the share of the shuttles' fixes seen moving on each of six
/// seeds, and the seconds of them the rest takes, with the check and without it.
@Suite struct MotionCases {
    static func f2(_ x: Double) -> String { String(format: "%.2f", x) }

    /// A ten-minute rest under a wander (sigma/tau/white), smoothed by the device with `weight` on the newest fix (1:
    /// not smoothed), over eight seeds: the largest share of its fixes seen moving, on how many seeds the rests found
    /// differ from those without the check, and the seconds of rest lost.
    static func rest(sigma: Double, tau: Double, white: Double, weight: Double) -> String {
        var most = 0.0, differing = 0, lost = 0.0
        for seed in UInt64(1)...8 {
            let raw = RestStopsTests.phoneFixes(
                seed: seed, seconds: 1200, sigma: sigma, tau: tau, white: white, path: RestStopsTests.tenMinuteRest)
            let s = weight < 1 ? RestMotionTests.smoothed(raw, weight: weight) : raw
            most = max(most, RestMotionTests.share(RestStops.moving(s), s, from: 300, to: 900))
            let checked = RestStops.find(s, profile: .foot)
            let unchecked = RestStops.find(s, profile: .foot, motion: false)
            if checked != unchecked {
                differing += 1
                lost += RestMotionTests.within(unchecked, from: 300, to: 900)
                    - RestMotionTests.within(checked, from: 300, to: 900)
            }
        }
        return " \(Int(sigma))/\(Int(tau))/\(white): \(Self.f2(most)) (\(differing), \(Int(lost)) s)"
    }

    @Test func print() {
        var line = "at rest, phones (largest share moving, seeds differing, seconds lost):"
        let wanders = [(8.0, 5.0, 2.0), (4.0, 5.0, 1.0), (6.0, 10.0, 3.0), (6.0, 20.0, 1.0), (2.0, 30.0, 0.5),
                       (4.0, 30.0, 1.0), (8.0, 120.0, 3.0), (3.0, 60.0, 1.0), (5.0, 2.0, 1.0), (10.0, 10.0, 1.0),
                       (1.0, 5.0, 1.5)]
        for (sigma, tau, white) in wanders { line += Self.rest(sigma: sigma, tau: tau, white: white, weight: 1) }
        Swift.print(line)
        var smoothed = "at rest, fast wanders the device smooths (weight 0.3; the same three figures):"
        for (sigma, white) in [(5.0, 1.0), (8.0, 2.0), (3.0, 1.0)] {
            smoothed += Self.rest(sigma: sigma, tau: 5, white: white, weight: 0.3)
        }
        Swift.print(smoothed)
        var receiver = "at rest / walking, receiver (share moving):"
        for seed in UInt64(1)...6 {
            let s = RestStopsTests.fixes(seed: seed, seconds: 1200, path: RestStopsTests.tenMinuteRest)
            let moving = RestStops.moving(s)
            receiver += " \(Self.f2(RestMotionTests.share(moving, s, from: 300, to: 900)))"
                + "/\(Self.f2(RestMotionTests.share(moving, s, from: 0, to: 290)))"
        }
        Swift.print(receiver)
        let errors: [(String, (UInt64, @escaping (Double) -> (Double, Double)) -> [CleaningSample])] = [
            ("receiver 5/10/0.3", { RestStopsTests.fixes(seed: $0, seconds: 1440, path: $1) }),
            ("phone 4/30/1", {
                RestStopsTests.phoneFixes(seed: $0, seconds: 1440, sigma: 4, tau: 30, white: 1, path: $1)
            }),
            ("phone 2/30/0.5", {
                RestStopsTests.phoneFixes(seed: $0, seconds: 1440, sigma: 2, tau: 30, white: 0.5, path: $1)
            }),
        ]
        for (name, make) in errors {
            for length in [10.0, 15.0, 20.0] {
                for speed in [2.0, 3.0] {
                    var shares = "", taken = ""
                    for seed in UInt64(1)...6 {
                        let s = make(seed, RestMotionTests.shuttles(length: length, speed: speed))
                        shares += " " + Self.f2(RestMotionTests.share(RestStops.moving(s), s, from: 560, to: 1120))
                        let checked = RestMotionTests.within(RestStops.find(s, profile: .foot), from: 540, to: 1140)
                        let unchecked = RestMotionTests.within(
                            RestStops.find(s, profile: .foot, motion: false), from: 540, to: 1140)
                        taken += " \(Int(checked))/\(Int(unchecked))"
                    }
                    Swift.print(
                        "\(name), \(Int(length)) m at \(Int(speed)) m/s: moving\(shares); taken (checked/not):\(taken)")
                }
            }
        }
    }
}
