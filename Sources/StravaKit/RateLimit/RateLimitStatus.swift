import Foundation

/// Last seen rate-limit usage and limits, and whether requests are paused until a window turns.
public struct RateLimitStatus: Sendable, Codable, Equatable {
    /// One bucket's short-window and daily figures.
    public struct Figures: Sendable, Codable, Equatable {
        public var shortTerm: Int
        public var daily: Int
        public init(shortTerm: Int, daily: Int) {
            self.shortTerm = shortTerm
            self.daily = daily
        }
    }

    /// Overall bucket (every API request) limits, as last read from `X-RateLimit-Limit`.
    public var overallLimit: Figures?
    /// Overall bucket usage, as last read from `X-RateLimit-Usage`.
    public var overallUsage: Figures?
    /// Read bucket (every request but `POST /uploads`) limits, from `X-ReadRateLimit-Limit`.
    public var readLimit: Figures?
    /// Read bucket usage, from `X-ReadRateLimit-Usage`.
    public var readUsage: Figures?
    /// When the figures were read.
    public var observedAt: Date?
    /// Set while requests wait for a window to turn.
    public var waitingUntil: Date?
    /// Number of 429 answers this session has received.
    public var rateLimitedResponses: Int
    /// After a 429: no request before this time (kept across restarts).
    public var pausedUntil: Date?

    public init(
        overallLimit: Figures? = nil, overallUsage: Figures? = nil, readLimit: Figures? = nil,
        readUsage: Figures? = nil, observedAt: Date? = nil, waitingUntil: Date? = nil,
        rateLimitedResponses: Int = 0
    ) {
        self.overallLimit = overallLimit
        self.overallUsage = overallUsage
        self.readLimit = readLimit
        self.readUsage = readUsage
        self.observedAt = observedAt
        self.waitingUntil = waitingUntil
        self.rateLimitedResponses = rateLimitedResponses
    }
}
