import Foundation

/// What `credentials.json` holds: tokens (never shown), the athlete, granted scopes and bookkeeping.
public struct StravaCredentials: Sendable, Codable, Equatable {
    /// The connected athlete.
    public struct Athlete: Sendable, Codable, Equatable {
        public var id: Int64
        public var firstName: String?
        public var lastName: String?
        public var username: String?

        public init(id: Int64, firstName: String? = nil, lastName: String? = nil, username: String? = nil) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.username = username
        }

        /// "First Last", else the username, else "athlete ID".
        public var displayName: String {
            let full = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if !full.isEmpty { return full }
            if let username, !username.isEmpty { return username }
            return "athlete \(id)"
        }

        enum CodingKeys: String, CodingKey {
            case id
            case firstName = "first_name"
            case lastName = "last_name"
            case username
        }
    }

    var accessToken: String
    var refreshToken: String
    /// When the access token stops working.
    public var accessTokenExpiresAt: Date
    public var athlete: Athlete
    /// Scopes the athlete actually granted (they can untick some).
    public var scopes: [String]
    public var connectedSince: Date
    public var lastUploadAt: Date?
    public var lastRateLimit: RateLimitStatus?
    /// Strava refused the tokens; set until the next `trackdrop auth login`.
    public var reconnectRequired: Bool
    /// Since when Strava answers every API call with "Application Status Inactive"; nil while the app works.
    public var appInactiveSince: Date?

    init(
        accessToken: String, refreshToken: String, accessTokenExpiresAt: Date, athlete: Athlete,
        scopes: [String], connectedSince: Date, lastUploadAt: Date? = nil,
        lastRateLimit: RateLimitStatus? = nil, reconnectRequired: Bool = false
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.athlete = athlete
        self.scopes = scopes
        self.connectedSince = connectedSince
        self.lastUploadAt = lastUploadAt
        self.lastRateLimit = lastRateLimit
        self.reconnectRequired = reconnectRequired
    }

    /// Whether listing activities can settle uploads (`activity:read` or `activity:read_all`).
    public var canReadActivities: Bool {
        scopes.contains("activity:read_all") || scopes.contains("activity:read")
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case accessTokenExpiresAt = "access_token_expires_at"
        case athlete
        case scopes
        case connectedSince = "connected_since"
        case lastUploadAt = "last_upload_at"
        case lastRateLimit = "last_rate_limit"
        case reconnectRequired = "reconnect_required"
        case appInactiveSince = "app_inactive_since"
    }
}

extension StravaCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    /// Tokens are left out so that printing credentials by mistake leaks nothing.
    public var description: String {
        "StravaCredentials(athlete: \(athlete.id), scopes: \(scopes.joined(separator: ",")), "
            + "expiresAt: \(accessTokenExpiresAt), reconnectRequired: \(reconnectRequired), tokens: <redacted>)"
    }
    public var debugDescription: String { description }
}
