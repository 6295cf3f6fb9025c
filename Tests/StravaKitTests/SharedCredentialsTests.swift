import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

/// Several sessions (as several trackdrop processes would) on one credentials file while the sandbox rotates
/// the refresh token at every refresh: a refresh happens under the file's lock after re-reading it, so no
/// session spends a refresh token another one has already rotated away, and none concludes "revoked".
@Suite struct SharedCredentialsTests {
    static func rotatingHarness() async throws -> SandboxHarness {
        let harness = try await SandboxHarness.start {
            $0.rotateRefreshTokens = true
            $0.accessTokenLifetimeSeconds = 60
            $0.sameTokenThresholdSeconds = 0
            $0.processingFixedSeconds = 0.2
        }
        try await harness.login()
        return harness
    }

    /// Tokens live 60 s, below the 2-minute margin, so every call of either session refreshes and rotates.
    @Test func twoSessionsTakingTurnsNeverLogEachOtherOut() async throws {
        let harness = try await Self.rotatingHarness()
        try await harness.scoped {
            let first = try harness.session()
            let second = try harness.session()
            for round in 0..<6 {
                let session = round.isMultiple(of: 2) ? first : second
                #expect(try await session.lookUp(externalID: "nothing-here", activityStartTime: nil) == nil)
            }
            #expect(await first.connectionState == .connected)
            #expect(await second.connectionState == .connected)
            #expect(try #require(try CredentialsStore(fileURL: harness.credentialsFile).load()).reconnectRequired == false)
            // Every call needed a fresh token; the sessions shared each rotation instead of spending an old one.
            #expect(harness.stats().requests(to: "POST /oauth/token") == 7)
            try await first.shutdown()
            try await second.shutdown()
            harness.expectNoSecrets()
        }
    }

    @Test func twoSessionsUploadingAtOnceShareEveryRotation() async throws {
        let harness = try await Self.rotatingHarness()
        try await harness.scoped {
            let first = try harness.session()
            let second = try harness.session()
            async let a = UploadTests.uploadAll((0..<4).map { ActivityFilesByIndex.request(index: $0) }, session: first)
            async let b = UploadTests.uploadAll((4..<8).map { ActivityFilesByIndex.request(index: $0) }, session: second)
            let results = try await a.merging(try await b) { old, _ in old }
            #expect(results.count == 8)
            #expect(results.values.allSatisfy { if case .uploaded = $0.outcome { true } else { false } })
            #expect(harness.stats().activities == 8)
            #expect(await first.connectionState == .connected)
            #expect(await second.connectionState == .connected)
            #expect(!harness.logs.all.contains { $0.contains("revoked") || $0.contains("reconnect") })
            try await first.shutdown()
            try await second.shutdown()
        }
    }

    /// A session whose refresh token was rotated away by another process (which saved the new one) takes the
    /// new one from the file instead of calling the connection revoked.
    @Test func aStaleRefreshTokenIsReplacedFromTheFileNotCalledRevoked() async throws {
        let harness = try await Self.rotatingHarness()
        try await harness.scoped {
            let stale = try harness.session()
            let other = try harness.session()
            // `other` refreshes (and rotates) twice; `stale` still holds the first refresh token in memory.
            _ = try await other.lookUp(externalID: "nothing-here", activityStartTime: nil)
            _ = try await other.lookUp(externalID: "nothing-here", activityStartTime: nil)
            #expect(try await stale.lookUp(externalID: "nothing-here", activityStartTime: nil) == nil)
            #expect(await stale.connectionState == .connected)
            try await stale.shutdown()
            try await other.shutdown()
        }
    }

    /// A real revocation is still recognised: the file holds nothing newer.
    @Test func aRealRevocationIsStillRecognised() async throws {
        let harness = try await Self.rotatingHarness()
        try await harness.scoped {
            let session = try harness.session()
            _ = try await session.lookUp(externalID: "nothing-here", activityStartTime: nil)
            _ = harness.server.revokeTokens()
            await #expect(throws: StravaError.reconnectRequired) {
                try await session.lookUp(externalID: "nothing-here", activityStartTime: nil)
            }
            #expect(try #require(try CredentialsStore(fileURL: harness.credentialsFile).load()).reconnectRequired)
            try await session.shutdown()
        }
    }
}
