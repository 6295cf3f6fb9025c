import Foundation
import TestSupport
import Testing
@testable import TrackDrop

@Suite("Sidecar")
struct SidecarTests {
    func doneEntry(path: String) -> LedgerEntry {
        var entry = LedgerEntry(path: path, sha256: String(repeating: "ab", count: 32), size: 100, modifiedAt: Date(), folder: nil)
        entry.state = .done
        entry.status = .uploaded
        entry.activityID = 12_345_678_901
        entry.uploadID = 8_919_698_041
        entry.apiCalls = 2
        entry.completedAt = Date(timeIntervalSince1970: 1_795_248_902)
        entry.trackJSON = #"{"format":"gpx","points_in":3600,"points_out":3571,"distance_raw_m":10412,"distance_m":10018.5,"start_time":"2026-11-21T07:02:11Z","removed":{"spikes":3}}"#
        return entry
    }

    @Test func hasTheDocumentedShape() throws {
        let sidecar = Sidecar(entry: doneEntry(path: "/w/2026-11-21-morning-run.gpx"), links: .strava)
        let object = try #require(try JSONSerialization.jsonObject(with: sidecar.encoded()) as? [String: Any])
        #expect(Set(object.keys) == ["schema", "source", "sha256", "status", "activity_id", "activity_url", "upload_id", "external_id", "error", "waiting", "track", "report", "api_calls", "completed_at"])
        #expect(object["schema"] as? String == "trackdrop.result/1")
        #expect(object["source"] as? String == "2026-11-21-morning-run.gpx")
        #expect(object["status"] as? String == "uploaded")
        #expect((object["activity_id"] as? NSNumber)?.int64Value == 12_345_678_901)
        #expect(object["activity_url"] as? String == "https://www.strava.com/activities/12345678901")
        #expect(object["upload_id"] as? String == "8919698041")
        #expect(object["error"] is NSNull)
        #expect(object["completed_at"] as? String == "2026-11-21T08:15:02Z")
        let track = try #require(object["track"] as? [String: Any])
        #expect((track["points_out"] as? NSNumber)?.intValue == 3571)
        #expect((track["removed"] as? [String: Any])?["spikes"] != nil)
    }

    @Test func keysAppearInTheDocumentedOrder() throws {
        let text = String(decoding: Sidecar(entry: doneEntry(path: "/w/a.gpx"), links: .strava).encoded(), as: UTF8.self)
        let keys = ["schema", "source", "sha256", "status", "activity_id", "activity_url", "upload_id", "external_id", "error", "waiting", "track", "report", "api_calls", "completed_at"]
        let positions = try keys.map { key in try #require(text.range(of: "\"\(key)\":")).lowerBound }
        #expect(positions == positions.sorted())
        #expect(try JSONDecoder().decode(Sidecar.self, from: Data(text.utf8)) == Sidecar(entry: doneEntry(path: "/w/a.gpx"), links: .strava))
    }

    @Test func activityLinksNameTheServerUsedAndTheReportByItsFileName() throws {
        var entry = doneEntry(path: "/w/a.gpx")
        entry.reportPath = "/w/a.gpx.report.html"
        let sandbox = ActivityLinks(webBase: URL(string: "http://127.0.0.1:40123/")!)
        let sidecar = Sidecar(entry: entry, links: sandbox)
        #expect(sidecar.activityURL == "http://127.0.0.1:40123/activities/12345678901")
        #expect(sidecar.report == "a.gpx.report.html")
        #expect(sandbox.isActivityLink(try #require(sidecar.activityURL)))
        #expect(!ActivityLinks.strava.isActivityLink(try #require(sidecar.activityURL)))
    }

    /// Sidecars written before a key existed still read: the new key is simply absent.
    @Test func anOlderSidecarWithoutTheReportKeyDecodes() throws {
        let old = #"{"schema":"trackdrop.result/1","source":"a.gpx","sha256":"ab","status":"uploaded","activity_id":1,"activity_url":"https://www.strava.com/activities/1","upload_id":"2","external_id":"x","error":null,"track":null,"api_calls":2,"completed_at":"2026-11-21T08:15:02Z"}"#
        let sidecar = try JSONDecoder().decode(Sidecar.self, from: Data(old.utf8))
        #expect(sidecar.report == nil)
        #expect(sidecar.activityID == 1)
    }

    /// The ledger's track summary from an earlier version (fewer keys) still gives a `track` block, and the
    /// JSON encoder and the ordered writer agree key for key.
    @Test func anOlderTrackSummaryInTheLedgerStillDecodes() throws {
        var entry = doneEntry(path: "/w/a.gpx")
        entry.trackJSON = #"{"format":"tcx","points_in":10,"points_out":9}"#
        let sidecar = Sidecar(entry: entry, links: .strava)
        let track = try #require(sidecar.track)
        #expect(track.format == "tcx")
        #expect(track.pointsOut == 9)
        #expect(track.removed.isEmpty)
        let ordered = try JSONSerialization.jsonObject(with: sidecar.encoded()) as? NSDictionary
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(sidecar)) as? NSDictionary
        #expect(ordered == plain)
        // A summary that is not JSON at all gives `null`, not a crash.
        entry.trackJSON = "{"
        #expect(Sidecar(entry: entry, links: .strava).track == nil)
    }

