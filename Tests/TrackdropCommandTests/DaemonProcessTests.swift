import Foundation
import TestSupport
import StravaKit
import Testing
@testable import TrackDrop

/// The built binary against an in-process sandbox: crash safety under SIGKILL and graceful shutdown.
@Suite("trackdrop binary", .serialized)
struct DaemonProcessTests {
    struct Setup: ScopedResource {
        let sandbox: SandboxHarness
        let inbox: TemporaryFolder
        let state: TemporaryFolder
        let config: URL

        static func make(settle: Double = 0.1) async throws -> Setup {
            guard FileManager.default.isExecutableFile(atPath: BinaryProcess.executable.path) else {
                throw Eventually.TimedOut(what: "the built binary at \(BinaryProcess.executable.path); run `swift build` first")
            }
            let sandbox = try await SandboxHarness.loggedIn()
            let inbox = try TemporaryFolder("trackdrop-inbox")
            let state = try TemporaryFolder("trackdrop-state")
            let config = state.file("config.json")
            try DaemonConfig.write(
                to: config, folders: [inbox.path], stateFolder: state.url.appendingPathComponent("state"),
                sandbox: sandbox, settleSeconds: settle)
            return Setup(sandbox: sandbox, inbox: inbox, state: state, config: config)
        }

        var paths: TrackDropPaths {
            TrackDropPaths(configFile: config, credentialsFile: sandbox.credentialsFile, stateFolder: state.url.appendingPathComponent("state"))
        }

        func finalSidecar(_ name: String) -> Sidecar? {
            guard let data = try? Data(contentsOf: inbox.file(name + ".result.json")),
                  let sidecar = try? JSONDecoder().decode(Sidecar.self, from: data), sidecar.status != "pending" else { return nil }
            return sidecar
        }

        func tearDown() async {
            await sandbox.stop()
            inbox.remove()
            state.remove()
        }
    }

    @Test func killedAtManyPointsEveryFileEndsWithExactlyOneActivity() async throws {
        let setup = try await Setup.make()
        let count = 8
        let names = (0..<count).map { "backlog-\($0).gpx" }
        for (index, name) in names.enumerated() {
            try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(500 + index)).write(to: setup.inbox.file(name))
        }
        var kills = 0
        var completed = false
        // Kill after 1, 2, 3, … lines of progress in successive runs, so the kills land at different steps:
        // before normalizing, between the committed `submitting` and the POST, after the POST, while resolving.
        for killAfter in 1...40 {
            let process = try BinaryProcess(arguments: ["watch", "--once", "--verbose", "--config", setup.config.path])
            await process.waitForLines(killAfter)
            if let status = await process.waitForExit(timeout: .zero) {
                #expect(status == 0, "\(process.lines.joined(separator: "\n"))")
                completed = true
                break
            }
            process.signal(SIGKILL)
            _ = await process.waitForExit(timeout: .seconds(10))
            kills += 1
        }
        if !completed {
            let last = try BinaryProcess(arguments: ["watch", "--once", "--config", setup.config.path])
            let status = await last.waitForExit(timeout: .seconds(120))
            #expect(status == 0, "\(last.lines.joined(separator: "\n"))")
        }
        #expect(kills >= 3)
        let activities = setup.sandbox.activities()
        #expect(activities.count == count, "activities: \(activities.map(\.externalID))")
        let ledger = try Ledger(file: setup.paths.ledgerFile)
        for name in names {
            let sidecar = try #require(setup.finalSidecar(name), "\(name) has no final sidecar")
            #expect(sidecar.status == "uploaded", "\(name): \(sidecar.status) \(sidecar.error ?? "")")
            let made = activities.filter { $0.externalID.hasPrefix(sidecar.externalID ?? "-") }
            #expect(made.count == 1, "\(name) made \(made.count) activities")
            #expect(made.first?.id == sidecar.activityID)
        }
        #expect(try ledger.counts().byState[.done] == count)
        await setup.tearDown()
    }

    @Test func sigtermStopsPromptlyWithStatePersisted() async throws {
        let setup = try await Setup.make()
        let process = try BinaryProcess(arguments: ["watch", "--config", setup.config.path])
        #expect(await process.waitForLine(containing: "watching"))
        try ActivityFilesByStart.gpx(start: ActivityFilesByStart.start(600)).write(to: setup.inbox.file("before-stop.gpx"))
        try await Eventually.until("the final sidecar of before-stop.gpx") { setup.finalSidecar("before-stop.gpx") != nil }
        process.signal(SIGTERM)
        let status = await process.waitForExit(timeout: .seconds(5))
        #expect(status == 0, "did not exit within 5 s after SIGTERM: \(process.lines.suffix(5))")
        let ledger = try Ledger(file: setup.paths.ledgerFile)
        #expect(try ledger.counts().byStatus[.uploaded] == 1)
        #expect(!FileManager.default.fileExists(atPath: setup.paths.daemonStatusFile.path))
        // The status command reads what the daemon left.
        let statusProcess = try BinaryProcess(arguments: ["status", "--json", "--config", setup.config.path])
        #expect(await statusProcess.waitForExit(timeout: .seconds(30)) == 0)
        await setup.tearDown()
    }

    @Test func configErrorsNameTheKey() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let config = folder.file("config.json")
        try Data(#"{"folders": [{"path": "/a"}, {"path": "/b", "settle_seconds": "fast"}]}"#.utf8).write(to: config)
        let process = try BinaryProcess(arguments: ["watch", "--once", "--config", config.path])
        let status = await process.waitForExit(timeout: .seconds(30))
        #expect(status != 0)
        #expect(process.lines.joined().contains(#"config.json: folders[1].settle_seconds: expected a number, got "fast""#))
    }

    @Test func exampleConfigurationIsValid() throws {
        let example = BinaryProcess.repositoryRoot.appendingPathComponent("config.example.json")
        let configuration = try TrackDropConfiguration.load(from: example)
        #expect(configuration.folders.count == 2)
        #expect(configuration.folders[1].poll == true)
    }

    /// The example shows every top-level key with its default: the values written there and the ones in
    /// `TrackDropConfiguration.Defaults` (used by the parser, the initializer and the watcher) cannot drift apart.
    @Test func exampleConfigurationShowsTheDefaults() throws {
        let example = BinaryProcess.repositoryRoot.appendingPathComponent("config.example.json")
        let configuration = try TrackDropConfiguration.load(from: example)
        typealias Defaults = TrackDropConfiguration.Defaults
        #expect(configuration.settleSeconds == Defaults.settleSeconds)
        #expect(configuration.poll == Defaults.poll)
        #expect(configuration.pollIntervalSeconds == Defaults.pollIntervalSeconds)
        #expect(configuration.clean == Defaults.clean)
        #expect(configuration.report == Defaults.report)
        #expect(configuration.maxFileMiB == Defaults.maxFileMiB)
        #expect(configuration.followSymlinks == Defaults.followSymlinks)
        // Every key the parser knows is in the example, with its explanation.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as? [String: Any])
        for key in TrackDropConfiguration.keys {
            #expect(object[key] != nil, "\(key) is missing from config.example.json")
            #expect(object["_" + key] != nil, "\(key) has no explanation in config.example.json")
        }
        // And an empty configuration is exactly the defaults.
        #expect(try TrackDropConfiguration.parse(Data("{}".utf8)) == TrackDropConfiguration())
        let watcher = TrackDropConfiguration().watcherOptions(paths: TrackDropPaths(environment: [:]))
        #expect(watcher.settleSeconds == Defaults.settleSeconds && watcher.pollIntervalSeconds == Defaults.pollIntervalSeconds)
    }
}
