import Foundation
import TrackKit

/// What an activity page draws: the uploaded track reduced to at most `maximumPoints` points (every n-th,
/// first and last kept), with the figures computed from every point before the reduction. Small on purpose:
/// the sandbox keeps one for each recent activity.
struct ActivityDrawing: Sendable {
    struct Point: Sendable {
        var latitude: Double
        var longitude: Double
        /// Seconds from the start; nil when the point has no time.
        var t: Double?
        var elevation: Double?
        var heartRate: Int?
    }

    static let maximumPoints = 2_000

    var points: [Point]
    var statistics: TrackStatistics

    /// The drawing of an uploaded GPX or TCX file; nil for FIT (not decoded) or a file without points.
    init?(data: Data) {
        guard let track = try? TrackKit.track(data: data) else { return nil }
        let statistics = TrackStatistics(track)
        guard statistics.pointCount > 0 else { return nil }
        self.init(points: Self.reduce(track, start: statistics.startTime, total: statistics.pointCount), statistics: statistics)
    }

    init(points: [Point], statistics: TrackStatistics) {
        self.points = points
        self.statistics = statistics
    }

    private static func reduce(_ track: Track, start: Date?, total: Int) -> [Point] {
        let stride = max(1, (total + maximumPoints - 1) / maximumPoints)
        var points: [Point] = []
        points.reserveCapacity(min(total, maximumPoints + 1))
        var index = 0
        for point in track.segments.lazy.joined() {
            defer { index += 1 }
            guard index % stride == 0 || index == total - 1 else { continue }
            guard point.latitude.isFinite, point.longitude.isFinite,
                  abs(point.latitude) <= 90, abs(point.longitude) <= 180 else { continue }
            points.append(Point(
                latitude: point.latitude, longitude: point.longitude,
                t: start.flatMap { s in point.time.map { $0.timeIntervalSince(s) } },
                elevation: point.elevation.flatMap { $0.isFinite ? $0 : nil }, heartRate: point.heartRate))
        }
        return points
    }
}
