import Foundation

/// Faults the sandbox injects, set in the configuration (`faults`) or at run time (`POST /_sandbox/faults`).
public struct InjectedFaults: Sendable, Codable, Equatable {
    /// Seed of the fault generator, so a run with the same requests sees the same faults.
    public var seed: UInt64 = 1
    /// Fraction of API requests answered with 500, 502 or 503 (before they reach Strava's "application").
    public var serverErrorRate: Double = 0
    /// Fraction of API requests whose connection is closed without any response.
    public var droppedConnectionRate: Double = 0
    /// When true a dropped request is carried out first and only its response is lost.
    public var dropAfterProcessing: Bool = false
    /// Seconds added before every API response.
    public var addedLatencySeconds: Double = 0
    /// The next N API requests get 429 whatever the usage.
    public var rateLimitBurst: Int = 0
    /// Fraction of uploads that never finish processing.
    public var stuckUploadRate: Double = 0
    /// Fraction of created activities that are deleted again after `deletionDelaySeconds`.
    public var deletedActivityRate: Double = 0
    public var deletionDelaySeconds: Double = 0
    /// An authorization code exchanged within `fastCodeExchangeWindowSeconds` of its issue fails once with `invalid`.
    public var failFastCodeExchange: Bool = false
    public var fastCodeExchangeWindowSeconds: Double = 2
    /// Fraction of requests on `stallRoutes` answered with a head and then a body that never ends (or trickles).
    public var stallRate: Double = 0
    /// The next N requests on `stallRoutes` stall, whatever `stallRate`.
    public var stallNext: Int = 0
    /// Routes that stall, named as in the stats (`POST /uploads`, `GET /uploads/{id}`, `POST /oauth/token`;
    /// `/api/v3` may be left out); empty: every API route.
    public var stallRoutes: [String] = []
    /// When true a stalled request is carried out first and only its answer stalls.
    public var stallAfterProcessing: Bool = false
    /// When true a stalled answer trickles out a byte a second instead of stopping after the head.
    public var stallTrickle: Bool = false
    /// Longest a stalled answer is held before its connection is closed.
    public var stallSeconds: Double = 300

    public init() {}

    static let keys = [
        "seed", "server_error_rate", "dropped_connection_rate", "drop_after_processing", "added_latency_seconds",
        "rate_limit_burst", "stuck_upload_rate", "deleted_activity_rate", "deletion_delay_seconds",
        "fail_fast_code_exchange", "fast_code_exchange_window_seconds", "stall_rate", "stall_next", "stall_routes",
        "stall_after_processing", "stall_trickle", "stall_seconds",
    ]

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, path: "faults.")
    }

    init(from decoder: any Decoder, path: String) throws {
        let reader = try SandboxSettingsReader(decoder: decoder, known: Self.keys, path: path)
        let defaults = InjectedFaults()
        seed = try reader.read("seed", default: defaults.seed)
        serverErrorRate = try reader.readRate("server_error_rate", default: defaults.serverErrorRate)
        droppedConnectionRate = try reader.readRate("dropped_connection_rate", default: defaults.droppedConnectionRate)
        dropAfterProcessing = try reader.read("drop_after_processing", default: defaults.dropAfterProcessing)
        addedLatencySeconds = try reader.readNonNegative("added_latency_seconds", default: defaults.addedLatencySeconds)
        rateLimitBurst = try reader.readCount("rate_limit_burst", default: defaults.rateLimitBurst)
        stuckUploadRate = try reader.readRate("stuck_upload_rate", default: defaults.stuckUploadRate)
        deletedActivityRate = try reader.readRate("deleted_activity_rate", default: defaults.deletedActivityRate)
        deletionDelaySeconds = try reader.readNonNegative("deletion_delay_seconds", default: defaults.deletionDelaySeconds)
        failFastCodeExchange = try reader.read("fail_fast_code_exchange", default: defaults.failFastCodeExchange)
        fastCodeExchangeWindowSeconds = try reader.readNonNegative(
            "fast_code_exchange_window_seconds", default: defaults.fastCodeExchangeWindowSeconds)
        stallRate = try reader.readRate("stall_rate", default: defaults.stallRate)
        stallNext = try reader.readCount("stall_next", default: defaults.stallNext)
        stallRoutes = try reader.read("stall_routes", default: defaults.stallRoutes)
        stallAfterProcessing = try reader.read("stall_after_processing", default: defaults.stallAfterProcessing)
        stallTrickle = try reader.read("stall_trickle", default: defaults.stallTrickle)
        stallSeconds = try reader.readNonNegative("stall_seconds", default: defaults.stallSeconds)
        if serverErrorRate + droppedConnectionRate > 1 {
            throw SandboxError.invalidValue(
                key: path + "server_error_rate", "server_error_rate + dropped_connection_rate must not exceed 1")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(seed, forKey: .init("seed"))
        try container.encode(serverErrorRate, forKey: .init("server_error_rate"))
        try container.encode(droppedConnectionRate, forKey: .init("dropped_connection_rate"))
        try container.encode(dropAfterProcessing, forKey: .init("drop_after_processing"))
        try container.encode(addedLatencySeconds, forKey: .init("added_latency_seconds"))
        try container.encode(rateLimitBurst, forKey: .init("rate_limit_burst"))
        try container.encode(stuckUploadRate, forKey: .init("stuck_upload_rate"))
        try container.encode(deletedActivityRate, forKey: .init("deleted_activity_rate"))
        try container.encode(deletionDelaySeconds, forKey: .init("deletion_delay_seconds"))
        try container.encode(failFastCodeExchange, forKey: .init("fail_fast_code_exchange"))
        try container.encode(fastCodeExchangeWindowSeconds, forKey: .init("fast_code_exchange_window_seconds"))
        try container.encode(stallRate, forKey: .init("stall_rate"))
        try container.encode(stallNext, forKey: .init("stall_next"))
        try container.encode(stallRoutes, forKey: .init("stall_routes"))
        try container.encode(stallAfterProcessing, forKey: .init("stall_after_processing"))
        try container.encode(stallTrickle, forKey: .init("stall_trickle"))
        try container.encode(stallSeconds, forKey: .init("stall_seconds"))
    }

    /// Decodes faults from JSON (as sent to `POST /_sandbox/faults`); absent keys take their defaults.
    public static func decode(json: Data) throws -> InjectedFaults {
        do {
            return try JSONDecoder().decode(InjectedFaults.self, from: json.isEmpty ? Data("{}".utf8) : json)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw SandboxError.invalidValue(key: "faults", "the body is not a JSON object (\(error))")
        }
    }
}
