// The unit cases of README.md: shuttles beside a rest (`RestMotionTests.shuttles`: a walk, a four-minute rest, ten
// minutes of shuttles, a walk) under three errors, six seeds each; for each, the stop collapser's radius for the fixes'
// noise, how many of the shuttles' fixes (540 to 1,140 s) and of the rest's (300 to 540 s) a collapser blind to motion
// and one given the fixes seen moving leave out, and the share of the shuttles' fixes seen moving.
// With TD_CASES_OUT=<folder>, each case is also written there as a GPX file, for the benchmark's cleaning drivers.
// Run: apply variants.patch, copy this file into Tests/TrackKitTests, `TD_SX=1 swift test --filter StopCases`.
import Foundation
import Testing

@testable import TrackKit

@Suite struct StopCases {
    @Test func shuttlesBesideARest() throws {
        let out = ProcessInfo.processInfo.environment["TD_CASES_OUT"]
        let errors = [("receiver", (5.0, 10.0, 0.3)), ("quiet", (2.0, 30.0, 0.5)), ("phone", (4.0, 30.0, 1.0))]
        for (label, noise) in errors {
            for length in [10.0, 15.0, 20.0, 30.0] {
                for speed in [2.0, 3.0] {
                    var line = "\(label) along \(Int(length)) m at \(Int(speed)) m/s:"
                    for seed in UInt64(1)...6 {
                        let s = RestStopsTests.phoneFixes(
                            seed: seed, seconds: 1440, sigma: noise.0, tau: noise.1, white: noise.2,
                            path: RestMotionTests.shuttles(length: length, speed: speed))
                        let radius = StopCollapser.radius(
                            forNoise: NoiseEstimator.sigma(s, gapSeconds: CleaningOptions().gapSeconds))
                        let moving = RestStops.moving(s)
                        func left(_ out: [CleaningSample], _ from: Double, _ to: Double) -> Int {
                            let kept = Set(out.map(\.source))
                            return s.filter { $0.t >= from && $0.t < to && !kept.contains($0.source) }.count
                        }
                        let blind = StopCollapser.collapse(
                            s, radius: radius, profile: .foot, athleteSpeed: 1.5, topSpeed: 4).samples
                        let seen = StopCollapser.collapse(
                            s, radius: radius, profile: .foot, athleteSpeed: 1.5, topSpeed: 4, moving: moving).samples
                        let share = RestMotionTests.share(moving, s, from: 560, to: 1120)
                        line += " [radius \(String(format: "%.1f", radius)) shuttles \(left(blind, 540, 1140))"
                            + "->\(left(seen, 540, 1140)) rest \(left(blind, 300, 540))->\(left(seen, 300, 540))"
                            + " moving \(String(format: "%.2f", share))]"
                        if let out {
                            let name = "\(label)-\(Int(length))-\(Int(speed))-\(seed).gpx"
                            try GPXWriter.write(DenseRecordingTests.track(s))
                                .write(to: URL(fileURLWithPath: out).appendingPathComponent(name))
                        }
                    }
                    print(line)
                }
            }
        }
    }
}
