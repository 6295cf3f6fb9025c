import Foundation
import TestSupport
import StravaKit
import Testing
@testable import TrackDrop

/// The sandbox's activity page, loaded in a real browser (headless Chromium over the DevTools protocol, driven by
/// `Tests/Browser/page_check.py`). It must load without an error and draw its track with every vertex the page
/// holds.
@Suite("The sandbox's activity page in a real browser", .serialized)
struct ActivityPageInBrowserTests {
    @Test func theSandboxActivityPageDrawsTheUploadedTrack() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            try Self.runWithHeartRate(points: 600).write(to: harness.inbox.file("hilly.gpx"))
            let results = try await harness.runOnce(session: session)
            let activityID = try #require(results.first?.activityID)
            let url = "\(sandbox.baseURL.absoluteString)/activities/\(activityID)"
            let seen = try await PageCheck.load(url, screenshot: harness.state.file("activity.png"),
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
            PageCheck.keep(harness.state.file("activity.png"), as: "sandbox-activity.png")
        }
    }

    /// A loop of `points` seconds at 4 m/s with a hill and a heart rate, in Garmin's extension.
    static func runWithHeartRate(points: Int) -> Data {
        let start = ActivityFilesByStart.start(901)
        let radius = Double(points) * 4 / (2 * Double.pi)
        var lines: [String] = []
        for index in 0..<points {
            let angle = Double(index) / Double(points) * 2 * Double.pi
            let north = radius * sin(angle), east = radius * (1 - cos(angle))
            let lat = 47.3769 + north / 111_195
            let lon = 8.5417 + east / (111_195 * cos(47.3769 * Double.pi / 180))
            let ele = 410 + 25 * sin(angle)
            let hr = 130 + Int(20 * sin(angle / 2))
            let time = ActivityFilesByStart.timestamp(start.addingTimeInterval(Double(index)))
            lines.append(String(format: #"<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%@</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>"#, lat, lon, ele, time, hr))
        }
        return Data(("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="trackdrop tests" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><name>Hilly Loop</name><type>running</type><trkseg>
            """ + lines.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n").utf8)
    }
}
