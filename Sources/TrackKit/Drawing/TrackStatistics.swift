import Foundation

/// The figures a person reads an activity by, computed from every point (never from a drawing's reduction).
public struct TrackStatistics: Sendable, Equatable {
    public var distanceMeters: Double
    public var startTime: Date?
    /// First to last timed point.
    public var elapsedSeconds: Double
    /// Time spent moving: steps faster than `movingSpeed`, each at most `longestStep` long (a pause is not
    /// moving time, however far the athlete walked while the device slept).
    public var movingSeconds: Double
    /// Sum of climbs, counted only once the elevation has risen `elevationHysteresis` metres above its last
    /// low point, so a barometer's or GPS's wobble on the flat adds nothing.
    public var elevationGainMeters: Double?
    public var pointCount: Int
    public var hasHeartRate: Bool
    public var hasElevation: Bool

    public static let movingSpeed = 0.5
    public static let longestStep = 30.0
    public static let elevationHysteresis = 3.0

    public init(_ track: Track) {
        distanceMeters = Geodesy.length(of: track)
        var first: Date?, last: Date?
        var moving = 0.0
        var count = 0
        var heartRate = false
        var gain = 0.0
        var elevationSeen = false
        var low = Double.nan, high = Double.nan
        for segment in track.segments {
            var previous: TrackPoint?
            for point in segment {
                count += 1
                if point.heartRate != nil { heartRate = true }
                if let time = point.time {
                    if first == nil || time < first! { first = time }
                    if last == nil || time > last! { last = time }
                    if let previous, let before = previous.time {
                        let dt = time.timeIntervalSince(before)
                        if dt > 0, dt <= Self.longestStep, Geodesy.distance(previous, point) / dt >= Self.movingSpeed {
                            moving += dt
                        }
                    }
                }
                if let elevation = point.elevation, elevation.isFinite {
                    if !elevationSeen {
                        elevationSeen = true
                        low = elevation
                        high = elevation
                    } else if elevation > high {
                        high = elevation
                    } else if elevation < high - Self.elevationHysteresis || elevation < low {
                        // The climb ended: count it if it was real, then start from here.
                        if high - low >= Self.elevationHysteresis { gain += high - low }
                        low = elevation
                        high = elevation
                    }
                }
                previous = point
            }
        }
        if elevationSeen, high - low >= Self.elevationHysteresis { gain += high - low }
        startTime = first
        elapsedSeconds = first.flatMap { start in last.map { $0.timeIntervalSince(start) } } ?? 0
        movingSeconds = moving
        elevationGainMeters = elevationSeen ? gain : nil
        pointCount = count
        hasHeartRate = heartRate
        hasElevation = elevationSeen
    }
}
