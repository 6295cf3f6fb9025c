import Foundation

/// An activity as the control API lists it (`GET /_sandbox/activities`), deleted ones included.
public struct SandboxActivity: Sendable, Equatable {
    public var id: Int64
    public var uploadID: Int64
    public var externalID: String
    public var name: String
    public var sportType: String
    public var startDate: Date
    public var distanceMeters: Double
    public var deleted: Bool

    init(_ activity: Activity, now: Date) {
        id = activity.id
        uploadID = activity.uploadID
        externalID = activity.externalID
        name = activity.name
        sportType = activity.sportType
        startDate = activity.startDate
        distanceMeters = activity.distanceMeters
        deleted = activity.isDeleted(at: now)
    }

    var json: SandboxJSON {
        .object([
            ("id", .int(id)),
            ("upload_id", .int(uploadID)),
            ("external_id", .string(externalID)),
            ("name", .string(name)),
            ("sport_type", .string(sportType)),
            ("start_date", .string(ISO8601.string(from: startDate))),
            ("distance", .double(distanceMeters)),
            ("deleted", .bool(deleted)),
        ])
    }
}

/// Tokens handed out directly by the control API, for tests that skip the OAuth dance.
public struct SandboxTokens: Sendable {
    public var accessToken: String
    public var refreshToken: String
    public var expiresAt: Date
    public var scopes: [String]
}
