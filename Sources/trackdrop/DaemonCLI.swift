import ArgumentParser
import Foundation
import Logging
import StravaKit
import StravaSandbox
import TrackDrop

extension LogFormat: ExpressibleByArgument {}

/// Shared setup of `watch`, `upload` and `status`: logging, configuration, the session, the `--sandbox` world.
enum DaemonCLI {
    /// Sends swift-log output to standard error in the chosen format (once per process).
    static func bootstrapLogging(format: LogFormat, verbose: Bool = false) -> Logger {
        let level: Logger.Level = verbose ? .debug : .info
        LoggingSystem.bootstrap { label in
            var handler = StandardErrorLogHandler(label: label, format: format, level: level)
            // The sandbox logs every request; only its problems matter in a demo.
            if label.hasPrefix("trackdrop.sandbox") { handler.logLevel = .warning }
            return handler
        }
        return Logger(label: "trackdrop")
    }

    /// Summaries name files relative to where the command was run, as the user typed them.
    static var workingDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    static func loadConfiguration(_ path: String?) throws -> TrackDropConfiguration {
        try TrackDropConfiguration.load(from: path.map { URL(fileURLWithPath: $0) })
    }

    /// The configured folders, or the ones named on the command line (with the defaults of a configured folder
    /// that holds them).
    static func folders(_ arguments: [String], configuration: TrackDropConfiguration) -> [FolderConfiguration] {
        guard !arguments.isEmpty else { return configuration.folders }
        return arguments.map { argument in
            let url = URL(fileURLWithPath: argument).standardizedFileURL
            if let configured = configuration.folders.first(where: { $0.path == url }) { return configured }
            var folder = configuration.folder(containing: url.appendingPathComponent("x")) ?? FolderConfiguration(path: url)
            folder.path = url
            return folder
        }
    }

    /// Opens the session for the real (or configured) Strava; refuses to start without credentials.
    static func connect(configuration: TrackDropConfiguration, paths: TrackDropPaths, logger: Logger) async throws -> StravaSession {
        var settings = try configuration.stravaSettings()
        settings.rateLimitStateFile = paths.rateLimitFile
        let session = try StravaSession(settings: settings, credentialsFile: paths.credentialsFile, logger: logger)
        if await session.connectionState == .notConnected {
            throw ValidationError("not connected to Strava (no credentials in \(paths.credentialsFile.path)): run `trackdrop auth login` first, or try `--sandbox`")
        }
        return session
    }
}
