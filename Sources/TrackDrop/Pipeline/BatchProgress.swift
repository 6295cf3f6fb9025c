import Foundation
import StravaKit

/// Counts and an ETA for `trackdrop upload`; the ETA knows the rate-limit budget left in the current window.
public struct BatchProgress: Sendable {
    public var total: Int
    public var finished: [FinalStatus: Int] = [:]
    public var skipped = 0
    public var apiCalls = 0
    public let startedAt: Date
    /// Length of the short rate-limit window (900 s at Strava).
    public var window: TimeInterval

    public init(total: Int, window: TimeInterval, startedAt: Date = Date()) {
        self.total = total
        self.window = window
        self.startedAt = startedAt
    }

    public var done: Int { finished.values.reduce(0, +) + skipped }

    public mutating func record(_ event: PipelineEvent) {
        switch event {
        case .finished(let entry), .alreadyDone(let entry):
            if let status = entry.status { finished[status, default: 0] += 1 }
            apiCalls += entry.apiCalls
        case .skipped:
            skipped += 1
        case .discovered, .submitted, .unfinished:
            break
        }
    }

    /// Seconds left: the pace so far, or the wait for enough rate-limit budget, whichever is longer.
    public func estimatedSecondsLeft(rateLimit: RateLimitStatus?, now: Date = Date()) -> TimeInterval? {
        let remaining = total - done
        guard remaining > 0 else { return 0 }
        guard done > 0 else { return nil }
        let pace = now.timeIntervalSince(startedAt) / Double(done) * Double(remaining)
        guard let limit = rateLimit?.overallLimit?.shortTerm, let used = rateLimit?.overallUsage?.shortTerm, limit > 0 else {
            return pace
        }
        let uploadedSoFar = max(1, (finished[.uploaded] ?? 0) + (finished[.duplicate] ?? 0) + (finished[.rejected] ?? 0))
        let callsPerFile = max(1, Double(apiCalls) / Double(uploadedSoFar))
        let needed = callsPerFile * Double(remaining)
        let left = Double(max(0, limit - used))
        guard needed > left else { return pace }
        let nextWindow = (now.timeIntervalSince1970 / window).rounded(.up) * window - now.timeIntervalSince1970
        let extraWindows = ((needed - left) / Double(limit)).rounded(.up) - 1
        return max(pace, nextWindow + max(0, extraWindows) * window)
    }

    /// `[██████░░░░] 12/40  10 uploaded · 1 duplicate · 1 invalid  ETA 0:42`
    public func bar(rateLimit: RateLimitStatus?, width: Int = 24) -> String {
        let filled = total == 0 ? width : min(width, width * done / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let parts = FinalStatus.allCases.compactMap { status in finished[status].map { "\($0) \(status.rawValue)" } }
            + (skipped > 0 ? ["\(skipped) skipped"] : [])
        var line = "[\(bar)] \(done)/\(total)"
        if !parts.isEmpty { line += "  " + parts.joined(separator: " · ") }
        if let waiting = rateLimit?.waitingUntil, waiting > Date() {
            line += "  rate limit: waiting until \(waiting.formatted(date: .omitted, time: .shortened))"
        }
        if let eta = estimatedSecondsLeft(rateLimit: rateLimit) {
            let seconds = Int(eta.rounded())
            line += String(format: "  ETA %d:%02d", seconds / 60, seconds % 60)
        }
        return line
    }
}
