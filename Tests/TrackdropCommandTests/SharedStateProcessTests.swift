import Foundation
import TestSupport
import StravaKit
import Testing
@testable import TrackDrop

/// Two processes of the built binary on one state folder and one credentials file, while the sandbox rotates
/// the refresh token at every refresh and access tokens live 60 s (below the 2-minute refresh margin, so
/// every call refreshes): nothing sent twice, nobody logged out, one final sidecar per file, one daemon.
@Suite("trackdrop processes sharing state", .serialized)
struct SharedStateProcessTests {
    static func finalSidecar(_ folder: TemporaryFolder, _ name: String) -> Sidecar? {
        guard let data = try? Data(contentsOf: folder.file(name + ".result.json")),
              let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data), sidecar.status != "pending" else { return nil }
        return sidecar
    }

    @Test func aDaemonAndAnUploadBesideItShareTokensAndNeverDoubleAFile() async throws {
        let sandbox = try await SandboxHarness.loggedIn {
            $0.rotateRefreshTokens = true
            $0.accessTokenLifetimeSeconds = 60
            $0.sameTokenThresholdSeconds = 0
        }
        let watched = try TemporaryFolder("trackdrop-watched")
        let handed = try TemporaryFolder("trackdrop-handed")
        let state = try TemporaryFolder("trackdrop-state")
        defer {
            watched.remove()
            handed.remove()
            state.remove()
        }
        let config = state.file("config.json")
        try DaemonConfig.write(
            to: config, folders: [watched.path], stateFolder: state.url.appendingPathComponent("state"),
            sandbox: sandbox)
        let watchedNames = (0..<5).map { "watched-\($0).gpx" }
        let handedNames = (0..<5).map { "handed-\($0).gpx" }
        for (index, name) in watchedNames.enumerated() {
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(800 + index)).write(to: watched.file(name))
        }
        for (index, name) in handedNames.enumerated() {
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(900 + index)).write(to: handed.file(name))
        }

        let daemon = try BinaryProcess(arguments: ["watch", "--verbose", "--config", config.path])
        let upload = try BinaryProcess(arguments: ["upload", handed.path, "--config", config.path])
        let uploadStatus = await upload.waitForExit(timeout: .seconds(180))
        #expect(uploadStatus == 0, "\(upload.lines.joined(separator: "\n"))")
        do {
            try await Eventually.until("final sidecars of the watched files", timeout: .seconds(180)) {
                watchedNames.allSatisfy { Self.finalSidecar(watched, $0) != nil }
            }
        } catch {
            Issue.record("the daemon said: \(daemon.lines.suffix(30).joined(separator: "\n"))")
            daemon.signal(SIGKILL)
            await sandbox.stop()
            throw error
        }

        // A second daemon on the same state folder is refused at once, naming the first.
        let second = try BinaryProcess(arguments: ["watch", "--config", config.path])
        let secondStatus = await second.waitForExit(timeout: .seconds(60))
        #expect(secondStatus != nil && secondStatus != 0)
        #expect(second.lines.joined(separator: "\n").contains("PID \(daemon.processID)"), "\(second.lines)")

        daemon.signal(SIGTERM)
        #expect(await daemon.waitForExit(timeout: .seconds(10)) == 0)

        let activities = sandbox.activities()
        #expect(activities.count == 10, "activities: \(activities.map(\.externalID))")
        #expect(sandbox.server.stats().uploads == 10)
        for (folder, names) in [(watched, watchedNames), (handed, handedNames)] {
            for name in names {
                let sidecar = try #require(Self.finalSidecar(folder, name), "\(name) has no final sidecar")
                #expect(sidecar.status == "uploaded", "\(name): \(sidecar.status)")
                #expect(activities.filter { $0.externalID.hasPrefix(sidecar.externalID ?? "-") }.count == 1)
            }
        }
        let allLines = daemon.lines + upload.lines
        #expect(!allLines.contains { $0.contains("revoked") || $0.contains("reconnect") }, "\(allLines.filter { $0.contains("revoked") || $0.contains("reconnect") })")
        // The tokens were really rotated many times over, by both processes.
        #expect(sandbox.server.stats().requests(to: "POST /oauth/token") > 4)
        let credentials = try #require(try CredentialsStore(fileURL: sandbox.credentialsFile).load())
        #expect(!credentials.reconnectRequired)
        await sandbox.stop()
    }
}
