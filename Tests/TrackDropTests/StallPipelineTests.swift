import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

/// A server that stalls after the head, or trickles a byte a second, on an upload POST, a status check and a
/// listing: each exchange ends at its deadline and the pipeline carries on with every file.
@Suite("Pipeline against a stalling server")
struct StallPipelineTests {
    @Test(arguments: [false, true])
    func stalledAnswersEndAtTheirDeadlineAndEveryFileIsUploadedOnce(trickle: Bool) async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        let sandbox = try await SandboxHarness.loggedIn()
        var settings = sandbox.settings
        settings.exchangeDeadline = ExchangeDeadline(seconds: 3, uploadBytesPerSecond: 1_000_000)
        let session = try StravaSession(settings: settings, credentialsFile: sandbox.credentialsFile, logger: SandboxHarness.quietLogger)
        do {
            let names = (0..<4).map { "run-\($0).gpx" }
            for (index, name) in names.enumerated() {
                try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(700 + index)).write(to: harness.inbox.file(name))
            }
            var faults = InjectedFaults()
            faults.stallRoutes = ["POST /uploads", "GET /uploads/{id}", "GET /athlete/activities"]
            faults.stallNext = 3
            faults.stallAfterProcessing = true
            faults.stallTrickle = trickle
            faults.stallSeconds = 60
            sandbox.server.setFaults(faults)
            let results = try await harness.runOnce(session: session)
            #expect(results.count == 4)
            for name in names {
                #expect(try harness.sidecar(name).status == "uploaded", "\(name)")
            }
            #expect(sandbox.server.stats().faultsInjected["stall"] == 3)
            let activities = sandbox.activities()
            #expect(activities.count == 4)
            #expect(Set(activities.map(\.externalID)).count == 4)
        } catch {
            try? await session.shutdown()
            await sandbox.stop()
            throw error
        }
        try await session.shutdown()
        await sandbox.stop()
    }
}
