import Foundation

/// One recorded position with whatever sensor data the device logged alongside it.
///
/// Stored compactly (72 bytes instead of 160 for eleven optionals): long activities hold hundreds of
/// thousands of points, several copies at once while cleaning. Optional values are plain fields plus a
/// presence bit; heart rate, cadence and power are kept as `Int16` and the source line as `Int32`,
/// clamped (no real sensor value comes near 32,767; the writer leaves out heart rate and cadence above
/// 255 anyway).
public struct TrackPoint: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    private var elevationValue: Double = 0
    private var timeValue: Double = 0
    private var temperatureValue: Double = 0
    private var speedValue: Double = 0
    private var distanceValue: Double = 0
    private var heartRateValue: Int16 = 0
    private var cadenceValue: Int16 = 0
    private var powerValue: Int16 = 0
    private var sourceLineValue: Int32 = 0
    private var present: UInt16 = 0

    private enum Field {
        static let elevation: UInt16 = 1 << 0
        static let time: UInt16 = 1 << 1
        static let heartRate: UInt16 = 1 << 2
        static let cadence: UInt16 = 1 << 3
        static let temperature: UInt16 = 1 << 4
        static let power: UInt16 = 1 << 5
        static let speed: UInt16 = 1 << 6
        static let distance: UInt16 = 1 << 7
        static let sourceLine: UInt16 = 1 << 8
    }

    @inline(__always)
    private func has(_ field: UInt16) -> Bool { present & field != 0 }

    /// Which of the optional values the point holds, one bit each (the source line left out): points with
    /// the same presence are written with the same elements.
    var presence: UInt8 { UInt8(truncatingIfNeeded: present) }

    @inline(__always)
    private mutating func mark(_ field: UInt16, _ isPresent: Bool) {
        present = isPresent ? present | field : present & ~field
    }

    /// Metres above sea level.
    public var elevation: Double? {
        get { has(Field.elevation) ? elevationValue : nil }
        set { elevationValue = newValue ?? 0; mark(Field.elevation, newValue != nil) }
    }

    public var time: Date? {
        get { has(Field.time) ? Date(timeIntervalSinceReferenceDate: timeValue) : nil }
        set { timeValue = newValue?.timeIntervalSinceReferenceDate ?? 0; mark(Field.time, newValue != nil) }
    }

    /// Beats per minute.
    public var heartRate: Int? {
        get { has(Field.heartRate) ? Int(heartRateValue) : nil }
        set { heartRateValue = newValue.map { Int16(clamping: $0) } ?? 0; mark(Field.heartRate, newValue != nil) }
    }

    /// Revolutions (or steps) per minute, as the device wrote it.
    public var cadence: Int? {
        get { has(Field.cadence) ? Int(cadenceValue) : nil }
        set { cadenceValue = newValue.map { Int16(clamping: $0) } ?? 0; mark(Field.cadence, newValue != nil) }
    }

    /// Degrees Celsius.
    public var temperature: Double? {
        get { has(Field.temperature) ? temperatureValue : nil }
        set { temperatureValue = newValue ?? 0; mark(Field.temperature, newValue != nil) }
    }

    /// Watts.
    public var power: Int? {
        get { has(Field.power) ? Int(powerValue) : nil }
        set { powerValue = newValue.map { Int16(clamping: $0) } ?? 0; mark(Field.power, newValue != nil) }
    }

    /// Metres per second, as the device measured it.
    public var speed: Double? {
        get { has(Field.speed) ? speedValue : nil }
        set { speedValue = newValue ?? 0; mark(Field.speed, newValue != nil) }
    }

    /// Cumulative metres, as the device measured it (TCX `DistanceMeters`).
    public var distance: Double? {
        get { has(Field.distance) ? distanceValue : nil }
        set { distanceValue = newValue ?? 0; mark(Field.distance, newValue != nil) }
    }

    /// 1-based line in the source file, for messages that name the place.
    public var sourceLine: Int? {
        get { has(Field.sourceLine) ? Int(sourceLineValue) : nil }
        set { sourceLineValue = newValue.map { Int32(clamping: $0) } ?? 0; mark(Field.sourceLine, newValue != nil) }
    }

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
