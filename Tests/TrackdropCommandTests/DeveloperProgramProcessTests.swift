import Foundation
import TestSupport
import StravaKit
import StravaSandbox
import Testing
@testable import TrackDrop

/// The built binary against a sandbox set up as Strava is after 1 June 2027: the API at the new host's root,
/// deauthorize retired, tokens in a query refused; then with the app inactive.
@Suite("trackdrop binary and Strava's 2027 API", .serialized)
struct DeveloperProgramProcessTests {
    @Test(.timeLimit(.minutes(3))) func watchUploadAuthStatusAndLogoutAgainstTheNewLayout() async throws {
        guard FileManager.default.isExecutableFile(atPath: BinaryProcess.executable.path) else {
            throw Eventually.TimedOut(what: "the built binary at \(BinaryProcess.executable.path); run `swift build` first")
        }
        let sandbox = try await SandboxHarness.loggedIn {
            $0.queryTokensRejected = true
            $0.deauthorizeRetired = true
        }
        let inbox = try TemporaryFolder("trackdrop-inbox")
        let state = try TemporaryFolder("trackdrop-state")
        defer {
            inbox.remove()
            state.remove()
        }
        let config = state.file("config.json")
        try DaemonConfig.write(
            to: config, folders: [inbox.path], stateFolder: state.url.appendingPathComponent("state"),
            sandbox: sandbox, addressKeys: ["api_base_url", "oauth_base_url"])

        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(900)).write(to: inbox.file("new-host.gpx"))
        let watch = try BinaryProcess(arguments: ["watch", "--once", "--config", config.path])
        #expect(await watch.waitForExit(timeout: .seconds(120)) == 0, "\(watch.lines.joined(separator: "\n"))")
        var stats = sandbox.server.stats()
        #expect(stats.requests(to: "POST /uploads") == 1)
        #expect(stats.requests(to: "POST /api/v3/uploads") == 0)
        #expect(sandbox.activities().count == 1)
        let loose = try TemporaryFolder("trackdrop-loose")
        defer { loose.remove() }
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(902)).write(to: loose.file("one-shot.gpx"))
        let upload = try BinaryProcess(arguments: ["upload", loose.file("one-shot.gpx").path, "--config", config.path])
        #expect(await upload.waitForExit(timeout: .seconds(120)) == 0, "\(upload.lines.joined(separator: "\n"))")
        #expect(sandbox.server.stats().requests(to: "POST /uploads") == 2)
        #expect(sandbox.activities().count == 2)

        // The owner's subscription lapses: the next file is kept, and the log says what to do.
        sandbox.server.setAppStatus(.inactive)
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(901)).write(to: inbox.file("while-inactive.gpx"))
        let paused = try BinaryProcess(arguments: ["watch", "--once", "--config", config.path])
        #expect(await paused.waitForExit(timeout: .seconds(120)) == 1)
        let log = paused.lines.joined(separator: "\n")
        #expect(log.contains("subscription") && log.contains("https://www.strava.com/settings/api"), "\(log)")
        #expect(!FileManager.default.fileExists(atPath: inbox.file("while-inactive.gpx.result.json").path))
        let inactiveStatus = try BinaryProcess(arguments: ["auth", "status", "--config", config.path])
        #expect(await inactiveStatus.waitForExit(timeout: .seconds(30)) == 3)

        sandbox.server.setAppStatus(.active)
        let resumed = try BinaryProcess(arguments: ["watch", "--once", "--config", config.path])
        #expect(await resumed.waitForExit(timeout: .seconds(120)) == 0, "\(resumed.lines.joined(separator: "\n"))")
        #expect(sandbox.activities().count == 3)
        let connected = try BinaryProcess(arguments: ["auth", "status", "--config", config.path])
        #expect(await connected.waitForExit(timeout: .seconds(30)) == 0)

        let stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.credentialsFile)) as? [String: Any])
        let tokens = [stored["access_token"], stored["refresh_token"]].compactMap { $0 as? String }
        #expect(tokens.count == 2)
        let logout = try BinaryProcess(arguments: ["auth", "logout", "--config", config.path])
        #expect(await logout.waitForExit(timeout: .seconds(30)) == 0, "\(logout.lines.joined(separator: "\n"))")
        #expect(!FileManager.default.fileExists(atPath: sandbox.credentialsFile.path))
        stats = sandbox.server.stats()
        #expect(stats.requests(to: "POST /oauth/revoke") == 1)
        #expect(stats.requests(to: "POST /oauth/deauthorize") == 0)
        #expect(stats.accessTokenParameters == 0)
        let after = try BinaryProcess(arguments: ["auth", "status", "--config", config.path])
        #expect(await after.waitForExit(timeout: .seconds(30)) == 1)
        let logs = (watch.lines + upload.lines + paused.lines + resumed.lines + logout.lines).joined(separator: "\n")
        #expect(!logs.contains(sandbox.settings.clientSecret))
        for token in tokens { #expect(!logs.contains(token)) }
        await sandbox.stop()
    }
}
