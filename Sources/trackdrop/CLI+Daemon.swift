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

/// A sandbox started in-process for `--sandbox`: Strava replaced, nothing else. The folders and files named are
/// the ones processed, sidecars land beside them, and links point at the sandbox's own pages; the ledger and
/// credentials live in a private scratch state folder, removed at exit unless `--keep-state`.
struct SandboxRun {
    let server: StravaSandboxServer
    let workspace: SandboxWorkspace
    let session: StravaSession
    let configuration: TrackDropConfiguration

    /// Starts the sandbox on a free loopback port and logs in through the real OAuth flow.
    static func start(configuration original: TrackDropConfiguration, logger: Logger) async throws -> SandboxRun {
        let workspace = try SandboxWorkspace.create()
        let sandboxConfiguration = SandboxConfiguration()
        let server = StravaSandboxServer(configuration: sandboxConfiguration, port: 0, logger: Logger(label: "trackdrop.sandbox"))
        let url: URL
        do {
            url = try await server.start()
        } catch {
            try? workspace.remove()
            throw error
        }
        logger.info("sandbox Strava running at \(url.absoluteString); scratch state in \(workspace.root.path)")
        var settings = StravaSettings(
            baseURL: url, clientID: sandboxConfiguration.clientID, clientSecret: sandboxConfiguration.clientSecret,
            rateLimitWindow: sandboxConfiguration.rateLimitWindowSeconds
        )
        let paths = workspace.paths
        settings.rateLimitStateFile = paths.rateLimitFile
        do {
            let login = try await SandboxLogin.connect(settings: settings, credentialsFile: paths.credentialsFile, logger: logger)
            logger.info("connected to the sandbox as \(login.athlete.displayName) through OAuth")
        } catch {
            await server.stop()
            try? workspace.remove()
            throw error
        }
        var configuration = original
        configuration.stateFolder = paths.stateFolder
        configuration.resultsFolder = original.resultsFolder ?? workspace.resultsFolder
        configuration.strava.setBoth(from: url)
        configuration.strava.credentialsFile = paths.credentialsFile
        let session = try StravaSession(settings: settings, credentialsFile: paths.credentialsFile, logger: logger)
        return SandboxRun(server: server, workspace: workspace, session: session, configuration: configuration)
    }

    /// Stops the sandbox and removes the scratch state, unless `keepState`; says which on standard output.
    func stop(keepState: Bool) async {
        try? await session.shutdown()
        await server.stop()
        if keepState {
            print("Sandbox state (ledger, normalized files, credentials) kept in \(workspace.root.path)")
        } else {
            do {
                try workspace.remove()
            } catch {
                print("Could not remove the sandbox state in \(workspace.root.path): \(error.localizedDescription)")
            }
        }
    }
}
