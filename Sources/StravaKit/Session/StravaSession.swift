import AsyncHTTPClient
import Foundation
import Logging

/// One connection to Strava: tokens, rate-limit gate, retries. Safe to share.
public actor StravaSession {
    let settings: StravaSettings
    let store: CredentialsStore
    let logger: Logger

    public init(settings: StravaSettings, credentialsFile: URL, logger: Logger) throws {
        self.settings = settings
        self.store = CredentialsStore(fileURL: credentialsFile)
        self.logger = logger
        _ = try store.load()
    }

    public func shutdown() async throws {}

    public var connectionState: ConnectionState { .notConnected }

    public func submit(_ request: UploadRequest) async throws -> UploadSubmission {
        throw StravaError.notConnected(credentialsFile: store.fileURL.path)
    }

    /// Waits until every given upload is final; adaptive polling and batch reconciliation. Returns per id
    /// the outcome and how many API calls were spent on it.
    public func resolve(_ ids: [UploadID]) async throws -> [UploadID: ResolvedUpload] {
        throw StravaError.notConnected(credentialsFile: store.fileURL.path)
    }

    /// After a crash with the POST outcome unknown: find the activity made from this external_id, if any.
    public func lookUp(externalID: String, submittedAfter: Date) async throws -> UploadOutcome? {
        throw StravaError.notConnected(credentialsFile: store.fileURL.path)
    }

    /// Last seen usage and limits, and "waiting until" while paused.
    public func rateLimitStatus() -> RateLimitStatus { RateLimitStatus() }
}
