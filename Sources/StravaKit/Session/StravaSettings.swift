import Foundation

/// Where Strava (or the sandbox) is and which app is talking to it.
public struct StravaSettings: Sendable {
    /// Where API calls go (`/uploads`, `/athlete`, …): one fixed base, or chosen by date as Strava moves its API.
    public var apiBase: APIBaseSetting
    /// `https://www.strava.com` or a sandbox base: `/oauth/authorize`, `/oauth/token`, `/oauth/revoke` live here.
    public var oauthBaseURL: URL
    public var clientID: String
    public var clientSecret: String
    /// Strava's short rate-limit window: 15 minutes.
    public static let stravaRateLimitWindow: TimeInterval = 900

    /// Length of the short rate-limit window: 900 s at Strava, shorter in the sandbox.
    public var rateLimitWindow: TimeInterval
    /// How long one exchange with Strava may take, body included (30 s; an upload more for its size).
    public var exchangeDeadline: ExchangeDeadline = .standard
    /// How a failing call (5xx, lost connection) is tried again: 8 attempts, 250 ms doubling up to 8 s.
    public var retry: RetryPolicy = .standard
    /// Where the rate-limit gate keeps what it last knew (usage, limits, a pause), so that a restarted
    /// process does not spend into a 429; nil keeps it in memory (and the credentials file) only.
    public var rateLimitStateFile: URL?

    /// Separate API and OAuth bases.
    public init(
        apiBase: APIBaseSetting, oauthBaseURL: URL, clientID: String, clientSecret: String,
        rateLimitWindow: TimeInterval = StravaSettings.stravaRateLimitWindow
    ) {
        self.apiBase = apiBase
        self.oauthBaseURL = oauthBaseURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.rateLimitWindow = rateLimitWindow
    }

    /// The old layout from one base: OAuth at `baseURL`, the API at `baseURL/api/v3`.
    public init(baseURL: URL, clientID: String, clientSecret: String, rateLimitWindow: TimeInterval = StravaSettings.stravaRateLimitWindow) {
        self.init(
            apiBase: .fixed(Self.legacyAPIBase(of: baseURL)), oauthBaseURL: baseURL, clientID: clientID,
            clientSecret: clientSecret, rateLimitWindow: rateLimitWindow)
    }

    /// The real Strava web and OAuth host.
    public static let stravaBaseURL = URL(string: "https://www.strava.com")!

    /// `base/api/v3`: where the API has always been below a web host.
    public static func legacyAPIBase(of base: URL) -> URL {
        URL(string: trimmed(base) + "/api/v3")!
    }

    /// The host that pages for people live on, the OAuth host: activity links are built from it
    /// (`<web base>/activities/ID`).
    public var webBaseURL: URL { oauthBaseURL }

    /// Length of the long ("daily") window. Strava's day is 96 quarter hours; a shortened
    /// sandbox window keeps that ratio so a day stays proportionate.
    public var dailyWindow: TimeInterval {
        rateLimitWindow == Self.stravaRateLimitWindow ? 86_400 : rateLimitWindow * 96
    }

    /// An OAuth address, e.g. `oauthURL("/oauth/token")`.
    func oauthURL(_ path: String) -> String { Self.trimmed(oauthBaseURL) + path }

    static func trimmed(_ url: URL) -> String {
        var base = url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}

extension StravaSettings: CustomStringConvertible {
    /// Never shows the client secret.
    public var description: String {
        "StravaSettings(api: \(apiBase), oauth: \(oauthBaseURL.absoluteString), clientID: \(clientID), clientSecret: <redacted>)"
    }
}
