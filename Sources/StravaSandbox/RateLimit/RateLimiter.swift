import Foundation

/// Strava's two rate-limit buckets (overall and read), each with a short window and a daily cap.
struct RateLimiter: Sendable {
    /// One bucket's limits and usage, short window first, then daily.
    struct Bucket: Sendable, Equatable {
        var shortLimit: Int
        var dailyLimit: Int
        var shortUsage = 0
        var dailyUsage = 0

        var isOver: Bool { shortUsage > shortLimit || dailyUsage > dailyLimit }
        var limitHeader: String { "\(shortLimit),\(dailyLimit)" }
        var usageHeader: String { "\(shortUsage),\(dailyUsage)" }
    }

    /// Usage of both buckets after a request, and whether it went over a limit.
    struct Snapshot: Sendable, Equatable {
        var overall: Bucket
        var read: Bucket
        var limited: Bool
    }

    private(set) var overall: Bucket
    private(set) var read: Bucket
    let windowSeconds: Double
    let dailySeconds: Double
    private var shortWindow: Int64 = .min
    private var dailyWindow: Int64 = .min

    init(configuration: SandboxConfiguration) {
        overall = Bucket(shortLimit: configuration.rateLimitOverallShort, dailyLimit: configuration.rateLimitOverallDaily)
        read = Bucket(shortLimit: configuration.rateLimitReadShort, dailyLimit: configuration.rateLimitReadDaily)
        windowSeconds = configuration.rateLimitWindowSeconds
        dailySeconds = configuration.rateLimitDailySeconds
    }

    /// Counts one request. Requests over the limit count too: Strava's usage can exceed its limit.
    /// `countsTowardRead` is false only for `POST /uploads`.
    mutating func record(countsTowardRead: Bool, now: Date) -> Snapshot {
        turnWindows(now: now)
        overall.shortUsage += 1
        overall.dailyUsage += 1
        if countsTowardRead {
            read.shortUsage += 1
            read.dailyUsage += 1
        }
        let limited = overall.isOver || (countsTowardRead && read.isOver)
        return Snapshot(overall: overall, read: read, limited: limited)
    }

    /// Current usage without counting anything.
    mutating func current(now: Date) -> Snapshot {
        turnWindows(now: now)
        return Snapshot(overall: overall, read: read, limited: false)
    }

    /// When the current short window ends.
    func shortWindowEnd(now: Date) -> Date {
        let index = (now.timeIntervalSince1970 / windowSeconds).rounded(.down)
        return Date(timeIntervalSince1970: (index + 1) * windowSeconds)
    }

    private mutating func turnWindows(now: Date) {
        let seconds = now.timeIntervalSince1970
        let short = Int64((seconds / windowSeconds).rounded(.down))
        let daily = Int64((seconds / dailySeconds).rounded(.down))
        if short != shortWindow {
            shortWindow = short
            overall.shortUsage = 0
            read.shortUsage = 0
        }
        if daily != dailyWindow {
            dailyWindow = daily
            overall.dailyUsage = 0
            read.dailyUsage = 0
        }
    }
}
