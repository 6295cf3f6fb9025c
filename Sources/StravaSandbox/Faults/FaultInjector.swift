import Hummingbird

/// Decides, with a seeded generator, which API requests meet a fault, and counts the faults it injected.
struct FaultInjector: Sendable {
    /// A fault the sandbox injected, as counted in `/_sandbox/stats`.
    enum Kind: String, Sendable, CaseIterable {
        case serverError = "server_error"
        case droppedConnection = "dropped_connection"
        case rateLimitBurst = "rate_limit_burst"
        case latency = "latency"
        case stuckUpload = "stuck_upload"
        case deletedActivity = "deleted_activity"
        case fastCodeExchange = "fast_code_exchange"
        case revocation = "revocation"
        case stall = "stall"
    }

    /// What happens to one API request before it reaches the handlers.
    enum Decision: Sendable, Equatable {
        case none
        case drop(afterProcessing: Bool)
        case serverError(HTTPResponse.Status)
    }

    private(set) var faults: InjectedFaults
    private var generator: SeededGenerator
    private(set) var injected: [Kind: Int] = [:]

    init(faults: InjectedFaults) {
        self.faults = faults
        self.generator = SeededGenerator(seed: faults.seed)
    }

    /// Replaces the faults in force and reseeds the generator from them.
    mutating func replace(with faults: InjectedFaults) {
        self.faults = faults
        self.generator = SeededGenerator(seed: faults.seed)
    }

    mutating func count(_ kind: Kind) {
        injected[kind, default: 0] += 1
    }

    /// One draw per API request, so the same seed and the same requests give the same faults.
    mutating func decide() -> Decision {
        let draw = generator.unit()
        if draw < faults.droppedConnectionRate {
            count(.droppedConnection)
            return .drop(afterProcessing: faults.dropAfterProcessing)
        }
        if draw < faults.droppedConnectionRate + faults.serverErrorRate {
            count(.serverError)
            let statuses: [HTTPResponse.Status] = [.internalServerError, .badGateway, .serviceUnavailable]
            return .serverError(statuses[Int(generator.next() % 3)])
        }
        return .none
    }

    /// Latency to add to this request (counted when not zero).
    mutating func latency() -> Double {
        guard faults.addedLatencySeconds > 0 else { return 0 }
        count(.latency)
        return faults.addedLatencySeconds
    }

    /// Whether this request is one of the configured 429 burst.
    mutating func takeBurst() -> Bool {
        guard faults.rateLimitBurst > 0 else { return false }
        faults.rateLimitBurst -= 1
        count(.rateLimitBurst)
        return true
    }

    /// Whether the answer to this request stalls after its head. `route` as counted in the stats.
    mutating func stalls(route: String, isAPI: Bool) -> Bool {
        guard faults.stallNext > 0 || faults.stallRate > 0 else { return false }
        let matches = faults.stallRoutes.isEmpty ? isAPI : faults.stallRoutes.contains { Self.route(route, matches: $0) }
        guard matches else { return false }
        if faults.stallNext > 0 {
            faults.stallNext -= 1
        } else if generator.unit() >= faults.stallRate {
            return false
        }
        count(.stall)
        return true
    }

    /// "POST /api/v3/uploads" matches "POST /uploads" and itself.
    static func route(_ route: String, matches spec: String) -> Bool {
        let routeParts = route.split(separator: " ", maxSplits: 1)
        let specParts = spec.split(separator: " ", maxSplits: 1)
        guard routeParts.count == 2, specParts.count == 2, routeParts[0] == specParts[0] else { return false }
        return routeParts[1] == specParts[1] || routeParts[1].hasSuffix("/api/v3" + specParts[1])
    }

    mutating func uploadGetsStuck() -> Bool {
        guard faults.stuckUploadRate > 0, generator.unit() < faults.stuckUploadRate else { return false }
        count(.stuckUpload)
        return true
    }

    /// The delay after which a new activity disappears again, or nil when it stays.
    mutating func activityDeletionDelay() -> Double? {
        guard faults.deletedActivityRate > 0, generator.unit() < faults.deletedActivityRate else { return nil }
        count(.deletedActivity)
        return faults.deletionDelaySeconds
    }
}
