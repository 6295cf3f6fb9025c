import Foundation

/// Body of `POST /uploads` (201) and `GET /uploads/{id}` (200).
struct UploadStatusBody: Decodable, Sendable {
    var id: Int64?
    var idStr: String?
    var externalID: String?
    var error: String?
    var status: String?
    var activityID: Int64?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case externalID = "external_id"
        case error
        case status
        case activityID = "activity_id"
    }

    static let processing = "Your activity is still being processed."
    static let ready = "Your activity is ready."
    static let failed = "There was an error processing your activity."
    static let deleted = "The created activity has been deleted."

    /// `id_str` when present: ids exceed 32 bits and some JSON readers round big numbers.
    var uploadID: UploadID? {
        if let idStr, let value = Int64(idStr) { return UploadID(value) }
        return id.map { UploadID($0) }
    }

    /// nil while Strava is still processing.
    var outcome: UploadOutcome? {
        if let activityID { return .uploaded(activityID: activityID) }
        if let error, !error.isEmpty { return StravaMessage.outcome(ofError: error) }
        if status == Self.deleted { return .rejected(message: Self.deleted) }
        if status == Self.failed { return .rejected(message: Self.failed) }
        return nil
    }
}
