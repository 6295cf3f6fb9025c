import ArgumentParser
import Foundation
import Logging
import StravaSandbox
import UnixSignals

/// `trackdrop sandbox`: runs the local Strava sandbox on 127.0.0.1 until SIGINT or SIGTERM.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Run the local Strava sandbox server on 127.0.0.1.",
        discussion: """
            Serves Strava's OAuth and upload API from memory, for trying trackdrop without a Strava account. \
            Point trackdrop at the printed base URL with the printed client id and secret. \
            Control and inspection routes live under /_sandbox/ (see Sources/StravaSandbox/SANDBOX.md).
            """
    )

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 0

    @Option(name: .customLong("client-id"), help: "Client id the sandbox accepts (default 12345).")
    var clientID: String?

    @Option(name: .customLong("client-secret"), help: "Client secret the sandbox accepts.")
    var clientSecret: String?

    @Option(help: "JSON configuration file (snake_case keys, see SANDBOX.md).")
    var config: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        var configuration = SandboxConfiguration()
        if let config {
            do {
                configuration = try SandboxConfiguration.load(from: URL(fileURLWithPath: config))
            } catch let error as SandboxError {
                throw ValidationError(error.description)
            }
        }
        if let clientID { configuration.clientID = clientID }
        if let clientSecret { configuration.clientSecret = clientSecret }
        var logger = Logger(label: "trackdrop.sandbox")
        logger.logLevel = .notice
        let server = StravaSandboxServer(configuration: configuration, port: port, logger: logger)
        let url: URL
        do {
            url = try await server.start(shutdownSignals: [.sigint, .sigterm])
        } catch let error as SandboxError {
            throw ValidationError(error.description)
        }
        // The sandbox's client secret is its own fake credential, not a user's Strava secret, so printing it is fine.
        print("""
            Strava sandbox listening on \(url.absoluteString)
              client id:     \(configuration.clientID)
              client secret: \(configuration.clientSecret)
              control:       \(url.absoluteString)/_sandbox/stats
            Press Ctrl-C to stop.
            """)
        // Scripts read the URL from a pipe: hand it over now, not when the buffer fills.
        fflush(nil)
        try await server.waitUntilStopped()
        print("Strava sandbox stopped.")
    }
}
