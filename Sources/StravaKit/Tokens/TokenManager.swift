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
        if credentials?.reconnectRequired == true {
            // `trackdrop auth login` in another process may have connected again since.
            adoptFromFile()
        }
        let credentials = try usableCredentials()
        if credentials.accessTokenExpiresAt.timeIntervalSinceNow > refreshMargin {
            return credentials.accessToken
        }
        return try await refresh(rejected: nil).accessToken
    }

    /// Strava answered 401 to `token`: take what another process saved, else refresh once unless another
    /// caller already has.
    func refreshAfterRejection(of token: String) async throws {
        adoptFromFile()
        let credentials = try usableCredentials()
        if credentials.accessToken != token { return }
        _ = try await refresh(rejected: token)
    }

    /// Re-reads the credentials file and takes what another trackdrop process saved there: a rotated
    /// token, a new login, a reconnect flag. The file always holds the newest tokens, because every process
    /// saves a rotated token before it uses it. Returns whether the tokens changed.
    @discardableResult
    func adoptFromFile() -> Bool {
        let onDisk: StravaCredentials?
        do {
            onDisk = try store.load()
        } catch {
            logger.warning("could not re-read the credentials file", metadata: ["error": "\(error)"])
            return false
        }
        guard let onDisk, onDisk != credentials else { return false }
        let changed = onDisk.accessToken != credentials?.accessToken || onDisk.refreshToken != credentials?.refreshToken
        credentials = onDisk
        state.withLock { $0 = Self.connectionState(of: onDisk) }
        if changed { logger.debug("took the tokens another trackdrop process saved") }
        return changed
    }

    /// Strava refused `rejectedToken` even after a refresh. Before concluding that access was revoked, the
    /// credentials file is read again under its lock: another process may have logged in or rotated the
    /// tokens meanwhile. Returns true when a reconnect is really required (recorded in the file), false
    /// when newer tokens were found and the call is worth trying again.
    func markReconnectRequired(rejecting rejectedToken: String?) async -> Bool {
        let lock: CredentialsLock
        do {
            lock = try await store.lock()
        } catch {
            logger.error("could not lock the credentials file", metadata: ["error": "\(error)"])
            return markReconnectRequiredLocked(rejecting: rejectedToken)
        }
        defer { lock.release() }
        return markReconnectRequiredLocked(rejecting: rejectedToken)
    }

    private func markReconnectRequiredLocked(rejecting rejectedToken: String?) -> Bool {
        adoptFromFile()
        if let rejectedToken, let credentials, !credentials.reconnectRequired, credentials.accessToken != rejectedToken {
            return false
        }
        state.withLock { $0 = .reconnectRequired }
        guard var credentials, !credentials.reconnectRequired else { return true }
        credentials.reconnectRequired = true
        self.credentials = credentials
        do {
            try store.save(credentials)
        } catch {
            logger.error("could not record that a reconnect is required", metadata: ["error": "\(error)"])
        }
        logger.error("\(StravaError.reconnectRequired)")
        return true
    }

    /// Strava answered "Application Status Inactive": remembered in the credentials file so that
    /// `trackdrop auth status` can say so. The tokens stay valid; the caller says what to do.
    func markAppInactive() async {
        state.withLock { if $0 == .connected { $0 = .appInactive } }
        guard let credentials, credentials.appInactiveSince == nil else { return }
        await updateFile("record that the Strava app is inactive") { credentials in
            if credentials.appInactiveSince == nil { credentials.appInactiveSince = Date() }
        }
    }

    /// An API call succeeded: the app works (again).
    func markAppActive() async {
        guard state.withLock({ $0 }) == .appInactive || credentials?.appInactiveSince != nil else { return }
        state.withLock { if $0 == .appInactive { $0 = .connected } }
        guard credentials?.appInactiveSince != nil else { return }
        await updateFile("record that the Strava app works again") { $0.appInactiveSince = nil }
    }

    /// Drops the credentials after a logout, so that nothing writes them back.
    func forget() {
        credentials = nil
        state.withLock { $0 = .notConnected }
    }

    /// Records bookkeeping shown by `trackdrop auth status`.
    func record(lastUploadAt: Date?, rateLimit: RateLimitStatus?) async {
        guard credentials != nil, lastUploadAt != nil || rateLimit != nil else { return }
        await updateFile("update the credentials file") { credentials in
            if let lastUploadAt { credentials.lastUploadAt = lastUploadAt }
            if let rateLimit { credentials.lastRateLimit = rateLimit }
        }
    }

    /// Changes bookkeeping in the file under its lock, on top of what the file holds now: the tokens another
    /// process saved are kept (and taken), never overwritten with older ones from memory.
    private func updateFile(_ what: String, _ change: (inout StravaCredentials) -> Void) async {
        do {
            let lock = try await store.lock()
            defer { lock.release() }
            adoptFromFile()
            guard var credentials else { return }
            change(&credentials)
            self.credentials = credentials
            state.withLock { $0 = Self.connectionState(of: credentials) }
            try store.save(credentials)
        } catch {
            logger.warning("could not \(what)", metadata: ["error": "\(error)"])
        }
    }

    private func usableCredentials() throws -> StravaCredentials {
        guard let credentials else { throw StravaError.notConnected(credentialsFile: store.fileURL.path) }
        if credentials.reconnectRequired { throw StravaError.reconnectRequired }
        return credentials
    }

    /// Joins the refresh in flight or starts one.
    private func refresh(rejected: String?) async throws -> StravaCredentials {
        if let refreshInFlight { return try await refreshInFlight.value }
        let task = Task { try await self.performRefresh(rejected: rejected) }
        refreshInFlight = task
        defer { refreshInFlight = nil }
        return try await task.value
    }

    /// Refreshes under the credentials lock, so that of all trackdrop processes of this user only one
    /// spends a refresh token at a time; the file is read first, because another process may have
    /// refreshed (and rotated the refresh token) already.
    private func performRefresh(rejected: String?) async throws -> StravaCredentials {
        let lock = try await store.lock()
        defer { lock.release() }
        adoptFromFile()
        var credentials = try usableCredentials()
        if credentials.accessTokenExpiresAt.timeIntervalSinceNow > refreshMargin, credentials.accessToken != rejected {
            // Another process refreshed while we waited for the lock.
            return credentials
        }
        let exchange = try await endpoint.post([
            ("grant_type", "refresh_token"), ("refresh_token", credentials.refreshToken),
        ])
        let error = StravaErrorBody(exchange.body)
        switch exchange.status {
        case 200:
            break
        case 400 where error.has(resource: "RefreshToken"), 401 where error.has(resource: "RefreshToken"):
            // The file was read under the lock just before: no other process can have rotated this token.
            _ = markReconnectRequiredLocked(rejecting: nil)
            throw StravaError.reconnectRequired
        case 400, 401:
            if error.has(resource: "Application") {
                throw StravaError.configuration(
                    "Strava refused the app's client id or secret while refreshing the token (\(error.summary)); "
                        + "check `strava.client_id` / `strava.client_secret` or STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET")
            }
            _ = markReconnectRequiredLocked(rejecting: nil)
            throw StravaError.reconnectRequired
        default:
            throw StravaError.server(endpoint: "POST /oauth/token", status: exchange.status, message: error.summary)
        }
        let response = try exchange.decode(TokenResponse.self, endpoint: "POST /oauth/token")
        let rotated = response.refreshToken != credentials.refreshToken
        credentials.accessToken = response.accessToken
        credentials.refreshToken = response.refreshToken
        credentials.accessTokenExpiresAt = response.expiry(receivedAt: Date())
        // Saved before anyone sees the new access token (and before the lock is let go): a crash after this
        // point keeps the rotated refresh token, the only one Strava still accepts, and every other process
        // finds it in the file.
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
