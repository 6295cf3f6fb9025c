import Foundation

/// Every option of the sandbox; Codable from the JSON config file (snake_case keys).
public struct SandboxConfiguration: Sendable, Codable {
    /// Where duplicates are reported: at `POST /uploads` (400) or when the upload is polled (200 with `error`).
    public enum DuplicateDetection: String, Sendable, Codable { case post, poll }
    /// Which of Strava's two duplicate messages is produced.
    public enum DuplicateMessageForm: String, Sendable, Codable { case plain, link }
    /// Whether the app's owner has a Strava subscription: an inactive app gets Strava's 403 on every API call.
    public enum AppStatus: String, Sendable, Codable { case active, inactive }

    public var clientID: String = "12345"
    /// The sandbox's own fake secret: it guards nothing real, so it may be printed and logged.
    public var clientSecret: String = "sandbox-client-secret-not-a-real-strava-secret"
    /// Redirect URIs on this domain (or its subdomains) are accepted besides localhost and 127.0.0.1.
    public var callbackDomain: String? = nil
    /// true: `/oauth/authorize` redirects at once; false: it shows a consent page.
    public var autoApprove: Bool = true
    /// Scopes the athlete grants (the rest are "unticked"); nil grants everything asked for.
    public var grantedScopes: [String]? = nil

    public var athleteID: Int64 = 28_462_211
    public var athleteUsername: String = "sandbox_athlete"
    public var athleteFirstname: String = "Sandy"
    public var athleteLastname: String = "Box"

    /// Athletes the app may connect: 1 in single-player mode, 10 at most on the Standard Tier.
    public var athleteCapacity: Int = 1
    public var appStatus: AppStatus = .active
    /// true: `/oauth/deauthorize` answers 404, as after 1 June 2027 (use `/oauth/revoke`).
    public var deauthorizeRetired: Bool = false
    /// true: an `access_token` query or form parameter gets Strava's 401, as from 1 June 2027.
    public var queryTokensRejected: Bool = false

    public var accessTokenLifetimeSeconds: Double = 21_600
    /// A refresh returns the same access token while it has more than this left.
    public var sameTokenThresholdSeconds: Double = 3_600
    /// A refresh returns a new refresh token and the old one stops working at once.
    public var rotateRefreshTokens: Bool = false
    public var authorizationCodeLifetimeSeconds: Double = 600

    /// Processing delay: lognormal with this median and sigma, times `processingScale`;
    /// `processingFixedSeconds` replaces the distribution when set (0 makes uploads ready at once).
    public var processingMedianSeconds: Double = 1.5
    public var processingSigma: Double = 0.7
    public var processingScale: Double = 1.0
    public var processingFixedSeconds: Double? = nil

    public var duplicateDetection: DuplicateDetection = .poll
    public var duplicateMessage: DuplicateMessageForm = .plain
    /// An activity starting within this many seconds of an existing one is a duplicate.
    public var duplicateStartWindowSeconds: Double = 60

    public var rateLimitOverallShort: Int = 200
    public var rateLimitOverallDaily: Int = 2_000
    public var rateLimitReadShort: Int = 100
    public var rateLimitReadDaily: Int = 1_000
    /// Short windows turn at multiples of this since the epoch (900: :00, :15, :30, :45).
    public var rateLimitWindowSeconds: Double = 900
    /// Daily windows turn at multiples of this since the epoch (86400: midnight UTC).
    public var rateLimitDailySeconds: Double = 86_400

    public var maxUploadBytes: Int = 25 * 1024 * 1024
    /// Seed for processing delays and ids.
    public var randomSeed: UInt64 = 42
    public var faults: InjectedFaults = .init()
    /// "Now" for the sandbox; not part of the JSON file. Share one with a test to move time.
    public var clock: SandboxClock = SandboxClock()

    public init() {}

