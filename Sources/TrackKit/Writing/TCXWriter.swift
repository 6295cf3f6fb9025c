import Foundation

/// Writes a track as TCX v2: one activity, its laps with the device's totals, heart rate and cadence per
/// point, and speed and power in ActivityExtension v2 `TPX` (TCX admits it through `Extensions`, lax).
enum TCXWriter {
    private static let triggerMethods: Set<String> = ["Manual", "Distance", "Location", "Time", "HeartRate"]

    static func write(_ track: Track) -> Data {
        let pointCount = track.segments.reduce(0) { $0 + $1.count }
        var out = OutputBuffer(capacity: pointCount * 300 + 1024)
        write(track, to: &out)
        return out.data()
    }

    static func write(_ track: Track, to out: inout OutputBuffer) {
        out.raw("""
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
            http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd">
             <Activities>
              <Activity Sport="
            """)
        out.raw(sport(track.sport))
        out.raw("\">\n   <Id>")
        let laps = lapsWithPoints(track)
        let firstTime = laps.first.map { $0.startTime } ?? Date(timeIntervalSince1970: 0)
        out.time(firstTime)
        out.raw("</Id>\n")
        for lap in laps { write(lap, to: &out) }
        out.raw("  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n")
    }

    /// Strava reads the sport from the activity's `Sport`; TCX only knows these three.
    static func sport(_ name: String?) -> StaticString {
        let lower = name?.lowercased() ?? ""
        if lower.contains("run") { return "Running" }
        if lower.contains("bik") || lower.contains("cycl") || lower.contains("ride") { return "Biking" }
        return "Other"
    }

    /// Pairs laps with their points (one segment per lap, as the reader makes them); a track without
    /// laps, or whose segments no longer match the laps, becomes one lap with computed totals.
    static func lapsWithPoints(_ track: Track) -> [Lap] {
        if !track.laps.isEmpty, track.laps.count == track.segments.count {
            // Shares the segments' storage; untimed points are skipped while writing.
            return zip(track.laps, track.segments).map { lap, points in
                var lap = lap
                lap.points = points
                return lap
            }
        }
        let points = track.segments.flatMap { $0.filter { $0.time != nil } }
        guard let first = points.first?.time, let last = points.last?.time else { return [] }
        var lap = Lap(
            startTime: first, totalTimeSeconds: last.timeIntervalSince(first),
            distanceMeters: Geodesy.length(of: Track(format: .tcx, segments: [points])))
        if !track.laps.isEmpty {
            lap.totalTimeSeconds = track.laps.reduce(0) { $0 + $1.totalTimeSeconds }
            lap.distanceMeters = track.laps.reduce(0) { $0 + $1.distanceMeters }
            lap.calories = track.laps.reduce(0) { $0 + $1.calories }
        }
        lap.points = points
        return [lap]
    }

    private static func write(_ lap: Lap, to out: inout OutputBuffer) {
        out.raw("   <Lap StartTime=\"")
        out.time(lap.startTime)
        out.raw("\">\n    <TotalTimeSeconds>")
        out.decimal(max(0, lap.totalTimeSeconds), fractionDigits: 3)
        out.raw("</TotalTimeSeconds>\n    <DistanceMeters>")
        out.decimal(max(0, lap.distanceMeters), fractionDigits: 2)
        out.raw("</DistanceMeters>\n")
        if let maximumSpeed = lap.maximumSpeed, maximumSpeed.isFinite, maximumSpeed >= 0 {
            out.raw("    <MaximumSpeed>")
            out.decimal(maximumSpeed, fractionDigits: 3)
            out.raw("</MaximumSpeed>\n")
        }
        out.raw("    <Calories>")
        out.integer(min(max(lap.calories, 0), 65_535))
        out.raw("</Calories>\n")
        if let average = lap.averageHeartRate, (1...255).contains(average) {
            out.raw("    <AverageHeartRateBpm><Value>")
            out.integer(average)
            out.raw("</Value></AverageHeartRateBpm>\n")
        }
        if let maximum = lap.maximumHeartRate, (1...255).contains(maximum) {
            out.raw("    <MaximumHeartRateBpm><Value>")
            out.integer(maximum)
            out.raw("</Value></MaximumHeartRateBpm>\n")
        }
        out.raw(lap.intensity == "Resting" ? "    <Intensity>Resting</Intensity>\n" : "    <Intensity>Active</Intensity>\n")
        if let cadence = lap.cadence, (0...254).contains(cadence) {
            out.raw("    <Cadence>")
            out.integer(cadence)
            out.raw("</Cadence>\n")
        }
        out.raw("    <TriggerMethod>")
        out.escaped(triggerMethods.contains(lap.triggerMethod) ? lap.triggerMethod : "Manual")
        out.raw("</TriggerMethod>\n")
        if lap.points.contains(where: { $0.time != nil }) {
            out.raw("    <Track>\n")
            for point in lap.points { write(point, to: &out) }
            out.raw("    </Track>\n")
        }
        out.raw("   </Lap>\n")
    }

    @inline(__always)
    private static func write(_ point: TrackPoint, to out: inout OutputBuffer) {
        guard let time = point.time else { return }
        out.raw("     <Trackpoint><Time>")
        out.time(time)
        out.raw("</Time><Position><LatitudeDegrees>")
        out.decimal(point.latitude, fractionDigits: 7)
        out.raw("</LatitudeDegrees><LongitudeDegrees>")
        out.longitude(point.longitude)
        out.raw("</LongitudeDegrees></Position>")
        if let elevation = point.elevation, elevation.isFinite {
            out.raw("<AltitudeMeters>")
            out.decimal(elevation, fractionDigits: 2)
            out.raw("</AltitudeMeters>")
        }
        if let distance = point.distance, distance.isFinite {
            out.raw("<DistanceMeters>")
            out.decimal(distance, fractionDigits: 2)
            out.raw("</DistanceMeters>")
        }
        if let heartRate = point.heartRate, (1...255).contains(heartRate) {
            out.raw("<HeartRateBpm><Value>")
            out.integer(heartRate)
            out.raw("</Value></HeartRateBpm>")
        }
        if let cadence = point.cadence, (0...254).contains(cadence) {
            out.raw("<Cadence>")
            out.integer(cadence)
            out.raw("</Cadence>")
        }
        let speed = point.speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let power = point.power.flatMap { $0 >= 0 ? $0 : nil }
        if speed != nil || power != nil {
            out.raw("<Extensions><ns3:TPX>")
            if let speed {
                out.raw("<ns3:Speed>")
                out.decimal(speed, fractionDigits: 3)
                out.raw("</ns3:Speed>")
            }
            if let power {
                out.raw("<ns3:Watts>")
                out.integer(power)
                out.raw("</ns3:Watts>")
            }
            out.raw("</ns3:TPX></Extensions>")
        }
        out.raw("</Trackpoint>\n")
    }
}
