import Foundation

/// Cleans GPS noise out of a track: timestamp repairs, spikes, stop jitter, then Kalman–RTS smoothing.
///
/// Works per segment on points in time order. Only latitude and longitude ever change: every point that
/// stays keeps its time, elevation and sensor data. Segments with a point that has no time are left as
/// they are (every stage needs time, and such a file is refused by the checks anyway).
public enum TrackCleaner {
    public static func clean(_ track: Track, options: CleaningOptions = .init()) -> (Track, CleaningReport) {
        let profile = SportProfile(sport: options.sport ?? track.sport)
        var report = CleaningReport()
        var cleaned = track
        cleaned.segments = track.segments.map { cleanSegment($0, profile: profile, options: options, report: &report) }
        // TCX keeps one segment per lap; the laps must hold the same cleaned points.
        if !track.laps.isEmpty, track.laps.count == track.segments.count {
            for i in cleaned.laps.indices { cleaned.laps[i].points = cleaned.segments[i] }
        }
        return (cleaned, report)
    }

    static func cleanSegment(
        _ segment: [TrackPoint], profile: SportProfile, options: CleaningOptions, report: inout CleaningReport
    ) -> [TrackPoint] {
        guard segment.count >= 2, segment.allSatisfy({ $0.time != nil }) else { return segment }
        var points = segment
        if options.repairTimestamps {
            let repaired = TimestampRepair.repair(points)
            points = repaired.points
            report.count(CleaningReport.Reason.duplicates, repaired.duplicates)
            report.count(CleaningReport.Reason.outOfOrder, repaired.outOfOrder)
            report.reordered += repaired.reordered
        }
        guard points.count >= 3, options.removeSpikes || options.collapseStops || options.smooth else { return points }

        let frame = LocalFrame(latitude: points[0].latitude, longitude: points[0].longitude)
        var samples = points.indices.map { index in
            let point = points[index]
            let (x, y) = frame.project(latitude: point.latitude, longitude: point.longitude)
            return CleaningSample(source: index, t: point.time!.timeIntervalSinceReferenceDate, x: x, y: y)
        }
        // Without a time order (timestamp repair switched off) nothing below is meaningful.
        guard zip(samples, samples.dropFirst()).allSatisfy({ $0.t < $1.t }) else { return points }

        if options.removeSpikes {
            let filtered = SpikeFilter.filter(samples, profile: profile)
            samples = filtered.samples
            report.count(CleaningReport.Reason.spikes, filtered.removed)
        }
        let sigma = NoiseEstimator.sigma(samples, gapSeconds: options.gapSeconds)
        if options.collapseStops {
            let collapsed = StopCollapser.collapse(
                samples, radius: StopCollapser.radius(forNoise: sigma), profile: profile)
            samples = collapsed.samples
            report.count(CleaningReport.Reason.jitter, collapsed.removed)
            report.stops += collapsed.stops
        }
        if options.smooth {
            let smoothed = smoothRuns(&samples, sigma: sigma, profile: profile, gapSeconds: options.gapSeconds)
            report.smoothed += smoothed.moved
            report.noiseMeters = max(report.noiseMeters ?? 0, smoothed.sigma)
        }
        return samples.map { sample in
            var point = points[sample.source]
            if sample.moved { (point.latitude, point.longitude) = frame.unproject(x: sample.x, y: sample.y) }
            return point
        }
    }

    /// Smooths each run between gaps on its own: across a long pause the athlete's velocity is unknown.
    /// Returns the points moved and the noise the smoother assumed.
    private static func smoothRuns(
        _ samples: inout [CleaningSample], sigma: Double, profile: SportProfile, gapSeconds: Double
    ) -> (moved: Int, sigma: Double) {
        var bounds: [Range<Int>] = []
        var start = 0
        for end in 1...samples.count where end == samples.count || samples[end].t - samples[end - 1].t > gapSeconds {
            bounds.append(start..<end)
            start = end
        }
        let tuned = KalmanSmoother.tune(
            bounds.map { samples[$0] }, sigma: sigma, maxAccelerationNoise: profile.accelerationNoise)
        var moved = 0
        for range in bounds {
            moved += KalmanSmoother.smooth(
                &samples, range: range, sigma: tuned.sigma, accelerationNoise: tuned.accelerationNoise,
                initialSpeed: profile.maxSpeed / 2)
        }
        return (moved, tuned.sigma)
    }
}
