import Foundation

/// The `strava` block of the configuration: which app talks to which server.
public struct StravaConfiguration: Sendable, Equatable {
    public var clientID: String?
    public var clientSecret: String?
    public var baseURL: URL
    public var rateLimitWindowSeconds: Double
    /// Where the tokens live (nil: `TrackDropPaths.credentialsFile`).
    public var credentialsFile: URL?

    public static let stravaBaseURL = URL(string: "https://www.strava.com")!

    /// The web host whose `/activities/{id}` pages activity links open: strava.com for Strava, the sandbox
    /// itself for a sandbox.
    public var webBaseURL: URL { baseURL }

    public init(
        clientID: String? = nil, clientSecret: String? = nil, baseURL: URL = Self.stravaBaseURL,
        rateLimitWindowSeconds: Double = 900, credentialsFile: URL? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.baseURL = baseURL
        self.rateLimitWindowSeconds = rateLimitWindowSeconds
        self.credentialsFile = credentialsFile
    }

    static let keys: Set<String> = ["client_id", "client_secret", "base_url", "rate_limit_window_seconds", "credentials_file"]

    init(reading reader: ConfigurationReader) throws {
        try reader.rejectUnknownKeys(allowed: Self.keys)
        self.init(
            clientID: try reader.identifier("client_id"),
            clientSecret: try reader.string("client_secret"),
            baseURL: try reader.url("base_url") ?? Self.stravaBaseURL,
            rateLimitWindowSeconds: try reader.number("rate_limit_window_seconds", exclusiveMinimum: 0, maximum: TrackDropConfiguration.maximumSeconds) ?? 900,
            credentialsFile: try reader.fileURL("credentials_file")
        )
    }
}
