import Foundation

/// A whole activity as read from one GPX or TCX file.
///
/// GPX tracks and segments are kept as `segments` (each an ordered run of points); a TCX activity keeps
/// its laps, and `segments` then holds one segment per lap so that code that only needs points never has
/// to care which format it came from.
public struct Track: Sendable, Equatable {
    public var format: TrackFormat
    public var name: String?
    /// Sport as the file names it (GPX `<type>`, TCX `Sport` attribute), e.g. `running`, `Biking`.
    public var sport: String?
    /// Device or program that wrote the file (GPX `creator`, TCX `Creator/Name`).
    public var creator: String?
    public var segments: [[TrackPoint]]
    /// TCX laps; empty for GPX.
    public var laps: [Lap]
    /// True when some times carried no zone and were read as UTC.
    public var hadZonelessTimes: Bool

    public init(
        format: TrackFormat, name: String? = nil, sport: String? = nil, creator: String? = nil,
        segments: [[TrackPoint]] = [], laps: [Lap] = [], hadZonelessTimes: Bool = false
    ) {
        self.format = format
        self.name = name
        self.sport = sport
        self.creator = creator
        self.segments = segments
        self.laps = laps
        self.hadZonelessTimes = hadZonelessTimes
    }

    /// Every point in file order.
    public var allPoints: [TrackPoint] { segments.flatMap { $0 } }
}
