import Foundation
import Logging
import ServiceLifecycle
import StravaKit

/// `trackdrop watch`: the watcher, the pipeline and the status writer as services of one `ServiceGroup`.
public struct TrackDropDaemon: Sendable {
    public var configuration: TrackDropConfiguration
    public var paths: TrackDropPaths
    public var session: StravaSession
    /// Process what is there, then exit.
    public var once: Bool
    public var sandbox: Bool
    public var logger: Logger

    public init(configuration: TrackDropConfiguration, paths: TrackDropPaths, session: StravaSession, once: Bool, sandbox: Bool = false, logger: Logger) {
        self.configuration = configuration
        self.paths = paths
        self.session = session
        self.once = once
        self.sandbox = sandbox
        self.logger = logger
    }

    /// Runs until SIGTERM/SIGINT (or, with `once`, until everything found is final). Returns every file that
    /// finished during the run, and those found already finished.
    public func run() async throws -> [LedgerEntry] {
        let ledger = try Ledger(file: paths.ledgerFile)
        let watcher = FolderWatcher(
            folders: configuration.folders, options: configuration.watcherOptions(paths: paths), logger: logger)
        let pipeline = Pipeline(
            ledger: ledger, session: session,
            options: configuration.pipelineOptions(paths: paths),
            logger: logger
        )
        let collector = ResultCollector(events: pipeline.events, keep: once)
        let status = StatusService(
            watcher: watcher, pipeline: pipeline, session: session, file: paths.daemonStatusFile,
            folders: configuration.folders.map(\.path.path), sandbox: sandbox
        )
        let watcherService = WatcherService(watcher: watcher, once: once)
        let pipelineService = PipelineService(pipeline: pipeline, intake: watcher.readyFiles, once: once)
        let group = ServiceGroup(configuration: .init(
            services: [
                .init(service: status),
                .init(service: watcherService, successTerminationBehavior: once ? .ignore : .gracefullyShutdownGroup),
                .init(service: pipelineService, successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        let folders = configuration.folders.map(\.path.path).joined(separator: ", ")
        logger.info(once ? "processing what is in \(folders)" : "watching \(folders)")
        try await group.run()
        try? FileManager.default.removeItem(at: paths.daemonStatusFile)
        return await collector.results()
    }
}
