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

    /// Reads `--config` (or the default file) and lets `STRAVA_CLIENT_ID`, `STRAVA_CLIENT_SECRET` and
    /// `STRAVA_BASE_URL` override it.
    static func load(config: String?, verbose: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AuthEnvironment {
        let configuration = try TrackDropConfiguration.load(
            from: config.map { URL(fileURLWithPath: $0) }, environment: environment)
        let strava = configuration.strava
        let clientID = environment["STRAVA_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? strava.clientID
        let clientSecret = environment["STRAVA_CLIENT_SECRET"].flatMap { $0.isEmpty ? nil : $0 } ?? strava.clientSecret
        var baseURL = strava.baseURL
        if let override = environment["STRAVA_BASE_URL"], !override.isEmpty {
            guard let url = URL(string: override), url.scheme == "http" || url.scheme == "https" else {
                throw ValidationError("STRAVA_BASE_URL \"\(override)\" is not an http(s) URL")
            }
            baseURL = url
        }
        guard let clientID else {
            throw ValidationError(
                "no Strava client id: set `strava.client_id` in the configuration or STRAVA_CLIENT_ID "
                    + "(create an app at https://www.strava.com/settings/api, or use `trackdrop sandbox`)")
        }
        guard let clientSecret else {
            throw ValidationError(
                "no Strava client secret: set `strava.client_secret` in the configuration or STRAVA_CLIENT_SECRET")
        }
        var logger = Logger(label: "trackdrop.auth") { label in
            StandardErrorLogHandler(label: label, format: .text, level: verbose ? .debug : .warning)
        }
        logger.logLevel = verbose ? .debug : .warning
        return AuthEnvironment(
            settings: StravaSettings(
                baseURL: baseURL, clientID: clientID, clientSecret: clientSecret,
                rateLimitWindow: strava.rateLimitWindowSeconds),
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

/// Prints `error` to standard error and exits with `code`: errors from StravaKit already say what to do.
func exitWithMessage(_ message: String, code: Int32 = 1) -> ExitCode {
    FileHandle.standardError.write(Data(("trackdrop: " + message + "\n").utf8))
    return ExitCode(code)
}
