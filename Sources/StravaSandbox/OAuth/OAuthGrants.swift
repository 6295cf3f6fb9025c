import Foundation

/// An authorization code handed out by `/oauth/authorize`, waiting to be exchanged.
struct AuthorizationCode: Sendable {
    var clientID: String
    var athleteID: Int64
    var scopes: [String]
    var issuedAt: Date
    var codeChallenge: String?
    var codeChallengeMethod: String?
    var used = false
    /// The "exchanged too fast" fault already hit this code once.
    var failedOnce = false
}

/// An access token and what it allows.
struct AccessToken: Sendable {
    var athleteID: Int64
    var scopes: [String]
    var expiresAt: Date
}

/// A refresh token and the access token it last handed out.
struct RefreshGrant: Sendable {
    var athleteID: Int64
    var scopes: [String]
    var accessToken: String
}

/// What a successful token request returns.
struct TokenGrant: Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresAt: Date
    var scopes: [String]
}
