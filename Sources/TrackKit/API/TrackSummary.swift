import Foundation

/// Cheap facts about an activity file, used to judge an upload without writing anything.
public struct TrackSummary: Sendable, Equatable {
    public var format: TrackFormat
    /// Trackpoints (FIT: `record` messages).
    public var pointCount: Int
    /// Points that carry a timestamp.
    public var timedPointCount: Int
    public var startTime: Date?
    public var endTime: Date?
    public var distanceMeters: Double
    public var sport: String?
    public var name: String?

    public init(
        format: TrackFormat, pointCount: Int = 0, timedPointCount: Int = 0, startTime: Date? = nil,
        endTime: Date? = nil, distanceMeters: Double = 0, sport: String? = nil, name: String? = nil
    ) {
        self.format = format
        self.pointCount = pointCount
        self.timedPointCount = timedPointCount
        self.startTime = startTime
        self.endTime = endTime
        self.distanceMeters = distanceMeters
        self.sport = sport
        self.name = name
    }
}
