/// The GPX and TCX elements the reader cares about, matched on local names so that files with missing
/// or wrong namespaces still read.
enum ElementKind: UInt8 {
    case other
    // GPX
    case gpx, metadata, trk, trkseg, trkpt, rte, rtept, wpt, name, type, ele, time, extensions
    case heartRate, cadence, temperature, power, speed, distance
    // TCX
    case trainingCenterDatabase, activities, activity, courses, course, lap, track, trackpoint
    case tcxTime, position, latitudeDegrees, longitudeDegrees, altitudeMeters, distanceMeters
    case heartRateBpm, value, tcxCadence, runCadence, watts, tcxSpeed, totalTimeSeconds, maximumSpeed
    case calories, averageHeartRateBpm, maximumHeartRateBpm, intensity, triggerMethod, creator, tcxName
    case id, coursePoint

    private static let table: [String: ElementKind] = [
        "gpx": .gpx, "metadata": .metadata, "trk": .trk, "trkseg": .trkseg, "trkpt": .trkpt, "rte": .rte,
        "rtept": .rtept, "wpt": .wpt, "name": .name, "type": .type, "ele": .ele, "time": .time,
        "extensions": .extensions,
        "hr": .heartRate, "heartrate": .heartRate, "heartRate": .heartRate,
        "cad": .cadence, "cadence": .cadence,
        "atemp": .temperature, "temp": .temperature, "temperature": .temperature,
        "power": .power, "PowerInWatts": .power, "watts": .power,
        "speed": .speed, "distance": .distance,
        "TrainingCenterDatabase": .trainingCenterDatabase, "Activities": .activities, "Activity": .activity,
        "Courses": .courses, "Course": .course, "Lap": .lap, "Track": .track, "Trackpoint": .trackpoint,
        "Time": .tcxTime, "Position": .position, "LatitudeDegrees": .latitudeDegrees,
        "LongitudeDegrees": .longitudeDegrees, "AltitudeMeters": .altitudeMeters,
        "DistanceMeters": .distanceMeters, "HeartRateBpm": .heartRateBpm, "Value": .value,
        "Cadence": .tcxCadence, "RunCadence": .runCadence, "Watts": .watts, "Speed": .tcxSpeed,
        "TotalTimeSeconds": .totalTimeSeconds, "MaximumSpeed": .maximumSpeed, "Calories": .calories,
        "AverageHeartRateBpm": .averageHeartRateBpm, "MaximumHeartRateBpm": .maximumHeartRateBpm,
        "Intensity": .intensity, "TriggerMethod": .triggerMethod, "Creator": .creator, "Name": .tcxName,
        "Id": .id, "CoursePoint": .coursePoint,
    ]

    /// Elements whose text the reader uses; the text of every other element is never gathered.
    var carriesText: Bool {
        switch self {
        case .name, .type, .ele, .time, .heartRate, .cadence, .temperature, .power, .speed, .distance, .tcxTime,
             .latitudeDegrees, .longitudeDegrees, .altitudeMeters, .distanceMeters, .value, .tcxCadence,
             .runCadence, .watts, .tcxSpeed, .totalTimeSeconds, .maximumSpeed, .calories, .intensity,
             .triggerMethod, .tcxName:
            return true
        default:
            return false
        }
    }

    init(localName: String) {
        self = Self.table[localName] ?? .other
    }
}
