import Foundation

/// What the sandbox has seen: requests per route, 429s, uploads, activities, window usage and faults.
public struct SandboxStats: Sendable {
    /// One rate-limit bucket: limits and current usage, short window and daily.
    public struct Bucket: Sendable, Equatable {
        public var shortLimit: Int
        public var dailyLimit: Int
        public var shortUsage: Int
        public var dailyUsage: Int
    }

    /// Requests per "METHOD /route" (numeric segments shown as `{id}`).
    public var requests: [String: Int]
    /// 429 responses sent.
    public var rateLimited: Int
    public var uploads: Int
    /// Activities that exist now (deleted ones not counted).
    public var activities: Int
    public var overall: Bucket
    public var read: Bucket
    /// When the current short window ends.
    public var windowEndsAt: Date
    /// Faults injected so far, by kind (`server_error`, `dropped_connection`, `rate_limit_burst`, …).
    public var faultsInjected: [String: Int]
    /// Requests that carried an `access_token` query or form parameter (from 1 June 2027 Strava refuses them).
    public var accessTokenParameters: Int = 0
    /// `active` or `inactive`.
    public var appStatus: String = "active"

    /// Requests on one route, e.g. `requests(to: "GET /api/v3/uploads/{id}")`.
    public func requests(to route: String) -> Int { requests[route] ?? 0 }

    var json: SandboxJSON {
        func bucket(_ bucket: Bucket) -> SandboxJSON {
            .object([
                ("limit", .array([.int(Int64(bucket.shortLimit)), .int(Int64(bucket.dailyLimit))])),
                ("usage", .array([.int(Int64(bucket.shortUsage)), .int(Int64(bucket.dailyUsage))])),
            ])
        }
        return .object([
            ("requests", .object(requests.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
            ("rate_limited", .int(Int64(rateLimited))),
            ("uploads", .int(Int64(uploads))),
            ("activities", .int(Int64(activities))),
            ("rate_limits", .object([
                ("overall", bucket(overall)),
                ("read", bucket(read)),
                ("window_ends_at", .string(ISO8601.string(from: windowEndsAt))),
            ])),
            ("faults_injected", .object(faultsInjected.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
            ("access_token_parameters", .int(Int64(accessTokenParameters))),
            ("app_status", .string(appStatus)),
        ])
    }
}

extension SandboxState {
    mutating func stats(now: Date) -> SandboxStats {
        let usage = rateLimiter.current(now: now)
        func bucket(_ bucket: RateLimiter.Bucket) -> SandboxStats.Bucket {
            .init(shortLimit: bucket.shortLimit, dailyLimit: bucket.dailyLimit,
                  shortUsage: bucket.shortUsage, dailyUsage: bucket.dailyUsage)
        }
        return SandboxStats(
            requests: requestCounts, rateLimited: rateLimitedCount, uploads: uploads.count,
            activities: liveActivities(at: now).count, overall: bucket(usage.overall), read: bucket(usage.read),
            windowEndsAt: rateLimiter.shortWindowEnd(now: now),
            faultsInjected: Dictionary(uniqueKeysWithValues: faultInjector.injected.map { ($0.key.rawValue, $0.value) }),
            accessTokenParameters: accessTokenParameterCount, appStatus: appStatus.rawValue
        )
    }
}
