import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

/// Reports beside sidecars when the configuration asks, and links (and earlier sidecars) that belong to the
/// server actually used.
@Suite("Reports and activity links in the pipeline")
struct ReportAndLinkTests {
    @Test func aFolderThatAsksForReportsGetsOneBesideEachSidecarAndTheSidecarNamesIt() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(800)).write(to: harness.inbox.file("reported.gpx"))
            let links = ActivityLinks(webBase: sandbox.baseURL)
            let results = try await harness.runOnce(
                session: session, links: links, reports: ReportPolicy(folders: [harness.inbox.url]))
            #expect(results.count == 1)
            let sidecar = try harness.sidecar("reported.gpx")
            #expect(sidecar.status == "uploaded")
            #expect(sidecar.report == "reported.gpx.report.html")
            let page = try String(contentsOf: harness.inbox.file("reported.gpx.report.html"), encoding: .utf8)
            #expect(page.contains("id=\"cleaned-track\""))
            #expect(sidecar.activityURL == links.url(for: try #require(sidecar.activityID)))
        }
    }

    @Test func noReportUnlessAsked() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { _, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(801)).write(to: harness.inbox.file("plain.gpx"))
            _ = try await harness.runOnce(session: session)
            #expect(try harness.sidecar("plain.gpx").report == nil)
            #expect(!FileManager.default.fileExists(atPath: harness.inbox.file("plain.gpx.report.html").path))
        }
    }

    /// A sidecar left by a `--sandbox` run says nothing about what Strava holds: the file is sent (once), and the
    /// sidecar is replaced; one written by this server is trusted and the file is not sent again.
    @Test func aSidecarFromAnotherServerIsNotTakenAsProofOfUpload() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let data = ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(802))
            try data.write(to: harness.inbox.file("demo.gpx"))
            let sha256 = try ContentHash.sha256(of: harness.inbox.file("demo.gpx"))
            var foreign = Sidecar(entry: {
                var entry = LedgerEntry(path: harness.inbox.file("demo.gpx").path, sha256: sha256, size: Int64(data.count), modifiedAt: Date(), folder: nil)
                entry.state = .done
                entry.status = .uploaded
                entry.activityID = 99
                return entry
            }(), links: ActivityLinks(webBase: URL(string: "http://127.0.0.1:9")!))
            foreign.completedAt = "2026-11-20T10:00:00Z"
            try foreign.encoded().write(to: harness.inbox.file("demo.gpx.result.json"))

            let links = ActivityLinks(webBase: sandbox.baseURL)
            _ = try await harness.runOnce(session: session, links: links)
            let replaced = try harness.sidecar("demo.gpx")
            #expect(replaced.status == "uploaded")
            #expect(replaced.activityID != 99)
            #expect(sandbox.activities().count == 1)

            // Ledger lost, sidecar of this very server kept: recorded, not sent again.
            let fresh = try PipelineHarness(reusingInbox: harness.inbox)
            defer { fresh.state.remove() }
            _ = try await fresh.runOnce(session: session, links: links)
            #expect(sandbox.activities().count == 1)
            #expect(try fresh.sidecar("demo.gpx").activityID == replaced.activityID)
        }
    }
}
