import ArgumentParser
import Foundation
import Logging
import TrackDrop

/// `trackdrop watch`: the daemon that turns folders into an outbox for Strava.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch folders and upload every activity file that lands there.",
        discussion: """
            Each GPX, TCX or FIT file (also .gz) is taken once it has been quiet for the settle time, checked, \
            cleaned, uploaded and answered with a <file>.result.json sidecar. SIGTERM or Ctrl-C stops within \
            seconds; the ledger resumes where it stopped. --sandbox runs against a local Strava sandbox on copies \
            of the folders, so nothing real is touched.
            """
    )

    @Argument(help: "Folders to watch (default: the folders in the configuration).")
    var folders: [String] = []

    @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
    var config: String?

    @Flag(help: "Run against an in-process Strava sandbox, on copies of the folders.")
    var sandbox = false

    @Flag(help: "Process what is in the folders now, then exit; non-zero when a file is left unfinished (Strava still processing it after 15 minutes, or uploads paused).")
    var once = false

    @Option(name: .customLong("log-format"), help: "Log lines as text (default) or json (for journald).")
    var logFormat: LogFormat = .text

    @Flag(help: "Log debug details.")
    var verbose = false

    func run() async throws {
        let logger = DaemonCLI.bootstrapLogging(format: logFormat, verbose: verbose)
        var configuration = try DaemonCLI.loadConfiguration(config)
        configuration.folders = DaemonCLI.folders(folders, configuration: configuration)
        guard !configuration.folders.isEmpty else {
            throw ValidationError("no folders to watch: name one (`trackdrop watch ~/Watch`) or set \"folders\" in the configuration")
        }
        if sandbox {
            let run = try await SandboxRun.start(configuration: configuration, folders: configuration.folders, logger: logger)
            let daemon = TrackDropDaemon(
                configuration: run.configuration, paths: run.workspace.paths, session: run.session,
                once: once, sandbox: true, logger: logger
            )
            if !once {
                let watched = run.configuration.folders.map(\.path.path).joined(separator: ", ")
                print("Sandbox mode: watching the copies in \(watched). Drop files there; Ctrl-C to stop.")
            }
            let results: [LedgerEntry]
            do {
                results = try await daemon.run()
            } catch {
                await run.stop()
                throw error
            }
            await run.stop()
            print(ResultTable.render(results, relativeTo: run.workspace.inputs), terminator: "")
            print("\nSidecars (<file>.result.json) are beside the copies in \(run.workspace.inputs.path)")
            print("Sandbox state (ledger, normalized files, credentials) is in \(run.workspace.root.path)")
            try Self.failIfUnfinished(results, once: once)
            return
        }
        let paths = configuration.paths()
        let session = try await DaemonCLI.connect(configuration: configuration, paths: paths, logger: logger)
        let daemon = TrackDropDaemon(configuration: configuration, paths: paths, session: session, once: once, logger: logger)
        let results: [LedgerEntry]
        do {
            results = try await daemon.run()
        } catch {
            try? await session.shutdown()
            throw error
        }
        try? await session.shutdown()
        if once { print(ResultTable.render(results), terminator: "") }
        try Self.failIfUnfinished(results, once: once)
    }

    /// `--once` exits non-zero when a file is not final at the end (Strava still processing it, or uploads
    /// paused); the ledger keeps it for the next run.
    static func failIfUnfinished(_ results: [LedgerEntry], once: Bool) throws {
        if once, results.contains(where: { $0.state != .done }) { throw ExitCode(1) }
    }
}
