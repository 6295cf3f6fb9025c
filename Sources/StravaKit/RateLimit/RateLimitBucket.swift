/// Which of Strava's rate-limit buckets a request counts toward.
enum RateLimitBucket: Sendable {
    /// `POST /uploads`: the overall bucket only.
    case overallOnly
    /// Every other API request: overall and read.
    case overallAndRead

    var countsTowardRead: Bool { self == .overallAndRead }
}