    static let keys = [
        "client_id", "client_secret", "callback_domain", "auto_approve", "granted_scopes",
        "athlete_id", "athlete_username", "athlete_firstname", "athlete_lastname",
        "athlete_capacity", "app_status", "deauthorize_retired", "query_tokens_rejected",
        "access_token_lifetime_seconds", "same_token_threshold_seconds", "rotate_refresh_tokens",
        "authorization_code_lifetime_seconds",
        "processing_median_seconds", "processing_sigma", "processing_scale", "processing_fixed_seconds",
        "duplicate_detection", "duplicate_message", "duplicate_start_window_seconds",
        "rate_limit_overall_short", "rate_limit_overall_daily", "rate_limit_read_short", "rate_limit_read_daily",
        "rate_limit_window_seconds", "rate_limit_daily_seconds",
        "max_upload_bytes", "random_seed", "faults",
    ]

    public init(from decoder: any Decoder) throws {
        let reader = try SandboxSettingsReader(decoder: decoder, known: Self.keys)
        let defaults = SandboxConfiguration()
        clientID = try reader.read("client_id", default: defaults.clientID)
        clientSecret = try reader.read("client_secret", default: defaults.clientSecret)
        callbackDomain = try reader.readOptional("callback_domain", default: defaults.callbackDomain)
        autoApprove = try reader.read("auto_approve", default: defaults.autoApprove)
        grantedScopes = try reader.readOptional("granted_scopes", default: defaults.grantedScopes)
        athleteID = try reader.read("athlete_id", default: defaults.athleteID)
        athleteUsername = try reader.read("athlete_username", default: defaults.athleteUsername)
        athleteFirstname = try reader.read("athlete_firstname", default: defaults.athleteFirstname)
        athleteLastname = try reader.read("athlete_lastname", default: defaults.athleteLastname)
        athleteCapacity = try reader.readCount("athlete_capacity", default: defaults.athleteCapacity)
        appStatus = try reader.read("app_status", default: defaults.appStatus)
        deauthorizeRetired = try reader.read("deauthorize_retired", default: defaults.deauthorizeRetired)
        queryTokensRejected = try reader.read("query_tokens_rejected", default: defaults.queryTokensRejected)
        accessTokenLifetimeSeconds = try reader.readPositive(
            "access_token_lifetime_seconds", default: defaults.accessTokenLifetimeSeconds)
        sameTokenThresholdSeconds = try reader.readNonNegative(
            "same_token_threshold_seconds", default: defaults.sameTokenThresholdSeconds)
        rotateRefreshTokens = try reader.read("rotate_refresh_tokens", default: defaults.rotateRefreshTokens)
        authorizationCodeLifetimeSeconds = try reader.readPositive(
            "authorization_code_lifetime_seconds", default: defaults.authorizationCodeLifetimeSeconds)
        processingMedianSeconds = try reader.readNonNegative(
            "processing_median_seconds", default: defaults.processingMedianSeconds)
        processingSigma = try reader.readNonNegative("processing_sigma", default: defaults.processingSigma)
        processingScale = try reader.readNonNegative("processing_scale", default: defaults.processingScale)
        processingFixedSeconds = try reader.readOptional(
            "processing_fixed_seconds", default: defaults.processingFixedSeconds)
        duplicateDetection = try reader.read("duplicate_detection", default: defaults.duplicateDetection)
        duplicateMessage = try reader.read("duplicate_message", default: defaults.duplicateMessage)
        duplicateStartWindowSeconds = try reader.readNonNegative(
            "duplicate_start_window_seconds", default: defaults.duplicateStartWindowSeconds)
        rateLimitOverallShort = try reader.readCount("rate_limit_overall_short", default: defaults.rateLimitOverallShort)
        rateLimitOverallDaily = try reader.readCount("rate_limit_overall_daily", default: defaults.rateLimitOverallDaily)
        rateLimitReadShort = try reader.readCount("rate_limit_read_short", default: defaults.rateLimitReadShort)
        rateLimitReadDaily = try reader.readCount("rate_limit_read_daily", default: defaults.rateLimitReadDaily)
        rateLimitWindowSeconds = try reader.readPositive(
            "rate_limit_window_seconds", default: defaults.rateLimitWindowSeconds)
        rateLimitDailySeconds = try reader.readPositive(
            "rate_limit_daily_seconds", default: defaults.rateLimitDailySeconds)
        maxUploadBytes = try reader.readCount("max_upload_bytes", default: defaults.maxUploadBytes)
        randomSeed = try reader.read("random_seed", default: defaults.randomSeed)
        if reader.container.contains(AnyCodingKey("faults")) {
            faults = try InjectedFaults(from: reader.container.superDecoder(forKey: AnyCodingKey("faults")), path: "faults.")
        }
        try validate()
    }

