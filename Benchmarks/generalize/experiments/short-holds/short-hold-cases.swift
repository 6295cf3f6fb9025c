import Foundation
import Testing

@testable import TrackKit

// Short bursts on a straight, swept: not a test of the product (it asserts nothing), a table for
// `Benchmarks/generalize/experiments/short-holds/README.md`. Copy this file into Tests/TrackKitTests and run
// `swift test --filter ShortHoldCases`: it writes the table to TD_OUT (default /tmp/short-hold-cases.txt; a path it
// cannot write fails the run).
//
// Each case: a straight road walked (1.2 m/s), run (3 m/s) or ridden (9 m/s), a watch's noise, one fix a second; one
// burst taken up from second 149 over `rise` seconds as the benchmark's multipath generator takes one up
// (`SlowFallTests.DecayingBurst`), held until `held` seconds from the start of the rise while its offset wobbles by
// 15 % of itself over 5 s, then decaying as exp(-t / decay); `size` metres at `angle` degrees from the way. 972 cases:
// 3 sports x held 5, 8, 12, 16 s x rise 1, 2.5, 4 s x decay 2, 5, 8 s x 20, 35, 50 m x 90, 30, 200 degrees, in that
// order, seed 301 + the case's index. Printed for each: the bursts the cleaner reports, how far the cleaned points get
// from where the athlete truly was from 5 s before the burst to 5 s after its fall has settled, and how much longer
// the cleaned track is than the same track without the burst cleaned.
@Suite("Short hold cases (experiment)")
struct ShortHoldCases {
    static func worst(_ synthetic: SyntheticTrack, _ points: [TrackPoint], from: Double, to: Double) -> Double {
        points.compactMap { p -> Double? in
            let t = p.time!.timeIntervalSince(SyntheticTrack.start)
            guard t >= from, t <= to else { return nil }
            let q = SyntheticTrack.toLocal(p)
            let truth = SyntheticTrack.position(on: synthetic.path, at: synthetic.arcAtTime[p.time!]!)
            return hypot(q.x - truth.x, q.y - truth.y)
        }.max() ?? 0
    }

    static func length(_ points: [TrackPoint]) -> Double {
        let q = points.map(SyntheticTrack.toLocal)
        return zip(q, q.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    @Test func sweep() {
        var lines: [String] = []
        var index: UInt64 = 0
        let start = 150.0
        for (sport, speed) in [("walking", 1.2), ("running", 3.0), ("cycling", 9.0)] {
            for held in [5.0, 8, 12, 16] {
                for rise in [1.0, 2.5, 4] {
                    for decay in [2.0, 5, 8] {
                        for size in [20.0, 35, 50] {
                            for angle in [90.0, 30, 200] {
                                defer { index += 1 }
                                let seed = 301 + index
                                let seconds = start + held + 6 * decay + 150
                                let synthetic = SyntheticTrack(
                                    seed: seed, duration: seconds, interval: 1, noise: .watch, speed: { _ in speed },
                                    path: SlowFallTests.road(metres: Int(speed * seconds) + 50))
                                let a = angle * Double.pi / 180
                                let wobble = SlowFallTests.DecayingBurst.wobble(
                                    seed: seed &+ 7, seconds: Int(held + 6 * decay) + 4, sigma: 0.15, tau: 5)
                                let burst = SlowFallTests.DecayingBurst(
                                    start: start - 1, rise: rise, hold: held - rise, decay: decay,
                                    dx: size * cos(a), dy: size * sin(a), wobble: wobble)
                                var track = synthetic.track
                                track.sport = sport
                                track.segments = [SlowFallTests.inject([burst], into: synthetic.points)]
                                let (cleaned, report) = TrackCleaner.clean(track)
                                var clean = synthetic.track
                                clean.sport = sport
                                let (without, _) = TrackCleaner.clean(clean)
                                let left = Self.worst(synthetic, cleaned.segments[0], from: start - 5,
                                                      to: start + held + 6 * decay + 5)
                                let extra = Self.length(cleaned.segments[0]) - Self.length(without.segments[0])
                                let format = "%d %@ held %.0f rise %.1f decay %.0f size %.0f angle %.0f: "
                                    + "bursts %d worst %.1f extra %.1f"
                                lines.append(String(format: format, index, sport, held, rise, decay, size, angle,
                                                    report.bursts, left, extra))
                            }
                        }
                    }
                }
            }
        }
        let path = ProcessInfo.processInfo.environment["TD_OUT"] ?? "/tmp/short-hold-cases.txt"
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("the table could not be written to \(path): \(error)")
        }
    }
}
