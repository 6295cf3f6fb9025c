import Crypto
import Foundation

/// Codes, access tokens and refresh tokens, with Strava's rules for exchanging and refreshing them.
struct TokenStore: Sendable {
    private(set) var codes: [String: AuthorizationCode] = [:]
    private(set) var accessTokens: [String: AccessToken] = [:]
    private(set) var refreshTokens: [String: RefreshGrant] = [:]

    /// 40 lowercase hex characters, like Strava's codes and tokens; from the system generator so they cannot be guessed.
    static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte, radix: 16).leftPadded(to: 2)
        }.joined()
    }

    mutating func issueCode(_ code: AuthorizationCode) -> String {
        let value = Self.makeSecret()
        codes[value] = code
        return value
    }

    /// `grant_type=authorization_code`.
    mutating func exchange(
        code value: String, clientID: String, verifier: String?, now: Date,
        configuration: SandboxConfiguration, faults: inout FaultInjector
    ) -> Result<TokenGrant, StravaFault> {
        guard var code = codes[value], code.clientID == clientID else { return .failure(.invalidCode) }
        if code.used || now.timeIntervalSince(code.issuedAt) > configuration.authorizationCodeLifetimeSeconds {
            return .failure(.expiredCode)
        }
        if faults.faults.failFastCodeExchange, !code.failedOnce,
            now.timeIntervalSince(code.issuedAt) < faults.faults.fastCodeExchangeWindowSeconds
        {
            code.failedOnce = true
            codes[value] = code
            faults.count(.fastCodeExchange)
            return .failure(.invalidCode)
        }
        if let challenge = code.codeChallenge {
            guard let verifier, Self.verify(verifier, challenge: challenge, method: code.codeChallengeMethod) else {
                return .failure(.invalidCode)
            }
        }
        let connected = connectedAthletes
        if !connected.contains(code.athleteID), connected.count >= configuration.athleteCapacity {
            return .failure(.athleteLimitExceeded)
        }
        code.used = true
        codes[value] = code
        return .success(issueTokens(athleteID: code.athleteID, scopes: code.scopes, now: now, configuration: configuration))
    }

    /// `grant_type=refresh_token`.
    mutating func refresh(
        token value: String, now: Date, configuration: SandboxConfiguration
    ) -> Result<TokenGrant, StravaFault> {
        guard var grant = refreshTokens[value] else { return .failure(.invalidRefreshToken) }
        var accessValue = grant.accessToken
        var expiresAt: Date
        if let current = accessTokens[accessValue],
            current.expiresAt.timeIntervalSince(now) > configuration.sameTokenThresholdSeconds
        {
            expiresAt = current.expiresAt
        } else {
            accessValue = Self.makeSecret()
            expiresAt = now.addingTimeInterval(configuration.accessTokenLifetimeSeconds)
            accessTokens[accessValue] = AccessToken(athleteID: grant.athleteID, scopes: grant.scopes, expiresAt: expiresAt)
            grant.accessToken = accessValue
        }
        var refreshValue = value
        if configuration.rotateRefreshTokens {
            refreshTokens[value] = nil
            refreshValue = Self.makeSecret()
        }
        refreshTokens[refreshValue] = grant
        return .success(TokenGrant(accessToken: accessValue, refreshToken: refreshValue, expiresAt: expiresAt, scopes: grant.scopes))
    }

    /// A fresh access/refresh pair, as the first exchange (or the control endpoint) hands out.
    mutating func issueTokens(athleteID: Int64, scopes: [String], now: Date, configuration: SandboxConfiguration) -> TokenGrant {
        let access = Self.makeSecret()
        let refresh = Self.makeSecret()
        let expiresAt = now.addingTimeInterval(configuration.accessTokenLifetimeSeconds)
        accessTokens[access] = AccessToken(athleteID: athleteID, scopes: scopes, expiresAt: expiresAt)
        refreshTokens[refresh] = RefreshGrant(athleteID: athleteID, scopes: scopes, accessToken: access)
        return TokenGrant(accessToken: access, refreshToken: refresh, expiresAt: expiresAt, scopes: scopes)
    }

    /// The live access token, or nil when it is unknown, expired or revoked.
    func authenticate(_ value: String, now: Date) -> AccessToken? {
        guard let token = accessTokens[value], token.expiresAt > now else { return nil }
        return token
    }

    /// The athlete an access token (live or expired) or a refresh token belongs to.
    func athlete(holding value: String) -> Int64? {
        accessTokens[value]?.athleteID ?? refreshTokens[value]?.athleteID
    }

    /// Athletes connected to the app: those holding a refresh token.
    var connectedAthletes: Set<Int64> { Set(refreshTokens.values.map(\.athleteID)) }

    /// Deauthorization: every access token, refresh token and pending code of the athlete stops working.
    /// Returns how many tokens were revoked.
    @discardableResult
    mutating func revokeAll(athleteID: Int64) -> Int {
        let before = accessTokens.count + refreshTokens.count
        accessTokens = accessTokens.filter { $0.value.athleteID != athleteID }
        refreshTokens = refreshTokens.filter { $0.value.athleteID != athleteID }
        codes = codes.filter { $0.value.athleteID != athleteID }
        return before - accessTokens.count - refreshTokens.count
    }

    /// PKCE: S256 compares base64url(SHA-256(verifier)) without padding; `plain` compares the text.
    static func verify(_ verifier: String, challenge: String, method: String?) -> Bool {
        switch method?.uppercased() ?? "PLAIN" {
        case "S256":
            let digest = SHA256.hash(data: Data(verifier.utf8))
            let encoded = Data(digest).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            return encoded == challenge
        default:
            return verifier == challenge
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
