import Foundation

/// Synthetic but realistic activity files: a run along a straight line with one point per second.
public enum ActivityFilesByStart {
    public static func timestamp(_ date: Date) -> String { date.formatted(.iso8601) }

    /// A GPX run starting at `start`, `points` seconds long, about 3 m/s heading north-east.
    public static func gpx(start: Date, points: Int = 240, name: String? = "Morning Run", timestamps: Bool = true) -> Data {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="trackdrop tests" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "<trk>",
        ]
        if let name { lines.append("<name>\(name)</name>") }
        lines.append("<type>running</type><trkseg>")
        for index in 0..<points {
            let lat = 47.3769 + Double(index) * 0.000019
            let lon = 8.5417 + Double(index) * 0.000019
            let time = timestamps ? "<time>\(timestamp(start.addingTimeInterval(Double(index))))</time>" : ""
            lines.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele>%@</trkpt>"#, lat, lon, 410.0 + Double(index % 7) * 0.3, time))
        }
        lines += ["</trkseg>", "</trk>", "</gpx>"]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// The same run as TCX (a second export of one activity).
    public static func tcx(start: Date, points: Int = 240) -> Data {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">"#,
            #"<Activities><Activity Sport="Running">"#,
            "<Id>\(timestamp(start))</Id>",
            #"<Lap StartTime="\#(timestamp(start))"><TotalTimeSeconds>\#(points - 1)</TotalTimeSeconds><DistanceMeters>0</DistanceMeters><Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"#,
        ]
        for index in 0..<points {
            let lat = 47.3769 + Double(index) * 0.000019
            let lon = 8.5417 + Double(index) * 0.000019
            lines.append(String(format: "<Trackpoint><Time>%@</Time><Position><LatitudeDegrees>%.7f</LatitudeDegrees><LongitudeDegrees>%.7f</LongitudeDegrees></Position><AltitudeMeters>%.1f</AltitudeMeters></Trackpoint>",
                                timestamp(start.addingTimeInterval(Double(index))), lat, lon, 410.0))
        }
        lines += ["</Track></Lap></Activity></Activities>", "</TrainingCenterDatabase>"]
        return Data(lines.joined(separator: "\n").utf8)
    }

    /// Distinct start times, one day apart, so the sandbox never sees two of them as the same activity.
    public static func start(_ index: Int) -> Date {
        Date(timeIntervalSince1970: 1_650_000_000 + Double(index) * 86_400)
    }
}