    /// Checks values that no single key can check alone; `start()` calls it too.
    public func validate() throws {
        if clientID.isEmpty { throw SandboxError.invalidValue(key: "client_id", "must not be empty") }
        if clientSecret.isEmpty { throw SandboxError.invalidValue(key: "client_secret", "must not be empty") }
        if athleteCapacity < 1 { throw SandboxError.invalidValue(key: "athlete_capacity", "must be 1 or more") }
        if let fixed = processingFixedSeconds, fixed < 0 || !fixed.isFinite {
            throw SandboxError.invalidValue(key: "processing_fixed_seconds", "\(fixed) must be 0 or more")
        }
        if let scopes = grantedScopes, let unknown = scopes.first(where: { !OAuthScope.all.contains($0) }) {
            throw SandboxError.invalidValue(key: "granted_scopes", "\"\(unknown)\" is not a Strava scope")
        }
        if rateLimitDailySeconds < rateLimitWindowSeconds {
            throw SandboxError.invalidValue(
                key: "rate_limit_daily_seconds", "must not be shorter than rate_limit_window_seconds")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        func put<Value: Encodable>(_ value: Value, _ key: String) throws {
            try container.encode(value, forKey: AnyCodingKey(key))
        }
        try put(clientID, "client_id")
        try put(clientSecret, "client_secret")
        try put(callbackDomain, "callback_domain")
        try put(autoApprove, "auto_approve")
        try put(grantedScopes, "granted_scopes")
        try put(athleteID, "athlete_id")
        try put(athleteUsername, "athlete_username")
        try put(athleteFirstname, "athlete_firstname")
        try put(athleteLastname, "athlete_lastname")
        try put(athleteCapacity, "athlete_capacity")
        try put(appStatus, "app_status")
        try put(deauthorizeRetired, "deauthorize_retired")
        try put(queryTokensRejected, "query_tokens_rejected")
        try put(accessTokenLifetimeSeconds, "access_token_lifetime_seconds")
        try put(sameTokenThresholdSeconds, "same_token_threshold_seconds")
        try put(rotateRefreshTokens, "rotate_refresh_tokens")
        try put(authorizationCodeLifetimeSeconds, "authorization_code_lifetime_seconds")
        try put(processingMedianSeconds, "processing_median_seconds")
        try put(processingSigma, "processing_sigma")
        try put(processingScale, "processing_scale")
        try put(processingFixedSeconds, "processing_fixed_seconds")
        try put(duplicateDetection, "duplicate_detection")
        try put(duplicateMessage, "duplicate_message")
        try put(duplicateStartWindowSeconds, "duplicate_start_window_seconds")
        try put(rateLimitOverallShort, "rate_limit_overall_short")
        try put(rateLimitOverallDaily, "rate_limit_overall_daily")
        try put(rateLimitReadShort, "rate_limit_read_short")
        try put(rateLimitReadDaily, "rate_limit_read_daily")
        try put(rateLimitWindowSeconds, "rate_limit_window_seconds")
        try put(rateLimitDailySeconds, "rate_limit_daily_seconds")
        try put(maxUploadBytes, "max_upload_bytes")
        try put(randomSeed, "random_seed")
        try put(faults, "faults")
    }

    /// Reads a JSON configuration file; every error names the key at fault.
    public static func load(from url: URL) throws -> SandboxConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SandboxError.unreadable(url, "\(error.localizedDescription)")
        }
        return try decode(json: data, source: url)
    }

    /// Decodes a configuration from JSON text.
    public static func decode(json: Data, source: URL? = nil) throws -> SandboxConfiguration {
        do {
            return try JSONDecoder().decode(SandboxConfiguration.self, from: json)
        } catch let error as SandboxError {
            throw error
        } catch {
            throw SandboxError.unreadable(source ?? URL(fileURLWithPath: "<json>"), "not a JSON object (\(error))")
        }
    }
}
