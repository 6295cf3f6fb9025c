import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

/// A Strava app whose owner lost the subscription is a paused state: nothing is lost, and uploads resume by
/// themselves once Strava answers again.
@Suite("Pipeline while the Strava app is inactive")
struct InactiveAppTests {
    @Test(.timeLimit(.minutes(2))) func anInactivePeriodInARunningDaemonLosesNothingAndResumesOnItsOwn() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            let (events, running, pipeline) = harness.watch(session: session, settleSeconds: 0.1, inactiveAppWaits: (0.2, 0.4))
            var iterator = events.makeAsyncIterator()
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(700)).write(to: harness.inbox.file("before.gpx"))
            while let event = await iterator.next() {
                if case .finished(let entry) = event, entry.fileName == "before.gpx" { break }
            }
            sandbox.server.setAppStatus(.inactive)
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(701)).write(to: harness.inbox.file("during.gpx"))
            try await Eventually.until("uploads paused for the inactive app") {
                await pipeline.currentPause() == .appInactive
            }
            // Kept in the ledger, nothing final written.
            #expect(try harness.ledger.entries(in: [.normalized]).map(\.fileName) == ["during.gpx"])
            #expect(!FileManager.default.fileExists(atPath: harness.inbox.file("during.gpx.result.json").path))
            #expect(sandbox.activities().count == 1)
            #expect(await session.connectionState == .appInactive)

            sandbox.server.setAppStatus(.active)
            var resumed: LedgerEntry?
            while let event = await iterator.next() {
                if case .finished(let entry) = event, entry.fileName == "during.gpx" {
                    resumed = entry
                    break
                }
            }
            running.cancel()
            _ = await running.result
            #expect(resumed?.status == .uploaded)
            #expect(try harness.sidecar("during.gpx").status == "uploaded")
            #expect(try harness.sidecar("before.gpx").status == "uploaded")
            #expect(sandbox.activities().count == 2)
            #expect(await pipeline.currentPause() == nil)
            #expect(await session.connectionState == .connected)
        }
    }

    @Test func aOneShotRunKeepsTheFileAndSaysWhatToDo() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession({ $0.appStatus = .inactive }) { sandbox, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(710)).write(to: harness.inbox.file("kept.gpx"))
            let results = try await harness.runOnce(session: session)
            #expect(results.map(\.state) == [.normalized])
            #expect(try harness.ledger.entries(in: [.normalized]).map(\.fileName) == ["kept.gpx"])
            #expect(!FileManager.default.fileExists(atPath: harness.inbox.file("kept.gpx.result.json").path))
            #expect(sandbox.server.stats().uploads == 0)
        }
    }

    @Test func stravaIsAskedAgainAFewTimesAnHourAtMost() {
        var elapsed: TimeInterval = 0
        var calls = 0
        var refusals = 0
        while true {
            elapsed += Pipeline.inactiveAppWait(afterRefusals: refusals, first: 300, longest: 1_200)
            if elapsed > 3_600 { break }
            calls += 1
            refusals += 1
        }
        #expect(calls <= 5, "calls in the first hour: \(calls)")
        #expect(Pipeline.inactiveAppWait(afterRefusals: 100, first: 300, longest: 1_200) == 1_200)
    }

    @Test func statusSaysWhatTheAppsOwnerMustDo() throws {
        let state = try TemporaryFolder("trackdrop-status")
        defer { state.remove() }
        let paths = TrackDropPaths(configFile: state.file("config.json"), credentialsFile: state.file("credentials.json"), stateFolder: state.url)
        let daemon = DaemonStatus(
            pid: getpid(), startedAt: Date(), updatedAt: Date(), folders: ["/w"], settling: [],
            paused: Pipeline.PauseReason.appInactive.rawValue, connection: ConnectionState.appInactive.rawValue,
            rateLimit: nil, sandbox: false)
        try daemon.write(to: paths.daemonStatusFile)
        let report = try StatusReport.gather(paths: paths)
        let sentence = try #require(report.waiting.first { $0.contains("inactive") })
        #expect(sentence.contains("subscription"))
        #expect(sentence.contains("https://www.strava.com/settings/api"))
        #expect(sentence.contains("resumes on its own"))
    }
}
