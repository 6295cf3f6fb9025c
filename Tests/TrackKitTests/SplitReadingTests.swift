import Foundation
import Testing

@testable import TrackKit

/// Large GPX files are read by two parsers at once (`SplitGPXReader`); whatever they return must be
/// exactly what the one-parser read returns, and anything unusual must fall back to it.
@Suite struct SplitReadingTests {
    /// A GPX of about `points` × 170 bytes: namespaced heart rate, two tracks with two segments, a few
    /// points without a position and zone-less times late in the file, so line numbers in the second half
    /// are checked too.
    static func largeGPX(
        points: Int, middle: String = "", brokenTail: Bool = false, lateName: Bool = false, encoding: String = "UTF-8"
    ) -> String {
        var text = """
            <?xml version="1.0" encoding="\(encoding)"?>
            <gpx version="1.1" creator="split test" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <metadata><name>Long ride</name></metadata>
              <trk><name>Long ride</name><type>cycling</type><trkseg>

            """
        let start = 1_714_546_800  // 2024-05-01T07:00:00Z
        let formatter = ISO8601DateFormatter()
        for index in 0..<points {
            if index == points / 3 { text += "    </trkseg><trkseg>\n" }
            if index == points / 2 { text += middle }
            // A name for the first track given after some of its points: it still names the track.
            if lateName, index == points * 2 / 3 { text += "    </trkseg><name>Café at the top</name><trkseg>\n" }
            if index == points * 3 / 4 { text += "    </trkseg></trk><trk><name>Second</name><trkseg>\n" }
            let latitude = 47.0 + Double(index) * 0.00001
            let longitude = 8.0 + Double(index % 1000) * 0.00001
            let zone = index > points * 9 / 10 && index % 97 == 0 ? "" : "Z"
            let date = Date(timeIntervalSince1970: TimeInterval(start + index))
            let time = formatter.string(from: date).replacingOccurrences(of: "Z", with: zone)
            if index > points * 2 / 3, index % 501 == 0 {
                text += "    <trkpt><time>\(time)</time></trkpt>\n"
                continue
            }
            text += """
                    <trkpt lat="\(latitude)" lon="\(longitude)"><ele>\(400 + index % 50)</ele><time>\(time)</time>\
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(120 + index % 40)</gpxtpx:hr>\
                </gpxtpx:TrackPointExtension></extensions></trkpt>

                """
        }
        text += brokenTail ? "    <trkpt lat=\"1\" lon=\"2\"><time>x</trkpt>\n" : ""
        text += "  </trkseg></trk>\n</gpx>\n"
        return text
    }

    private func write(_ text: String) throws -> (URL, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("large.gpx")
        try Data(text.utf8).write(to: file)
        return (directory, file)
    }

    private func sequential(_ file: URL) throws -> ReadResult {
        try XMLTrackReader(source: ByteSource(contentsOf: file), expectedPoints: 0).read()
    }

    private func split(_ file: URL) throws -> ReadResult? {
        let source = try ByteSource(contentsOf: file)
        let head = try source.prepare()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        return SplitGPXReader.read(path: file.path, head: head, fileSize: size, expectedPoints: size / 150)
    }

    @Test func twoParsersReadExactlyWhatOneReads() throws {
        let (directory, file) = try write(Self.largeGPX(points: 30_000))
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try sequential(file)
        let two = try #require(try split(file), "a plain GPX above the threshold is read in two halves")

        let same = two.track == one.track  // compared whole; printing both would flood the log
        #expect(same)
        #expect(two.track.segments.count == 3)
        #expect(two.pointsWithoutPosition == one.pointsWithoutPosition)
        #expect(two.pointsWithoutPosition > 0)
        #expect(two.firstPointWithoutPositionLine == one.firstPointWithoutPositionLine)
        #expect(two.zonelessTimes == one.zonelessTimes)
        #expect(two.zonelessTimes > 0)
        #expect(two.firstZonelessLine == one.firstZonelessLine)
        // The last point's line is counted across the split.
        #expect(two.track.segments.last?.last?.sourceLine == one.track.segments.last?.last?.sourceLine)
        #expect((one.track.segments.last?.last?.sourceLine ?? 0) > 30_000)
    }

