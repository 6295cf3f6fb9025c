import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

@Suite struct TokenTests {
    /// Tokens live 100 s at the sandbox, below the 2-minute margin: every use refreshes, and every
    /// refresh rotates the refresh token.
    @Test func everyRefreshRotatesAndIsSavedFirst() async throws {
        let harness = try await SandboxHarness.start {
            $0.rotateRefreshTokens = true
            $0.accessTokenLifetimeSeconds = 100
            $0.sameTokenThresholdSeconds = 0
        }
        try await harness.scoped {
            try await harness.login()
            let store = CredentialsStore(fileURL: harness.credentialsFile)
            var seen = [try #require(try store.load()).refreshToken]
            let session = try harness.session()
            for _ in 0..<12 {
                _ = try await session.lookUp(externalID: "nothing-here", activityStartTime: nil)
                let stored = try #require(try store.load())
                #expect(!seen.contains(stored.refreshToken), "the rotated refresh token was saved")
                seen.append(stored.refreshToken)
            }
            try await session.shutdown()
            let stats = harness.stats()
            #expect(stats.requests(to: "POST /oauth/token") == 13)
            #expect(stats.requests(to: "GET /api/v3/athlete/activities") == 12)
            harness.expectNoSecrets()
        }
    }

    /// The sandbox's clock runs ahead, so Strava considers the token expired although the client does not:
    /// each call gets a 401, refreshes once and succeeds on the retry.
    @Test func aRejectedTokenIsRefreshedOnceAndTheCallRetried() async throws {
        let harness = try await SandboxHarness.start { $0.rotateRefreshTokens = true }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            for _ in 0..<5 {
                harness.server.advanceClock(by: 7 * 3600)
                #expect(try await session.lookUp(externalID: "nothing-here", activityStartTime: nil) == nil)
            }
            #expect(await session.connectionState == .connected)
            try await session.shutdown()
            #expect(harness.stats().requests(to: "POST /oauth/token") == 6)
            #expect(harness.stats().requests(to: "GET /api/v3/athlete/activities") == 10)
        }
    }

    @Test func twentyConcurrentCallersShareOneRefresh() async throws {
        let harness = try await SandboxHarness.start { $0.rotateRefreshTokens = true }
        try await harness.scoped {
            try await harness.login()
            // Make the stored token look almost expired so that every caller needs a refresh.
            let store = CredentialsStore(fileURL: harness.credentialsFile)
            var credentials = try #require(try store.load())
            credentials.accessTokenExpiresAt = Date().addingTimeInterval(30)
            try store.save(credentials)
            let session = try harness.session()
            let tokens = await session.tokens
            let results = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 { group.addTask { try await tokens.accessToken() } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(results.count == 1)
            #expect(harness.stats().requests(to: "POST /oauth/token") == 2)
            try await session.shutdown()
        }
    }

    @Test func twentyConcurrentRejectedCallsShareOneRefresh() async throws {
        let harness = try await SandboxHarness.start { $0.rotateRefreshTokens = true }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            _ = try await session.lookUp(externalID: "warm-up", activityStartTime: nil)  // learn the limits
            harness.server.advanceClock(by: 7 * 3600)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask { _ = try await session.lookUp(externalID: "x\(index)", activityStartTime: nil) }
                }
                try await group.waitForAll()
            }
            #expect(harness.stats().requests(to: "POST /oauth/token") == 2)
            #expect(await session.connectionState == .connected)
            try await session.shutdown()
        }
    }

    @Test func revocationMidBatchStopsWithReconnectRequired() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0.2 }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            var submitted: [UploadID] = []
            var notDone: [Int] = []
            var stopError: StravaError?
            for index in 0..<8 {
                if index == 3 { _ = harness.server.revokeTokens() }
                if stopError != nil {
                    notDone.append(index)
                    continue
                }
                do {
                    if case .accepted(let id) = try await session.submit(ActivityFilesByIndex.request(index: index)) {
                        submitted.append(id)
                    }
                } catch let error as StravaError {
                    stopError = error
                    notDone.append(index)
                }
            }
            #expect(submitted.count == 3)
            #expect(notDone == [3, 4, 5, 6, 7])
            #expect(stopError == .reconnectRequired)
            #expect(stopError?.description.contains("run `trackdrop auth login` again") == true)
            #expect(await session.connectionState == .reconnectRequired)
            #expect(try CredentialsStore(fileURL: harness.credentialsFile).load()?.reconnectRequired == true)
            // Nothing is retried into the wall: further work fails at once, without a request.
            let before = harness.stats().requests
            await #expect(throws: StravaError.reconnectRequired) { try await session.submit(ActivityFilesByIndex.request(index: 9)) }
            await #expect(throws: StravaError.reconnectRequired) { try await session.resolve(submitted) }
            #expect(harness.stats().requests == before)
            // One 401 on the POST, one refused refresh, nothing more.
            #expect(harness.stats().requests(to: "POST /api/v3/uploads") == 4)
            #expect(harness.stats().requests(to: "POST /oauth/token") == 2)
            try await session.shutdown()
            // A new session sees the persisted state.
            let reopened = try harness.session()
            #expect(await reopened.connectionState == .reconnectRequired)
            try await reopened.shutdown()
            harness.expectNoSecrets(in: [stopError?.description ?? ""])
        }
    }
}
