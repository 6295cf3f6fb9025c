import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

/// A server that sends the head and then stalls (or trickles a byte a second): every exchange ends at its
/// deadline as a transient failure, and the work carries on.
@Suite struct StallTests {
    /// A deadline of a few seconds, so a stall costs the test seconds, not half a minute. 6 s rather than 3:
    /// with the whole suite running on two busy cores, a retried token exchange was seen to take over 3 s, and
    /// the retry after that finds its one-use code spent.
    static func harness(
        deadline: TimeInterval = 6, _ faults: (inout InjectedFaults) -> Void
    ) async throws -> SandboxHarness {
        var harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.2 }
        harness.settings.exchangeDeadline = ExchangeDeadline(seconds: deadline, uploadBytesPerSecond: 1_000_000)
        var stall = InjectedFaults()
        faults(&stall)
        stall.stallSeconds = 60
        harness.server.setFaults(stall)
        return harness
    }

    @Test(arguments: [false, true])
    func aStalledTokenExchangeIsRetriedAndTheLoginCompletes(trickle: Bool) async throws {
        let harness = try await Self.harness {
            $0.stallRoutes = ["POST /oauth/token"]
            $0.stallNext = 1
            $0.stallTrickle = trickle
        }
        try await harness.scoped {
            let result = try await harness.login()
            #expect(result.grantedScopes.contains("activity:write"))
            #expect(harness.stats().faultsInjected["stall"] == 1)
            #expect(harness.logs.all.contains { $0.contains("no complete answer within 6 s") })
            harness.expectNoSecrets()
        }
    }

    @Test(arguments: [false, true])
    func aTokenEndpointThatAlwaysStallsEndsTheLoginWithAnError(trickle: Bool) async throws {
        let harness = try await Self.harness(deadline: 1) {
            $0.stallRoutes = ["POST /oauth/token"]
            $0.stallRate = 1
            $0.stallTrickle = trickle
        }
        try await harness.scoped {
            do {
                try await harness.login()
                Issue.record("the login succeeded against a token endpoint that never finishes an answer")
            } catch let error as StravaError {
                guard case .networkUnavailable(let endpoint, let reason) = error else {
                    Issue.record("expected networkUnavailable, got \(error)")
                    return
                }
                #expect(endpoint == "POST /oauth/token")
                #expect(reason.contains("stalled"))
            }
            #expect((harness.stats().faultsInjected["stall"] ?? 0) == RetryPolicy.standard.maximumAttempts)
            harness.expectNoSecrets()
        }
    }

    /// The POST took effect and its answer stalled: the upload is found by its external_id, never sent twice.
    @Test(arguments: [false, true])
    func aStalledUploadAnswerIsLookedUpNotSentTwice(trickle: Bool) async throws {
        let harness = try await Self.harness { _ in }
        try await harness.scoped {
            try await harness.login()
            var faults = InjectedFaults()
            faults.stallRoutes = ["POST /uploads"]
            faults.stallNext = 1
            faults.stallAfterProcessing = true
            faults.stallTrickle = trickle
            harness.server.setFaults(faults)
            let session = try harness.session()
            let results = try await UploadTests.uploadAll([ActivityFilesByIndex.request(index: 3)], session: session)
            guard case .uploaded(let activityID) = try #require(results["test-run-3"]).outcome else {
                Issue.record("expected an upload, got \(String(describing: results["test-run-3"]))")
                return
            }
            #expect(harness.stats().faultsInjected["stall"] == 1)
            #expect(harness.stats().uploads == 1)
            #expect(harness.server.activities().map(\.id) == [activityID])
            try await session.shutdown()
        }
    }

    /// One upload's status check stalls; the others resolve while it is still stalled (its deadline is 20 s,
    /// long enough for three uploads on a busy machine), and the stalled one after a retry.
    @Test(arguments: [false, true])
    func aStalledStatusCheckHoldsBackNoOtherUpload(trickle: Bool) async throws {
        let harness = try await Self.harness(deadline: 20) { _ in }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            var first: [UploadID] = []
            for index in 0..<1 {
                if case .accepted(let id) = try await session.submit(ActivityFilesByIndex.request(index: index)) { first.append(id) }
            }
            var faults = InjectedFaults()
            faults.stallRoutes = ["GET /uploads/{id}"]
            faults.stallNext = 1
            faults.stallTrickle = trickle
            harness.server.setFaults(faults)
            // The lone upload is polled (no listing for one), and that poll stalls.
            let firstIDs = first
            let stalled = Task { try await session.resolve(firstIDs) }
            for _ in 0..<500 where harness.stats().faultsInjected["stall"] != 1 {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(harness.stats().faultsInjected["stall"] == 1)
            var others: [UploadID] = []
            for index in 1..<4 {
                if case .accepted(let id) = try await session.submit(ActivityFilesByIndex.request(index: index)) { others.append(id) }
            }
            let resolvedOthers = try await session.resolve(others)
            #expect(resolvedOthers.count == 3)
            // The stalled check is still under way (its deadline is 20 s) while the others have been settled.
            #expect(await session.inCheck.contains(first[0]), "the other uploads waited for the stalled check")
            let resolvedFirst = try await stalled.value
            #expect(resolvedFirst.values.allSatisfy { if case .uploaded = $0.outcome { true } else { false } })
            #expect(harness.stats().activities == 4)
            try await session.shutdown()
        }
    }

    @Test func anAnswerThatIsNotTheExpectedJSONIsAServerFailure() {
        let object = APIRequest.ExpectedBody.jsonObject
        #expect(object.problem(with: Data()) == "an empty body")
        #expect(object.problem(with: Data("<html><body>Bad gateway</body></html>".utf8)) == "HTML instead of JSON")
        #expect(object.problem(with: Data("upstream timed out".utf8)) == "a body that is not JSON")
        #expect(object.problem(with: Data("[1]".utf8)) == "JSON that is not an object")
        #expect(object.problem(with: Data(#"{"id": 1}"#.utf8)) == nil)
        #expect(APIRequest.ExpectedBody.jsonArray.problem(with: Data("[]".utf8)) == nil)
        #expect(APIRequest.ExpectedBody.jsonArray.problem(with: Data("{}".utf8)) == "JSON that is not a list")
    }
}

