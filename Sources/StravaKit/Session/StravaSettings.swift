import Foundation

/// Where Strava (or the sandbox) is and which app is talking to it.
public struct StravaSettings: Sendable {
    /// `https://www.strava.com` or a sandbox base; OAuth lives under `/oauth`, the API under `/api/v3`.
    public var baseURL: URL
    public var clientID: String
    public var clientSecret: String
    /// Length of the short rate-limit window: 900 s at Strava, shorter in the sandbox.
    public var rateLimitWindow: TimeInterval

    public init(baseURL: URL, clientID: String, clientSecret: String, rateLimitWindow: TimeInterval = 900) {
        self.baseURL = baseURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.rateLimitWindow = rateLimitWindow
    }

    /// The real Strava endpoint.
    public static let stravaBaseURL = URL(string: "https://www.strava.com")!

    /// Length of the long ("daily") window. Strava's day is 96 quarter hours; a shortened
    /// sandbox window keeps that ratio so a day stays proportionate.
    public var dailyWindow: TimeInterval {
        rateLimitWindow == 900 ? 86_400 : rateLimitWindow * 96
    }

    func url(_ path: String) -> String {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}

extension StravaSettings: CustomStringConvertible {
    /// Never shows the client secret.
    public var description: String {
        "StravaSettings(baseURL: \(baseURL.absoluteString), clientID: \(clientID), clientSecret: <redacted>)"
    }
}
