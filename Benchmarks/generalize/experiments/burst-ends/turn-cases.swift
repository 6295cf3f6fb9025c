import Foundation
import Testing

@testable import TrackKit

// Bursts with one end in a turn, swept: not a test of the product (it asserts nothing), a table for
// `Benchmarks/generalize/experiments/burst-ends/README.md`. Run with `variants.patch` applied and this file copied into
// Tests/TrackKitTests: `swift test --filter TurnCases` writes the table to TD_OUT (default /tmp/turn-cases.txt; a path
// it cannot write fails the run); with TD_TURN=1 set the filter reads the other end of a clear jump as a turn
// (`BurstFilter+Turns.swift`).
//
// Each case: two straight legs, 400 m and then turned by the path's angle; one burst of 30 m (to either side), taken
// up in 2 s and decaying as exp(-t / decay) after its hold, as the benchmark's multipath generator makes them
// (`SlowFallTests.DecayingBurst`). "exit": the hold (26 s) ends 2 s before the athlete reaches the turn, so the fall
// crosses it; "entry": the burst is taken up 1 s before the turn and held 25 s on the second leg. Three seeds each, a
// watch's noise, one fix a second. Printed: bursts the cleaner reports and how far the cleaned points get from where
// the athlete truly was (not from the nearest part of the path: a switchback's other leg passes close by).
@Suite("Turn cases (experiment)")
struct TurnCases {
    static func bend(first: Int, degrees: Double, second: Int) -> [(x: Double, y: Double)] {
        let heading = degrees * Double.pi / 180
        var path = (0...first).map { (Double($0), 0.0) }
        for k in 1...second { path.append((Double(first) + Double(k) * cos(heading), Double(k) * sin(heading))) }
        return path
    }

    static func worst(_ synthetic: SyntheticTrack, _ points: [TrackPoint], from: Double, to: Double) -> Double {
        points.compactMap { p -> Double? in
            let t = p.time!.timeIntervalSince(SyntheticTrack.start)
            guard t >= from, t <= to else { return nil }
            let q = SyntheticTrack.toLocal(p)
            let truth = SyntheticTrack.position(on: synthetic.path, at: synthetic.arcAtTime[p.time!]!)
            return hypot(q.x - truth.x, q.y - truth.y)
        }.max() ?? 0
    }

    @Test func sweep() {
        var lines: [String] = []
        let paths = [("switchback", 1.2, 150.0), ("corner-walk", 1.2, 90.0), ("corner-run", 3.0, 90.0), ("hairpin-ride", 9.0, 150.0)]
        for (name, speed, degrees) in paths {
            let turnAt = 400 / speed
            for decay in [2.0, 5.0, 8.0] {
                for (k, side) in [1.0, -1.0].enumerated() {
                    for seed in UInt64(201)...203 {
                        let synthetic = SyntheticTrack(
                            seed: seed &+ UInt64(k * 10), duration: turnAt + 300, interval: 1, noise: .watch,
                            speed: { _ in speed }, path: Self.bend(first: 400, degrees: degrees, second: 2000))
                        var track = synthetic.track
                        track.sport = speed < 2 ? "walking" : speed < 5 ? "running" : "cycling"
                        let exit = SlowFallTests.DecayingBurst(
                            start: turnAt - 30, rise: 2, hold: 26, decay: decay, dx: 0, dy: 30 * side)
                        track.segments = [SlowFallTests.inject([exit], into: synthetic.points)]
                        let (out, report) = TrackCleaner.clean(track)
                        let raw = Self.worst(synthetic, track.segments[0], from: turnAt - 35, to: turnAt + 6 * decay + 5)
                        let left = Self.worst(synthetic, out.segments[0], from: turnAt - 35, to: turnAt + 6 * decay + 5)
                        lines.append(String(format: "exit %@ decay %.0f side %+.0f seed %d: bursts %d worst %.1f raw %.1f",
                                            name, decay, side, seed, report.bursts, left, raw))
                        let entry = SlowFallTests.DecayingBurst(
                            start: turnAt - 1, rise: 2, hold: 25, decay: decay, dx: 30 * side, dy: 0)
                        track.segments = [SlowFallTests.inject([entry], into: synthetic.points)]
                        let (out2, report2) = TrackCleaner.clean(track)
                        let left2 = Self.worst(synthetic, out2.segments[0], from: turnAt - 5, to: turnAt + 27 + 6 * decay)
                        lines.append(String(format: "entry %@ decay %.0f side %+.0f seed %d: bursts %d worst %.1f",
                                            name, decay, side, seed, report2.bursts, left2))
                    }
                }
            }
        }
        let path = ProcessInfo.processInfo.environment["TD_OUT"] ?? "/tmp/turn-cases.txt"
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("the table could not be written to \(path): \(error)")
        }
    }
}
