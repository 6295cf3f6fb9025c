import ArgumentParser
import Foundation
import StravaKit

/// `trackdrop auth`: connect to Strava, show the connection, disconnect.
struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Connect trackdrop to Strava, show the connection, or disconnect.",
        subcommands: [Login.self, Status.self, Logout.self]
    )

    /// `trackdrop auth login`.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Connect to Strava in the browser (or by pasting the answer with --manual).")

        @Flag(help: "For machines without a browser: print the address, then paste the address the browser ends on.")
        var manual = false

        @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
        var config: String?

        @Flag(help: "Log what happens.")
        var verbose = false

        func run() async throws {
            let environment = try AuthEnvironment.load(config: config, verbose: verbose)
            let login = OAuthLogin(
                settings: environment.settings, credentialsFile: environment.credentialsFile, logger: environment.logger)
            let result: LoginResult
            do {
                if manual {
                    result = try await login.runManual(
                        show: { url in
                            print("""
                                1. Open this address in a browser (on any machine) and press "Authorize":

                                   \(url.absoluteString)

                                2. The browser then ends on an address starting with http://127.0.0.1/callback that does
                                   not load. Copy that whole address (or just its code) and paste it here:
                                """)
                            // The address must reach a pipe or a log now, not when the buffer fills.
                            fflush(nil)
                        },
                        readLine: { Swift.readLine(strippingNewline: true) })
                } else {
                    result = try await login.run(openBrowser: OAuthLogin.systemBrowser(print: { text in
                        print(text)
                        fflush(nil)
                    }))
                }
            } catch let error as StravaError {
                throw exitWithMessage(error.description)
            }
            print("Connected to Strava as \(result.athlete.displayName) (athlete \(result.athlete.id)).")
            print("Granted: \(result.grantedScopes.joined(separator: ", "))")
            for warning in result.warnings { print("Warning: \(warning)") }
            print("Credentials saved to \(environment.credentialsFile.path)")
        }
    }

    /// `trackdrop auth status`.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the Strava connection; exits 1 when not connected, 2 when a reconnect is needed, 3 while the Strava app is inactive.")

        @Flag(help: "Print one JSON object.")
        var json = false

        @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
        var config: String?

        func run() async throws {
            let file = try AuthEnvironment.credentialsFile(config: config)
            let credentials: StravaCredentials?
            do {
                credentials = try CredentialsStore(fileURL: file).load()
            } catch {
                throw exitWithMessage(error.description)
            }
            let report = ConnectionReport(credentials: credentials, credentialsFile: file)
            if json {
                print(report.json())
            } else {
                print(report.text())
            }
            switch report.state {
            case .connected: return
            case .notConnected: throw ExitCode(1)
            case .reconnectRequired: throw ExitCode(2)
            case .appInactive: throw ExitCode(3)
            }
        }
    }

    /// `trackdrop auth logout`.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Withdraw trackdrop's access at Strava (/oauth/revoke) and delete the local credentials.")

        @Option(help: "Configuration file (default: $XDG_CONFIG_HOME/trackdrop/config.json).")
        var config: String?

        @Flag(help: "Log what happens.")
        var verbose = false

        func run() async throws {
            let environment = try AuthEnvironment.load(config: config, verbose: verbose)
            let outcome: DisconnectResult
            do {
                let session = try StravaSession(
                    settings: environment.settings, credentialsFile: environment.credentialsFile,
                    logger: environment.logger)
                do {
                    outcome = try await session.disconnect()
                } catch {
                    try? await session.shutdown()
                    throw error
                }
                try await session.shutdown()
            } catch let error as StravaError {
                throw exitWithMessage(error.description)
            }
            if let warning = outcome.warning { print("Warning: \(warning)") }
            if outcome.deauthorized { print("Strava access withdrawn.") }
            print(outcome.deletedCredentials
                ? "Deleted \(environment.credentialsFile.path)."
                : "No credentials were stored at \(environment.credentialsFile.path).")
        }
    }
}
