import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

/// Without `activity:read` no listing can find an upload whose answer was lost. The pipeline does not retry
/// that look-up for ever: it sends the file again and follows the new upload by its id, where Strava names the
/// first upload as a duplicate, which is this file's own activity. The run ends.
@Suite("Pipeline without read permission")
struct MissingScopeTests {
    @Test func aLostUploadThatCannotBeLookedUpIsFollowedByIdAndTheRunEnds() async throws {
        let harness = try PipelineHarness()
        defer { harness.remove() }
        try await SandboxHarness.withSession({ $0.grantedScopes = ["activity:write"] }) { sandbox, session in
            let (url, inserted) = try harness.sentEntry("answer-lost.gpx", start: ActivityFilesByStart.start(950))
            var entry = inserted
            // The POST reached Strava, then the process died before the answer was recorded.
            let request = UploadRequest(fileName: entry.fileName, data: try Data(contentsOf: url), dataType: "gpx", externalID: entry.externalID)
            guard case .accepted(let first) = try await session.submit(request) else {
                Issue.record("the sandbox settled the upload at once")
                return
            }
            _ = try await session.resolve([first])
            entry.state = .submitting
            try harness.ledger.save(entry, from: .discovered)

            let results = try await harness.runOnce(session: session)
            #expect(results.count == 1)
            let sidecar = try harness.sidecar("answer-lost.gpx")
            #expect(sidecar.status == "uploaded", "\(sidecar.status) \(sidecar.error ?? "")")
            let activities = sandbox.activities()
            #expect(activities.count == 1)
            #expect(sidecar.activityID == activities.first?.id)
            // No listing was attempted in vain over and over.
            #expect(sandbox.server.stats().requests(to: "GET /api/v3/athlete/activities") <= 1)
        }
    }
}
