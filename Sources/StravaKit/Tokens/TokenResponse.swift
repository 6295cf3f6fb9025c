import Foundation

/// Body of a 200 from `POST /oauth/token`.
struct TokenResponse: Decodable, Sendable {
    /// The athlete object sent with the first exchange only.
    struct AthleteSummary: Decodable, Sendable {
        var id: Int64
        var firstname: String?
        var lastname: String?
        var username: String?
    }

    var accessToken: String
    var refreshToken: String
    var expiresAt: Int64?
    var expiresIn: Int64?
    var athlete: AthleteSummary?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresAt = "expires_at"
        case expiresIn = "expires_in"
        case athlete
    }

    /// Prefers `expires_at`; falls back to now + `expires_in`.
    func expiry(receivedAt now: Date) -> Date {
        if let expiresAt { return Date(timeIntervalSince1970: TimeInterval(expiresAt)) }
        return now.addingTimeInterval(TimeInterval(expiresIn ?? 3600))
    }
}
