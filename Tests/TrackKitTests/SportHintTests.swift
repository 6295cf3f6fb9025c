import Foundation
import Testing
import TrackKit

/// `NormalizeOptions.sport` (a folder's `sport_type`, `check --sport`) overrides the sport the file names
/// when cleaning decides which speeds are plausible.
@Suite struct SportHintTests {
    /// A ride at 16 m/s (58 km/h) on a staircase of right-angle turns every 10 s, in a file that calls
    /// itself a run: on foot such turns at such speed are not plausible, so a runner's smoother rounds them
    /// off; a rider's keeps them.
    private static func fastFileCalledARun() -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="sport hint test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Descent</name><type>running</type><trkseg>

            """
        var north = 0.0, east = 0.0
        let formatter = ISO8601DateFormatter()
        for index in 0..<300 {
            if index > 0 {
                if (index - 1) / 10 % 2 == 0 { north += 16 } else { east += 16 }
            }
            let latitude = 46.5 + north / 111_195
            let longitude = 7.5 + east / (111_195 * cos(46.5 * .pi / 180))
            let time = Date(timeIntervalSince1970: 1_714_546_800 + Double(index))
            text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><time>\(formatter.string(from: time))</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Data(text.utf8)
    }

    @Test func theUsersSportDecidesWhatIsPlausible() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("descent.gpx")
        try Self.fastFileCalledARun().write(to: file)

        let asFiled = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
        let asRide = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions(sport: "Ride"))
        #expect(asFiled.usable && asRide.usable)
        #expect(asFiled.sport == "running")
        #expect(asRide.distanceRawMeters == asFiled.distanceRawMeters)
        // Cleaned as a ride, the turns keep noticeably more of their length than cleaned as a run.
        #expect(asRide.distanceMeters > asFiled.distanceMeters + 0.01 * asFiled.distanceRawMeters)
    }
}
