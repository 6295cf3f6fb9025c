import Foundation

/// Small activity files made in the tests.
public enum SampleTrack {
    /// A GPX track of `points` points one second apart, heading north from `latitude`.
    public static func gpx(start: Date = Date(timeIntervalSince1970: 1_763_708_531), points: Int = 20,
                    latitude: Double = 47.37, timed: Bool = true, name: String? = nil) -> Data {
        let formatter = Date.ISO8601FormatStyle()
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<gpx version=\"1.1\" creator=\"trackdrop tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
            "<trk>" + (name.map { "<name>\($0)</name>" } ?? "") + "<type>running</type><trkseg>",
        ]
        for index in 0..<points {
            let lat = latitude + Double(index) * 0.00003
            let time = timed ? "<time>\(formatter.format(start.addingTimeInterval(Double(index))))</time>" : ""
            lines.append("<trkpt lat=\"\(lat)\" lon=\"8.54\"><ele>410</ele>\(time)</trkpt>")
        }
        lines.append("</trkseg></trk></gpx>")
        return Data(lines.joined(separator: "\n").utf8)
    }
}
