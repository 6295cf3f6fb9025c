import Foundation

/// Faults the sandbox injects, set in the configuration (`faults`) or at run time (`POST /_sandbox/faults`).
public struct SandboxFaults: Sendable, Codable, Equatable {
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

    public init() {}

    static let keys = [
        "seed", "server_error_rate", "dropped_connection_rate", "drop_after_processing", "added_latency_seconds",
        "rate_limit_burst", "stuck_upload_rate", "deleted_activity_rate", "deletion_delay_seconds",
        "fail_fast_code_exchange", "fast_code_exchange_window_seconds",
    ]

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, path: "faults.")
    }

    init(from decoder: any Decoder, path: String) throws {
        let reader = try ConfigurationReader(decoder: decoder, known: Self.keys, path: path)
        let defaults = SandboxFaults()
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
    }

    /// Decodes faults from JSON (as sent to `POST /_sandbox/faults`); absent keys take their defaults.
    public static func decode(json: Data) throws -> SandboxFaults {
        do {
            return try JSONDecoder().decode(SandboxFaults.self, from: json.isEmpty ? Data("{}".utf8) : json)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw SandboxError.invalidValue(key: "faults", "the body is not a JSON object (\(error))")
        }
    }
}
