import Foundation

/// Learns when to look at an upload for the first time.
///
/// Processing times are only seen censored (a check says "done by now" or "not yet"), so rather than
/// a median of exact times this tracks the delay at which about `target` of first checks find the
/// upload done: a hit shortens the delay a little, a miss lengthens it more (stochastic quantile
/// tracking in the log domain). Starting from 3 s (Strava's mean processing time is under 2 s) it
/// settles near the 95th percentile, where one status check per upload is the rule and a second
/// one the exception.
struct ProcessingTimeEstimator: Sendable {
    private(set) var firstCheckDelay: TimeInterval
    let target: Double
    let step: Double
    let minimum: TimeInterval
    let maximum: TimeInterval

    init(initial: TimeInterval = 3, target: Double = 0.95, step: Double = 0.35, minimum: TimeInterval = 0.25, maximum: TimeInterval = 30) {
        firstCheckDelay = initial
        self.target = target
        self.step = step
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A first check `elapsed` after submission found the upload done (`hit`) or still processing.
    mutating func observeFirstCheck(hit: Bool, elapsed: TimeInterval) {
        // A check made much later than planned says little about the delay itself.
        guard hit || elapsed >= firstCheckDelay * 0.8 else { return }
        let change = hit ? -step * (1 - target) : step * target
        firstCheckDelay = min(maximum, max(minimum, firstCheckDelay * exp(change)))
    }

    /// Delay before check number `check` (2 = the first re-check) of an upload still processing
    /// `processingFor` seconds after it was sent.
    ///
    /// Re-checks double from about the first-check delay up to 15 s. An upload still processing after
    /// `slowAfter` is stuck more often than slow, so from then on the wait grows with its age (a tenth
    /// of it) up to `longestRecheck`. An upload that never finishes then costs about 47 status checks in
    /// its first hour, 100 in its first day and 48 a day after that. Checking every 15 s would spend 240
    /// of Strava's reads an hour, against a default allowance of 1,000 a day.
    func recheckDelay(after check: Int, processingFor age: TimeInterval) -> TimeInterval {
        let base = max(1, firstCheckDelay * 0.75)
        let early = min(15, base * pow(2, Double(max(0, check - 2))))
        guard age > Self.slowAfter else { return early }
        return max(early, min(Self.longestRecheck, age * 0.1))
    }

    /// Processing time after which an upload is treated as probably stuck.
    static let slowAfter: TimeInterval = 150
    /// The longest wait between two checks of a stuck upload.
    static let longestRecheck: TimeInterval = 1800
}
