import Foundation

/// The semantic checks on a freshly read track. Each finding has a stable code and names the place.
///
/// Errors (the file is unusable): `no-timestamps`, `too-few-points`, `not-a-track`, `implausible-date`
/// (the activity itself would be dated before 1990 or in the future), `no-position` when no point has a
/// usable position. Warnings: `time-backwards`, `duplicate-times`, `zoneless-times`, `bad-time`,
/// `no-position`, `coordinates-out-of-range` / `zero-coordinates` for single points (they are dropped),
/// `implausible-date` for single points, `tcx-course`.
struct TrackChecker {
    /// Earliest date trackdrop believes: GPS watches did not exist before 1990; 1970 means "no fix".
    static let earliestPlausible = Date(timeIntervalSince1970: 631_152_000)

    var now = Date()

    /// Returns the issues, and the track with points that cannot be written (out of range, 0/0) removed.
    func check(_ result: ReadResult) -> (issues: [TrackIssue], track: Track, dropped: Int) {
        var issues: [TrackIssue] = []
        var track = result.track
        let format = track.format == .tcx ? "trackpoint" : "trkpt"
        if result.isCourse {
            issues.append(.warning(.tcxCourse, "the TCX file holds a course (a planned route), not a recorded activity; it is written back as an activity"))
        }
        if result.pointsWithoutPosition > 0 {
            issues.append(.warning(.noPosition, "\(result.pointsWithoutPosition) \(format)s have no position and were left out (first at line \(result.firstPointWithoutPositionLine ?? 0))"))
        }
        if result.unreadableTimes > 0 {
            issues.append(.warning(.badTime, "\(result.unreadableTimes) times are not ISO 8601 and were ignored (first at line \(result.firstUnreadableTimeLine ?? 0))"))
        }
        if result.zonelessTimes > 0 {
            issues.append(.warning(.zonelessTimes, "\(result.zonelessTimes) times carry no time zone and were read as UTC (first at line \(result.firstZonelessLine ?? 0))"))
        }

        let (kept, dropIssues, dropped) = dropUnwritablePoints(&track, name: format)
        issues += dropIssues
        if track.segments.allSatisfy(\.isEmpty) {
            if result.waypointCount > 0 || result.routePointCount > 0 {
                issues.append(.error(.notATrack, "the file holds \(result.waypointCount) waypoints and \(result.routePointCount) route points but no recorded track; Strava needs a track with times"))
            } else if kept == 0, dropped > 0 {
                issues.append(.error(.noPosition, "none of the \(dropped) \(format)s has a usable position (out of range or 0°, 0°); the device recorded no GPS track"))
            } else {
                issues.append(.error(.tooFewPoints, "the file holds no \(format) at all; Strava needs at least 2 timed points"))
            }
            return (issues, track, dropped)
        }
        issues += timeIssues(track.segments, name: format)
        return (issues, track, dropped)
    }

    private func place(_ index: Int, _ point: TrackPoint) -> String {
        point.sourceLine.map { "point \(index + 1) (line \($0))" } ?? "point \(index + 1)"
    }

    private func dropUnwritablePoints(_ track: inout Track, name: String) -> (Int, [TrackIssue], Int) {
        var outOfRange = 0
        var zero = 0
        var firstOutOfRange: String?
        var firstZero: String?
        var index = 0
        var kept = 0
        for segmentIndex in track.segments.indices {
            var needsFilter = false
            for point in track.segments[segmentIndex] {
                if !(-90...90).contains(point.latitude) || !(-180...180).contains(point.longitude) {
                    outOfRange += 1
                    needsFilter = true
                    if firstOutOfRange == nil { firstOutOfRange = place(index, point) }
                } else if point.latitude == 0, point.longitude == 0 {
                    zero += 1
                    needsFilter = true
                    if firstZero == nil { firstZero = place(index, point) }
                }
                index += 1
            }
            if needsFilter {
                track.segments[segmentIndex].removeAll {
                    !(-90...90).contains($0.latitude) || !(-180...180).contains($0.longitude)
                        || ($0.latitude == 0 && $0.longitude == 0)
                }
            }
            kept += track.segments[segmentIndex].count
        }
        if track.laps.count == track.segments.count {
            for lapIndex in track.laps.indices { track.laps[lapIndex].points = [] }
        }
        var issues: [TrackIssue] = []
        if let firstOutOfRange {
            issues.append(.warning(.coordinatesOutOfRange, "\(outOfRange) \(name)s lie outside latitude ±90 / longitude ±180 and were dropped (first: \(firstOutOfRange))"))
        }
        if let firstZero {
            issues.append(.warning(.zeroCoordinates, "\(zero) \(name)s sit at 0°, 0° (a logger without a fix) and were dropped (first: \(firstZero))"))
        }
        return (kept, issues, outOfRange + zero)
    }

    private func timeIssues(_ segments: [[TrackPoint]], name: String) -> [TrackIssue] {
        var issues: [TrackIssue] = []
        var timed = 0
        var firstUntimed: Int?
        var backwards = 0
        var firstBackwards: String?
        var duplicates = 0
        var firstDuplicate: String?
        var implausible = 0
        var firstImplausible: String?
        var previous: Date?
        let latest = now.addingTimeInterval(86_400)
        var index = -1
        var count = 0
        var firstPoint: TrackPoint?
        var firstUntimedPoint: TrackPoint?
        // `joined()` walks the segments in place: a flattened copy would double memory on large files.
        for point in segments.joined() {
            index += 1
            count += 1
            if firstPoint == nil { firstPoint = point }
            guard let time = point.time else {
                if firstUntimed == nil {
                    firstUntimed = index
                    firstUntimedPoint = point
                }
                continue
            }
            timed += 1
            if time < Self.earliestPlausible || time > latest {
                implausible += 1
                if firstImplausible == nil { firstImplausible = place(index, point) }
            }
            if let previous {
                if time < previous {
                    backwards += 1
                    if firstBackwards == nil { firstBackwards = place(index, point) }
                } else if time == previous {
                    duplicates += 1
                    if firstDuplicate == nil { firstDuplicate = place(index, point) }
                }
            }
            previous = time
        }
        if timed == 0, let first = firstPoint {
            issues.append(.error(.noTimestamps, "no \(name) has a <time> (\(place(0, first)) is the first); Strava refuses files without timestamps"))
            return issues
        }
        if timed < 2 {
            issues.append(.error(.tooFewPoints, "only \(timed) \(name) has a time; Strava needs at least 2 timed points"))
        }
        if let firstUntimed, let firstUntimedPoint, timed > 0 {
            issues.append(.warning(.missingTimes, "\(count - timed) of \(count) \(name)s have no time (first: \(place(firstUntimed, firstUntimedPoint)))"))
        }
        if let firstImplausible {
            if implausible * 2 > timed {
                issues.append(.error(.implausibleDate, "\(implausible) of \(timed) times lie before 1990 or in the future (first: \(firstImplausible)); the device clock was not set, and Strava would date the activity wrongly"))
            } else {
                issues.append(.warning(.implausibleDate, "\(implausible) times lie before 1990 or in the future (first: \(firstImplausible))"))
            }
        }
        if let firstBackwards {
            issues.append(.warning(.timeBackwards, "time goes backwards \(backwards) times (first: \(firstBackwards))"))
        }
        if let firstDuplicate {
            issues.append(.warning(.duplicateTimes, "\(duplicates) \(name)s repeat the previous time (first: \(firstDuplicate))"))
        }
        return issues
    }
}
