import Foundation
import StravaKit

/// The `strava` block of the configuration: which app talks to which server.
public struct StravaConfiguration: Sendable, Equatable {
    public var clientID: String?
    public var clientSecret: String?
    /// Where API calls go; nil: Strava's, chosen by date as Strava moves the API to its own host in 2027.
    public var apiBaseURL: URL?
    /// Where `/oauth/authorize`, `/oauth/token` and `/oauth/revoke` are: Strava's web host, or a sandbox.
    public var oauthBaseURL: URL
    public var rateLimitWindowSeconds: Double
    /// Where the tokens live (nil: `TrackDropPaths.credentialsFile`).
    public var credentialsFile: URL?

    public static let stravaBaseURL = URL(string: "https://www.strava.com")!

    public init(
        clientID: String? = nil, clientSecret: String? = nil, apiBaseURL: URL? = nil,
        oauthBaseURL: URL = Self.stravaBaseURL, rateLimitWindowSeconds: Double = StravaSettings.stravaRateLimitWindow, credentialsFile: URL? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.apiBaseURL = apiBaseURL
        self.oauthBaseURL = oauthBaseURL
        self.rateLimitWindowSeconds = rateLimitWindowSeconds
        self.credentialsFile = credentialsFile
    }

    /// The host people's pages live on (the OAuth base): activity links are `<web base>/activities/ID`.
    public var webBaseURL: URL { oauthBaseURL }

    /// The `base_url` shorthand: OAuth at `base`, the API at `base/api/v3` (the layout before 2027).
    /// `https://www.strava.com` itself (as older example configurations had it) keeps the API base chosen
    /// by date, so that such an install follows Strava's move to its API host without a change.
    public mutating func setBoth(from base: URL) {
        oauthBaseURL = base
        apiBaseURL = Self.trimmed(base) == Self.trimmed(Self.stravaBaseURL) ? nil : URL(string: Self.trimmed(base) + "/api/v3")!
    }

    static func trimmed(_ url: URL) -> String {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    static let keys: Set<String> = [
        "client_id", "client_secret", "base_url", "api_base_url", "oauth_base_url", "rate_limit_window_seconds",
        "credentials_file",
    ]

    init(reading reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(allowed: Self.keys)
        self.init(
            clientID: try reader.identifier("client_id"),
            clientSecret: try reader.string("client_secret"),
            rateLimitWindowSeconds: try reader.number("rate_limit_window_seconds", exclusiveMinimum: 0, maximum: TrackDropConfiguration.maximumSeconds) ?? StravaSettings.stravaRateLimitWindow,
            credentialsFile: try reader.fileURL("credentials_file")
        )
        if let base = try reader.url("base_url") { setBoth(from: base) }
        if let api = try reader.url("api_base_url") { apiBaseURL = api }
        if let oauth = try reader.url("oauth_base_url") { oauthBaseURL = oauth }
    }

    /// These settings with the environment's overrides applied: `STRAVA_CLIENT_ID`, `STRAVA_CLIENT_SECRET`,
    /// `STRAVA_BASE_URL` (the shorthand), then `STRAVA_API_BASE_URL` and `STRAVA_OAUTH_BASE_URL`.
    /// The one place every command (`auth`, `watch`, `upload`) takes them from.
    public func applyingEnvironment(_ environment: [String: String]) throws -> StravaConfiguration {
        var result = self
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func url(_ name: String) throws -> URL? {
            guard let text = value(name) else { return nil }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ConfigurationError(
                    file: "environment", keyPath: name, problem: "expected an http or https URL, got \"\(text)\"")
            }
            return url
        }
        if let id = value("STRAVA_CLIENT_ID") { result.clientID = id }
        if let secret = value("STRAVA_CLIENT_SECRET") { result.clientSecret = secret }
        if let base = try url("STRAVA_BASE_URL") { result.setBoth(from: base) }
        if let api = try url("STRAVA_API_BASE_URL") { result.apiBaseURL = api }
        if let oauth = try url("STRAVA_OAUTH_BASE_URL") { result.oauthBaseURL = oauth }
        return result
    }
}
