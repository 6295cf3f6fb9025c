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

    /// Delay before check number `check` (2 = the first re-check) of an upload still processing.
    func recheckDelay(after check: Int) -> TimeInterval {
        let base = max(1, firstCheckDelay * 0.75)
        return min(15, base * pow(2, Double(max(0, check - 2))))
    }
}
