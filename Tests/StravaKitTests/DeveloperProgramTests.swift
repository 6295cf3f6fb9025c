import AsyncHTTPClient
import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

/// Strava's 2026-2027 developer program: revoke, tokens only in headers, inactive apps, the athlete cap.
@Suite("Strava developer program 2026-2027", .timeLimit(.minutes(2)))
struct DeveloperProgramTests {
    @Test func logoutFallsBackToDeauthorizeWhereRevokeIsMissing() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            try await harness.login()
            // The layout stravalib uses: OAuth below /api/v3, where the sandbox has deauthorize but no revoke.
            var settings = harness.settings
            settings.oauthBaseURL = harness.legacyAPI
            let session = try harness.session(settings: settings)
            let result = try await session.disconnect()
            try await session.shutdown()
            #expect(result == DisconnectResult(deauthorized: true, deletedCredentials: true, warning: nil))
            #expect(harness.stats().requests(to: "POST /api/v3/oauth/revoke") == 1)
            #expect(harness.stats().requests(to: "POST /api/v3/oauth/deauthorize") == 1)
            harness.expectNoSecrets()
        }
    }

    @Test func logoutWorksAfterDeauthorizeIsRetired() async throws {
        let harness = try await SandboxHarness.start { $0.deauthorizeRetired = true }
        try await harness.scoped {
            try await harness.login()
            let tokens = try #require(try CredentialsStore(fileURL: harness.credentialsFile).load())
            let session = try harness.session()
            let result = try await session.disconnect()
            try await session.shutdown()
            #expect(result.deauthorized && result.deletedCredentials && result.warning == nil)
            #expect(harness.stats().requests(to: "POST /oauth/deauthorize") == 0)
            // Revoking the refresh token withdrew the access token too.
            let athlete = try await Self.get(harness.baseURL.absoluteString + "/api/v3/athlete", token: tokens.accessToken)
            #expect(athlete == 401)
        }
    }

    @Test func tokensTravelOnlyInTheAuthorizationHeader() async throws {
        let harness = try await SandboxHarness.start {
            $0.queryTokensRejected = true
            $0.deauthorizeRetired = true
            $0.processingFixedSeconds = 0
        }
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            guard case .accepted(let id) = try await session.submit(ActivityFilesByIndex.request(index: 20)) else {
                Issue.record("the upload was not accepted")
                return
            }
            let resolved = try await session.resolve([id])
            guard case .uploaded = try #require(resolved[id]).outcome else { Issue.record("not uploaded: \(resolved)"); return }
            #expect(try await session.lookUp(externalID: "test-run-20", activityStartTime: nil) != nil)
            #expect(try await session.checkAppStatus())
            let result = try await session.disconnect()
            try await session.shutdown()
            #expect(result.deauthorized)
            let stats = harness.stats()
            #expect(stats.accessTokenParameters == 0)
            #expect(stats.requests(to: "POST /api/v3/uploads") == 1)
            #expect(stats.requests(to: "POST /oauth/revoke") == 1)
        }
    }

    @Test func anInactiveAppIsAStateThatEndsWhenStravaAnswersAgain() async throws {
        let harness = try await SandboxHarness.start { $0.processingFixedSeconds = 0 }
        try await harness.scoped {
            try await harness.login()
            harness.server.setAppStatus(.inactive)
            let session = try harness.session()
            await #expect(throws: StravaError.appInactive) {
                try await session.submit(ActivityFilesByIndex.request(index: 30))
            }
            #expect(await session.connectionState == .appInactive)
            #expect(harness.server.activities().isEmpty)
            let stored = try #require(try CredentialsStore(fileURL: harness.credentialsFile).load())
            #expect(stored.appInactiveSince != nil)
            let report = ConnectionReport(credentials: stored, credentialsFile: harness.credentialsFile)
            #expect(report.state == .appInactive)
            #expect(report.text().contains("subscription"))
            #expect(report.text().contains("https://www.strava.com/settings/api"))
            #expect(report.json().contains(#""state":"appInactive""#))
            #expect(try await session.checkAppStatus() == false)

            harness.server.setAppStatus(.active)
            #expect(try await session.checkAppStatus())
            #expect(await session.connectionState == .connected)
            #expect(try CredentialsStore(fileURL: harness.credentialsFile).load()?.appInactiveSince == nil)
            guard case .accepted = try await session.submit(ActivityFilesByIndex.request(index: 30)) else {
                Issue.record("the upload was not accepted once the app was active")
                return
            }
            try await session.shutdown()
            harness.expectNoSecrets(in: [report.text(), report.json(), StravaError.appInactive.description])
        }
    }

    @Test func aSecondAthletePastTheCapHearsAboutSinglePlayerMode() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            try await harness.login()
            harness.server.switchAthlete(to: 4242)
            await #expect(throws: StravaError.athleteLimitReached) {
                try await harness.login()
            }
            let message = StravaError.athleteLimitReached.description
            #expect(message.contains("single-player"))
            #expect(message.contains("10 athletes"))
            #expect(message.contains("Limit of connected athletes exceeded"))
        }
    }

    @Test func aStandardTierAppConnectsTheSecondAthlete() async throws {
        let harness = try await SandboxHarness.start { $0.athleteCapacity = 10 }
        try await harness.scoped {
            try await harness.login()
            harness.server.switchAthlete(to: 4242)
            let second = try await harness.login()
            #expect(second.athlete.id == 4242)
        }
    }

    /// The status of a GET with `token` in the Authorization header.
    static func get(_ url: String, token: String) async throws -> Int {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            _ = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return Int(response.status.code)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
