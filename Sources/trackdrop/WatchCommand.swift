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
            seconds; the ledger resumes where it stopped. --sandbox uploads to a local Strava sandbox instead of \
            Strava and changes nothing else: the folders are watched, sidecars land beside the files and link to \
            the sandbox's pages; only the ledger and credentials live in a private scratch folder.
            """
    )

    @Argument(help: "Folders to watch (default: the folders in the configuration).")
    var folders: [String] = []

    @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
    var config: String?

    @Flag(help: "Upload to an in-process Strava sandbox instead of Strava (no account needed).")
    var sandbox = false

    @Flag(name: .customLong("keep-state"), help: "With --sandbox: keep the scratch ledger and credentials at exit (they are removed otherwise).")
    var keepState = false

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
            let run = try await SandboxRun.start(configuration: configuration, logger: logger)
            let daemon = TrackDropDaemon(
                configuration: run.configuration, paths: run.workspace.paths, session: run.session,
                once: once, sandbox: true, logger: logger
            )
            let links = ActivityLinks(webBase: run.configuration.strava.webBaseURL)
            if !once {
                let watched = run.configuration.folders.map(\.path.path).joined(separator: ", ")
                print("Sandbox mode: watching \(watched); uploads go to the sandbox, activities at \(links.webBase)/. Ctrl-C to stop.")
            }
            let results: [LedgerEntry]
            do {
                results = try await daemon.run()
            } catch {
                await run.stop(keepState: keepState)
                throw error
            }
            if once {
                print(ResultTable.render(results, relativeTo: DaemonCLI.workingDirectory, links: links), terminator: "")
                print("\nSidecars (<file>.result.json) are beside the files. The sandbox stops with this run, and its activity pages with it; `trackdrop sandbox` keeps one running.")
            }
            await run.stop(keepState: keepState)
            try Self.failIfUnfinished(results, once: once)
            return
        }
        let paths = configuration.paths()
        // One daemon per state folder; `--once` runs beside it and touches only the files it finds.
        let lock = once ? nil : try DaemonLock(file: paths.daemonLockFile)
        defer { withExtendedLifetime(lock) {} }
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
        if once { print(ResultTable.render(results, relativeTo: DaemonCLI.workingDirectory, links: ActivityLinks(webBase: configuration.strava.webBaseURL)), terminator: "") }
        try Self.failIfUnfinished(results, once: once)
    }

    /// `--once` exits non-zero when a file is not final at the end (Strava still processing it, or uploads
    /// paused); the ledger keeps it for the next run.
    static func failIfUnfinished(_ results: [LedgerEntry], once: Bool) throws {
        if once, results.contains(where: { $0.state != .done }) { throw ExitCode(1) }
    }
}
