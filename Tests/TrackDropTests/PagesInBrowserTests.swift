import Foundation
import TestSupport
import StravaKit
import Testing
@testable import TrackDrop

/// The pages people look at, loaded in a real browser (headless Chromium over the DevTools protocol, driven by
/// `Tests/Browser/page_check.py`): the cleaning report of `trackdrop check --report` and the sandbox's activity
/// page. Each must load without an error and draw its track with every vertex the page holds.
@Suite("Pages in a real browser", .serialized)
struct PagesInBrowserTests {
    /// What the browser saw of one element.
    struct Element: Decodable {
        var found: Bool
        var vertices: Int?
        var bbox: [Double]?
    }

    struct Seen: Decodable {
        var errors: [String]
        var title: String?
        var elements: [String: Element]
    }

    @Test func theCleaningReportDrawsTheRecordedAndTheCleanedTrack() async throws {
        let folder = try TemporaryFolder("trackdrop-report")
        defer { folder.remove() }
        let source = folder.file("spiky.gpx")
        try Self.spikyRun().write(to: source)
        let reportFile = folder.file("spiky.report.html")
        let check = try BinaryProcess.capturingOutput(arguments: ["check", "--json", "--report", reportFile.path, source.path])
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
        let pointsIn = try #require(summary["points_in"] as? Int)
        let pointsOut = try #require(summary["points_out"] as? Int)
        let removed = try #require(summary["removed"] as? [String: Int])
        #expect(removed["spikes"] == 1)
        #expect(removed["duplicates"] == 1)
        #expect(summary["report"] as? String == reportFile.path)

        let html = try String(contentsOf: reportFile, encoding: .utf8)
        let seen = try Self.load(reportFile.absoluteString, screenshot: folder.file("report.png"),
                                 ids: ["recorded-track", "cleaned-track", "removed-spike", "removed-duplicate_time", "speed-recorded", "speed-cleaned", "scale-bar"])
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        // Points 4 m (several pixels) apart are all drawn: the browser parsed one vertex per point of each track.
        let recorded = try #require(seen.elements["recorded-track"])
        let cleaned = try #require(seen.elements["cleaned-track"])
        #expect(recorded.vertices == pointsIn)
        #expect(cleaned.vertices == pointsOut)
        #expect(recorded.vertices == Self.attribute("data-vertices", ofElement: "recorded-track", in: html))
        for element in [recorded, cleaned] {
            let box = try #require(element.bbox)
            #expect(box[2] > 10 && box[3] > 10, "an empty bounding box: \(box)")
        }
        #expect(seen.elements["scale-bar"]?.bbox?[2] ?? 0 > 10)
        // The far-off spike lies outside the cleaned track's frame and is counted; the duplicate is marked.
        #expect(html.contains("lie outside the map") || seen.elements["removed-spike"]?.bbox?[2] ?? 0 > 0)
        #expect(seen.elements["removed-duplicate_time"]?.found == true)
        #expect(seen.elements["speed-recorded"]?.vertices ?? 0 > 10)
        #expect(seen.elements["speed-cleaned"]?.vertices ?? 0 > 10)
        Self.keep(folder.file("report.png"), as: "cleaning-report.png")
    }

