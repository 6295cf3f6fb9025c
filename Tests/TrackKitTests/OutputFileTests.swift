import Foundation
import Testing
import TrackKit

/// `NormalizeOptions.outputFile`: the normalized file goes straight to disk, replaces the destination only
/// when the track is usable, and large outputs are validated on a sample.
@Suite("Writing the normalized file to disk")
struct OutputFileTests {
    private static func gpx(points: Int, timed: Bool = true) -> Data {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trackdrop tests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Output file test</name><type>running</type><trkseg>

            """
        text.reserveCapacity(points * 110)
        for index in 0..<points {
            // A straight line north-east at about 3 m/s, no noise.
            let lat = 47.3 + Double(index) * 0.00002
            let lon = 8.5 + Double(index) * 0.00002
            // One point a second from 2026-11-18T00:00:00Z.
            let day = 18 + index / 86_400, hour = index / 3600 % 24, minute = index / 60 % 60, second = index % 60
            let time = "2026-11-\(day)T\(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(second))Z"
            let stamp = timed ? "<time>\(time)</time>" : ""
            text += "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><ele>400.0</ele>\(stamp)</trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n"
        return Data(text.utf8)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("trackkit-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aSmallOutputIsWrittenToTheFileAndValidatedInFull() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("run.gpx")
        try Self.gpx(points: 500).write(to: source)
        let destination = folder.appendingPathComponent("out/clean.gpx")
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)

        let result = try TrackKit.normalize(
            contentsOf: source, options: NormalizeOptions(clean: false, outputFile: destination))

        #expect(result.usable)
        #expect(result.outputValidation == .full)
        #expect(result.output.isEmpty)
        #expect(result.outputFile == destination)
        let written = try Data(contentsOf: destination)
        try TrackKit.validate(data: written, format: .gpx)
        #expect(try TrackKit.read(data: written).allPoints.count == 500)
        // Nothing but the destination is left in its folder (no temporary files).
        let left = try FileManager.default.contentsOfDirectory(atPath: destination.deletingLastPathComponent().path)
        #expect(left == ["clean.gpx"])
    }

    @Test func anUnusableTrackLeavesTheDestinationUntouched() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("route.gpx")
        try Self.gpx(points: 50, timed: false).write(to: source)
        let destination = folder.appendingPathComponent("clean.gpx")
        try Data("previous".utf8).write(to: destination)

        let result = try TrackKit.normalize(contentsOf: source, options: NormalizeOptions(outputFile: destination))

        #expect(!result.usable)
        #expect(result.issues.contains { $0.code == "no-timestamps" })
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["clean.gpx", "route.gpx"])
    }

    @Test func anOutputOverTheFullLimitIsValidatedOnASample() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("long.gpx")
        // Enough points that the written GPX passes OutputValidation.fullLimitBytes.
        let points = OutputValidation.fullLimitBytes / 80
        try Self.gpx(points: points).write(to: source)
        let destination = folder.appendingPathComponent("long-clean.gpx")

        let result = try TrackKit.normalize(
            contentsOf: source, options: NormalizeOptions(clean: false, outputFile: destination))

        let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int ?? 0
        #expect(size > OutputValidation.fullLimitBytes)
        #expect(result.usable)
        #expect(result.outputValidation == .covering)
        #expect(result.pointsOut == points)
    }
}
