import ArgumentParser
import Foundation
import Logging
import StravaKit
import StravaSandbox
import TrackDrop

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
