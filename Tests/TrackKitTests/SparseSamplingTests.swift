import Foundation
import Testing

@testable import TrackKit

/// Tracks recorded every 10 s: a turn falls between two fixes, and the smoother must follow it instead of
/// cutting the corner, without ever writing a point that was not recorded.
@Suite("Cleaning: sparse sampling")
struct SparseSamplingTests {
    private func signedError(_ synthetic: SyntheticTrack, _ points: [TrackPoint]) -> Double {
        (SyntheticTrack.length(points) - synthetic.trueLength) / synthetic.trueLength
    }

    /// Every output point is one of the input points (same time, same sensor values), in time order.
    private func expectOnlyRecordedPoints(_ output: [TrackPoint], of input: [TrackPoint], _ label: String) {
        let byTime = Dictionary(input.map { ($0.time!, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(output.count <= input.count, "\(label): \(output.count) points out of \(input.count)")
        for point in output {
            let source = byTime[point.time!]
            #expect(source != nil, "\(label): a point at \(point.time!) was never recorded")
            #expect(source?.heartRate == point.heartRate && source?.elevation == point.elevation)
        }
        #expect(zip(output, output.dropFirst()).allSatisfy { $0.time! < $1.time! }, "\(label): out of time order")
    }

    @Test func aWatchWalkSampledEveryTenSecondsKeepsItsCorners() {
        for seed in UInt64(51)...53 {
            let synthetic = SyntheticTrack(
                seed: seed, duration: 3600, interval: 10, noise: .watch, speed: { _ in 1.2 })
            var track = synthetic.track
            track.sport = "walking"
            let (cleaned, report) = TrackCleaner.clean(track)
            let out = cleaned.segments[0]
            let error = signedError(synthetic, out)
            #expect(report.smoothed > 300, "seed \(seed): the track was not smoothed")
            #expect(abs(error) <= 0.005, "seed \(seed): distance error \(error)")
            #expect(synthetic.maxDeviation(of: out) <= 30, "seed \(seed): a point strays from the path")
            expectOnlyRecordedPoints(out, of: synthetic.points, "seed \(seed)")
        }
    }

    @Test func aPhoneRunSampledEveryTenSecondsStaysWithinTwoPercent() {
        var errors: [Double] = []
        for seed in UInt64(51)...53 {
            let synthetic = SyntheticTrack(
                seed: seed, duration: 3600, interval: 10, noise: .phone, speed: { 3 + 0.4 * sin($0 / 90) })
            let (cleaned, _) = TrackCleaner.clean(synthetic.track)
            let out = cleaned.segments[0]
            let error = signedError(synthetic, out)
            errors.append(abs(error))
            #expect(abs(error) <= 0.03, "seed \(seed): distance error \(error)")
            #expect(synthetic.maxDeviation(of: out) <= 30, "seed \(seed): a point strays from the path")
            expectOnlyRecordedPoints(out, of: synthetic.points, "seed \(seed)")
        }
        let median = errors.sorted()[errors.count / 2]
        #expect(median <= 0.02, "median distance error \(median) over \(errors)")
    }

    /// A 400 m track run at 5.3 m/s and recorded every 10 s: a fix every 83° of a bend, so the straight lines
    /// between the true positions at those times (and across two losses of signal) are 13 % short of what was
    /// run. Smoothing may take out the noise, not more: the cleaned track is no shorter than those lines by
    /// more than 1.5 %. With the smoother's acceleration noise capped at its 1 s value the bends did not fit,
    /// the wander model took them for a wandering error and took them out: 2.5–3.0 % below the lines (now
    /// 0.1–0.7 %).
    @Test func aTrackRecordedEveryTenSecondsKeepsItsBends() {
        let lap = SyntheticTrack.athleticsTrackPath(laps: 1)
        let lapLength = zip(lap, lap.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        #expect(abs(lapLength - 400) < 0.1, "a lap of the synthetic track is \(lapLength) m")
        for seed in UInt64(61)...63 {
            let path = SyntheticTrack.athleticsTrackPath(laps: 25)
            let speed: (Double) -> Double = { 5.3 + 0.25 * sin($0 / 120) }
            let noisy = SyntheticTrack(
                seed: seed, duration: 1800, interval: 10, noise: .watch, speed: speed, path: path)
            let exact = SyntheticTrack(
                seed: seed, duration: 1800, interval: 10, noise: .none, speed: speed, path: path)
            // Two losses of signal, 90 s each, as a watch under a stand's roof has them.
            let lost: (TrackPoint) -> Bool = {
                let t = $0.time!.timeIntervalSince(SyntheticTrack.start)
                return (300..<390).contains(t) || (1100..<1190).contains(t)
            }
            var track = noisy.track
            track.segments[0].removeAll(where: lost)
            let chords = SyntheticTrack.length(exact.points.filter { !lost($0) })
            let (cleaned, report) = TrackCleaner.clean(track)
            let out = cleaned.segments[0]
            let belowChords = (SyntheticTrack.length(out) - chords) / chords
            #expect(report.smoothed > 50, "seed \(seed): the track was not smoothed")
            #expect(belowChords >= -0.015, "seed \(seed): \(belowChords) against the lines between true positions")
            #expect(noisy.maxDeviation(of: out) <= 15, "seed \(seed): a point strays from the track")
            expectOnlyRecordedPoints(out, of: track.segments[0], "seed \(seed)")
        }
    }

    /// A right-angle turn exactly at a fix, 30 m from the fixes either side: a smoother tuned for the
    /// straights would pull the corner fix about 9 m inside the turn.
    @Test func theSmootherFollowsATurnBetweenTwoFixes() {
        var samples: [CleaningSample] = []
        for k in 0..<40 {
            let t = Double(k) * 10
            let (x, y) = k <= 20 ? (3 * t, 0.0) : (600.0, 3 * (t - 200))
            samples.append(CleaningSample(source: k, t: t, x: x, y: y))
        }
        var smoothed = samples
        KalmanSmoother.smooth(&smoothed, range: smoothed.indices, sigma: 5, accelerationNoise: 0.1, initialSpeed: 6)
        let cornerShift = smoothed[20].distance(to: samples[20])
        #expect(cornerShift <= 3, "the corner fix moved \(cornerShift) m")
        #expect(smoothed[10].distance(to: samples[10]) <= 0.5)
        #expect(zip(smoothed, samples).allSatisfy { $0.t == $1.t && $0.source == $1.source })
    }

    @Test func onlyAnImplausibleFixRaisesTheProcessNoise() {
        let filtered = KalmanSmoother.Covariance(pp: 4, pv: 0.2, vv: 0.1)
        let q = 0.05, r = 9.0, dt = 10.0
        let predictedVariance = filtered.predicted(dt: dt, q: q).pp + r
        // One sigma off on each axis: ordinary.
        let ordinary = predictedVariance.squareRoot()
        #expect(KalmanSmoother.manoeuvreProcessNoise(filtered, dt: dt, q: q, r: r, ix: ordinary, iy: ordinary) == q)
        // Five sigma off: a turn; the raised noise makes the innovation an ordinary one.
        let far = 5 * ordinary
        let raised = KalmanSmoother.manoeuvreProcessNoise(filtered, dt: dt, q: q, r: r, ix: far, iy: 0)
        #expect(raised > q)
        let normalised = far * far / (filtered.predicted(dt: dt, q: raised).pp + r)
        #expect(abs(normalised - KalmanSmoother.manoeuvreInnovationTarget) < 1e-9)
        // No time step, nothing to explain; over a 1 s step a turn spans several fixes and q follows it.
        #expect(KalmanSmoother.manoeuvreProcessNoise(filtered, dt: 0, q: q, r: r, ix: far, iy: far) == q)
        #expect(KalmanSmoother.manoeuvreProcessNoise(filtered, dt: 1, q: q, r: r, ix: far, iy: far) == q)
    }
}
