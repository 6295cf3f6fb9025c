import AsyncHTTPClient
import Foundation
import Logging
import NIOHTTP1

/// One connection to Strava: tokens, rate-limit gate, retries. Safe to share.
public actor StravaSession {
    let settings: StravaSettings
    let store: CredentialsStore
    let logger: Logger
    let client: HTTPClient
    let tokens: TokenManager
    let gate: RateLimitGate
    let api: APIClient

    /// Uploads submitted through this session, by id, until they are resolved.
    var submissions: [UploadID: PendingUpload] = [:]
    var pending: [UploadID: PendingUpload] = [:]
    /// Calls of a check whose upload was settled by another check meanwhile (the actor runs other work while a
    /// request is out): paid by the next upload that settles, so every call is counted once.
    var unpaidCalls = 0
    var finished: [UploadID: ResolvedUpload] = [:]
    /// Uploads given up on, with the reason, until resolved again.
    var failed: [UploadID: any Error] = [:]
    var waiters: [UploadID: [Waiter]] = [:]
    var driver: Task<Void, Never>?
    /// Uploads a check is under way for (a poll or a listing).
    var inCheck: Set<UploadID> = []
    var estimator = ProcessingTimeEstimator()
    /// Set when Strava refused a listing despite the stored scopes.
    var listingUnavailable = false
    var closed = false
    /// Calls spent on the latest submission of each external id.
    var submissionCalls: [String: Int] = [:]

    /// One caller waiting for one upload.
    struct Waiter: Sendable {
        let token: UInt64
        let continuation: CheckedContinuation<ResolvedUpload, any Error>
    }
    var nextWaiterToken: UInt64 = 0

    /// Reads the credentials (refusing a file others can read); a missing file means not connected.
    public init(settings: StravaSettings, credentialsFile: URL, logger: Logger) throws {
        self.settings = settings
        self.store = CredentialsStore(fileURL: credentialsFile)
        self.logger = logger
        let credentials = try store.load()
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .seconds(10)
        configuration.timeout.read = .seconds(Int64(settings.exchangeDeadline.seconds.rounded(.up)))
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let transport = Transport(client: client, deadline: settings.exchangeDeadline)
        tokens = TokenManager(
            store: store, credentials: credentials,
            endpoint: TokenEndpoint(transport: transport, settings: settings, logger: logger), logger: logger)
        gate = RateLimitGate(
            windowLength: settings.rateLimitWindow, dayLength: settings.dailyWindow,
            seed: credentials?.lastRateLimit, stateFile: settings.rateLimitStateFile, logger: logger)
        api = APIClient(
            transport: transport, settings: settings, tokens: tokens, gate: gate,
            apiBase: APIBaseResolver(setting: settings.apiBase, transport: transport, logger: logger), logger: logger)
    }

    deinit {
        // A session dropped without `shutdown()` must not take the process down with
        // AsyncHTTPClient's "not shut down" assertion; closing in the background is enough.
        if !closed { client.shutdown { _ in } }
    }

    /// Stops following uploads (waiting callers get `sessionClosed`), saves the last seen
    /// rate-limit usage and closes the HTTP client.
    public func shutdown() async throws {
        guard !closed else { return }
        closed = true
        driver?.cancel()
        failAllWaiters(StravaError.sessionClosed)
        await tokens.record(lastUploadAt: nil, rateLimit: gate.status)
        try await client.shutdown()
    }

    public var connectionState: ConnectionState { tokens.connectionState }

    /// Re-reads the credentials file, taking what another trackdrop process saved (a new `auth login`, rotated
    /// tokens); returns the connection state after that.
    @discardableResult
    public func reloadCredentials() async -> ConnectionState {
        await tokens.adoptFromFile()
        return tokens.connectionState
    }

    /// Granted scopes and athlete as stored; nil when not connected.
    public var credentials: StravaCredentials? {
        get async { await tokens.current }
    }

    /// Last seen usage and limits, and "waiting until" while paused.
    public func rateLimitStatus() -> RateLimitStatus { gate.status }

    /// Calls the latest `submit` of this external id spent: 1 for a plain POST, more when it was
    /// retried or its lost answer had to be looked for. `ResolvedUpload.apiCalls` does not include them.
    public func apiCallsForSubmission(externalID: String) -> Int? {
        submissionCalls[externalID]
    }

    /// Remembers the calls of a submission for `apiCallsForSubmission`, keeping only the latest ones so that
    /// a long-running daemon's memory stays flat.
    func recordSubmissionCalls(_ calls: Int, externalID: String) {
        if submissionCalls[externalID] == nil, submissionCalls.count >= Self.submissionCallsKept {
            submissionCalls.removeAll(keepingCapacity: true)
        }
        submissionCalls[externalID] = calls
    }

    static let submissionCallsKept = 1_000

    func ensureOpen() throws {
        if closed { throw StravaError.sessionClosed }
    }
}
