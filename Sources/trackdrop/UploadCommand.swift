import ArgumentParser
import Foundation
import Glibc
import Logging
import StravaKit
import TrackDrop

/// `trackdrop upload`: a one-shot batch through the daemon's pipeline, with a progress bar.
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload activity files and folders once, with a progress bar and a summary.",
        discussion: """
            Folders are walked. Every file gets a <file>.result.json sidecar. The exit status is non-zero when \
            any file ends invalid or rejected, cannot be read, or is not final when the run ends: Strava still \
            processing it 15 minutes after the run began to wait for it, or uploads paused. Such files stay in \
            the ledger with a pending sidecar; the next run (or the daemon) finishes them without sending them twice.
            """
    )

    @Argument(help: "Activity files (.gpx, .tcx, .fit, optionally .gz) and folders.")
    var paths: [String]

    @Flag(name: .customLong("dry-run"), help: "Check and normalize only: send nothing, write nothing.")
    var dryRun = false

    @Flag(help: "Upload to an in-process Strava sandbox instead of Strava (no account needed).")
    var sandbox = false

    @Flag(name: .customLong("keep-state"), help: "With --sandbox: keep the scratch ledger and credentials at exit (they are removed otherwise).")
    var keepState = false

    @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
    var config: String?

    @Option(name: .customLong("log-format"), help: "Log lines as text (default) or json.")
    var logFormat: LogFormat = .text

    func run() async throws {
        var logger = DaemonCLI.bootstrapLogging(format: logFormat)
        let interactive = isatty(STDERR_FILENO) == 1
        // The progress bar says what the per-file log lines would; keep only warnings on a terminal.
        if interactive { logger.logLevel = .warning }
        var configuration = try DaemonCLI.loadConfiguration(config)
        let inputs = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var sandboxRun: SandboxRun?
        var statePaths = configuration.paths()
        if sandbox, !dryRun {
            let run = try await SandboxRun.start(configuration: configuration, logger: logger)
            configuration = run.configuration
            statePaths = run.workspace.paths
            sandboxRun = run
        }
        let links = ActivityLinks(webBase: configuration.strava.webBaseURL)
        let batch = BatchUpload(configuration: configuration, paths: statePaths, logger: logger)
        let (files, problems, skipped) = batch.collectFiles(inputs)
        for problem in problems { logger.error("\(problem)") }
        for skip in skipped { logger.warning("\(skip)") }
        if dryRun {
            var failed = problems.count
            for line in batch.preview(files) {
                print("\(line.verdict.padding(toLength: 14, withPad: " ", startingAt: 0)) \(line.file)  \(line.detail)")
                if line.verdict == "invalid" { failed += 1 }
            }
            print("\(files.count) file(s) checked, nothing sent")
            if failed > 0 { throw ExitCode(1) }
            return
        }
        let session: StravaSession
        if let sandboxRun {
            session = sandboxRun.session
        } else {
            session = try await DaemonCLI.connect(configuration: configuration, paths: statePaths, logger: logger)
        }
        let progress = ProgressPrinter(total: files.count, window: configuration.strava.rateLimitWindowSeconds, interactive: interactive, session: session, links: links)
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(1))
                await progress.redraw()
            }
        }
        let results: [LedgerEntry]
        do {
            results = try await batch.run(files: files, session: session) { event in await progress.record(event) }
        } catch {
            ticker.cancel()
            await sandboxRun?.stop(keepState: keepState)
            throw error
        }
        ticker.cancel()
        await progress.finish()
        print(ResultTable.render(results, relativeTo: DaemonCLI.workingDirectory, links: links), terminator: "")
        if let sandboxRun {
            print("\nThe sandbox stops with this run, and its activity pages with it; `trackdrop sandbox` keeps one running.")
            await sandboxRun.stop(keepState: keepState)
        } else {
            try? await session.shutdown()
        }
        let failed = results.filter { $0.state != .done || $0.status == .invalid || $0.status == .rejected }.count
            + problems.count + max(0, files.count - results.count)
        if failed > 0 { throw ExitCode(1) }
    }
}
