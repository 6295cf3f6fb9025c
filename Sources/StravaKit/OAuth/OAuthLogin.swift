import Foundation
import Logging

/// Connects trackdrop to an athlete's Strava account: authorization code with `state` and PKCE
/// (S256) through a one-shot loopback receiver, or a pasted redirect for headless machines.
public struct OAuthLogin: Sendable {
    /// Scopes asked for: upload, and read-all so that one activity listing can settle many uploads.
    public static let requestedScopes = ["read", "activity:write", "activity:read_all"]

    public let settings: StravaSettings
    public let credentialsFile: URL
    public let logger: Logger
    /// How long to wait for the browser to come back.
    public var timeout: Duration = .seconds(300)

    public init(settings: StravaSettings, credentialsFile: URL, logger: Logger) {
        self.settings = settings
        self.credentialsFile = credentialsFile
        self.logger = logger
    }

    /// Runs the loopback flow; `openBrowser` is given the authorize URL (a real browser, or a
    /// caller that plays the browser by GETting it and following the redirect).
    public func run(openBrowser: @escaping @Sendable (URL) async throws -> Void) async throws -> LoginResult {
        throw StravaError.configuration("not ready")
    }

    /// Headless flow: `show` is given the authorize URL to print; `readLine` returns what the person
    /// pasted (the whole redirect URL, or only the code).
    public func runManual(
        show: @escaping @Sendable (URL) -> Void,
        readLine: @escaping @Sendable () async throws -> String?
    ) async throws -> LoginResult {
        throw StravaError.configuration("not ready")
    }
}
