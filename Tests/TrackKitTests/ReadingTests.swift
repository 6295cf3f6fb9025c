import Foundation
import TestSupport
import Testing

@testable import TrackKit

/// Lenient reading of real-world GPX and TCX quirks.
@Suite struct ReadingTests {
    @Test func readsSensorDataFromGarminExtensionsAndPower() throws {
        let ext = """
            <extensions><power>250</power><gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\
            <gpxtpx:atemp>21.5</gpxtpx:atemp><gpxtpx:hr>142</gpxtpx:hr><gpxtpx:cad>88</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>
            """
        let track = try TrackKit.read(data: Data(SampleGPX.track(points: 3, extraPointXML: ext).utf8))
        let point = try #require(track.allPoints.first)
        #expect(track.format == .gpx)
        #expect(track.name == "Test run")
        #expect(track.sport == "running")
        #expect(track.creator == "test")
        #expect(point.heartRate == 142)
        #expect(point.cadence == 88)
        #expect(point.temperature == 21.5)
        #expect(point.power == 250)
        #expect(point.elevation == 400)
        #expect(point.latitude == 47.0)
        #expect(point.sourceLine == 4)
        #expect(track.allPoints.count == 3)
    }

    @Test func toleratesBOMAndWhitespaceBeforeTheDeclaration() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("\n\n   \t".utf8))
        data.append(Data(SampleGPX.track().utf8))
        let summary = try TrackKit.summarize(data: data, format: .gpx)
        #expect(summary.pointCount == 5)
        #expect(summary.timedPointCount == 5)
        let whitespaceThenBOM = Data("  ".utf8) + Data([0xEF, 0xBB, 0xBF]) + Data(SampleGPX.track().utf8)
        #expect(try TrackKit.summarize(data: whitespaceThenBOM, format: .gpx).pointCount == 5)
    }

    @Test func readsGzippedInputFromMemoryAndFromFile() throws {
        let plain = Data(SampleGPX.track(points: 2_000, time: { "2024-05-01T07:\(String(format: "%02d:%02d", $0 / 60 % 60, $0 % 60))Z" }).utf8)
        let compressed = try Gzip.compress(plain)
        #expect(compressed.count < plain.count / 3)
        let summary = try TrackKit.summarize(data: compressed, format: .gpx)
        #expect(summary.pointCount == 2_000)
        let scratch = try ScratchFolder()
        let file = try scratch.write("run.gpx.gz", compressed)
        let result = try TrackKit.normalize(contentsOf: file, options: .init(clean: false))
        #expect(result.gzipped)
        #expect(result.usable)
        #expect(result.pointsIn == 2_000)
        #expect(result.output.starts(with: Data("<?xml".utf8)))
    }

    @Test func zonelessTimesAreUTCWithAWarning() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.write("zoneless.gpx", SampleGPX.track(time: { "2024-05-01T07:00:0\($0)" }))
        let result = try TrackKit.normalize(contentsOf: file, options: .init(clean: false))
        #expect(result.usable)
        let issue = try #require(result.issues.first { $0.code == "zoneless-times" })
        #expect(issue.severity == .warning)
        #expect(issue.message.contains("line 4"))
        #expect(result.startTime == Date(timeIntervalSince1970: 1_714_546_800))
    }

    @Test func parsesFractionalSecondsAndOffsets() throws {
        let times = ["2024-05-01T09:00:00.250+02:00", "2024-05-01T07:00:01.5Z", "2024-05-01T03:00:02-0400", "2024-05-01 07:00:03Z"]
        let track = try TrackKit.read(data: Data(SampleGPX.track(points: 4, time: { times[$0] }).utf8))
        let seconds = track.allPoints.map { $0.time!.timeIntervalSince1970 - 1_714_546_800 }
        #expect(seconds == [0.25, 1.5, 2, 3])
    }

    @Test func readsGPX10WithoutNamespaceAndWithSpeed() throws {
        let xml = """
            <?xml version="1.0"?>
            <gpx version="1.0" creator="logger"><time>2024-05-01T07:00:00Z</time><trk><trkseg>
            <trkpt lat="10.5" lon="-20.25"><ele>5</ele><time>2024-05-01T07:00:00Z</time><speed>3.5</speed></trkpt>
            <trkpt lat="10.5001" lon="-20.25"><time>2024-05-01T07:00:01Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try TrackKit.read(data: Data(xml.utf8))
        #expect(track.allPoints.count == 2)
        #expect(track.allPoints[0].speed == 3.5)
        #expect(track.allPoints[0].longitude == -20.25)
    }

    @Test func readsTCXLapsAndSensors() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Biking"><Id>2024-05-01T07:00:00Z</Id>
            <Lap StartTime="2024-05-01T07:00:00Z"><TotalTimeSeconds>2.0</TotalTimeSeconds><DistanceMeters>20.5</DistanceMeters>
            <Calories>3</Calories><AverageHeartRateBpm><Value>130</Value></AverageHeartRateBpm><Intensity>Active</Intensity>
            <TriggerMethod>Distance</TriggerMethod><Track>
            <Trackpoint><Time>2024-05-01T07:00:00Z</Time><Position><LatitudeDegrees>47</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position>
            <AltitudeMeters>400</AltitudeMeters><DistanceMeters>0</DistanceMeters><HeartRateBpm><Value>128</Value></HeartRateBpm><Cadence>90</Cadence>
            <Extensions><TPX xmlns="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Speed>7.5</Speed><Watts>210</Watts></TPX></Extensions></Trackpoint>
            <Trackpoint><Time>2024-05-01T07:00:02Z</Time><HeartRateBpm><Value>129</Value></HeartRateBpm></Trackpoint>
            <Trackpoint><Time>2024-05-01T07:00:03Z</Time><Position><LatitudeDegrees>47.0002</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let track = try TrackKit.read(data: Data(xml.utf8))
        #expect(track.format == .tcx)
        #expect(track.sport == "Biking")
        #expect(track.laps.count == 1)
        let lap = try #require(track.laps.first)
        #expect(lap.distanceMeters == 20.5)
        #expect(lap.averageHeartRate == 130)
        #expect(lap.triggerMethod == "Distance")
        #expect(lap.calories == 3)
        // The trackpoint without a position is left out (and reported by normalize).
        #expect(track.allPoints.count == 2)
        let first = track.allPoints[0]
        #expect(first.heartRate == 128)
        #expect(first.cadence == 90)
        #expect(first.speed == 7.5)
        #expect(first.power == 210)
        #expect(first.distance == 0)
    }

    @Test func routesAndWaypointsOnlyAreNotATrack() throws {
        let xml = """
            <?xml version="1.0"?><gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="1" lon="2"><name>A</name></wpt><rte><rtept lat="1" lon="2"/><rtept lat="1.1" lon="2"/></rte></gpx>
            """
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("route.gpx", xml), options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes == ["not-a-track"])
        #expect(result.issues[0].message.contains("1 waypoints and 2 route points"))
    }

    @Test func timeChecksNameTheirPlace() throws {
        let times = ["2024-05-01T07:00:00Z", "2024-05-01T07:00:05Z", "2024-05-01T07:00:05Z", "2024-05-01T07:00:03Z", "2024-05-01T07:00:09Z"]
        let scratch = try ScratchFolder()
        let file = try scratch.write("times.gpx", SampleGPX.track(points: 5, time: { times[$0] }))
        let result = try TrackKit.normalize(contentsOf: file, options: .init(clean: false))
        #expect(result.usable)
        let backwards = try #require(result.issues.first { $0.code == "time-backwards" })
        #expect(backwards.message.contains("point 4 (line 7)"))
        let duplicate = try #require(result.issues.first { $0.code == "duplicate-times" })
        #expect(duplicate.message.contains("point 3 (line 6)"))
    }

    @Test func missingTimesAre_noTimestamps() throws {
        let xml = SampleGPX.track(points: 4).replacingOccurrences(of: #"<time>[^<]*</time>"#, with: "", options: .regularExpression)
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("untimed.gpx", xml), options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes == ["no-timestamps"])
        #expect(result.issues.first { $0.code == "no-timestamps" }!.message.contains("line 4"))
        let summary = try TrackKit.summarize(data: Data(xml.utf8), format: .gpx)
        #expect(summary.pointCount == 4)
        #expect(summary.timedPointCount == 0)
    }

    @Test func outOfRangeAndNullIslandPointsAreDropped() throws {
        var xml = SampleGPX.track(points: 5)
        xml = xml.replacingOccurrences(of: #"lat="47.0001""#, with: #"lat="97.5""#)
        xml = xml.replacingOccurrences(of: #"lat="47.0002" lon="8.0""#, with: #"lat="0" lon="0""#)
        let scratch = try ScratchFolder()
        let result = try TrackKit.normalize(contentsOf: try scratch.write("bad.gpx", xml), options: .init(clean: false))
        #expect(result.usable)
        #expect(result.pointsIn == 5)
        #expect(result.pointsOut == 3)
        #expect(result.removed["invalid_position"] == 2)
        #expect(result.codes.isSuperset(of: ["coordinates-out-of-range", "zero-coordinates"]))
    }

    @Test func datesFrom1970AreImplausible() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.write("1970.gpx", SampleGPX.track(time: { "1970-01-01T00:00:0\($0)Z" }))
        let result = try TrackKit.normalize(contentsOf: file, options: .init())
        #expect(!result.usable)
        #expect(result.errorCodes == ["implausible-date"])
    }

    @Test func scannerParsesNumbersExactly() {
        func parse(_ text: String) -> Double? {
            var copy = text
            return copy.withUTF8 { TextScanner.double($0) }
        }
        #expect(parse("47.1234567") == 47.1234567)
        #expect(parse(" -8.5 ") == -8.5)
        #expect(parse("1e3") == 1000)
        #expect(parse("007") == 7)
        #expect(parse("abc") == nil)
        #expect(parse("") == nil)
        #expect(parse("12.34.5") == nil)
    }
}