    @Test func theSandboxActivityPageDrawsTheUploadedTrack() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            try Self.runWithHeartRate(points: 600).write(to: harness.inbox.file("hilly.gpx"))
            let results = try await harness.runOnce(session: session)
            let activityID = try #require(results.first?.activityID)
            let url = "\(sandbox.baseURL.absoluteString)/activities/\(activityID)"
            let seen = try Self.load(url, screenshot: harness.state.file("activity.png"),
                                     ids: ["activity-track", "elevation-profile", "heart-rate-profile", "distance", "elevation-gain", "start", "finish"])
            #expect(seen.errors.isEmpty, "\(seen.errors)")
            #expect(seen.title?.contains("Hilly Loop") == true)
            // 600 points, each 4 m apart on a 960-pixel map of a ~1 km loop: every one is drawn.
            let track = try #require(seen.elements["activity-track"])
            #expect(track.vertices == 600)
            let box = try #require(track.bbox)
            #expect(box[2] > 100 && box[3] > 100, "an empty bounding box: \(box)")
            #expect(seen.elements["elevation-profile"]?.vertices ?? 0 > 10)
            #expect(seen.elements["heart-rate-profile"]?.vertices ?? 0 > 10)
            #expect(seen.elements["start"]?.found == true && seen.elements["finish"]?.found == true)
            Self.keep(harness.state.file("activity.png"), as: "sandbox-activity.png")
        }
    }

    /// Runs `page_check.py` and decodes what it saw.
    static func load(_ url: String, screenshot: URL, ids: [String]) throws -> Seen {
        let script = BinaryProcess.repositoryRoot.appendingPathComponent("Tests/Browser/page_check.py")
        let result = try BinaryProcess.run("/usr/bin/env", arguments: ["python3", script.path, url, screenshot.path] + ids)
        #expect(result.status == 0, "page_check.py: \(result.output)\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: screenshot.path))
        return try JSONDecoder().decode(Seen.self, from: Data(result.output.utf8))
    }

    /// `TRACKDROP_SCREENSHOTS=folder swift test --filter PagesInBrowser` keeps the screenshots (the README's come
    /// from there).
    static func keep(_ screenshot: URL, as name: String) {
        guard let folder = ProcessInfo.processInfo.environment["TRACKDROP_SCREENSHOTS"] else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try? FileManager.default.copyItem(at: screenshot, to: target)
    }

    static func attribute(_ name: String, ofElement id: String, in html: String) -> Int? {
        guard let element = html.range(of: "id=\"\(id)\"") else { return nil }
        let rest = html[element.upperBound...]
        guard let start = rest.range(of: "\(name)=\""), let end = rest[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return Int(rest[start.upperBound..<end])
    }

    /// A 4 m/s run 160 m east, then 160 m north, with one spike 400 m off and one duplicated time.
    static func spikyRun() -> Data {
        var points: [String] = []
        let start = ActivityFiles.start(900)
        let metre = 1 / 111_195.0
        for index in 0..<80 {
            let east = Double(min(index, 40)) * 4, north = Double(max(0, index - 40)) * 4
            var lat = 47.3769 + north * metre
            let lon = 8.5417 + east * metre / cos(47.3769 * Double.pi / 180)
            if index == 60 { lat += 400 * metre }
            let time = ActivityFiles.timestamp(start.addingTimeInterval(Double(index)))
            points.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"><time>%@</time></trkpt>"#, lat, lon, time))
            if index == 20 {
                points.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"><time>%@</time></trkpt>"#, lat + 2 * metre, lon, time))
            }
        }
        return Data(("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trackdrop tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Spiky</name><type>running</type><trkseg>
            """ + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n").utf8)
    }

    /// A loop of `points` seconds at 4 m/s with a hill and a heart rate, in Garmin's extension.
    static func runWithHeartRate(points: Int) -> Data {
        let start = ActivityFiles.start(901)
        let radius = Double(points) * 4 / (2 * Double.pi)
        var lines: [String] = []
        for index in 0..<points {
            let angle = Double(index) / Double(points) * 2 * Double.pi
            let north = radius * sin(angle), east = radius * (1 - cos(angle))
            let lat = 47.3769 + north / 111_195
            let lon = 8.5417 + east / (111_195 * cos(47.3769 * Double.pi / 180))
            let ele = 410 + 25 * sin(angle)
            let hr = 130 + Int(20 * sin(angle / 2))
            let time = ActivityFiles.timestamp(start.addingTimeInterval(Double(index)))
            lines.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%@</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>"#, lat, lon, ele, time, hr))
        }
        return Data(("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trackdrop tests" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><name>Hilly Loop</name><type>running</type><trkseg>
            """ + lines.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n").utf8)
    }
}