    @Test func aSplitInsideACommentFallsBackToOneParser() throws {
        // A long comment full of `<trkpt` right where the file is cut: the cut lands inside it.
        let comment = "<!-- " + String(repeating: "<trkpt lat=\"0\" lon=\"0\"> ", count: 400_000) + " -->\n"
        let (directory, file) = try write(Self.largeGPX(points: 20_000, middle: comment))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try split(file)?.track == nil)
        let normalized = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions(clean: false))
        #expect(normalized.usable)
        #expect(normalized.pointsIn == (try sequential(file)).track.allPoints.count)
    }

    @Test func aDamagedSecondHalfGivesTheSameErrorAsOneParser() throws {
        let (directory, file) = try write(Self.largeGPX(points: 20_000, brokenTail: true))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try split(file)?.track == nil)
        let expected = try #require(throws: TrackError.self) { try sequential(file) }
        let normalized = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions(clean: false))
        #expect(!normalized.usable)
        #expect(normalized.issues.map(\.message) == [expected.message])
        #expect(expected.line != nil)
    }

    @Test func aLargeFileCutAnywhereIsReportedTheWayOneParserReportsIt() throws {
        let whole = Data(Self.largeGPX(points: 6_000).utf8)
        #expect(whole.count >= SplitGPXReader.minimumBytes)
        var generator = SyntheticRandom(seed: 20_261_122)
        var cuts = [whole.count / 2, whole.count / 2 + 1, whole.count - 3, whole.count - 20]
        for _ in 0..<12 { cuts.append(Int.random(in: SplitGPXReader.minimumBytes..<whole.count, using: &generator)) }
        for cut in cuts {
            let (directory, file) = try write(String(decoding: whole.prefix(cut), as: UTF8.self))
            defer { try? FileManager.default.removeItem(at: directory) }
            let expected = try #require(throws: TrackError.self, "cut at \(cut)") { try sequential(file) }
            let normalized = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions())
            #expect(!normalized.usable, "cut at \(cut)")
            #expect(normalized.issues.map(\.message) == [expected.message], "cut at \(cut)")
        }
    }

    @Test func aTrackNamedAfterItsPointsIsNamedAsByOneParser() throws {
        let (directory, file) = try write(Self.largeGPX(points: 30_000, lateName: true))
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try sequential(file)
        let two = try #require(try split(file))
        #expect(one.track.name == "Café at the top")
        let same = two.track == one.track  // compared whole; printing both would flood the log
        #expect(same)
    }

    @Test func onlyUTF8FilesAreSplit() throws {
        // Declared Latin-1, with bytes that would also read as UTF-8 ("Ã©" in Latin-1, "é" in UTF-8).
        let bytes = Data(Self.largeGPX(points: 8_000, lateName: true, encoding: "ISO-8859-1").utf8)
        #expect(SplitGPXReader.declaresUTF8(Array(bytes.prefix(100))) == false)
        #expect(SplitGPXReader.declaresUTF8(Array("<?xml version='1.0' encoding='utf-8'?>".utf8)))
        #expect(SplitGPXReader.declaresUTF8(Array("<?xml version=\"1.0\"?>".utf8)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("latin1.gpx")
        try bytes.write(to: file)
        #expect(try split(file)?.track == nil)
        let normalized = try TrackKit.normalize(contentsOf: file, options: NormalizeOptions(clean: false))
        #expect(normalized.name == (try sequential(file)).track.name)
        #expect(normalized.name == "CafÃ© at the top")
    }

    @Test func smallFilesAreNotSplit() throws {
        let (directory, file) = try write(Self.largeGPX(points: 2_000))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try split(file)?.track == nil)
    }
}

