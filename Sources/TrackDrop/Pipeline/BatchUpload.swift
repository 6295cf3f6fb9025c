import Foundation
import Logging
import ServiceLifecycle
import StravaKit
import TrackKit

/// `trackdrop upload`: the given files and folders through the same pipeline as the daemon, as one batch.
public struct BatchUpload: Sendable {
    public var configuration: TrackDropConfiguration
    public var paths: TrackDropPaths
    public var logger: Logger

    public init(configuration: TrackDropConfiguration, paths: TrackDropPaths, logger: Logger) {
        self.configuration = configuration
        self.paths = paths
        self.logger = logger
    }

    /// Expands folders (recursively) into activity files; reports paths that do not exist (`problems`) and
    /// entries passed over (`skipped`: FIFOs, sockets, devices, links leading outside).
    public func collectFiles(_ inputs: [URL]) -> (files: [ReadyFile], problems: [String], skipped: [String]) {
        var files: [ReadyFile] = []
        var problems: [String] = []
        let inputs = inputs.map(\.standardizedFileURL)
        // The rules of the watcher: folder links only with follow_symlinks, each folder and file once.
        var rules = FolderWalk(followSymlinks: configuration.followSymlinks, roots: inputs.map(\.path))
        func add(_ url: URL) {
            guard let stamp = FileSystem.stamp(url.path) else { return }
            let folder = configuration.folder(containing: url) ?? FolderConfiguration(path: url.deletingLastPathComponent())
            files.append(ReadyFile(url: url, folder: folder, stamp: stamp))
        }
        func walk(_ folder: URL) {
            for entry in FileSystem.entries(of: folder.path).sorted(by: { $0.name < $1.name }) {
                let url = folder.appendingPathComponent(entry.name)
                if entry.isDirectory {
                    if SourceFileFilter.acceptsFolder(name: entry.name), rules.descends(into: entry, at: url.path) { walk(url) }
                } else if SourceFileFilter.accepts(name: entry.name), rules.takes(entry, at: url.path) {
                    add(url)
                }
            }
        }
        for input in inputs {
            if FileSystem.isDirectory(input.path) {
                if rules.enterRoot(input.path) { walk(input) }
            } else if FileSystem.stamp(input.path) != nil {
                add(input)
            } else if FileManager.default.fileExists(atPath: input.path) {
                problems.append("\(LogText.path(input.path)): not a regular file (a FIFO, socket or device); skipped")
            } else {
                problems.append("\(LogText.path(input.path)): no such file or folder")
            }
        }
        let skipped = rules.skipped.map { "skipping \(LogText.path($0.path)): \($0.reason)" }
        return (files, problems, skipped)
    }

    /// Sends `files` and waits until each is final; `onEvent` sees every pipeline event as it happens.
    public func run(
        files: [ReadyFile], session: StravaSession, onEvent: @escaping @Sendable (PipelineEvent) async -> Void
    ) async throws -> [LedgerEntry] {
        let ledger = try Ledger(file: paths.ledgerFile)
        let pipeline = Pipeline(
            ledger: ledger, session: session,
            options: configuration.pipelineOptions(paths: paths),
            logger: logger
        )
        let (intake, continuation) = AsyncStream<ReadyFile>.makeStream()
        for file in files { continuation.yield(file) }
        continuation.finish()
        let collector = ResultCollector(events: pipeline.events, onEvent: onEvent)
        let group = ServiceGroup(configuration: .init(
            services: [.init(service: PipelineService(pipeline: pipeline, intake: intake, once: true),
                             successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        try await group.run()
        return await collector.results()
    }

    /// What would happen to each file, without sending anything or writing anywhere (`--dry-run`).
    public func preview(_ files: [ReadyFile]) -> [(file: String, verdict: String, detail: String)] {
        let ledger = FileManager.default.fileExists(atPath: paths.ledgerFile.path) ? try? Ledger(file: paths.ledgerFile) : nil
        return files.map { file in
            let path = file.url.path
            if let sha = try? ContentHash.sha256(of: file.url, size: file.size, modified: file.modified, limit: configuration.maxFileMiB << 20), let ledger,
               let known = try? ledger.entry(path: path, sha256: sha), known.state == .done {
                return (path, "already \(known.status?.rawValue ?? "done")", known.activityID.map { "activity \($0)" } ?? "")
            }
            do {
                let track = try TrackKit.normalize(contentsOf: file.url, options: NormalizeOptions(
                    clean: configuration.clean, sport: file.folder.sportType,
                    limits: InputLimits(maxFileMiB: configuration.maxFileMiB, settingName: "max_file_mib in the configuration")))
                guard track.usable else {
                    return (path, "invalid", track.issues.filter { $0.severity == .error }.map(\.message).joined(separator: "; "))
                }
                let km = String(format: "%.2f km", track.distanceMeters / 1000)
                return (path, "would upload", "\(track.format.rawValue), \(track.pointsOut) points, \(km)")
            } catch {
                return (path, "invalid", "\(error)")
            }
        }
    }
}
