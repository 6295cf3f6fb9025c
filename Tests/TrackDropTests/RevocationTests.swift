import Foundation
import TestSupport
import Testing
@testable import TrackDrop

@Suite("Pipeline when Strava access is revoked")
struct RevocationTests {
    @Test func revokedAccessPausesAndKeepsTheWork() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession { sandbox, session in
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(800)).write(to: harness.inbox.file("kept.gpx"))
            _ = sandbox.server.revokeTokens()
            let pipeline = harness.pipeline(session: session)
            let watcher = FolderWatcher(folders: [FolderConfiguration(path: harness.inbox.url)], options: .init(settleSeconds: 0.05), logger: SandboxHarness.quietLogger)
            async let scan: Void = watcher.runOnce()
            try await pipeline.run(intake: watcher.readyFiles, stopWhenIdle: true)
            try await scan
            #expect(await pipeline.currentPause() == .reconnectRequired)
            let entries = try harness.ledger.entries(in: [.normalized])
            #expect(entries.map(\.fileName) == ["kept.gpx"])
            #expect(sandbox.activities().isEmpty)
        }
    }
}
