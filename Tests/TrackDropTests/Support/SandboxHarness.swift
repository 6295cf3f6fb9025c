import Foundation
import Logging
import StravaKit
import StravaSandbox
import TestSupport
@testable import TrackDrop

/// What TrackDrop's tests add to the shared harness (whose `loggedIn` is in TestSupport): sessions with quiet
/// logging on a logged-in sandbox.
extension SandboxHarness {
    /// Runs `body` with a logged-in sandbox and a session, shutting both down however `body` ends.
    static func withSession(
        _ configure: (inout SandboxConfiguration) -> Void = { _ in },
        _ body: (SandboxHarness, StravaSession) async throws -> Void
    ) async throws {
        let sandbox = try await loggedIn(configure)
        try await sandbox.scoped {
            let session = try sandbox.session()
            do {
                try await body(sandbox, session)
            } catch {
                try? await session.shutdown()
                throw error
            }
            try await session.shutdown()
        }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "trackdrop.test")
        logger.logLevel = .warning
        return logger
    }

    func session() throws -> StravaSession {
        try StravaSession(settings: settings, credentialsFile: credentialsFile, logger: Self.quietLogger)
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

    /// A GPX file in the inbox and its ledger row as a run leaves it just before the POST (normalized copy, start,
    /// duration, `submittingAt` a minute ago), still `discovered`: tests move it to the state they need.
    func sentEntry(_ name: String, start: Date) throws -> (URL, LedgerEntry) {
        let url = inbox.file(name)
        try ActivityFilesByStart.gpx(start: start).write(to: url)
        guard let stamp = FileSystem.stamp(url.path) else { throw CocoaError(.fileReadNoSuchFile) }
        var entry = LedgerEntry(
            path: url.path, sha256: try ContentHash.sha256(of: url), size: stamp.size, modifiedAt: stamp.modified, folder: nil)
        entry.normalizedPath = url.path
        entry.dataType = "gpx"
        entry.startTime = start
        entry.duration = 239
        entry.submittingAt = Date().addingTimeInterval(-60)
        return (url, try ledger.insert(entry))
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
