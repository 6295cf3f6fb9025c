import Foundation
import Logging
import Synchronization

/// Keeps the access token fresh: refreshes when less than two minutes are left, runs at most one
/// refresh however many callers ask, and saves a rotated refresh token before the new access token
/// is handed out.
actor TokenManager {
    private let store: CredentialsStore
    private let endpoint: TokenEndpoint
    private let logger: Logger
    private let state: Mutex<ConnectionState>
    private var credentials: StravaCredentials?
    private var refreshInFlight: Task<StravaCredentials, any Error>?
    /// Refresh this long before expiry.
    let refreshMargin: TimeInterval = 120

    init(store: CredentialsStore, credentials: StravaCredentials?, endpoint: TokenEndpoint, logger: Logger) {
        self.store = store
        self.credentials = credentials
        self.endpoint = endpoint
        self.logger = logger
        self.state = Mutex(Self.connectionState(of: credentials))
    }

    /// Current state, readable without awaiting the manager.
    nonisolated var connectionState: ConnectionState { state.withLock { $0 } }

    var current: StravaCredentials? { credentials }

    /// A token that is valid for at least the refresh margin.
    func accessToken() async throws -> String {
        let credentials = try usableCredentials()
        if credentials.accessTokenExpiresAt.timeIntervalSinceNow > refreshMargin {
            return credentials.accessToken
        }
        return try await refresh().accessToken
    }

    /// Strava answered 401 to `token`: refresh once unless another caller already has.
    func refreshAfterRejection(of token: String) async throws {
        let credentials = try usableCredentials()
        if credentials.accessToken != token { return }
        _ = try await refresh()
    }

    /// Strava refused us for good: persist it so that nothing is retried into a wall.
    func markReconnectRequired() {
        state.withLock { $0 = .reconnectRequired }
        guard var credentials, !credentials.reconnectRequired else { return }
        credentials.reconnectRequired = true
        self.credentials = credentials
        do {
            try store.save(credentials)
        } catch {
            logger.error("could not record that a reconnect is required", metadata: ["error": "\(error)"])
        }
        logger.error("\(StravaError.reconnectRequired)")
    }

    /// Strava answered "Application Status Inactive": remembered in the credentials file so that
    /// `trackdrop auth status` can say so. The tokens stay valid; the caller says what to do.
    func markAppInactive() {
        state.withLock { if $0 == .connected { $0 = .appInactive } }
        guard var credentials, credentials.appInactiveSince == nil else { return }
        credentials.appInactiveSince = Date()
        self.credentials = credentials
        do {
            try store.save(credentials)
        } catch {
            logger.warning("could not record that the Strava app is inactive", metadata: ["error": "\(error)"])
        }
    }

    /// An API call succeeded: the app works (again).
    func markAppActive() {
        guard state.withLock({ $0 }) == .appInactive || credentials?.appInactiveSince != nil else { return }
        state.withLock { if $0 == .appInactive { $0 = .connected } }
        guard var credentials, credentials.appInactiveSince != nil else { return }
        credentials.appInactiveSince = nil
        self.credentials = credentials
        do {
            try store.save(credentials)
        } catch {
            logger.warning("could not record that the Strava app works again", metadata: ["error": "\(error)"])
        }
    }

    /// Drops the credentials after a logout, so that nothing writes them back.
    func forget() {
        credentials = nil
        state.withLock { $0 = .notConnected }
    }

    /// Records bookkeeping shown by `trackdrop auth status`.
    func record(lastUploadAt: Date?, rateLimit: RateLimitStatus?) {
        guard var credentials else { return }
        if let lastUploadAt { credentials.lastUploadAt = lastUploadAt }
        if let rateLimit { credentials.lastRateLimit = rateLimit }
        self.credentials = credentials
        do {
            try store.save(credentials)
        } catch {
            logger.warning("could not update the credentials file", metadata: ["error": "\(error)"])
        }
    }

    private func usableCredentials() throws -> StravaCredentials {
        guard let credentials else { throw StravaError.notConnected(credentialsFile: store.fileURL.path) }
        if credentials.reconnectRequired { throw StravaError.reconnectRequired }
        return credentials
    }

    /// Joins the refresh in flight or starts one.
    private func refresh() async throws -> StravaCredentials {
        if let refreshInFlight { return try await refreshInFlight.value }
        let task = Task { try await self.performRefresh() }
        refreshInFlight = task
        defer { refreshInFlight = nil }
        return try await task.value
    }

    private func performRefresh() async throws -> StravaCredentials {
        var credentials = try usableCredentials()
        let exchange = try await endpoint.post([
            ("grant_type", "refresh_token"), ("refresh_token", credentials.refreshToken),
        ])
        let error = StravaErrorBody(exchange.body)
        switch exchange.status {
        case 200:
            break
        case 400 where error.has(resource: "RefreshToken"), 401 where error.has(resource: "RefreshToken"):
            markReconnectRequired()
            throw StravaError.reconnectRequired
        case 400, 401:
            if error.has(resource: "Application") {
                throw StravaError.configuration(
                    "Strava refused the app's client id or secret while refreshing the token (\(error.summary)); "
                        + "check `strava.client_id` / `strava.client_secret` or STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET")
            }
            markReconnectRequired()
            throw StravaError.reconnectRequired
        default:
            throw StravaError.server(endpoint: "POST /oauth/token", status: exchange.status, message: error.summary)
        }
        let response = try exchange.decode(TokenResponse.self, endpoint: "POST /oauth/token")
        let rotated = response.refreshToken != credentials.refreshToken
        credentials.accessToken = response.accessToken
        credentials.refreshToken = response.refreshToken
        credentials.accessTokenExpiresAt = response.expiry(receivedAt: Date())
        // Saved before anyone sees the new access token: a crash after this point keeps the
        // rotated refresh token, the only one Strava still accepts.
        do {
            try store.save(credentials)
        } catch {
            // Keeping the new tokens in memory lets this process go on; the caller still learns
            // that a restart would lose the connection.
            self.credentials = credentials
            throw error
        }
        self.credentials = credentials
        logger.info(
            "refreshed the Strava access token",
            metadata: ["rotated": "\(rotated)", "expires_at": "\(credentials.accessTokenExpiresAt)"])
        return credentials
    }

    private static func connectionState(of credentials: StravaCredentials?) -> ConnectionState {
        guard let credentials else { return .notConnected }
        if credentials.reconnectRequired { return .reconnectRequired }
        return credentials.appInactiveSince == nil ? .connected : .appInactive
    }
}
