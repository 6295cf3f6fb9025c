import Foundation
import Testing

@testable import TrackKit

/// What trackdrop writes validates against the XSDs and reads back with every value intact.
@Suite struct RoundTripTests {
    static let start = Date(timeIntervalSince1970: 1_714_546_800)

    static func points(_ count: Int, from offset: Int = 0) -> [TrackPoint] {
        (0..<count).map { index in
            let i = index + offset
            return TrackPoint(
                latitude: 47.1234567 + Double(i) * 0.0001, longitude: -8.7654321 - Double(i) * 0.00005,
                elevation: 400.25 + Double(i), time: start.addingTimeInterval(Double(i) + (i % 3 == 0 ? 0.5 : 0)),
                heartRate: 120 + i % 40, cadence: 80 + i % 10, temperature: 18.5, power: 200 + i,
                speed: 3.25, distance: Double(i) * 8.5)
        }
    }

    @Test func gpxKeepsSensorDataAndValidates() throws {
        let track = Track(format: .gpx, name: "Morning <run> & more", sport: "running", creator: "Garmin Edge 530",
                          segments: [Self.points(30), Self.points(20, from: 40)])
        let data = try TrackKit.write(track)
        try TrackKit.validate(data: data, format: .gpx)
        let back = try TrackKit.read(data: data)
        #expect(back.name == track.name)
        #expect(back.sport == "running")
        #expect(back.creator == "Garmin Edge 530")
        #expect(back.segments.count == 2)
        for (written, read) in zip(track.allPoints, back.allPoints) {
            #expect(abs(written.latitude - read.latitude) < 1e-7)
            #expect(abs(written.longitude - read.longitude) < 1e-7)
            #expect(written.elevation == read.elevation)
            #expect(written.time == read.time)
            #expect(written.heartRate == read.heartRate)
            #expect(written.cadence == read.cadence)
            #expect(written.temperature == read.temperature)
            #expect(written.power == read.power)
            #expect(written.speed == read.speed)
        }
    }

    @Test func tcxKeepsLapsSensorDataAndValidates() throws {
        let first = Self.points(10)
        let second = Self.points(10, from: 10)
        let laps = [
            Lap(startTime: Self.start, totalTimeSeconds: 10, distanceMeters: 85, calories: 12, averageHeartRate: 125,
                maximumHeartRate: 139, maximumSpeed: 4.5, triggerMethod: "Distance", cadence: 84, points: first),
            Lap(startTime: Self.start.addingTimeInterval(10), totalTimeSeconds: 10, distanceMeters: 86.5, calories: 13,
                intensity: "Resting", triggerMethod: "Manual", points: second),
        ]
        let track = Track(format: .tcx, sport: "Biking", segments: [first, second], laps: laps)
        let data = try TrackKit.write(track)
        try TrackKit.validate(data: data, format: .tcx)
        let back = try TrackKit.read(data: data)
        #expect(back.sport == "Biking")
        #expect(back.laps.count == 2)
        for (written, read) in zip(laps, back.laps) {
            #expect(written.startTime == read.startTime)
            #expect(written.totalTimeSeconds == read.totalTimeSeconds)
            #expect(written.distanceMeters == read.distanceMeters)
            #expect(written.calories == read.calories)
            #expect(written.averageHeartRate == read.averageHeartRate)
            #expect(written.maximumHeartRate == read.maximumHeartRate)
            #expect(written.maximumSpeed == read.maximumSpeed)
            #expect(written.intensity == read.intensity)
            #expect(written.triggerMethod == read.triggerMethod)
            #expect(written.cadence == read.cadence)
            #expect(written.points.count == read.points.count)
        }
        for (written, read) in zip(track.allPoints, back.allPoints) {
            #expect(abs(written.latitude - read.latitude) < 1e-7)
            #expect(written.time == read.time)
            #expect(written.elevation == read.elevation)
            #expect(written.heartRate == read.heartRate)
            #expect(written.cadence == read.cadence)
            #expect(written.power == read.power)
            #expect(written.speed == read.speed)
            #expect(written.distance == read.distance)
        }
    }

    @Test func outOfRangeSensorValuesAreLeftOutSoTheOutputStaysValid() throws {
        var point = Self.points(2)
        point[0].heartRate = 300
        point[0].cadence = -4
        point[0].power = -1
        point[1].longitude = 180
        let gpx = try TrackKit.write(Track(format: .gpx, segments: [point]))
        try TrackKit.validate(data: gpx, format: .gpx)
        let tcx = try TrackKit.write(Track(format: .tcx, segments: [point]))
        try TrackKit.validate(data: tcx, format: .tcx)
        #expect(try TrackKit.read(data: gpx).allPoints[0].heartRate == nil)
    }

    @Test func validationCatchesAnInvalidDocument() throws {
        let bad = Data("""
            <?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg><trkpt lat="99" lon="8"/></trkseg></trk></gpx>
            """.utf8)
        let error = try #require(throws: TrackError.self) { try TrackKit.validate(data: bad, format: .gpx) }
        #expect(error.code == "output-invalid")
        #expect(error.line == 2)
    }

    @Test func validationRunsConcurrently() async throws {
        let data = try TrackKit.write(Track(format: .gpx, segments: [Self.points(100)]))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try TrackKit.validate(data: data, format: .gpx) } }
            try await group.waitForAll()
        }
    }
}
