import Foundation
import Logging
import StravaKit
import StravaSandbox
@testable import TrackDrop

/// A sandbox server on 127.0.0.1:0 in the test process, and credentials obtained through the real OAuth flow.
struct SandboxHarness {
    let server: StravaSandboxServer
    let baseURL: URL
    let settings: StravaSettings
    let folder: TemporaryFolder
    let credentialsFile: URL

    static func start(_ configure: (inout SandboxConfiguration) -> Void = { _ in }) async throws -> SandboxHarness {
        var configuration = SandboxConfiguration()
        configuration.processingFixedSeconds = 0.3
        configure(&configuration)
        var quiet = Logger(label: "trackdrop.test.sandbox")
        quiet.logLevel = .critical
        let server = StravaSandboxServer(configuration: configuration, port: 0, logger: quiet)
        let baseURL = try await server.start()
        let settings = StravaSettings(
            baseURL: baseURL, clientID: configuration.clientID, clientSecret: configuration.clientSecret,
            rateLimitWindow: configuration.rateLimitWindowSeconds
        )
        let folder = try TemporaryFolder("trackdrop-sandbox-test")
        let credentialsFile = folder.file("credentials.json")
        _ = try await SandboxLogin.connect(settings: settings, credentialsFile: credentialsFile, logger: quiet)
        return SandboxHarness(server: server, baseURL: baseURL, settings: settings, folder: folder, credentialsFile: credentialsFile)
    }

    /// Runs `body` with a sandbox and a logged-in session, shutting both down however `body` ends.
    static func withSession(
        _ configure: (inout SandboxConfiguration) -> Void = { _ in },
        _ body: (SandboxHarness, StravaSession) async throws -> Void
    ) async throws {
        let sandbox = try await start(configure)
        let session: StravaSession
        do {
            session = try sandbox.session()
        } catch {
            await sandbox.stop()
            throw error
        }
        do {
            try await body(sandbox, session)
        } catch {
            try? await session.shutdown()
            await sandbox.stop()
            throw error
        }
        try await session.shutdown()
        await sandbox.stop()
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "trackdrop.test")
        logger.logLevel = .warning
        return logger
    }

    func session() throws -> StravaSession {
        try StravaSession(settings: settings, credentialsFile: credentialsFile, logger: Self.quietLogger)
    }

    /// Requests to Strava's API (OAuth excluded) the sandbox has answered.
    func apiCalls() -> Int {
        server.stats().requests.filter { $0.key.contains("/api/v3/") && !$0.key.contains("oauth") }.values.reduce(0, +)
    }

    /// Activities the sandbox holds (deleted ones excluded).
    func activities() -> [SandboxActivity] { server.activities().filter { !$0.deleted } }

    func stop() async {
        await server.stop()
        folder.remove()
    }
}

/// A watched folder, a state folder and the pipeline wired together in the test process.
struct PipelineHarness {
    let inbox: TemporaryFolder
    let state: TemporaryFolder
    let paths: TrackDropPaths
    let ledger: Ledger

    init() throws {
        try self.init(reusingInbox: TemporaryFolder("trackdrop-inbox"))
    }

    /// A fresh state folder and ledger over an existing inbox (a daemon that lost its ledger).
    init(reusingInbox inbox: TemporaryFolder) throws {
        self.inbox = inbox
        state = try TemporaryFolder("trackdrop-state")
        paths = TrackDropPaths(configFile: state.file("config.json"), credentialsFile: state.file("credentials.json"), stateFolder: state.url)
        ledger = try Ledger(file: paths.ledgerFile)
    }

    func pipeline(
        session: StravaSession, lookUpDelay: TimeInterval = 0, processingWaitLimit: TimeInterval = 900,
        links: ActivityLinks = .strava, reports: ReportPolicy = .init(),
        inactiveAppWaits: (first: TimeInterval, longest: TimeInterval) = (300, 1_200), lookUpRetryWait: TimeInterval = 30
    ) -> Pipeline {
        Pipeline(
            ledger: ledger, session: session,
            options: .init(
                paths: paths, lookUpDelay: lookUpDelay, processingWaitLimit: processingWaitLimit, links: links,
                reports: reports, inactiveAppFirstWait: inactiveAppWaits.first, inactiveAppLongestWait: inactiveAppWaits.longest,
                lookUpRetryWait: lookUpRetryWait),
            logger: SandboxHarness.quietLogger
        )
    }

    /// Runs every file now in the inbox through the pipeline until all are final (or left unfinished).
    func runOnce(
        session: StravaSession, lookUpDelay: TimeInterval = 0, processingWaitLimit: TimeInterval = 900,
        links: ActivityLinks = .strava, reports: ReportPolicy = .init(), lookUpRetryWait: TimeInterval = 30
    ) async throws -> [LedgerEntry] {
        let watcher = FolderWatcher(folders: [FolderConfiguration(path: inbox.url)], options: .init(settleSeconds: 0.05), logger: SandboxHarness.quietLogger)
        let pipeline = pipeline(
            session: session, lookUpDelay: lookUpDelay, processingWaitLimit: processingWaitLimit, links: links, reports: reports,
            lookUpRetryWait: lookUpRetryWait)
        let collector = ResultCollector(events: pipeline.events)
        async let scan: Void = watcher.runOnce()
        try await pipeline.run(intake: watcher.readyFiles, stopWhenIdle: true)
        try await scan
        return await collector.results()
    }

    /// The watcher and the pipeline running as the daemon runs them, until the returned task is cancelled.
    func watch(
        session: StravaSession, settleSeconds: Double, inactiveAppWaits: (first: TimeInterval, longest: TimeInterval) = (300, 1_200)
    ) -> (events: AsyncStream<PipelineEvent>, running: Task<Void, any Error>, pipeline: Pipeline) {
        let watcher = FolderWatcher(folders: [FolderConfiguration(path: inbox.url)], options: .init(settleSeconds: settleSeconds), logger: SandboxHarness.quietLogger)
        let pipeline = pipeline(session: session, inactiveAppWaits: inactiveAppWaits)
        let running = Task {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await watcher.run() }
                group.addTask { try await pipeline.run(intake: watcher.readyFiles, stopWhenIdle: false) }
            }
        }
        return (pipeline.events, running, pipeline)
    }

    func sidecar(_ name: String) throws -> Sidecar {
        try JSONDecoder().decode(Sidecar.self, from: Data(contentsOf: inbox.file(name + ".result.json")))
    }

    func remove() {
        inbox.remove()
        state.remove()
    }
}
