import Foundation
import Testing
import TrackKit

/// Distance and shape against a known true path, and what cleaning does to clean files from real devices.
@Suite("Cleaning: accuracy against the true path")
struct CleaningAccuracyTests {
    private static let phoneWithoutSpikes = SyntheticNoise(
        correlatedMeters: 7, correlationSeconds: 30, whiteMeters: 4, spikeProbability: 0)

    private func distanceError(_ synthetic: SyntheticTrack, _ points: [TrackPoint]) -> Double {
        abs(SyntheticTrack.length(points) - synthetic.trueLength) / synthetic.trueLength
    }

    @Test(arguments: [
        ("watch 1 s", SyntheticNoise.watch, 1.0, 0.005),
        ("phone 1 s", SyntheticNoise.phone, 1.0, 0.02),
        ("watch 10 s", SyntheticNoise.watch, 10.0, 0.02),
        ("phone 10 s", SyntheticNoise.phone, 10.0, 0.04),
    ])
    func correlatedNoiseIsReduced(label: String, noise: SyntheticNoise, interval: Double, target: Double) {
        for seed in UInt64(21)...23 {
            let synthetic = SyntheticTrack(
                seed: seed, duration: 3600, interval: interval, noise: noise, speed: { 3 + 0.4 * sin($0 / 90) })
            let (cleaned, _) = TrackCleaner.clean(synthetic.track)
            let out = cleaned.segments[0]
            let rawError = distanceError(synthetic, synthetic.points)
            let error = distanceError(synthetic, out)
            #expect(error <= target, "\(label) seed \(seed): distance error \(error), raw \(rawError)")
            #expect(error < rawError || rawError <= target, "\(label) seed \(seed): cleaning made it worse")
            #expect(synthetic.maxDeviation(of: out) <= 30, "\(label) seed \(seed): a point strays from the path")
        }
    }

    @Test(arguments: [("watch", SyntheticNoise.watch), ("phone", phoneWithoutSpikes)])
    func aSlowWalkSampledEveryTenSecondsIsNotTruncated(label: String, noise: SyntheticNoise) {
        let synthetic = SyntheticTrack(seed: 31, duration: 2400, interval: 10, noise: noise, speed: { _ in 1.2 })
        var track = synthetic.track
        track.sport = "walking"
        let (cleaned, report) = TrackCleaner.clean(track)
        let error = distanceError(synthetic, cleaned.segments[0])
        #expect(report.removed[CleaningReport.Reason.jitter] == nil, "\(label): walking taken for a stop")
        #expect(error <= 0.03, "\(label): distance \(SyntheticTrack.length(cleaned.segments[0])) m of \(synthetic.trueLength) m")
    }

    /// A phone whose error wanders faster than a walker moves (6 m, decorrelating within 5 s): a smoother that
    /// knows only white noise takes the wander for motion and measures the walk far too long (+18 % and +61 %
    /// for these seeds with the wander model switched off). With it, the error stays within 5 %.
    @Test(arguments: [UInt64(71), 72])
    func aWalkUnderAFastWanderingErrorIsNotMeasuredFarTooLong(seed: UInt64) {
        let noise = SyntheticNoise(correlatedMeters: 6, correlationSeconds: 5, whiteMeters: 2, spikeProbability: 0)
        let synthetic = SyntheticTrack(seed: seed, duration: 2400, interval: 1, noise: noise, speed: { _ in 1.1 })
        var track = synthetic.track
        track.sport = "walking"
        let (cleaned, report) = TrackCleaner.clean(track)
        let rawError = distanceError(synthetic, synthetic.points)
        let error = distanceError(synthetic, cleaned.segments[0])
        #expect(error <= 0.05, "seed \(seed): distance error \(error), raw \(rawError)")
        #expect(synthetic.maxDeviation(of: cleaned.segments[0]) <= 30)
        // The noise reported is the whole error the model found, wander included.
        #expect((report.noiseMeters ?? 0) >= 4, "reported \(String(describing: report.noiseMeters)) m")
    }

    @Test func aSlowHikeSampledEveryElevenSecondsIsNotTruncated() {
        let synthetic = SyntheticTrack(seed: 32, duration: 2400, interval: 11, noise: .watch, speed: { _ in 0.6 })
        var track = synthetic.track
        track.sport = "hiking"
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.removed[CleaningReport.Reason.jitter] == nil)
        #expect(distanceError(synthetic, cleaned.segments[0]) <= 0.03)
    }

    @Test func aFastRideKeepsItsCorners() {
        let synthetic = SyntheticTrack(
            seed: 33, duration: 1800, interval: 1, noise: .watch, speed: { 8 + 2 * sin($0 / 60) })
        var track = synthetic.track
        track.sport = "cycling"
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.removedTotal == 0)
        #expect(distanceError(synthetic, cleaned.segments[0]) <= 0.01)
        #expect(synthetic.maxDeviation(of: cleaned.segments[0]) <= 30)
    }

    /// A device that filters its own fixes (a phone's fused location, many Garmin units) writes a track that is
    /// smoother than the 1 m the noise estimate bottoms out at. Smoothing it as if it had 1 m of noise cuts its
    /// corners (−0.21 % on these seeds); the tuning may go below that, and the track is then changed by no
    /// more than 0.15 % (−0.10 %).
    @Test(arguments: [UInt64(41), 42, 43])
    func aTrackItsDeviceAlreadySmoothedIsBarelyChanged(seed: UInt64) {
        let filtered = SyntheticNoise(correlatedMeters: 0.6, correlationSeconds: 60, whiteMeters: 0.05, spikeProbability: 0)
        let synthetic = SyntheticTrack(
            seed: seed, duration: 1800, interval: 1, noise: filtered, speed: { 8 + 2 * sin($0 / 60) })
        var track = synthetic.track
        track.sport = "cycling"
        let (cleaned, _) = TrackCleaner.clean(track)
        let before = SyntheticTrack.length(synthetic.points)
        let change = (SyntheticTrack.length(cleaned.segments[0]) - before) / before
        #expect(abs(change) <= 0.0015, "seed \(seed): length changed by \(change)")
    }

    /// Files from modern watches and bike computers are already clean: cleaning may change them by 0.5 % at
    /// most (issue 15's target; the largest change is the Wahoo's, about 0.17 %). None holds a burst of
    /// reflected signal: the Wahoo ride's detour down a side street and its later bend back once passed for one.
    @Test(arguments: [
        "wahoo-element-bolt.gpx", "garmin-edge-800-output.gpx", "garmin-forerunner-10-output.gpx",
        "gpx_garmin_extensions.gpx", "garmin-oregon-700-output.gpx", "history.tcx",
    ])
    func cleanDeviceFilesBarelyChange(name: String) throws {
        let track = try TrackKit.read(contentsOf: try SyntheticCorpus.file(name))
        try #require(track.allPoints.count >= 5)
        let (cleaned, report) = TrackCleaner.clean(track)
        #expect(report.bursts == 0, "\(name): \(report.bursts) bursts")
        let before = track.segments.map(SyntheticTrack.length).reduce(0, +)
        let after = cleaned.segments.map(SyntheticTrack.length).reduce(0, +)
        #expect(abs(after - before) / before <= 0.005, "\(name): \(before) m became \(after) m")
        // Only positions move, and never far.
        let byTime = Dictionary(track.allPoints.map { ($0.time!, $0) }, uniquingKeysWith: { first, _ in first })
        for point in cleaned.allPoints {
            let source = try #require(byTime[point.time!])
            #expect(point.heartRate == source.heartRate && point.elevation == source.elevation)
        }
    }
}
