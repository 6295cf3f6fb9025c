import Foundation

extension TrackKit {
    /// An indoor activity (treadmill, trainer, pool): a TCX whose trackpoints carry times, and usually
    /// heart rate, cadence and the device's distance, but no GPS position. Strava takes such a file and
    /// uses its distance; there is no track to clean, so it is passed through unchanged, as FIT is.
    static func isIndoor(_ result: ReadResult) -> Bool {
        result.track.format == .tcx && result.track.segments.allSatisfy(\.isEmpty) && result.timedWithoutPosition >= 2
    }

    /// `original` is the file's content (inflated when it was gzipped).
    static func normalizeIndoor(_ result: ReadResult, original: Data) -> NormalizedTrack {
        let summary = TrackSummary(indoor: result)
        var issues: [TrackIssue] = [.warning(
            .indoor,
            "no trackpoint has a GPS position (an indoor activity); the file is passed through unchanged and Strava uses its distance")]
        if let start = summary.startTime, start < TrackChecker.earliestPlausible || start > Date().addingTimeInterval(86_400) {
            issues.append(.error(.implausibleDate, "the activity is dated \(start) (the device had no clock set); Strava would file it at that date"))
        }
        if result.zonelessTimes > 0 {
            issues.append(.warning(.zonelessTimes, "\(result.zonelessTimes) times carry no time zone and were read as UTC (first at line \(result.firstZonelessLine ?? 0))"))
        }
        return NormalizedTrack(
            format: .tcx, gzipped: result.gzipped, usable: !issues.contains { $0.severity == .error }, issues: issues,
            pointsIn: result.pointsWithoutPosition, pointsOut: result.pointsWithoutPosition,
            distanceRawMeters: summary.distanceMeters, distanceMeters: summary.distanceMeters,
            startTime: summary.startTime,
            duration: summary.endTime.flatMap { end in summary.startTime.map { end.timeIntervalSince($0) } },
            name: result.track.name, sport: result.track.sport, output: original)
    }
}

extension TrackSummary {
    init(indoor result: ReadResult) {
        self.init(
            format: .tcx, pointCount: result.pointsWithoutPosition, timedPointCount: result.timedWithoutPosition,
            startTime: result.firstTimeWithoutPosition, endTime: result.lastTimeWithoutPosition,
            distanceMeters: result.distanceWithoutPosition ?? 0, sport: result.track.sport, name: result.track.name)
    }
}
