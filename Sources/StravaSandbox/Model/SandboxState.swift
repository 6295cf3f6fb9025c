import Foundation

/// Everything the sandbox remembers; lives in memory behind `SandboxStore`'s lock.
struct SandboxState: Sendable {
    var configuration: SandboxConfiguration
    var athlete: Athlete
    var tokens = TokenStore()
    var rateLimiter: RateLimiter
    var faultInjector: FaultInjector
    var uploads: [Int64: Upload] = [:]
    /// Uploads still processing, so finishing them does not scan every upload on every request.
    var processingIDs: Set<Int64> = []
    var activities: [Int64: Activity] = [:]
    /// Activities whose drawing is kept, oldest first (see `keepDrawing`).
    var drawnActivityIDs: [Int64] = []
    static let drawingsKept = 500
    /// Requests per "METHOD /route".
    var requestCounts: [String: Int] = [:]
    /// 429 responses sent (over the limit or from a burst).
    var rateLimitedCount = 0
    /// Requests that carried an `access_token` query or form parameter instead of the header.
    var accessTokenParameterCount = 0
    /// The app's status now (the configuration's, changed by `POST /_sandbox/app`).
    var appStatus: SandboxConfiguration.AppStatus
    var generator: SeededGenerator
    var nextUploadID: Int64 = 8_919_698_041
    var nextActivityID: Int64 = 17_611_540_601

    init(configuration: SandboxConfiguration) {
        self.configuration = configuration
        self.athlete = Athlete(configuration: configuration)
        self.appStatus = configuration.appStatus
        self.rateLimiter = RateLimiter(configuration: configuration)
        self.faultInjector = FaultInjector(faults: configuration.faults)
        self.generator = SeededGenerator(seed: configuration.randomSeed)
    }

    /// Upload and activity ids grow by uneven steps, like Strava's, and stay well above 2^32.
    mutating func makeUploadID() -> Int64 {
        nextUploadID += 1 + Int64(generator.next() % 97)
        return nextUploadID
    }

    mutating func makeActivityID() -> Int64 {
        nextActivityID += 1 + Int64(generator.next() % 89)
        return nextActivityID
    }

    /// Draws a processing delay: lognormal around the median, scaled, or the fixed value when set.
    mutating func processingDelay() -> Double {
        if let fixed = configuration.processingFixedSeconds { return fixed }
        let median = configuration.processingMedianSeconds
        let sample = median * exp(configuration.processingSigma * generator.normal())
        return sample * configuration.processingScale
    }

    /// Activities that exist (not deleted) at `now`.
    func liveActivities(at now: Date) -> [Activity] {
        activities.values.filter { !$0.isDeleted(at: now) }
    }
}
