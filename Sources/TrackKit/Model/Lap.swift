import Foundation

/// A TCX lap: its own totals as the device recorded them, and the points it holds.
public struct Lap: Sendable, Equatable {
    public var startTime: Date
    public var totalTimeSeconds: Double
    public var distanceMeters: Double
    public var calories: Int
    public var averageHeartRate: Int?
    public var maximumHeartRate: Int?
    public var maximumSpeed: Double?
    /// TCX `Intensity`: `Active` or `Resting`.
    public var intensity: String
    /// TCX `TriggerMethod`: `Manual`, `Distance`, `Location`, `Time` or `HeartRate`.
    public var triggerMethod: String
    public var cadence: Int?
    public var points: [TrackPoint]

    public init(
        startTime: Date, totalTimeSeconds: Double, distanceMeters: Double, calories: Int = 0,
        averageHeartRate: Int? = nil, maximumHeartRate: Int? = nil, maximumSpeed: Double? = nil,
        intensity: String = "Active", triggerMethod: String = "Manual", cadence: Int? = nil,
        points: [TrackPoint] = []
    ) {
        self.startTime = startTime
        self.totalTimeSeconds = totalTimeSeconds
        self.distanceMeters = distanceMeters
        self.calories = calories
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.maximumSpeed = maximumSpeed
        self.intensity = intensity
        self.triggerMethod = triggerMethod
        self.cadence = cadence
        self.points = points
    }
}