    /// `corrected` follows `removed` in the track block, and a summary written before it existed reads as `{}`.
    @Test func theTrackBlockCountsWhatCleaningMovedBack() throws {
        var entry = doneEntry(path: "/w/a.gpx")
        entry.trackJSON = #"{"format":"gpx","points_in":720,"points_out":720,"distance_raw_m":2230,"distance_m":2160,"start_time":"2026-11-21T07:02:11Z","removed":{},"corrected":{"bursts":2}}"#
        let sidecar = Sidecar(entry: entry, links: .strava)
        #expect(sidecar.track?.corrected == ["bursts": 2])
        let text = String(decoding: sidecar.encoded(), as: UTF8.self)
        let removed = try #require(text.range(of: "\"removed\":"))
        let corrected = try #require(text.range(of: "\"corrected\":"))
        #expect(removed.lowerBound < corrected.lowerBound)
        #expect(try JSONDecoder().decode(Sidecar.self, from: Data(text.utf8)) == sidecar)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let track = try #require(object["track"] as? [String: Any])
        #expect(track["corrected"] as? [String: Int] == ["bursts": 2])

        entry.trackJSON = #"{"format":"gpx","points_in":3600,"points_out":3571,"removed":{"spikes":3}}"#
        let older = Sidecar(entry: entry, links: .strava)
        #expect(older.track?.corrected == [:])
        let olderObject = try #require(try JSONSerialization.jsonObject(with: older.encoded()) as? [String: Any])
        #expect((olderObject["track"] as? [String: Any])?["corrected"] as? [String: Int] == [:])
    }

    @Test func aPendingSidecarSaysWhyAndAFinalOneDoesNot() throws {
        var entry = doneEntry(path: "/w/a.gpx")
        entry.waitingReason = "Strava is still processing upload 8919698041 after 15 min"
        #expect(Sidecar(entry: entry, links: .strava).waiting == nil)
        entry.state = .submitted
        let pending = Sidecar(entry: entry, links: .strava)
        #expect(pending.waiting == entry.waitingReason)
        let object = try #require(try JSONSerialization.jsonObject(with: pending.encoded()) as? [String: Any])
        #expect(object["waiting"] as? String == entry.waitingReason)
    }

    @Test func pendingWhileNotDone() {
        var entry = doneEntry(path: "/w/a.gpx")
        entry.state = .submitted
        entry.activityID = nil
        let sidecar = Sidecar(entry: entry, links: .strava)
        #expect(sidecar.status == "pending")
        #expect(sidecar.completedAt == nil)
        #expect(sidecar.uploadID == "8919698041")
    }

    @Test func writtenBesideTheSourceOrIntoTheResultsFolderWhenReadOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writable = folder.url.appendingPathComponent("in", isDirectory: true)
        let readOnly = folder.url.appendingPathComponent("ro", isDirectory: true)
        let results = folder.url.appendingPathComponent("results", isDirectory: true)
        try FileManager.default.createDirectory(at: writable, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        let writer = SidecarWriter(resultsFolder: results)
        let beside = try writer.write(Sidecar(entry: doneEntry(path: writable.appendingPathComponent("a.gpx").path), links: .strava), for: writable.appendingPathComponent("a.gpx"))
        #expect(beside.path == writable.appendingPathComponent("a.gpx.result.json").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        let source = readOnly.appendingPathComponent("b.gpx")
        let elsewhere = try writer.write(Sidecar(entry: doneEntry(path: source.path), links: .strava), for: source)
        if getuid() == 0 {
            // root ignores the mode bits, so the folder stays writable for it.
            #expect(elsewhere.path == readOnly.appendingPathComponent("b.gpx.result.json").path)
        } else {
            #expect(elsewhere.path == results.appendingPathComponent(readOnly.path).appendingPathComponent("b.gpx.result.json").path)
        }
        let decoded = try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: elsewhere))
        #expect(decoded.activityID == 12_345_678_901)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: writable.path) == ["a.gpx.result.json"])
    }

    @Test func theResultsFolderMirrorsTheSourcePathSoTwoFoldersNeverCollide() throws {
        let writer = SidecarWriter(resultsFolder: URL(fileURLWithPath: "/state/results"))
        let first = writer.mirroredLocation(for: URL(fileURLWithPath: "/media/a/GARMIN/run.gpx"), name: "run.gpx.result.json")
        let second = writer.mirroredLocation(for: URL(fileURLWithPath: "/media/b/GARMIN/run.gpx"), name: "run.gpx.result.json")
        #expect(first.path == "/state/results/media/a/GARMIN/run.gpx.result.json")
        #expect(second.path == "/state/results/media/b/GARMIN/run.gpx.result.json")
        #expect(first != second)
    }
}
