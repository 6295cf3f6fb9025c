import ArgumentParser
import Foundation
import Logging
import StravaKit
import TrackDrop

/// What `trackdrop auth` needs from the configuration: the Strava settings and the credentials file.
struct AuthEnvironment {
    var settings: StravaSettings
    var credentialsFile: URL
    var logger: Logger

    /// Reads `--config` (or the default file) with the environment's overrides (`STRAVA_CLIENT_ID`,
    /// `STRAVA_CLIENT_SECRET`, `STRAVA_BASE_URL`, `STRAVA_API_BASE_URL`, `STRAVA_OAUTH_BASE_URL`), taken in the
    /// same place as for `watch` and `upload`.
    static func load(config: String?, verbose: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AuthEnvironment {
        let configuration = try TrackDropConfiguration.load(
            from: config.map { URL(fileURLWithPath: $0) }, environment: environment)
        let settings: StravaSettings
        do {
            settings = try configuration.stravaSettings(environment: environment)
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        var logger = Logger(label: "trackdrop.auth") { label in
            StandardErrorLogHandler(label: label, format: .text, level: verbose ? .debug : .warning)
        }
        logger.logLevel = verbose ? .debug : .warning
        return AuthEnvironment(
            settings: settings,
            credentialsFile: configuration.paths(environment: environment).credentialsFile,
            logger: logger)
    }

    /// The credentials file only, for commands that need no client secret.
    static func credentialsFile(config: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let configuration = try TrackDropConfiguration.load(
            from: config.map { URL(fileURLWithPath: $0) }, environment: environment)
        return configuration.paths(environment: environment).credentialsFile
    }
}
