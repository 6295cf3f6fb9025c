import Foundation

/// Exponential backoff with jitter: 250 ms doubling, capped at 8 s; `Retry-After` wins when given.
public struct RetryPolicy: Sendable, Equatable {
    public var initialDelay: TimeInterval = 0.25
    public var maximumDelay: TimeInterval = 8
    /// Attempts in total (first try included) before giving up on a failing endpoint.
    public var maximumAttempts: Int = 8

    public init(initialDelay: TimeInterval = 0.25, maximumDelay: TimeInterval = 8, maximumAttempts: Int = 8) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = max(1, maximumAttempts)
    }

    public static let standard = RetryPolicy()

    /// Delay before retry number `retry` (1 = first retry). Jitter spreads the delay over its upper
    /// half so that clients failing together do not come back together.
    func delay(beforeRetry retry: Int, retryAfter: TimeInterval?) -> Duration {
        if let retryAfter, retryAfter >= 0 {
            return .milliseconds(Int64(min(retryAfter, 900) * 1000))
        }
        let base = min(maximumDelay, initialDelay * pow(2, Double(max(0, retry - 1))))
        let jittered = base * Double.random(in: 0.5...1.0)
        return .milliseconds(Int64(jittered * 1000))
    }

    static func retryAfterSeconds(_ value: String?) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return seconds }
        return nil
    }
}
