import Foundation
import NIOHTTP1

/// The four rate-limit headers of one response, read case-insensitively.
struct RateLimitHeaders: Sendable, Equatable {
    var overallLimit: RateLimitStatus.Figures?
    var overallUsage: RateLimitStatus.Figures?
    var readLimit: RateLimitStatus.Figures?
    var readUsage: RateLimitStatus.Figures?

    init(
        overallLimit: RateLimitStatus.Figures? = nil, overallUsage: RateLimitStatus.Figures? = nil,
        readLimit: RateLimitStatus.Figures? = nil, readUsage: RateLimitStatus.Figures? = nil
    ) {
        self.overallLimit = overallLimit
        self.overallUsage = overallUsage
        self.readLimit = readLimit
        self.readUsage = readUsage
    }

    /// `HTTPHeaders` lookups ignore case, so `X-Ratelimit-Limit` is found as well.
    init(_ headers: HTTPHeaders) {
        overallLimit = Self.figures(headers.first(name: "X-RateLimit-Limit"))
        overallUsage = Self.figures(headers.first(name: "X-RateLimit-Usage"))
        readLimit = Self.figures(headers.first(name: "X-ReadRateLimit-Limit"))
        readUsage = Self.figures(headers.first(name: "X-ReadRateLimit-Usage"))
    }

    var isEmpty: Bool { overallLimit == nil && overallUsage == nil && readLimit == nil && readUsage == nil }

    /// "68,211" → short window 68, day 211.
    static func figures(_ value: String?) -> RateLimitStatus.Figures? {
        guard let value else { return nil }
        let parts = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let short = Int(parts[0]), let daily = Int(parts[1]) else { return nil }
        return .init(shortTerm: short, daily: daily)
    }
}
