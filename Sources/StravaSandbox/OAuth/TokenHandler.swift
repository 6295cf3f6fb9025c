import Foundation
import Hummingbird

/// `POST /oauth/token` (and `/api/v3/oauth/token`), `POST /oauth/revoke` and `POST /oauth/deauthorize`.
struct TokenHandler: Sendable {
    let store: SandboxStore

    func token(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let fields = try await request.formFields()
        let now = store.now
        let outcome: Result<SandboxJSON, StravaFault> = store.withState { state in
            let configuration = state.configuration
            guard fields["client_id"] == configuration.clientID else { return .failure(.invalidClientID) }
            guard fields["client_secret"] == configuration.clientSecret else { return .failure(.invalidClientSecret) }
            switch fields["grant_type"] {
            case "authorization_code":
                guard let code = fields["code"], !code.isEmpty else { return .failure(.invalidCode) }
                return state.tokens.exchange(
                    code: code, clientID: configuration.clientID, verifier: fields["code_verifier"], now: now,
                    configuration: configuration, faults: &state.faultInjector
                ).map { grant in
                    Self.body(grant, now: now, athlete: state.athlete.json(resourceState: 2))
                }
            case "refresh_token":
                guard let refresh = fields["refresh_token"], !refresh.isEmpty else { return .failure(.invalidRefreshToken) }
                return state.tokens.refresh(token: refresh, now: now, configuration: configuration).map { grant in
                    Self.body(grant, now: now, athlete: nil)
                }
            default:
                return .failure(.invalidGrantType)
            }
        }
        switch outcome {
        case .success(let body): return .json(body)
        case .failure(let fault): return fault.response
        }
    }

    /// `POST /oauth/deauthorize` (also at `/api/v3/oauth/deauthorize`): the access token as a Bearer header or
    /// an `access_token` parameter; 404 once `deauthorize_retired` (Strava retires it on 1 June 2027).
    func deauthorize(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let fields = try await request.formFields()
        let (retired, rejectParameters) = store.withState { state in
            if request.headers[.authorization] == nil, fields["access_token"] != nil, !request.hasAccessTokenInQuery {
                state.accessTokenParameterCount += 1
            }
            return (state.configuration.deauthorizeRetired, state.configuration.queryTokensRejected)
        }
        if retired { return StravaFault.notFound.response }
        let header = request.headers[.authorization].flatMap { Request.bearerToken($0) }
        if rejectParameters, header == nil { return StravaFault.invalidAccessToken.response }
        guard let value = header ?? request.accessToken ?? fields["access_token"], !value.isEmpty else {
            return StravaFault.invalidAccessToken.response
        }
        let now = store.now
        let revoked = store.withState { state -> Bool in
            guard let token = state.tokens.authenticate(value, now: now) else { return false }
            state.tokens.revokeAll(athleteID: token.athleteID)
            return true
        }
        guard revoked else { return StravaFault.invalidAccessToken.response }
        return .json(.object([("access_token", .string(value))]))
    }

    /// `POST /oauth/revoke`: the app authenticates with HTTP Basic `client_id:client_secret`; the form names
    /// `token` (an access or refresh token) and optionally `token_type_hint`. Revoking either token revokes
    /// every token of that athlete. An unknown token is not an error (RFC 7009): `200 {}` either way.
    func revoke(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var request = request
        let fields = try await request.formFields()
        let configuration = store.withState { $0.configuration }
        guard let app = request.headers[.authorization].flatMap(Request.basicCredentials) else {
            return StravaFault.invalidClientSecret.response
        }
        guard app.0 == configuration.clientID else { return StravaFault.invalidClientID.response }
        guard app.1 == configuration.clientSecret else { return StravaFault.invalidClientSecret.response }
        guard let value = fields["token"], !value.isEmpty else {
            return StravaFault.badRequest(resource: "Token", field: "token", code: "missing").response
        }
        if let hint = fields["token_type_hint"], !["access_token", "refresh_token"].contains(hint) {
            return StravaFault.badRequest(resource: "Token", field: "token_type_hint", code: "invalid").response
        }
        store.withState { state in
            if let athleteID = state.tokens.athlete(holding: value) {
                state.tokens.revokeAll(athleteID: athleteID)
            }
        }
        return .json(.object([]))
    }

    /// Strava's token body: the exchange carries `athlete` after the tokens, the refresh has its own key order.
    static func body(_ grant: TokenGrant, now: Date, athlete: SandboxJSON?) -> SandboxJSON {
        let expiresAt = Int64(grant.expiresAt.timeIntervalSince1970.rounded(.down))
        let expiresIn = Int64(grant.expiresAt.timeIntervalSince(now).rounded(.down))
        if let athlete {
            return .object([
                ("token_type", .string("Bearer")),
                ("expires_at", .int(expiresAt)),
                ("expires_in", .int(expiresIn)),
                ("refresh_token", .string(grant.refreshToken)),
                ("access_token", .string(grant.accessToken)),
                ("athlete", athlete),
            ])
        }
        return .object([
            ("token_type", .string("Bearer")),
            ("access_token", .string(grant.accessToken)),
            ("expires_at", .int(expiresAt)),
            ("expires_in", .int(expiresIn)),
            ("refresh_token", .string(grant.refreshToken)),
        ])
    }
}
