import AsyncHTTPClient
import Foundation
import Logging

/// Connects trackdrop to an athlete's Strava account: authorization code with `state` and PKCE
/// (S256) through a one-shot loopback receiver, or a pasted redirect for headless machines.
public struct OAuthLogin: Sendable {
    /// Scopes asked for: upload, and read-all so that one activity listing can settle many uploads.
    public static let requestedScopes = ["read", "activity:write", "activity:read_all"]
    /// Where the browser is sent in `--manual` mode; nothing listens there, the person copies the address.
    static let manualRedirectURI = "http://127.0.0.1/callback"

    public let settings: StravaSettings
    public let credentialsFile: URL
    public let logger: Logger
    /// How long to wait for the browser to come back.
    public var timeout: Duration = .seconds(300)
    /// Pause before the one retry of an exchange Strava called `invalid` (seen right after redirects).
    var exchangeRetryDelay: Duration = .seconds(2)

    public init(settings: StravaSettings, credentialsFile: URL, logger: Logger) {
        self.settings = settings
        self.credentialsFile = credentialsFile
        self.logger = logger
    }

    /// Runs the loopback flow; `openBrowser` is given the authorize URL (a real browser, or a
    /// caller that plays the browser by GETting it and following the redirect).
    public func run(openBrowser: @escaping @Sendable (URL) async throws -> Void) async throws -> LoginResult {
        let pkce = PKCE()
        let receiver = try await LoopbackReceiver.start(expectedState: pkce.state)
        let url = authorizeURL(redirectURI: receiver.redirectURI, pkce: pkce)
        logger.info("waiting for Strava's answer", metadata: ["receiver": "127.0.0.1:\(receiver.port)"])
        do {
            try await openBrowser(url)
        } catch {
            await receiver.close()
            throw error
        }
        let callback = try await receiver.callback(timeout: timeout)
        return try await complete(callback, pkce: pkce)
    }

    /// Headless flow: `show` is given the authorize URL to print; `readLine` returns what the person
    /// pasted (the whole redirect URL, or only the code).
    public func runManual(
        show: @escaping @Sendable (URL) -> Void,
        readLine: @escaping @Sendable () async throws -> String?
    ) async throws -> LoginResult {
        let pkce = PKCE()
        show(authorizeURL(redirectURI: Self.manualRedirectURI, pkce: pkce))
        guard let pasted = try await readLine() else {
            throw StravaError.unreadableRedirect("(nothing was pasted)")
        }
        guard let callback = AuthorizationCallback.parsePasted(pasted) else {
            throw StravaError.unreadableRedirect(String(pasted.prefix(60)))
        }
        if let state = callback.state, state != pkce.state { throw StravaError.stateMismatch }
        return try await complete(callback, pkce: pkce)
    }

    /// `GET /oauth/authorize` with state, PKCE and the scopes trackdrop needs.
    func authorizeURL(redirectURI: String, pkce: PKCE) -> URL {
        let query = FormEncoding.encode([
            ("client_id", settings.clientID), ("redirect_uri", redirectURI), ("response_type", "code"),
            ("approval_prompt", "auto"), ("scope", Self.requestedScopes.joined(separator: ",")),
            ("state", pkce.state), ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"),
        ])
        return URL(string: settings.oauthURL("/oauth/authorize") + "?" + query)!
    }

    private func complete(_ callback: AuthorizationCallback, pkce: PKCE) async throws -> LoginResult {
        if let error = callback.error {
            throw StravaError.consentDenied(error == "access_denied" ? "access was denied on Strava's page" : error)
        }
        guard let code = callback.code, !code.isEmpty else {
            throw StravaError.consentDenied("Strava's answer carried no authorization code")
        }
        var warnings: [String] = []
        var scopes = callback.grantedScopes
        if callback.scope == nil {
            // A bare pasted code does not say what was granted; the first upload will tell.
            scopes = Self.requestedScopes
            warnings.append("the pasted code did not say which permissions were granted; assuming all that were asked for")
        }
        guard scopes.contains("activity:write") else { throw StravaError.missingScope("activity:write") }
        if !scopes.contains("activity:read_all") {
            warnings.append(
                scopes.contains("activity:read")
                    ? "`activity:read_all` was not granted: uploads of private activities are followed one by one"
                    : "`activity:read_all` was not granted: every upload is followed on its own, which costs more API calls")
        }
        let response = try await exchange(code: code, verifier: pkce.verifier)
        guard let summary = response.athlete else {
            throw StravaError.exchangeFailed("the answer named no athlete")
        }
        let athlete = StravaCredentials.Athlete(
            id: summary.id, firstName: summary.firstname, lastName: summary.lastname, username: summary.username)
        let credentials = StravaCredentials(
            accessToken: response.accessToken, refreshToken: response.refreshToken,
            accessTokenExpiresAt: response.expiry(receivedAt: Date()), athlete: athlete, scopes: scopes,
            connectedSince: Date())
        // Under the credentials lock: a refresh in a running daemon must not write its older tokens over these.
        let store = CredentialsStore(fileURL: credentialsFile)
        let lock = try await store.lock()
        defer { lock.release() }
        try store.save(credentials)
        logger.info("connected to Strava", metadata: ["athlete": "\(athlete.id)", "scopes": "\(scopes.joined(separator: ","))"])
        for warning in warnings { logger.warning("\(warning)") }
        return LoginResult(athlete: athlete, grantedScopes: scopes, warnings: warnings)
    }

    private func exchange(code: String, verifier: String) async throws -> TokenResponse {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { client.shutdown { _ in } }
        let endpoint = TokenEndpoint(transport: Transport(client: client, deadline: settings.exchangeDeadline), settings: settings, logger: logger)
        let grant = [("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier)]
        var exchange = try await endpoint.post(grant)
        if exchange.status == 400, StravaErrorBody(exchange.body).has(resource: "AuthorizationCode", code: "invalid") {
            logger.info("Strava called the fresh code invalid; trying once more")
            try await Task.sleep(for: exchangeRetryDelay)
            exchange = try await endpoint.post(grant)
        }
        guard exchange.status == 200 else {
            let body = StravaErrorBody(exchange.body)
            if exchange.status == 403, body.reportsAthleteLimit {
                throw StravaError.athleteLimitReached
            }
            if body.has(resource: "Application") {
                throw StravaError.exchangeFailed("Strava refused the app's client id or secret: \(body.summary)")
            }
            if body.has(resource: "AuthorizationCode") {
                throw StravaError.exchangeFailed("the authorization code was refused as \(body.errors?.first?.code ?? "invalid"); codes are single-use and expire quickly")
            }
            throw StravaError.exchangeFailed("HTTP \(exchange.status): \(body.summary)")
        }
        return try exchange.decode(TokenResponse.self, endpoint: "POST /oauth/token")
    }
}
