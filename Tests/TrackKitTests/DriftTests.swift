import Foundation
import Testing

@testable import TrackKit

/// Drifts that end in a jump: a phone's fused location coasts on dead reckoning, its fixes moving away from the
/// athlete at an even rate, and jumps back once it has a satellite fix again.
@Suite("Cleaning: drifts that end in a jump")
struct DriftTests {
    /// What a fused location provider writes: little white noise (it smooths its fixes) and a slow wander.
    static let fused = SyntheticNoise(correlatedMeters: 1.5, correlationSeconds: 60, whiteMeters: 0.5, spikeProbability: 0)

    /// Four drifts across the way (to the left, then right, ...) at 0.6–1.0 m/s for 20–40 s, each ending in a jump
    /// back, where the loop runs straight from 10 s before the drift to 20 s after its jump (the first such place
    /// from each start on). A drift is an `InjectedBurst` that rises over its whole length and falls in one second.
    static func fourDrifts(across synthetic: SyntheticTrack) -> [BurstTests.InjectedBurst] {
        let shapes: [(start: Double, seconds: Double, rate: Double)] = [(450, 30, 1.0), (1200, 40, 0.6), (2000, 20, 1.0), (2850, 35, 0.8)]
        return shapes.enumerated().map { index, shape in
            var start = shape.start
            while !BurstTests.straight(synthetic, from: start - 10, to: start + shape.seconds + 20) { start += 10 }
            var drift = BurstTests.across(
                synthetic, start: start + shape.seconds, rise: shape.seconds, hold: 0, fall: 1, size: shape.rate * shape.seconds,
                toTheLeft: index % 2 == 0)
            drift.start = start
            return drift
        }
    }

    /// A walk and a run recorded every second, and a walk recorded smartly (`smart`), with a fused provider's noise,
    /// through four drifts. Without the drift pass (run both ways) the track strayed 22.4, 24.5 and 24.2 m from the
    /// path and came out +0.51, +2.10 and +0.54 % long; with it, 5.0, 22.5 and 7.5 m and −0.19, +0.70 and −0.15 %
    /// (4, 3 and 4 drifts found; the smart walk's fourth is left). A runner recorded every 5 s can cover a drift's
    /// jump in one interval, so it cannot be told from their own motion there, and is left (1 of 4 found).
    @Test(arguments: [(UInt64(41), 1.2, false, 4, 10.0, 0.004), (42, 1.2, true, 3, 25, 0.01), (43, 3.0, false, 4, 10, 0.004)])
    func aDriftThatEndsInAJumpIsTakenOut(seed: UInt64, speed: Double, smart: Bool, found: Int, stray: Double, limit: Double) {
        let synthetic = SyntheticTrack(seed: seed, duration: 3600, interval: 1, noise: Self.fused, speed: { _ in speed })
        var track = synthetic.track
        track.sport = speed < 2 ? "walking" : "running"
        let sample: ([TrackPoint]) -> [TrackPoint] = { smart ? BurstTests.smartRecording($0) : $0 }
        let clean = BurstTests.pathLength(synthetic, at: sample(synthetic.points))
        track.segments = [sample(BurstTests.inject(Self.fourDrifts(across: synthetic), into: synthetic.points))]
        let (cleaned, report) = TrackCleaner.clean(track)
        let out = cleaned.segments[0]
        let error = (SyntheticTrack.length(out) - clean) / clean
        #expect(report.drifts >= found, "seed \(seed): \(report.drifts) drifts found")
        #expect(report.bursts == 0, "seed \(seed): a drift was taken for a burst")
        #expect(synthetic.maxDeviation(of: out) <= stray, "seed \(seed): a point strays \(synthetic.maxDeviation(of: out)) m")
        #expect(abs(error) <= limit, "seed \(seed): distance error \(error)")
        #expect(out.count == track.segments[0].count, "seed \(seed): points were removed")
    }

    /// A drift while the athlete stands still (the phone coasts at 1 m/s for 25 s during a five-minute stop, then
    /// jumps back): taken out, so the stop stays a stop. Without the drift pass the track strayed 17.3 m and came out
    /// 1.49 % long; with it, 5.2 m and −0.17 %.
    @Test func aDriftDuringAStopIsTakenOut() {
        let synthetic = SyntheticTrack(
            seed: 45, duration: 2400, interval: 1, noise: Self.fused, speed: { _ in 1.2 }, stop: (at: 1200, seconds: 300))
        var track = synthetic.track
        track.sport = "walking"
        let drift = BurstTests.InjectedBurst(start: 1300, rise: 25, hold: 0, fall: 1, dx: 15, dy: -20)
        track.segments = [BurstTests.inject([drift], into: synthetic.points)]
        let (cleaned, report) = TrackCleaner.clean(track)
        let out = cleaned.segments[0]
        let error = (SyntheticTrack.length(out) - synthetic.trueLength) / synthetic.trueLength
        #expect(report.drifts == 1, "\(report.drifts) drifts found")
        #expect(synthetic.maxDeviation(of: out) <= 8, "a point strays \(synthetic.maxDeviation(of: out)) m")
        #expect(abs(error) <= 0.005, "distance error \(error)")
    }

    /// The ramp the drift pass takes out: from nothing where the drift starts to the whole jump at the jump, on the
    /// side the drift came from; a fix beyond the drift is not moved.
    @Test func theRampRunsFromTheDriftsStartToTheJump() {
        let samples = (0..<100).map { CleaningSample(source: $0, t: Double($0), x: Double($0), y: 0) }
        let anchor = BurstFilter.Anchor(t: 0, x: 0, y: 0, vx: 1, vy: 0)
        let jump = BurstFilter.Jump(last: 60, first: 61, dx: -20, dy: 0, before: anchor, after: anchor)
        let drift = BurstFilter.Drift(jump: jump, before: true, far: 40, fixes: 41...60)
        #expect(drift.offset(at: 40, in: samples).0 == 0 && drift.offset(at: 40, in: samples).1 == 0)
        #expect(abs(drift.offset(at: 50, in: samples).0 - 10) < 1e-9)
        #expect(abs(drift.offset(at: 60, in: samples).0 - 20) < 1e-9)
        var moved = samples
        BurstFilter.remove(drift, from: &moved)
        #expect(moved[40].x == 40 && !moved[40].moved)
        #expect(abs(moved[50].x - 40) < 1e-9 && moved[50].moved)
        #expect(moved[61].x == 61 && !moved[61].moved)
    }
}
