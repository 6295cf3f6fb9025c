import Foundation
import TestSupport
import Testing

/// The cleaning report of `trackdrop check --report`, written by the built binary and loaded in a real browser
/// (headless Chromium over the DevTools protocol, driven by `Tests/Browser/page_check.py`). It must load without
/// an error and draw its track with every vertex the page holds.
@Suite("The cleaning report in a real browser", .serialized)
struct CleaningReportInBrowserTests {
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
        let seen = try await PageCheck.load(reportFile.absoluteString, screenshot: folder.file("report.png"),
                                            ids: ["recorded-track", "cleaned-track", "removed-spike", "removed-duplicate_time", "speed-recorded", "speed-cleaned", "scale-bar", "corrected-bursts", "corrected-drifts"])
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
        // The burst and drift counts are on the page (0 here: the run has neither), laid out where they can be read.
        #expect(html.contains("data-corrected=\"bursts\">0<"))
        #expect(html.contains("data-corrected=\"drifts\">0<"))
        #expect(seen.elements["corrected-bursts"]?.bbox?[2] ?? 0 > 10)
        #expect(seen.elements["corrected-drifts"]?.bbox?[2] ?? 0 > 10)
        #expect(seen.elements["speed-recorded"]?.vertices ?? 0 > 10)
        #expect(seen.elements["speed-cleaned"]?.vertices ?? 0 > 10)
        PageCheck.keep(folder.file("report.png"), as: "cleaning-report.png")
    }

    /// A track session's page counts the run put on the athletics track's running line, where it can be read, and draws
    /// both tracks.
    @Test func aTrackSessionsReportCountsTheRunPutOnTheLine() async throws {
        let folder = try TemporaryFolder("trackdrop-report")
        defer { folder.remove() }
        let source = folder.file("track-session.gpx")
        try SampleTrack.gpxOnAnAthleticsTrack().write(to: source)
        let reportFile = folder.file("track-session.report.html")
        let check = try BinaryProcess.capturingOutput(arguments: ["check", "--report", reportFile.path, source.path])
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        let html = try String(contentsOf: reportFile, encoding: .utf8)
        #expect(html.contains("data-corrected=\"athletics_track\">1<"))
        let seen = try await PageCheck.load(reportFile.absoluteString, screenshot: folder.file("track-report.png"),
                                            ids: ["recorded-track", "cleaned-track", "corrected-athletics-track"])
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        #expect(seen.elements["corrected-athletics-track"]?.bbox?[2] ?? 0 > 10)
        for id in ["recorded-track", "cleaned-track"] {
            #expect(seen.elements[id]?.bbox?[2] ?? 0 > 10, "\(id)")
        }
        PageCheck.keep(folder.file("track-report.png"), as: "track-session-report.png")
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
        let start = ActivityFilesByStart.start(900)
        let metre = 1 / 111_195.0
        for index in 0..<80 {
            let east = Double(min(index, 40)) * 4, north = Double(max(0, index - 40)) * 4
            var lat = 47.3769 + north * metre
            let lon = 8.5417 + east * metre / cos(47.3769 * Double.pi / 180)
            if index == 60 { lat += 400 * metre }
            let time = ActivityFilesByStart.timestamp(start.addingTimeInterval(Double(index)))
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
}
