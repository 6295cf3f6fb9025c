import Foundation

/// One recorded position with whatever sensor data the device logged alongside it.
public struct TrackPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level.
    public var elevation: Double?
    public var time: Date?
    /// Beats per minute.
    public var heartRate: Int?
    /// Revolutions (or steps) per minute, as the device wrote it.
    public var cadence: Int?
    /// Degrees Celsius.
    public var temperature: Double?
    /// Watts.
    public var power: Int?
    /// Metres per second, as the device measured it.
    public var speed: Double?
    /// Cumulative metres, as the device measured it (TCX `DistanceMeters`).
    public var distance: Double?
    /// 1-based line in the source file, for messages that name the place.
    public var sourceLine: Int?

    public init(
        latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil,
        heartRate: Int? = nil, cadence: Int? = nil, temperature: Double? = nil, power: Int? = nil,
        speed: Double? = nil, distance: Double? = nil, sourceLine: Int? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.heartRate = heartRate
        self.cadence = cadence
        self.temperature = temperature
        self.power = power
        self.speed = speed
        self.distance = distance
        self.sourceLine = sourceLine
    }
}
