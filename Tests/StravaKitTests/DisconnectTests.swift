import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

@Suite struct DisconnectTests {
    @Test func logoutRevokesThenDeletesTheCredentials() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            try await harness.login()
            let session = try harness.session()
            let result = try await session.disconnect()
            try await session.shutdown()
            #expect(result == DisconnectResult(deauthorized: true, deletedCredentials: true, warning: nil))
            #expect(!FileManager.default.fileExists(atPath: harness.credentialsFile.path))
            #expect(harness.stats().requests(to: "POST /oauth/revoke") == 1)
            #expect(harness.stats().requests(to: "POST /oauth/deauthorize") == 0)
            let after = try harness.session()
            #expect(await after.connectionState == .notConnected)
            try await after.shutdown()
            harness.expectNoSecrets()
        }
    }

    @Test func logoutStillDeletesWhenStravaCannotBeReached() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.login()
        await harness.server.stop()
        defer { try? FileManager.default.removeItem(at: harness.folder) }
        // Not the stopped server's port: under a full parallel run another test's sandbox took it over and answered
        // the revoke.
        let unreachable = try RefusingPort()
        let settings = StravaSettings(
            baseURL: unreachable.url, clientID: harness.settings.clientID, clientSecret: harness.settings.clientSecret,
            rateLimitWindow: harness.settings.rateLimitWindow)
        let session = try harness.session(settings: settings)
        let result = try await session.disconnect()
        try await session.shutdown()
        #expect(result.deauthorized == false)
        #expect(result.deletedCredentials)
        #expect(result.warning?.contains("could not reach Strava") == true)
        #expect(!FileManager.default.fileExists(atPath: harness.credentialsFile.path))
        harness.expectNoSecrets(in: [result.warning ?? ""])
        withExtendedLifetime(unreachable) {}
    }

    @Test func statusReportShowsTheConnectionWithoutTokens() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            try await harness.login()
            let credentials = try CredentialsStore(fileURL: harness.credentialsFile).load()
            let report = ConnectionReport(credentials: credentials, credentialsFile: harness.credentialsFile)
            #expect(report.state == .connected)
            #expect(report.text().contains("Sandy Box (id \(harness.server.configuration.athleteID))"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
            #expect(json["athlete_id"] as? Int64 == harness.server.configuration.athleteID || (json["athlete_id"] as? Int).map(Int64.init) == harness.server.configuration.athleteID)
            #expect((json["scopes"] as? [String])?.contains("activity:write") == true)
            harness.expectNoSecrets(in: [report.text(), report.json()])
            let disconnected = ConnectionReport(credentials: nil, credentialsFile: harness.credentialsFile)
            #expect(disconnected.state == .notConnected)
            #expect(disconnected.text().contains("trackdrop auth login"))
        }
    }
}
