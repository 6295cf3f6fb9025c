import Foundation
import Logging
import Synchronization

/// Spends Strava's rate limits so that no request goes over them.
///
/// Usage headers lag (a response reports what the server had counted when it answered), so the gate
/// counts what it has sent itself in each window, reserving capacity for requests still in flight,
/// and learns only the usage others cause (other processes of the same app) from the headers:
/// `external = reported usage − requests this gate had sent by the time the answer arrived`. That
/// is exact for a single client and never overestimates what this client spends.
actor RateLimitGate {
    /// Proof of a reservation; handed back with the response.
    struct Ticket: Sendable {
        let bucket: RateLimitBucket
        let window: Int
        let day: Int
    }

    /// Usage counters of one bucket in the current short window and day.
    private struct Counters {
        var sentShort = 0
        var sentDay = 0
        var externalShort = 0
        var externalDay = 0
    }

    private let windowLength: TimeInterval
    private let dayLength: TimeInterval
    /// Pause after a window turns, so that a clock slightly behind Strava's does not send into the
    /// old window.
    private let turnMargin: TimeInterval
    private let logger: Logger
    private let published: Mutex<RateLimitStatus>

    private var overallLimit: RateLimitStatus.Figures?
    private var readLimit: RateLimitStatus.Figures?
    private var overall = Counters()
    private var read = Counters()
    private var window: Int
    private var day: Int
    private var inFlight = 0
    private var pausedUntil: Date?
    private let stateFile: URL?

    init(
        windowLength: TimeInterval, dayLength: TimeInterval, seed credentialsSeed: RateLimitStatus?,
        stateFile: URL? = nil, logger: Logger
    ) {
        self.windowLength = windowLength
        self.dayLength = dayLength
        self.turnMargin = min(1.0, windowLength * 0.005)
        self.logger = logger
        self.stateFile = stateFile
        // The newer of what the state folder and the credentials file remember.
        let saved = stateFile.flatMap(Self.load)
        let seed = [saved, credentialsSeed].compactMap { $0 }
            .max { ($0.observedAt ?? .distantPast) < ($1.observedAt ?? .distantPast) }
        let now = Date()
        window = Int(now.timeIntervalSince1970 / windowLength)
        day = Int(now.timeIntervalSince1970 / dayLength)
        var status = RateLimitStatus()
        if let seed {
            overallLimit = seed.overallLimit
            readLimit = seed.readLimit
            status = seed
            status.waitingUntil = nil
            status.rateLimitedResponses = 0
            // A pause an earlier run was told to keep (a 429) still holds until its window turns.
            if let until = seed.pausedUntil, until > now {
                pausedUntil = until
                status.pausedUntil = until
            } else {
                status.pausedUntil = nil
            }
            // Usage seen by an earlier run still counts if it was seen in the current window/day.
            if let seen = seed.observedAt {
                if Int(seen.timeIntervalSince1970 / windowLength) == window {
                    overall.externalShort = seed.overallUsage?.shortTerm ?? 0
                    read.externalShort = seed.readUsage?.shortTerm ?? 0
                }
                if Int(seen.timeIntervalSince1970 / dayLength) == day {
                    overall.externalDay = seed.overallUsage?.daily ?? 0
                    read.externalDay = seed.readUsage?.daily ?? 0
                }
            }
        }
        published = Mutex(status)
    }

    /// The last published figures; readable without awaiting the gate.
    nonisolated var status: RateLimitStatus { published.withLock { $0 } }

    /// Waits until sending one more request of `bucket` stays within every known limit, then
    /// reserves it.
    func acquire(_ bucket: RateLimitBucket) async throws -> Ticket {
        while true {
            try Task.checkCancellation()
            let now = Date()
            roll(to: now)
            if let pausedUntil, pausedUntil > now {
                try await wait(until: pausedUntil, reason: "Strava answered 429 (rate limit exceeded)")
                continue
            }
            if overallLimit == nil, inFlight > 0 {
                // Limits are unknown until the first answer: keep a single request in flight.
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            if let blocked = blockingLimit(for: bucket) {
                let until = blocked.daily ? nextDayStart() : nextWindowStart()
                try await wait(until: until, reason: blocked.reason)
                continue
            }
            overall.sentShort += 1
            overall.sentDay += 1
            if bucket.countsTowardRead {
                read.sentShort += 1
                read.sentDay += 1
            }
            inFlight += 1
            return Ticket(bucket: bucket, window: window, day: day)
        }
    }

    /// Hands a reservation back with what the response said (nil when no response came).
    func complete(_ ticket: Ticket, headers: RateLimitHeaders?, status: Int?) {
        let now = Date()
        // Rolled while this request still counts as in flight: it was out when the window turned, so it may
        // have reached Strava in the new window and is counted there.
        roll(to: now)
        inFlight -= 1
        if let headers, !headers.isEmpty {
            if let limit = headers.overallLimit { overallLimit = limit }
            if let limit = headers.readLimit { readLimit = limit }
            // Only answers sent and received in the same window tell which window they count in.
            if ticket.window == window {
                if let usage = headers.overallUsage {
                    overall.externalShort = max(overall.externalShort, usage.shortTerm - overall.sentShort)
                }
                if let usage = headers.readUsage {
                    read.externalShort = max(read.externalShort, usage.shortTerm - read.sentShort)
                }
            }
            if ticket.day == day {
                if let usage = headers.overallUsage {
                    overall.externalDay = max(overall.externalDay, usage.daily - overall.sentDay)
                }
                if let usage = headers.readUsage {
                    read.externalDay = max(read.externalDay, usage.daily - read.sentDay)
                }
            }
            publish { status in
                status.overallLimit = headers.overallLimit ?? status.overallLimit
                status.readLimit = headers.readLimit ?? status.readLimit
                status.overallUsage = headers.overallUsage ?? status.overallUsage
                status.readUsage = headers.readUsage ?? status.readUsage
                status.observedAt = now
            }
        }
        if status == 429 {
            let dailyExhausted = isDailyExhausted(headers)
            let until = dailyExhausted ? nextDayStart() : nextWindowStart()
            pausedUntil = max(pausedUntil ?? until, until)
            let paused = pausedUntil
            publish {
                $0.rateLimitedResponses += 1
                $0.pausedUntil = paused
            }
            logger.warning(
                "Strava answered 429 (rate limit exceeded): pausing requests",
                metadata: ["until": "\(Self.format(until))", "daily": "\(dailyExhausted)"])
        }
        if status == 429 || !(headers?.isEmpty ?? true) { persist() }
    }

    /// Writes what the gate knows to the state folder after every answer that told it something, so that a
    /// process killed a moment later is followed by one that knows the usage and any pause.
    private func persist() {
        guard let stateFile else { return }
        do {
            let data = try Self.encoder.encode(status)
            try data.write(to: stateFile, options: .atomic)
        } catch {
            logger.debug("could not save the rate-limit state", metadata: ["file": "\(stateFile.path)", "error": "\(error)"])
        }
    }

    private static func load(_ file: URL) -> RateLimitStatus? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? decoder.decode(RateLimitStatus.self, from: data)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private func isDailyExhausted(_ headers: RateLimitHeaders?) -> Bool {
        guard let headers else { return false }
        if let limit = headers.overallLimit, let usage = headers.overallUsage, usage.daily >= limit.daily {
            return true
        }
        if let limit = headers.readLimit, let usage = headers.readUsage, usage.daily >= limit.daily {
            return true
        }
        return false
    }

    private func blockingLimit(for bucket: RateLimitBucket) -> (daily: Bool, reason: String)? {
        var checks: [(String, Counters, RateLimitStatus.Figures?)] = [("overall", overall, overallLimit)]
        if bucket.countsTowardRead { checks.append(("read", read, readLimit)) }
        for (name, counters, limit) in checks {
            guard let limit else { continue }
            let day = counters.sentDay + counters.externalDay
            if day + 1 > limit.daily {
                return (true, "daily \(name) limit reached (\(day)/\(limit.daily))")
            }
            let short = counters.sentShort + counters.externalShort
            if short + 1 > limit.shortTerm {
                return (false, "\(name) limit of the current window reached (\(short)/\(limit.shortTerm))")
            }
        }
        return nil
    }

    private func wait(until: Date, reason: String) async throws {
        logger.notice(
            "rate limit: waiting for the window to turn",
            metadata: ["until": "\(Self.format(until))", "reason": "\(reason)"])
        publish { $0.waitingUntil = until }
        let delay = until.timeIntervalSinceNow
        if delay > 0 { try await Task.sleep(for: .milliseconds(Int64((delay * 1000).rounded(.up)))) }
        publish { $0.waitingUntil = nil }
    }

    /// Starts new counters when the window or day has turned; requests still in flight may land
    /// in the new window, so they stay counted there.
    private func roll(to now: Date) {
        let currentWindow = Int(now.timeIntervalSince1970 / windowLength)
        if currentWindow != window {
            window = currentWindow
            overall.sentShort = inFlight
            overall.externalShort = 0
            read.sentShort = min(read.sentShort, inFlight)
            read.externalShort = 0
            publish { status in
                status.overallUsage?.shortTerm = 0
                status.readUsage?.shortTerm = 0
            }
        }
        let currentDay = Int(now.timeIntervalSince1970 / dayLength)
        if currentDay != day {
            day = currentDay
            overall.sentDay = inFlight
            overall.externalDay = 0
            read.sentDay = min(read.sentDay, inFlight)
            read.externalDay = 0
        }
        if let pausedUntil, pausedUntil <= now { self.pausedUntil = nil }
    }

    private func nextWindowStart() -> Date {
        Date(timeIntervalSince1970: Double(window + 1) * windowLength + turnMargin)
    }

    private func nextDayStart() -> Date {
        Date(timeIntervalSince1970: Double(day + 1) * dayLength + turnMargin)
    }

    private func publish(_ change: (inout RateLimitStatus) -> Void) {
        published.withLock { change(&$0) }
    }

    private static func format(_ date: Date) -> String {
        date.ISO8601Format(.iso8601.time(includingFractionalSeconds: true))
    }
}
