import Foundation
import Logging
import StravaKit
import StravaSandbox

/// The one sandbox harness of every test target: a `StravaSandboxServer` on 127.0.0.1 port 0 in the test
/// process, a scratch folder for credentials, a capture of the client's log lines, and the settings to reach
/// it. `scoped { }` (or `with`) awaits its shutdown however the test ends. A sandbox already logged in is
/// `loggedIn` (`SandboxHarness+LoggedIn.swift`). Each target adds what its tests need in an extension: the
/// OAuth flow (StravaKit), a logged-in pipeline session (TrackDrop), a raw HTTP client (`SandboxWireClient`,
/// the sandbox's own tests).
public struct SandboxHarness: ScopedResource, Sendable {
    public let server: StravaSandboxServer
    public let baseURL: URL
    /// Scratch space of this harness, removed when it stops.
    public let folder: URL
    public let logs: LogCapture
    public var settings: StravaSettings

    public var credentialsFile: URL { folder.appendingPathComponent("config/credentials.json") }
    /// A logger whose lines land in `logs`.
    public var logger: Logger { logs.logger() }
    public var configuration: SandboxConfiguration { server.configuration }
    public var clock: SandboxClock { server.clock }

    /// Starts a sandbox configured by `configure` (on top of `SandboxConfiguration()`); `serverLogger` nil keeps
    /// the sandbox's own default logging.
    public static func start(
        serverLogger: Logger? = nil, _ configure: (inout SandboxConfiguration) -> Void = { _ in }
    ) async throws -> SandboxHarness {
        var configuration = SandboxConfiguration()
        configure(&configuration)
        let server = StravaSandboxServer(configuration: configuration, port: 0, logger: serverLogger)
        let baseURL = try await server.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackdrop-sandbox-test-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            await server.stop()
            throw error
        }
        let settings = StravaSettings(
            baseURL: baseURL, clientID: configuration.clientID, clientSecret: configuration.clientSecret,
            rateLimitWindow: configuration.rateLimitWindowSeconds)
        return SandboxHarness(server: server, baseURL: baseURL, folder: folder, logs: LogCapture(), settings: settings)
    }

    /// Starts a sandbox, runs `body` with it, and awaits its shutdown however `body` ends.
    public static func with<Result>(
        serverLogger: Logger? = nil, _ configure: (inout SandboxConfiguration) -> Void = { _ in },
        _ body: (SandboxHarness) async throws -> Result
    ) async throws -> Result {
        let harness = try await start(serverLogger: serverLogger, configure)
        return try await harness.scoped { try await body(harness) }
    }

    public func stats() -> SandboxStats { server.stats() }

    /// Requests to Strava's API (OAuth and control routes left out) the sandbox has answered.
    public func apiCalls() -> Int {
        server.stats().requests.filter { $0.key.contains("/api/v3/") && !$0.key.contains("oauth") }.values.reduce(0, +)
    }

    /// Activities the sandbox holds (deleted ones left out).
    public func activities() -> [SandboxActivity] { server.activities().filter { !$0.deleted } }

    public func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    public func tearDown() async { await stop() }
}
