import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

@Suite struct ResilienceTests {
    /// 5 requests per 2-second window in both buckets: the gate must never let a 429 happen.
    @Test func aTinyRateLimitIsNeverExceeded() async throws {
        let harness = try await SandboxHarness.start {
            $0.rateLimitOverallShort = 5
            $0.rateLimitReadShort = 5
            $0.rateLimitOverallDaily = 100_000
            $0.rateLimitReadDaily = 100_000
            $0.rateLimitWindowSeconds = 2
            $0.rateLimitDailySeconds = 192
            $0.processingFixedSeconds = 0.2
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let requests = (0..<12).map { ActivityFilesByIndex.request(index: $0) }
            let results = try await UploadTests.uploadAll(requests, session: session, concurrency: 6)
            #expect(results.count == 12)
            #expect(results.values.allSatisfy { if case .uploaded = $0.outcome { true } else { false } })
            #expect(harness.stats().rateLimited == 0)
            #expect(harness.logs.all.contains { $0.contains("waiting for the window to turn") })
            try await session.shutdown()
        }
    }

    @Test func a429PausesUntilTheWindowTurns() async throws {
        let harness = try await SandboxHarness.start {
            $0.rateLimitWindowSeconds = 2
            $0.rateLimitDailySeconds = 192
            $0.processingFixedSeconds = 0.2
        }
        try await harness.scoped {
            try await harness.login()
            var faults = InjectedFaults()
            faults.rateLimitBurst = 1
            harness.server.setFaults(faults)
            let session = try harness.session()
            let results = try await UploadTests.uploadAll([ActivityFilesByIndex.request(index: 1)], session: session)
            #expect(results.values.allSatisfy { if case .uploaded = $0.outcome { true } else { false } })
            #expect(harness.stats().rateLimited == 1)
            #expect(await session.rateLimitStatus().rateLimitedResponses == 1)
            try await session.shutdown()
        }
    }

    @Test func serverErrorsAreRetried() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.2 }
        try await harness.scoped {
            try await harness.login()
            var faults = InjectedFaults()
            faults.serverErrorRate = 0.3
            faults.seed = 7
            harness.server.setFaults(faults)
            let session = try harness.session()
            let results = try await UploadTests.uploadAll((0..<10).map { ActivityFilesByIndex.request(index: $0) }, session: session)
            let ids = Set(results.values.compactMap { if case .uploaded(let id) = $0.outcome { id } else { nil } })
            #expect(ids.count == 10)
            #expect((harness.stats().faultsInjected["server_error"] ?? 0) > 0)
            #expect(harness.stats().activities == 10)
            try await session.shutdown()
        }
    }

    @Test(arguments: [true, false])
    func droppedConnectionsAreSurvivedWithoutDoubleUploads(afterProcessing: Bool) async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.2 }
        try await harness.scoped {
            try await harness.login()
            var faults = InjectedFaults()
            faults.droppedConnectionRate = 0.25
            faults.dropAfterProcessing = afterProcessing
            faults.seed = 11
            harness.server.setFaults(faults)
            let session = try harness.session()
            let results = try await UploadTests.uploadAll(
                (0..<8).map { ActivityFilesByIndex.request(index: $0) }, session: session, concurrency: 8)
            let ids = Set(results.values.compactMap { if case .uploaded(let id) = $0.outcome { id } else { nil } })
            #expect(ids.count == 8)
            #expect((harness.stats().faultsInjected["dropped_connection"] ?? 0) > 0)
            #expect(harness.stats().activities == 8)
            try await session.shutdown()
        }
    }
}
