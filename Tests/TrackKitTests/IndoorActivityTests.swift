import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// Treadmill and trainer sessions exported as TCX carry times, heart rate and the device's distance but
/// no GPS position; Strava takes them, so trackdrop passes them through instead of refusing them.
@Suite struct IndoorActivityTests {
    static func treadmillTCX(points: Int = 120, year: Int = 2024) -> String {
        var trackpoints = ""
        for index in 0..<points {
            let minute = index / 60, second = index % 60
            trackpoints += """
                <Trackpoint><Time>\(year)-03-05T18:\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z</Time>\
                <DistanceMeters>\(Double(index) * 2.9)</DistanceMeters><HeartRateBpm><Value>\(130 + index % 20)</Value></HeartRateBpm>\
                <Cadence>86</Cadence></Trackpoint>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
              <Activities><Activity Sport="Running"><Id>\(year)-03-05T18:00:00Z</Id>
                <Lap StartTime="\(year)-03-05T18:00:00Z"><TotalTimeSeconds>\(points - 1)</TotalTimeSeconds>
                  <DistanceMeters>\(Double(points - 1) * 2.9)</DistanceMeters><Calories>30</Calories>
                  <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>
                  <Track>
            \(trackpoints)      </Track>
                </Lap>
              </Activity></Activities>
            </TrainingCenterDatabase>

            """
    }

    private func withFile(_ data: Data, name: String, _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("indoor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try data.write(to: file)
        try body(file)
    }

    @Test func aTreadmillRunIsPassedThroughWithItsDistance() throws {
        let original = Data(Self.treadmillTCX().utf8)
        try withFile(original, name: "treadmill.tcx") { file in
            let result = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
            #expect(result.usable)
            #expect(result.format == .tcx)
            #expect(result.issues.map(\.code) == ["indoor"])
            #expect(result.output == original)
            #expect(result.pointsIn == 120)
            #expect(abs(result.distanceMeters - 119 * 2.9) < 0.001)
            #expect(result.duration == 119)
            #expect(result.startTime == ISO8601DateFormatter().date(from: "2024-03-05T18:00:00Z"))
            #expect(result.sport == "Running")
        }
    }

    @Test func aGzippedTreadmillRunComesBackInflated() throws {
        let original = Data(Self.treadmillTCX().utf8)
        try withFile(try Gzip.compress(original), name: "treadmill.tcx.gz") { file in
            let result = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
            #expect(result.usable)
            #expect(result.gzipped)
            #expect(result.output == original)
        }
    }

    @Test func theSandboxSummaryCountsItsTimedPoints() throws {
        let summary = try TrackKit.summarize(data: Data(Self.treadmillTCX().utf8), format: .tcx)
        #expect(summary.timedPointCount == 120)
        #expect(summary.pointCount == 120)
        #expect(abs(summary.distanceMeters - 119 * 2.9) < 0.001)
    }

    @Test func anIndoorSessionWithAnUnsetClockIsRefused() throws {
        try withFile(Data(Self.treadmillTCX(year: 1970).utf8), name: "unset-clock.tcx") { file in
            let result = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
            #expect(!result.usable)
            #expect(result.issues.map(\.code).contains("implausible-date"))
        }
    }

    @Test func aSingleTimedPointWithoutPositionIsStillRefused() throws {
        try withFile(Data(Self.treadmillTCX(points: 1).utf8), name: "one.tcx") { file in
            let result = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
            #expect(!result.usable)
        }
    }
}
