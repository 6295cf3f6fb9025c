import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

@Suite struct UploadTests {
    /// Submits every request (at most `concurrency` POSTs at once) and resolves each accepted
    /// upload without holding up the next submission, as a pipeline would.
    static func uploadAll(
        _ requests: [UploadRequest], session: StravaSession, concurrency: Int = 4
    ) async throws -> [String: ResolvedUpload] {
        let limiter = TaskLimiter(slots: concurrency)
        return try await withThrowingTaskGroup(of: (String, ResolvedUpload).self) { group in
            for request in requests {
                group.addTask {
                    await limiter.acquire()
                    let submission: UploadSubmission
                    do {
                        submission = try await session.submit(request)
                        await limiter.release()
                    } catch {
                        await limiter.release()
                        throw error
                    }
                    // Here apiCalls covers the POST too, so that a file's total can be checked.
                    let posts = await session.apiCallsForSubmission(externalID: request.externalID) ?? 0
                    switch submission {
                    case .accepted(let id):
                        var resolved = try #require(try await session.resolve([id])[id])
                        resolved.apiCalls += posts
                        return (request.externalID, resolved)
                    case .settled(let outcome):
                        return (request.externalID, ResolvedUpload(outcome: outcome, apiCalls: posts))
                    }
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    @Test func aSingleUploadCostsOnePostAndOneStatusCheck() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.5 }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let results = try await Self.uploadAll([ActivityFilesByIndex.request(index: 1)], session: session)
            let result = try #require(results["test-run-1"])
            guard case .uploaded(let activityID) = result.outcome else {
                Issue.record("expected an upload, got \(result.outcome)")
                return
            }
            #expect(harness.server.activities().contains { $0.id == activityID && $0.externalID.hasPrefix("test-run-1") })
            #expect(result.apiCalls == 2)
            #expect(harness.apiCalls() == 2)
            try await session.shutdown()
            harness.expectNoSecrets()
        }
    }

    @Test func aBacklogIsSettledByListingsWithFewCalls() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.5 }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let requests = (0..<30).map { ActivityFilesByIndex.request(index: $0) }
            let results = try await Self.uploadAll(requests, session: session, concurrency: 30)
            #expect(results.count == 30)
            let activityIDs = Set(results.values.compactMap { result -> Int64? in
                if case .uploaded(let id) = result.outcome { return id }
                return nil
            })
            #expect(activityIDs.count == 30)
            #expect(harness.stats().requests(to: "GET /api/v3/athlete/activities") >= 1)
            // Every call is paid for by exactly one upload.
            #expect(results.values.map(\.apiCalls).reduce(0, +) == harness.apiCalls())
            #expect(harness.apiCalls() < 2 * 30)
            try await session.shutdown()
        }
    }

    @Test func withoutReadScopeEachUploadIsPolled() async throws {
        let harness = try await SandboxHarness.start {
            $0.grantedScopes = ["read", "activity:write"]
            $0.processingFixedSeconds = 0.3
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let results = try await Self.uploadAll((0..<5).map { ActivityFilesByIndex.request(index: $0) }, session: session, concurrency: 5)
            #expect(results.values.allSatisfy { if case .uploaded = $0.outcome { true } else { false } })
            #expect(harness.stats().requests(to: "GET /api/v3/athlete/activities") == 0)
            #expect(harness.stats().requests(to: "GET /api/v3/uploads/{id}") >= 5)
            try await session.shutdown()
        }
    }

    @Test(arguments: [
        (SandboxConfiguration.DuplicateDetection.post, SandboxConfiguration.DuplicateMessageForm.plain),
        (.post, .link), (.poll, .plain), (.poll, .link),
    ])
    func duplicatesResolveToTheExistingActivity(
        detection: SandboxConfiguration.DuplicateDetection, form: SandboxConfiguration.DuplicateMessageForm
    ) async throws {
        let harness = try await SandboxHarness.start {
            $0.duplicateDetection = detection
            $0.duplicateMessage = form
            $0.processingFixedSeconds = 0.2
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let first = try await Self.uploadAll([ActivityFilesByIndex.request(index: 7)], session: session)
            guard case .uploaded(let original) = try #require(first["test-run-7"]).outcome else {
                Issue.record("first upload did not make an activity: \(String(describing: first["test-run-7"]))")
                return
            }
            let again = try await Self.uploadAll([ActivityFilesByIndex.request(index: 7, externalID: "again-7")], session: session)
            #expect(try #require(again["again-7"]).outcome == .duplicate(activityID: original))
            #expect(harness.stats().activities == 1)
            try await session.shutdown()
        }
    }

    @Test func processingErrorsAreRejectedWithTheHTMLStripped() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.2 }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let empty = UploadRequest(
                fileName: "empty.gpx",
                data: Data("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg></trkseg></trk></gpx>".utf8),
                dataType: "gpx", externalID: "empty-1")
            let results = try await Self.uploadAll([empty], session: session)
            guard case .rejected(let message) = try #require(results["empty-1"]).outcome else {
                Issue.record("expected a rejection")
                return
            }
            #expect(message.hasPrefix("The file is empty"))
            #expect(!message.contains("<"))
            try await session.shutdown()
        }
    }

    @Test func aDeletedActivityIsRejectedWithStravasMessage() async throws {
        let harness = try await SandboxHarness.start {
            $0.processingFixedSeconds = 0.2
            $0.grantedScopes = ["read", "activity:write"]
            $0.faults.deletedActivityRate = 1
            $0.faults.deletionDelaySeconds = 0
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let results = try await Self.uploadAll([ActivityFilesByIndex.request(index: 3)], session: session)
            #expect(try #require(results["test-run-3"]).outcome == .rejected(message: "The created activity has been deleted."))
            try await session.shutdown()
        }
    }
}
