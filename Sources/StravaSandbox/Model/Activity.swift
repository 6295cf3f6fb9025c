import Foundation

/// An activity the sandbox made from an upload.
struct Activity: Sendable {
    var id: Int64
    var uploadID: Int64
    var athleteID: Int64
    var externalID: String
    var name: String
    var description: String?
    var sportType: String
    var startDate: Date
    var elapsedSeconds: Int64
    var distanceMeters: Double
    var trainer: Bool
    var commute: Bool
    var sha256: String
    var createdAt: Date
    /// When set, the activity counts as deleted from this instant on.
    var deletedAt: Date?
    /// What its page draws; nil for FIT uploads, and once the sandbox no longer keeps it (see
    /// `SandboxState.keepDrawing`).
    var drawing: ActivityDrawing?

    func isDeleted(at now: Date) -> Bool {
        guard let deletedAt else { return false }
        return now >= deletedAt
    }

    /// Strava's activity object: summary (resource_state 2, in listings) or detailed (3, `GET /activities/{id}`).
    func json(detailed: Bool) -> SandboxJSON {
        let start = ISO8601.string(from: startDate)
        var pairs: [(String, SandboxJSON)] = [
            ("resource_state", .int(detailed ? 3 : 2)),
            ("athlete", .object([("id", .int(athleteID)), ("resource_state", .int(1))])),
            ("name", .string(name)),
            ("distance", .double(distanceMeters)),
            ("moving_time", .int(elapsedSeconds)),
            ("elapsed_time", .int(elapsedSeconds)),
            ("total_elevation_gain", .double(0)),
            ("type", .string(Self.legacyType(of: sportType))),
            ("sport_type", .string(sportType)),
            ("id", .int(id)),
            ("start_date", .string(start)),
            ("start_date_local", .string(start)),
            ("timezone", .string("(GMT+00:00) Etc/UTC")),
            ("utc_offset", .double(0)),
            ("trainer", .bool(trainer)),
            ("commute", .bool(commute)),
            ("manual", .bool(false)),
            ("private", .bool(false)),
            ("visibility", .string("everyone")),
            ("upload_id", .int(uploadID)),
            ("upload_id_str", .string(String(uploadID))),
            ("external_id", .string(externalID)),
        ]
        if detailed {
            pairs.append(("description", .optional(description)))
        }
        return .object(pairs)
    }

    /// `type` is the older, coarser field Strava still sends beside `sport_type`.
    static func legacyType(of sportType: String) -> String {
        switch sportType {
        case "TrailRun": return "Run"
        case "MountainBikeRide", "GravelRide", "EMountainBikeRide": return "Ride"
        default: return sportType
        }
    }
}
