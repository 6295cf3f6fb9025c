import Synchronization
import AsyncHTTPClient
import Foundation
import TestSupport
import StravaSandbox
import Testing
@testable import StravaKit

@Suite struct LoginTests {
    @Test func loginThroughTheLoopbackReceiverStoresCredentials() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            let result = try await harness.login()
            #expect(result.athlete.id == harness.server.configuration.athleteID)
            #expect(result.athlete.displayName == "Sandy Box")
            #expect(result.grantedScopes.contains("activity:write"))
            #expect(result.warnings.isEmpty)
            let attributes = try FileManager.default.attributesOfItem(atPath: harness.credentialsFile.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let session = try harness.session()
            #expect(await session.connectionState == .connected)
            try await session.shutdown()
            #expect(harness.stats().requests(to: "POST /oauth/token") == 1)
            harness.expectNoSecrets()
        }
    }

    @Test func aCallbackWithAnotherStateIsRefused() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            let answer = StatusBox()
            let login = OAuthLogin(settings: harness.settings, credentialsFile: harness.credentialsFile, logger: harness.logger)
            await #expect(throws: StravaError.stateMismatch) {
                try await login.run { url in
                    let redirect = try #require(Self.queryValue("redirect_uri", in: url))
                    answer.set(try await Self.get(redirect + "?state=forged&code=0123456789abcdef&scope=read,activity:write"))
                }
            }
            #expect(answer.value == 400)
            #expect(!FileManager.default.fileExists(atPath: harness.credentialsFile.path))
            #expect(harness.stats().requests(to: "POST /oauth/token") == 0)
        }
    }

    @Test func deniedConsentFailsWithAnActionableMessage() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            let login = OAuthLogin(settings: harness.settings, credentialsFile: harness.credentialsFile, logger: harness.logger)
            let error = await #expect(throws: StravaError.self) {
                try await login.run { url in
                    let redirect = try #require(Self.queryValue("redirect_uri", in: url))
                    let state = try #require(Self.queryValue("state", in: url))
                    _ = try await Self.get(redirect + "?state=\(state)&error=access_denied")
                }
            }
            #expect(error?.description.contains("trackdrop auth login") == true)
            #expect(error?.description.contains("denied") == true)
        }
    }

    @Test func missingUploadScopeIsRefused() async throws {
        let harness = try await SandboxHarness.start { $0.grantedScopes = ["read", "activity:read_all"] }
        try await harness.scoped {
            await #expect(throws: StravaError.missingScope("activity:write")) { try await harness.login() }
            #expect(!FileManager.default.fileExists(atPath: harness.credentialsFile.path))
        }
    }

    @Test func missingReadAllScopeWarns() async throws {
        let harness = try await SandboxHarness.start { $0.grantedScopes = ["read", "activity:write"] }
        try await harness.scoped {
            let result = try await harness.login()
            #expect(result.warnings.contains { $0.contains("activity:read_all") })
            #expect(try CredentialsStore(fileURL: harness.credentialsFile).load()?.canReadActivities == false)
        }
    }

    @Test func manualLoginReadsThePastedRedirect() async throws {
        let harness = try await SandboxHarness.start()
        try await harness.scoped {
            let shown = URLBox()
            let login = OAuthLogin(settings: harness.settings, credentialsFile: harness.credentialsFile, logger: harness.logger)
            let result = try await login.runManual(
                show: { shown.set($0) },
                readLine: {
                    // The person opens the address; the browser ends on the (dead) loopback address.
                    let url = try #require(shown.value)
                    return try await Self.location(of: url.absoluteString)
                })
            #expect(result.athlete.id == harness.server.configuration.athleteID)
            #expect(shown.value?.absoluteString.contains("code_challenge_method=S256") == true)
        }
    }

    @Test func aFreshCodeCalledInvalidIsExchangedAgain() async throws {
        // A wide "fast" window: on a loaded machine the first exchange may come seconds after the redirect.
        let harness = try await SandboxHarness.start {
            $0.faults.failFastCodeExchange = true
            $0.faults.fastCodeExchangeWindowSeconds = 60
        }
        try await harness.scoped {
            let result = try await harness.login()
            #expect(result.athlete.id == harness.server.configuration.athleteID)
            #expect(harness.stats().requests(to: "POST /oauth/token") == 2)
        }
    }

    // MARK: helpers playing the browser

    static func queryValue(_ name: String, in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    static func get(_ url: String) async throws -> Int {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    /// The redirect target of `url`, without following it.
    static func location(of url: String) async throws -> String {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            _ = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return try #require(response.headers.first(name: "Location"))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

/// A value set from a `@Sendable` closure and read afterwards.
final class StatusBox: Sendable {
    private let stored = Mutex<Int?>(nil)
    var value: Int? { stored.withLock { $0 } }
    func set(_ value: Int) { stored.withLock { $0 = value } }
}

/// A URL set from a `@Sendable` closure and read afterwards.
final class URLBox: Sendable {
    private let stored = Mutex<URL?>(nil)
    var value: URL? { stored.withLock { $0 } }
    func set(_ value: URL) { stored.withLock { $0 = value } }
}
